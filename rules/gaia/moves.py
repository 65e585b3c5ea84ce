"""Legal-move generation for autocomplete and random playouts.

Candidates are generated per phase from the rules' preconditions, then each is validated by applying
it to a copy of the state (so a listed move is always accepted by ``apply``).  Open Taklons brainstone
questions and the Lost Planet hex are answered with a default and written into the move.
"""
from __future__ import annotations

import random
from typing import Iterable, Iterator

from rules.base import IllegalMove, spread_kinds

from . import engine as E
from .federation import candidate_federations
from .notation import format_line
from .state import Cmds, GaiaMove, GaiaState, Groups, Player
from .tables import ACTIONS, ADV_POS, FACTIONS, FED_TOKENS, FIELDS, STD_POS, parse_rewards
from .turns import apply_line, waiting_for

_copy = E.clone


def _name(st: GaiaState, k: str) -> str:
    return E.minfo(st).name[k]


def _label(st: GaiaState, seat: int) -> str:
    p = st["players"][seat]
    return p["faction"] if p else f"p{seat + 1}"


def _move(st: GaiaState, seat: int, cmds: Cmds) -> GaiaMove:
    move: GaiaMove = {"seat": seat, "actor": _label(st, seat), "cmds": cmds}
    if st["options"].get("strict_endings") and st["phase"] == "actions" and not st.get("offer") \
            and cmds[-1][0] != "pass":
        move["ended"] = True
    return move


def validate(st: GaiaState, seat: int, cmds: Cmds) -> GaiaMove | None:
    """The move (dict) if cmds is legal for seat now, else None."""
    cmds = [list(c) for c in cmds]
    try:
        apply_line(_copy(st), seat, cmds, record=True)
    except (IllegalMove, E.NeedAnswer):
        return None
    return _move(st, seat, cmds)


def validate_all(st: GaiaState, seat: int, cmds: Cmds) -> list[GaiaMove]:
    """Every legal variant of cmds: the default answers to open brainstone questions and the others."""
    cmds = [list(c) for c in cmds]
    inserted: list[tuple[int, list[str]]] = []
    try:
        apply_line(_copy(st), seat, cmds, record=True, inserted=inserted)
    except (IllegalMove, E.NeedAnswer):
        return []
    out = [_move(st, seat, cmds)]
    if inserted:
        idx, options = inserted[0]
        for alt in options[1:]:
            variant = [list(c) for c in cmds[:idx]] + [["brainstone", alt]]
            more = [c for c in cmds[idx + 1:] if c[0] != "brainstone"]
            out += validate_all(st, seat, variant + more)
    return out


def research_options(st: GaiaState, seat: int, allowed: Iterable[str] | None = None) -> list[Cmds]:
    fields = allowed if allowed is not None else FIELDS
    out: list[Cmds] = [[["decline"]]]
    for f in fields:
        if E.can_advance(st, seat, f) is None:
            out.append([["up", f]])
    return out


def tech_options(st: GaiaState, seat: int) -> list[Cmds]:
    p = E.P(st, seat)
    out: list[Cmds] = []
    for pos in STD_POS:
        tid = st["tech"][pos]
        if E.owns_tech_kind(p, tid):
            continue
        follow = research_options(st, seat, [pos] if pos in FIELDS else None)
        for f in follow:
            out.append([["tech", pos]] + f)
    if any(f["green"] for f in p["feds"]):
        for pos in ADV_POS:
            if pos in st["adv_taken"] or p["research"][pos[4:]] < 4:
                continue
            for t in p["techs"]:
                if not t["covered"] and not t["id"].startswith("adv"):
                    for f in research_options(st, seat):
                        out.append([["tech", pos], ["cover", t["pos"]]] + f)
    return out


def mine_targets(st: GaiaState, seat: int) -> list[str]:
    p = E.P(st, seat)
    out: list[str] = []
    lantids = p["faction"] == "lantids"
    for k in E.minfo(st).planets:
        pl = E.planet_of(st, k)
        if pl in ("e", "m"):
            continue
        if k in st["bld"] and not (lantids and st["bld"][k][0] != seat and k not in st["guest"]):
            continue
        if k in st["gf"] and st["gf"][k] != seat:
            continue
        out.append(k)
    return out


def gf_targets(st: GaiaState, seat: int) -> list[str]:
    return [k for k in E.minfo(st).planets if E.planet_of(st, k) == "m" and k not in st["gf"]]


