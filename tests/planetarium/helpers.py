"""Position builders shared by the Planetarium tests."""
from __future__ import annotations

import json

import pytest

from rules import IllegalMove, get_game
from rules.messages import message_keys
from rules.planetarium import moves as mv
from rules.planetarium.data import DECKS, cards
from rules.planetarium.engine import event_texts, sync_public_counts
from rules.planetarium.moves import Move
from rules.planetarium.state import PHASE_MOVE, PLANETS, GameState, PlayedCard

GAME = get_game("planetarium")
DECK_OF = {"L": "initial", "H": "major", "F": "final"}


def started(players: int = 2, seed: int = 1) -> GameState:
    """A game just past the setup: every seat discarded its first final card."""
    state = GAME.new_game({"players": players}, seed)
    for seat in range(players):
        first_final = [card for card in state.players[seat].hand if card[0] == "F"][0]
        state = GAME.apply(state, Move(seat, mv.DISCARD_FINAL, card=first_final))
    return state


def parse_cost(text: str) -> dict[str, int]:
    """'G1 R2' -> {'G': 1, 'R': 2}"""
    return {part[0]: int(part[1:]) for part in text.split()}


def build(players: int = 2, *, seed: int = 1, matter: dict[str, str] | None = None,
          planets: dict[str, str] | None = None, hands: dict[int, list[str]] | None = None,
          mats: dict[int, dict[str, str]] | None = None, rows: dict[str, list[tuple]] | None = None,
          track: int = 0, active: int = 0, phase: str = PHASE_MOVE, last_round: bool = False) -> GameState:
    """A position made to order.  ``matter=None`` keeps the dealt board; a dict replaces all
    matter by exactly these tokens.  Hand cards are taken out of the decks so cards stay unique.
    ``rows``: planet -> [(card, owner, marker_owner_or_None), ...]."""
    state = started(players, seed)
    if matter is not None:
        for node, token in state.nodes.items():
            if token in ("G", "R", "W", "M"):
                state.nodes[node] = None
    if planets:
        for letter, node in planets.items():
            state.nodes[state.planet_pos[letter]] = None
        for letter, node in planets.items():
            state.nodes[node] = letter
            state.planet_pos[letter] = node
    for node, token in (matter or {}).items():
        assert state.nodes[node] is None, f"{node} is taken"
        state.nodes[node] = token
    for seat, hand in (hands or {}).items():
        player = state.players[seat]
        for card in player.hand:                      # old hand back under the decks
            state.decks[DECK_OF[card[0]]].append(card)
        for card in hand:
            for pile in list(state.decks.values()) + list(state.discards.values()):
                if card in pile:
                    pile.remove(card)
        player.hand = list(hand)
    for seat, areas in (mats or {}).items():
        for planet, text in areas.items():
            state.players[seat].mat[planet].update(parse_cost(text))
    for planet, entries in (rows or {}).items():
        for card, owner, marker in entries:
            for pile in list(state.decks.values()) + list(state.discards.values()):
                if card in pile:
                    pile.remove(card)
            state.planets[planet].row.append(PlayedCard(card, owner, marker))
            if marker is not None:
                state.players[marker].markers_supply -= 1
        recompute_habitability_points(state, planet)
    state.track = ["G"] * track
    state.accelerated = track >= 20
    state.active = active
    state.phase = phase
    if last_round:
        state.last_round = True
        state.last_round_reason = "track"
    sync_public_counts(state)
    return state


def recompute_habitability_points(state: GameState, planet: str) -> None:
    data = state.planets[planet]
    data.habitable_points = sum(cards()[p.card].habitability_points for p in data.row
                                if cards()[p.card].habitability_side == "habitable")
    data.uninhabitable_points = sum(cards()[p.card].habitability_points for p in data.row
                                    if cards()[p.card].habitability_side == "uninhabitable")


def play(state: GameState, text: str, seat: int | None = None) -> GameState:
    """Parse ``text`` for ``seat`` (default: the active seat) and apply it."""
    seat = state.active if seat is None else seat
    return GAME.apply(state, GAME.parse_move(state, seat, text))


def dumped(state: GameState) -> str:
    return json.dumps(GAME.dump_state(state), sort_keys=True)


def assert_illegal(state: GameState, text: str, *, seat: int | None = None, rule: str | None = None,
                   key: str | None = None, reasons: tuple[str, ...] = (),
                   contains: tuple[str, ...] = ()) -> IllegalMove:
    """The move is refused with the message ``key`` under ``rule`` (its ``reasons`` among the
    messages it holds) and the state is unchanged; ``contains`` names notation the refusal
    quotes (ids, moves: the same in every language)."""
    before = dumped(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, text, seat)
    assert dumped(state) == before
    error = caught.value
    if rule is not None:
        assert error.rule == rule, f"rule {error.rule} != {rule}: {error}"
    if key is not None:
        assert error.msg.key == key, f"key {error.msg.key} != {key}: {error}"
    held = set(message_keys(error.msg))
    assert set(reasons) <= held, f"{sorted(set(reasons) - held)} not in {sorted(held)}"
    for fragment in contains:
        assert fragment in error.message, f"{fragment!r} not in {error.message!r}"
    return error


def events(state: GameState, language: str = "en") -> list[str]:
    """The events of the last move as text (``state.events`` holds messages)."""
    return event_texts(state, language)


def texts(state: GameState, seat: int | None = None) -> set[str]:
    seat = state.active if seat is None else seat
    return {GAME.format_move(move) for move in GAME.legal_moves(state, seat)}


def all_planets_except(*letters: str) -> list[str]:
    return [p for p in PLANETS if p not in letters]


__all__ = ["DECKS", "GAME", "Move", "assert_illegal", "build", "dumped", "events", "play", "started", "texts", "mv"]
