"""Gaia Project rules core: state transitions for every phase (rule IDs from the spec, GP-*).

The state is a plain JSON dict (see the package docstring, ``setup.empty_state`` and its TypedDict
``state.GaiaState``).  Functions here mutate the dict they are given; :mod:`rules.gaia.game` copies
before calling them, so ``apply`` stays pure.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Literal, NoReturn, cast, overload

from rules.base import IllegalMove
from rules.messages import Join, Localized, Msg

from . import board
from .state import PLUMBING, GaiaState, Offer, Player, clone_state
from .tables import (ACTIONS, ADV_POS, BOOSTERS, FED_TOKENS, FIELDS, FINAL_TILES, FINAL_VP, RESEARCH, ROUND_TILES,
                     STD_BUILDINGS, STD_POS, TECH, faction_board, parse_rewards, rewards_key, terraform_steps)

if TYPE_CHECKING:
    from .turns import Ctx

CAPS = {"o": 15, "k": 15, "c": 30}
# GP-COMP-1 supply: buildings per faction board (data), Ivits space stations
COUNTS = {**{t: b["count"] for t, b in STD_BUILDINGS.items()}, "sp": 6}
AREAS = ("area1", "area2", "area3")


class NeedAnswer(Exception):
    """A Taklons brainstone question arose where no answer can be read (income phase)."""


def err(key: str, rule: str | None = None, /, **values: Any) -> NoReturn:
    """Refuse the move: ``key`` is a catalogue key (``gaia.err.*``), ``values`` its values."""
    raise IllegalMove(key, rule, **values)


def refusal(key: str, rule: str | None = None, /, **values: Any) -> IllegalMove:
    """A refusal returned (not raised) by checks that callers may also use as predicates."""
    return IllegalMove(key, rule, **values)


def res_name(t: str) -> Msg:
    return Msg("gaia.res." + t)


def action_name(aid: str) -> Msg:
    """A power or QIC action by its name ("the 3rd power action"), never its notation id."""
    return Msg("gaia.comp.power.name" if aid.startswith("power") else "gaia.comp.qic.name", n=aid.lstrip("powerqic"))


def amount_of(text: str) -> Msg | Join | str:
    """An amount of the notation ("5pw", "1q,2o") in the reader's words ("5 power")."""
    from .texts import amount
    return amount(text)


def unit_name(t: str) -> Msg | str:
    """A resource unit of the notation ("q", "pw", "t-a3") in words; notation left as typed otherwise."""
    from .texts import UNITS
    base = t.replace("-a3", "")
    return res_name(base) if base in UNITS and base not in ("step", "tech") else t


def notation_code(text: str) -> Localized:
    """A move of the notation as the reader types it (``feltölt 1energia`` for a Hungarian)."""
    from .notation import code
    return code(text)


def space_code(pos: str) -> Localized:
    """A tech space as each reader types it and the research image prints it (``kül-nav``)."""
    from .texts import hu_code
    return Localized(en=pos, hu=hu_code(pos))


def tile_name(tid: str) -> Msg:
    """A tech tile by its name ("Standard technology tile 3"), never its id."""
    advanced = tid.startswith("adv")
    return Msg("gaia.comp.advtech.name" if advanced else "gaia.comp.tech.name", n=tid[7:] if advanced else tid[4:])


def bld_name(t: str) -> Msg:
    return Msg("gaia.building." + t)


def field_name(f: str) -> Msg:
    return Msg("gaia.field." + f) if f in FIELDS else Msg("gaia.value", value=f)


@overload
def read_rewards(text: str, rule: str, key: Literal[False] = False) -> list[tuple[int, str]]: ...


@overload
def read_rewards(text: str, rule: str, key: Literal[True]) -> tuple[tuple[str, int], ...]: ...


def read_rewards(text: str, rule: str, key: bool = False) -> list[tuple[int, str]] | tuple[tuple[str, int], ...]:
    """A reward list typed by a player (``parse_rewards``, or ``rewards_key`` with ``key``); a
    malformed amount is refused with a message instead of escaping as ValueError."""
    try:
        return rewards_key(text) if key else parse_rewards(text)
    except ValueError:
        err("gaia.err.bad_amount", rule, text=text)


# ----------------------------------------------------------------------------- helpers

# A copy of the state that moves may change without touching the original (``apply`` and every
# candidate validation make one): the kit's copy from the state's TypedDicts (rules/gaia/state.py),
# sharing the parts no move changes in place.
clone = clone_state


def minfo(st: GaiaState) -> board.MapInfo:
    return board.map_info(st["map"], st.get("map_id"))


def P(st: GaiaState, seat: int) -> Player:
    return st["players"][seat]


def fac(p: Player) -> dict[str, Any]:
    """The player's faction board (its variant chosen when the faction was taken)."""
    return faction_board(p["faction"], p.get("board", "standard"), p.get("board_players", 0))


def planet_of(st: GaiaState, k: str) -> str:
    return st["planet"].get(k) or minfo(st).planet[k]


def has_pi(p: Player) -> bool:
    return p["n"]["PI"] > 0


def seat_of_faction(st: GaiaState, faction: str) -> int | None:
    for i, p in enumerate(st["players"]):
        if p and p["faction"] == faction:   # seats still choosing a faction are None
            return i
    return None


def hexname(st: GaiaState, k: str) -> str:
    return minfo(st).name.get(k, k)


def add_vp(p: Player, n: int, source: str) -> None:
    if n == 0:
        return
    p["vp"] += n
    p["vp_src"][source] = p["vp_src"].get(source, 0) + n


def round_tile(st: GaiaState) -> dict[str, Any] | None:
    if 1 <= st["round"] <= 6:
        tile: dict[str, Any] = ROUND_TILES[st["round_scoring"][st["round"] - 1]]
        return tile
    return None


def round_event(st: GaiaState, p: Player, event: str, times: int = 1) -> None:
    """GP-SCORE-2: the current round tile pays for the deed."""
    tile = round_tile(st)
    if tile and tile["event"] == event and times:
        add_vp(p, tile["vp"] * times, "round:" + tile["id"])


def has_tech(p: Player, tid: str) -> bool:
    return any(t["id"] == tid and not t["covered"] for t in p["techs"])


def owns_tech_kind(p: Player, tid: str) -> bool:
    return any(t["id"] == tid for t in p["techs"])


def gf_available(st: GaiaState, p: Player, seat: int) -> int:
    on_map = sum(1 for v in st["gf"].values() if v == seat)
    return p["gf_total"] - on_map - p["gf_gaia"]


# ----------------------------------------------------------------------------- power (GP-POW-*)

def total_tokens(p: Player) -> int:
    pw = p["power"]
    return pw["area1"] + pw["area2"] + pw["area3"] + pw["gaia"] + (1 if p["brainstone"] else 0)


def _sim_charge(pw: dict[str, int], stone: str | None, n: int, early: bool) -> tuple[int, int, int, str | None, int]:
    b1, b2, b3 = pw["area1"], pw["area2"], pw["area3"]
    done = 0
    if early and stone == "area1" and n > 0:
        stone, n, done = "area2", n - 1, done + 1
    x = min(n, b1)
    b1, b2, n, done = b1 - x, b2 + x, n - x, done + x
    if not early and stone == "area1" and n > 0:
        stone, n, done = "area2", n - 1, done + 1
    if early and stone == "area2" and n > 0:
        stone, n, done = "area3", n - 1, done + 1
    y = min(n, b2)
    b2, b3, n, done = b2 - y, b3 + y, n - y, done + y
    if not early and stone == "area2" and n > 0:
        stone, n, done = "area3", n - 1, done + 1
    return b1, b2, b3, stone, done


def capacity(p: Player) -> int:
    pw = p["power"]
    extra = {"area1": 2, "area2": 1}.get(p["brainstone"] or "", 0)
    return 2 * pw["area1"] + pw["area2"] + extra


def ask_brainstone(ctx: Ctx | None, options: list[str], rule: str = "GP-FAC-TAK-1") -> str:
    """Read the Taklons answer that must follow the sub-command that raised the question."""
    ans = ctx.take_brainstone() if ctx is not None else None
    if ans is None and ctx is not None and getattr(ctx, "record", False):
        ans = options[0]
        ctx.cmds.insert(ctx.i, ["brainstone", ans])
        ctx.inserted.append((ctx.i, list(options)))
        ctx.i += 1
    if ans is None:
        if ctx is None or ctx.pause_ok:
            raise NeedAnswer(options)
        err("gaia.err.brainstone_missing", rule, first=notation_code(f"brainstone {options[0]}"),
            second=notation_code(f"brainstone {options[1]}"))
    if ans not in options:
        err("gaia.err.brainstone_bad", rule, answer=notation_code(ans), allowed=Join([notation_code(o) for o in options], "or"))
    return ans


