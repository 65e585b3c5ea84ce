"""Pulsar 2849 gyrodynes, awards, production and final scoring (Appendix B T-09..T-11, T-18,
T-20, T-24, T-25); rule IDs as PU-<id>."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.pulsar import dice as dm
from rules.pulsar.economy import (buy_mod, engineering_income, final_scoring_fixed, gyro_place, gyro_production,
                                  gyro_spin, gyro_take, new_turn_order, spin_cost, take_cost, track_penalties,
                                  winners)
from rules.pulsar.setup import new_game


def game(players: int = 3, seed: int = 1):
    return new_game({"players": players, "first_game": True}, seed)


def test_PU_ACT_GYRO_costs():
    assert [take_cost(s) for s in "SML"] == [1, 2, 4] and [spin_cost(s) for s in "SML"] == [3, 5, 6]


def test_PU_AWARD_3_T18_four_small_tiles_first_win_both_awards():
    state = game()
    seen = []
    for pulsar in ("P01", "P02", "P03", "P04"):
        state.pulsars[pulsar] = 0
        gyro_take(state, 0, "S")
        gyro_place(state, 0, "S", pulsar)
        seen.append(list(state.players[0].awards))
    assert seen == [[], [7], [7], [7, 4]] and state.awards["S"] == []


def test_PU_AWARD_2_the_second_player_to_reach_two_gets_the_4():
    state = game()
    for seat, pulsars in ((0, ("P01", "P02")), (1, ("P03", "P04"))):
        for pulsar in pulsars:
            state.pulsars[pulsar] = seat
            gyro_take(state, seat, "M")
            gyro_place(state, seat, "M", pulsar)
    assert state.players[0].awards == [7] and state.players[1].awards == [4]


def test_PU_ACT_GYRO_PLACE_and_SPIN_refusals():
    state = game()
    state.pulsars["P01"] = 1
    gyro_take(state, 0, "L")
    with pytest.raises(IllegalMove) as refused:
        gyro_place(state, 0, "L", "P01")
    assert refused.value.rule == "ACT-GYRO-PLACE"
    with pytest.raises(IllegalMove):
        gyro_spin(state, 0, "P02")
    state.gyro_supply["S"] = 0
    with pytest.raises(IllegalMove):
        gyro_take(state, 0, "S")


def test_PU_PR_5_T10_T11_gyrodynes_score_size_plus_the_row_bonus():
    state = game()
    for pulsar, size in (("P01", "M"), ("P02", "S")):
        state.pulsars[pulsar] = 0
        gyro_take(state, 0, size)
        gyro_place(state, 0, size, pulsar)
        gyro_spin(state, 0, pulsar)
    vp = state.players[0].vp
    gyro_production(state, 4)
    assert state.players[0].vp == vp + 6 + 5                      # T-10
    state.median = 9                                              # between 4 and 5
    vp = state.players[0].vp
    gyro_production(state, "M")
    assert state.players[0].vp == vp + (2 + 5) + (1 + 5)          # T-11: +5 per gyrodyne


def test_PU_PR_2_T09_engineering_income_by_rank():
    state = game(3)
    red, green, yellow = state.order
    track = dm.new_track(11, 5, [])
    track[2] = [f"{red}:1"]
    track[6] = [f"{yellow}:1", f"{green}:1"]                     # green above yellow
    state.tracks["engineering"] = track
    engineering_income(state)
    assert (state.players[red].cubes, state.players[green].cubes, state.players[yellow].cubes) == (3, 2, 0)


def test_PU_PR_1_turn_order_follows_initiative():
    state = game(3)
    a, b, c = state.order
    track = dm.new_track(11, 5, [f"{a}:1"])
    track[3] = [f"{c}:1", f"{b}:1"]
    state.tracks["initiative"] = track
    new_turn_order(state)
    assert state.order == [b, c, a]


def test_PU_PR_3_T24_penalties_never_below_zero():
    state = game(3)
    seat = state.order[0]
    state.players[seat].vp = 1
    track = dm.new_track(11, 5, [m for m in state.tracks["initiative"][5] if not m.startswith(f"{seat}:")])
    track[10] = [f"{seat}:1"]
    state.tracks["initiative"] = track
    track_penalties(state)
    assert state.players[seat].vp == 0


def test_PU_MOD_BUY_1():
    state = game()
    buy_mod(state, 0, "pm1", 1)
    buy_mod(state, 0, "p2", 2)
    assert state.players[0].mods == {"pm1": 2, "p2": 1}
    with pytest.raises(IllegalMove):
        buy_mod(state, 0, "p2", 1)


def test_PU_FS_6_T25_and_FS_7_T20_final_scoring():
    state = game(3)
    p1, p2, p3 = 0, 1, 2
    state.order = [p2, p3, p1]
    for player in state.players:
        player.vp = 0
    state.players[p2].kept_exploration = ["EX11"] * 13           # 13 stations -> 50
    state.players[p3].cubes = 5                                   # 2 pairs
    final_scoring_fixed(state)
    assert state.players[p2].vp == 7 + 50 and state.players[p3].vp == 4 + 2 and state.players[p1].vp == 0


def test_PU_FS_8_a_tie_goes_to_the_rocket_further_back():
    state = game(3)
    for player in state.players:
        player.vp = 20
    assert winners(state) == [state.order[-1]]


def test_PU_FS_3_and_FS_4_pulsars_without_spinning_gyrodynes_and_unfinished_tiles():
    state = game(3)
    for player in state.players:
        player.vp = 0
    state.order = [1, 2, 0]
    state.pulsars.update({"P01": 0, "P02": 0})
    gyro_take(state, 0, "S")
    gyro_place(state, 0, "S", "P01")                             # under construction
    gyro_take(state, 0, "M")                                     # in reserve
    final_scoring_fixed(state)
    assert state.players[0].vp == 2 + 2                           # FS-3: two pulsars; FS-4: two tiles
