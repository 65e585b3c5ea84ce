"""Static Pulsar 2849 data, loaded once from ``data/pulsar/*.json`` (spec §8).  Every record
keeps its ``source`` mark; most are [designed] because the seed has no pictures, so the engine
reads everything from these files and a transcription of the real components is a data swap."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import data as game_data
from rules.kit import Term, parse_term

SIDES = ("A", "B")                       # star cluster board sides (B has dead ends)
SIZES = ("S", "M", "L")                  # gyrodyne sizes


#: One DSL term of spec §6.8 / §8.6.1, e.g. ``EFF-VP(3)`` -> Effect("EFF-VP", ("3",)); nested calls such
#: as ``ABL-VISIT(jump_gate, EFF-VP(1))`` keep the inner term as one argument.
Effect = Term
parse_effect = parse_term


def _effects(items: list[str]) -> tuple[Effect, ...]:
    return tuple(parse_effect(item) for item in items)


@dataclass(frozen=True)
class Location:
    id: str                     # type letter + space number: "S03", "P05", "J02", "H01"
    type: str                   # S system, P pulsar, J jump gate, H starting gate (entry point)
    side: str                   # the board side it is printed on ("A" / "B": two different maps)
    x: float                    # layout: centre of the space as a fraction of the board picture's width
    y: float                    # ... and of its height
    gate_colour: str | None     # jump gates: orange / green / purple


@dataclass(frozen=True)
class Segment:
    id: str                     # "A01" / "B39"
    a: str
    b: str
    double: bool                # side B dead end: two parallel segments


@dataclass(frozen=True)
class Technology:
    id: str                     # "AI-1a": side AI, time row 1, slot a (the top one)
    side: str                   # "AI" .. "DIII"
    tier: str                   # "I" / "II" / "III"
    row: int                    # time row 1..8
    cost: int                   # die value
    mode: str                   # "1/R" (one patent per round) or "2"
    kind: str                   # instant / ability / instant + ability / green / purple
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Project:
    id: str                     # "HQ1-1.1a", "HQ1-1.M"
    board: int                  # 1..4
    side: int                   # 1 (gyrodynes) / 2 (flying)
    row: int                    # 1..3, 4 = the main project
    cost: int
    effects: tuple[Effect, ...]
    needs: tuple[str, ...] | None = None   # printed sides: the projects joined below (None: every lower row, HQ-2)


@dataclass(frozen=True)
class Planet:
    slot: int                   # 1..4
    colour: str                 # blue / barren
    mark: str | None            # None, "3+" (blocked with 2 players) or "4" (blocked with 2-3 players)


@dataclass(frozen=True)
class SystemTile:
    id: str                     # "PS01".."PS17"
    planets: tuple[Planet, ...]
    bonus: tuple[Effect, ...]   # the discovery bonus

    def available(self, players: int) -> tuple[Planet, ...]:
        """The planets in play with ``players`` players (spec 4.2: marked planets are blocked)."""
        blocked = {2: ("3+", "4"), 3: ("4",)}.get(players, ())
        return tuple(planet for planet in self.planets if planet.mark not in blocked)


@dataclass(frozen=True)
class Transmitter:
    id: str                     # "TX-A01"
    letter: str                 # A / B / C (stack order)
    dice: tuple[int, ...]       # the cost's die icons
    connections: tuple[int, ...]    # pips of each half-die connection point
    on_activation: tuple[Effect, ...]
    production: tuple[Effect, ...]


@dataclass(frozen=True)
class Goal:
    id: str                     # "G1a"
    tile: str                   # "G1"
    side: str                   # "a" / "b"
    metric: str                 # what is counted at game end
    at_least: int
    base_vp: int
    bonus: tuple[tuple[int, int], ...]   # (cubes, VP) of the two bonus purchases
    first_game: bool


@dataclass(frozen=True)
class PlayerCount:
    """What depends on the number of players (spec 4.2)."""

    players: int
    silver_dice: int
    drafted: int
    start_vp: tuple[int, ...]            # by turn-order space
    blocked_marks: tuple[str, ...]       # planet marks blocked when a tile is revealed
    patent_limit: str                    # one_player / two_players_one_per_round
    engineering_income: tuple[tuple[str, int], ...]   # by engineering rank: ("cubes" | "vp", amount)
    final_order_vp: tuple[int, ...]      # by turn-order space at the end


@dataclass(frozen=True)
class Tables:
    locations: dict[str, Location]
    segments: dict[str, tuple[Segment, ...]]          # side -> segments
    technologies: dict[str, Technology]
    time_row_bonus: dict[int, int | str]              # time row -> gyrodyne row bonus (or "M")
    projects: dict[str, Project]
    systems: dict[str, SystemTile]
    transmitters: dict[str, Transmitter]
    goals: dict[str, Goal]
    exploration: dict[str, tuple[tuple[Effect, ...], bool]]   # id -> (effects, kept)
    gyro_costs: dict[str, tuple[int, int]]            # size -> (take cost, spin cost) (§8.3)
    station_vp: tuple[int, ...]
    station_vp_further: int
    by_players: dict[int, PlayerCount]
    track_len: int = 15                                # initiative / engineering track spaces (8.2)
    track_start: int = 7                               # the space every marker starts on

    def on_side(self, side: str) -> dict[str, Location]:
        """The locations printed on board side ``side`` (each side is its own map)."""
        return {loc: info for loc, info in self.locations.items() if info.side == side}

    def isolated(self, side: str) -> tuple[str, ...]:
        """The isolated pulsars of ``side``: pulsars no route reaches (FLY-6, PULSAR-CLAIM-4)."""
        routes = self.routes(side)
        return tuple(loc for loc, info in sorted(self.on_side(side).items()) if info.type == "P" and not routes[loc])

    def starting_gates(self, side: str) -> tuple[str, ...]:
        """The entry points of ``side`` (P-SETUP-21)."""
        return tuple(loc for loc, info in sorted(self.on_side(side).items()) if info.type == "H")

    def routes(self, side: str) -> dict[str, list[str]]:
        """Side's multigraph as adjacency lists (a double line appears twice)."""
        adjacency: dict[str, list[str]] = {loc: [] for loc in self.locations}
        for segment in self.segments[side]:
            for _ in range(2 if segment.double else 1):
                adjacency[segment.a].append(segment.b)
                adjacency[segment.b].append(segment.a)
        return adjacency

    def station_score(self, stations: int) -> int:
        """FS-7: the station scoring table, +3 for each station beyond it."""
        table = self.station_vp
        if stations < len(table):
            return table[stations]
        return table[-1] + self.station_vp_further * (stations - len(table) + 1)