def charge(st: GaiaState, seat: int, n: int, ctx: Ctx | None) -> int:
    """GP-POW-1 with the Taklons brainstone (GP-FAC-TAK-1)."""
    p = P(st, seat)
    pw = p["power"]
    stone = p["brainstone"]
    if n <= 0:
        return 0
    if stone in ("area1", "area2"):
        e = _sim_charge(pw, stone, n, True)
        lt = _sim_charge(pw, stone, n, False)
        res = e
        if e[3] != lt[3]:
            ans = ask_brainstone(ctx, [cast(str, e[3]), cast(str, lt[3])])   # the stone moves: never None
            res = e if ans == e[3] else lt
    else:
        res = _sim_charge(pw, stone, n, True)
    pw["area1"], pw["area2"], pw["area3"] = res[0], res[1], res[2]
    p["brainstone"] = res[3]
    return res[4]


def gain_tokens(p: Player, n: int) -> None:
    """GP-POW-3."""
    p["power"]["area1"] += n
    p["tokens"] += n


def can_spend_power(p: Player, c: int) -> bool:
    pw = p["power"]
    if p["faction"] == "nevlas" and has_pi(p):
        return 2 * pw["area3"] >= c
    return pw["area3"] + (3 if p["brainstone"] == "area3" else 0) >= c


def spend_power(st: GaiaState, seat: int, c: int, ctx: Ctx | None) -> None:
    """GP-POW-2 with Nevlas PI (GP-FAC-NEV-2) and the Taklons brainstone (GP-FAC-TAK-1)."""
    p = P(st, seat)
    pw = p["power"]
    if c <= 0:
        return
    if p["faction"] == "nevlas" and has_pi(p):
        tok = math.ceil(c / 2)
        if pw["area3"] < tok:
            err("gaia.err.nevlas_power3", "GP-FAC-NEV-2", need=c, tokens=tok)
        pw["area3"] -= tok
        pw["area1"] += tok
        return
    if p["brainstone"] == "area3":
        r = pw["area3"]
        if r >= c and c >= 3:
            use = ask_brainstone(ctx, ["area1", "area3"]) == "area1"
        elif r >= c:
            use = False
        elif c >= 3:
            use = True
        else:
            use = True
            if ctx is not None:
                ctx.take_brainstone()
        if use:
            rest = max(c - 3, 0)
            if pw["area3"] < rest:
                err("gaia.err.power3_for", "GP-POW-2", need=c)
            p["brainstone"] = "area1"
            pw["area3"] -= rest
            pw["area1"] += rest
            return
    if pw["area3"] < c:
        err("gaia.err.power3_have", "GP-POW-2", need=c, have=pw['area3'])
    pw["area3"] -= c
    pw["area1"] += c


def _take_tokens(p: Player, n: int) -> None:
    """Remove n regular tokens I -> II -> III (GP-POW-4/5 fixed order)."""
    pw = p["power"]
    for a in AREAS:
        x = min(n, pw[a])
        pw[a] -= x
        n -= x
    if n:
        err("gaia.err.tokens", "GP-POW-4")


def tokens_available(p: Player) -> int:
    pw = p["power"]
    return pw["area1"] + pw["area2"] + pw["area3"] + (1 if p["brainstone"] in AREAS else 0)


def move_to_gaia(st: GaiaState, seat: int, n: int, ctx: Ctx | None) -> None:
    """GP-POW-5 / GP-GF-3."""
    p = P(st, seat)
    if tokens_available(p) < n:
        err("gaia.err.tokens_need", "GP-GF-1", need=n)
    stone_goes = False
    if p["brainstone"] in AREAS:
        regular = tokens_available(p) - 1
        if regular < n:
            stone_goes = True
        else:
            stone_goes = ask_brainstone(ctx, ["gaia", p["brainstone"]]) == "gaia"
    if stone_goes:
        p["brainstone"] = "gaia"
        n -= 1
    _take_tokens(p, n)
    p["power"]["gaia"] += n


def discard_tokens(st: GaiaState, seat: int, n: int, ctx: Ctx | None) -> None:
    """GP-POW-4 (satellites)."""
    p = P(st, seat)
    if tokens_available(p) < n:
        err("gaia.err.tokens_discard", "GP-FED-3", need=n)
    stone = p["brainstone"]
    if stone in AREAS:
        regular = tokens_available(p) - 1
        upto = sum(p["power"][a] for a in AREAS[:AREAS.index(stone) + 1])
        if regular < n:
            goes = True
        elif upto < n:
            goes = ask_brainstone(ctx, ["discard", stone]) == "discard"
        else:
            goes = False
        if goes:
            p["brainstone"] = None
            p["tokens"] -= 1
            n -= 1
    _take_tokens(p, n)
    p["tokens"] -= n


def burn(st: GaiaState, seat: int, k: int) -> None:
    """GP-POW-6 (Itars: burnt tokens go to the Gaia area, GP-FAC-ITA-1)."""
    p = P(st, seat)
    pw = p["power"]
    if k <= 0:
        err("gaia.err.burn_positive", "GP-POW-6")
    stone2 = 1 if p["brainstone"] == "area2" else 0
    if pw["area2"] + stone2 < 2 * k:
        err("gaia.err.burn_tokens", "GP-POW-6", burn=k, need=2 * k)
    moved = k
    if stone2:
        p["brainstone"] = "area3"
        moved -= 1
    pw["area2"] -= moved + k
    pw["area3"] += moved
    if p["faction"] == "itars":
        pw["gaia"] += k
    else:
        p["tokens"] -= k


# ----------------------------------------------------------------------------- resources

def gain(st: GaiaState, seat: int, text_or_list: str | list[tuple[int, str]], ctx: Ctx | None, source: str = "gain") -> None:
    """Gain a reward list: c o k q t pw vp (caps GP-COMP-2, Gleens QIC rule GP-FAC-GLE-1)."""
    p = P(st, seat)
    amounts = cast("dict[str, int]", p)   # the resources c o k q by name
    items = parse_rewards(text_or_list) if isinstance(text_or_list, str) else text_or_list
    for n, t in items:
        if t == "q" and p["faction"] == "gleens" and p["n"]["ac2"] == 0:
            t = "o"
        if t in CAPS:
            amounts[t] = min(CAPS[t], amounts[t] + n)
        elif t == "q":
            p["q"] += n
        elif t == "t":
            gain_tokens(p, n)
        elif t == "pw":
            charge(st, seat, n, ctx)
        elif t == "vp":
            add_vp(p, n, source)
        else:
            raise ValueError(t)


def pay(st: GaiaState, seat: int, items: Iterable[tuple[int, str]], ctx: Ctx | None = None, what: Msg | None = None) -> None:
    """Pay c/o/k/q/pw; all-or-nothing check first (GP-ACT-5)."""
    p = P(st, seat)
    amounts = cast("dict[str, int]", p)   # the resources c o k q by name
    need: dict[str, int] = {}
    for n, t in items:
        need[t] = need.get(t, 0) + n
    what = what if what is not None else Msg("gaia.what.this")
    for t, n in need.items():
        if t in ("c", "o", "k", "q") and amounts[t] < n:
            err("gaia.err.resource_for", "GP-ACT-5", resource=res_name(t), what=what, need=n, have=amounts[t])
        if t == "pw" and not can_spend_power(p, n):
            err("gaia.err.power3_for_what", "GP-POW-2", what=what, need=Msg("gaia.amt.pw", n=n))
    for t, n in need.items():
        if t in ("c", "o", "k", "q"):
            amounts[t] -= n
    if need.get("pw"):
        spend_power(st, seat, need["pw"], ctx)


# ----------------------------------------------------------------------------- map queries

def structures_of(st: GaiaState, seat: int) -> Iterator[tuple[str, str]]:
    """Yield (hex, type) for every structure of seat (main buildings, lost planet, Lantids guests)."""
    for k, (s, t) in st["bld"].items():
        if s == seat:
            yield k, t
    for k, s in st["guest"].items():
        if s == seat:
            yield k, "gm"


def structure_value(st: GaiaState, seat: int, k: str, t: str, for_fed: bool = False) -> int:
    p = P(st, seat)
    if t in ("m", "lp", "gm"):
        v = 1
    elif t in ("ts", "lab"):
        v = 2
    elif t in ("PI", "ac1", "ac2"):
        v = 4 if has_tech(p, "tech3") else 3
    elif t == "sp":
        return 1 if for_fed else 0
    else:
        v = 0
    if p["faction"] == "bescods" and has_pi(p) and t != "gm" and planet_of(st, k) == "t":
        v += 1
    return v


def own_hexes(st: GaiaState, seat: int) -> dict[str, str]:
    """hex -> building type for seat's structures and space stations (federation buildings)."""
    out = {k: t for k, t in structures_of(st, seat)}
    for k, s in st["station"].items():
        if s == seat:
            out[k] = "sp"
    return out


def range_points(st: GaiaState, seat: int) -> list[str]:
    pts = [k for k, _ in structures_of(st, seat)]
    pts += [k for k, s in st["station"].items() if s == seat]
    return pts


def min_distance(st: GaiaState, seat: int, k: str) -> int:
    mi = minfo(st)
    best = 99
    for h in range_points(st, seat):
        d = mi.dist(h, k)
        if d < best:
            best = d
    return best


