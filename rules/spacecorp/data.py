"""Static Space Corp data, loaded once from ``data/spacecorp/*.json`` (spec §3, §4.4, §7.5, §8).

Every record keeps its ``source`` mark exactly as the spec writes it ([seed], [public], [designed],
often mixed per field); most are [designed] because the seed has no component faces, so the engine
reads everything from these files and a transcription of the real components is a data swap.
Derived tables (the distance charts §8.1.4 / §8.2.4 / §8.3.3, the deck summary §8.5.5) are not
stored: they are computed here and checked against the spec by tests/spacecorp/test_data.py.

DESIGN DECISIONS (where the spec is silent or ambiguous; data-level only)
- Distances (SC-MOV-5/21/30): E1/E2 = liftoff + gravity(origin) + cheapest border route between the
  two regions + landing + gravity(destination) + the orbital surcharge of the (origin region,
  destination region) pair, 0 for the same site. A site link (North/South Mars, SC-MOV-10) is a
  flat alternative for exactly that pair; it never shortens routes to other sites. E3 = cheapest
  border route between the regions; Orion regions are terminal (never crossed, SC-MOV-33); the
  colony condition for entering them is a rule, not geometry, so distances assume it is met (as the
  §8.3.3 chart does).
- Same-region moves in E3 are impossible (SC-MOV-32); ``distance`` still answers 0 for the same
  site and leaves legality to the rules.
- E3 regions all carry ``radiation = True`` (SC-MOV-35); E1 none (SC-RAD-1).
- Near (SC-MOV-36): the border table's "near" column is stored as printed on the board and must
  agree with cost < 20 (checked at load); a region is near itself; only direct borders count.
- Stack ids: E1/E2 tiles and boxes use the explore-cost backs ``f1``/``f2``/``f3``; E3 uses the
  glossary keys ``P``/``S``/``A`` (Primary/Secondary/Alien). An E1/E2 site's one box is the stack of
  its explore cost (checked at load).
- Progress cards (SC-PROG-4): physical copy ``#1`` is the copy with the profit bonus, ``#2`` the
  copy without; SC-SETUP-30 stacking order is the engine's concern.
- Time cards are unique physical cards ``T1``..``T8`` (spec §10.1), one record each.
- HQ printed values: "Shielded Move 2" is written in the card-entry grammar as ``Sh Move 2``; a
  box holding two entries behaves like a two-entry Infra card (SC-VAL-2).
- Colony tiles C21-C32 carry only the solo mark (players = (1,)); K03/K04 read "opponent" in
  multiplayer (§8.9.1), so their trigger is ``by=opponent``.
- Effects, triggers, prerequisites, contract conditions and base requirements are terms of one small
  grammar, ``NAME`` or ``NAME(arg, key=value, ...)``, parsed into :class:`Effect`; the names are the
  engine's vocabulary (listed in each JSON file's ``_about``), the spec's English effect prose is
  not stored (display texts come from the catalogues).
- Components (§3) store what the engine counts; the base supply is 3 per type per colour
  ([designed], 27/9).
"""
from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import data as game_data
from rules.kit import Term, parse_term

ERAS = ("E1", "E2", "E3")
ACTIONS = ("RESEARCH", "MOVE", "EXPLORE", "BUILD", "PRODUCE", "GENETICS", "IDEA", "SPECIAL")
ICONS = ("W", "L", "N", "A", "X", "D", "R")       # water, life, natural wonder, anomaly, alien, dust, rings
STACKS = {"E1": ("f1", "f2"), "E2": ("f1", "f2", "f3"), "E3": ("P", "S", "A")}
SOURCE_TAGS = ("seed", "public", "designed")
_TAG = re.compile(r"\[([a-z]+)\]")
_ENTRY = re.compile(r"^(Sh )?(Research|Move|Explore|Build|Produce|Genetics|Idea) (x)?(\d+)$")
_SPECIAL_ENTRY = re.compile(r"^Special \((SP-[A-Z]+)\)$")


def check_source(mark: str) -> str:
    """A ``source`` cell: at least one tag, and only [seed] / [public] / [designed]."""
    tags = _TAG.findall(mark)
    if not tags or any(tag not in SOURCE_TAGS for tag in tags):
        raise ValueError(f"not a source mark: {mark!r}")
    return mark


