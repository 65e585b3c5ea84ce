"""Pulsar 2849 dice phase mechanics (spec §5.1): the median marker, die distances and the two
tracks (initiative and engineering) with their stacks.  Pure functions over plain values so the
rules core, the renderer and the tests share one implementation.

Encodings (spec D-MED-4, D-MOVE-8):
* the median marker is a half-step position ``h`` in 2..12: ``h = 2m`` is the centre of box
  ``m``, ``2m - 1`` / ``2m + 1`` the gap left / right of it;
* a track is a list of spaces (index 0 = leftmost = best), each a stack of markers bottom
  first; a marker is a string (the core uses ``"<seat>:<n>"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

Track = list[list[str]]


def median_position(values: Sequence[int]) -> int:
    """D-MED-1..3: the middle die's box, shifted half a box towards the side holding more dice."""
    ordered = sorted(values)
    m = ordered[len(ordered) // 2]
    left = sum(1 for v in ordered if v < m)
    right = sum(1 for v in ordered if v > m)
    return 2 * m - (1 if left > right else 0) + (1 if right > left else 0)


def median_value(h: int) -> int:
    """D-MED-5: a box centre is worth its box, a gap the higher of its two boxes."""
    return (h + 1) // 2


def distance(die: int, h: int) -> tuple[int, int]:
    """D-DRAFT-4: (spaces, direction) a die moves a track marker: direction -1 left, +1 right,
    0 when the die sits in the marker's box."""
    delta = 2 * die - h
    spaces = (abs(delta) + 1) // 2
    return spaces, (delta > 0) - (delta < 0)


def new_track(length: int, start: int, markers: Sequence[str]) -> Track:
    """P-SETUP-19: every marker on the start space, ``markers`` listed bottom first."""
    track: Track = [[] for _ in range(length)]
    track[start] = list(markers)
    return track


def position(track: Track, marker: str) -> int:
    return next(index for index, stack in enumerate(track) if marker in stack)


def can_move(track: Track, marker: str, spaces: int, direction: int) -> bool:
    """D-MOVE-5: the destination must exist."""
    return 0 <= position(track, marker) + spaces * direction < len(track)


def move(track: Track, marker: str, spaces: int, direction: int, *, overflow: bool = False) -> Track:
    """D-MOVE-3/4/6: the marker leaves its stack (the others keep their order) and goes on top
    of the destination; a forced overflow stops at the track's end, on top when moving left
    and at the bottom when moving right.  Returns a new track."""
    new = [list(stack) for stack in track]
    start = position(new, marker)
    target = start + spaces * direction
    if not 0 <= target < len(new):
        if not overflow:
            raise ValueError("the marker would leave the track")
        target = 0 if direction < 0 else len(new) - 1
        new[start].remove(marker)
        if direction < 0:
            new[target].append(marker)
        else:
            new[target].insert(0, marker)
        return new
    new[start].remove(marker)
    new[target].append(marker)
    return new


def ranking(track: Track) -> list[str]:
    """D-MOVE-7: leftmost first; within a stack the higher marker is further left."""
    return [marker for stack in track for marker in reversed(stack)]


@dataclass(frozen=True)
class Pick:
    """One legal draft pick (D-MOVE-5/6): the die, and the marker it moves (None: distance 0)."""

    die: int
    marker: str | None
    overflow: bool = False


def legal_picks(dice: Sequence[int], h: int, tracks: Sequence[Track], markers: Sequence[str]) -> list[Pick]:
    """The picks a player may make: every (die, own marker) whose destination exists, every die
    at distance 0; only when none exists, every (die, marker) as a forced overflow."""
    picks: list[Pick] = []
    for die in sorted(set(dice)):
        spaces, direction = distance(die, h)
        if spaces == 0:
            picks.append(Pick(die, None))
            continue
        for track in tracks:
            for marker in markers:
                if any(marker in stack for stack in track) and can_move(track, marker, spaces, direction):
                    picks.append(Pick(die, marker))
    if picks:
        return picks
    return [Pick(die, marker, True) for die in sorted(set(dice)) for track in tracks for marker in markers
            if any(marker in stack for stack in track)]
