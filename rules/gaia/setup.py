"""Game creation: from lobby options + seed, or from an explicit setup record (GP-SETUP-*)."""
from __future__ import annotations

import copy

from rules.base import BadOptions
from rules.rng import Rng

from . import board
from .engine import FIELDS, advance_start
from .tables import (ADV_POS, ADV_TECHS, BOOSTERS, FACTIONS, FINAL_TILES, ROUND_TILES, STD_POS, STD_TECHS)

FIRST_GAME = {2: ["hadsch-hallas", "xenos"], 3: ["terrans", "taklons", "gleens"],
              4: ["terrans", "hadsch-hallas", "xenos", "taklons"]}


def empty_state(players: int, options: dict, rng: Rng | None) -> dict:
    return {
        "game": "gaia", "version": 1, "options": options, "rng": rng.to_json() if rng else None,
        "n": players, "map": [], "placement": [], "planet": {}, "bld": {}, "guest": {}, "gf": {}, "sat": {},
        "station": {}, "players": [None] * players, "round": 0, "phase": "factions",
        "round_scoring": [], "final_scoring": [], "boosters": {}, "tech": {}, "adv_taken": [],
        "fed_supply": {}, "terra_fed": None, "used_actions": [], "order": list(range(players)), "passed": [],
        "current": None, "leech_q": [], "offer": None, "queue": [], "map_locked": False, "log_count": 0,
    }


def new_player(faction: str) -> dict:
    f = FACTIONS[faction]
    b1, b2, b3 = f["power"]
    p = {"faction": faction, "vp": 10, "vp_src": {"start": 10},
         "c": f["start"]["c"], "o": f["start"]["o"], "k": f["start"]["k"], "q": f["start"]["q"],
         "power": {"area1": b1, "area2": b2, "area3": b3, "gaia": 0},
         "brainstone": "area1" if f.get("brainstone") else None,
         "research": {fl: 0 for fl in FIELDS}, "inc_seq": [], "gf_total": 0, "gf_gaia": 0,
         "techs": [], "feds": [], "booster": None, "used": [], "passed": False,
         "n": {"m": 0, "ts": 0, "lab": 0, "PI": 0, "ac1": 0, "ac2": 0, "sp": 0},
         "fed_hexes": [], "ivits_feds": 0, "income_todo": [], "waiting": None, "tg_left": 0, "ask": None}
    p["tokens"] = b1 + b2 + b3 + (1 if p["brainstone"] else 0)
    return p


def choose_faction(st, seat, faction):
    """GP-SETUP-13/15/16: one faction per home planet type."""
    from .engine import err
    if faction not in FACTIONS:
        err("gaia.err.unknown_faction", "GP-SETUP-13", faction=faction, allowed=list(FACTIONS))
    planet = FACTIONS[faction]["planet"]
    for p in st["players"]:
        if p and FACTIONS[p["faction"]]["planet"] == planet:
            err("gaia.err.faction_planet_taken", "GP-SETUP-13", faction=faction, other=p['faction'])
    st["players"][seat] = new_player(faction)
    start = FACTIONS[faction]["research"]
    if start:
        advance_start(st, seat, start)


def setup_queue(st) -> list:
    """GP-SETUP-21/22: mines p1..pn, then pn..p1 (Ivits skipped), Xenos' third, Ivits PI."""
    n = st["n"]
    facs = [p["faction"] for p in st["players"]]
    q = [[s, "m"] for s in range(n) if facs[s] != "ivits"]
    q += [[s, "m"] for s in reversed(range(n)) if facs[s] != "ivits"]
    q += [[s, "m"] for s in range(n) if facs[s] == "xenos"]
    q += [[s, "PI"] for s in range(n) if facs[s] == "ivits"]
    return q


def after_factions(st):
    st["phase"] = "setup"
    st["queue"] = setup_queue(st)


