"""A flight's choice says what it reaches (newcomer report 2026-11-27f, G-8): every suggested
``fly`` says what the player gets where it ends (STATION-END and its discovery bonus,
FLY-BONUS-1, PULSAR-CLAIM-1), what it builds on the way (STATION-PASS), the dead ends'
exploration tiles (DEADEND-1) and the points of abilities (ABL-ON, ABL-VISIT) and a gate run
(GATERUN-3); from what the player may know (a face-down tile is never read, H-2).

:func:`rules.pulsar.flying.outlook` is checked against the flight itself: over seeded random
playouts of both cluster sides, every legal flight's outlook is what applying it then does."""
from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.messages import LANGUAGES, Join, Msg, message_keys, render
from rules.pulsar import describe, flying, phrases
from rules.pulsar.data import tables
from rules.pulsar.state import GameState, clone_state
from tests.pulsar.test_label_length import MENU_LIMIT, host_label, playout_positions

GAME = rules.get_game("pulsar")


def _stations(state: GameState, seat: int) -> set[str]:
    return {loc for loc, system in state.systems.items() if str(seat) in system.planets.values()}


def _explored(state: GameState) -> int:
    return sum(1 for event in state.events if "pulsar.event.explored" in str(event))


def _flights(state: GameState, seat: int) -> list[Any]:
    return [move for move in GAME.legal_moves(state, seat) if move.kind == "fly"]


@pytest.mark.parametrize("side, players, seed", [("A", 2, 3), ("B", 3, 5), ("B", 4, 8), ("A", 4, 11)])
def test_STATION_END_PULSAR_CLAIM_1_DEADEND_1_the_outlook_is_what_the_flight_then_does(side: str, players: int, seed: int) -> None:
    checked = set()
    for game, state, seats in playout_positions("pulsar", players, seed, 2, {"cluster_side": side}):
        for seat in seats:
            for move in _flights(state, seat)[:40]:
                view = flying.outlook(state, seat, move.path)
                before = _stations(state, seat)
                after = game.apply(state, move)
                built = _stations(after, seat) - before
                end = move.path[-1]
                assert set(view.passed) == built - {end}, (move.path, view)
                station_end = view.end in ("unexplored", "bonus", "tile", "barren")
                assert (end in built) == station_end, (move.path, view)
                assert (after.pulsars.get(end) == seat and end not in state.pulsars) == (view.end == "claim")
                if view.end == "bonus":      # FLY-BONUS-1: a blue planet, and its bonus is named
                    assert view.bonus == tables().systems[state.systems[end].tile].bonus
                    assert "pulsar.event.discovery" in str(after.events)
                if view.end != "unexplored":
                    assert _explored(after) >= view.tiles
                gained = after.players[seat].vp_src.get("rewards", 0) - state.players[seat].vp_src.get("rewards", 0)
                gained += after.players[seat].vp_src.get("gate_runs", 0) - state.players[seat].vp_src.get("gate_runs", 0)
                if not _explored(after) and view.end != "unexplored":   # no tile drawn: every point foreseen
                    bonus_vp = sum(int(e.args[0]) for e in view.bonus if e.name == "EFF-VP")
                    assert gained == view.vp + bonus_vp, (move.path, view, gained)
                checked.add(view.end)
                checked.update({"passed"} if view.passed else set())
                checked.update({"tiles"} if view.tiles else set())
                checked.update({"vp"} if view.vp else set())
    assert {"unexplored", "gate", "claim", "passed"} <= checked, checked


def _first_flights(players: int = 2, seed: int = 3) -> tuple[GameState, int, list[Any]]:
    """The first position of a seeded playout where a player may fly."""
    for _game, state, seats in playout_positions("pulsar", players, seed, 1):
        for seat in seats:
            flights = _flights(state, seat)
            if flights:
                return state, seat, flights
    raise AssertionError("no flight")


def _keys(message: "Msg | Join | None") -> set[str]:
    return set(message_keys(message)) if message is not None else set()


def test_G_8_every_suggested_flight_says_what_it_reaches_within_a_label() -> None:
    """STATION-END, PULSAR-CLAIM-1, STATION-PASS: each flight's label names its end (or, ending
    on a jump gate, what it builds on the way), in the reader's words, within 100 characters."""
    state, seat, flights = _first_flights()
    ends = set()
    for move in flights:
        text = GAME.format_move(move)
        view = flying.outlook(state, seat, move.path)
        description = GAME.describe_move(state, seat, text)
        keys = _keys(description)
        if view.end == "gate" and view.passed:
            assert {"pulsar.describe.fly.passed", "pulsar.describe.fly.passed_short",
                    "pulsar.describe.fly.passed_brief"} & keys, (text, keys)
        else:
            assert any(key.startswith("pulsar.describe.fly") and key.endswith("." + view.end) for key in keys), (text, keys)
        ends.add(view.end)
        for language in LANGUAGES:
            label = host_label(GAME, state, seat, text, language)
            assert len(label) <= MENU_LIMIT and description is not None
            assert render(description, language, label=True).casefold() in label.casefold()
    assert {"unexplored", "claim", "gate"} <= ends, ends


