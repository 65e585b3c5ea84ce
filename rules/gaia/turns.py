"""Line dispatcher: who may say what in each phase (GP-RPL-1..8)."""
from __future__ import annotations

import copy
from typing import Any

from rules.messages import Join, Msg

from . import board
from . import engine as E
from .engine import P, err
from .notation import code, format_command
from .setup import after_factions, choose_faction, faction_turn, factions_done, place_bid
from .state import GaiaState
from .tables import FACTIONS


class Ctx:
    """Cursor over the sub-commands of one line."""

    def __init__(self, cmds: list[list[str]], pause_ok: bool = False, record: bool = False) -> None:
        self.record = record
        self.inserted: list[tuple[int, list[str]]] = []
        self.cmds = cmds
        self.i = 0
        self.pause_ok = pause_ok

    def peek(self) -> list[str] | None:
        return self.cmds[self.i] if self.i < len(self.cmds) else None

    def next(self) -> list[str] | None:
        c = self.peek()
        if c is not None:
            self.i += 1
        return c

    def take(self) -> list[str]:
        """``next()`` where a sub-command is known to be left (a line's first, or after ``more()``)."""
        c = self.cmds[self.i]
        self.i += 1
        return c

    def look(self) -> list[str]:
        """``peek()`` where a sub-command is known to be left."""
        return self.cmds[self.i]

    def more(self) -> bool:
        return self.i < len(self.cmds)

    def take_brainstone(self) -> str | None:
        c = self.peek()
        if c is not None and c[0] == "brainstone":
            self.i += 1
            return c[1]
        return None


def waiting_for(st: GaiaState) -> set[int]:
    ph = st["phase"]
    if ph == "over":
        return set()
    if ph == "rotate":
        return {st["n"] - 1}
    if ph in ("factions", "auction"):
        seat = faction_turn(st)
        return set() if seat is None else {seat}
    if ph in ("setup", "boosters"):
        return {st["queue"][0][0]} if st["queue"] else set()
    if ph in ("income", "gaia"):
        return {s for s, p in enumerate(st["players"]) if p.get("waiting")}
    offer = st.get("offer")
    if offer:
        return {offer["seat"]}
    current = st.get("current")
    return {current} if current is not None else set()


def _check_ending(st: GaiaState, cmds: list[list[str]], ended: bool | None) -> None:
    """§12.1 line endings (option ``strict_endings``)."""
    turn = st["phase"] == "actions" and not st.get("offer")
    if turn and cmds[-1][0] != "pass":
        if not ended:
            err("gaia.err.turn_unfinished", "GP-RPL-9")
    elif ended:
        err("gaia.err.no_trailing_dot", "GP-RPL-9")