#: One term of the data files, e.g. ``PROBE(max_cost=2)`` (the kit's Term).
Effect = Term
parse_effect = parse_term


def design(card: str) -> str:
    """A physical card's design id: ``M02#1`` -> ``M02`` (a Time card ``T3`` is its own)."""
    return card.split("#")[0]


def is_time(card: str) -> bool:
    """``T1``..``T8`` (SC-CARD-6)."""
    return card in tables().time_cards


def _effects(items: list[str]) -> tuple[Effect, ...]:
    return tuple(parse_effect(item) for item in items)


@dataclass(frozen=True)
class Entry:
    """One action entry of a card or an HQ box (SC-CARD-1..3), e.g. ``Sh Move x2``."""

    action: str                 # RESEARCH .. IDEA, or SPECIAL
    value: int                  # 0 for a Special entry
    multiplier: bool            # "x n" (SC-VAL-5)
    shielded: bool              # "Sh" (SC-VAL-7)
    special: str | None = None  # SP-* id (§8.8) of a Special entry


def parse_entry(text: str) -> Entry:
    """``Move 4`` / ``Sh Build 2`` / ``Produce x2`` / ``Special (SP-NEAR)`` -> Entry."""
    text = text.strip()
    special = _SPECIAL_ENTRY.match(text)
    if special:
        return Entry("SPECIAL", 0, False, False, special.group(1))
    match = _ENTRY.match(text)
    if not match:
        raise ValueError(f"not an action entry: {text!r}")
    shielded, action, mult, value = match.groups()
    if shielded and action not in ("Move", "Build"):
        raise ValueError(f"only Move and Build entries can be shielded: {text!r}")
    return Entry(action.upper(), int(value), mult is not None, shielded is not None)


# ---------------------------------------------------------------- maps (§8.1-§8.3)

@dataclass(frozen=True)
class Region:
    id: str                     # "R1_EARTH", "R3_VOID2"
    name: str
    name_hu: str
    kind: str                   # space (E1/E2) / home / star_system / void / orion (E3)
    radiation: bool             # in the radiation zone (SC-RAD-1)
    surcharge: bool             # one of the E2 orbital-surcharge regions (SC-MOV-21)
    source: str


@dataclass(frozen=True)
class Site:
    id: str                     # "moon", "eps_eri"
    name: str
    name_hu: str
    region: str
    explore: int | None         # explore cost f#; None = unexplorable (SC-MAP-4)
    build: int | None           # build cost b#; None = nothing can be built
    gravity: int                # gravity penalty (SC-MAP-3)
    kind: str                   # home / moon / lagrange / asteroid / planet / comet / dwarf_planet / pioneer / star_system / orion
    stars: int | None           # E3: stars drawn (>= 2 multi-star); None elsewhere
    boxes: tuple[str, ...]      # exploration boxes by stack: ("f2",), ("P", "S", "S"), ()
    source: str

    @property
    def multi_star(self) -> bool:
        return (self.stars or 0) >= 2


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    cost: int                   # E1/E2: sum of the border diamonds; E3: movement points
    near: bool | None           # E3: the board's near mark (< 20); None in E1/E2
    source: str


@dataclass(frozen=True)
class Link:
    """A site-to-site cost outside the region geometry: the Mars link (SC-MOV-10) and the E2
    orbital surcharges between regions (SC-MOV-21)."""

    a: str
    b: str
    cost: int
    source: str


@dataclass(frozen=True)
class Movement:
    liftoff: int                # +1 leaving the origin site (E1/E2)
    landing: int                # +1 arriving at the destination site (E1/E2)
    gravity: bool               # gravity penalties apply (E1/E2)
    unshielded_penalty: int     # T paid by an unshielded action in radiation (SC-RAD-4)
    track_spaces: int           # E3 star-track length (SC-MOV-32), 0 elsewhere
    near_below: int             # E3 "near" threshold (SC-MOV-36), 0 elsewhere