def action_groups(st: GaiaState, seat: int, prefix: str | None = None, federations: bool = True) -> Groups:
    """Candidate turns grouped by kind: {kind: [cmd lists]}.  With ``prefix`` (what was typed,
    lower case) only the kinds whose verb can match it; ``federations=False`` skips the
    federation search (the costliest group)."""
    first = prefix.split()[0] if prefix and prefix.split() else ""

    def want(verb: str) -> bool:
        return prefix is None or verb.startswith(first) or first.startswith(verb)

    p = E.P(st, seat)
    g: Groups = {}
    if not want("pass"):
        pass
    elif st["round"] < 6:
        g["pass"] = [[["pass", b]] for b, h in st["boosters"].items() if h is None and b != p["booster"]]
    else:
        g["pass"] = [[["pass"]]]
    if want("build"):
        _build_groups(st, seat, p, g)
    if want("up"):
        g["research"] = [[["up", f]] for f in FIELDS]
    if want("action"):
        g["action"] = _power_actions(st, seat, p)
    if want("special"):
        g["special"] = _specials(st, seat, p)
    if federations and want("federation"):
        g["federation"] = _federations(st, seat)
    return g


def _build_groups(st: GaiaState, seat: int, p: Player, g: Groups) -> None:
    g["mine"] = [[["build", "m", _name(st, k)]] for k in mine_targets(st, seat)]
    if E.gf_available(st, p, seat) > 0:
        g["gf"] = [[["build", "gf", _name(st, k)]] for k in gf_targets(st, seat)]
    paths = E.UPGRADES_BESCODS if p["faction"] == "bescods" else E.UPGRADES
    techs: list[Cmds] | None = None
    for k, (s, t) in st["bld"].items():
        if s != seat:
            continue
        for new in paths.get(t, ()):
            ups = g.setdefault("upgrade-" + new, [])
            if new in ("lab", "ac1", "ac2"):
                if techs is None:
                    techs = tech_options(st, seat)
                for tail in techs:
                    ups.append([["build", new, _name(st, k)]] + tail)
            else:
                ups.append([["build", new, _name(st, k)]])


def _power_actions(st: GaiaState, seat: int, p: Player) -> list[Cmds]:
    techs: list[Cmds] | None = None
    acts: list[Cmds] = []
    for aid in ACTIONS:
        if aid in st["used_actions"]:
            continue
        rew = ACTIONS[aid]["reward"]
        if rew.endswith("step"):
            acts += [[["action", aid], ["build", "m", _name(st, k)]] for k in mine_targets(st, seat)]
        elif rew == "tech":
            techs = techs if techs is not None else tech_options(st, seat)
            acts += [[["action", aid]] + t for t in techs]
        elif rew == "fedtile":
            acts += [[["action", aid], ["fedtile", f]] for f in sorted({f["id"] for f in p["feds"]})]
        else:
            acts.append([["action", aid]])
    return acts


def _specials(st: GaiaState, seat: int, p: Player) -> list[Cmds]:
    sp: list[Cmds] = []
    for key, rew in E.special_sources(st, seat):
        if key in p["used"]:
            continue
        if rew == "step":
            sp += [[["special", "step"], ["build", "m", _name(st, k)]] for k in mine_targets(st, seat)]
        elif rew == "range+3":
            sp += [[["special", "range+3"], ["build", "m", _name(st, k)]] for k in mine_targets(st, seat)]
            if E.gf_available(st, p, seat) > 0:
                sp += [[["special", "range+3"], ["build", "gf", _name(st, k)]] for k in gf_targets(st, seat)]
        elif rew == "up-lowest":
            low = min(p["research"].values())
            sp += [[["special", "up-lowest"]] + f
                   for f in research_options(st, seat, [f for f in FIELDS if p["research"][f] == low])]
        elif rew == "swap-PI":
            sp += [[["special", "swap-PI"], ["swap-PI", _name(st, k)]]
                   for k, (s, t) in st["bld"].items() if s == seat and t == "m"]
        elif rew == "down-lab":
            for k, (s, t) in st["bld"].items():
                if s == seat and t == "lab":
                    sp += [[["special", "down-lab"], ["build", "ts", _name(st, k)]] + f
                           for f in research_options(st, seat)]
        elif rew == "space-station":
            mi = E.minfo(st)
            for k, pl in mi.planet.items():
                if pl == "e" and k not in st["planet"] and k not in st["station"] \
                        and E.qic_for_range(st, seat, k) <= p["q"]:
                    sp.append([["special", "space-station"], ["build", "sp", _name(st, k)]])
        else:
            sp.append([["special", rew]])
    return sp


