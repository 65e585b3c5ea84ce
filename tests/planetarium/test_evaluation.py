"""Planetarium's value of a position for the computer players (issue 29,
rules/planetarium/evaluation.py): it prefers the positions the rules make better, and it is a
pure function, so the computer's decisions replay exactly from the seed."""
from __future__ import annotations

import json
import random

from rules.planetarium.evaluation import evaluate
from rules.planetarium.state import PHASE_CARD, PHASE_OVER
from rules.players import ComputerPlayer

from .helpers import GAME, build, play

# H01 Magnetic Field: any planet, any orbit, G1 R1 W1 M1, 11 points (spec §12.4, T-1)
# F11 Super-Earth: solid planet, R1 M1, marker removal, 14 points


def test_PL_WIN_1_a_point_more_is_a_better_position():
    state = build(hands={0: ["L01", "L02", "H02", "H03", "F05"], 1: ["L03", "L04", "H04", "H05", "F06"]})
    ahead = build(hands={0: ["L01", "L02", "H02", "H03", "F05"], 1: ["L03", "L04", "H04", "H05", "F06"]})
    ahead.players[0].score = 5
    assert evaluate(ahead, 0) > evaluate(state, 0)
    assert evaluate(ahead, 1) < evaluate(state, 1)


def test_PL_CARD_3_matter_for_a_card_in_hand_is_worth_more_than_none():
    """The cost of Magnetic Field on the mat makes the card in hand nearly playable."""
    hands = {0: ["H01", "L02", "H02", "H03", "F05"], 1: ["L03", "L04", "H04", "H05", "F06"]}
    empty = build(hands=hands)
    ready = build(hands=hands, mats={0: {"B": "G1 R1 W1 M1"}})
    half = build(hands=hands, mats={0: {"B": "G1 R1"}})
    assert evaluate(ready, 0) > evaluate(half, 0) > evaluate(empty, 0)


def test_PL_CARD_4_playing_a_ready_card_beats_keeping_it():
    """One move ahead, scoring Magnetic Field (11 points) is worth more than passing with it."""
    state = build(hands={0: ["H01", "L02", "H02", "H03", "F05"], 1: ["L03", "L04", "H04", "H05", "F06"]},
                  mats={0: {"B": "G1 R1 W1 M1"}}, phase=PHASE_CARD)
    state.moved = True
    played = play(state, "play H01 B")
    passed = play(state, "pass")
    assert evaluate(played, 0) > evaluate(passed, 0)


def test_PL_FIN_2_a_final_card_counts_when_an_own_marker_lies_in_a_fitting_row():
    """Super-Earth needs one of the player's markers on a card in a solid planet's row."""
    hands = {0: ["F11", "L02", "H02", "H03", "L05"], 1: ["L03", "L04", "H04", "H05", "F06"]}
    without = build(hands=hands, mats={0: {"A": "R1 M1"}})
    marked = build(hands=hands, mats={0: {"A": "R1 M1"}}, rows={"A": [("L11", 0, 0)]})
    elsewhere = build(hands=hands, mats={0: {"A": "R1 M1"}}, rows={"B": [("L14", 0, 0)]})   # a gas giant
    assert evaluate(marked, 0) > evaluate(without, 0)
    assert evaluate(marked, 0) > evaluate(elsewhere, 0)


def test_PL_END_3_a_finished_game_is_worth_the_score_lead():
    state = build(hands={0: ["H01", "L02", "H02", "H03", "F05"], 1: ["L03", "L04", "H04", "H05", "F06"]})
    state.phase = PHASE_OVER
    state.players[0].score, state.players[1].score = 40, 33
    assert round(evaluate(state, 0)) == 7 and round(evaluate(state, 1)) == -7


def test_the_evaluation_is_pure_and_the_computer_replays_from_its_seed():
    """The same position gives the same value and leaves the state as it was; the computer with
    an iteration budget picks the same move twice from the same view and seed."""
    state = GAME.new_game({"players": 2}, 7)
    rng = random.Random(3)
    for _ply in range(30):
        seat = min(GAME.waiting_for(state))
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
    before = json.dumps(GAME.dump_state(state), sort_keys=True)
    assert GAME.evaluate(state, 0) == GAME.evaluate(state, 0) == evaluate(state, 0)
    assert json.dumps(GAME.dump_state(state), sort_keys=True) == before
    seat = min(GAME.waiting_for(state))
    view = GAME.view(state, seat)
    moves = [GAME.format_move(ComputerPlayer(seed=5, iterations=20, samples=2, depth=2).choose(GAME, view, seat))
             for _ in range(2)]
    assert moves[0] == moves[1]
