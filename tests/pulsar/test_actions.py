"""Pulsar 2849 payment, patents, HQ projects and copying (Appendix B T-22, T-23); PU-<id>."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.pulsar.actions import (Payment, check_patent, complete_hq, copy_leftover, hq_available, pat_round_end,
                                  patent, pay)
from rules.pulsar.setup import new_game


def game(players: int = 3, **options):
    state = new_game({"players": players, "first_game": True, **options}, 1)
    state.phase = "actions"
    for player in state.players:
        player.dice = [1, 3, 5]
    return state


def test_PU_A_PAY_1_and_A_MOD_1_A_MOD_2_a_die_with_one_token():
    state = game()
    state.players[0].mods["p2"] = 1
    assert pay(state, 0, Payment(False, 3, "+2"), "fly") == 5
    assert state.players[0].dice == [1, 5] and state.players[0].mods["p2"] == 0


def test_PU_A_MOD_tokens_are_spent_and_needed():
    state = game()
    player = state.players[0]
    assert pay(state, 0, Payment(False, 3, "-1"), "fly") == 2 and player.mods["pm1"] == 0
    with pytest.raises(IllegalMove) as refused:
        pay(state, 0, Payment(False, 5, "+1"), "fly")
    assert refused.value.rule == "A-MOD-5" and 5 in player.dice   # nothing spent


def test_PU_A_PAY_3_never_down_to_zero():
    state = game()
    with pytest.raises(IllegalMove) as refused:
        pay(state, 0, Payment(False, 1, "-1"), "fly")
    assert refused.value.rule == "A-PAY-3" and state.players[0].dice == [1, 3, 5]


def test_PU_A_MOD_3_a_flex_ability_with_a_token_may_pass_six():
    state = game()
    state.players[0].patents.append("AI-1a")                      # ABL-FLEX(fly,1,1)
    state.players[0].mods["p2"] = 1
    assert pay(state, 0, Payment(False, 5, "+2", ("AI-1a", 1)), "fly") == 8
    with pytest.raises(IllegalMove):
        pay(state, 0, Payment(False, 3, None, ("AI-1a", 1)), "patent")   # only for flights


def test_PU_PAT_4_T22_one_patent_per_round():
    state = game(3)
    state.round = 2                                               # AI-2a: the printed "1/R" column opens in round 2
    check_patent(state, 0, "AI-2a")
    patent(state, 0, "AI-2a", Payment(False, 2), 2)
    with pytest.raises(IllegalMove) as refused:
        check_patent(state, 1, "AI-2a")
    assert refused.value.rule == "PAT-4"
    with pytest.raises(IllegalMove) as refused:
        check_patent(state, 0, "AI-2a")
    assert refused.value.rule == "PAT-3"
    pat_round_end(state)
    check_patent(state, 1, "AI-2a")                               # next round: open again
    two = game(2)
    two.round = 2
    patent(two, 0, "AI-2a", Payment(False, 2), 2)
    pat_round_end(two)
    with pytest.raises(IllegalMove) as refused:
        check_patent(two, 1, "AI-2a")
    assert refused.value.rule == "PAT-4"                          # with two players: never


def test_PU_PAT_1_later_rows_are_not_yet_available():
    state = game()
    with pytest.raises(IllegalMove) as refused:
        check_patent(state, 0, "AI-2a")
    assert refused.value.rule == "PAT-1"
    state.round = 2
    check_patent(state, 0, "AI-2a")


def test_PU_A_BONUS_1_T23_a_copied_die_forbids_a_bonus_die_patent():
    state = game()
    state.round = 4
    state.tech_sides = ["AI", "DII", "AIII"]
    state.dice_board = [4]
    state.players[0].cubes = 5
    copy_leftover(state, 0, 4)
    assert state.players[0].red == 4 and state.players[0].cubes == 1
    with pytest.raises(IllegalMove) as refused:
        check_patent(state, 0, "DII-4b")                          # EFF-CUBE-RED: a bonus die
    assert refused.value.rule == "PAT-6"
    with pytest.raises(IllegalMove) as refused:
        copy_leftover(state, 0, 4)
    assert refused.value.rule == "A-BONUS-1"


def test_PU_HQ_2_the_pyramid_opens_row_by_row():
    state = new_game({"players": 2}, 3)
    player = state.players[0]
    player.hq_board, player.hq_side = 1, 1
    assert hq_available(state, 0) == ["HQ1-1.1a", "HQ1-1.1b", "HQ1-1.1c"]
    for project, cost in (("HQ1-1.1a", 1), ("HQ1-1.1b", 2), ("HQ1-1.1c", 3)):
        complete_hq(state, 0, project, cost)
    assert hq_available(state, 0) == ["HQ1-1.2a", "HQ1-1.2b"]
    assert player.gate_runs == {"HQ1-1.1c": False}               # GATERUN-1: kept for a flight
    with pytest.raises(IllegalMove) as refused:
        complete_hq(state, 0, "HQ1-1.M", 6)
    assert refused.value.rule == "HQ-2"


def test_PU_TELEPORT_1_TELEPORT_2_TELEPORT_3_a_teleport_ends_like_a_flight_and_may_be_declined():
    from rules.pulsar import GAME
    state = game(3)
    state.round = 4
    player = state.players[0]
    player.dice = [4, 4]
    player.ship = "H01"
    declined = GAME.apply(_in_turn(state), GAME.parse_move(state, 0, "patent AII-4b s4"))
    assert declined.players[0].ship == "H01"
    moved = GAME.apply(_in_turn(state), GAME.parse_move(state, 0, "patent AII-4b s4 to=S06"))
    assert moved.players[0].ship == "S06" and moved.systems["S06"].revealed
    assert "0" in moved.systems["S06"].planets.values()           # an end station
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(_in_turn(state), GAME.parse_move(state, 0, "patent AII-4b s4 to=P70"))
    assert refused.value.rule == "TELEPORT-2"                      # never an isolated pulsar (nor a system only)


def _in_turn(state):
    state.turn_queue = [0]
    return state
