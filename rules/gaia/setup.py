"""Game creation: from lobby options + seed, or from an explicit setup record (GP-SETUP-*)."""
from __future__ import annotations

import copy
from typing import Any, cast

from rules.base import BadOptions
from rules.messages import Join, Msg
from rules.rng import Rng

from . import board
from .engine import advance_start
from .notation import code
from .state import GaiaState, Player
from .tables import (ADV_POS, ADV_TECHS, BOOSTERS, FACTION_VARIANTS, FACTIONS, FIELDS, FINAL_TILES, ROUND_TILES,
                     STD_POS, STD_TECHS, faction_board)

FIRST_GAME = {2: ["hadsch-hallas", "xenos"], 3: ["terrans", "taklons", "gleens"],
              4: ["terrans", "hadsch-hallas", "xenos", "taklons"]}


def empty_state(players: int, options: dict[str, Any], rng: Rng | None) -> GaiaState:
    seats: list[Player | None] = [None] * players   # no faction yet
    return {
        "game": "gaia", "version": 1, "options": options, "rng": rng.to_json() if rng else None,
        "n": players, "map": [], "placement": [], "planet": {}, "bld": {}, "guest": {}, "gf": {}, "sat": {},
        "station": {}, "players": cast("list[Player]", seats), "round": 0, "phase": "factions",
        "round_scoring": [], "final_scoring": [], "boosters": {}, "tech": {}, "adv_taken": [],
        "fed_supply": {}, "terra_fed": None, "used_actions": [], "order": list(range(players)), "passed": [],
        "current": None, "leech_q": [], "offer": None, "queue": [], "map_locked": False, "log_count": 0,
    }


def new_player(faction: str, variant: str = "standard", players: int = 0) -> Player:
    f = faction_board(faction, variant, players)
    b1, b2, b3 = f["power"]
    # built in key order (board variant before tokens), as stored games hold it
    p: dict[str, Any] = {"faction": faction, "vp": 10, "vp_src": {"start": 10},
         "c": f["start"]["c"], "o": f["start"]["o"], "k": f["start"]["k"], "q": f["start"]["q"],
         "power": {"area1": b1, "area2": b2, "area3": b3, "gaia": 0},
         "brainstone": "area1" if f.get("brainstone") else None,
         "research": {fl: 0 for fl in FIELDS}, "inc_seq": [], "gf_total": 0, "gf_gaia": 0,
         "techs": [], "feds": [], "booster": None, "used": [], "passed": False,
         "n": {"m": 0, "ts": 0, "lab": 0, "PI": 0, "ac1": 0, "ac2": 0, "sp": 0},
         "fed_hexes": [], "ivits_feds": 0, "income_todo": [], "waiting": None, "tg_left": 0, "ask": None}
    if variant != "standard":
        p["board"], p["board_players"] = variant, players
    p["tokens"] = b1 + b2 + b3 + (1 if p["brainstone"] else 0)
    return cast(Player, p)


# DESIGN DECISIONS (faction auction, GP-VAR: boardgamers.space's option "auction"; facts from its
# engine, engine/src/move/setup.ts and move/phase.ts)
# * "bid-while-choosing": the seat to act either takes a faction no one has chosen (`faction X`,
#   bid 0) or outbids the holder of a chosen one (`bid X n`, n = their bid + 1 .. + 9); the holder
#   loses it and acts again later.  The next seat to act is the next one, cyclically, without a
#   faction.  "choose-bid": first every seat names a faction in turn (none is assigned), then seats
#   without a faction bid from seat 1 on (0 .. 8 on a faction nobody holds).
# * The order in which the factions were first chosen is the table order from then on: setup
#   builds, boosters, round 1 and clockwise turn order, the order of power offers.
# * Bids are paid at the end of the game, in VP (final scoring).
def _assign(st: GaiaState, seat: int, faction: str, bid: int) -> None:
    seats = cast("list[Player | None]", st["players"])   # None: no faction (yet)
    for s, p in enumerate(seats):
        if p and p["faction"] == faction:
            seats[s] = None
    variant = st["options"].get("faction_variant", "standard")
    st["players"][seat] = new_player(faction, variant, st["n"] if variant != "standard" else 0)
    st["players"][seat]["bid"] = bid
    start = FACTIONS[faction]["research"]
    if start:
        advance_start(st, seat, start)


def _check_available(st: GaiaState, faction: str) -> None:
    from .engine import err
    if faction not in FACTIONS:
        # the choices as the reader types them (terranok, hadsch-hallák for a Hungarian)
        err("gaia.err.unknown_faction", "GP-SETUP-13", faction=faction, allowed=Join([code(f) for f in FACTIONS]))
    planet = FACTIONS[faction]["planet"]
    for other in st.get("chosen") or [p["faction"] for p in st["players"] if p]:
        if other == faction:        # the faction itself, not a sibling of its home planet (newcomer 27i)
            err("gaia.err.faction_taken", "GP-SETUP-13", faction=Msg("gaia.faction." + faction),
                planet=Msg("gaia.planet." + planet))
        if FACTIONS[other]["planet"] == planet:
            err("gaia.err.faction_planet_taken", "GP-SETUP-13", faction=Msg("gaia.faction." + faction),
                other=Msg("gaia.faction." + other))