def base_range(p: Player) -> int:
    reach: int = RESEARCH["range"][p["research"]["nav"]]
    return reach


def qic_for_range(st: GaiaState, seat: int, k: str, temp: int = 0) -> int:
    """GP-MINE-7."""
    d = min_distance(st, seat, k)
    return max(0, math.ceil((d - base_range(P(st, seat)) - temp) / 2))


def main_planets(st: GaiaState, seat: int) -> list[str]:
    """Planets colonized as main occupant (GP-CNT-3/4)."""
    return [k for k, (s, t) in st["bld"].items() if s == seat]


def planet_types(st: GaiaState, seat: int) -> int:
    return len({planet_of(st, k) for k in main_planets(st, seat)})


def gaia_planets(st: GaiaState, seat: int) -> int:
    return sum(1 for k in main_planets(st, seat) if planet_of(st, k) == "g")


def sectors_of(st: GaiaState, seat: int) -> int:
    mi = minfo(st)
    return len({mi.sector[k] for k, _ in structures_of(st, seat)})


def count_mines(st: GaiaState, seat: int) -> int:
    return sum(1 for _, t in structures_of(st, seat) if t in ("m", "lp", "gm"))


def count_type(st: GaiaState, seat: int, typ: str) -> int:
    return sum(1 for _, t in structures_of(st, seat) if t == typ)


def satellites_of(st: GaiaState, seat: int) -> int:
    return sum(1 for v in st["sat"].values() if seat in v) + P(st, seat)["n"]["sp"]


# ----------------------------------------------------------------------------- income

def building_income(p: Player, typ: str) -> list[Any]:
    f = fac(p)
    if typ == "PI":
        return [list(f["pi_income"])]
    over: list[Any] | None = f.get(typ + "_income")
    if over is not None:
        return over
    slots: list[Any] = STD_BUILDINGS[typ]["income"]
    return slots


def bump(p: Player, typ: str, delta: int) -> None:
    """Change a building count; the income slot joins / leaves the acquisition order (GP-INC-3/6)."""
    if delta > 0:
        for _ in range(delta):
            p["inc_seq"].append(f"bld:{typ}:{p['n'][typ]}")
            p["n"][typ] += 1
    else:
        for _ in range(-delta):
            p["n"][typ] -= 1
            key = f"bld:{typ}:{p['n'][typ]}"
            if key in p["inc_seq"]:
                p["inc_seq"].remove(key)


def touch_income(p: Player, key: str, present: bool = True) -> None:
    if key in p["inc_seq"]:
        p["inc_seq"].remove(key)
    if present:
        p["inc_seq"].append(key)


def income_events(st: GaiaState, seat: int) -> list[str]:
    """GP-INC-1/6: every income source as one event, in the order the player acquired them."""
    p = P(st, seat)
    f = fac(p)
    ev = []
    for key in ["base"] + p["inc_seq"]:
        if key == "base":
            ev.append(f["income"])
        elif key.startswith("bld:"):
            _, typ, index = key.split(":")
            slots = building_income(p, typ) if typ in ("m", "ts", "lab", "PI", "ac1") else []
            i = int(index)
            if i < len(slots):
                sl = slots[i]
                if isinstance(sl, list):
                    ev.extend(x for x in sl if x)
                elif sl:
                    ev.append(sl)
        elif key.startswith("tech:"):
            tid = key[5:]
            if has_tech(p, tid) and TECH[tid]["kind"] == "income":
                ev.append(TECH[tid]["reward"])
        elif key == "booster":
            if p["booster"]:
                ev.extend(BOOSTERS[p["booster"]]["income"])
        elif key.startswith("res:"):
            fld = key[4:]
            inc = RESEARCH["income"].get(fld)
            if inc and inc[p["research"][fld]]:
                ev.append(inc[p["research"][fld]])
    return ev


def _ev_has(ev: str, typ: str) -> int:
    return sum(n for n, t in parse_rewards(ev) if t == typ)


def events_need_order(evs: Iterable[str]) -> bool:
    """GP-INC-6: the order matters while a token gain and a charge are both pending."""
    return any(_ev_has(e, "t") for e in evs) and any(_ev_has(e, "pw") for e in evs)


def income_needs_choice(p: Player) -> bool:
    return events_need_order(p["income_todo"])


def run_income(st: GaiaState, seat: int, ctx: Ctx | None) -> bool:
    """Apply pending income events automatically while no ordering choice is needed.
    Returns True when the player's income is complete."""
    p = P(st, seat)
    while p["income_todo"]:
        if income_needs_choice(p):
            return False
        ev = p["income_todo"][0]
        if p["brainstone"] not in ("area1", "area2"):   # only a charge moving the stone can ask
            gain(st, seat, ev, ctx, "income")
        else:
            snap = PLUMBING.clone(p, Player)
            try:
                gain(st, seat, ev, ctx, "income")
            except NeedAnswer:
                raw = cast("dict[str, Any]", p)
                raw.clear()
                raw.update(snap)
                raise
        p["income_todo"].pop(0)
    return True


def income_choose(st: GaiaState, seat: int, reward: str, ctx: Ctx) -> None:
    """`income <r>`: apply one pending event first (GP-INC-6)."""
    p = P(st, seat)
    if not p["income_todo"] or not income_needs_choice(p):
        err("gaia.err.no_income_choice", "GP-INC-6")
    items = read_rewards(reward, "GP-INC-6")
    if len(items) != 1 or items[0][1] not in ("t", "pw") or items[0][0] < 1:
        err("gaia.err.income_one", "GP-INC-6")
    n, typ = items[0]
    for i, ev in enumerate(p["income_todo"]):
        if _ev_has(ev, typ) == n:
            p["income_todo"].pop(i)
            gain(st, seat, ev, ctx, "income")
            return
    err("gaia.err.income_none", "GP-INC-6", amount=amount_of(f"{n}{typ}"))


# ----------------------------------------------------------------------------- research (GP-RES-*)

def flip_green(st: GaiaState, seat: int, rule: str) -> None:
    p = P(st, seat)
    for f in p["feds"]:
        if f["green"]:
            f["green"] = False
            return
    err("gaia.err.need_green", rule)


def can_advance(st: GaiaState, seat: int, field: str) -> IllegalMove | None:
    """None when ``seat`` may advance in ``field``, else the refusal (not raised)."""
    p = P(st, seat)
    lv = p["research"][field]
    if lv >= 5:
        return refusal("gaia.err.research_max", "GP-RES-3", field=field_name(field))
    if field == "nav" and p["faction"] == "baltaks" and not has_pi(p):
        return refusal("gaia.err.baltaks_nav", "GP-FAC-BAL-2")
    if lv == 4:
        for i, o in enumerate(st["players"]):
            if i != seat and o["research"][field] == 5:
                return refusal("gaia.err.level5_taken", "GP-RES-3", field=field_name(field))
        if not any(f["green"] for f in p["feds"]):
            return refusal("gaia.err.level5_green", "GP-RES-3")
    return None


def check_field(field: str) -> None:
    """A research area the board has (GP-RES-1), else a refusal naming the six."""
    if field not in FIELDS:
        err("gaia.err.unknown_field", "GP-RES-1", field=field, allowed=Join([notation_code(f) for f in FIELDS]))


def advance(st: GaiaState, seat: int, field: str, ctx: Ctx) -> None:
    """Advance one research level (any cause)."""
    p = P(st, seat)
    check_field(field)
    why = can_advance(st, seat, field)
    if why is not None:
        raise why
    lv = p["research"][field] + 1
    if lv == 5:
        flip_green(st, seat, "GP-RES-3")
    p["research"][field] = lv
    touch_income(p, "res:" + field)
    for r in RESEARCH["rewards"][field][lv]:
        if r == "gf":
            p["gf_total"] += 1
        elif r == "fedtoken":
            if st["terra_fed"]:
                tok = st["terra_fed"]
                st["terra_fed"] = None
                take_fed_token(st, seat, tok, ctx)
        elif r == "lostplanet":
            place_lost_planet(st, seat, ctx)
        elif r == "vp/gaia":
            add_vp(p, gaia_planets(st, seat), "research")
        else:
            gain(st, seat, r, ctx, "research")
    if lv == 3:
        charge(st, seat, 3, ctx)  # GP-RES-4
    round_event(st, p, "up")
    if has_tech(p, "advtech2"):
        add_vp(p, 2, "tech:advtech2")


def research_followup(st: GaiaState, seat: int, ctx: Ctx, allowed: Iterable[str] | None) -> None:
    """`up <field>` or `decline` after a tech tile / special action (GP-TECH-3)."""
    cmd = ctx.peek()
    if cmd and cmd[0] == "decline":
        ctx.next()
        return
    if cmd and cmd[0] == "up":
        ctx.next()
        field = cmd[1] if len(cmd) > 1 else ""
        if allowed is not None and field not in allowed:
            err("gaia.err.research_only", "GP-TECH-3", allowed=Join([field_name(f) for f in allowed], "or"))
        advance(st, seat, field, ctx)
        return
    err("gaia.err.research_followup", "GP-TECH-3")