def apply_line(st: GaiaState, seat: int, cmds: list[list[str]], record: bool = False,
               inserted: list[tuple[int, list[str]]] | None = None, ended: bool | None = None) -> None:
    """Run one line for seat on st (mutated).  ``record``: answer open brainstone / Lost Planet
    questions with a default and write the answer into ``cmds`` (used to build legal moves)."""
    if not cmds:
        err("gaia.err.empty")
    ph = st["phase"]
    if ph == "over":
        err("gaia.err.over")
    if cmds[0][0] == "rotate":
        return _rotate(st, seat, cmds)
    if ph == "rotate":
        err("gaia.err.rotate_first", "GP-VAR-11")
    if seat not in waiting_for(st):
        err("gaia.err.not_your_decision", "GP-RPL-4", seats=[s + 1 for s in sorted(waiting_for(st))])
    if ended is not None and st["options"].get("strict_endings") and not record:
        _check_ending(st, cmds, ended)
    ctx = Ctx(cmds, record=record)
    if inserted is not None:
        ctx.inserted = inserted
    if ph in ("factions", "auction"):
        cmd = ctx.take()
        if cmd[0] == "faction" and ph == "factions":
            choose_faction(st, seat, cmd[1])
        elif cmd[0] == "bid":
            place_bid(st, seat, cmd[1], _bid_amount(cmd[2]))
        else:
            err("gaia.err.choose_faction" if ph == "factions" else "gaia.err.bid_now", "GP-SETUP-13")
        _done(ctx)
        if factions_done(st):
            after_factions(st)
        return
    if ph == "setup":
        _setup_build(st, seat, ctx)
        return
    if ph == "boosters":
        cmd = ctx.take()
        if cmd[0] != "booster":
            err("gaia.err.choose_booster", "GP-SETUP-23", choices=E.booster_choices(st, "booster"))
        b = cmd[1]
        if b not in st["boosters"] or st["boosters"][b] is not None:
            err("gaia.err.booster_unavailable_list", "GP-SETUP-23", booster=code(b),
                choices=E.booster_choices(st, "booster"))
        st["boosters"][b] = seat
        P(st, seat)["booster"] = b
        E.touch_income(P(st, seat), "booster")
        _done(ctx)
        st["queue"].pop(0)
        if not st["queue"]:
            E.start_round(st)
        return
    if ph == "income":
        _income_line(st, seat, ctx)
        return
    if ph == "gaia":
        _gaia_line(st, seat, ctx)
        return
    # actions
    offer = st.get("offer")
    if offer:
        cmd = ctx.take()
        if cmd[0] not in ("charge", "decline"):
            err("gaia.err.answer_offer", "GP-LEECH-4", move=code(f"charge {offer['offers'][0]}"))
        E.answer_leech(st, seat, ctx, cmd)
        _done(ctx)
        if not E.next_leech(st):
            E.next_turn(st)
        return
    _turn(st, seat, ctx)


def _done(ctx: Ctx) -> None:
    if ctx.more():
        c = ctx.look()
        err("gaia.err.unexpected", "GP-RPL-4", move=code(format_command(c)))


def _rotate(st: GaiaState, seat: int, cmds: list[list[str]]) -> None:
    """GP-VAR-11."""
    if st.get("map_locked") and st["phase"] in ("factions", "rotate"):
        if st["phase"] == "rotate":   # recorded map already shows the rotation
            if seat != st["n"] - 1:
                err("gaia.err.rotate_last", "GP-VAR-11")
            st["phase"] = "factions"
        return
    if st["phase"] != "rotate":
        err("gaia.err.rotate_late", "GP-VAR-11")
    if seat != st["n"] - 1:
        err("gaia.err.rotate_last", "GP-VAR-11")
    args = cmds[0][1:]
    seen = set()
    placement = copy.deepcopy(st["placement"])
    for i in range(0, len(args), 2):
        c = args[i]
        if not args[i + 1].lstrip("-").isdigit():
            err("gaia.err.rotate_steps", "GP-VAR-11", example=code(f"rotate {c} 2"), given=args[i + 1])
        if c in seen:
            err("gaia.err.rotate_twice", "GP-VAR-11", sector=c)
        seen.add(c)

        def named(sec: dict[str, Any], c: str = c) -> bool:   # the sector's centre "qxr", or the number printed on the map
            if "x" in c:
                q, r = (int(x) for x in c.split("x"))
                return bool(sec["center"]["q"] == q and sec["center"]["r"] == r)
            return str(sec["sector"]).lower() == c.lower()

        for sec in placement:
            if named(sec):
                sec["rotation"] = (sec["rotation"] + int(args[i + 1])) % 6
                break
        else:
            err("gaia.err.rotate_no_sector", "GP-VAR-11", sector=c)
    rows = board.build_map(placement)
    if board.same_type_adjacent(rows, strict=False):
        err("gaia.err.rotate_touch", "GP-MAP-7")
    st["placement"] = placement
    st["map"] = rows
    st["map_id"] = board.map_id(rows)
    if all(p is not None for p in st["players"]):
        after_factions(st)
    else:
        st["phase"] = "factions"


