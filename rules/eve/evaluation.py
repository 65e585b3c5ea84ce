"""How good an EVE: Conquests position looks for a seat, for the computer players (issue 29).

VP come only from claiming two marked regions at once (EVE-POL-3): a face-up square's marked
region held with an outpost or the HQ, a second one in the same row or column, the two
connected.  Random play almost never gets there, so the score alone says nothing for most of a
game; this adds, in VP terms, how far each seat is along that road:

* each marked region: held with an outpost or HQ (most), held (an outpost can follow,
  EVE-OUT-1/2: the more of its neighbours are covered, the nearer), a few gates from the
  seat's regions (Expands away, EVE-DEV-3; an enemy's counts less);
* the best pair of marked regions that may be claimed together, weighted by how ready both
  ends are and whether they are connected (EVE-DEF-6);
* the empire's reach: regions held, outposts (build sites, EVE-OUT-4), units on the map,
  resource tiles (EVE-SCH), design cards in hand.

The value for a seat is its own total minus the best other seat's (the lead), so taking a
marked region from a rival counts too.  At the end of the game only the VP lead counts.
"""
from __future__ import annotations

from itertools import combinations

from .data import tables
from .common import face_up_squares, marker_region, vp
from .state import OVER, GameState

HELD_WITH_OUTPOST = 1.0      # a marked region ready to be claimed
HELD = 0.5                   # an outpost (free) can follow once its neighbours are covered
COVERED = 0.35               # ... and the more of them are, the nearer it is
NEXT_TO = 0.2                # one Expand away
CONNECTED = 1.0
NOT_CONNECTED = 0.6
PAIR_WEIGHT = 0.6            # the best claimable pair, as a share of its VP
SINGLE_WEIGHT = 0.12         # every marked region, as a share of its VP


def _adjacency(state: GameState) -> dict[str, frozenset[str]]:
    """The gates of the map in play (``common.neighbours`` for every region at once)."""
    tab = tables()
    return tab.adjacent2 if len(state.players) == 2 else tab.adjacent4


def _distances(state: GameState, seat: int, limit: int = 3, adjacent: dict[str, frozenset[str]] | None = None,
               frontier: list[str] | None = None) -> dict[str, int]:
    """Gates from the seat's regions (its agents' too; ``frontier``: those regions, when the
    caller has them) to every region within ``limit``."""
    gates = _adjacency(state) if adjacent is None else adjacent
    if frontier is None:
        frontier = [code for code, region in state.regions.items() if region.owner == seat or seat in region.agents]
    found = dict.fromkeys(frontier, 0)
    reached = set(found)
    layer: set[str] | list[str] = frontier
    for step in range(1, limit + 1):
        if not layer:
            break
        layer = set().union(*[gates[code] for code in layer]) - reached     # the next ring of gates
        reached |= layer
        found.update(dict.fromkeys(layer, step))
    return found


class _Holdings:
    """Every seat's regions held, outposts, units on the map (agents too) and the regions it
    holds or has agents in, from one pass over the map."""

    __slots__ = ("held", "outposts", "units", "frontier")

    def __init__(self, state: GameState):
        seats = len(state.players)
        self.held = [0] * seats
        self.outposts = [0] * seats
        self.units = [0] * seats
        self.frontier: list[list[str]] = [[] for _ in range(seats)]
        for code, region in state.regions.items():
            owner = region.owner
            if owner is not None:
                self.held[owner] += 1
                self.units[owner] += region.units
                self.outposts[owner] += region.outpost is not None
                self.frontier[owner].append(code)
            for agent in region.agents:
                self.units[agent] += 1
                if agent != owner and code not in self.frontier[agent]:
                    self.frontier[agent].append(code)