@dataclass(frozen=True)
class EraMap:
    era: str
    movement: Movement
    regions: dict[str, Region]
    sites: dict[str, Site]
    borders: tuple[Border, ...]
    site_links: tuple[Link, ...]              # flat site-to-site costs (North/South Mars)
    surcharges: tuple[Link, ...]              # region pair -> orbital surcharge (E2)
    adjacency: dict[str, dict[str, int]]      # region -> neighbour -> border cost (computed)
    region_distances: dict[str, dict[str, int]]   # all pairs, cheapest border route (computed)

    def neighbours(self, region: str) -> dict[str, int]:
        """Adjacent regions and the border cost to each."""
        return self.adjacency[region]

    def border_cost(self, a: str, b: str) -> int | None:
        return self.neighbours(a).get(b)

    def sites_in(self, region: str) -> tuple[Site, ...]:
        return tuple(site for site in self.sites.values() if site.region == region)

    def region_distance(self, a: str, b: str) -> int | None:
        """Cheapest sum of border costs from region a to region b (None: unreachable)."""
        return self.region_distances[a].get(b)

    def surcharge(self, a: str, b: str) -> int:
        """Orbital surcharge from region a to region b (SC-MOV-21): only for different regions of the set."""
        for link in self.surcharges:
            if {link.a, link.b} == {a, b} and a != b:
                return link.cost
        return 0

    def distance(self, origin: str, destination: str) -> int | None:
        """Move distance between two sites (SC-MOV-5, SC-MOV-10, SC-MOV-21, SC-MOV-30); None if no route."""
        if origin == destination:
            return 0
        a, b = self.sites[origin], self.sites[destination]
        route = self.region_distance(a.region, b.region)
        if route is None:
            return None
        move = self.movement
        total = route + self.surcharge(a.region, b.region)
        if move.liftoff or move.landing or move.gravity:
            total += move.liftoff + move.landing
            if move.gravity:
                total += a.gravity + b.gravity
        for link in self.site_links:
            if {link.a, link.b} == {origin, destination}:
                total = min(total, link.cost)
        return total

    def near(self, a: str, b: str) -> bool:
        """SC-MOV-36: the same region, or a direct border cheaper than the threshold."""
        if a == b:
            return True
        cost = self.border_cost(a, b)
        return cost is not None and cost < self.movement.near_below


def _adjacency(regions: dict[str, Region], borders: tuple[Border, ...]) -> dict[str, dict[str, int]]:
    adjacency: dict[str, dict[str, int]] = {region: {} for region in regions}
    for border in borders:
        for x, y in ((border.a, border.b), (border.b, border.a)):
            adjacency[x][y] = min(border.cost, adjacency[x].get(y, border.cost))
    return adjacency


def _shortest(regions: dict[str, Region], adjacency: dict[str, dict[str, int]], origin: str) -> dict[str, int]:
    """Dijkstra over the borders; Orion regions are entered but never crossed (SC-MOV-33)."""
    best = {origin: 0}
    queue = [(0, origin)]
    while queue:
        cost, region = heapq.heappop(queue)
        if cost > best[region] or (region != origin and regions[region].kind == "orion"):
            continue
        for other, step in adjacency[region].items():
            if cost + step < best.get(other, cost + step + 1):
                best[other] = cost + step
                heapq.heappush(queue, (cost + step, other))
    return best


# ---------------------------------------------------------------- HQ and wheel (§8.4)

@dataclass(frozen=True)
class HqSide:
    id: str                     # standard / start_e2 / start_e3
    start_era: str | None       # the variant it is used for (SC-VAR-2/3)
    boxes: dict[str, tuple[Entry, ...]]   # "R", "1", "2", "3" -> printed entries
    source: str


@dataclass(frozen=True)
class Wheel:
    size: int                   # WHEEL_SIZE (SC-GEN-2)
    award_space: int            # "Start" space
    awards: dict[str, str]      # cube -> Progress kind earned per lap: genetics ADAPT, idea BREAK (SC-GEN-4, SC-IDEA-1)
    start_positions: dict[str, tuple[int, int]]   # variant start era -> (genetics, idea) (SC-VAR-2/3)


# ---------------------------------------------------------------- cards (§8.5-§8.8)

