"""The hex map: geometry (GP-MAP-1..8), sector placement and a cached lookup structure."""
from __future__ import annotations

from typing import Any

from rules.rng import Rng

from .tables import HOME_TYPES, LABEL_AT, LOCAL, NEIGHBOURS, SECTOR_TILES, SECTORS


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def coords(k: str) -> tuple[int, int]:
    q, r = k.split(",")
    return int(q), int(r)


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(v: tuple[int, int], k: int) -> tuple[int, int]:
    """GP-MAP-5: one clockwise step maps (q, r) -> (-r, q + r)."""
    q, r = v
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


def sector_number(tile: str) -> str:
    return tile.rstrip("AB")


def build_map(placement: list[dict[str, Any]]) -> list[list[Any]]:
    """placement: [{"sector": "5B", "rotation": k, "center": {"q":..,"r":..}}] -> hex rows
    [q, r, planet, sector_tile, name]."""
    rows = []
    for sec in placement:
        tile = sec["sector"]
        hexes = SECTOR_TILES[tile]
        cq, cr = sec["center"]["q"], sec["center"]["r"]
        rot = sec.get("rotation", 0)
        num = sector_number(tile)
        for off, planet in zip(LOCAL, hexes):
            dq, dr = rotate(off, rot)
            rows.append([cq + dq, cr + dr, planet, tile, num + LABEL_AT[(dq, dr)]])
    return rows


def same_type_adjacent(rows: list[list[Any]], strict: bool) -> bool:
    """GP-MAP-7: two planets of one type adjacent across sector boundaries."""
    at = {(q, r): (p, s) for q, r, p, s, _ in rows}
    for (q, r), (p, s) in at.items():
        if p == "e" or (not strict and p not in HOME_TYPES):
            continue
        for dq, dr in NEIGHBOURS:
            o = at.get((q + dq, r + dr))
            if o and o[0] == p and o[1] != s:
                return True
    return False


class MapInfo:
    """Immutable lookups for one map (shared by all states of a game)."""

    def __init__(self, rows: list[list[Any]]) -> None:
        self.planet: dict[str, str] = {}
        self.sector: dict[str, str] = {}
        self.name: dict[str, str] = {}
        self.by_name: dict[str, str] = {}
        self.xy: dict[str, tuple[int, int]] = {}
        for q, r, p, s, n in rows:
            k = key(q, r)
            self.planet[k] = p
            self.sector[k] = sector_number(s)
            self.name[k] = n
            self.by_name[n.upper()] = k
            self.xy[k] = (q, r)
        self.neighbours: dict[str, list[str]] = {}
        for k, (q, r) in self.xy.items():
            self.neighbours[k] = [key(q + dq, r + dr) for dq, dr in NEIGHBOURS if key(q + dq, r + dr) in self.xy]
        self.planets = [k for k, p in self.planet.items() if p != "e"]
        self._within: dict[tuple[str, int], list[str]] = {}

    def dist(self, a: str, b: str) -> int:
        return distance(self.xy[a], self.xy[b])

    def within(self, k: str, d: int) -> list[str]:
        """All map hexes at distance <= d of k (cached)."""
        got = self._within.get((k, d))
        if got is None:
            q0, r0 = self.xy[k]
            got = []
            for dq in range(-d, d + 1):
                for dr in range(max(-d, -dq - d), min(d, -dq + d) + 1):
                    kk = key(q0 + dq, r0 + dr)
                    if kk in self.xy:
                        got.append(kk)
            self._within[(k, d)] = got
        return got

    def locate(self, text: str) -> str | None:
        """A location in either form (GP-MAP-4 name or absolute 'qxr')."""
        t = text.strip()
        if "x" in t.lower():
            try:
                q, r = t.lower().split("x")
                k = key(int(q), int(r))
            except ValueError:
                return None
            return k if k in self.xy else None
        return self.by_name.get(t.upper())


_CACHE: dict[str, MapInfo] = {}


def map_id(rows: list[list[Any]]) -> str:
    import hashlib
    import json
    return hashlib.sha1(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()[:16]


def map_info(rows: list[list[Any]], mid: str | None = None) -> MapInfo:
    """The cached lookups of a map; ``mid`` (the state's ``map_id``) avoids hashing the rows."""
    if mid is None:
        mid = map_id(rows)
    info = _CACHE.get(mid)
    if info is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        info = _CACHE[mid] = MapInfo(rows)
    return info


def standard_placement(players: int) -> list[dict[str, Any]]:
    small = players <= 2
    centres = SECTORS["centers"]["small"] + ([] if small else SECTORS["centers"]["large_extra"])
    layout = SECTORS["standard"]["small" if small else "large"]
    return [{"sector": s, "rotation": rot, "center": {"q": c[0], "r": c[1], "s": -c[0] - c[1]}}
            for (s, rot), c in zip(layout, centres)]


def random_placement(players: int, method: str, rng: Rng) -> list[dict[str, Any]]:
    """GP-VAR-7/8/10: shuffle/rotate sectors with the seeded RNG until GP-MAP-7 (strict) holds."""
    small = players <= 2
    centres = SECTORS["centers"]["small"] + ([] if small else SECTORS["centers"]["large_extra"])
    std = SECTORS["standard"]["small" if small else "large"]
    for _ in range(2000):
        if small or method == "method3":
            tiles = rng.shuffled([s for s, _ in std])
            rots = [rng.randint(0, 5) for _ in tiles]
            layout = list(zip(tiles, rots))
        else:
            fixed = [(s, rot) for s, rot in std if s in ("1", "2", "3", "4")]
            free = rng.shuffled([s for s, _ in std if s not in ("1", "2", "3", "4")])
            if method == "method2":
                order = rng.shuffled([s for s, _ in fixed])
                fixed_iter = iter([(s, 0) for s in order])
            else:
                fixed_iter = iter(fixed)
            free_iter = iter([(s, rng.randint(0, 5)) for s in free])
            layout = [next(fixed_iter) if s in ("1", "2", "3", "4") else next(free_iter) for s, _ in std]
        placement = [{"sector": s, "rotation": rot, "center": {"q": c[0], "r": c[1], "s": -c[0] - c[1]}}
                     for (s, rot), c in zip(layout, centres)]
        if not same_type_adjacent(build_map(placement), strict=True):
            return placement
    return standard_placement(players)