def from_options(options: dict, seed: int) -> dict:
    """A new game from lobby options (GP-SETUP-1..11, GP-VAR-*, GP-RNG-1/2)."""
    n = options["players"]
    rng = Rng(seed)
    st = empty_state(n, dict(options), rng)
    mapopt = options.get("map", "standard")
    if mapopt == "standard":
        placement = board.standard_placement(n)
    else:
        placement = board.random_placement(n, mapopt, rng)
    st["placement"] = placement
    st["map"] = board.build_map(placement)
    st["map_id"] = board.map_id(st["map"])
    tiles = rng.shuffled(list(STD_TECHS))
    st["tech"] = dict(zip(STD_POS, tiles))
    st["tech"].update(dict(zip(ADV_POS, rng.shuffled(list(ADV_TECHS))[:6])))
    feds = {f"fed{i}": 3 for i in range(1, 7)}
    terra = rng.choice(sorted(feds))
    feds[terra] -= 1
    st["fed_supply"] = feds
    st["terra_fed"] = terra
    st["round_scoring"] = rng.shuffled(sorted(ROUND_TILES, key=lambda s: int(s[5:])))[:6]
    st["final_scoring"] = rng.shuffled(list(FINAL_TILES))[:2]
    st["boosters"] = {b: None for b in sorted(rng.shuffled(list(BOOSTERS))[:n + 3], key=lambda b: int(b[7:]))}
    fopt = options.get("factions", "choose")
    if options.get("rotate_sectors"):
        st["phase"] = "rotate"
    if fopt == "first-game":
        for s, f in enumerate(FIRST_GAME[n]):
            choose_faction(st, s, f)
    elif fopt == "random":
        boards = rng.shuffled(sorted({FACTIONS[f]["planet"] for f in FACTIONS}))[:n]
        for s, planet in enumerate(boards):
            choices = sorted(f for f in FACTIONS if FACTIONS[f]["planet"] == planet)
            choose_faction(st, s, rng.choice(choices))
    st["rng"] = rng.to_json()
    if st["phase"] != "rotate" and fopt != "choose":
        after_factions(st)
    return st


def from_record(record: dict, options: dict | None = None) -> dict:
    """A game from an explicit setup record (the fixtures' ``setup`` block, GP-RNG-2)."""
    n = record.get("players") or (options or {}).get("players")
    setup = record["setup"] if "setup" in record else record
    if not n:
        raise BadOptions("gaia.err.record_players")
    # replaying recorded games: pass-order turns (GP-VAR-5), automatic end conversion (GP-END-6),
    # and no rejection of a recorded federation on minimality grounds alone (GP-FED-6 note)
    opts = {"players": n, "map": "recorded", "factions": "choose", "turn_order": "passOrder",
            "auto_convert": True, "rotate_sectors": False, "fed_check": False}
    if options:
        opts.update(options)
    st = empty_state(n, opts, None)
    placement = setup.get("placement") or []   # {"sectors": [...], ...} or the list itself
    st["placement"] = copy.deepcopy(placement["sectors"] if isinstance(placement, dict) else placement)
    if setup.get("map"):
        st["map"] = [[h["q"], h["r"], h["planet"], h["sector"], h["name"]] for h in setup["map"]]
        st["map_locked"] = True
    else:
        st["map"] = board.build_map(st["placement"])
    st["map_id"] = board.map_id(st["map"])
    st["tech"] = dict(setup["tech_tiles"])
    st["fed_supply"] = dict(setup["federation_tokens"])
    st["terra_fed"] = setup.get("terraforming_federation")
    st["round_scoring"] = list(setup["round_scoring"])
    st["final_scoring"] = list(setup["final_scoring"])
    st["boosters"] = {b: None for b in setup["boosters"]}
    if st.get("map_locked"):
        # a recorded game with sector rotation (GP-VAR-11) starts at its rotation line, so
        # that line replays through the bot like every other (the recorded map already shows it)
        if any(line.split()[1:2] == ["rotate"] for line in record.get("moves") or []):
            st["phase"] = "rotate"
    return st