@dataclass(frozen=True)
class Card:
    id: str                     # "M01"; physical cards "M01#1".."M01#4"
    era: str
    copies: int
    name: str
    name_hu: str
    entries: tuple[Entry, ...]  # one is chosen per play
    infra: bool                 # Upgradeable as Infra
    edge: str | None            # EG-* id (§8.6)
    start: bool                 # start card
    source: str

    @property
    def physical_ids(self) -> tuple[str, ...]:
        return tuple(f"{self.id}#{n}" for n in range(1, self.copies + 1))

    def has(self, action: str) -> bool:
        return any(entry.action == action for entry in self.entries)


@dataclass(frozen=True)
class TimeCard:
    id: str                     # "T1".."T8"
    name: str
    name_hu: str
    actions: tuple[str, ...]    # actions it may join (SC-VAL-8)
    effects: tuple[Effect, ...] # DOUBLE or SPLIT, chosen
    source: str


@dataclass(frozen=True)
class EdgeDef:
    id: str                     # "EG-RACE"
    name: str
    name_hu: str
    trigger: Effect             # engine event, by=self/opponent/any, filters
    effects: tuple[Effect, ...]
    source: str


@dataclass(frozen=True)
class ProgressCard:
    id: str                     # "AD-STARCH", "BR-PROBENET"; physical "#1" (bonus) and "#2" (none)
    kind: str                   # ADAPT / BREAK
    era: str                    # era set (Side Board at that era's setup)
    name: str
    name_hu: str
    prerequisites: tuple[Effect, ...]   # all must hold (SC-PROG-2)
    timing: str                 # one-time / ongoing
    effects: tuple[Effect, ...]
    bonus: int                  # T on the bonus copy
    source: str

    @property
    def physical_ids(self) -> tuple[str, str]:
        return (f"{self.id}#1", f"{self.id}#2")


@dataclass(frozen=True)
class Special:
    id: str                     # "SP-NEAR"
    name: str
    name_hu: str
    era: str
    effects: tuple[Effect, ...]
    source: str


# ---------------------------------------------------------------- colonies, contracts, tiles (§8.9-§8.11)

@dataclass(frozen=True)
class ColonyAbility:
    id: str                     # "K01".."K17"
    text_hu: str                # the seed's Hungarian text (for the catalogue)
    timing: str                 # ongoing / immediate / immediate+ongoing / era_end / none
    trigger: Effect | None      # COLONIZED(by=...), PLACED, ERA_END, ...
    effects: tuple[Effect, ...]
    source: str


@dataclass(frozen=True)
class ColonyTile:
    id: str                     # "C01".."C32"
    name: str
    name_hu: str
    value: int                  # dots = CP needed (SC-COL-2), tie-break (SC-SCORE-4)
    ability: str                # K-id
    players: tuple[int, ...]    # player-count marks; (1,) = solo only
    source: str


@dataclass(frozen=True)
class Contract:
    row: int                    # 1..7 (the spec's contract id)
    era: str
    name: str
    name_hu: str
    conditions: tuple[Effect, ...]   # all must hold (SC-CON-2)
    reward: int                 # printed reward in T (carry-over SC-CON-5 is the engine's)
    source: str


@dataclass(frozen=True)
class DiscoveryTile:
    id: str                     # "D1-01".."D3-33"
    era: str
    stack: str                  # f1/f2/f3, P/S/A
    name: str
    name_hu: str
    icons: tuple[str, ...]      # letters of ICONS
    profit: int                 # immediate T
    genetics: int               # immediate Gen n
    idea: int                   # immediate Idea n
    production: int | None      # ongoing P# (P0 is a production value); None = none
    base_mod: int               # ongoing Base +/-n (build-cost modifier)
    colony: int                 # ongoing Col n
    special: tuple[Effect, ...] # red text: DRAW_INSTEAD(stack), PHOBES, INTROVERTS
    source: str


