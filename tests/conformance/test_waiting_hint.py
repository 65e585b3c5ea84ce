"""What the game waits for, said in the thread (contract ``waiting_hint``; C-S7 of
docs/newcomer-report-2026-11-27c.md), for every registered game alike.

- Everyone in the thread reads it: the hint from the state is the hint from every seat's view
  and from the spectator's, catalogued in both languages.
- A decision the ping names (``decision_prompt``) and a decision several players make at once
  are never a plain turn start: the line names them.
- Each game names the pauses it has (the steps within a turn, the windows, the setup steps)
  somewhere in its seeded playouts, and leaves a plain turn start plain.
"""
from __future__ import annotations

import pytest

import rules
from rules.messages import render

from .test_games import cases, check_catalogued, games, recorded_playout, toy  # noqa: F401  (toy: the host's toy game too)

LANGUAGES = ("en", "hu")

#: The hint keys each game's seeded conformance playouts meet (their union over the game's
#: cases): its pauses within a turn, outside the turns and in other players' windows.
PAUSES = {
    "eve": {"eve.step.prep_reveal", "eve.step.prep_hq", "eve.step.prep_place_round", "eve.step.prep_outpost",
            "eve.step.prep_seal", "eve.step.first", "eve.step.cards_att", "eve.step.cards_def", "eve.step.dice",
            "eve.step.tactics", "eve.step.refill", "eve.wait.round", "eve.wait.round_end", "eve.wait.peek"},
    "gaia": {"gaia.phase.factions", "gaia.phase.setup", "gaia.phase.boosters", "gaia.wait.income", "gaia.wait.offer"},
    "planetarium": {"planetarium.wait.setup", "planetarium.wait.card", "planetarium.wait.card_last",
                    "planetarium.wait.draw", "planetarium.wait.keep_final", "planetarium.wait.finals"},
    "pulsar": {"pulsar.step.hq_side", "pulsar.step.start_gate", "pulsar.step.draft", "pulsar.step.production",
               "pulsar.wait.actions", "pulsar.wait.gyro"},
    "spacecorp": {"spacecorp.step.research", "spacecorp.step.offer", "spacecorp.wait.contracts",
                  "spacecorp.step.transport", "spacecorp.step.legacy", "spacecorp.pending.progress",
                  "spacecorp.wait.window", "spacecorp.wait.infra_discard"},
}


def said(game, state) -> tuple[str, ...] | None:
    hint = game.waiting_hint(state)
    return None if hint is None else tuple(render(hint, language) for language in LANGUAGES)


@pytest.mark.parametrize("name,players,options", [case for case in cases() if case.values[0] in PAUSES])
def test_the_waiting_hint_is_public_and_names_every_decision_outside_a_plain_turn(name, players, options):
    game = rules.get_game(name)
    positions, played = recorded_playout(name, players, options, 1000 + players)
    for state, ply in positions:
        where = f"{name} ply {ply} ({played[ply - 1][1] if ply else 'start'})"
        hint = game.waiting_hint(state)
        if game.is_over(state):
            assert hint is None, where
            continue
        if hint is not None:
            check_catalogued(hint, where)
        for viewer in [None, *range(players)] if hint is not None or ply % 4 == 0 else ():
            # public: the same words from every view (every hint; a plain line at every 4th ply)
            assert said(game, game.view(state, viewer)) == said(game, state), (where, viewer)
        if game.decision_prompt(state) is not None:      # the ping names it: so does the thread
            assert hint is not None, where
        if len(game.waiting_for(state)) > 1:             # several decide at once: never a plain turn
            assert hint is not None, where


@pytest.mark.parametrize("name", [name for name in games() if name in PAUSES])
def test_each_game_names_its_pauses_and_leaves_a_plain_turn_start_plain(name):
    game = rules.get_game(name)
    met: set[str] = set()
    plain = 0
    for case in cases():
        case_name, players, options = case.values
        if case_name != name:
            continue
        positions, _ = recorded_playout(name, players, options, 1000 + players)
        for state, _ply in positions:
            hint = game.waiting_hint(state)
            if hint is not None:
                met.add(hint.key)
            elif not game.is_over(state):
                plain += 1
    assert PAUSES[name] <= met, sorted(PAUSES[name] - met)
    assert plain, "every position had a hint: a plain turn start must stay plain"


def test_every_registered_game_lists_its_pauses():
    """The host's toy game keeps the default (no hint): a game without one still plays."""
    assert set(rules.available_games()) - {"toy"} == set(PAUSES)


@pytest.mark.parametrize("kinds,key", [(("income", None), "gaia.wait.income"),
                                       (("brainstone", None), "gaia.wait.brainstone"),
                                       (("income", "brainstone"), "gaia.phase.income")])
def test_GP_INC_6_the_income_decisions_are_named_one_kind_at_a_time(kinds, key):
    """GP-INC-6: the players choosing their income order (or where the brainstone goes) are
    told apart; two kinds at once name the phase."""
    game = rules.get_game("gaia")
    positions, _ = recorded_playout("gaia", 2, {}, 1002)
    state = next(state for state, _ply in positions if state["phase"] == "income")
    state = game.load_state(game.dump_state(state))
    for player, kind in zip(state["players"], kinds):
        player["waiting"] = kind
    assert game.waiting_hint(state).key == key


@pytest.mark.parametrize("kinds,key", [(("terrans", None), "gaia.wait.terrans"),
                                       (("itars", None), "gaia.wait.itars"),
                                       (("terrans", "itars"), "gaia.phase.gaia")])
def test_GP_GAIA_1_the_gaia_phase_decisions_are_named(kinds, key):
    game = rules.get_game("gaia")
    positions, _ = recorded_playout("gaia", 2, {}, 1002)
    state = next(state for state, _ply in positions if state["phase"] == "income")
    state = game.load_state(game.dump_state(state))
    state["phase"] = "gaia"
    for player, kind in zip(state["players"], kinds):
        player["waiting"] = kind
    assert game.waiting_hint(state).key == key


def test_SC_BLD_the_research_bases_offer_card_is_named_in_the_thread():
    """C-S7: the Research Base's Offer card (E1) was asked with "Erre vár a játék: alice" alone."""
    import random
    from rules.spacecorp import moves as mv
    game = rules.get_game("spacecorp")
    state = game.new_game({"players": 2}, 1)
    rng = random.Random(1)
    for _ in range(400):
        seat = sorted(game.waiting_for(state))[0]
        moves = list(game.legal_moves(state, seat))
        base = [move for move in moves if isinstance(move, mv.Build)
                and any(spot.base == "RESEARCHBASE" for spot in move.spots)]
        if base and any(state.offer):
            after = game.apply(state, base[0])
            assert game.waiting_for(after) == {seat}
            assert render(game.waiting_hint(after), "hu") == "egy kártya elvétele a kínálatból"
            return
        state = game.apply(state, rng.choice(moves))
    pytest.fail("no Research Base was built in the playout")
