"""Pulsar 2849 components in words (issue 23): every technology, transmitter, HQ project and
board side, goal, planetary system tile, exploration tile, gyrodyne size, construction award,
die modifier token and location of the star cluster, with its name, full text and gist, for
``/pulsar info``, the hand, status and autocomplete labels.

The texts are generated from the data tables (costs, dice, effects), so they stay true when a
transcription of the printed components replaces the [designed] rows; a row whose ``source``
mark says [designed] is a stand-in."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import data as game_data
from rules.base import Component
from rules.messages import Join, Localized, Msg

from . import describe
from .codes import code, hu_code
from .data import tables
from .describe import GATE_COLOURS

#: Location letters of the notation (English initials) and the Hungarian ones the parser also
#: accepts: S naprendszer -> N, J ugrókapu -> U, H kezdőkapu -> K; P pulzár stays P.
HU_LOCATION_LETTER = {"S": "N", "J": "U", "H": "K", "P": "P"}
EN_LOCATION_LETTER = {hu: en for en, hu in HU_LOCATION_LETTER.items()}


def P(key: str, /, **values: Any) -> Msg:
    return Msg(f"pulsar.{key}", **values)


def location_code(loc: str, language: str) -> str:
    """How ``loc`` is written for a reader of ``language`` (Hungarian: N03, U07, K2, P11)."""
    if language == "hu" and loc[:1] in HU_LOCATION_LETTER:
        return HU_LOCATION_LETTER[loc[0]] + loc[1:]
    return loc


def canonical_location(word: str) -> str:
    """A location typed with the English or the Hungarian letter -> its notation id (upper)."""
    code = word.upper()
    if code in tables().locations:
        return code
    if code[:1] in EN_LOCATION_LETTER:
        english = EN_LOCATION_LETTER[code[0]] + code[1:]
        if english in tables().locations:
            return english
    return code


def _sources() -> dict[str, str]:
    """id -> its ``source`` mark, over every data file (a [designed] row is a stand-in)."""
    load = game_data.load_json
    out: dict[str, str] = {}
    for file, key in (("technologies.json", "technologies"), ("transmitters.json", "transmitters"),
                      ("hq.json", "projects"), ("goals.json", "goals"), ("systems.json", "tiles"),
                      ("exploration.json", "tiles"), ("pieces.json", "awards")):
        for row in load("pulsar", file)[key]:
            out[row["id"]] = str(row.get("source", ""))
    for row in load("pulsar", "cluster.json")["nodes"]:
        out[row["id"]] = str(row.get("source", ""))
    for row in load("pulsar", "pieces.json")["gyrodynes"]:
        out["G" + row["size"]] = str(row.get("source", ""))
    return out


def _designed(source: str) -> bool:
    return "[designed]" in source


def effects_or_nothing(items: Any, short: bool = False) -> Msg | Join:
    return describe.effects(items, short) if items else P("comp.nothing")


def technology(tech: str) -> Component:
    info = tables().technologies[tech]
    effects = describe.effects(info.effects)
    return Component(
        tech, "pulsar.kind.technology", P("comp.technology.name", id=tech),
        P("comp.technology.text", id=tech, kind=P(f"tech_kind.{info.kind.replace(' + ', '_')}"), tier=info.tier,
          row=info.row, cost=info.cost, mode=P(f"tech_mode.{'one' if info.mode == '1/R' else 'two'}"), effects=effects),
        _gist(info.effects, info.cost), _designed(_SOURCES()[tech]), (tech.replace("-", ""),))


def tech_side(side: str) -> Component:
    techs = sorted(t for t, info in tables().technologies.items() if info.side == side)
    tier = tables().technologies[techs[0]].tier
    return Component(
        side, "pulsar.kind.tech_side", P("comp.tech_side.name", side=side),
        P("comp.tech_side.text", side=side, tier=tier, techs=Join(techs, "comma")),
        P("comp.tech_side.gist", tier=tier, first=techs[0], last=techs[-1]),
        any(_designed(_SOURCES()[tech]) for tech in techs))


def transmitter(tile: str) -> Component:
    info = tables().transmitters[tile]
    dice = "+".join(str(d) for d in info.dice)
    active = effects_or_nothing(info.on_activation)
    production = effects_or_nothing(info.production)
    return Component(
        tile, "pulsar.kind.transmitter", P("comp.transmitter.name", id=code(tile)),
        P("comp.transmitter.text", id=code(tile), letter=info.letter, dice=dice, n=len(info.dice), active=active,
          production=production, connections=Join([str(c) for c in info.connections], "comma")),
        P("comp.transmitter.gist", dice=dice, active=effects_or_nothing(info.on_activation, short=True),
          production=effects_or_nothing(info.production, short=True)) if info.on_activation else P(
            "comp.transmitter.gist_production", dice=dice,               # no one-time reward: not "nothing" (27g P-9)
            production=effects_or_nothing(info.production, short=True)),
        _designed(_SOURCES()[tile]), (tile.replace("-", ""), tile.split("-")[1], *_hu_aliases(tile)), code(tile))


def project(ident: str) -> Component:
    info = tables().projects[ident]
    effects = describe.effects(info.effects)
    row = P("comp.project.main") if info.row == 4 else P("comp.project.row", row=info.row)
    values = {"id": ident, "board": info.board, "side": info.side, "row": row, "cost": info.cost, "effects": effects}
    if info.needs is None:                      # a designed side: HQ-2's rows
        text = P("comp.project.text", **values)
    elif info.needs:                            # a printed side: the projects joined below
        text = P("comp.project.text_needs", needs=Join(list(info.needs), "and"), **values)
    else:
        text = P("comp.project.text_open", **values)
    return Component(
        ident, "pulsar.kind.project", P("comp.project.name", id=ident), text,
        _gist(info.effects, info.cost), _designed(_SOURCES()[ident]), (ident.replace("-", "").replace(".", ""),))


def _listed(ident: str) -> Msg:
    """A project in its side's list: its code, die and rewards in brackets, with no colon of its own."""
    gist = _gist(tables().projects[ident].effects, tables().projects[ident].cost)
    form = {"pulsar.comp.gist.cost": "project", "pulsar.comp.gist.cost_more": "project_more"}.get(gist.key, "project_only")
    return P(f"comp.hq_board.{form}", id=ident, **dict(gist.params))


