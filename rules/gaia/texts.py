"""What a Gaia Project player reads about the table: every component with its name and effect
(``/gaia info``), moves in words (``move_phrase``), the notation in Hungarian words
(``localize_move``) and the score by category (``score_breakdown``).

Effects that are data (rewards, costs, VP) are generated from the tables, so the texts stay
true to them; only the faction abilities are prose (``gaia.ability.*`` / ``gaia.pi.*``, after
spec §10.2 and the Hungarian rulebook).
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, Mapping, Sequence, cast

from rules.base import DESCRIPTION_GLUE, Component, ScorePart
from rules.messages import Join, Localized, Msg, fold_word, text_of

from .notation import ALIASES, HU_UNIT_OUT, VERB_ALIASES, format_command, hu_amount, parse_commands, split_actor
from .tables import (ACTIONS, ADV_POS, BOOSTERS, FACTIONS, FED_TOKENS, FIELDS, FINAL_TILES, FINAL_VP, ROUND_TILES,
                     STD_BUILDINGS, STD_POS, TECH, parse_rewards)

# ----------------------------------------------------------------------------- amounts

#: units with a catalogue text "{n} <unit>" (gaia.amt.<unit>)
UNITS = ("c", "o", "k", "q", "pw", "t", "vp", "tg", "gf", "step", "tech")
#: "per" rewards: "2vp/m" = 2 VP per mine (gaia.per.<what>)
PER = ("m", "gaia", "ts", "sector", "fed", "lab", "type")


#: units with a brief catalogue text as well (gaia.amt_brief.<unit>)
BRIEF_UNITS = ("vp",)

_PER_PART = re.compile(r"^(\d*)(vp|o|k|c)/([a-z]+)$")


def amount(text: str, brief: bool = False) -> Msg | Join | str:
    """``2c,o,2pw`` in words: "2 credits, 1 ore and 2 power"; ``3vp/fed``: "3 VP per federation"
    (notation left as it is when a part has no words).  ``brief`` (a long label): units in their
    short words where a language has them (``gaia.amt_brief.*``: "8 VP")."""
    parts: list[Any] = []
    for raw in text.replace("-a3", "").lstrip("+").split(","):
        per = _PER_PART.match(raw.strip())
        if per and per.group(3) in PER:
            n = int(per.group(1) or 1)
            parts.append(Msg("gaia.amt.per", gain=Msg("gaia.amt." + per.group(2), n=n),
                             per=Msg("gaia.per." + per.group(3))))
            continue
        try:
            items = parse_rewards(raw)
        except ValueError:
            parts.append(raw)
            continue
        if not all(unit in UNITS or unit.endswith("step") and unit[:-4].isdigit() for _n, unit in items):
            parts.append(raw.strip())   # an unknown unit as typed ("1energi" had lost its "1")
            continue
        for n, unit in items:
            if unit in UNITS:
                parts.append(Msg(("gaia.amt_brief." if brief and unit in BRIEF_UNITS else "gaia.amt.") + unit, n=n))
            elif unit.endswith("step") and unit[:-4].isdigit():
                parts.append(Msg("gaia.amt.step", n=int(unit[:-4])))
            else:
                parts.append(unit if n == 1 else f"{n}{unit}")
    if not parts:
        return text
    return parts[0] if len(parts) == 1 else Join(parts, "and")


def _k(word: str) -> str:
    """A notation word as part of a catalogue key ("range+3" -> "range_plus3")."""
    return word.replace("+", "_plus").replace(",", "_").replace("/", "_")


def _reward_list(rewards: Sequence[str]) -> Msg | Join | str:
    return amount(",".join(rewards)) if rewards else Msg("gaia.amt.none")


# ----------------------------------------------------------------------------- components

def _booster_effect(bid: str) -> Msg:
    b = BOOSTERS[bid]
    income = amount(",".join(b["income"]))
    if b["action"]:
        second: Msg = Msg("gaia.booster.action." + _k(b["action"]))
    elif b["pass"]:
        second = Msg("gaia.booster.pass", vp=b["pass"]["vp"], per=Msg("gaia.per." + b["pass"]["count"]))
    else:
        return Msg("gaia.booster.income", income=income)
    return Msg("gaia.booster.income_and", income=income, second=second)


def booster_gist(bid: str) -> Msg:
    """A booster in brief: its income, then its action or pass VP (labels, lists, status)."""
    b = BOOSTERS[bid]
    income = amount(",".join(b["income"]))
    if b["action"]:
        return Msg("gaia.booster.short", income=income, second=Msg("gaia.booster.short_action." + _k(b["action"])))
    if b["pass"]:
        return Msg("gaia.booster.short", income=income, second=Msg(
            "gaia.booster.short_pass", vp=b["pass"]["vp"], per=Msg("gaia.pershort." + b["pass"]["count"])))
    return Msg("gaia.booster.income", income=income)


def _tech_effect(tid: str) -> Msg:
    t = TECH[tid]
    kind, reward = t["kind"], t["reward"]
    if tid in ("tech3", "tech7", "advtech2", "advtech14", "advtech15"):
        return Msg("gaia.techfx." + tid)
    if kind == "gain-types":
        return Msg("gaia.techfx.now", gain=Msg("gaia.amt.per", gain=Msg("gaia.amt.k", n=1),
                                                 per=Msg("gaia.per.type")))
    return Msg("gaia.techfx." + kind, gain=_charge(reward) if kind == "action" else amount(reward))


def _charge(word: str) -> Msg | Join | str:
    """A special action's power: a charge, not power gained (GP-SPEC-1: the tile's "4 power"
    moves tokens between the bowls; newcomer 28c G-2: "Hajts végre speciális akciót: 4 energia"
    left a newcomer guessing); any other reward in words."""
    match = re.fullmatch(r"(\d+)pw", word)
    return Msg("gaia.amt.charge", n=int(match.group(1))) if match else amount(word)


def _action_effect(aid: str) -> Msg:
    return Msg("gaia.actfx.cost", cost=amount(ACTIONS[aid]["cost"]), gain=_action_gain(aid))


def _fed_effect(fid: str) -> Msg:
    f = FED_TOKENS[fid]
    key = "gaia.fedfx.green" if f["green"] else "gaia.fedfx.grey"
    return Msg(key, gain=amount(f["reward"]))


def _round_effect(rid: str) -> Msg:
    r = ROUND_TILES[rid]
    return Msg("gaia.roundfx", vp=r["vp"], event=Msg("gaia.deed." + r["event"]))


def _track_effect(field: str) -> Msg:
    from .tables import RESEARCH
    levels = []
    for level in range(1, 6):
        parts: list[Any] = []
        rewards = RESEARCH["rewards"][field][level]
        words = [Msg("gaia.track.reward." + r.replace("/", "_")) if r in ("gf", "fedtoken", "lostplanet", "vp/gaia")
                 else amount(r) for r in rewards]
        if words:
            parts.append(Join(words, "and"))
        income = RESEARCH.get("income", {}).get(field)
        if income and level < len(income) and income[level]:
            parts.append(Msg("gaia.track.income", gain=amount(income[level])))
        if field == "terra":
            parts.append(Msg("gaia.track.terra_cost", ore=RESEARCH["terra_cost"][level]))
        if field == "nav":
            parts.append(Msg("gaia.track.range", range=RESEARCH["range"][level]))
        if field == "gaia":
            parts.append(Msg("gaia.track.gaia_cost", tokens=RESEARCH["gaia_cost"][level]))
        if level == 3:
            parts.append(Msg("gaia.track.charge3"))
        levels.append(Msg("gaia.track.level", level=level, what=Join(parts) if parts else Msg("gaia.amt.none")))
    return Msg("gaia.track.text", field=Msg("gaia.field." + field), levels=Msg("gaia.track.five", **{
        f"l{i + 1}": line for i, line in enumerate(levels)}),
               extra=Msg("gaia.track.extra." + field))


def _final_effect(tid: str) -> Msg:
    return Msg("gaia.finalfx", what=Msg("gaia.finalwhat." + tid), first=FINAL_VP[0], second=FINAL_VP[1],
               third=FINAL_VP[2], neutral=FINAL_TILES[tid]["neutral"])


POWER_VALUE = {"m": 1, "ts": 2, "lab": 2, "PI": 3, "ac1": 3, "ac2": 3}     # GP-FED-2


def _building_text(typ: str, board: dict[str, Any]) -> Msg:
    slots = [amount(",".join(i) if isinstance(i, list) else i) if i else Msg("gaia.amt.none")
             for i in board.get("income") or []]
    income: Any = Join(slots) if slots else Msg("gaia.amt.none")
    return Msg("gaia.comp.building.text", cost=amount(board["cost"]),
               count=board["count"], income=income, value=POWER_VALUE.get(typ, 0),
               extra=Msg("gaia.building.extra." + typ))


def _faction_text(fid: str) -> Msg:
    f = FACTIONS[fid]
    start = Msg("gaia.faction_start.field", field=Msg("gaia.field." + f["research"])) if f.get("research") \
        else Msg("gaia.faction_start.none")
    return Msg("gaia.comp.faction.text", planet=Msg("gaia.planet." + f["planet"]), start=start,
               ability=Msg("gaia.ability." + fid), pi=Msg("gaia.pi." + fid))


def _hu_words(key: str) -> tuple[str, ...]:
    text = text_of(key, "hu") or ""
    folded = fold_word(text)
    return tuple(dict.fromkeys(w for w in (folded, folded.replace(" ", "-").replace("'", "")) if w))


@lru_cache(maxsize=None)
def components() -> tuple[Component, ...]:
    out: list[Component] = []
    for fid in FACTIONS:
        # the home planet first: a faction is chosen by where it can settle (newcomer 27i)
        gist = Msg("gaia.gist.faction_home", planet=Msg("gaia.planet." + FACTIONS[fid]["planet"]),
                   gist=Msg("gaia.gist.faction." + fid))
        out.append(Component(fid, "gaia.kind.faction", Msg("gaia.faction." + fid), _faction_text(fid), gist,
                             aliases=_hu_words("gaia.faction." + fid)))
    for bid in BOOSTERS:
        n = bid[7:]
        effect = _booster_effect(bid)
        out.append(Component(bid, "gaia.kind.booster", Msg("gaia.comp.booster.name", n=n),
                             Msg("gaia.comp.booster.text", effect=effect), booster_gist(bid),
                             aliases=(f"bonusz{n}", f"b{n}")))
    for rid in ROUND_TILES:
        n = rid[5:]
        effect = _round_effect(rid)
        out.append(Component(rid, "gaia.kind.round", Msg("gaia.comp.round.name", n=n),
                             Msg("gaia.comp.round.text", effect=effect),
                             Msg("gaia.roundgist", vp=ROUND_TILES[rid]["vp"],
                                 event=Msg("gaia.deed." + ROUND_TILES[rid]["event"]))))
    for tid in FINAL_TILES:
        out.append(Component("final-" + tid, "gaia.kind.final", Msg("gaia.finalname." + tid), _final_effect(tid),
                             Msg("gaia.finalwhat." + tid), aliases=(tid,)))
    for tid in TECH:
        advanced = tid.startswith("adv")
        n = tid[7:] if advanced else tid[4:]
        effect = _tech_effect(tid)
        out.append(Component(tid, "gaia.kind.advtech" if advanced else "gaia.kind.tech",
                             Msg("gaia.comp.advtech.name" if advanced else "gaia.comp.tech.name", n=n),
                             Msg("gaia.comp.advtech.text" if advanced else "gaia.comp.tech.text", effect=effect),
                             effect))
    for fid in FED_TOKENS:
        effect = _fed_effect(fid)
        numbered = fid[3:].isdigit()
        out.append(Component(fid if numbered else "fed-" + fid, "gaia.kind.fed",
                             Msg("gaia.comp.fed.name", n=fid[3:]) if numbered else Msg("gaia.comp.fed.name_" + fid),
                             Msg("gaia.comp.fed.text", effect=effect), Msg("gaia.fedgist", gain=amount(
                                 FED_TOKENS[fid]["reward"])), aliases=(f"szovetseg{fid[3:]}",) if numbered else ()))
    for aid in ACTIONS:
        power = aid.startswith("power")
        effect = _action_effect(aid)
        out.append(Component(aid, "gaia.kind.power" if power else "gaia.kind.qic",
                             Msg("gaia.comp.power.name" if power else "gaia.comp.qic.name", n=aid.lstrip("powerqic")),
                             Msg("gaia.comp.action.text", effect=effect), effect,
                             aliases=(("energia" if power else "ktk") + aid.lstrip("powerqic"),)))
    for typ, board in STD_BUILDINGS.items():
        # the name as a title (info's head, lists): "Academy (knowledge)", not "academy (knowledge)"
        out.append(Component(typ, "gaia.kind.building", Msg("gaia.comp.building.name." + typ), _building_text(typ, board),
                             Msg("gaia.gist.building." + typ), aliases=_hu_words("gaia.building." + typ)))
    out.append(Component("gf", "gaia.kind.building", Msg("gaia.comp.building.name.gf"), Msg("gaia.building.extra.gf"),
                         Msg("gaia.gist.building.gf"), aliases=_hu_words("gaia.building.gf")))
    # the Ivits' space station (GP-FAC-IVI-5): `build sp` had no `info` (newcomer 27i)
    out.append(Component("sp", "gaia.kind.faction_piece", Msg("gaia.comp.building.name.sp"), Msg("gaia.building.extra.sp"),
                         Msg("gaia.gist.building.sp"), aliases=_hu_words("gaia.building.sp")))
    for field in FIELDS:
        out.append(Component(field, "gaia.kind.track", Msg("gaia.field." + field), _track_effect(field),
                             Msg("gaia.gist.track." + field), aliases=_hu_words("gaia.field." + field)))
    # the tech tile spaces the research board image labels (szabad1, kül-nav): which tile lies
    # there differs per game, so the space itself is what a player looks up (GP-SETUP-5, -6)
    for pos in STD_POS:
        if pos.startswith("free"):
            out.append(Component(pos, "gaia.kind.techpos", Msg("gaia.comp.techpos.free.name", n=pos[4:]),
                                 Msg("gaia.comp.techpos.free.text", move=_take_tech(pos)),
                                 Msg("gaia.gist.techpos.free")))
    # the resources and the power bowls the notation writes as c, o, k, q, pw, t (newcomer 27i:
    # `info QIC` listed the QIC actions, `info knowledge` the academy, `info bowl` nothing)
    for ident, unit, words in (("credits", "c", ("credit", "c", "kr")), ("ore", "o", ("o", "er", "erc")),
                               ("knowledge", "k", ("k", "tu", "tudas")), ("qic", "q", ("q", "ktk")),
                               ("power", "pw", ("pw", "en", "t", "tok", "bowl", "bowls", "power token", "power tokens",
                                                "power cycle", "energia", "energiajelolo", "energiakorforgas"))):
        out.append(Component(ident, "gaia.kind.resource", Msg(f"gaia.comp.res.{unit}.name"),
                             Msg(f"gaia.comp.res.{unit}.text"), Msg(f"gaia.gist.res.{unit}"), aliases=words))
    for pos in ADV_POS:
        area = Msg("gaia.field." + pos[4:])
        out.append(Component(pos, "gaia.kind.techpos", Msg("gaia.comp.techpos.adv.name", field=area),
                             Msg("gaia.comp.techpos.adv.text", field=area, move=_take_tech(pos)),
                             Msg("gaia.gist.techpos.adv")))
    # the id as a Hungarian types it (booster3 -> bónusz3) where the notations differ; the
    # code is also a word /info finds the component by
    coded = []
    for comp in out:
        shown = _HU_COMPONENT_CODES.get(comp.id) or hu_code(comp.id)
        if shown == comp.id:
            coded.append(comp)
            continue
        aliases = tuple(dict.fromkeys((*comp.aliases, fold_word(shown))))
        coded.append(replace(comp, code=Localized(en=comp.id, hu=shown), aliases=aliases))
    return tuple(coded)


#: the tech tile spaces /info describes with the tile lying there in a game (a standard one under
#: a research area is that area's track, GP-SETUP-5, -6)
TILE_SPACES = tuple(pos for pos in STD_POS if pos.startswith("free")) + ADV_POS


def tech_space(view: Mapping[str, Any], text: str) -> Component | None:
    """The tech tile space ``text`` names (``free1``, ``adv-nav``; ``szabad1``, ``kül-nav``) with
    the tile lying there in the game of ``view`` (its effect in words), or that an advanced
    space's tile is gone; None for any other text.  The space's own component says only that
    the research board image shows it (newcomer 27i I-24)."""
    wanted = fold_word(text).strip()
    pos = next((pos for pos in TILE_SPACES if wanted in (pos, fold_word(hu_code(pos)))), None)
    if pos is None:
        return None
    static = next(comp for comp in components() if comp.id == pos)
    taken = pos in (view.get("adv_taken") or ())     # an advanced space stays empty (GP-TECH-5)
    tile = None if taken else _tile_at(view.get("tech") or {}, pos)
    kind = "free" if pos.startswith("free") else "adv"
    values: dict[str, Any] = {"move": _take_tech(pos)} if kind == "free" else \
        {"move": _take_tech(pos), "field": Msg("gaia.field." + pos[4:])}
    if tile is None:
        said = Msg("gaia.comp.techpos.adv.gone", **values) if kind == "adv" else static.text
        return replace(static, text=said)
    name = Msg("gaia.comp.advtech.name" if tile.startswith("adv") else "gaia.comp.tech.name",
               n=tile[7:] if tile.startswith("adv") else tile[4:])
    key = "gaia.comp.techpos.free.here" if kind == "free" else "gaia.comp.techpos.adv.here"
    return replace(static, text=Msg(key, tile=name, effect=_tech_effect(tile), **values), gist=_tech_effect(tile))


def _take_tech(pos: str) -> Localized:
    """``tech adv-nav`` as each reader types it (``techlapka kül-nav``: the image's code)."""
    return Localized(en="tech " + pos, hu=f"{HU_VERBS['tech']} {hu_code(pos)}")


def _hu_component_codes() -> dict[str, str]:
    """Hungarian codes of components that no move names (tiles and final scoring tiles):
    ``techlapka3``, ``kül-techlapka2``, ``vég-épületek-szövetségben``, ``szövetség-gleenek``."""
    out = {}
    for tid in TECH:
        out[tid] = ("kül-techlapka" + tid[7:]) if tid.startswith("adv") else ("techlapka" + tid[4:])
    for rid in ROUND_TILES:     # the English "score3" was the one English code of /info's list
        out[rid] = "fordulólapka" + rid[5:]
    for tid in FINAL_TILES:
        name = (text_of("gaia.finalname." + tid, "hu") or tid).lower().replace(" ", "-")
        out["final-" + tid] = "vég-" + name
    out.update({"credits": "kredit", "ore": "érc", "knowledge": "tudás", "qic": "KTK", "power": "energia"})
    for fid in FED_TOKENS:
        if not fid[3:].isdigit():
            name = (text_of("gaia.faction." + fid, "hu") or fid).lower().replace(" ", "-")
            out["fed-" + fid] = "szövetség-" + name
    return out


_HU_COMPONENT_CODES = _hu_component_codes()


def component_ids() -> set[str]:
    return {c.id for c in components()}


# ----------------------------------------------------------------------------- move phrases

BUILDINGS = ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp")
NAMED_SPECIALS = ("step", "range+3", "up-lowest", "swap-PI", "down-lab", "space-station")
BOWLS = ("area1", "area2", "area3", "gaia", "discard")


def _field(word: str, brief: int = 0) -> Msg | str:
    """A research area by name; ``brief``: by its short name ("AI", "MI")."""
    if word not in FIELDS:
        return word
    return Msg("gaia.field_short." + word) if brief else Msg("gaia.field." + word)


def _tile_at(tech: Mapping[str, Any], pos: str) -> str | None:
    """The tile lying on tech tile space ``pos`` in this game (None: not known)."""
    tile = tech.get(pos)
    return tile if isinstance(tile, str) and tile in TECH else None


def _tech_pos(tech: Mapping[str, Any], pos: str, brief: int = 0) -> Msg | str:
    """A tech tile position in words, with the tile lying there in this game when known.
    ``brief`` (a long label): 1, the tile alone, without its position; 3, the tile by its gist
    (``gaia.techgist.*``, the research board image's words); 4, a tile not known by its
    position alone in short words."""
    where: Msg | str
    prefix = "gaia.techpos_brief." if brief >= 4 else "gaia.techpos."
    if pos in FIELDS:
        where = Msg(prefix + "field", field=_field(pos, brief))
    elif pos.startswith("free") and pos[4:].isdigit():
        where = Msg(prefix + "free", n=pos[4:])
    elif pos.startswith("adv-") and pos[4:] in FIELDS:
        where = Msg(prefix + "adv", field=_field(pos[4:], brief))
    else:
        return pos
    tile = _tile_at(tech, pos)
    if tile is not None and brief < TILE_BY_CODE:   # (a covered tile's code: _command_phrase)
        if brief >= 3:      # the gist: a tile's effect outlasts its position's words (newcomer L-3)
            gist = "gaia.techgist_short." if brief >= GIST_SHORT else "gaia.techgist."
            return Msg("gaia.techpos.tile_brief", tile=Msg(gist + tile), where=where)
        return Msg("gaia.techpos.tile_brief" if brief else "gaia.techpos.tile", tile=_tech_effect(tile), where=where)
    return where


def _special(word: str) -> Msg | Join | str:
    if word in NAMED_SPECIALS:
        return Msg("gaia.special." + _k(word))
    return _charge(word)


def _action_gain(aid: str) -> Any:
    reward = ACTIONS[aid]["reward"]
    return Msg("gaia.actfx." + _k(reward)) \
        if reward in ("2step", "1step", "tech", "fedtile", "3vp,vp/type") else amount(reward)


def _command_phrase(tech: Mapping[str, Any], cmd: list[str], brief: int = 0) -> Msg:
    """One command in words.  ``brief`` (a long label, :func:`move_phrase`): 1, a tech tile
    without its position and a federation's hexes without spaces; 2, every step in its brief
    wording (``gaia.phrase.brief.*``: "builds a lab on 7B0", "research: AI"); 3, a tech tile
    by its gist ("income 4 credits": the research board image's words); 4, a power or QIC
    action by what it gives (its cost is in the description), a federation's token unquoted in
    brief units ("8 VP") and a tile not known by its position alone; 5, a federation's hexes
    with each sector said once (:func:`_by_sector`), a tile not known by its position's code
    and a special action in brief; 6, a covered tile (the player's own) by its position's code;
    7 (:data:`GIST_SHORT`), a taken tile by its gist in the image's abbreviations
    (``gaia.techgist_short.*``: "tile “income 4 c”"); 8 (:data:`FIELD_BY_CODE`), a research step's
    area by its code too ("kutatás: terra", ``gaia.field_code.*``) and the brainstone's bowl
    by its numeral ("agykő: III"); 9 (:data:`TILE_BY_CODE`, the
    last resort), every tech tile by its position's code (``adv-int``, ``kül-MI``: the research board
    image prints it), the area in words again (the tile's code leaves room for them)."""
    verb, args = cmd[0], cmd[1:]
    arg = args[0] if args else ""
    phrase = "gaia.phrase.brief." if brief >= 2 else "gaia.phrase."
    if verb == "build" and len(args) >= 2:
        key = phrase + "build." + (args[0] if args[0] in BUILDINGS else "other")
        return Msg(key, hex=args[1], what=args[0])
    if verb == "up" and args:
        if brief == FIELD_BY_CODE and arg in FIELDS:     # the last resort keeps the words: its tile needs no room
            return Msg(phrase + "up", field=Msg("gaia.field_code." + arg))
        return Msg(phrase + "up", field=_field(arg, brief >= 2))
    if verb == "pass":
        if args and arg in BOOSTERS:
            return Msg(phrase + "pass_booster", n=arg[7:], effect=booster_gist(arg))
        return Msg("gaia.phrase.pass")
    if verb == "booster" and arg in BOOSTERS:
        # the short gist: the phrase is a button's label too (80 characters), and a label cut
        # inside a word ("1 ingyenes terra…") reads as an English code to a Hungarian
        return Msg(phrase + "booster", n=arg[7:], effect=booster_gist(arg))
    if verb == "faction" and arg in FACTIONS:
        return Msg("gaia.phrase.faction", faction=Msg("gaia.faction." + arg))
    if verb == "decline":
        return Msg("gaia.phrase.decline")
    if verb in ("tech", "cover") and args:
        # the covered tile is the player's own (their panel shows it): its gist goes first
        known = _tile_at(tech, arg) is not None and brief < (GIST_SHORT if verb == "cover" else TILE_BY_CODE)
        if brief >= 5 and not known:    # the position's code, as the research board image prints it
            return Msg(phrase + verb + "_code", tile=Localized(en=arg, hu=hu_code(arg)))
        if known and verb == "tech" and brief >= GIST_SHORT:     # "tile “income 4 c”"
            return Msg(phrase + "tech_gist", tile=_tech_pos(tech, arg, brief))
        key = phrase + verb + ("_at" if brief >= 4 and not known and _tech_pos(tech, arg) != arg else "")
        return Msg(key, tile=_tech_pos(tech, arg, brief))
    if verb == "action" and arg in ACTIONS:
        kind = "action_power" if arg.startswith("power") else "action_qic"
        if brief >= 5 and ACTIONS[arg]["reward"] in ("fedtile", "1step", "2step"):
            # the next step names the token, or the mine the steps are for
            return Msg(phrase + kind + "_gain", gain=Msg("gaia.actfx_brief." + _k(ACTIONS[arg]["reward"])))
        if brief >= 4:
            return Msg(phrase + kind + "_gain", gain=_action_gain(arg))
        return Msg(phrase + kind, effect=_action_effect(arg))
    if verb == "fedtile" and arg in FED_TOKENS:
        return Msg(phrase + "fedtile", gain=amount(FED_TOKENS[arg]["reward"], brief=brief >= 4))
    if verb == "special" and args:
        if brief >= 5 and arg in NAMED_SPECIALS:
            return Msg(phrase + "special_brief", what=Msg("gaia.special_brief." + _k(arg)))
        return Msg(phrase + "special", what=_special(arg))
    if verb == "swap-PI" and args:
        return Msg("gaia.phrase.swap_pi", hex=arg)
    if verb == "federation" and len(args) >= 2:
        # the token's gist, as the description names it (it then does not say it twice)
        token = Msg("gaia.fedgist", gain=amount(FED_TOKENS[args[1]]["reward"])) if args[1] in FED_TOKENS else args[1]
        if brief >= 4 and args[1] in FED_TOKENS:
            token = Msg("gaia.fedgist", gain=amount(FED_TOKENS[args[1]]["reward"], brief=True))
        hexes = _by_sector(args[0]) if brief >= 5 else args[0] if brief else args[0].replace(",", ", ")
        return Msg(phrase + "federation" + ("_gain" if brief >= 4 else ""), hexes=hexes, gain=token)
    if verb == "lostPlanet" and args:
        return Msg("gaia.phrase.lost_planet", hex=arg)
    if verb == "spend" and len(args) >= 2:
        tokens = re.fullmatch(r"(\d*)tg", args[0])
        if brief >= 4 and args[1] == "tech" and tokens:     # an Itar's tile (GP-FAC-ITA-2): the tile says the rest
            return Msg("gaia.phrase.brief.spend_tech", n=int(tokens.group(1) or 1))
        return Msg(phrase + "spend", cost=amount(args[0]), gain=amount(args[1]))
    if verb == "burn" and args:
        return Msg("gaia.phrase.burn", n=arg)
    if verb == "charge" and args:
        rewards = _safe_rewards(arg)
        if len(rewards) == 1 and rewards[0][1] == "pw":
            return Msg("gaia.phrase.charge", n=rewards[0][0])
        return Msg("gaia.phrase.charge_offer", gain=amount(arg))
    if verb == "brainstone" and arg in BOWLS:
        if brief >= FIELD_BY_CODE:      # a long Taklons line: the bowl by its numeral ("agykő: III")
            return Msg("gaia.phrase.brief.brainstone_code", bowl=Msg("gaia.bowl_code." + arg))
        return Msg(phrase + "brainstone", bowl=Msg("gaia.bowl." + arg))
    if verb == "income" and args:
        return Msg(phrase + "income", gain=amount(arg))
    if verb == "bid" and len(args) >= 2 and args[0] in FACTIONS:
        return Msg("gaia.phrase.bid", faction=Msg("gaia.faction." + args[0]), n=args[1])
    if verb == "rotate":
        if not args:
            return Msg("gaia.phrase.rotate_none")
        pairs = [Msg("gaia.phrase.rotate_one", sector=args[i], steps=args[i + 1]) for i in range(0, len(args) - 1, 2)]
        return Msg("gaia.phrase.rotate", sectors=Join(pairs))
    if verb == "init":
        return Msg("gaia.phrase.init", n=arg)
    return Msg("gaia.phrase.notation", text=" ".join(cmd))


_SECTOR_HEX = re.compile(r"^(\d+)([A-Z]\d*)$")


def _by_sector(hexes: str) -> str:
    """Hex codes with each sector's number said once: ``1A8,1A9,2B0`` -> ``1A8 A9,2B0`` (a very
    long federation; the same hexes).  A code of another form keeps the list as it is."""
    groups: list[tuple[str, list[str]]] = []
    for code in hexes.split(","):
        match = _SECTOR_HEX.match(code)
        if match is None:
            return hexes
        if groups and groups[-1][0] == match.group(1):
            groups[-1][1].append(match.group(2))
        else:
            groups.append((match.group(1), [match.group(2)]))
    return ",".join(sector + " ".join(spots) for sector, spots in groups)


def _safe_rewards(text: str) -> list[tuple[int, str]]:
    try:
        return parse_rewards(text)
    except ValueError:
        return []


# ----------------------------------------------------------------------------- label lengths

#: Discord's limits: an autocomplete choice or a select option; a button (a public choice)
MENU_LIMIT = 100
BUTTON_LIMIT = 80
#: room a phrase leaves for its description (the gains and costs, "-5 credits, -3 ore, +1 QIC")
DESCRIPTION_ROOM = 28
#: room briefer words leave for a cost alone ("-5 credits, -3 ore" and its glue, :func:`_fitting_order`)
COST_ROOM = 22
#: the brief levels of :func:`_command_phrase`: the same facts in fewer words (0-3: a tech tile
#: by its gist at 3), then an action by what it gives (4), then a federation's hexes by sector and
#: special actions in brief (5), a covered tile by its position's code (6), a taken tile's gist in
#: the image's abbreviations (7), a taken tech tile by its position's code alone last (8): a
#: tile's effect outlasts every other saving (newcomer L-3)
BRIEF_LEVELS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
#: the levels that say every fact in words (tried to leave room for the description)
SAME_FACT_LEVELS = 4
#: the level that names a taken tile by its gist in the image's abbreviations, a covered one by its code
GIST_SHORT = 7
#: the level that keeps the short gist and names the research area by its code ("kutatás: terra"),
#: tried before a tile loses its gist (an advanced tile with a cover, a long building and hex)
FIELD_BY_CODE = 8
#: the level that names a tech tile by its position's code alone (the research board image prints it)
TILE_BY_CODE = 9


def _fitting_order(limit: int, room: tuple[int, ...] | None = None) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The (budget, brief levels) a label's words are tried at, in order: every fact in full
    words with room for the description (:data:`DESCRIPTION_ROOM`), then the briefer words that
    still say a tile's effect with room for its cost at least (:data:`COST_ROOM`: an action by
    its gain, a tile's gist in the image's abbreviations; newcomer 27i I-20: "take tech tile “PI &
    academies power value 4”; no research step" had lost its "-5 credits, -3 ore"), then any
    wording within the limit.  A button's choice keeps no room (:func:`_fitted_phrase`).

    ``room``: the characters the move's briefer descriptions take, the fuller first (its cost,
    else its gains, then its cost in brief, with the glue: ``GaiaGame._description_rooms``); the
    briefer words then leave that room, not the rule of thumb's, and a button's leave it too (an
    income order's bowls, GP-INC-2): the label keeps what the move costs or does before the
    fullest wording."""
    if room is None:
        if limit == BUTTON_LIMIT:
            return ((limit, BRIEF_LEVELS),)
        return ((limit - DESCRIPTION_ROOM, BRIEF_LEVELS[:SAME_FACT_LEVELS]),
                (limit - COST_ROOM, BRIEF_LEVELS[SAME_FACT_LEVELS:TILE_BY_CODE]), (limit, BRIEF_LEVELS))
    if limit == BUTTON_LIMIT or not room:     # nothing to say beside it: the fullest words that fit
        return tuple((limit - size, BRIEF_LEVELS) for size in room) + ((limit, BRIEF_LEVELS),)
    return ((limit - max((*room[:1], DESCRIPTION_ROOM)), BRIEF_LEVELS[:SAME_FACT_LEVELS]),
            *((limit - size, BRIEF_LEVELS[:TILE_BY_CODE]) for size in room), (limit, BRIEF_LEVELS))


#: the phases whose few moves may be public choices (buttons): income order and Taklons'
#: brainstone (GP-INC), the Gaia phase's conversions and Itars' tiles, the last booster choices
BUTTON_PHASES = ("income", "gaia", "boosters")
#: the verbs of such a choice (a main action's words keep the autocomplete's 100)
BUTTON_VERBS = ("charge", "decline", "income", "brainstone", "booster", "spend", "tech", "cover", "up")


def label_limit(state: Any, verbs: Sequence[str] = ()) -> int:
    """How long the label of a move with ``verbs`` may be in ``state``: a button's 80 characters
    where the move may be a public choice (a charge offer, or a phase of :data:`BUTTON_PHASES`,
    with only :data:`BUTTON_VERBS`), else an autocomplete choice's 100."""
    if not isinstance(state, Mapping) or not all(verb in BUTTON_VERBS for verb in verbs):
        return MENU_LIMIT
    if state.get("offer"):
        return BUTTON_LIMIT
    if state.get("phase") not in BUTTON_PHASES:
        return MENU_LIMIT
    # a position whose choice is no few buttons (an Itar's tech tile among many, GP-FAC-ITA-2)
    # is chosen from the autocomplete's 100 characters: its tiles keep their effect
    return BUTTON_LIMIT if _is_button_choice(state) else MENU_LIMIT


#: whether the last position asked is a choice among buttons (its state under "state")
_BUTTONS: dict[str, Any] = {}


def _is_button_choice(state: Mapping[str, Any]) -> bool:
    """Whether the host shows ``state``'s decision as buttons (``GaiaGame.public_choices``); a
    position with no players yet (a test's sketch) counts as one."""
    if not all(state.get("players") or [None]):
        return True
    return _public_choices(state) is not None


def _public_choices(state: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The bodies of ``state``'s public choices (``GaiaGame.public_choices``; None: no buttons),
    worked out once per position."""
    tag = (state.get("log_count"), state.get("phase"))
    if _BUTTONS.get("state") is not state or _BUTTONS.get("tag") != tag:
        import rules
        _BUTTONS.clear()
        choices = rules.get_game("gaia").public_choices(cast(Any, state))
        _BUTTONS.update(state=state, tag=tag,
                        choices=None if choices is None else tuple(split_actor(text)[1] for text in choices[1]))
    found = _BUTTONS["choices"]
    return found if isinstance(found, tuple) else None


def _order_lines(state: Any, body: str) -> tuple[str, ...]:
    """The income orders among ``state``'s buttons where ``body`` is one of them (GP-INC-2: a
    step taken first, or a whole order); () for any other line."""
    if not isinstance(state, Mapping) or state.get("phase") != "income" or not all(state.get("players") or [None]) \
            or not _is_order(body):
        return ()
    choices = _public_choices(state) or ()
    return tuple(line for line in choices if _is_order(line)) if body in choices else ()


@lru_cache(maxsize=1024)
def _is_order(body: str) -> bool:
    """Whether ``body`` is income steps, each one token gain or charge (:data:`ORDER_UNITS`), and
    at most the Taklons' brainstone bowl after them (GP-FAC-TAK-1)."""
    try:
        cmds = parse_commands(body)
    except ValueError:
        return False
    lead = _order_lead(cmds)
    return bool(lead) and all(cmd[0] == "brainstone" for cmd in cmds[lead:])


def _order_lead(cmds: Sequence[Sequence[str]]) -> int:
    """How many of ``cmds`` are income order steps from the first on (each one token gain or charge)."""
    lead = 0
    while lead < len(cmds) and cmds[lead][0] == "income" and len(cmds[lead]) == 2 and _order_step(cmds[lead][1]):
        lead += 1
    return lead


def _order_step(text: str) -> bool:
    step = _safe_rewards(text)
    return len(step) == 1 and step[0][1] in ORDER_UNITS


@lru_cache(maxsize=4096)
def _verbs(text: str) -> tuple[str, ...]:
    try:
        return tuple(cmd[0] for cmd in parse_commands(split_actor(text)[1]))
    except ValueError:
        return ()


def text_lengths(message: Msg) -> tuple[int, ...]:
    """``message``'s length as a label in every language."""
    return _lengths(message)


def _lengths(message: Msg) -> tuple[int, ...]:
    from rules.messages import LANGUAGES, render
    return tuple(len(render(message, language, label=True)) for language in LANGUAGES)


def move_phrase(state: Any, text: str, room: tuple[int, ...] | None = None, group_room: tuple[int, ...] | None = None) -> Msg | None:
    """A stored move line in words (the actor prefix left out: the host names the player),
    fitting a label by design: the fullest wording within the label's limit less room for the
    description in every language, else the fullest within the limit, else the briefest
    (:data:`BRIEF_LEVELS`).  Never clipped.  ``room``: :func:`_fitting_order`'s, the line's own;
    ``group_room``: its decision's (the most any of its lines needs; :func:`_label_level`)."""
    return _fitted(state, text, None, room, group_room)[0]


def full_phrase(state: Any, text: str) -> Msg | None:
    """A stored move line in its fullest words (a thread's line, the log): no label's limit."""
    return _fitted(state, text, UNLIMITED)[0]


#: the limit of a line no label holds (a thread post, the log): every wording fits, the fullest first
UNLIMITED = 10 ** 6


def _fitted(state: Any, text: str, limit: int | None = None, room: tuple[int, ...] | None = None,
            group_room: tuple[int, ...] | None = None) -> tuple[Msg | None, tuple[int, ...]]:
    """:func:`move_phrase` and its length in every language (cached by the move's text, the
    label's limit and the tech tiles lying on the board), at :func:`_label_level`."""
    body, limit, tech_items = _label_key(state, text, limit)
    own = _fitted_phrase(body, limit, tech_items, room)
    level = _label_level(state, body, limit, tech_items, own[2], room if group_room is None else group_room)
    return own[:2] if level == own[2] else _phrase_at(body, level, tech_items)


def _label_key(state: Any, text: str, limit: int | None) -> tuple[str, int, tuple[tuple[str, str], ...]]:
    """A line's body, its label's limit (:func:`label_limit` unless given) and the tech tiles
    lying on the board: what its wording depends on."""
    _actor, body = split_actor(text)
    tech = (state or {}).get("tech") or {} if isinstance(state, Mapping) else {}
    limit = label_limit(state, _verbs(body)) if limit is None else limit
    return body, limit, tuple(sorted((k, v) for k, v in tech.items() if isinstance(v, str)))


def _label_level(state: Any, body: str, limit: int, tech_items: tuple[tuple[str, str], ...], own: int,
                 room: tuple[int, ...] | None = None) -> int:
    """The brief level (:data:`BRIEF_LEVELS`) of a line's words; ``own``: the line's own fitting.
    A label of a decision (a move with chosen arguments, :func:`_choices_of`) is worded as all
    of its decision's labels are, as far as that wording still says every fact
    (:data:`SAME_FACT_LEVELS`): where the decision's longest line fits only by naming a tile by
    its space, the others still say the tile's effect, in the briefest words that keep it, and
    only the lines that must drop it do: a tile's effect kept where it fits outweighs one
    wording (nothing decided blind)."""
    variants = _choices_of(state, body) if limit < UNLIMITED else None
    if variants is None:
        # an income order's buttons are worded as their longest: one phrasing in the list
        # ("Order: 4 power first" beside "Order: 4 power, 1 power token")
        orders = _order_lines(state, body) if limit < UNLIMITED else ()
        return max((own, *(_fitted_phrase(line, limit, tech_items, room)[2] for line in orders)))
    level, roomy = _group_level(variants, limit, tech_items, room)
    if roomy:
        return level
    if room is not None:
        # no wording leaves the decision's longest line room for its description: each line is
        # worded as the others, or briefer where that keeps its own description (its cost)
        return max(own, min(level, SAME_FACT_LEVELS - 1))
    return level if level < SAME_FACT_LEVELS else max(own, SAME_FACT_LEVELS - 1)


def drops_facts(state: Any, text: str, room: tuple[int, ...] | None = None) -> bool:
    """True when the label of move ``text`` says it in a wording that leaves facts to its
    description or the images (a tech tile by its space alone, :data:`SAME_FACT_LEVELS`)."""
    body, limit, tech_items = _label_key(state, text, None)
    own = _fitted_phrase(body, limit, tech_items, room)
    level = _label_level(state, body, limit, tech_items, own[2], room)
    words = own[1] if level == own[2] else _phrase_at(body, level, tech_items)[1]
    # briefer words that leave room for the description keep every fact (the cost beside them)
    return level >= SAME_FACT_LEVELS and not (level < TILE_BY_CODE and max(words) <= limit - COST_ROOM)


#: verbs whose one argument is a booster: passing (GP-PASS-3) and the first choice (GP-SETUP-9)
BOOSTER_VERBS = ("pass", "booster")
#: the arguments a decision chooses among, by (verb, argument index): beside a move, its
#: decision lists the same verbs with the other values (a lab's tech tile and research area,
#: GP-TECH-1; a board action, GP-POW-7; a federation's token, GP-FED-6; a booster, GP-PASS-3)
CHOSEN_ARGUMENTS: dict[tuple[str, int], str] = {
    ("pass", 0): "booster", ("booster", 0): "booster", ("tech", 0): "tech", ("up", 0): "field",
    ("action", 0): "action", ("federation", 1): "fed", ("fedtile", 0): "fed", ("build", 0): "academy"}
#: the two academies (GP-UPG-1): one decision, their menu lines stand side by side (newcomer 28c
#: G-1: "Építs akadémiát (tudás): …; kutatás: gaia (−6 kr, −6 ér)" beside "Építs akadémiát
#: (KTK): …; kutatás: gaia (−6 kredit, −6 érc)")
ACADEMIES = ("ac1", "ac2")

#: a decision, step by step: each step's options, each option one or more commands (a tile's
#: space and the area it advances in are chosen together, GP-TECH-3)
Variants = tuple[tuple[tuple[tuple[str, ...], ...], ...], ...]


def _choices(pool: tuple[str, ...], kind: str, chosen: str) -> tuple[str, ...]:
    """The values a ``kind`` of argument may take beside ``chosen`` (a standard tile's space
    beside the standard ones: an advanced tile is another decision, it covers one, GP-TECH-4)."""
    if kind == "booster":
        return pool
    if kind == "tech":
        return ADV_POS if chosen in ADV_POS else STD_POS
    if kind == "field":
        return FIELDS
    if kind == "action":
        return tuple(ACTIONS)
    if kind == "academy":
        return ACADEMIES if chosen in ACADEMIES else ()
    return tuple(FED_TOKENS)


def _choices_of(state: Any, body: str) -> Variants | None:
    """The decision ``body`` is one choice of, step by step: each command with its chosen
    arguments (:data:`CHOSEN_ARGUMENTS`) replaced by every value they may take in this game, the
    rest (hexes, other steps) as it is; None when the line chooses none.  Every move of one
    decision has the same variants, so their labels are worded alike (newcomer G2)."""
    pool = state.get("boosters") if isinstance(state, Mapping) else None
    return _variants(body, tuple(sorted(pool)) if isinstance(pool, Mapping) and pool else tuple(sorted(BOOSTERS)))


def _command_variants(cmd: list[str], pool: tuple[str, ...]) -> list[tuple[str, ...]]:
    variants = [tuple(cmd)]
    for index, arg in enumerate(cmd[1:]):
        kind = CHOSEN_ARGUMENTS.get((cmd[0], index))
        values = _choices(pool, kind, arg) if kind else ()
        if arg in values:
            variants = [variant[:index + 1] + (value,) + variant[index + 2:] for variant in variants for value in values]
    return variants


@lru_cache(maxsize=4096)
def _variants(body: str, pool: tuple[str, ...]) -> Variants | None:
    """:func:`_choices_of` with the game's boosters ``pool``."""
    try:
        cmds = parse_commands(body)
    except ValueError:
        return None
    out: list[tuple[tuple[tuple[str, ...], ...], ...]] = []
    index = 0
    while index < len(cmds):
        cmd = cmds[index]
        following = cmds[index + 1] if index + 1 < len(cmds) else None
        if cmd[0] == "tech" and len(cmd) > 1 and cmd[1] in STD_POS and following is not None \
                and _is_step(following):
            # a standard tile under an area advances in that area; a free space's in any; or the
            # step is declined (GP-TECH-3): one menu, its lines worded alike
            out.append(tuple((("tech", pos), step) for pos in STD_POS
                             for step in (*(("up", field) for field in ((pos,) if pos in FIELDS else FIELDS)),
                                          ("decline",))))
            index += 2
            continue
        if index and cmds[index - 1][0] in ("tech", "cover") and _is_step(cmd):
            # the research step an advanced tile grants (GP-TECH-4): in any area, or declined
            out.append(tuple((step,) for step in (*(("up", field) for field in FIELDS), ("decline",))))
            index += 1
            continue
        variants = _command_variants(cmd, pool)
        if cmd[0] == "action" and any(later[0] == "build" for later in cmds[index + 1:]):
            # an action a build follows gives terraforming steps (GP-POW-7): its siblings are those
            variants = [v for v in variants if str(ACTIONS.get(v[1], {}).get("reward", "")).endswith("step")] or variants
        out.append(tuple((variant,) for variant in variants))
        index += 1
    return tuple(out) if any(len(options) > 1 for options in out) else None


def _is_step(cmd: Sequence[str]) -> bool:
    """Whether ``cmd`` is a research step in an area or a declined one (after a tile, GP-TECH-3)."""
    return (cmd[0] == "up" and len(cmd) > 1 and cmd[1] in FIELDS) or list(cmd) == ["decline"]


def decision_lines(state: Any, text: str) -> tuple[str, ...]:
    """The lines of move ``text``'s decision (:func:`_siblings`), its actor's prefix kept."""
    actor, body = split_actor(text)
    return tuple(f"{actor} {line}" if actor else line for line in _siblings(state, body))


def _siblings(state: Any, body: str) -> tuple[str, ...]:
    """The lines of ``body``'s decision (``body`` first; itself alone when it chooses nothing)."""
    variants = _choices_of(state, body)
    if variants is None:
        return (body,)
    lines = [""]
    for options in variants:
        lines = [". ".join(([line] if line else []) + [format_command(list(cmd)) for cmd in option])
                 for line in lines for option in options]
    return tuple(dict.fromkeys([body, *lines]))


@lru_cache(maxsize=8192)
def _part_lengths(tech_items: tuple[tuple[str, str], ...], previous: str | None,
                  option: tuple[tuple[str, ...], ...], brief: int) -> tuple[int, ...]:
    """The length of one step's words in every language (:func:`_part`; a step of two commands
    with their glue); a lab's tile and area are the same beside every hex."""
    from rules.messages import LANGUAGES, render
    tech = dict(tech_items)
    sizes = [0] * len(LANGUAGES)
    for index, cmd in enumerate(option):
        if index:
            glue = [len(render(Msg(_then_key(brief), first="", next=""), language, label=True)) for language in LANGUAGES]
            sizes = [size + extra for size, extra in zip(sizes, glue)]
        part = _lengths(_part(tech, option[index - 1][0] if index else previous, cmd, brief))
        sizes = [size + extra for size, extra in zip(sizes, part)]
    return tuple(sizes)


@lru_cache(maxsize=1024)
def _group_level(variants: Variants, limit: int, tech_items: tuple[tuple[str, str], ...], room: tuple[int, ...] | None = None
                 ) -> tuple[int, bool]:
    """The brief level (:data:`BRIEF_LEVELS`) of every label of one decision: the fullest at which
    its longest line fits, in the order :func:`_fitted_phrase` tries them (:func:`_fitting_order`),
    and whether it leaves room for the description (then every line of the decision takes that
    level: a lab's 24 tiles all with their cost, not the short ones alone).  A line's words are
    its steps' words joined, so the longest line is the longest option of each step joined: a
    lab's 24 tile-and-area pairs cost 24 phrases, beside every hex."""
    for budget, levels in _fitting_order(limit, room):
        for brief in levels:
            if max(_longest_sizes(variants, tech_items, brief)) <= budget:
                return brief, budget < limit
    return BRIEF_LEVELS[-1], False


@lru_cache(maxsize=1024)
def _longest_sizes(variants: Variants, tech_items: tuple[tuple[str, str], ...], brief: int) -> tuple[int, ...]:
    """The length of a decision's longest line at brief level ``brief`` in every language (at
    most: each step's longest option joined)."""
    from rules.messages import LANGUAGES, render
    glue = [len(render(Msg(_then_key(brief), first="", next=""), language, label=True)) for language in LANGUAGES]
    sizes = [glue_size * (len(variants) - 1) for glue_size in glue]
    previous: str | None = None
    for options in variants:
        lengths = [_part_lengths(tech_items, previous, option, brief) for option in options]
        sizes = [size + max(column) for size, column in zip(sizes, zip(*lengths))]
        previous = options[0][-1][0]
    return tuple(sizes)


@lru_cache(maxsize=4096)
def _phrase_at(body: str, level: int, tech_items: tuple[tuple[str, str], ...]) -> tuple[Msg | None, tuple[int, ...]]:
    """``body`` in the wording of brief ``level`` (:data:`BRIEF_LEVELS`) and its lengths."""
    message = _phrase_of(dict(tech_items), parse_commands(body), level)
    return message, _lengths(message)


@lru_cache(maxsize=4096)
def _fitted_phrase(body: str, limit: int, tech_items: tuple[tuple[str, str], ...], room: tuple[int, ...] | None = None
                   ) -> tuple[Msg | None, tuple[int, ...], int]:
    """The fitted phrase of ``body``, its lengths and its brief level."""
    try:
        cmds = parse_commands(body)
    except ValueError:
        cmds = []
        if body.strip():
            notation = Msg("gaia.phrase.notation", text=body)
            return notation, _lengths(notation), 0
    if not cmds:
        return None, (), 0
    tech = dict(tech_items)
    candidates: dict[int, tuple[Msg, tuple[int, ...], int]] = {}

    def candidate(brief: int) -> tuple[Msg, tuple[int, ...], int]:
        if brief not in candidates:
            message = _phrase_of(tech, cmds, brief)
            candidates[brief] = message, _lengths(message), brief
        return candidates[brief]

    # a button's choice (a booster, an income order, a charge) says its gist in its words and
    # has few or no gains beside it: no room is kept, so the buttons of one decision read alike
    # (with room kept, "takes booster 10 (…)" stood beside "booster 3 (…)")
    for budget, levels in _fitting_order(limit, room):
        for brief in levels:
            found = candidate(brief)
            if max(found[1]) <= budget:
                return found
    return candidate(BRIEF_LEVELS[-1])


def _part(tech: Mapping[str, Any], previous: str | None, cmd: Sequence[str], brief: int) -> Msg:
    """One command of a line in words; ``previous``: the verb before it (None: the first)."""
    if cmd[0] == "decline" and previous in ("tech", "cover", "special", "build"):
        # the research step a tile or special grants
        return Msg("gaia.phrase.brief.decline_step" if brief >= 2 else "gaia.phrase.decline_step")
    return _command_phrase(tech, list(cmd), brief)


def _then_key(brief: int) -> str:
    return "gaia.phrase.brief.then" if brief >= 2 else "gaia.phrase.then"


#: the units an income order's steps name (GP-INC-6: power tokens and charges)
ORDER_UNITS = ("pw", "t")


def _income_order(cmds: list[list[str]], brief: int) -> Msg | None:
    """A line of two or more income steps, each one token gain or charge, as one order: "takes
    the income 4 power first, then 1 power token" / "bevételként előbb a 4 energiát kapja meg,
    majd az 1 energiajelölőt" (newcomer: "take the income" said once); in brief (``brief`` 2 or
    more: its list's orders need it, :func:`_order_lines`) one step as the step taken first
    ("order: 4 power first"); None for any other."""
    if not cmds or any(cmd[0] != "income" or len(cmd) != 2 for cmd in cmds):
        return None
    steps = [_safe_rewards(cmd[1]) for cmd in cmds]
    if any(len(step) != 1 or step[0][1] not in ORDER_UNITS for step in steps):
        return None
    if len(cmds) == 1:
        # a step taken first, among orders worded briefly (its own words: "take the income 4 power")
        if brief < 2:
            return None
        key = "gaia.phrase.brief.income_first_short" if brief >= 4 else "gaia.phrase.brief.income_first"
        return Msg(key, gain=amount(cmds[0][1]))
    if brief >= 2:     # then at 4 the order alone (a button keeps room for the bowls after it)
        key = "gaia.phrase.brief.income_order_short" if brief >= 4 else "gaia.phrase.brief.income_order"
        return Msg(key, steps=Join([amount(cmd[1]) for cmd in cmds]))
    said = [Msg("gaia.amt_acc." + step[0][1], n=step[0][0]) for step in steps]
    rest: Msg = said[-1]
    for item in reversed(said[1:-1]):
        rest = Msg("gaia.phrase.then", first=item, next=rest)
    return Msg("gaia.phrase.income_order", first=said[0], next=rest)


def _phrase_of(tech: Mapping[str, Any], cmds: list[list[str]], brief: int) -> Msg:
    order = _income_order(cmds, brief)
    if order is not None:
        return order
    lead = _order_lead(cmds)
    if brief >= 2 and 0 < lead < len(cmds):
        # a Taklons order with the brainstone's bowl after it: the order as its list's others say it
        first = _income_order(cmds[:lead], brief)
        if first is not None:
            return Msg(_then_key(brief), first=first, next=_phrase_of(tech, cmds[lead:], brief))
    parts = [_part(tech, cmds[index - 1][0] if index else None, cmd, brief) for index, cmd in enumerate(cmds)]
    phrase = parts[-1]
    for part in reversed(parts[:-1]):
        phrase = Msg(_then_key(brief), first=part, next=phrase)
    return phrase


def fitted_description(state: Any, text: str, candidates: Sequence[Msg], room: tuple[int, ...] | None = None,
                       group_room: tuple[int, ...] | None = None, alike: Sequence[Msg] = ()) -> Msg | None:
    """The first description of ``candidates`` (the fullest first) that fits the label of move
    ``text`` after its phrase (:func:`move_phrase`) in every language (:func:`label_limit`);
    None (the phrase alone) when none does.  ``room``: the phrase's (:func:`move_phrase`);
    ``alike``: the candidates a decision's lines say in one form (the cost in words or in brief),
    fitted beside its longest line, not beside this one's."""
    return _first_fitting(state, text, candidates, room, group_room, alike)


def fits_beside(state: Any, text: str, candidates: Sequence[Msg], room: tuple[int, ...] | None = None,
                group_room: tuple[int, ...] | None = None, alike: Sequence[Msg] = ()) -> bool:
    """Whether one of ``candidates`` fits the label of move ``text`` (:func:`fitted_description`'s
    test, asked of a decision's other lines: ``GaiaGame._decision_in_words``)."""
    return _first_fitting(state, text, candidates, room, group_room, alike) is not None


def _first_fitting(state: Any, text: str, candidates: Sequence[Msg], room: tuple[int, ...] | None,
                   group_room: tuple[int, ...] | None, alike: Sequence[Msg]) -> Msg | None:
    """:func:`fitted_description`."""
    from rules.messages import LANGUAGES
    body = split_actor(text)[1]
    limit = label_limit(state, _verbs(body))
    # a booster's: the longest phrase of the decision's boosters (their gains are the same), so
    # the description stands beside all of them or none; any other: its own phrase, and for the
    # cost that of the decision's longest line where its lines are worded alike (a lab's tiles:
    # each says its cost in the same words, "-5 credits" or "-5 c", not some one way, some the other)
    siblings = _siblings(state, body) if _verbs(body)[:1] in (("pass",), ("booster",)) else (body,)
    sizes = [_fitted(state, sibling, None, room, group_room)[1] or (0,) * len(LANGUAGES) for sibling in siblings]
    taken = tuple(max(column) for column in zip(*sizes))
    longest = taken
    variants = _choices_of(state, body) if alike else None
    if variants is not None:
        _body, _limit, tech_items = _label_key(state, text, None)
        level, roomy = _group_level(variants, limit, tech_items, room if group_room is None else group_room)
        if roomy:
            longest = tuple(max(pair) for pair in zip(taken, _longest_sizes(variants, tech_items, level)))
    for message in candidates:
        beside = longest if message in alike else taken
        if all(used + DESCRIPTION_GLUE + size <= limit for used, size in zip(beside, _lengths(message))):
            return message
    return None


# ----------------------------------------------------------------------------- Hungarian notation

#: the word a Hungarian writes for each verb (every one is in notation.VERB_ALIASES)
HU_VERBS = {"build": "épít", "up": "kutat", "pass": "passz", "action": "akció", "special": "speciális",
            "federation": "szövetség", "decline": "elutasít", "charge": "feltölt", "spend": "átvált",
            "burn": "eléget", "booster": "bónusz", "faction": "faj", "tech": "techlapka", "cover": "letakar",
            "fedtile": "szövetséglapka", "brainstone": "agykő", "income": "bevétel", "lostPlanet": "elveszett-bolygó",
            "rotate": "forgat", "swap-PI": "csere", "bid": "licit"}
HU_WORDS = {"m": "bánya", "ts": "kereskedelmi-állomás", "lab": "kutatólabor", "PI": "bolygótani-intézet",
            "ac1": "akadémia1", "ac2": "akadémia2", "gf": "gaiaformáló", "sp": "űrállomás",
            "terra": "terraformálás", "nav": "navigáció", "int": "MI", "eco": "gazdaság", "sci": "tudomány",
            "area1": "I-mező", "area2": "II-mező", "area3": "III-mező", "gaia": "gaia", "discard": "eldob",
            "step": "lépés", "range+3": "hatótáv+3", "up-lowest": "legalsó-fel", "swap-PI": "intézetcsere",
            "down-lab": "labor-le", "space-station": "űrállomás-akció", "tech": "techlapka", "for": "->"}


@lru_cache(maxsize=None)
def _hu_ids() -> dict[str, str]:
    """Boosters, actions, federation tokens and factions by their Hungarian codes and names."""
    out = {}
    for alias, canon in ALIASES.items():
        if re.match(r"^(bonusz|energia|ktk|szovetseg)\d+$", alias):
            out[canon] = {"bonusz": "bónusz", "szovetseg": "szövetség"}.get(alias.rstrip("0123456789"),
                                                                          alias.rstrip("0123456789")) + \
                alias[len(alias.rstrip("0123456789")):]
    for fid in FACTIONS:
        name = (text_of("gaia.faction." + fid, "hu") or fid).lower().replace(" ", "-").replace("'", "")
        out[fid] = name
    return out


def hu_word(word: str) -> str:
    if word in HU_WORDS:
        return HU_WORDS[word]
    if word.startswith("free") and word[4:].isdigit():
        return "szabad" + word[4:]
    if word.startswith("adv-") and word[4:] in HU_WORDS:
        return "különleges-" + HU_WORDS[word[4:]]
    ids = _hu_ids()
    if word in ids:
        return ids[word]
    if re.match(r"^booster\d+$", word):    # a number no booster has ("booster99" as typed)
        return "bónusz" + word[7:]
    if re.match(r"^\+?\d*[a-z]+(-a3)?(,\+?\d*[a-z]+(-a3)?)*$", word):
        return hu_amount(word)
    return word


#: short Hungarian codes of the research areas, printed on the images' tech tile positions
HU_SHORT = {"terra": "terra", "nav": "nav", "int": "MI", "gaia": "gaia", "eco": "gazd", "sci": "tud"}


def hu_code(word: str) -> str:
    """An id as the Hungarian images print it (short where ``hu_word`` is long): every one parses."""
    if word in HU_SHORT:
        return HU_SHORT[word]
    if word.startswith("adv-") and word[4:] in HU_SHORT:
        return "kül-" + HU_SHORT[word[4:]]
    return hu_word(word)


def localize_move(text: str, language: str) -> str:
    """The canonical line in the words of ``language`` that the parser accepts."""
    if language != "hu":
        return text
    actor, body = split_actor(text)
    try:
        cmds = parse_commands(body)
    except ValueError:
        return text
    pieces = []
    for cmd in cmds:
        verb = HU_VERBS.get(cmd[0], cmd[0])
        args = [hu_word(a) for a in cmd[1:]]
        if cmd[0] == "spend" and len(args) == 2:
            args = [args[0], HU_WORDS["for"], args[1]]
        pieces.append(" ".join([verb] + args))
    out = ". ".join(pieces) + ("." if body.rstrip().endswith(".") else "")
    if not cmds:
        return text
    return f"{actor} {out}" if actor else out


assert all(fold_word(w) in VERB_ALIASES for w in HU_VERBS.values())
assert set(HU_UNIT_OUT) <= set(UNITS)


# ----------------------------------------------------------------------------- score breakdown

CATEGORIES = ("start", "round", "final", "research_end", "resources", "federations", "techs", "boosters",
              "research", "actions", "faction", "charges", "bid", "other")


def _category(source: str) -> str:
    head = source.split(":", 1)[0]
    if source == "final:research":
        return "research_end"
    if source == "final:resources":
        return "resources"
    return {"start": "start", "round": "round", "final": "final", "fed": "federations", "qic2": "federations",
            "tech": "techs", "booster": "boosters", "research": "research", "qic3": "actions",
            "faction": "faction", "charge": "charges", "bid": "bid"}.get(head, "other")


def score_breakdown(state: Any) -> list[list[ScorePart]]:
    out = []
    for p in state["players"]:
        if not p:
            out.append([ScorePart(Msg("gaia.score.start"), 10)])
            continue
        totals = dict.fromkeys(CATEGORIES, 0)
        tiles: dict[str, int] = {}      # each final scoring tile on its own (newcomer 27i: "final scoring tiles 21")
        for source, points in (p.get("vp_src") or {}).items():
            totals[_category(source)] += points
            if _category(source) == "final" and source[6:] in FINAL_TILES:
                tiles[source[6:]] = tiles.get(source[6:], 0) + points
        totals["other"] += p["vp"] - sum(totals.values())    # anything untracked, shown honestly
        if sum(tiles.values()) == totals["final"]:
            totals["final"] = 0
        else:
            tiles = {}
        parts = []
        for cat, pts in totals.items():
            if cat == "final":
                parts += [ScorePart(Msg("gaia.score.final_tile", tile=Msg("gaia.finalname." + tile)), vp)
                          for tile, vp in tiles.items() if vp]
            if pts:
                parts.append(ScorePart(Msg("gaia.score." + cat), pts))
        out.append(parts or [ScorePart(Msg("gaia.score.other"), 0)])
    return out