def _tile(t: dict[str, Any]) -> DiscoveryTile:
    profit = genetics = idea = base_mod = colony = 0
    production: int | None = None
    for item in t["immediate"]:
        if m := re.fullmatch(r"(\d+)T", item):
            profit += int(m.group(1))
        elif m := re.fullmatch(r"Gen (\d+)", item):
            genetics += int(m.group(1))
        elif m := re.fullmatch(r"Idea (\d+)", item):
            idea += int(m.group(1))
        else:
            raise ValueError(f"{t['id']}: not an immediate reward: {item!r}")
    for item in t["ongoing"]:
        if m := re.fullmatch(r"P(\d+)", item):
            production = int(m.group(1))
        elif m := re.fullmatch(r"Base ([+-]\d+)", item.replace("−", "-")):
            base_mod += int(m.group(1))
        elif m := re.fullmatch(r"Col (\d+)", item):
            colony += int(m.group(1))
        else:
            raise ValueError(f"{t['id']}: not an ongoing property: {item!r}")
    icons = tuple(t["icons"])
    if any(icon not in ICONS for icon in icons):
        raise ValueError(f"{t['id']}: unknown icon in {icons}")
    if t["stack"] not in STACKS[t["era"]]:
        raise ValueError(f"{t['id']}: stack {t['stack']!r} is not an {t['era']} stack")
    return DiscoveryTile(t["id"], t["era"], t["stack"], t["name"], t["name_hu"], icons, profit, genetics, idea,
                         production, base_mod, colony, _effects(t["special"]), check_source(t["source"]))


# ---------------------------------------------------------------- bases, components, player counts

@dataclass(frozen=True)
class BaseType:
    id: str                     # ATTRACTION .. SPACEPORT (glossary 114-122)
    name: str
    name_hu: str
    source: str


@dataclass(frozen=True)
class BaseRule:
    base: str
    era: str
    requires_any: tuple[Effect, ...]    # one must hold for the tile/site (SC-BLD-3)
    abilities: tuple[Effect, ...]
    source: str


@dataclass(frozen=True)
class PlayerCount:
    """What depends on the number of players (spec §4.4)."""

    players: int
    business_side: str              # "1-2" / "3-4"
    time_cards_per_deck: int        # shuffled into each era's deck
    time_cards_in_play: int
    e1_compensation_seats: tuple[int, ...]   # SC-SETUP-14
    e1_start_profit: dict[int, int]          # seat -> T (SC-SETUP-15)
    colony_tiles: int               # SC-SETUP-49
    passes_to_end_era: int          # SC-END-5
    post_exhaustion_turns: int      # SC-END-10


@dataclass(frozen=True)
class Components:
    counts: dict[str, int]          # component id -> physical count (§3)
    colours: tuple[str, ...]
    discovery_stacks: dict[str, dict[str, int]]   # era -> stack -> tiles
    colony_tiles_by_players: dict[int, int]
    base_per_type: int              # per colour
    kit: dict[str, int]             # per-player starting kit
    sources: dict[str, str]


@dataclass(frozen=True)
class Constants:
    """Rule numbers of spec §4-§7 the engine needs, each with its rule ID in the JSON."""

    start_teams: dict[str, int]     # era -> teams placed (SC-SETUP-7/22/42)
    start_cards_per_era: int
    start_cards_dealt: dict[str, int]
    offer_size: int
    research_max_hand: int          # SC-RES-1
    draw_max_hand: int              # SC-TURN-6
    profit_spend_max: int           # SC-VAL-9 (E2/E3)
    claim_compensation: int         # SC-EXP-8
    contracts_to_end_era: int       # SC-END-1
    colony_score: dict[int, int]    # SC-SCORE-2 (4 = 4 or more)
    colonize_build_threshold: tuple[int, int]   # single / multi-star (SC-COL-3f)
    colonize_pay: int               # SC-COL-3g
    orion_rewards: tuple[int, int]  # first / next (SC-MOV-34)
    variant_start_profit: dict[str, int]        # SC-VAR-2/3
    early_finish_pioneer_bonus: tuple[int, int] # SC-VAR-4

    def colony_points(self, colonies: int) -> int:
        """SC-SCORE-2: profit for the number of colonies owned."""
        return self.colony_score[min(colonies, max(self.colony_score))]


# ---------------------------------------------------------------- all tables