def board_side(board: int, side: int) -> Component:
    ident = f"HQ{board}-{side}"
    projects = sorted(p for p, info in tables().projects.items() if info.board == board and info.side == side)
    return Component(
        ident, "pulsar.kind.hq_board", P("comp.hq_board.name", board=board, side=side),
        P("comp.hq_board.text_printed" if any(tables().projects[p].needs is not None for p in projects)
          else "comp.hq_board.text", board=board, side=side, focus=P(f"comp.hq_board.focus{side}"),
          projects=Join([_listed(p) for p in projects], "comma")),   # what each gives: the secret side not chosen blind (28b N-12)
        P(f"comp.hq_board.focus{side}"), any(_designed(_SOURCES()[p]) for p in projects), (f"HQ{board}{side}",))


def goal(ident: str) -> Component:
    info = tables().goals[ident]
    condition = P(f"goal.{info.metric}", n=info.at_least)
    (cubes1, vp1), (cubes2, vp2) = info.bonus
    return Component(
        ident, "pulsar.kind.goal", P("comp.goal.name", id=code(ident)),
        P("comp.goal.text_first" if info.first_game else "comp.goal.text", condition=condition, vp=info.base_vp,
          cubes1=cubes1, vp1=vp1, cubes2=cubes2, vp2=vp2),
        P("comp.goal.gist", condition=condition, vp=info.base_vp),
        _designed(_SOURCES()[ident]), _hu_aliases(ident), code(ident))