@lru_cache(maxsize=1)
def tables() -> Tables:
    load = game_data.load_json
    cluster = load("pulsar", "cluster.json")
    locations = {n["id"]: Location(n["id"], n["type"], n["side"], float(n["x"]), float(n["y"]), n["gate_colour"])
                 for n in cluster["nodes"]}
    segments = {side: tuple(Segment(s["id"], s["a"], s["b"], bool(s["double"])) for s in cluster[f"side_{side}"])
                for side in SIDES}
    tech = load("pulsar", "technologies.json")
    technologies = {t["id"]: Technology(t["id"], t["side"], t["tier"], int(t["row"]), int(t["cost"]), t["mode"],
                                        t["kind"], _effects(t["effects"])) for t in tech["technologies"]}
    time_row_bonus = {int(r["time_row"]): r["gyro_bonus"] for r in tech["time_rows"]}
    projects = {p["id"]: Project(p["id"], int(p["board"]), int(p["side"]), 4 if p["row"] == "main" else int(p["row"]),
                                 int(p["cost"]), _effects(p["effects"]),
                                 tuple(p["needs"]) if "needs" in p else None)
                for p in load("pulsar", "hq.json")["projects"]}
    systems = {t["id"]: SystemTile(t["id"], tuple(Planet(int(p["slot"]), p["colour"], p["mark"]) for p in t["planets"]),
                                   _effects(t["bonus"])) for t in load("pulsar", "systems.json")["tiles"]}
    transmitters = {t["id"]: Transmitter(t["id"], t["letter"], tuple(t["dice"]), tuple(t["connections"]),
                                         _effects(t["on_activation"]), _effects(t["production"]))
                    for t in load("pulsar", "transmitters.json")["transmitters"]}
    goals = {g["id"]: Goal(g["id"], g["tile"], g["side"], g["metric"], int(g["at_least"]), int(g["base_vp"]),
                           tuple((int(b["cubes"]), int(b["vp"])) for b in g["bonus"]), bool(g["first_game"]))
             for g in load("pulsar", "goals.json")["goals"]}
    exploration = {t["id"]: (_effects(t["effects"]), bool(t["kept"])) for t in load("pulsar", "exploration.json")["tiles"]}
    tab = load("pulsar", "tables.json")
    gyro_costs = {row["size"]: (int(row["take_cost"]), int(row["spin_cost"]))
                  for row in load("pulsar", "pieces.json")["gyrodynes"]}
    return Tables(locations, segments, technologies, time_row_bonus, projects, systems, transmitters, goals,
                  exploration, gyro_costs, tuple(tab["station_scoring"]["table"]), int(tab["station_scoring"]["each_further"]),
                  {int(row["players"]): PlayerCount(
                      int(row["players"]), int(row["silver_dice"]), int(row["drafted"]), tuple(row["start_vp"]),
                      tuple(row["blocked_marks"]), row["patent_limit"],
                      tuple((kind, int(amount)) for kind, amount in row["engineering_income"]),
                      tuple(row["final_order_vp"])) for row in tab["by_players"]},
                  int(tab["dice_board"]["track_len"]), int(tab["dice_board"]["start"]))