@dataclass(frozen=True)
class Tables:
    maps: dict[str, EraMap]                 # era -> map
    hq_sides: dict[str, HqSide]
    wheel: Wheel
    cards: dict[str, Card]                  # design id -> card (all three eras)
    time_cards: dict[str, TimeCard]
    edges: dict[str, EdgeDef]
    progress: dict[str, ProgressCard]
    specials: dict[str, Special]
    colony_abilities: dict[str, ColonyAbility]
    colony_tiles: dict[str, ColonyTile]
    contracts: dict[tuple[str, int], Contract]   # (era, row) -> contract
    discoveries: dict[str, DiscoveryTile]
    base_types: dict[str, BaseType]
    base_rules: dict[tuple[str, str], BaseRule]  # (era, base) -> rule
    components: Components
    by_players: dict[int, PlayerCount]
    constants: Constants

    def deck(self, era: str) -> tuple[Card, ...]:
        return tuple(card for card in self.cards.values() if card.era == era)

    def physical_deck(self, era: str) -> tuple[str, ...]:
        """Every physical card id of an era's action deck, start cards included (§8.0 identity)."""
        return tuple(pid for card in self.deck(era) for pid in card.physical_ids)

    def tiles(self, era: str, stack: str | None = None) -> tuple[DiscoveryTile, ...]:
        return tuple(t for t in self.discoveries.values() if t.era == era and stack in (None, t.stack))

    def colonies_for(self, players: int) -> tuple[ColonyTile, ...]:
        """SC-SETUP-49: the colony tiles marked for this player count."""
        return tuple(tile for tile in self.colony_tiles.values() if players in tile.players)

    def era_contracts(self, era: str) -> tuple[Contract, ...]:
        return tuple(sorted((c for c in self.contracts.values() if c.era == era), key=lambda c: c.row))

    def bases_in(self, era: str) -> tuple[BaseRule, ...]:
        return tuple(rule for (rule_era, _), rule in self.base_rules.items() if rule_era == era)


def _unique(kind: str, ids: list[Any]) -> None:
    seen: set[Any] = set()
    for item in ids:
        if item in seen:
            raise ValueError(f"duplicate {kind} id {item!r}")
        seen.add(item)


def build_map(doc: dict[str, Any]) -> EraMap:
    era = doc["era"]
    mv = doc["movement"]
    check_source(mv["source"])
    movement = Movement(int(mv["liftoff"]), int(mv["landing"]), bool(mv["gravity"]), int(mv["unshielded_penalty"]),
                        int(mv.get("track_spaces", 0)), int(mv.get("near_below", 0)))
    _unique(f"{era} region", [r["id"] for r in doc["regions"]])
    _unique(f"{era} site", [s["id"] for s in doc["sites"]])
    regions = {r["id"]: Region(r["id"], r["name"], r["name_hu"], r["kind"], bool(r["radiation"]),
                               bool(r["surcharge"]), check_source(r["source"])) for r in doc["regions"]}
    sites = {s["id"]: Site(s["id"], s["name"], s["name_hu"], s["region"], s["explore"], s["build"], int(s["gravity"]),
                           s["kind"], s["stars"], tuple(s["boxes"]), check_source(s["source"])) for s in doc["sites"]}
    for site in sites.values():
        if site.region not in regions:
            raise ValueError(f"{era} site {site.id}: unknown region {site.region!r}")
        if any(box not in STACKS[era] for box in site.boxes) or bool(site.boxes) != (site.explore is not None):
            raise ValueError(f"{era} site {site.id}: boxes {site.boxes} do not fit explore cost {site.explore}")
        if era != "E3" and site.boxes and site.boxes != (f"f{site.explore}",):
            raise ValueError(f"{era} site {site.id}: box {site.boxes} is not the f{site.explore} stack")
    borders = tuple(Border(b["a"], b["b"], int(b["cost"]), b.get("near"), check_source(b["source"]))
                    for b in doc["borders"])
    for border in borders:
        if border.a not in regions or border.b not in regions or border.a == border.b:
            raise ValueError(f"{era} border {border.a}-{border.b}: unknown or identical regions")
        if border.near is not None and border.near != (border.cost < movement.near_below):
            raise ValueError(f"{era} border {border.a}-{border.b}: near mark disagrees with cost {border.cost}")
    _unique(f"{era} border", [frozenset((b.a, b.b)) for b in borders])
    site_links = tuple(Link(x["a"], x["b"], int(x["cost"]), check_source(x["source"])) for x in doc["site_links"])
    surcharges = tuple(Link(x["a"], x["b"], int(x["cost"]), check_source(x["source"])) for x in doc["surcharges"])
    for link in site_links:
        if link.a not in sites or link.b not in sites:
            raise ValueError(f"{era} site link {link.a}-{link.b}: unknown site")
    for link in surcharges:
        if not (regions.get(link.a) and regions[link.a].surcharge and regions.get(link.b) and regions[link.b].surcharge):
            raise ValueError(f"{era} surcharge {link.a}-{link.b}: not two surcharge regions")
    adjacency = _adjacency(regions, borders)
    distances = {region: _shortest(regions, adjacency, region) for region in regions}
    return EraMap(era, movement, regions, sites, borders, site_links, surcharges, adjacency, distances)