# ----------------------------------------------------------------------------- federations tokens

def take_fed_token(st: GaiaState, seat: int, tok: str, ctx: Ctx) -> None:
    """GP-FED-8/9: every token gained counts as forming a federation for round scoring."""
    p = P(st, seat)
    info = FED_TOKENS[tok]
    p["feds"].append({"id": tok, "green": bool(info["green"])})
    gain(st, seat, info["reward"], ctx, "fed:" + tok)
    round_event(st, p, "fed")


# ----------------------------------------------------------------------------- tech tiles (GP-TECH-*)

def tech_effects(st: GaiaState, seat: int, tid: str, ctx: Ctx) -> None:
    p = P(st, seat)
    kind, reward = TECH[tid]["kind"], TECH[tid]["reward"]
    if kind != "gain" and kind != "gain-types":
        return
    src = "tech:" + tid
    if kind == "gain-types":
        gain(st, seat, [(planet_types(st, seat), "k")], ctx, src)
    elif reward == "2vp/m":
        add_vp(p, 2 * count_mines(st, seat), src)
    elif reward == "o/sector":
        gain(st, seat, [(sectors_of(st, seat), "o")], ctx, src)
    elif reward == "2vp/gaia":
        add_vp(p, 2 * gaia_planets(st, seat), src)
    elif reward == "4vp/ts":
        add_vp(p, 4 * count_type(st, seat, "ts"), src)
    elif reward == "2vp/sector":
        add_vp(p, 2 * sectors_of(st, seat), src)
    elif reward == "5vp/fed":
        add_vp(p, 5 * len(p["feds"]), src)
    else:
        gain(st, seat, reward, ctx, src)


def gain_tech(st: GaiaState, seat: int, ctx: Ctx) -> None:
    """Follow-ups `tech <pos>` [`cover <pos>`] then `up`/`decline` (GP-TECH-1..6)."""
    p = P(st, seat)
    cmd = ctx.next()
    if not cmd or cmd[0] != "tech" or len(cmd) < 2:
        err("gaia.err.tech_missing", "GP-TECH-1")
    pos = cmd[1]
    if pos in ADV_POS:
        tid = st["tech"].get(pos)
        if not tid or pos in st["adv_taken"]:
            err("gaia.err.adv_gone", "GP-TECH-5", pos=space_code(pos))
        field = pos[4:]
        if p["research"][field] < 4:
            err("gaia.err.adv_level", "GP-TECH-4", pos=space_code(pos), field=field_name(field))
        if not any(f["green"] for f in p["feds"]):
            err("gaia.err.adv_green", "GP-TECH-4")
        cov = ctx.next()
        if not cov or cov[0] != "cover" or len(cov) < 2:
            err("gaia.err.cover_missing", "GP-TECH-4")
        target = None
        for t in p["techs"]:
            if not t["covered"] and t["pos"] == cov[1] and t["id"] in TECH and not t["id"].startswith("adv"):
                target = t
        if target is None:
            err("gaia.err.cover_bad", "GP-TECH-4", pos=notation_code(cov[1]))
        flip_green(st, seat, "GP-TECH-4")
        target["covered"] = True
        st["adv_taken"].append(pos)
        p["techs"].append({"id": tid, "pos": pos, "covered": False})
        touch_income(p, "tech:" + target["id"], present=False)
        tech_effects(st, seat, tid, ctx)
        research_followup(st, seat, ctx, None)
    elif pos in STD_POS:
        tid = st["tech"][pos]
        if owns_tech_kind(p, tid):
            err("gaia.err.tech_owned", "GP-TECH-2", tile=tile_name(tid))
        p["techs"].append({"id": tid, "pos": pos, "covered": False})
        touch_income(p, "tech:" + tid)
        tech_effects(st, seat, tid, ctx)
        research_followup(st, seat, ctx, None if pos.startswith("free") else [pos])
    else:
        err("gaia.err.tech_pos", "GP-TECH-1", pos=notation_code(pos))


# ----------------------------------------------------------------------------- placement hooks

def join_federation(st: GaiaState, seat: int, k: str) -> None:
    """GP-FED-11: a new own building next to an own federation joins it (with its group)."""
    p = P(st, seat)
    fed = set(p["fed_hexes"])
    if not fed:
        return
    mi = minfo(st)
    if not any(n in fed for n in mi.neighbours[k]) and k not in fed:
        return
    own = own_hexes(st, seat)
    todo = [k]
    seen = {k}
    while todo:
        h = todo.pop()
        if h not in fed:
            fed.add(h)
            p["fed_hexes"].append(h)
        for n in mi.neighbours[h]:
            if n in own and n not in seen:
                seen.add(n)
                todo.append(n)


def add_placement(st: GaiaState, seat: int, k: str) -> None:
    """GP-LEECH-8: each completed placement goes to the front of the pending list."""
    st["leech_q"].insert(0, {"hex": k, "from": seat, "todo": None})


def mine_triggers(st: GaiaState, seat: int, k: str, steps: int, gaia: bool, guest: bool = False, lost: bool = False) -> None:
    p = P(st, seat)
    round_event(st, p, "m")
    if has_tech(p, "advtech14"):
        add_vp(p, 3, "tech:advtech14")
    if not guest and not lost:
        round_event(st, p, "step", steps)
        if gaia:
            round_event(st, p, "gaia-m")
            if has_tech(p, "tech7"):
                add_vp(p, 3, "tech:tech7")
            if p["faction"] == "gleens":
                add_vp(p, 2, "faction")


def geodens_bonus(st: GaiaState, seat: int, k: str, ctx: Ctx) -> bool:
    """GP-FAC-GEO-2: new planet type with the PI -> 3 knowledge (check before placing)."""
    p = P(st, seat)
    if p["faction"] == "geodens" and has_pi(p):
        typ = planet_of(st, k)
        if typ not in {planet_of(st, h) for h in main_planets(st, seat)}:
            return True
    return False


def place_lost_planet(st: GaiaState, seat: int, ctx: Ctx) -> None:
    """GP-RES-7: `lostPlanet <loc>` follow-up."""
    mi = minfo(st)
    cands = lost_planet_hexes(st, seat)
    if not cands:
        return
    ahead = ctx.peek()
    if getattr(ctx, "record", False) and (ahead is None or ahead[0] != "lostPlanet"):
        ctx.cmds.insert(ctx.i, ["lostPlanet", mi.name[cands[0]]])
    cmd = ctx.next()
    if not cmd or cmd[0] != "lostPlanet" or len(cmd) < 2:
        err("gaia.err.lost_missing", "GP-RES-7")
    k = mi.locate(cmd[1])
    if k is None or k not in cands:
        err("gaia.err.lost_bad", "GP-RES-7", hex=cmd[1])
    p = P(st, seat)
    q = qic_for_range(st, seat, k)
    if p["q"] < q:
        err("gaia.err.qic_reach", "GP-MINE-7")
    p["q"] -= q
    types_before = {planet_of(st, h) for h in main_planets(st, seat)}
    st["planet"][k] = "l"
    st["bld"][k] = [seat, "lp"]
    if p["faction"] == "geodens" and has_pi(p) and "l" not in types_before:
        gain(st, seat, "3k", ctx, "faction")  # GP-FAC-GEO-2
    mine_triggers(st, seat, k, 0, False, lost=True)
    join_federation(st, seat, k)
    add_placement(st, seat, k)


def lost_planet_hexes(st: GaiaState, seat: int) -> list[str]:
    """GP-RES-7: empty space without satellites or stations, reachable with the player's QIC."""
    mi = minfo(st)
    p = P(st, seat)
    out = []
    for k, pl in mi.planet.items():
        if pl != "e" or k in st["planet"] or k in st["station"] or st["sat"].get(k):
            continue
        if qic_for_range(st, seat, k) <= p["q"]:
            out.append(k)
    return out


# ----------------------------------------------------------------------------- leech (GP-LEECH-*)

def leech_value(st: GaiaState, seat: int, k: str) -> int:
    mi = minfo(st)
    best = 0
    near = set(mi.within(k, 2))
    for h, t in structures_of(st, seat):
        if h in near:
            v = structure_value(st, seat, h, t)
            if v > best:
                best = v
    return best


def leech_offer(st: GaiaState, seat: int, k: str) -> list[str]:
    """GP-LEECH-5 / GP-FAC-TAK-3: list of acceptable offer strings (empty = no offer)."""
    p = P(st, seat)
    val = leech_value(st, seat, k)
    if val <= 0:
        return []
    cap = capacity(p)
    amount = min(val, cap, p["vp"] + 1)
    if p["faction"] == "taklons" and has_pi(p):
        # GP-FAC-TAK-3: charge first, or the token first (2 more charges of capacity)
        amount2 = min(val, cap + 2, p["vp"] + 1)
        return [f"{amount}pw,1t", f"1t,{amount2}pw"]
    if amount <= 0:
        return []
    return [f"{amount}pw"]


