"""Static EVE: Conquests data (star map, schedules, dice, political map, design cards), loaded
once from ``data/eve/*.json``.  Every record there keeps its ``source`` mark ([seed],
[public] or [designed]); the engine never hard-codes a table."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import data as game_data

TYPES = ("D", "P", "L")                 # development, production, logistics
RINGS = ("green", "blue", "orange", "red")   # lowest value first (EVE-CMB-16 cascades down this)
NEBULAE = ("vio", "cya", "mag")         # rows 1..3 of the political map
COLUMNS = ("A", "B", "C")
EMPIRES = ("amarr", "caldari", "gallente", "minmatar")
DICE_COLOURS = ("d", "s", "t")          # damage (red), shield (blue), tactics (white)


@dataclass(frozen=True)
class Region:
    code: str                   # "R01".."R63"
    name: str                   # the EVE Online region name, e.g. "Sinq Laison"
    ring: str                   # green / blue / orange / red
    vp: int                     # 1..4, the region card's value
    nebula: str                 # vio / cya / mag: the back of its region card
    x: int                      # layout position 0..1000, north up
    y: int


@dataclass(frozen=True)
class CardKind:
    kind: str                   # "DEV-A" .. "LOG-K"
    ids: tuple[str, ...]        # the copies, e.g. ("DV01", .., "DV04")
    deck: str                   # D / P / L
    window: str                 # OWN / COMBAT / END / TILE
    round_type: str | None      # OWN: the round type it needs (None: any)
    after_roll: bool            # COMBAT cards that take effect after the roll


@dataclass(frozen=True)
class Square:
    name: str                   # "VIO-A" .. "MAG-C"
    nebula: str
    column: str
    revealed_at_setup: bool


@dataclass(frozen=True)
class Tables:
    regions: dict[str, Region]                          # code -> region
    adjacent4: dict[str, frozenset[str]]                # code -> neighbours (3-4 players)
    adjacent2: dict[str, frozenset[str]]                # code -> neighbours (2 players: green/blue only)
    schedule: dict[tuple[str, int], tuple[int, int]]    # (type, level) -> (actions, months)
    constants: dict[str, int]
    faces: dict[str, tuple[int, ...]]                   # d/s/t -> die faces
    squares: dict[str, Square]                          # name -> square, in row-major order
    cards: dict[str, CardKind]                          # card id -> its kind
    kinds: dict[str, CardKind]                          # kind -> kind


@lru_cache(maxsize=1)
def tables() -> Tables:
    star = game_data.load_json("eve", "map.json")
    regions = {r["code"]: Region(r["code"], r["name"], r["ring"], int(r["vp"]), r["nebula"], int(r["x"]), int(r["y"]))
               for r in star["regions"]}
    adjacent: dict[str, set[str]] = {code: set() for code in regions}
    for gate in star["gates"]:
        adjacent[gate["a"]].add(gate["b"])
        adjacent[gate["b"]].add(gate["a"])
    inner = {code for code, region in regions.items() if region.ring in ("green", "blue")}
    adjacent4 = {code: frozenset(n) for code, n in adjacent.items()}
    adjacent2 = {code: frozenset(n & inner) for code, n in adjacent.items() if code in inner}
    tab = game_data.load_json("eve", "tables.json")
    schedule = {(row["type"], int(row["level"])): (int(row["actions"]), int(row["months"])) for row in tab["schedules"]}
    constants = {row["name"]: int(row["value"]) for row in tab["constants"]}
    colour_of = {"damage": "d", "shield": "s", "tactics": "t"}
    faces = {colour_of[row["role"]]: tuple(int(f) for f in row["faces"]) for row in tab["dice"]}
    squares = {row["square"]: Square(row["square"], row["nebula"], row["column"], bool(row["revealed_at_setup"]))
               for row in tab["squares"]}
    cards: dict[str, CardKind] = {}
    kinds: dict[str, CardKind] = {}
    for row in game_data.load_json("eve", "cards.json")["cards"]:
        kind = CardKind(row["kind"], tuple(row["ids"]), row["deck"], row["window"], row["round_type"],
                        bool(row["after_roll"]))
        kinds[kind.kind] = kind
        for card in kind.ids:
            cards[card] = kind
    return Tables(regions, adjacent4, adjacent2, schedule, constants, faces, squares, cards, kinds)


def square_of(nebula: str, column: str) -> str:
    return f"{nebula.upper()}-{column}"