@lru_cache(maxsize=1)
def tables() -> Tables:
    def load(name: str) -> Any:
        return game_data.load_json("spacecorp", name)

    maps = {era: build_map(load(f"map_{era.lower()}.json")) for era in ERAS}

    hq = load("hq.json")
    hq_sides = {s["id"]: HqSide(s["id"], s["start_era"],
                                {box: tuple(parse_entry(e) for e in entries) for box, entries in s["boxes"].items()},
                                check_source(s["source"])) for s in hq["sides"]}
    check_source(hq["wheel"]["source"])
    check_source(hq["wheel_award"]["source"])
    wheel = Wheel(int(hq["wheel"]["size"]), int(hq["wheel"]["award_space"]),
                  {cube: kind for cube, kind in hq["wheel_award"].items() if cube != "source"},
                  {v["start_era"]: (int(v["genetics"]), int(v["idea"])) for v in hq["variant_start_positions"]
                   if check_source(v["source"])})

    decks = load("decks.json")
    _unique("card", [c["id"] for c in decks["cards"]])
    cards = {c["id"]: Card(c["id"], c["era"], int(c["copies"]), c["name"], c["name_hu"],
                           tuple(parse_entry(e) for e in c["entries"]), bool(c["infra"]), c["edge"], bool(c["start"]),
                           check_source(c["source"])) for c in decks["cards"]}
    time_cards = {t["id"]: TimeCard(t["id"], t["name"], t["name_hu"], tuple(t["actions"]), _effects(t["effects"]),
                                    check_source(t["source"])) for t in decks["time_cards"]}
    edges = {e["id"]: EdgeDef(e["id"], e["name"], e["name_hu"], parse_effect(e["trigger"]), _effects(e["effects"]),
                              check_source(e["source"])) for e in load("edges.json")["edges"]}
    progress = {p["id"]: ProgressCard(p["id"], p["kind"], p["era"], p["name"], p["name_hu"],
                                      _effects(p["prerequisites"]), p["timing"], _effects(p["effects"]),
                                      int(p["bonus"]), check_source(p["source"])) for p in load("progress.json")["cards"]}
    specials = {s["id"]: Special(s["id"], s["name"], s["name_hu"], s["era"], _effects(s["effects"]),
                                 check_source(s["source"])) for s in load("specials.json")["specials"]}

    col = load("colonies.json")
    colony_abilities = {a["id"]: ColonyAbility(a["id"], a["text_hu"], a["timing"],
                                               parse_effect(a["trigger"]) if a["trigger"] else None,
                                               _effects(a["effects"]), check_source(a["source"]))
                        for a in col["abilities"]}
    colony_tiles = {t["id"]: ColonyTile(t["id"], t["name"], t["name_hu"], int(t["value"]), t["ability"],
                                        tuple(int(n) for n in t["players"]), check_source(t["source"]))
                    for t in col["tiles"]}
    contract_docs = load("contracts.json")["contracts"]
    _unique("contract", [(c["era"], c["row"]) for c in contract_docs])
    contracts = {(c["era"], int(c["row"])): Contract(int(c["row"]), c["era"], c["name"], c["name_hu"],
                                                     _effects(c["conditions"]), int(c["reward"]),
                                                     check_source(c["source"])) for c in contract_docs}
    tile_docs = load("discoveries.json")["tiles"]
    _unique("discovery tile", [t["id"] for t in tile_docs])
    discoveries = {t["id"]: _tile(t) for t in tile_docs}

    bases = load("bases.json")
    base_types = {b["id"]: BaseType(b["id"], b["name"], b["name_hu"], check_source(b["source"])) for b in bases["types"]}
    base_rules = {(r["era"], r["base"]): BaseRule(r["base"], r["era"], _effects(r["requires_any"]),
                                                  _effects(r["abilities"]), check_source(r["source"]))
                  for r in bases["rules"]}

    comp = load("components.json")
    records = {c["id"]: c for c in comp["components"]}
    components = Components(
        {cid: int(c["count"]) for cid, c in records.items() if "count" in c},
        tuple(records["colours"]["values"]),
        {era: {stack: int(n) for stack, n in stacks.items()} for era, stacks in records["discovery_tile"]["stacks"].items()},
        {int(n): int(k) for n, k in records["colony_tile"]["by_players"].items()},
        int(records["base_per_type"]["count"]),
        {key: int(value) for key, value in records["player_kit"].items() if key not in ("id", "source")},
        {cid: check_source(c["source"]) for cid, c in records.items()})
    rows = {r["id"]: r["values"] for r in comp["player_counts"] if check_source(r["source"])}
    by_players = {n: PlayerCount(
        n, rows["business_side"][str(n)], int(rows["time_cards_per_deck"][str(n)]),
        int(rows["time_cards_in_play"][str(n)]), tuple(int(s) for s in rows["e1_compensation_seats"][str(n)]),
        {int(seat): int(t) for seat, t in rows["e1_start_profit"][str(n)].items()}, int(rows["colony_tiles"][str(n)]),
        int(rows["passes_to_end_era"][str(n)]), int(rows["post_exhaustion_turns"][str(n)])) for n in (2, 3, 4)}
    k = {c["id"]: c for c in comp["constants"] if check_source(c["source"])}

    def ints(key: str) -> dict[str, int]:
        return {name: int(value) for name, value in k[key]["values"].items()}

    constants = Constants(
        ints("start_teams"), int(k["start_cards_per_era"]["value"]), ints("start_cards_dealt"),
        int(k["offer_size"]["value"]), int(k["research_max_hand"]["value"]), int(k["draw_max_hand"]["value"]),
        int(k["profit_spend_max"]["value"]), int(k["claim_compensation"]["value"]),
        int(k["contracts_to_end_era"]["value"]), {int(n): t for n, t in ints("colony_score").items()},
        (ints("colonize_build_threshold")["single"], ints("colonize_build_threshold")["multi"]),
        int(k["colonize_pay"]["value"]), (ints("orion_rewards")["first"], ints("orion_rewards")["next"]),
        ints("variant_start_profit"),
        (ints("early_finish_pioneer_bonus")["1st"], ints("early_finish_pioneer_bonus")["2nd"]))

    result = Tables(maps, hq_sides, wheel, cards, time_cards, edges, progress, specials, colony_abilities,
                    colony_tiles, contracts, discoveries, base_types, base_rules, components, by_players, constants)
    _check_references(result)
    return result