def system_tile(tile: str) -> Component:
    info = tables().systems[tile]
    planets = Join([P(f"comp.planet.{p.colour}" + ("" if p.mark is None else ".3" if p.mark == "3+" else ".4"))
                    for p in info.planets], "comma")
    bonus = describe.effects(info.bonus)
    return Component(
        tile, "pulsar.kind.system_tile", P("comp.system_tile.name", id=code(tile)),
        P("comp.system_tile.text", planets=planets, bonus=bonus), P("comp.system_tile.gist", bonus=describe.effects(info.bonus, short=True)),
        _designed(_SOURCES()[tile]), _hu_aliases(tile), code(tile))


def exploration(tile: str) -> Component:
    gains, kept = tables().exploration[tile]
    gain = describe.effects(gains)
    return Component(
        tile, "pulsar.kind.exploration", P("comp.exploration.name", id=code(tile)),
        P("comp.exploration.kept" if kept else "comp.exploration.text", gain=gain), P("comp.gist.plain", effects=describe.effects(gains, short=True)),
        _designed(_SOURCES()[tile]), _hu_aliases(tile), code(tile))


def gyrodyne(size: str) -> Component:
    take, spin = tables().gyro_costs[size]
    from .economy import SIZE_VP
    name = describe.size_name(size)
    hu_gyro = GYRO_HU_CODE[size]
    return Component(
        f"G{size}", "pulsar.kind.gyrodyne", P("comp.gyrodyne.name", size=name),
        P("comp.gyrodyne.text", size=name, take=take, spin=spin, vp=SIZE_VP[size]),
        P("comp.gyrodyne.gist", take=die_of(take), spin=die_of(spin), vp=SIZE_VP[size]), _designed(_SOURCES()[f"G{size}"]),
        (size, hu_gyro), Localized(en=f"G{size}", hu=hu_gyro))


def award(ident: str, size: str, vp: int) -> Component:
    name = describe.size_name(size)
    from .notation import SIZE_HU
    hu_award = f"{SIZE_HU[size]}-jutalom{vp}"        # AW-S7 -> kis-jutalom7 (newcomer N-2)
    return Component(
        ident, "pulsar.kind.award", P("comp.award.name", size=name, vp=vp),
        P("comp.award.text", size=name, vp=vp, rank=P("comp.award.first" if vp == 7 else "comp.award.second")),
        P("comp.award.gist", vp=vp, size=name), _designed(_SOURCES()[ident])).coded_in_hungarian(hu_award)


def token(ident: str, kind: str) -> Component:
    from .notation import TOKEN_HU
    hu_token = TOKEN_HU[kind]                           # MOD-PM1 -> pluszmínusz, as the notation says it
    return Component(ident, "pulsar.kind.token", P(f"comp.token.{kind}.name"), P(f"comp.token.{kind}.text"),
                     P(f"comp.token.{kind}.gist"), False, (kind,)).coded_in_hungarian(hu_token)


#: The words every label uses that name no component (newcomer 28b N-3: "info I1", "info silver",
#: "info median" found nothing): an entry each, its English and Hungarian code and the words found.
TERMS = (("TRACKS", ("I1–E2", "K1–M2"), ("I1", "I2", "E1", "E2", "K1", "K2", "M1", "M2", "initiative", "engineering",
                                       "initiative track", "engineering track", "kezdeményezéssáv", "mérnöksáv")),
         ("DICE", ("DICE", "kocka"), ("silver", "silver die", "silver dice", "bonus die", "red die", "die", "dice",
                                     "ezüstkocka", "bónuszkocka", "kockák")),
         ("MEDIAN", ("MEDIAN", "középjelző"), ("median", "median marker", "median die", "középérték")))


def term(ident: str, codes: tuple[str, str], aliases: tuple[str, ...]) -> Component:
    key = ident.lower()
    return Component(ident, "pulsar.kind.term", P(f"comp.term.{key}.name"), P(f"comp.term.{key}.text"),
                     P(f"comp.term.{key}.gist"), False, aliases, Localized(en=codes[0], hu=codes[1]))


