"""Pulsar 2849 flights over the star cluster (spec §6.1 FLY-1..10): a path of exactly ``d``
steps that uses each route segment at most once (a dead end's double line is two segments),
never enters a starting gate and never reaches an isolated pulsar."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from .data import tables


@lru_cache(maxsize=2)
def _edges(side: str) -> tuple[tuple[int, str, str], ...]:
    """Every segment as (edge id, a, b); a double line gives two edges."""
    out: list[tuple[int, str, str]] = []
    for segment in tables().segments[side]:
        for _ in range(2 if segment.double else 1):
            out.append((len(out), segment.a, segment.b))
    return tuple(out)


@lru_cache(maxsize=2)
def _incident(side: str) -> dict[str, tuple[tuple[int, str], ...]]:
    incident: dict[str, list[tuple[int, str]]] = {loc: [] for loc in tables().locations}
    for edge, a, b in _edges(side):
        incident[a].append((edge, b))
        incident[b].append((edge, a))
    return {loc: tuple(items) for loc, items in incident.items()}


def flights(side: str, start: str, steps: int) -> Iterator[tuple[str, ...]]:
    """Every path (start, L1, ..., Ld) of exactly ``steps`` steps (FLY-3/4/5/7).  Paths that
    differ only by which of two parallel segments they use are the same path."""
    if steps < 1:
        return
    incident = _incident(side)
    locations = tables().locations
    seen: set[tuple[str, ...]] = set()

    def walk(here: str, used: frozenset[int], path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if len(path) == steps + 1:
            if path not in seen:
                seen.add(path)
                yield path
            return
        for edge, there in incident[here]:
            if edge in used or locations[there].type == "H":
                continue
            yield from walk(there, used | {edge}, path + (there,))

    yield from walk(start, frozenset(), (start,))


def is_flight(side: str, path: tuple[str, ...]) -> bool:
    """FLY-3/4/5/7: ``path`` can be flown: at least one step, each along a segment not used
    before in it (a double line twice), never into a starting gate."""
    locations = tables().locations
    if len(path) < 2 or path[0] not in locations:
        return False
    left = _multiplicity(side).copy()
    for a, b in zip(path, path[1:]):
        key = (a, b) if a < b else (b, a)
        if b not in locations or locations[b].type == "H" or not left.get(key):
            return False
        left[key] -= 1
    return True


@lru_cache(maxsize=2)
def _multiplicity(side: str) -> dict[tuple[str, str], int]:
    """How many segments join two locations (a dead end's double line: 2)."""
    out: dict[tuple[str, str], int] = {}
    for _edge, a, b in _edges(side):
        key = (a, b) if a < b else (b, a)
        out[key] = out.get(key, 0) + 1
    return out


def visited(path: tuple[str, ...]) -> list[str]:
    """FLY-10: the locations passed or ended on; the start only if the path returns to it."""
    return list(path[1:])