def next_leech(st: GaiaState) -> bool:
    """Find the next pending passive-charge decision; True when someone must answer."""
    st["offer"] = None
    n = len(st["players"])
    while st["leech_q"]:
        head = st["leech_q"][0]
        if head["todo"] is None:
            mi = minfo(st)
            near = set(mi.within(head["hex"], 2))
            todo = []
            table = st.get("table") or list(range(n))     # table order from the builder
            at = table.index(head["from"])
            for i in range(1, n):
                s = table[(at + i) % n]
                if any(h in near for h, _ in structures_of(st, s)):
                    todo.append(s)
            head["todo"] = todo
        while head["todo"]:
            s = head["todo"][0]
            offers = leech_offer(st, s, head["hex"])
            if offers:
                st["offer"] = {"seat": s, "hex": head["hex"], "offers": offers}
                return True
            head["todo"].pop(0)
        st["leech_q"].pop(0)
    return False


def answer_leech(st: GaiaState, seat: int, ctx: Ctx, cmd: list[str]) -> None:
    off = cast(Offer, st["offer"])   # only asked while an offer is open
    p = P(st, seat)
    head = st["leech_q"][0]
    if cmd[0] != "decline":
        if len(cmd) < 2:
            err("gaia.err.charge_amount", "GP-LEECH-4", move=notation_code(f"charge {off['offers'][0]}"))
        want = read_rewards(cmd[1], "GP-LEECH-5", key=True)
        chosen = cmd[1] if cmd[1] in off["offers"] else None
        for o in off["offers"]:
            if chosen is None and rewards_key(o) == want:
                chosen = o
        if chosen is None:
            err("gaia.err.charge_bad", "GP-LEECH-5", offers=Join([amount_of(o) for o in off["offers"]], "or"),
                given=amount_of(cmd[1]))
        for n_, t in parse_rewards(chosen):
            if t == "t":
                gain_tokens(p, n_)
            else:
                add_vp(p, -max(0, n_ - 1), "charge")
                charge(st, seat, n_, ctx)
    cast("list[int]", head["todo"]).pop(0)


# ----------------------------------------------------------------------------- actions

def build_mine(st: GaiaState, seat: int, k: str, ctx: Ctx, steps_free: int = 0, range_bonus: int = 0) -> None:
    """GP-MINE-1..14 and GP-FAC-LAN-1."""
    p = P(st, seat)
    f = fac(p)
    if p["n"]["m"] >= COUNTS["m"]:
        err("gaia.err.no_mine_left", "GP-MINE-1")
    pl = planet_of(st, k)
    if pl == "e":
        err("gaia.err.no_planet", "GP-MINE-2", hex=hexname(st, k))
    guest = False
    own_gf = st["gf"].get(k) == seat
    if k in st["bld"]:
        owner = st["bld"][k][0]
        if p["faction"] == "lantids" and owner != seat and k not in st["guest"]:
            guest = True
        else:
            err("gaia.err.colonized", "GP-MINE-2", hex=hexname(st, k))
    if pl == "m":
        if own_gf:
            err("gaia.err.gf_pending", "GP-GF-4", hex=hexname(st, k))
        err("gaia.err.transdim", "GP-MINE-10")
    if k in st["gf"] and not own_gf:
        err("gaia.err.other_gf", "GP-MINE-2")
    cost = parse_rewards(STD_BUILDINGS["m"]["cost"])   # 2c + 1o (GP-MINE-3)
    steps = 0
    qic = 0
    if own_gf and not guest:
        if steps_free or range_bonus:
            err("gaia.err.own_gf_bonus", "GP-MINE-9")
    else:
        qic = qic_for_range(st, seat, k, range_bonus)
        if range_bonus and qic_for_range(st, seat, k) <= qic:
            err("gaia.err.range_unused", "GP-MINE-9")
        if guest:
            if steps_free:
                err("gaia.err.steps_shared", "GP-MINE-9")
        elif pl == "g":
            if steps_free:
                err("gaia.err.steps_gaia", "GP-MINE-9")
            if p["faction"] == "gleens":
                cost.append((1, "o"))
            else:
                qic += 1
        else:
            steps = terraform_steps(f["planet"], pl)
            if steps_free and steps == 0:
                err("gaia.err.steps_home", "GP-MINE-9")
            paid = max(0, steps - steps_free)
            cost.append((paid * RESEARCH["terra_cost"][p["research"]["terra"]], "o"))
    if qic:
        cost.append((qic, "q"))
    pay(st, seat, cost, ctx, Msg("gaia.what.mine"))
    geo = (not guest) and geodens_bonus(st, seat, k, ctx)
    bump(p, "m", 1)
    if guest:
        st["guest"][k] = seat
        if has_pi(p):
            gain(st, seat, "2k", ctx, "faction")
    else:
        st["bld"][k] = [seat, "m"]
        if own_gf:
            del st["gf"][k]
    if geo:
        gain(st, seat, "3k", ctx, "faction")
    mine_triggers(st, seat, k, steps, pl == "g", guest=guest)
    join_federation(st, seat, k)
    add_placement(st, seat, k)


def build_gaiaformer(st: GaiaState, seat: int, k: str, ctx: Ctx, range_bonus: int = 0) -> None:
    """GP-GF-1..5."""
    p = P(st, seat)
    if gf_available(st, p, seat) <= 0:
        err("gaia.err.no_gf", "GP-GF-1")
    if planet_of(st, k) != "m":
        err("gaia.err.not_transdim", "GP-GF-1", hex=hexname(st, k))
    if k in st["gf"]:
        err("gaia.err.gf_there", "GP-GF-1")
    qic = qic_for_range(st, seat, k, range_bonus)
    if range_bonus and qic_for_range(st, seat, k) <= qic:
        err("gaia.err.range_unused", "GP-MINE-9")
    cost_tokens = RESEARCH["gaia_cost"][p["research"]["gaia"]]
    if p["q"] < qic:
        err("gaia.err.qic_range", "GP-MINE-7")
    if tokens_available(p) < cost_tokens:
        err("gaia.err.gf_tokens", "GP-GF-3", need=cost_tokens)
    p["q"] -= qic
    move_to_gaia(st, seat, cost_tokens, ctx)
    st["gf"][k] = seat


def ts_discount(st: GaiaState, seat: int, k: str) -> bool:
    mi = minfo(st)
    near = set(mi.within(k, 2))
    for h, (s, t) in st["bld"].items():
        if s != seat and h in near:
            return True
    for h, s in st["guest"].items():
        if s != seat and h in near:
            return True
    return False


UPGRADES = {"m": ("ts",), "ts": ("lab", "PI"), "lab": ("ac1", "ac2")}
UPGRADES_BESCODS = {"m": ("ts",), "ts": ("lab", "ac1", "ac2"), "lab": ("PI",)}


def upgrade(st: GaiaState, seat: int, k: str, new: str, ctx: Ctx) -> None:
    """GP-UPG-1..7."""
    p = P(st, seat)
    b = st["bld"].get(k)
    if not b or b[1] in ("lp",) or b[0] != seat:
        # the Lost Planet and a Lantids' shared mine never upgrade (GP-UPG-5); nothing of the
        # player's is an upgrade path's start (GP-UPG-1; newcomer 28c G-4: it cited GP-UPG-5)
        shared = b is not None and (b[1] == "lp" or st["guest"].get(k) == seat)
        err("gaia.err.no_upgradable", "GP-UPG-5" if shared else "GP-UPG-1", hex=hexname(st, k))
    old = b[1]
    paths = UPGRADES_BESCODS if p["faction"] == "bescods" else UPGRADES
    if new not in paths.get(old, ()):
        err("gaia.err.upgrade_path", "GP-UPG-1", old=bld_name(old), new=bld_name(new))
    if new in ("ac1", "ac2") and p["n"]["ac1"] + p["n"]["ac2"] >= 2:
        err("gaia.err.academies", "GP-COMP-1")
    if p["n"][new] >= COUNTS[new]:
        err("gaia.err.none_left", "GP-COMP-1", building=bld_name(new))
    # GP-UPG-3 costs from the building data (Bescods' swapped rows cost the same per building)
    cost = "2o,3c" if new == "ts" and ts_discount(st, seat, k) else STD_BUILDINGS[new]["cost"]
    pay(st, seat, parse_rewards(cost), ctx, Msg("gaia.what.building", building=bld_name(new)))
    bump(p, old, -1)
    bump(p, new, 1)
    b[1] = new
    if new == "ts":
        round_event(st, p, "ts")
        if has_tech(p, "advtech15"):
            add_vp(p, 3, "tech:advtech15")
    if new in ("PI", "ac1", "ac2"):
        round_event(st, p, "big")
    if new == "PI" and p["faction"] == "gleens":
        take_fed_token(st, seat, "gleens", ctx)
    if new in ("lab", "ac1", "ac2"):
        gain_tech(st, seat, ctx)
    add_placement(st, seat, k)