def location(loc: str) -> Component:
    info = tables().locations[loc]
    kind = {"S": "system", "P": "pulsar", "J": "gate", "H": "start"}[info.type]
    colour: Msg | str = P(f"gate_colour.{info.gate_colour}") if info.gate_colour else ""
    hu = location_code(loc, "hu")
    return Component(
        loc, "pulsar.kind.location", P(f"comp.location.{kind}.name", loc=describe.loc(loc), colour=colour),
        P(f"comp.location.{kind}.text", colour=colour), P(f"comp.location.{kind}.gist", colour=colour),
        _designed(_SOURCES()[loc]), (hu,) if hu != loc else (), Localized(en=loc, hu=hu))


#: A gyrodyne's Hungarian code (issue 24): the rulebook's size word and forgóerőmű, not GS/GM/GL.
GYRO_HU_CODE = {"S": "kis-erőmű", "M": "közepes-erőmű", "L": "nagy-erőmű"}


def _hu_aliases(ident: str) -> tuple[str, ...]:
    """The Hungarian code of ``ident`` (and without its hyphen), for /info lookups."""
    hu = hu_code(ident)
    return (hu, hu.replace("-", "")) if "-" in hu else (hu,)


def die_of(value: int) -> Msg:
    """"die 5" / "5-ös kocka"."""
    return P(f"die_of.{value}")


def _gist(effects: Any, cost: int) -> Msg:
    """The cost and the rewards in their brief words, or only the first reward when the whole
    would not fit 70 characters in some language."""
    from rules.messages import LANGUAGES, render
    fewer = describe.merged(describe.ordered(effects))    # every reward in fewer words before one "and more" (28b N-9)
    for message in (P("comp.gist.cost", die=die_of(cost), effects=describe.effects(effects, short=True)),
                    *([P("comp.gist.cost", die=die_of(cost), effects=fewer)] if fewer is not None else []),
                    P("comp.gist.cost_more", die=die_of(cost), effects=describe.effect(effects[0], short=True))):
        if all(len(render(message, language)) <= 70 for language in LANGUAGES):
            return message
    return P("comp.gist.cost_only", die=die_of(cost))


@lru_cache(maxsize=1)
def _SOURCES() -> dict[str, str]:   # noqa: N802 - a cached constant
    return _sources()


@lru_cache(maxsize=1)
def all_components() -> tuple[Component, ...]:
    tab = tables()
    out: list[Component] = []
    out += [technology(t) for t in tab.technologies]
    out += [tech_side(side) for side in sorted({info.side for info in tab.technologies.values()})]
    out += [transmitter(t) for t in tab.transmitters]
    out += [board_side(b, s) for b in sorted({p.board for p in tab.projects.values()}) for s in (1, 2)]
    out += [project(p) for p in tab.projects]
    out += [goal(g) for g in tab.goals]
    out += [system_tile(t) for t in tab.systems]
    out += [exploration(t) for t in tab.exploration]
    out += [gyrodyne(size) for size in "SML"]
    out += [award(row["id"], row["size"], int(row["vp"])) for row in game_data.load_json("pulsar", "pieces.json")["awards"]]
    out += [token("MOD-PM1", "pm"), token("MOD-P2", "p2")]
    out += [term(*row) for row in TERMS]
    out += [location(loc) for loc in tab.locations]
    return tuple(out)


def gist_of(ident: str) -> Msg | None:
    """The gist of the component ``ident`` (a technology, transmitter, project, tile...)."""
    comp = by_id().get(ident.lower())
    return comp.gist if comp is not None else None


@lru_cache(maxsize=1)
def by_id() -> dict[str, Component]:
    return {comp.id.lower(): comp for comp in all_components()}


__all__ = ["all_components", "by_id", "gist_of", "location_code", "canonical_location", "GATE_COLOURS"]