def faction_turn(st: GaiaState) -> int | None:
    """The seat that chooses or bids now (factions and auction phases)."""
    if st["phase"] == "factions" and st["options"].get("auction", "none") == "none":
        return next((s for s in range(st["n"]) if st["players"][s] is None), None)
    return st.get("faction_turn", 0)


def _next_without_faction(st: GaiaState, seat: int) -> int | None:
    n = st["n"]
    return next(((seat + i) % n for i in range(1, n + 1) if st["players"][(seat + i) % n] is None), None)


def choose_faction(st: GaiaState, seat: int, faction: str) -> None:
    """GP-SETUP-13/15/16: one faction per home planet type (and the auction's choices)."""
    _check_available(st, faction)
    mode = st["options"].get("auction", "none")
    st.setdefault("chosen", []).append(faction)
    if mode == "choose-bid":
        st["faction_turn"] = seat + 1
        if seat + 1 >= st["n"]:
            st["phase"], st["faction_turn"] = "auction", 0
        return
    _assign(st, seat, faction, 0)
    if mode == "bid-while-choosing":
        st["faction_turn"] = _next_without_faction(st, seat)


def place_bid(st: GaiaState, seat: int, faction: str, amount: int) -> None:
    """`bid <faction> <n>` (the auction variants)."""
    from .engine import err
    mode = st["options"].get("auction", "none")
    if mode == "none":
        err("gaia.err.no_auction", "GP-VAR-12")
    if st["phase"] == "factions" and mode == "choose-bid":
        err("gaia.err.bid_later", "GP-VAR-12")
    if not st.get("chosen"):
        err("gaia.err.bid_nothing_chosen", "GP-VAR-12")
    if faction not in st["chosen"]:
        err("gaia.err.bid_unchosen", "GP-VAR-12", faction=code(faction),
            chosen=Join([code(f) for f in st["chosen"]]))
    holder = next((p for p in st["players"] if p and p["faction"] == faction), None)
    low = holder["bid"] + 1 if holder else 0
    if not low <= amount <= low + 8:
        err("gaia.err.bid_range", "GP-VAR-12", faction=faction, low=low, high=low + 8, given=amount)
    _assign(st, seat, faction, amount)
    st["faction_turn"] = _next_without_faction(st, seat)


def factions_done(st: GaiaState) -> bool:
    """Every seat holds a faction (with "choose-bid" none does before the bidding)."""
    return all(p is not None for p in st["players"])


def table_order(st: GaiaState) -> list[int]:
    """Seats in table order: the order the factions were first chosen in (seat order without
    an auction)."""
    chosen = st.get("chosen") or []
    if st["options"].get("auction", "none") == "none" or len(chosen) != st["n"]:
        return list(range(st["n"]))
    return [next(s for s, p in enumerate(st["players"]) if p and p["faction"] == f) for f in chosen]


def setup_queue(st: GaiaState) -> list[list[Any]]:
    """GP-SETUP-21/22: mines p1..pn, then pn..p1 (Ivits skipped), Xenos' third, Ivits PI
    (in table order; 2-player "more balanced": the Ivits PI right after the first mine)."""
    facs = [p["faction"] for p in st["players"]]
    table = st.get("table") or list(range(st["n"]))
    q: list[list[Any]] = [[s, "m"] for s in table if facs[s] != "ivits"]
    q += [[s, "m"] for s in reversed(table) if facs[s] != "ivits"]
    q += [[s, "m"] for s in table if facs[s] == "xenos"]
    ivits: list[list[Any]] = [[s, "PI"] for s in table if facs[s] == "ivits"]
    if ivits and _board_flag(st, ivits[0][0], "setup_pi_second"):
        return q[:1] + ivits + q[1:]
    return q + ivits


def _board_flag(st: GaiaState, seat: int, flag: str) -> bool:
    from .engine import fac
    return bool(fac(st["players"][seat]).get(flag))


def after_factions(st: GaiaState) -> None:
    st["table"] = table_order(st)
    st["phase"] = "setup"
    st["queue"] = setup_queue(st)


def from_options(options: dict[str, Any], seed: int) -> GaiaState:
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
    if fopt != "choose" and options.get("auction", "none") != "none":
        raise BadOptions("gaia.err.auction_needs_choice")
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


def from_record(record: dict[str, Any], options: dict[str, Any] | None = None) -> GaiaState:
    """A game from an explicit setup record (the fixtures' ``setup`` block, GP-RNG-2)."""
    n = record.get("players") or (options or {}).get("players")
    setup = record["setup"] if "setup" in record else record
    if not n:
        raise BadOptions("gaia.err.record_players")
    # replaying recorded games: pass-order turns (GP-VAR-5), automatic end conversion (GP-END-6),
    # and no rejection of a recorded federation on minimality grounds alone (GP-FED-6 note)
    opts = {"players": n, "map": "recorded", "factions": "choose", "turn_order": "passOrder",
            "auto_convert": True, "rotate_sectors": False, "fed_check": False}
    recorded = record.get("options") or {}
    if recorded.get("factionVariant") in FACTION_VARIANTS:
        opts["faction_variant"] = recorded["factionVariant"]
    if recorded.get("auction"):      # the platform's old games say `true`: bidding while choosing
        opts["auction"] = recorded["auction"] if recorded["auction"] in ("choose-bid", "bid-while-choosing") \
            else "bid-while-choosing"
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