def form_federation(st: GaiaState, seat: int, hexes_text: str, tok: str, ctx: Ctx) -> list[str]:
    """GP-FED-1..10 (hard conditions; minimality is checked by the caller when strict)."""
    p = P(st, seat)
    mi = minfo(st)
    chosen = []
    for part in hexes_text.split(","):
        k = mi.locate(part)
        if k is None:
            err("gaia.err.unknown_hex_short", "GP-FED-1", hex=part)
        chosen.append(k)
    if tok not in FED_TOKENS or tok == "gleens":
        err("gaia.err.unknown_fed", "GP-FED-8", token=notation_code(tok),
            allowed=Join([notation_code(t) for t in FED_TOKENS if t != "gleens" and st["fed_supply"].get(t, 0) > 0]))
    if st["fed_supply"].get(tok, 0) <= 0:
        err("gaia.err.fed_left", "GP-COMP-5", token=notation_code(tok))
    info = federation_check(st, seat, chosen)
    if isinstance(info, IllegalMove):
        raise info
    sats, members = info
    if p["faction"] == "ivits":
        if p["q"] < len(sats):
            err("gaia.err.ivits_sats", "GP-FAC-IVI-4", need=len(sats))
        p["q"] -= len(sats)
    else:
        discard_tokens(st, seat, len(sats), ctx)
    for k in sats:
        st["sat"].setdefault(k, []).append(seat)
    for k in members:
        if k not in p["fed_hexes"]:
            p["fed_hexes"].append(k)
    st["fed_supply"][tok] -= 1
    if p["faction"] == "ivits":
        p["ivits_feds"] += 1
    take_fed_token(st, seat, tok, ctx)
    return sats


def fed_threshold(st: GaiaState, seat: int) -> int:
    p = P(st, seat)
    if p["faction"] == "ivits":
        return 7 * (p["ivits_feds"] + 1)
    if p["faction"] == "xenos" and has_pi(p):
        return 6
    return 7


def federation_check(st: GaiaState, seat: int, chosen: Iterable[str]) -> tuple[list[str], list[str]] | IllegalMove:
    """Closure, forbidden hexes, connectivity and value (GP-FED-2..5, GP-FAC-IVI-2).
    Returns (satellite hexes, all member hexes) or the refusal (an IllegalMove, not raised)."""
    p = P(st, seat)
    mi = minfo(st)
    own = own_hexes(st, seat)
    fed = set(p["fed_hexes"])
    ivits = p["faction"] == "ivits"
    sel = set(chosen)
    for k in list(sel):
        if k in own:
            continue
        if ivits and k in fed:
            continue
        if planet_of(st, k) != "e":
            return refusal("gaia.err.fed_planet", "GP-FED-4", hex=hexname(st, k))
        if seat in st["sat"].get(k, []):
            return refusal("gaia.err.fed_sat", "GP-FED-4", hex=hexname(st, k))
    # closure (GP-FED-5)
    todo = list(sel)
    while todo:
        h = todo.pop()
        for n in mi.neighbours[h]:
            if n in own and n not in sel:
                sel.add(n)
                todo.append(n)
    if not ivits or not fed:
        for k in sel:
            if k in fed:
                return refusal("gaia.err.fed_member", "GP-FED-4", hex=hexname(st, k))
            if any(n in fed for n in mi.neighbours[k]):
                return refusal("gaia.err.fed_touch", "GP-FED-4", hex=hexname(st, k))
        group = sel
    else:
        group = sel | fed
        if not (sel & fed) and not any(n in fed for k in sel for n in mi.neighbours[k]):
            return refusal("gaia.err.ivits_enlarge", "GP-FAC-IVI-2")
    # connectivity
    start = next(iter(group))
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in mi.neighbours[h]:
            if n in group and n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(group):
        return refusal("gaia.err.fed_connected", "GP-FED-1")
    value = sum(structure_value(st, seat, k, own[k], for_fed=True) for k in group if k in own)
    need = fed_threshold(st, seat)
    if value < need:
        return refusal("gaia.err.fed_value", "GP-FED-2", value=value, need=need)
    sats = sorted(k for k in sel if k not in own and k not in fed)
    if len([1 for v in st["sat"].values() if seat in v]) + len(sats) > 25:
        return refusal("gaia.err.no_sats", "GP-COMP-3")
    return sats, sorted(sel)


# ----------------------------------------------------------------------------- conversions (GP-FREE-*)

RATES = {
    "pw": {"q": 4, "o": 3, "k": 4, "c": 1, "t": 3},
    "q": {"o": 1, "c": 1, "t": 1},
    "o": {"c": 1, "t": 1},
    "k": {"c": 1},
    "c": {"q": 4, "o": 3, "k": 4},
    "tg": {"q": 4, "o": 3, "k": 4, "c": 1},
    "gf": {"q": 1, "o": 1, "c": 1, "t": 1},
    "t-a3": {"k": 1, "c": 1},
}


def conversion(st: GaiaState, seat: int, cost_text: str, gain_text: str, ctx: Ctx, phase: str = "actions") -> None:
    p = P(st, seat)
    try:
        cost = parse_rewards(cost_text)
        gains = parse_rewards(gain_text)
    except ValueError:
        err("gaia.err.spend_read", "GP-FREE-1", move=notation_code(f"spend {cost_text} for {gain_text}"))
    if len(cost) != 1 or not gains:
        err("gaia.err.spend_one", "GP-FREE-1")
    n, typ = cost[0]
    if typ == "tg":
        if phase != "gaia-terrans":
            err("gaia.err.tg_terrans", "GP-FAC-TER-2")
        if n > p["tg_left"]:
            err("gaia.err.tg_left", "GP-FAC-TER-2", left=p['tg_left'])
    elif phase != "actions":
        err("gaia.err.free_own_turn", "GP-ACT-4")
    if typ == "c" and not (p["faction"] == "hadsch-hallas" and has_pi(p)):
        err("gaia.err.hadsch_credits", "GP-FAC-HAD-2")
    if typ == "gf" and p["faction"] != "baltaks":
        err("gaia.err.baltaks_gf", "GP-FAC-BAL-1")
    if typ == "t-a3" and p["faction"] != "nevlas":
        err("gaia.err.nevlas_only", "GP-FAC-NEV-1")
    rates = RATES.get(typ)
    if rates is None:
        err("gaia.err.pay_with", "GP-FREE-1", what=unit_name(typ))
    need = 0
    for gn, gt in gains:
        if gt not in rates:
            err("gaia.err.convert_into", "GP-FREE-1", what=unit_name(typ), into=unit_name(gt))
        need += gn * rates[gt]
    if need != n:
        err("gaia.err.convert_rate", "GP-FREE-1", cost=amount_of(cost_text), gain=amount_of(gain_text),
            need=amount_of(f"{need}{typ}"))
    if typ == "pw":
        if not can_spend_power(p, n):
            err("gaia.err.power3_need", "GP-POW-2", need=n)
        spend_power(st, seat, n, ctx)
    elif typ in ("q", "o", "k", "c"):
        amounts = cast("dict[str, int]", p)   # the resources by name
        if amounts[typ] < n:
            err("gaia.err.resource_need", "GP-FREE-1", resource=res_name(typ), need=n)
        amounts[typ] -= n
    elif typ == "tg":
        p["tg_left"] -= n
    elif typ == "gf":
        if gf_available(st, p, seat) < n:
            err("gaia.err.baltaks_gf_count", "GP-FAC-BAL-1")
        p["gf_gaia"] += n
    elif typ == "t-a3":
        if p["power"]["area3"] < n:
            err("gaia.err.tokens_bowl3", "GP-FAC-NEV-1")
        p["power"]["area3"] -= n
        p["power"]["gaia"] += n
    gain(st, seat, gains, ctx, "convert")


# ----------------------------------------------------------------------------- specials

def special_sources(st: GaiaState, seat: int) -> list[tuple[str, str]]:
    """(key, reward) of every special action the player owns (GP-SPEC-1..4)."""
    p = P(st, seat)
    out = []
    if p["booster"] and BOOSTERS[p["booster"]]["action"]:
        out.append(("booster", BOOSTERS[p["booster"]]["action"]))
    for t in p["techs"]:
        if not t["covered"] and TECH[t["id"]]["kind"] == "action":
            out.append((t["id"], TECH[t["id"]]["reward"]))
    if p["n"]["ac2"]:
        out.append(("ac2", fac(p).get("ac2_action", "q")))
    if p["faction"] == "bescods":
        out.append(("faction", "up-lowest"))
    if has_pi(p):
        extra = {"ambas": "swap-PI", "firaks": "down-lab", "ivits": "space-station"}.get(p["faction"])
        if extra:
            out.append(("PI", extra))
    return out


# special actions named by a word rather than a reward list (compared as text, not as multisets)
NAMED_SPECIALS = ("swap-PI", "down-lab", "space-station", "up-lowest", "range+3")