def test_H_2_an_unexplored_destination_reads_the_same_whatever_tile_lies_face_down() -> None:
    """FLY-BONUS-1, REVEAL-1: a face-down system's label promises a station and its discovery
    bonus, never the bonus itself: swapping the hidden tiles changes nothing in any label."""
    state, seat, flights = _first_flights()
    unexplored = [m for m in flights if flying.outlook(state, seat, m.path).end == "unexplored"]
    assert unexplored
    move = unexplored[0]
    end = move.path[-1]
    other = next(loc for loc, system in state.systems.items() if not system.revealed and loc != end
                 and tables().systems[system.tile].bonus != tables().systems[state.systems[end].tile].bonus)
    swapped = clone_state(state)
    swapped.systems[end].tile, swapped.systems[other].tile = state.systems[other].tile, state.systems[end].tile
    text = GAME.format_move(move)
    for language in LANGUAGES:
        assert host_label(GAME, state, seat, text, language) == host_label(GAME, swapped, seat, text, language)
    assert "pulsar.describe.fly.unexplored" in _keys(GAME.describe_move(state, seat, text))


def test_STATION_END_FLY_BONUS_2_STATION_2_a_revealed_system_names_its_bonus_or_that_nothing_is_gained() -> None:
    """A revealed system where the player has no station: a station and its printed bonus
    (FLY-BONUS-2), named; with the player's station there already: nothing (STATION-2)."""
    state, seat, flights = _first_flights()
    move = next(m for m in flights if tables().locations[m.path[-1]].type == "S")
    end = move.path[-1]
    state = clone_state(state)
    system = state.systems[end]
    system.revealed = True
    text = GAME.format_move(move)
    bonus = tables().systems[system.tile].bonus
    description = GAME.describe_move(state, seat, text)
    assert flying.outlook(state, seat, move.path).bonus == bonus
    assert {"pulsar.describe.fly.bonus", "pulsar.describe.fly_short.bonus"} & _keys(description)
    assert _keys(describe.effects(bonus, short=True)) <= _keys(description)
    slot = next(p.slot for p in tables().systems[system.tile].planets if p.colour == "barren") if any(
        p.colour == "barren" for p in tables().systems[system.tile].planets) else 1
    system.planets[slot] = str(seat)
    assert flying.outlook(state, seat, move.path).end == "own_station"
    assert {"pulsar.describe.fly.own_station", "pulsar.describe.fly_short.own_station"} & _keys(
        GAME.describe_move(state, seat, text))


def test_GATERUN_3_ABL_VISIT_a_gate_run_and_visit_abilities_add_their_points() -> None:
    """A flight with an unused orange gate run (2 VP a distinct orange gate, GATERUN-3) by a
    player with a technology worth 1 VP per jump gate visited (ABL-VISIT): the label adds
    those points ("+N VP"), and the flight then scores them.  The suggestions offer no ``run=``
    option (it is typed): their labels say what the unused run would add."""
    state, seat, flights = _first_flights()
    state = clone_state(state)
    player = state.players[seat]
    player.patents.append("BI-1a")
    player.gate_runs["HQ1-1.1c"] = False
    locations = tables().locations
    move = max(flights, key=lambda m: len({loc for loc in m.path[1:] if locations[loc].gate_colour == "orange"}))
    gates = {loc for loc in move.path[1:] if locations[loc].type == "J"}
    orange = {loc for loc in gates if locations[loc].gate_colour == "orange"}
    assert orange
    text = GAME.format_move(move) + " run=HQ1-1.1c:orange"
    view = flying.outlook(state, seat, move.path, run=("HQ1-1.1c", "orange"))
    assert view.vp >= len(gates) + 2 * len(orange) and gates
    fullest = phrases.flight_ladder(view)[0]        # a typed run= option: the description's fullest words
    parts = fullest.params["effects"].items if fullest.key == "pulsar.comp.gist.plain" else (fullest,)
    assert Msg("pulsar.describe.plus_vp", vp=view.vp) in parts
    undeclared = flying.outlook(state, seat, move.path)       # a suggestion: what the run would add
    assert undeclared.run_vp == 2 * len(orange) and undeclared.vp == view.vp - 2 * len(orange)
    assert "pulsar.describe.fly.run" in _keys(phrases.flight_ladder(undeclared)[0])
    assert GAME.describe_move(state, seat, GAME.format_move(move)) is not None
    before = player.vp
    after = GAME.apply(state, GAME.parse_move(state, seat, text))
    if not _explored(after):
        assert after.players[seat].vp - before == view.vp + sum(int(e.args[0]) for e in view.bonus if e.name == "EFF-VP")