def _check_references(t: Tables) -> None:
    """Cross-table references name existing records (ValueError otherwise)."""
    for card in t.cards.values():
        if card.era not in ERAS:
            raise ValueError(f"card {card.id}: unknown era {card.era!r}")
        if card.edge is not None and card.edge not in t.edges:
            raise ValueError(f"card {card.id}: unknown edge {card.edge!r}")
        for entry in card.entries:
            if entry.special is not None and (entry.special not in t.specials or t.specials[entry.special].era != card.era):
                raise ValueError(f"card {card.id}: special {entry.special!r} is not an {card.era} Special card")
        if card.infra and any(entry.action == "SPECIAL" for entry in card.entries):
            raise ValueError(f"card {card.id}: a Special card cannot be Infra")
    for tile in t.colony_tiles.values():
        if tile.ability not in t.colony_abilities:
            raise ValueError(f"colony {tile.id}: unknown ability {tile.ability!r}")
    for progress in t.progress.values():
        if progress.kind not in ("ADAPT", "BREAK") or progress.era not in ("E2", "E3"):
            raise ValueError(f"progress {progress.id}: bad kind or era")
    for (era, base), rule in t.base_rules.items():
        if base not in t.base_types or era not in ERAS:
            raise ValueError(f"base rule {era}/{base}: unknown base type or era")
    for discovery in t.discoveries.values():
        for effect in discovery.special:
            if effect.name == "DRAW_INSTEAD" and effect.positional[0] not in STACKS[discovery.era]:
                raise ValueError(f"tile {discovery.id}: redirects to an unknown stack")
