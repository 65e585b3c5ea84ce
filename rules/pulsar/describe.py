"""Pulsar 2849 tiles in words (spec §8.8, §8.11, §8.12): what an exploration tile gives and
what a revealed planetary system holds, as catalogue messages (``pulsar.effect.*``,
``pulsar.tile.*``), so a post never shows a bare code such as ``EX09`` or ``PS03``."""
from __future__ import annotations

from typing import Iterable

from rules.messages import Join, Msg

from .data import Effect, tables


def P(key: str, /, **values: object) -> Msg:
    return Msg(f"pulsar.{key}", **values)


def size_name(size: str) -> Msg:
    return P(f"size.{size}")


def effect(eff: Effect) -> Msg:
    """One reward (§6.8 vocabulary) in words; an effect without its own text names its DSL term."""
    name, args = eff.name, eff.args
    if name in ("EFF-VP", "EFF-CUBES", "EFF-EXPL"):
        return P(f"effect.{name}", n=int(args[0]))
    if name == "EFF-MOD":
        return P("effect.EFF-MOD", token=args[0])
    if name == "EFF-GYRO":
        return P("effect.EFF-GYRO", size=size_name(args[0]))
    if name == "EFF-GYRO-CHOICE":
        return P("effect.EFF-GYRO-CHOICE", sizes=Join([size_name(s) for s in args], "or"))
    if name == "EFF-RED":
        return P("effect.EFF-RED", value=int(args[0]))
    if name in ("EFF-GYRO-ANY", "EFF-GYRO-TWO-DIFF", "EFF-EXTRA-STATION", "EFF-CLAIM-ISO"):
        return P(f"effect.{name}")
    return P("effect.other", code=name + (f"({', '.join(args)})" if args else ""))


def effects(items: Iterable[Effect]) -> Join:
    return Join([effect(item) for item in items], "and")


def exploration_tile(tile: str) -> Msg:
    """``EX09 (a small or medium gyrodyne)``."""
    gains, _kept = tables().exploration[tile]
    return P("tile.exploration", tile=tile, gain=effects(gains))


def system_contents(tile: str, players: int) -> Msg:
    """What a revealed system tile holds with ``players`` players: its open planets by colour,
    the planets blocked for this player count (REVEAL-2) and the discovery bonus."""
    info = tables().systems[tile]
    blocked_marks = tables().by_players[players].blocked_marks
    open_planets = [p for p in info.planets if p.mark not in blocked_marks]
    parts: list[Msg] = []
    for colour in ("blue", "barren"):
        count = sum(1 for p in open_planets if p.colour == colour)
        if count:
            parts.append(P(f"tile.planets.{colour}", n=count))
    blocked = len(info.planets) - len(open_planets)
    if blocked:
        parts.append(P("tile.planets.blocked", n=blocked))
    return P("tile.system", planets=Join(parts, "and"), bonus=effects(info.bonus))