def _federations(st: GaiaState, seat: int) -> list[Cmds]:
    feds: list[Cmds] = []
    tokens = [t for t, n in st["fed_supply"].items() if n > 0 and t in FED_TOKENS]
    if tokens and sum(E.structure_value(st, seat, k, t, True)
                      for k, t in E.own_hexes(st, seat).items()) >= E.fed_threshold(st, seat):
        for hexes in candidate_federations(st, seat, limit=6):
            names = ",".join(sorted(_name(st, k) for k in hexes))
            feds += [[["federation", names, t]] for t in tokens]
    return feds


def _income_sequences(events: Iterable[str], limit: int = 400) -> list[Cmds]:
    """Every 'income a. income b ...' line, shortest first: each prefix is legal (the rest stays
    open), and a sequence stops once the token-versus-charge choice is moot (GP-INC-6)."""
    out: list[Cmds] = []
    frontier: list[tuple[Cmds, list[str]]] = [([], list(events))]
    while frontier and len(out) < limit:
        nxt: list[tuple[Cmds, list[str]]] = []
        for prefix, evs in frontier:
            if not E.events_need_order(evs):
                continue
            seen: list[str] = []
            for ev in evs:
                for n, t in parse_rewards(ev):
                    key = f"{n}{t}"
                    if t not in ("t", "pw") or key in seen:
                        continue
                    seen.append(key)
                    first = next(j for j, e in enumerate(evs) if E._ev_has(e, t) == n)
                    line = prefix + [["income", key]]
                    out.append(line)
                    nxt.append((line, evs[:first] + evs[first + 1:]))
        frontier = nxt
    return out[:limit]


def candidate_groups(st: GaiaState, seat: int, prefix: str | None = None, federations: bool = True) -> Groups:
    """Candidate lines by kind for the seat's decision now (see ``action_groups`` for the filters)."""
    if seat not in waiting_for(st):
        return {}
    ph = st["phase"]
    if ph == "rotate":
        return {"rotate": [[["rotate"]]]}
    if ph in ("factions", "auction"):
        mode = st["options"].get("auction", "none")
        chosen = st.get("chosen") or [p["faction"] for p in st["players"] if p]
        taken = {FACTIONS[f]["planet"] for f in chosen}
        groups: Groups = {}
        if ph == "factions":
            groups["faction"] = [[["faction", f]] for f in FACTIONS if FACTIONS[f]["planet"] not in taken]
        if mode == "bid-while-choosing" or ph == "auction":
            bids: list[Cmds] = []
            for f in chosen:
                holder = next((p for p in st["players"] if p and p["faction"] == f), None)
                if holder is not st["players"][seat] or holder is None:
                    low = holder["bid"] + 1 if holder else 0
                    bids += [[["bid", f, str(n)]] for n in range(low, low + 9)]
            groups["bid"] = bids
        return groups
    if ph == "setup":
        typ = st["queue"][0][1]
        home = "o" if typ == "PI" else FACTIONS[E.P(st, seat)["faction"]]["planet"]
        return {"setup": [[["build", typ, _name(st, k)]] for k in E.minfo(st).planets
                          if E.planet_of(st, k) == home and k not in st["bld"]]}
    if ph == "boosters":
        return {"booster": [[["booster", b]] for b, h in st["boosters"].items() if h is None]}
    p = E.P(st, seat)
    if ph == "income":
        if p["waiting"] == "brainstone":
            return {"brainstone": [[["brainstone", a]] for a in p["ask"] or ()]}
        return {"income": _income_sequences(p["income_todo"])}
    if ph == "gaia":
        if p["waiting"] == "terrans":
            n = p["tg_left"]
            opts = [[["spend", f"{n}tg", f"{n}c"]]]
            if n >= 4:
                opts.append([["spend", "4tg", "1q"]] + ([["spend", f"{n - 4}tg", f"{n - 4}c"]] if n > 4 else []))
            if n >= 3:
                opts.append([["spend", "3tg", "1o"]] + ([["spend", f"{n - 3}tg", f"{n - 3}c"]] if n > 3 else []))
            return {"terrans": opts}
        if p["waiting"] == "itars":
            return {"itars": [[["decline"]]] + [[["spend", "4tg", "tech"]] + t for t in tech_options(st, seat)]}
        return {}
    offer = st.get("offer")
    if offer:
        return {"charge": [[["charge", o]] for o in offer["offers"]] + [[["decline"]]]}
    return action_groups(st, seat, prefix, federations)