def _readiness(state: GameState, seat: int, code: str, distance: dict[str, int],
               adjacent: dict[str, frozenset[str]] | None = None) -> float:
    region = state.regions.get(code)
    if region is None:
        return 0.0
    if region.owner == seat:
        if region.outpost is not None or region.hq == seat:
            return HELD_WITH_OUTPOST
        around = (_adjacency(state) if adjacent is None else adjacent)[code]   # EVE-OUT-2: every neighbour covered
        regions = state.regions
        covered = sum(1 for n in around if regions[n].owner == seat or seat in regions[n].agents)
        return HELD + COVERED * covered / max(1, len(around))
    gates = distance.get(code)
    if gates is None:
        return 0.0
    if seat in region.agents:
        return NEXT_TO / 2
    reach = NEXT_TO if gates <= 1 else NEXT_TO / 2 ** (gates - 1)   # Expands away (EVE-DEV-3)
    return reach if region.owner is None else reach / 3              # an enemy's: a battle first


def _component(state: GameState, seat: int, start: str, adjacent: dict[str, frozenset[str]]) -> set[str]:
    """``common.connected_component`` (EVE-DEF-6) with the gates table at hand."""
    regions = state.regions
    region = regions[start]
    if region.owner != seat and seat not in region.agents:
        return set()
    seen = {start}
    queue = [start]
    while queue:
        code = queue.pop()
        for other in adjacent[code]:
            if other not in seen:
                near = regions[other]
                if near.owner == seat or seat in near.agents:
                    seen.add(other)
                    queue.append(other)
    return seen


def _marked(state: GameState) -> list[tuple[str, str]]:
    """(square, marked region) of every face-up square."""
    return [(square, code) for square in face_up_squares(state)
            if (code := marker_region(state, square)) is not None]


def progress(state: GameState, seat: int, marked: list[tuple[str, str]] | None = None,
             holdings: _Holdings | None = None) -> float:
    """The seat's VP plus, in VP terms, its progress towards its next claims and its reach
    (``marked``, ``holdings``: :func:`_marked` and :class:`_Holdings` of the state, when the
    caller has them already)."""
    tab = tables()
    adjacent = _adjacency(state)
    total = float(vp(state, seat))
    if marked is None:
        marked = _marked(state)
    if holdings is None:
        holdings = _Holdings(state)
    distance = _distances(state, seat, adjacent=adjacent, frontier=holdings.frontier[seat])
    ready = {code: _readiness(state, seat, code, distance, adjacent) for _square, code in marked}
    for _square, code in marked:
        total += SINGLE_WEIGHT * ready[code] * tab.regions[code].vp
    best_pair = 0.0
    components: dict[str, set[str]] = {}          # region -> its connected component (EVE-DEF-6), worked out once
    for (sq_a, a), (sq_b, b) in combinations(marked, 2):
        first, second = tab.squares[sq_a], tab.squares[sq_b]
        if first.nebula != second.nebula and first.column != second.column:
            continue
        if not ready[a] or not ready[b]:
            continue
        if ready[a] >= HELD and ready[b] >= HELD:
            component = components.get(a)
            if component is None:
                component = _component(state, seat, a, adjacent)
                for member in component:
                    components[member] = component
            link = CONNECTED if b in component else NOT_CONNECTED
        else:
            link = NOT_CONNECTED
        best_pair = max(best_pair, ready[a] * ready[b] * link * (tab.regions[a].vp + tab.regions[b].vp))
    total += PAIR_WEIGHT * best_pair
    held, outposts, units = holdings.held[seat], holdings.outposts[seat], holdings.units[seat]
    player = state.players[seat]
    tiles = sum(player.storage.values()) + sum(player.schedule.values()) + len(player.tile_cards)
    cards = len(state.hands.cards[seat]) if seat < len(state.hands.cards) else 0
    total += 0.06 * held + 0.12 * outposts + 0.01 * min(units, 40) + 0.04 * tiles + 0.03 * min(cards, 6)
    return total


def evaluate(state: GameState, seat: int) -> float:
    """The seat's lead in :func:`progress` over the best other seat (VP lead at the end)."""
    if state.phase == OVER:
        scores = [vp(state, s) for s in range(state.player_count)]
        best_other = max(score for s, score in enumerate(scores) if s != seat)
        lead = float(scores[seat] - best_other)
        return lead + (0.5 if lead > 0 else -0.5 if lead < 0 else 0.0)
    marked = _marked(state)
    holdings = _Holdings(state)
    mine = progress(state, seat, marked, holdings)
    rival = max(progress(state, s, marked, holdings) for s in range(state.player_count) if s != seat)
    return mine - rival