def _setup_build(st: GaiaState, seat: int, ctx: Ctx) -> None:
    cmd = ctx.take()
    typ = st["queue"][0][1]
    if cmd[0] != "build" or cmd[1] != typ:
        err("gaia.err.setup_place", "GP-SETUP-21", building=E.bld_name(typ), move=code(f"build {typ} <hex>"))
    k = E.locate(st, cmd[2])
    p = P(st, seat)
    home = "o" if typ == "PI" else FACTIONS[p["faction"]]["planet"]
    if E.planet_of(st, k) != home or k in st["bld"]:
        err("gaia.err.setup_planet", "GP-SETUP-21", building=E.bld_name(typ), planet=Msg("gaia.planet." + home))
    st["bld"][k] = [seat, typ]
    E.bump(p, typ, 1)
    _done(ctx)
    st["queue"].pop(0)
    if not st["queue"]:
        st["phase"] = "boosters"
        st["queue"] = [[s, "booster"] for s in reversed(st.get("table") or range(st["n"]))]


def _bid_amount(text: str) -> int:
    if not text.isdigit():
        err("gaia.err.bid_number", "GP-VAR-12", given=text)
    return int(text)


def _income_line(st: GaiaState, seat: int, ctx: Ctx) -> None:
    p = P(st, seat)
    ctx.pause_ok = True
    while ctx.more():
        start = ctx.i
        cmd = ctx.look()
        if cmd[0] == "income":
            if p["waiting"] != "income":
                err("gaia.err.no_income_choice", "GP-INC-6")
            ctx.next()
            ctx.pause_ok = False
            E.income_choose(st, seat, cmd[1], ctx)
            ctx.pause_ok = True
        elif cmd[0] == "brainstone":
            if p["waiting"] != "brainstone":
                err("gaia.err.no_brainstone_question", "GP-FAC-TAK-1")
        else:
            err("gaia.err.income_only", "GP-INC-6", verb=code(cmd[0]))
        try:
            complete = E.run_income(st, seat, ctx)
        except E.NeedAnswer as e:
            if ctx.i == start:
                err("gaia.err.answer_unfit", "GP-FAC-TAK-1")
            p["waiting"] = "brainstone"
            p["ask"] = list(e.args[0])
            continue
        if ctx.i == start:
            err("gaia.err.unexpected", "GP-INC-6", move=code(format_command(cmd)))
        p["waiting"] = None if complete else "income"
        if complete:
            p["income_todo"] = []
            if ctx.more():
                err("gaia.err.income_complete", "GP-INC-6")
    E.maybe_finish_income(st)


def _gaia_line(st: GaiaState, seat: int, ctx: Ctx) -> None:
    p = P(st, seat)
    kind = p["waiting"]
    if kind == "terrans":
        while ctx.more():
            cmd = ctx.take()
            if cmd[0] != "spend":
                err("gaia.err.terrans_convert", "GP-FAC-TER-2")
            E.conversion(st, seat, cmd[1], cmd[2], ctx, phase="gaia-terrans")
        if p["tg_left"] == 0:
            E.finish_gaia(st, seat)
    elif kind == "itars":
        declined = False
        while ctx.more():
            cmd = ctx.take()
            if cmd[0] == "decline":
                if p["power"]["gaia"] < 4:
                    err("gaia.err.itars_no_decline", "GP-FAC-ITA-2")
                declined = True
                _done(ctx)
                break
            if cmd[0] != "spend" or cmd[2] != "tech" or cmd[1] not in ("4tg",):
                err("gaia.err.itars_take", "GP-FAC-ITA-2")
            if p["power"]["gaia"] < 4:
                err("gaia.err.itars_tokens", "GP-FAC-ITA-2")
            p["power"]["gaia"] -= 4
            p["tokens"] -= 4
            E.gain_tech(st, seat, ctx)
        if declined or p["power"]["gaia"] < 4:
            E.finish_gaia(st, seat)
    else:
        err("gaia.err.gaia_nothing", "GP-GAIA-3")
    E.maybe_finish_gaia(st)


FREE = ("spend", "burn")