def iter_legal_moves(st: GaiaState, seat: int) -> Iterator[GaiaMove]:
    """The legal moves one by one (callers needing only a few stop early)."""
    seen: set[str] = set()
    for cands in candidate_groups(st, seat).values():
        for cmds in cands:
            for m in validate_all(st, seat, cmds):
                key = format_line(None, m["cmds"])
                if key not in seen:
                    seen.add(key)
                    yield m


def legal_moves(st: GaiaState, seat: int) -> list[GaiaMove]:
    return list(iter_legal_moves(st, seat))


def complete(st: GaiaState, seat: int, prefix: str, limit: int = 25) -> list[str]:
    """Complete lines starting with what was typed; leading free actions ('spend 4pw for 1q. ')
    are kept in front of every suggestion."""
    typed = " ".join(prefix.split())
    actor = _label(st, seat)
    if typed.lower().startswith(actor.lower() + " "):
        typed = typed[len(actor) + 1:]
    lead: Cmds = []
    while True:
        head, dot, rest = typed.partition(".")
        words = head.split()
        if not dot or not words or words[0] not in ("spend", "burn"):
            break
        if words[0] == "spend" and len(words) >= 4:
            lead.append(["spend", words[1], words[3]])
        elif words[0] == "burn" and len(words) >= 2:
            lead.append(["burn", words[1]])
        else:
            break
        typed = rest.strip()
    low = typed.lower()
    if low and "." not in low and low.split()[0] in _FREE_VERB_PREFIXES:
        # free actions (spend, burn) share first letters with main actions (special, build)
        free = _complete_free(st, seat, lead, low, limit)
        if free:
            main = _complete_main(st, seat, lead, low, max(limit - len(free), limit // 2))
            return main + free[:limit - len(main)]
    return _complete_main(st, seat, lead, low, limit)


def _complete_main(st: GaiaState, seat: int, lead: Cmds, low: str, limit: int) -> list[str]:
    """The legal lines starting with ``low``, one of every kind (mine, upgrade, research, power
    action, special, federation, pass...) before a second of any kind (``spread_kinds``): 25
    mines never hide the one federation.  Each kind's candidates are validated lazily, round
    by round, so a keystroke validates about ``limit`` candidates, not every one."""
    groups: dict[str, list[Cmds] | None] = dict(candidate_groups(st, seat, low, federations=bool(low)))
    if not low and st["phase"] == "actions":
        groups["federation"] = None     # searched only when its turn in the rounds comes
    kind_of: dict[str, str] = {}
    seen: set[str] = set()

    def valid(kind: str, cands: list[Cmds] | None) -> Iterator[str]:
        if cands is None:
            cands = candidate_groups(st, seat, "federation").get("federation", [])
        for cmds in cands:
            text = format_line(None, cmds).lower()
            if not text.startswith(low) and not low.startswith(text):
                continue
            m = validate(st, seat, lead + cmds)
            if m is None:
                continue
            t = format_line(None, m["cmds"], bool(m.get("ended")))
            if t not in seen and format_line(None, m["cmds"][len(lead):]).lower().startswith(low):
                seen.add(t)
                kind_of[t] = kind
                yield t

    live = [valid(kind, cands) for kind, cands in groups.items()]
    out: list[str] = []
    while live and len(out) < limit:
        for gen in list(live):
            text = next(gen, None)
            if text is None:
                live.remove(gen)
                continue
            out.append(text)
            if len(out) >= limit:
                break
    # passing ends your round (GP-PASS-1): a newcomer takes the first line, so passes come
    # last, after one of every other kind; one pass always stays in the list
    others = [text for text in out if kind_of[text] != "pass"]
    passes = [text for text in out if kind_of[text] == "pass"]
    if not others:
        return passes[:limit]
    head = spread_kinds(others, kind_of.__getitem__, limit - (1 if passes else 0))
    return head + passes[:limit - len(head)]


NO_FREE = ("charge", "income", "brainstone", "terrans", "itars", "faction", "bid", "setup", "booster", "rotate")
FREE_OPTIONS = (["burn", "1"], ["spend", "1pw", "1c"], ["spend", "3pw", "1o"], ["spend", "4pw", "1q"],
                ["spend", "4pw", "1k"], ["spend", "1q", "1o"], ["spend", "1k", "1c"], ["spend", "1o", "1c"],
                ["spend", "1o", "1t"])
FACTION_FREE = {"hadsch-hallas": [["spend", "4c", "1q"], ["spend", "3c", "1o"]], "baltaks": [["spend", "1gf", "1q"]],
                "nevlas": [["spend", "1t-a3", "1k"], ["spend", "2pw", "2c"]]}


def _free_options(st: GaiaState, seat: int) -> Cmds:
    return list(FREE_OPTIONS) + FACTION_FREE.get(E.P(st, seat)["faction"], [])


_FREE_VERB_PREFIXES = {w[:i] for w in ("spend", "burn") for i in range(1, len(w) + 1)}


def _complete_free(st: GaiaState, seat: int, lead: Cmds, low: str, limit: int) -> list[str]:
    """Free actions being typed ("sp", "spend 4pw", "burn"): each one that is legal now, shown
    with the first main actions it can precede, so the line offered is a whole legal move."""
    if st["phase"] != "actions" or st.get("offer") or E.P(st, seat) is None:
        return []
    options = [f for f in _free_options(st, seat) + [["burn", "2"], ["burn", "3"]]
               if format_line(None, [f]).lower().startswith(low) or low.startswith(format_line(None, [f]).lower())]
    groups = candidate_groups(st, seat, federations=False)
    # the main actions a free action is shown before: pass last (any free action may precede it,
    # so it also tells whether the free action is legal at all)
    kinds = [cands for kind, cands in groups.items() if kind != "pass" and cands]
    mains = [cands[i] for i in range(max(map(len, kinds), default=0)) for cands in kinds if i < len(cands)]
    passes = groups.get("pass", [])
    out: list[str] = []
    for free in options:
        if not passes or validate(st, seat, lead + [free] + passes[0]) is None:
            continue
        shown = 0
        for cands in (mains[:8], passes):   # a few tries each keeps a keystroke fast
            for cmds in cands:
                m = validate(st, seat, lead + [free] + cmds)
                if m is None:
                    continue
                text = format_line(None, m["cmds"], bool(m.get("ended")))
                if text.lower().startswith(low) or format_line(None, [free]).lower().startswith(low):
                    out.append(text)
                    shown += 1
                if shown >= 3 or len(out) >= limit:
                    break
            if shown >= 3 or len(out) >= limit:
                break
        if len(out) >= limit:
            break
    return out


def random_move(st: GaiaState, seat: int, rng: random.Random, pass_weight: float = 0.08, free_rate: float = 0.25) -> GaiaMove | None:
    """A random legal move (kinds weighted so that games progress); None if there is none."""
    return _draw(st, seat, rng, candidate_groups(st, seat), pass_weight, free_rate)


def random_moves(st: GaiaState, seat: int, rng: random.Random, count: int) -> list[GaiaMove]:
    """``count`` calls of ``random_move`` on one state (the same draws), its candidates listed
    once: listing them is a third of a computer player's rollout."""
    groups = candidate_groups(st, seat)
    moves: list[GaiaMove] = []
    for _draw_number in range(count):
        move = _draw(st, seat, rng, groups)
        if move is None:
            break
        moves.append(move)
    return moves


def _draw(st: GaiaState, seat: int, rng: random.Random, groups: Groups, pass_weight: float = 0.08,
          free_rate: float = 0.25) -> GaiaMove | None:
    """One random legal move from ``groups`` (read, never changed)."""
    kinds = [k for k, v in groups.items() if v]
    while kinds:
        if "pass" in kinds and len(kinds) > 1 and rng.random() > pass_weight:
            pool = [k for k in kinds if k != "pass"]
        else:
            pool = kinds
        kind = rng.choice(pool)
        cands = groups[kind]
        order = list(range(len(cands)))
        rng.shuffle(order)
        for i in order[:40]:
            cmds = cands[i]
            if kind not in NO_FREE and rng.random() < free_rate:
                m = validate(st, seat, [list(rng.choice(_free_options(st, seat)))] + cmds)
                if m is not None:
                    return m
            m = validate(st, seat, cmds)
            if m is not None:
                return m
        kinds.remove(kind)
    return None
