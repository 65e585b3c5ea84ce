"""Placement guidance (newcomer report N15): how far an empire is from a legal outpost during
the eight unit placements (EVE-PREP-2), so the suggestions can put first the placements that
keep an outpost possible in the outpost step (EVE-PREP-3) and say what each one leaves.

An outpost needs an own region that is not the HQ region and has no outpost (EVE-OUT-1), every
neighbour of which holds a unit or an agent of the builder (EVE-OUT-2; in the 2-player game only
green and blue neighbours exist, EVE-2P-2).  During placement every neighbour of an own region
can take a unit (an empty one as a unit, an enemy one as an agent, EVE-PREP-2 (a)/(b)), and an
empty region next to an own region or agent can become own: so the placements an outpost still
needs are counted exactly, opponents' later placements aside."""
from __future__ import annotations

from dataclasses import dataclass

from .common import is_empty, neighbours
from .data import tables
from .state import PREP_PLACE, GameState


@dataclass(frozen=True)
class OutpostNeed:
    """The nearest outpost of one empire: its region, whether that region still needs a unit of
    its own (an empty region), and the neighbours still without a unit or agent."""

    region: str
    takes_region: bool
    missing: tuple[str, ...]

    @property
    def placements(self) -> int:
        return len(self.missing) + self.takes_region


def placements_left(state: GameState, seat: int) -> int:
    """How many of the eight placements (EVE-PREP-2) ``seat`` still makes, the current one
    included when it is his turn (0 outside the placement)."""
    if state.phase != PREP_PLACE:
        return 0
    done = state.prep_count + (1 if state.order.index(seat) < state.turn else 0)
    return max(0, int(tables().constants["prep_placements"]) - done)


def outpost_need(state: GameState, seat: int, placed: str | None = None, hq: bool = False) -> OutpostNeed | None:
    """The outpost ``seat`` can reach with the fewest placements, after one more unit in
    ``placed`` if given (``hq``: his headquarters goes there, EVE-PREP-1; ties: the lower
    region code); None when no region could ever do (no own region but the HQ region and no
    empty region beside his units)."""
    regions = state.regions
    present = {code for code, region in regions.items() if region.owner == seat or seat in region.agents}
    own = {code for code, region in regions.items() if region.owner == seat}
    if placed is not None:
        present.add(placed)
        if is_empty(regions[placed]):
            own.add(placed)
    best: OutpostNeed | None = None
    for code in sorted(regions):
        region = regions[code]
        if code in own:
            if region.hq is not None or region.outpost is not None or (hq and code == placed):
                continue
            takes = False
        elif is_empty(region) and code != placed and neighbours(state, code) & present:
            takes = True
        else:
            continue
        missing = tuple(sorted(n for n in neighbours(state, code) if n not in present))
        need = OutpostNeed(code, takes, missing)
        if best is None or need.placements < best.placements:
            best = need
    return best


def placement_rank(state: GameState, seat: int, code: str) -> tuple[bool, int]:
    """How a placement in ``code`` sorts among the suggestions: first those after which an
    outpost is still reachable with the placements left, nearest first."""
    need = outpost_need(state, seat, code)
    after = placements_left(state, seat) - 1
    placements = need.placements if need is not None else 99
    return placements > after, placements


def hq_rank(state: GameState, seat: int, code: str) -> tuple[int, str]:
    """How a headquarters in ``code`` sorts among the suggestions (EVE-PREP-1): the fewer
    placements its nearest outpost would need, the earlier."""
    need = outpost_need(state, seat, code, hq=True)
    return (need.placements if need is not None else 99), code
