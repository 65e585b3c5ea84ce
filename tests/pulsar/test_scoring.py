"""Pulsar 2849 end scoring with decisions (GOAL-1/2, FS-1) and ability triggers; PU-<id>."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.pulsar import GAME
from rules.pulsar.flying import fly
from rules.pulsar.setup import new_game
from rules.pulsar.state import Gyrodyne


def at_the_end(players: int = 3):
    state = new_game({"players": players, "first_game": True}, 1)
    state.phase, state.round = "goals", 8
    for player in state.players:
        player.vp = 0
    return state


def test_PU_GOAL_1_T19_five_patents_and_both_bonuses():
    state = at_the_end()
    state.goals = ["G5a", "G3a", "G1a"]
    player = state.players[0]
    player.patents = ["AI-1a", "AI-1b", "AI-1c", "AI-2a", "AI-2b"]   # no purple among them
    player.cubes = 5
    assert "G5a:2" in GAME._goal_choices(state, 0)
    state.pending = [0]
    bought = GAME.apply(state, GAME.parse_move(state, 0, "goals G5a:2"))
    kept = GAME.apply(state, GAME.parse_move(state, 0, "goals none"))
    assert bought.players[0].cubes == 0 and kept.players[0].cubes == 5
    # both bonuses (+6 +6) against keeping 5 cubes (2 pairs: 2 VP at FS-5)
    assert bought.players[0].vp - kept.players[0].vp == 12 - 2
    with pytest.raises(IllegalMove):
        GAME._check_goals(at_the_end(), 0, ("G5a:2",))              # not fulfilled


def test_PU_GOAL_2_only_one_gyrodyne_goal_scores():
    state = at_the_end()
    state.goals = ["G1a", "G2a", "G3a"]
    for pulsar, size in (("P05", "S"), ("P11", "S"), ("P16", "M")):
        state.pulsars[pulsar] = 0
        state.gyros[pulsar] = Gyrodyne(size, True)
    assert {"pick=G1a", "pick=G2a"} <= set(GAME._goal_choices(state, 0))
    state.pending = [0, 1, 2]
    for seat in range(3):
        state = GAME.apply(state, GAME.parse_move(state, seat, "goals pick=G2a" if seat == 0 else "goals none"))
    # G2a (6) scores, not G1a too; plus FS-3/FS-7 etc. are the same for both choices
    other = at_the_end()
    other.goals = ["G3a", "G4a", "G5a"]
    for pulsar, size in (("P05", "S"), ("P11", "S"), ("P16", "M")):
        other.pulsars[pulsar] = 0
        other.gyros[pulsar] = Gyrodyne(size, True)
    GAME._final_scoring(other)
    assert state.players[0].vp - other.players[0].vp == 6


def test_PU_FS_7_purple_stations_count_only_for_station_scoring():
    state = at_the_end()
    state.players[0].patents = ["BIII-7a"]                        # PUR-STATIONS(2)
    from rules.pulsar.economy import stations
    assert stations(state, 0) == 2
    assert GAME._goal_count(state, 0, "markers_on_planets") == 0


def test_PU_ABL_ON_and_ABL_VISIT_abilities_pay_during_a_flight():
    state = new_game({"players": 4, "first_game": True}, 1)
    player = state.players[0]
    player.patents = ["CI-1a", "BI-1a"]                          # +1 VP per station; +1 VP per jump gate
    other = next(loc for loc, system in state.systems.items() if system.tile == "PS13")
    state.systems[other].tile, state.systems["S03"].tile = state.systems["S03"].tile, "PS13"   # bonus: a cube, a +2 token
    player.ship, vp = "H01", player.vp
    fly(state, 0, ("H01", "J02", "S03"))                          # one gate, one end station
    assert player.vp - vp == 1 + 1 and player.cubes == 1          # the bonus gives no VP
