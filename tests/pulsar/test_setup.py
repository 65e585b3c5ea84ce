"""Pulsar 2849 setup (P-SETUP) and the dice phase flow (D-*), rule IDs cited as PU-<id>."""
from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from rules.pulsar.data import tables
from rules.pulsar.setup import choose_hq_side, draft, legal_picks, new_game, place_ship
from rules.pulsar.state import ACTIONS, DRAFT, HQ_SIDE, START_GATE


def ready(players: int, seed: int = 1, **options):
    """A game through the HQ sides and the starting gates, at the first draft."""
    state = new_game({"players": players, **options}, seed)
    if state.phase == HQ_SIDE:
        for seat in range(players):
            choose_hq_side(state, seat, 1 + seat % 2)
    gates = iter(["H1", "H2", "H3", "H4"])
    while state.phase == START_GATE:
        place_ship(state, state.gate_queue[0], next(gates))
    return state


def test_PU_P_SETUP_18_and_20_turn_order_and_starting_vp():
    for players in (3, 4):
        state = new_game({"players": players}, 3)
        assert sorted(state.order) == list(range(players))
        assert [state.players[seat].vp for seat in state.order] == [5, 6, 7, 8][:players]
    state = new_game({"players": 2}, 3)
    first, second = state.order[:2]
    assert state.order == [first, second, first, second]
    assert (state.players[first].vp, state.players[second].vp) == (5, 6)


def test_PU_P_SETUP_19_one_stack_per_track_in_reverse_turn_order():
    state = new_game({"players": 3}, 5)
    expected = [f"{seat}:1" for seat in state.order]              # bottom = space 1
    assert state.tracks["initiative"][7] == expected == state.tracks["engineering"][7]   # the printed start mark
    two = new_game({"players": 2}, 5)
    first, second = two.order[:2]
    assert two.tracks["initiative"][7] == [f"{first}:1", f"{second}:1", f"{first}:2", f"{second}:2"]


def test_PU_P_SETUP_6_sixteen_tiles_out_one_unseen():
    state = new_game({"players": 4}, 7)
    placed = [system.tile for system in state.systems.values()]
    assert len(placed) == 16 and len(set(placed + [state.unseen_tile])) == 17
    assert not any(system.revealed for system in state.systems.values())


def test_PU_P_SETUP_11_P_SETUP_12_first_game_goals_and_technology_sides():
    first = new_game({"players": 3, "first_game": True}, 2)
    assert first.goals == ["G1a", "G3a", "G5a"] and first.tech_sides == ["AI", "AII", "AIII"]
    assert first.phase == START_GATE and all(p.hq_board is None for p in first.players)
    normal = new_game({"players": 3}, 2)
    assert len({goal[:2] for goal in normal.goals}) == 3 and normal.phase == HQ_SIDE
    assert [side[1:] for side in normal.tech_sides] == ["I", "II", "III"]
    assert len({p.hq_board for p in normal.players}) == 3


def test_PU_P_SETUP_15_transmitters_A_on_top_and_the_round_4_offer():
    state = new_game({"players": 4}, 9)
    stack = state.offer + state.transmitters
    letters = [tables().transmitters[t].letter for t in stack]
    assert letters == ["A"] * 11 + ["B"] * 7 + ["C"] * 6
    assert letters[9:12] == ["A", "A", "B"]                       # T-21: round 4's offer


def test_PU_P_SETUP_17_hq_sides_are_sealed_until_all_chose():
    state = new_game({"players": 3}, 4)
    choose_hq_side(state, 0, 2)
    assert state.players[0].hq_side is None and state.phase == HQ_SIDE
    choose_hq_side(state, 1, 1)
    choose_hq_side(state, 2, 1)
    assert [p.hq_side for p in state.players] == [2, 1, 1] and state.phase == START_GATE


def test_PU_P_SETUP_21_ships_go_out_from_the_last_player_backwards():
    state = new_game({"players": 3, "first_game": True}, 6)
    assert state.gate_queue == list(reversed(state.order))
    two = new_game({"players": 2, "first_game": True}, 6)
    assert two.gate_queue == [two.order[1], two.order[0]]         # the non-start player first


def test_PU_D_ROLL_1_and_D_DRAFT_1_T07_snake_order_with_three_players():
    state = ready(3)
    assert state.phase == DRAFT and len(state.dice_board) == 7
    assert state.draft_queue == state.order + list(reversed(state.order))


def test_PU_D_DRAFT_2_and_D_END_1_T08_two_players_pick_in_rocket_order_three_dice_stay():
    state = ready(2)
    assert state.draft_queue == state.order
    while state.phase == DRAFT:
        seat = state.draft_queue[0]
        die, track, marker, _overflow = legal_picks(state, seat)[0]
        draft(state, seat, die, track, marker)
    assert state.phase == ACTIONS and len(state.dice_board) == 3
    assert all(len(p.dice) == 2 for p in state.players)


def test_PU_D_ROLL_3_the_balanced_start_fixes_all_but_three_dice():
    state = ready(4, balanced_start=True)
    for value in range(1, 7):
        assert state.dice_board.count(value) >= 1


def test_PU_D_MOVE_1_a_pick_moves_one_own_marker_by_the_distance():
    state = ready(3, seed=11)
    seat = state.draft_queue[0]
    die, track, marker, overflow = next(p for p in legal_picks(state, seat) if p[1] is not None)
    before = json.dumps(state.tracks)
    draft(state, seat, die, track, marker)
    assert json.dumps(state.tracks) != before and die in state.players[seat].dice
    with pytest.raises(ValueError):
        draft(state, state.draft_queue[0], 99, None, None)


def test_PU_RNG_R1_the_same_seed_gives_the_same_setup():
    assert asdict(new_game({"players": 4}, 21))["systems"] == asdict(new_game({"players": 4}, 21))["systems"]
    assert new_game({"players": 4}, 21).offer != new_game({"players": 4}, 22).offer or \
        new_game({"players": 4}, 21).systems != new_game({"players": 4}, 22).systems