def _turn(st: GaiaState, seat: int, ctx: Ctx) -> None:
    """GP-ACT-1..5: free actions, one main action with its follow-ups, free actions."""
    main = None
    free: list[list[str]] = []
    while ctx.more():
        cmd = ctx.take()
        v = cmd[0]
        if v == "spend":
            E.conversion(st, seat, cmd[1], cmd[2], ctx)
            free.append(cmd)
            continue
        if v == "burn":
            try:
                count = int(cmd[1])
            except ValueError:
                err("gaia.err.burn_number", "GP-POW-6")
            E.burn(st, seat, count)
            free.append(cmd)
            continue
        if main is not None:
            if main == "pass":
                err("gaia.err.after_pass", "GP-PASS-4")
            err("gaia.err.second_action", "GP-ACT-2", move=code(format_command(cmd)))
        main = v
        if v == "build":
            typ, k = cmd[1], E.locate(st, cmd[2])
            if typ == "m":
                E.build_mine(st, seat, k, ctx)
            elif typ == "gf":
                E.build_gaiaformer(st, seat, k, ctx)
            elif typ in ("ts", "lab", "PI", "ac1", "ac2"):
                E.upgrade(st, seat, k, typ, ctx)
            elif typ == "sp":
                err("gaia.err.build_type", "GP-ACT-2", building=code(typ))
            else:   # a word that names no building (newcomer E-1: "építs bányát" read as a kind)
                err("gaia.err.no_such_building", "GP-NOT", building=typ,
                    allowed=Join([code(b) for b in ("m", "ts", "lab", "PI", "ac1", "ac2", "gf")]))
        elif v == "up":
            p = P(st, seat)
            E.check_field(cmd[1])       # the area named is checked before its cost (newcomer G1)
            if p["k"] < 4:
                err("gaia.err.research_cost", "GP-RES-1")
            p["k"] -= 4   # advance checks the area and GP-RES-3; a refusal discards the whole line
            E.advance(st, seat, cmd[1], ctx)
        elif v == "action":
            E.board_action(st, seat, cmd[1], ctx)
        elif v == "special":
            E.do_special(st, seat, cmd[1], ctx)
        elif v == "federation":
            if st["options"].get("fed_check", True):
                from .federation import check_minimal
                check_minimal(st, seat, cmd[1])
            E.form_federation(st, seat, cmd[1], cmd[2], ctx)
        elif v == "pass":
            E.do_pass(st, seat, cmd[1] if len(cmd) > 1 else None)
            if ctx.more():
                # boardgamers lets the last passer answer the next income phase's question on the
                # same line ("taklons pass booster3. brainstone area2"); nothing else may follow pass
                rest = ctx.cmds[ctx.i:]
                if any(c[0] not in ("brainstone", "income") for c in rest) or not all(
                        P(st, s)["passed"] for s in st["order"]):
                    err("gaia.err.after_pass", "GP-PASS-4")
                E.next_turn(st)
                if st["phase"] != "income" or seat not in waiting_for(st):
                    err("gaia.err.after_pass", "GP-PASS-4")
                _income_line(st, seat, Ctx(rest))
                return
        elif v in ("tech", "cover", "fedtile", "lostPlanet", "swap-PI"):
            err("gaia.err.followup_only", "GP-ACT-2", verb=code(v))      # it only follows what grants it
        elif v in ("charge", "decline", "income", "brainstone"):
            err("gaia.err.nothing_asked", "GP-ACT-2", verb=code(v))      # an answer nobody asked for
        elif v in ("faction", "booster", "bid", "rotate", "init"):
            err("gaia.err.setup_only", "GP-ACT-2", verb=code(v), phase=Msg("gaia.phase." + st["phase"]))
        else:
            err("gaia.err.verb_here", "GP-ACT-2", verb=code(v))
    if main is None and free:
        # free actions alone (newcomer G4): they go on the line of the turn's action (GP-ACT-4),
        # shown with the player's own conversions before an action
        err("gaia.err.need_action_free", "GP-ACT-4",
            example=code(". ".join(format_command(c) for c in free) + ". build m <hex>"))
    if main is None:
        err("gaia.err.need_action", "GP-ACT-1")
    if E.next_leech(st):
        return
    E.next_turn(st)

