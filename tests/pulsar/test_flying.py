"""Pulsar 2849 flights and what they do (spec §6.1, Appendix B T-13..T-17); rule IDs as PU-<id>."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.pulsar.data import tables
from rules.pulsar.flying import BLOCKED, dead_ends, draw_exploration, fly, reveal
from rules.pulsar.setup import new_game


def game(players: int = 3, side: str = "A", seed: int = 1):
    state = new_game({"players": players, "first_game": True, "cluster_side": side}, seed)
    state.phase = "actions"
    return state


def tile_with(state, location: str, tile: str) -> None:
    """Put system tile ``tile`` on ``location`` (swapping it with wherever it lay)."""
    other = next((loc for loc, s in state.systems.items() if s.tile == tile), None)
    if other is not None:
        state.systems[other].tile = state.systems[location].tile
    else:
        state.unseen_tile = state.systems[location].tile
    state.systems[location].tile = tile


def test_PU_FLY_7_the_dead_ends_of_side_B():
    assert dead_ends("B") == {"P135", "S109", "S160"} and dead_ends("A") == set()


def test_PU_REVEAL_2_marked_planets_are_blocked_by_player_count():
    for players, blocked in ((2, {1, 3, 4}), (3, {3, 4}), (4, set())):
        state = game(players)
        tile_with(state, "S06", "PS15")                           # 1 X "3+", 2 B, 3 B "4", 4 X "4"
        reveal(state, "S06")
        assert {slot for slot, who in state.systems["S06"].planets.items() if who == BLOCKED} == blocked


def test_PU_STATION_END_and_FLY_BONUS_1_a_blue_planet_and_the_discovery_bonus():
    state = game()
    tile_with(state, "S06", "PS13")                               # 1 X, 2 B, 4 X; bonus: 1 cube and a +2 token
    player = state.players[0]
    player.ship, cubes = "J07", player.cubes
    fly(state, 0, ("J07", "S06"))
    assert state.systems["S06"].planets[2] == "0" and player.markers == 29
    assert player.cubes == cubes + 1 and player.mods["p2"] == 1


def test_PU_FLY_BONUS_3_an_exploration_tile_instead_of_the_bonus():
    state = game()
    tile_with(state, "S06", "PS13")
    player = state.players[0]
    player.ship, vp = "J07", player.vp
    cubes_on_top(state)
    fly(state, 0, ("J07", "S06"), take="tile")
    assert player.vp == vp and player.cubes == 2 and state.exploration.discards == ["EX04"]


def test_PU_STATION_PASS_a_barren_planet_first_and_no_bonus():
    state = game(4)
    tile_with(state, "S06", "PS13")                               # 1 X, 2 B, 4 X
    player = state.players[0]
    player.ship, cubes = "J07", player.cubes
    fly(state, 0, ("J07", "S06", "P05"))
    assert state.systems["S06"].planets == {1: "0"} and player.cubes == cubes and player.mods["p2"] == 0
    assert state.pulsars == {"P05": 0} and player.rings == 5      # PULSAR-CLAIM-1


def test_PU_STATION_2_one_station_per_system():
    state = game(4)
    player = state.players[0]
    player.ship = "J07"
    fly(state, 0, ("J07", "S06"))
    markers = player.markers
    player.ship = "P05"
    fly(state, 0, ("P05", "S06"))
    assert player.markers == markers


def cubes_on_top(state) -> None:
    """The exploration pile starts with the 2-cube tile (so a drawn tile is easy to see)."""
    state.exploration.pile.remove("EX04")
    state.exploration.pile.insert(0, "EX04")


def test_PU_DEADEND_1_T13_a_station_in_a_dead_end_draws_an_extra_tile_and_the_end_gets_its_bonus():
    """The seed's example on the real side B: into the dead-end system S109, back out, on to S184."""
    state = game(4, "B")
    tile_with(state, "S184", "PS13")
    cubes_on_top(state)
    player = state.players[0]
    player.ship, vp = "J103", player.vp
    fly(state, 0, ("J103", "S109", "J103", "S184"))
    assert "0" in state.systems["S109"].planets.values()
    assert state.exploration.discards == ["EX04"] and player.cubes == 2 + 1 and player.mods["p2"] == 1
    assert player.vp == vp                                        # the real tiles give no VP as a bonus


def test_PU_DEADEND_1_T14_ending_elsewhere_gives_only_the_extra_tile():
    state = game(4, "B")
    tile_with(state, "S184", "PS13")
    cubes_on_top(state)
    player = state.players[0]
    player.ship, vp = "J103", player.vp
    fly(state, 0, ("J103", "S109", "J103", "S184", "J106"))
    assert state.exploration.discards == ["EX04"] and player.cubes == 2 and player.vp == vp
    assert state.systems["S184"].planets.get(2) != "0"          # S184 passed: no blue station, no bonus


def test_PU_FLY_T15_a_system_passed_and_ended_in_gets_only_the_end_treatment():
    state = game(4)
    tile_with(state, "S06", "PS13")
    player = state.players[0]
    player.ship, cubes = "J07", player.cubes
    path = ("J07", "S06", "P05", "J04", "S06")                    # passes S06, comes back round to end there
    fly(state, 0, path)
    assert state.systems["S06"].planets == {2: "0"}              # the end's blue planet, no barren one
    assert player.cubes == cubes + 1 and player.mods["p2"] == 1  # the bonus once


def test_PU_GATERUN_3_T16_T17_distinct_gates_of_the_colour_the_start_not_counted():
    state = game(4)
    player = state.players[0]
    player.gate_runs["HQ1-1.1c"] = False                          # orange, 2 VP per gate
    player.ship, vp = "J13", player.vp
    fly(state, 0, ("J13", "J12", "P11", "J10", "S09"), run=("HQ1-1.1c", "orange"))
    assert player.vp - vp == 2 * 2 and player.gate_runs["HQ1-1.1c"] is True   # J12 and J10; not the start J13
    with pytest.raises(IllegalMove) as refused:
        fly(state, 0, ("S09", "J08"), run=("HQ1-1.1c", "orange"))
    assert refused.value.rule == "GATERUN-4"
    other = game(4, seed=2)
    runner = other.players[1]
    runner.gate_runs["HQ1-1.1c"] = False
    runner.ship, vp = "S15", runner.vp
    fly(other, 1, ("S15", "J13", "J10", "P11", "J12", "J13"), run=("HQ1-1.1c", "orange"))
    assert runner.vp - vp == 3 * 2                                # the seed's 6: J13 twice counts once, J10, J12


def test_PU_FLY_4_an_impossible_path_is_refused_with_the_rule():
    state = game()
    state.players[0].ship = "J07"
    with pytest.raises(IllegalMove) as refused:
        fly(state, 0, ("J07", "S03"))
    assert refused.value.rule == "FLY-4"
    with pytest.raises(IllegalMove):
        fly(state, 0, ("H01", "J02"))                             # not where the ship is


def test_PU_EXPL_1_extra_station_tiles_are_kept():
    state = game()
    state.exploration.pile = ["EX11", "EX01"] + [t for t in state.exploration.pile if t not in ("EX11", "EX01")]
    draw_exploration(state, 0, 2)
    assert state.players[0].kept_exploration == ["EX11"] and state.exploration.discards == ["EX01"]
    assert len(tables().exploration) == 12