def do_special(st: GaiaState, seat: int, what: str, ctx: Ctx) -> None:
    p = P(st, seat)
    want = what if what in NAMED_SPECIALS else read_rewards(what, "GP-SPEC-1", key=True)
    src = None
    for key_, rew in special_sources(st, seat):
        k2 = rew if rew in NAMED_SPECIALS else rewards_key(rew)
        if k2 == want and key_ not in p["used"]:
            src = (key_, rew)
            break
    if src is None:
        err("gaia.err.special_none", "GP-SPEC-1", special=notation_code(what))
    p["used"].append(src[0])
    rew = src[1]
    if rew == "step":
        cmd = ctx.next()
        if not cmd or cmd[:2] != ["build", "m"] or len(cmd) < 3:
            err("gaia.err.step_followup", "GP-MINE-9")
        build_mine(st, seat, locate(st, cmd[2]), ctx, steps_free=1)
    elif rew == "range+3":
        cmd = ctx.next()
        if not cmd or cmd[0] != "build" or len(cmd) < 3 or cmd[1] not in ("m", "gf"):
            err("gaia.err.range_followup", "GP-SPEC-3")
        k = locate(st, cmd[2])
        if cmd[1] == "m":
            build_mine(st, seat, k, ctx, range_bonus=3)
        else:
            build_gaiaformer(st, seat, k, ctx, range_bonus=3)
    elif rew == "up-lowest":
        low = min(p["research"].values())
        allowed = [f for f in FIELDS if p["research"][f] == low]
        research_followup(st, seat, ctx, allowed)
    elif rew == "swap-PI":
        cmd = ctx.next()
        if not cmd or cmd[0] != "swap-PI" or len(cmd) < 2:
            err("gaia.err.swap_missing", "GP-FAC-AMB-2")
        k = locate(st, cmd[1])
        b = st["bld"].get(k)
        if not b or b[0] != seat or b[1] != "m":
            err("gaia.err.swap_bad", "GP-FAC-AMB-2")
        pi = [h for h, (s, t) in st["bld"].items() if s == seat and t == "PI"][0]
        st["bld"][pi][1] = "m"
        b[1] = "PI"
    elif rew == "down-lab":
        cmd = ctx.next()
        if not cmd or cmd[:2] != ["build", "ts"] or len(cmd) < 3:
            err("gaia.err.downlab_missing", "GP-FAC-FIR-2")
        k = locate(st, cmd[2])
        b = st["bld"].get(k)
        if not b or b[0] != seat or b[1] != "lab":
            err("gaia.err.downlab_bad", "GP-FAC-FIR-2")
        if p["n"]["ts"] >= COUNTS["ts"]:
            err("gaia.err.no_ts_left", "GP-FAC-FIR-2")
        b[1] = "ts"
        bump(p, "lab", -1)
        bump(p, "ts", 1)
        round_event(st, p, "ts")
        if has_tech(p, "advtech15"):
            add_vp(p, 3, "tech:advtech15")
        add_placement(st, seat, k)
        research_followup(st, seat, ctx, None)
    elif rew == "space-station":
        cmd = ctx.next()
        if not cmd or cmd[:2] != ["build", "sp"] or len(cmd) < 3:
            err("gaia.err.station_missing", "GP-FAC-IVI-5")
        k = locate(st, cmd[2])
        if planet_of(st, k) != "e" or k in st["station"] or seat in st["sat"].get(k, []):
            err("gaia.err.station_bad", "GP-FAC-IVI-5")
        if p["n"]["sp"] >= COUNTS["sp"]:
            err("gaia.err.station_all", "GP-FAC-IVI-5")
        q = qic_for_range(st, seat, k)
        if p["q"] < q:
            err("gaia.err.qic_reach", "GP-MINE-7")
        p["q"] -= q
        st["station"][k] = seat
        p["n"]["sp"] += 1
        join_federation(st, seat, k)
    elif rew == "4pw":
        charge(st, seat, 4, ctx)
    else:
        gain(st, seat, rew, ctx, "special")


def locate(st: GaiaState, text: str) -> str:
    k = minfo(st).locate(text)
    if k is None:
        err("gaia.err.unknown_hex", "GP-MAP-4", hex=text)
    return k


def board_action(st: GaiaState, seat: int, aid: str, ctx: Ctx) -> None:
    """GP-BOARD-1..4."""
    p = P(st, seat)
    if aid not in ACTIONS:
        # in the reader's words ("akció energia" had echoed the notation's unit "pw"), with the choices
        err("gaia.err.unknown_action", "GP-BOARD-1", action=notation_code(aid),
            allowed=Join([notation_code(a) for a in ACTIONS]))
    if aid in st["used_actions"]:
        err("gaia.err.action_used", "GP-BOARD-2", action=action_name(aid))
    a = ACTIONS[aid]
    rew = a["reward"]
    capped = {"3k": "k", "2k": "k", "2o": "o", "7c": "c"}.get(rew)
    if capped and cast("dict[str, int]", p)[capped] >= CAPS[capped]:
        err("gaia.err.action_capped", "GP-BOARD-4", action=action_name(aid), resource=res_name(capped))
    if aid == "qic2" and not p["feds"]:
        err("gaia.err.qic2_fed", "GP-BOARD-3")
    pay(st, seat, parse_rewards(a["cost"]), ctx, action_name(aid))
    st["used_actions"].append(aid)
    if rew.endswith("step"):
        steps = int(rew[0])
        cmd = ctx.next()
        if not cmd or cmd[:2] != ["build", "m"] or len(cmd) < 3:
            err("gaia.err.action_build_followup", "GP-MINE-9", action=action_name(aid))
        build_mine(st, seat, locate(st, cmd[2]), ctx, steps_free=steps)
    elif rew == "tech":
        gain_tech(st, seat, ctx)
    elif rew == "fedtile":
        cmd = ctx.next()
        if not cmd or cmd[0] != "fedtile" or len(cmd) < 2:
            err("gaia.err.fedtile_missing", "GP-BOARD-3")
        if not any(f["id"] == cmd[1] for f in p["feds"]):
            err("gaia.err.fedtile_bad", "GP-BOARD-3", token=notation_code(cmd[1]))
        gain(st, seat, FED_TOKENS[cmd[1]]["reward"], ctx, "qic2")
    elif rew == "3vp,vp/type":
        add_vp(p, 3 + planet_types(st, seat), "qic3")
    else:
        gain(st, seat, rew, ctx, aid)


def booster_choices(st: GaiaState, verb: str, returned: str | None = None) -> Join:
    """The boosters in the supply (less the one returned) as the moves that take them, each
    with what it gives: "`passz bónusz2` (bevétel: 1 érc és 2 energiajelölő)" (GP-PASS-3,
    GP-SETUP-23; the words of the labels, newcomer G3)."""
    from .texts import booster_gist
    return Join([Msg("gaia.booster.choice", move=notation_code(f"{verb} {b}"), gist=booster_gist(b))
                 for b, owner in st["boosters"].items() if owner is None and b != returned], "or")


def do_pass(st: GaiaState, seat: int, booster: str | None) -> None:
    """GP-PASS-1..7."""
    p = P(st, seat)
    old = p["booster"]
    if st["round"] < 6:
        if not booster:
            err("gaia.err.pass_booster", "GP-PASS-3", choices=booster_choices(st, "pass", old))
        if booster not in st["boosters"]:
            err("gaia.err.booster_not_in_play_list", "GP-PASS-3", booster=notation_code(booster),
                choices=booster_choices(st, "pass", old))
        if booster == old:
            err("gaia.err.booster_keep", "GP-PASS-3", choices=booster_choices(st, "pass", old))
        if st["boosters"][booster] is not None:
            err("gaia.err.booster_taken", "GP-PASS-3", booster=notation_code(booster),
                choices=booster_choices(st, "pass", old))
    elif booster:
        err("gaia.err.booster_round6", "GP-PASS-3")
    if old:
        pv = BOOSTERS[old]["pass"]
        if pv:
            add_vp(p, pv["vp"] * pass_count(st, seat, pv["count"]), "booster:" + old)
    for t in p["techs"]:
        if t["covered"]:
            continue
        r = TECH[t["id"]]["reward"]
        if TECH[t["id"]]["kind"] == "pass":
            if r == "3vp/fed":
                add_vp(p, 3 * len(p["feds"]), "tech:" + t["id"])
            elif r == "3vp/lab":
                add_vp(p, 3 * count_type(st, seat, "lab"), "tech:" + t["id"])
            elif r == "vp/type":
                add_vp(p, planet_types(st, seat), "tech:" + t["id"])
    if old:
        st["boosters"][old] = None
    if st["round"] < 6:
        booster = cast(str, booster)   # checked above: rounds 1-5 name one
        st["boosters"][booster] = seat
        p["booster"] = booster
        touch_income(p, "booster")
    else:
        p["booster"] = None
    p["passed"] = True
    st["passed"].append(seat)


def pass_count(st: GaiaState, seat: int, what: str) -> int:
    if what == "m":
        return count_mines(st, seat)
    if what == "ts":
        return count_type(st, seat, "ts")
    if what == "lab":
        return count_type(st, seat, "lab")
    if what == "big":
        return sum(count_type(st, seat, t) for t in ("PI", "ac1", "ac2"))
    if what == "gaia":
        return gaia_planets(st, seat)
    return 0


