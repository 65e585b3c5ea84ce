"""A map hex described for ``/gaia info 1B1`` (newcomer report N5): what lies there, who built
what, and, for the asking player, what a mine there would take (GP-MINE-3..11, GP-GF-1)."""
from __future__ import annotations

import re

from rules.base import Component
from rules.messages import LANGUAGES, Join, Localized, Msg, render

from . import engine as E
from .state import GaiaState
from .tables import HOME_TYPES, RESEARCH, terraform_steps

# the two ways the notation writes a hex (GP-MAP-4): its name (``1B1``, ``10A11``, ``4C``) or
# absolute coordinates (``-2x4``); Hungarian moves write them the same way
_HEX = re.compile(r"^\s*(\d{1,2}[ab]\d{0,2}|\d{1,2}c|-?\d{1,2}x-?\d{1,2})\s*$", re.IGNORECASE)


_NAME = re.compile(r"^(\d+)([ABC])(\d*)$")


def is_hex_code(text: str) -> bool:
    """Whether ``text`` is written as a map hex, whatever map a game has."""
    return bool(_HEX.match(text))


def codes(st: GaiaState) -> list[str]:
    """Every hex's name on this game's map, sector by sector (GP-MAP-4: A0..A11, B0..B5, C)."""
    def order(name: str) -> tuple[int, str, int]:
        found = _NAME.match(name)
        if found is None:
            return (99, name, 0)
        return int(found.group(1)), found.group(2), int(found.group(3) or 0)
    return sorted(E.minfo(st).name.values(), key=order)


def describe(st: GaiaState, seat: int | None, text: str) -> Component | None:
    """The hex ``text`` names on this game's map, as ``seat`` (None: a spectator) asks about
    it; None when the map has no such hex."""
    if not is_hex_code(text):
        return None
    k = E.minfo(st).locate(text)
    if k is None:
        return None
    lines = facts(st, seat, k)
    # one fact a line, in each reader's language (a Msg joins its values on one line)
    text_of = Localized(**{language: "\n".join(render(line, language) for line in lines) for language in LANGUAGES})
    return Component(E.hexname(st, k), "gaia.kind.hex", Msg("gaia.planet." + E.planet_of(st, k)),
                     Msg("gaia.place.text", facts=text_of))


def facts(st: GaiaState, seat: int | None, k: str) -> list[Msg]:
    """What :func:`describe` says of hex ``k`` (the internal ``q,r`` key), one fact a message."""
    planet = E.planet_of(st, k)
    lines = _public_lines(st, k, planet)
    if seat is not None and 0 <= seat < len(st["players"]) and st["players"][seat] is not None:
        lines += _lines_for(st, seat, k, planet)
    return lines


def _faction(st: GaiaState, seat: int) -> Msg:
    p = st["players"][seat]
    return Msg("gaia.faction." + p["faction"]) if p else Msg("seat_n", n=seat + 1)


def _public_lines(st: GaiaState, k: str, planet: str) -> list[Msg]:
    mi = E.minfo(st)
    before = mi.planet[k]
    lines = [Msg("gaia.place.sector", sector=mi.sector[k])]
    if planet != before:     # gaiaformed transdim planet, or a Lost Planet on empty space
        lines.append(Msg("gaia.place.was", before=Msg("gaia.planet." + before)))
    built = st["bld"].get(k)
    if built is not None:
        lines.append(Msg("gaia.place.building", building=Msg("gaia.building." + built[1]),
                         faction=_faction(st, built[0])))
    if k in st["guest"]:
        lines.append(Msg("gaia.place.guest", faction=_faction(st, st["guest"][k])))
    if k in st["gf"]:
        lines.append(Msg("gaia.place.gaiaformer", faction=_faction(st, st["gf"][k])))
    if k in st["station"]:
        lines.append(Msg("gaia.place.station", faction=_faction(st, st["station"][k])))
    if st["sat"].get(k):
        lines.append(Msg("gaia.place.satellites", factions=Join([_faction(st, s) for s in st["sat"][k]], "and")))
    feds = [s for s, p in enumerate(st["players"]) if p and k in p["fed_hexes"]]
    if feds:
        lines.append(Msg("gaia.place.federation", factions=Join([_faction(st, s) for s in feds], "and")))
    if len(lines) == 1 + (planet != before) and planet != "e":
        lines.append(Msg("gaia.place.free"))
    return lines


def _lines_for(st: GaiaState, seat: int, k: str, planet: str) -> list[Msg]:
    """What a mine on planet ``k`` would take from ``seat``: terraforming steps and their ore
    (GP-MINE-8), the QIC of a Gaia planet (GP-MINE-11), the range and the QIC that stretches it
    (GP-MINE-5..7), a transdim planet's Gaia project (GP-MINE-10), the seat's own gaiaformer
    (GP-MINE-12).  Nothing for empty space, the seat's own structures, or a planet another
    player holds (unless the seat's Lantids may share it, GP-FAC-LAN-1)."""
    p = E.P(st, seat)
    if planet in ("e", "l") or k in E.own_hexes(st, seat):
        return []
    gaiaformer = st["gf"].get(k)
    if gaiaformer == seat:
        return [Msg("gaia.place.own_gf" if planet == "g" else "gaia.place.own_gf_pending")]
    shared = k in st["bld"] and p["faction"] == "lantids" and k not in st["guest"]
    if (k in st["bld"] and not shared) or gaiaformer is not None:
        return []
    lines: list[Msg] = []
    if shared:
        pass                 # a Lantids mine beside another's building: no terraforming
    elif planet in HOME_TYPES:
        steps = terraform_steps(E.fac(p)["planet"], planet)
        if steps == 0:
            lines.append(Msg("gaia.place.home"))
        else:
            ore = steps * RESEARCH["terra_cost"][p["research"]["terra"]]
            lines.append(Msg("gaia.place.steps", steps=steps, ore=ore))
    elif planet == "g":
        lines.append(Msg("gaia.place.gaia_ore" if p["faction"] == "gleens" else "gaia.place.gaia_qic"))
    elif planet == "m":
        lines.append(Msg("gaia.place.transdim"))
    distance = E.min_distance(st, seat, k)
    if distance < 99:        # the seat has built somewhere
        reach = E.base_range(p)
        qic = E.qic_for_range(st, seat, k)
        lines.append(Msg("gaia.place.reach_qic" if qic else "gaia.place.reach", distance=distance, range=reach,
                         qic=qic))
    return lines
