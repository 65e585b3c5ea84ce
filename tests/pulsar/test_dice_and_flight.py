"""Pulsar 2849 dice phase mechanics (spec §5.1) and flights (§6.1), from the spec's examples;
rule IDs cited as PU-<id>."""
from __future__ import annotations

import pytest

from rules.pulsar.dice import (Pick, distance, legal_picks, median_position, median_value, move, new_track,
                               ranking)
from rules.pulsar.flight import flights, is_flight, visited


def test_PU_D_MED_1_D_MED_2_D_MED_3_D_MED_4_D_MED_5_the_worked_example():
    h = median_position([1, 2, 3, 3, 4, 5, 6])
    assert h == 7 and median_value(h) == 4                       # the gap between 3 and 4, worth 4


def test_PU_D_MED_3_the_marker_stays_on_the_box_when_both_sides_hold_as_many():
    assert median_position([1, 2, 3, 3, 3, 5, 6]) == 6
    assert median_position([1, 1, 2, 4, 4, 5, 6, 6, 6]) == 9     # median 4, 3 left < 4 right -> gap 4-5


@pytest.mark.parametrize("h,row", [
    (2, "0 R1 R2 R3 R4 R5"), (3, "L1 R1 R2 R3 R4 R5"), (4, "L1 0 R1 R2 R3 R4"), (5, "L2 L1 R1 R2 R3 R4"),
    (6, "L2 L1 0 R1 R2 R3"), (7, "L3 L2 L1 R1 R2 R3"), (8, "L3 L2 L1 0 R1 R2"), (9, "L4 L3 L2 L1 R1 R2"),
    (10, "L4 L3 L2 L1 0 R1"), (11, "L5 L4 L3 L2 L1 R1"), (12, "L5 L4 L3 L2 L1 0")])
def test_PU_D_DRAFT_4_the_distance_table(h, row):
    def code(die):
        spaces, direction = distance(die, h)
        return "0" if spaces == 0 else f"{'L' if direction < 0 else 'R'}{spaces}"
    assert " ".join(code(die) for die in range(1, 7)) == row


def test_PU_D_MOVE_3_D_MOVE_4_a_moved_marker_goes_on_top_and_the_stack_keeps_its_order():
    track = new_track(11, 5, ["red", "yellow", "green"])        # reverse turn order, bottom first
    track = move(track, "yellow", 2, -1)                         # the seed: green takes a 2, moves 2 left
    assert track[5] == ["red", "green"] and track[3] == ["yellow"]
    track = move(track, "green", 2, -1)
    assert track[3] == ["yellow", "green"]
    assert ranking(track) == ["green", "yellow", "red"]         # D-MOVE-7: higher in a stack is further left


def test_PU_D_MOVE_5_D_MOVE_6_a_pick_must_fit_on_the_track_unless_nothing_fits():
    track = new_track(11, 0, ["red-i"])
    engineering = new_track(11, 0, ["red-e"])
    h = 8                                                        # box 4: a 3 moves 1 left, a 4 moves nothing
    picks = legal_picks([3], h, [track, engineering], ["red-i", "red-e"])
    assert all(pick.overflow for pick in picks) and len(picks) == 2
    forced = move(new_track(11, 0, ["blue", "red-i"]), "red-i", 1, -1, overflow=True)
    assert forced[0] == ["blue", "red-i"]                        # on top of the leftmost stack
    right = move(new_track(11, 10, ["blue", "red-i"]), "blue", 1, 1, overflow=True)
    assert right[10] == ["blue", "red-i"]                        # at the bottom when moving right
    assert Pick(4, None) in legal_picks([3, 4], h, [track, engineering], ["red-i", "red-e"])


def test_PU_FLY_examples_on_side_A():
    """The spec's examples (§8.1) moved onto the real side A: an entry point's one route, a 3-step
    flight over three segments, a 4-step flight passing one system and ending in another."""
    assert {path[-1] for path in flights("A", "H01", 1)} == {"J02"}
    assert {path[-1] for path in flights("A", "H01", 2)} == {"J48", "S03"}
    assert is_flight("A", ("S03", "J04", "P05", "S06"))
    assert is_flight("A", ("J48", "J02", "S03", "J04", "S06"))
    assert visited(("J48", "J02", "S03", "J04", "S06")) == ["J02", "S03", "J04", "S06"]


def test_PU_FLY_5_a_ship_never_enters_a_starting_gate():
    assert all("H01" not in path[1:] for path in flights("A", "J02", 3))


def test_PU_FLY_7_side_B_dead_ends_allow_in_and_out_once():
    """Side B's dead-end pulsar P135 hangs on J139 by a double line."""
    assert is_flight("B", ("J139", "P135", "J139"))
    assert is_flight("B", ("J139", "P135"))
    assert not is_flight("B", ("J139", "P135", "J139", "P135"))     # no third segment
    assert not is_flight("A", ("S06", "P05", "S06"))                 # side A: one segment only


def test_PU_D_MED_3_T02_and_D_MOVE_2_T04():
    assert median_position([1, 2, 2, 3, 4, 5, 6]) == 6           # median 3, three dice each side
    assert distance(3, 6) == (0, 0)                              # no marker moves
    assert distance(2, 7) == (2, -1)                             # T-03: two spaces left


def test_PU_FLY_3_T12_a_flight_never_reuses_a_segment():
    assert not is_flight("A", ("S06", "P05", "S06"))
    assert not is_flight("A", ("S06", "P05", "J04", "P05"))


def test_PU_D_MOVE_5_T06_only_the_marker_that_can_move_may_be_chosen():
    initiative = new_track(11, 0, ["me-i"])                      # cannot move left
    engineering = new_track(11, 5, ["me-e"])                     # can
    picks = legal_picks([3], 8, [initiative, engineering], ["me-i", "me-e"])   # a 3: one left
    assert picks == [Pick(3, "me-e")]
