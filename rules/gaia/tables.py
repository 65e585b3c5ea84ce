"""Static Gaia Project data, loaded from ``data/gaia/*.json`` (every record carries ``source``)."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import data

FIELDS = ("terra", "nav", "int", "gaia", "eco", "sci")
HOME_TYPES = ("r", "o", "v", "d", "s", "t", "i")
BUILDINGS = ("m", "ts", "lab", "PI", "ac1", "ac2")
STD_POS = ("terra", "nav", "int", "gaia", "eco", "sci", "free1", "free2", "free3")
ADV_POS = tuple("adv-" + f for f in FIELDS)
PLANET_NAMES = {"r": "Terra", "o": "Oxide", "v": "Volcanic", "d": "Desert", "s": "Swamp", "t": "Titanium",
                "i": "Ice", "g": "Gaia", "m": "Transdim", "l": "Lost", "e": "empty space"}


@lru_cache(maxsize=None)
def _factions() -> dict[str, Any]:
    loaded: dict[str, Any] = data.load_json("gaia", "factions.json")
    return loaded


def factions() -> dict[str, Any]:
    return {f["id"]: f for f in _factions()["factions"]}


FACTIONS = factions()
FACTION_IDS = tuple(FACTIONS)
FACTION_VARIANTS = ("standard", "more-balanced")


@lru_cache(maxsize=None)
def faction_board(faction: str, variant: str = "standard", players: int = 0) -> dict[str, Any]:
    """The faction's board under a faction variant (``data/gaia/faction_variants.json``): the
    standard record with the variant's overrides for this player count merged in."""
    board = dict(FACTIONS[faction])
    if variant == "standard":
        return board
    for entry in data.load_json("gaia", "faction_variants.json")["variants"][variant]:
        if entry["faction"] != faction or entry.get("players", players) != players:
            continue
        for key, value in entry.items():
            if key in ("faction", "players", "source", "from", "note"):
                continue
            board[key] = {**board[key], **value} if key == "start" else value
    return board
WHEEL = tuple(_factions()["wheel"]["order"])
STD_BUILDINGS = dict(_factions()["buildings"])

_tech = data.load_json("gaia", "tech_tiles.json")
TECH = {t["id"]: t for t in _tech["standard"] + _tech["advanced"]}
STD_TECHS = tuple(t["id"] for t in _tech["standard"])
ADV_TECHS = tuple(t["id"] for t in _tech["advanced"])
BOOSTERS = {b["id"]: b for b in data.load_json("gaia", "boosters.json")}
_scoring = data.load_json("gaia", "scoring.json")
ROUND_TILES = {s["id"]: s for s in _scoring["round"]}
FINAL_TILES = {s["id"]: s for s in _scoring["final"]}
FINAL_VP = tuple(_scoring["final_vp"]["values"])
FED_TOKENS = {f["id"]: f for f in data.load_json("gaia", "federation_tokens.json")}
RESEARCH = data.load_json("gaia", "research.json")
ACTIONS = {a["id"]: a for a in data.load_json("gaia", "actions.json")}
SECTORS = data.load_json("gaia", "sectors.json")
SECTOR_TILES = {t["id"]: t["hexes"] for t in SECTORS["tiles"]}

# local offsets in label order A0..A11 B0..B5 C (GP-MAP-4)
LABELS = ["A%d" % i for i in range(12)] + ["B%d" % i for i in range(6)] + ["C"]
LOCAL = [(2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1), (-2, 0), (-1, -1), (0, -2), (1, -2), (2, -2), (2, -1),
         (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (0, 0)]
LABEL_AT = {off: lab for off, lab in zip(LOCAL, LABELS)}
NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def terraform_steps(home: str, target: str) -> int:
    a, b = WHEEL.index(home), WHEEL.index(target)
    d = abs(a - b) % 7
    return min(d, 7 - d)


_REWARD = re.compile(r"^(\d*)([a-z][a-z0-9\-]*)$")


def parse_rewards(text: str) -> list[tuple[int, str]]:
    """'2c,o,2pw' -> [(2,'c'),(1,'o'),(2,'pw')]; empty -> [].  A new list each time (read
    once per text: the same few texts are read millions of times in computer players' rollouts)."""
    return list(_parse_rewards(text))


@lru_cache(maxsize=4096)
def _parse_rewards(text: str) -> tuple[tuple[int, str], ...]:
    out: list[tuple[int, str]] = []
    text = (text or "").strip().lstrip("+")
    if not text:
        return ()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        m = _REWARD.match(part)
        if not m:
            raise ValueError(part)
        out.append((int(m.group(1)) if m.group(1) else 1, m.group(2)))
    return tuple(out)


def rewards_key(text: str) -> tuple[tuple[str, int], ...]:
    total: dict[str, int] = {}
    for n, t in parse_rewards(text):
        total[t] = total.get(t, 0) + n
    return tuple(sorted(total.items()))