# ----------------------------------------------------------------------------- rounds

def start_round(st: GaiaState) -> None:
    st["round"] += 1
    n = len(st["players"])
    if st["round"] > 1:
        if st["options"].get("turn_order", "clockwise") == "passOrder":
            st["order"] = list(st["passed"])
        else:
            table = st.get("table") or list(range(n))
            first = table.index(st["passed"][0])
            st["order"] = table[first:] + table[:first]
    else:
        st["order"] = list(st.get("table") or range(n))
    st["passed"] = []
    st["used_actions"] = []
    for p in st["players"]:
        p["used"] = []
        p["passed"] = False
        p["income_todo"] = []
    st["phase"] = "income"
    if st["options"].get("rules_version", 2) >= 2:
        # GP-INC-4 as boardgamers.space does it: paid in turn order; a player who must choose
        # holds up the players after them, who are paid once the choice is made.
        st["income_queue"] = list(st["order"])
        continue_income(st)
        return
    for s in st["order"]:
        P(st, s)["income_todo"] = income_events(st, s)
    for s in st["order"]:
        _income_auto(st, s)
    maybe_finish_income(st)


def continue_income(st: GaiaState) -> None:
    """Pay the players still queued for income in turn order until one must decide (GP-INC-4/6)."""
    queue = st.get("income_queue") or []
    while queue and not any(p.get("waiting") for p in st["players"]):
        s = queue.pop(0)
        P(st, s)["income_todo"] = income_events(st, s)
        _income_auto(st, s)
    maybe_finish_income(st)


def auto_income_order(st: GaiaState, seat: int) -> None:
    """GP-INC-4 policy ("auto income"): order the pending events so that the fewest charges are
    wasted, ties broken by the most tokens in bowl III.  Only for players without a brainstone."""
    p = P(st, seat)
    tok = [e for e in p["income_todo"] if _ev_has(e, "t")]
    pw = [e for e in p["income_todo"] if _ev_has(e, "pw") and not _ev_has(e, "t")]
    rest = [e for e in p["income_todo"] if e not in tok and e not in pw]
    best: tuple[tuple[int, int], list[str]] | None = None
    for order in (tok + pw, pw + tok):
        sim = dict(p["power"])
        wasted = 0
        for e in order:
            for n, t in parse_rewards(e):
                if t == "t":
                    sim["area1"] += n
                elif t == "pw":
                    sim["area1"], sim["area2"], sim["area3"], _, done = _sim_charge(sim, None, n, True)
                    wasted += n - done
        score = (wasted, -sim["area3"])
        if best is None or score < best[0]:
            best = (score, order)
    p["income_todo"] = rest + cast("tuple[tuple[int, int], list[str]]", best)[1]


def _income_auto(st: GaiaState, s: int) -> None:
    p = P(st, s)
    if st["options"].get("auto_income") and p["brainstone"] is None and income_needs_choice(p):
        auto_income_order(st, s)
        for e in list(p["income_todo"]):
            gain(st, s, e, None, "income")
        p["income_todo"] = []
        p["waiting"] = None
        return
    try:
        if run_income(st, s, None):
            p["income_todo"] = []
            p["waiting"] = None
        else:
            p["waiting"] = "income"
    except NeedAnswer as e:
        p["waiting"] = "brainstone"
        p["ask"] = list(e.args[0])


def maybe_finish_income(st: GaiaState) -> None:
    if st["phase"] != "income":
        return
    if any(p.get("waiting") for p in st["players"]):
        return
    if st.get("income_queue"):
        continue_income(st)
        return
    gaia_phase(st)


def gaia_phase(st: GaiaState) -> None:
    """GP-GAIA-1..4."""
    st["phase"] = "gaia"
    for k, s in st["gf"].items():
        if planet_of(st, k) == "m":
            st["planet"][k] = "g"
    for s in st["order"]:
        p = P(st, s)
        p["waiting"] = None
        if p["faction"] == "terrans" and has_pi(p) and p["power"]["gaia"] > 0:
            p["waiting"] = "terrans"
            p["tg_left"] = p["power"]["gaia"]
        elif p["faction"] == "itars" and has_pi(p) and p["power"]["gaia"] >= 4:
            p["waiting"] = "itars"
        else:
            finish_gaia(st, s)
    maybe_finish_gaia(st)


def finish_gaia(st: GaiaState, s: int) -> None:
    p = P(st, s)
    pw = p["power"]
    if p["brainstone"] == "gaia":
        p["brainstone"] = "area1"
    dest = "area2" if p["faction"] == "terrans" else "area1"
    pw[dest] += pw["gaia"]
    pw["gaia"] = 0
    p["gf_gaia"] = 0
    p["waiting"] = None
    p["tg_left"] = 0


def maybe_finish_gaia(st: GaiaState) -> None:
    if st["phase"] != "gaia" or any(p.get("waiting") for p in st["players"]):
        return
    st["phase"] = "actions"
    st["current"] = None
    next_turn(st)


def next_turn(st: GaiaState) -> None:
    """Give the turn to the next player in the round's order who has not passed."""
    order = st["order"]
    if all(P(st, s)["passed"] for s in order):
        end_round(st)
        return
    cur = st.get("current")
    if cur is None or cur not in order:
        idx = -1
    else:
        idx = order.index(cur)
    for i in range(1, len(order) + 1):
        s = order[(idx + i) % len(order)]
        if not P(st, s)["passed"]:
            st["current"] = s
            return


def end_round(st: GaiaState) -> None:
    """GP-CLEAN-1..5 and GP-RPL-7."""
    st["current"] = None
    if st["round"] >= 6:
        final_scoring(st)
        return
    start_round(st)


def final_count(st: GaiaState, seat: int, tile: str) -> int:
    if tile == "structure":
        return sum(1 for _ in structures_of(st, seat))
    if tile == "structureFed":
        fed = set(P(st, seat)["fed_hexes"])
        return sum(1 for k, _ in structures_of(st, seat) if k in fed)
    if tile == "planetType":
        return planet_types(st, seat)
    if tile == "gaia":
        return gaia_planets(st, seat)
    if tile == "sector":
        return sectors_of(st, seat)
    if tile == "satellite":
        return satellites_of(st, seat)
    raise ValueError(tile)


def rank_vp(counts: list[int]) -> list[int]:
    """GP-END-1/2/4: 18/12/6/0 with shared places (rounded down); a count of 0 scores nothing."""
    order = sorted(range(len(counts)), key=lambda i: -counts[i])
    out = [0] * len(counts)
    pos = 0
    while pos < len(order):
        grp = [i for i in order if counts[i] == counts[order[pos]]]
        vps = [FINAL_VP[j] if j < len(FINAL_VP) else 0 for j in range(pos, pos + len(grp))]
        share = sum(vps) // len(grp)
        for i in grp:
            out[i] = share if counts[i] > 0 else 0
        pos += len(grp)
    return out


def final_scoring(st: GaiaState) -> None:
    """GP-END-1..6a."""
    n = len(st["players"])
    for tile in st["final_scoring"]:
        counts = [final_count(st, s, tile) for s in range(n)]
        if n == 2:
            counts.append(FINAL_TILES[tile]["neutral"])
        vps = rank_vp(counts)
        for s in range(n):
            add_vp(P(st, s), vps[s], "final:" + tile)
    for s in range(n):
        p = P(st, s)
        add_vp(p, sum(4 * max(0, lv - 2) for lv in p["research"].values()), "final:research")
    for s in range(n):
        p = P(st, s)
        if st["options"].get("auto_convert", True):
            pw = p["power"]
            k = (pw["area2"] + (1 if p["brainstone"] == "area2" else 0)) // 2
            if k:
                burn(st, s, k)
            if p["faction"] == "nevlas" and has_pi(p):
                tok = pw["area3"]
                p["c"] = min(30, p["c"] + 2 * tok)
                moved = (tok + 1) // 2
                pw["area3"] -= moved
                pw["area1"] += moved
            else:
                val = pw["area3"] + (3 if p["brainstone"] == "area3" else 0)
                p["c"] = min(30, p["c"] + val)
                pw["area1"] += pw["area3"]
                pw["area3"] = 0
                if p["brainstone"] == "area3":
                    p["brainstone"] = "area1"
            p["o"] = min(15, p["o"] + p["q"])
            p["q"] = 0
        add_vp(p, (p["c"] + p["o"] + p["k"]) // 3, "final:resources")
        if p.get("bid"):
            add_vp(p, -p["bid"], "bid")     # the auction's bid is paid at the end
    st["phase"] = "over"
    st["current"] = None


def advance_start(st: GaiaState, seat: int, field: str) -> None:
    """GP-SETUP-16: a starting level 1 takes its one-time reward only."""
    p = P(st, seat)
    p["research"][field] = 1
    touch_income(p, "res:" + field)
    for r in RESEARCH["rewards"][field][1]:
        if r == "gf":
            p["gf_total"] += 1
        else:
            gain(st, seat, r, None, "setup")
