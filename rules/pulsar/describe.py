"""Pulsar 2849 tiles in words (spec §8.8, §8.11, §8.12): what an exploration tile gives and
what a revealed planetary system holds, as catalogue messages (``pulsar.effect.*``,
``pulsar.tile.*``), so a post never shows a bare code such as ``EX09`` or ``PS03``."""
from __future__ import annotations

from typing import Iterable

from rules.messages import Join, Localized, Msg, has_key

from .codes import code as tile_code
from .data import Effect, parse_effect, tables


def P(key: str, /, **values: object) -> Msg:
    return Msg(f"pulsar.{key}", **values)


def loc(code: str) -> Msg:
    """A location as the reader's map names it: ``pulsar.loc.S`` is "S{n}" / "N{n}"."""
    return P(f"loc.{code[:1]}", n=code[1:])


def path(codes: "tuple[str, ...] | list[str]") -> Msg:
    """``H01→J02→S03`` in the reader's codes: one way of writing a path wherever a flight is
    read (a list of suggested flights, the thread's line, a refusal; 27h P-7).  Without spaces,
    the longest flight (ten locations of four characters on side B, a die bent by a token and a
    technology) leaves room in a label for what it reaches."""
    message = loc(codes[0])
    for code in codes[1:]:
        message = P("path.step", a=message, b=loc(code))
    return message


#: The suffix a Hungarian number takes as an adjective ("a 4-es doboz", "egy 5-ös kocka"), by
#: its last non-zero digit, and for round numbers by its tens (10-es, 20-as... 100-as).
_HU_DIGIT_SUFFIX = {1: "es", 2: "es", 3: "as", 4: "es", 5: "ös", 6: "os", 7: "es", 8: "as", 9: "es"}
_HU_TENS_SUFFIX = {1: "es", 2: "as", 3: "as", 4: "es", 5: "es", 6: "as", 7: "es", 8: "as", 9: "es"}


def hu_numeral(n: int) -> str:
    """``n`` as the rulebook writes a numbered die or box: 1-es, 3-as, 5-ös, 6-os, 20-as."""
    if n % 10:
        return f"{n}-{_HU_DIGIT_SUFFIX[abs(n) % 10]}"
    if n % 100:
        return f"{n}-{_HU_TENS_SUFFIX[abs(n) // 10 % 10]}"
    return f"{n}-{'as' if n % 1000 else 'es'}"                   # százas, ezres


def numeral(n: int) -> Localized:
    """A box or die value as an adjective in each language: "4" / "4-es", so a Hungarian text
    writes "a 4-es doboz" and "egy 5-ös kocka", the rulebook's words (not "a 4. doboz")."""
    return Localized(en=str(n), hu=hu_numeral(n))


def size_name(size: str) -> Msg:
    return P(f"size.{size}")


def effect(eff: Effect, short: bool = False) -> Msg:
    """One reward, ability or scoring term (§6.8, §8.6.1 vocabulary) in words; ``short``: the
    brief form (``pulsar.effect_short.*``, where one exists) for gists and labels."""
    full = _effect(eff)
    if short:
        brief = full.key.replace("pulsar.effect.", "pulsar.effect_short.", 1)
        colours = full.params.get("colours")
        if eff.name == "EFF-GATERUN" and isinstance(colours, Join) and len(colours.items) == len(GATE_COLOURS):
            return Msg(brief + ".any", n=full.params["n"])      # "a colour of choice" for all three colours
        if has_key(brief):
            params = full.params
            if isinstance(params.get("per"), Msg):
                params["per"] = Msg(params["per"].key.replace("pulsar.per.", "pulsar.per_short.", 1))
            return Msg(brief, **params)
    return full


def _effect(eff: Effect) -> Msg:
    name, args = eff.name, eff.args
    if name == "EFF-CUBE-RED":
        return P("effect.EFF-CUBE-RED", n=numeral(int(args[0])))       # "egy 3-as bónuszkocka"
    if name in ("EFF-VP", "EFF-CUBES", "EFF-EXPL", "GRN-FLAT", "GRN-CUBES", "PUR-STATIONS",
                "PUR-GOAL-BOOST", "PUR-STATION-BOOST", "PROD-VP", "PROD-CUBES", "PROD-BUY"):
        return P(f"effect.{name}", n=int(args[0]))
    if name == "EFF-MOD":
        return P("effect.EFF-MOD", token=args[0])
    if name == "EFF-GYRO":
        return P("effect.EFF-GYRO", size=size_name(args[0]))
    if name == "EFF-GYRO-CHOICE":
        return P("effect.EFF-GYRO-CHOICE", sizes=Join([size_name(s) for s in args], "or"))
    if name == "EFF-RED":
        return P("effect.EFF-RED", value=numeral(int(args[0])))
    if name == "EFF-DOUBLER":
        back, value = int(args[0]), int(args[1])       # "kockaduplázó (3-as vissza + 2-es bónuszkocka)"
        return P("effect.EFF-DOUBLER", back=back, value=value, back_n=numeral(back), value_n=numeral(value))
    if name == "EFF-TELEPORT":
        return P(f"effect.EFF-TELEPORT.{args[0]}")
    if name == "EFF-GATERUN":
        colours = Join([P(f"gate_colour.{GATE_COLOURS[c]}") for c in args[0].split("/")], "or")
        return P("effect.EFF-GATERUN", colours=colours, n=int(args[1]))
    if name == "ABL-FLEX":
        down, up = int(args[1]), int(args[2])
        shape = "both" if down and up else "up" if up else "down"
        return P(f"effect.ABL-FLEX.{shape}", action=P(f"action.{args[0]}"), down=down, up=up)
    if name == "ABL-ZERO":
        every = set(args) >= set(ACTIONS)
        return P("effect.ABL-ZERO.all") if every else P("effect.ABL-ZERO", actions=Join(
            [P(f"action.{a}") for a in args], "and"))
    if name == "ABL-VISIT":
        return P(f"effect.ABL-VISIT.{args[0]}", reward=effect(parse_effect(args[1])))
    if name == "ABL-ON":
        return P(f"effect.ABL-ON.{args[0]}", reward=effect(parse_effect(args[1])))
    if name == "PUR-BUY":
        return P("effect.PUR-BUY", cubes=int(args[0]), vp=int(args[1]))
    if name == "PUR-SIZES":
        return P("effect.PUR-SIZES", one=int(args[0]), two=int(args[1]), three=int(args[2]))
    if name in ("GRN-PER", "PUR-PER", "EFF-VP-PER"):
        return P(f"effect.{name}", n=int(args[1]), per=P(f"per.{args[0]}"))
    if name in ("EFF-GYRO-ANY", "EFF-GYRO-TWO-DIFF", "EFF-EXTRA-STATION", "EFF-CLAIM-ISO", "PUR-CUBE-BOOST",
                "PUR-GOAL-ANY"):
        return P(f"effect.{name}")
    return P("effect.other", code=name + (f"({', '.join(args)})" if args else ""))


#: The paid actions abilities name (ABL-FLEX / ABL-ZERO action keys, §8.6.1).
ACTIONS = ("fly", "gyro_take", "gyro_spin", "tx", "patent", "hq", "buy_mod")
GATE_COLOURS = {"O": "orange", "G": "green", "P": "purple"}


def effects(items: Iterable[Effect], short: bool = False) -> Join:
    """The rewards in words, a reward printed twice counted once ("2 ±1 die modifier tokens",
    "2 db ±1 kockamódosító"), not repeated (27g P-3)."""
    return Join([counted(item, n, short) for item, n in grouped(items)], "and")


def merged(items: Iterable[Effect]) -> "Join | None":
    """The rewards in fewer words where two say one thing twice: die modifier tokens of two
    kinds as one ("±1 és +2 kockamódosító", "±1 and +2 tokens"), one die range for several
    actions ("repülés vagy adóállomás esetén −1/+1 a kockára"), a die range and a reward on one
    action ("HQ-projekt esetén −1/+1 a kockára és 1 pont"); the brief words otherwise.
    None when nothing merges (the brief words of :func:`effects` say it as well)."""
    groups = grouped(items)
    tokens = [item for item, n in groups if item.name == "EFF-MOD" and n == 1]
    ranges: dict[tuple[str, ...], list[Effect]] = {}
    for item, n in groups:
        if item.name == "ABL-FLEX" and n == 1:
            ranges.setdefault(item.args[1:], []).append(item)
    # a die range and a reward on the same action ("forgóerőmű beindítása esetén −1/+1 a kockára és 3 pont")
    flex = {item.args[0]: item for item, n in groups if item.name == "ABL-FLEX" and n == 1
            and len(ranges[item.args[1:]]) == 1 and int(item.args[1]) and int(item.args[2])}
    paired = {item.args[0]: item for item, n in groups if item.name == "ABL-ON" and n == 1 and item.args[0] in flex}
    if len(tokens) < 2 and all(len(same) < 2 for same in ranges.values()) and not paired:
        return None
    out: list[Msg] = []
    for item, n in groups:
        if item.name == "ABL-ON" and item.args[0] in paired:
            continue                                    # said with its action's die range
        if item.name == "ABL-FLEX" and item.args[0] in paired:
            out.append(P("effect_short.ABL-FLEX-ON.both", action=P(f"action.{item.args[0]}"), down=int(item.args[1]),
                         up=int(item.args[2]), reward=effect(parse_effect(paired[item.args[0]].args[1]), short=True)))
        elif item in tokens and len(tokens) > 1:
            if item is tokens[0]:
                out.append(P("effect_short.EFF-MOD.tokens", tokens=Join([t.args[0] for t in tokens], "and")))
        elif item.name == "ABL-FLEX" and n == 1 and len(ranges[item.args[1:]]) > 1:
            same = ranges[item.args[1:]]
            if item is same[0]:
                down, up = int(item.args[1]), int(item.args[2])
                shape = "both" if down and up else "up" if up else "down"
                out.append(P(f"effect_short.ABL-FLEX.{shape}", action=Join([P(f"action.{a.args[0]}") for a in same], "or"),
                             down=down, up=up))
        else:
            out.append(counted(item, n, short=True))
    return Join(out, "comma")


def grouped(items: Iterable[Effect]) -> list[tuple[Effect, int]]:
    """The rewards of :func:`ordered` with how many times each is printed, in their first place."""
    out: list[tuple[Effect, int]] = []
    for item in ordered(items):
        at = next((i for i, (seen, _n) in enumerate(out) if seen == item), None)
        if at is None:
            out.append((item, 1))
        else:
            out[at] = (item, out[at][1] + 1)
    return out


def counted(eff: Effect, n: int, short: bool = False) -> Msg:
    """One reward ``n`` times: its counted words (``pulsar.effect_n.*``, the brief
    ``pulsar.effect_short_n.*``) where they exist, else "2 × …"."""
    one = effect(eff, short)
    if n == 1:
        return one
    own = one.key.replace("pulsar.effect.", "pulsar.effect_n.", 1).replace("pulsar.effect_short.", "pulsar.effect_short_n.", 1)
    return Msg(own, n=n, **one.params) if has_key(own) else P("effect_times", n=n, effect=one)


def ordered(items: Iterable[Effect]) -> list[Effect]:
    """Rewards in the order they read best: a gate run ("orange gate run, 2 VP a gate") last,
    so a plain "4 VP" after it is not read as part of the run."""
    return sorted(items, key=lambda item: item.name == "EFF-GATERUN")


def exploration_tile(tile: str) -> Msg:
    """``EX09 (a small or medium gyrodyne)``."""
    gains, _kept = tables().exploration[tile]
    return P("tile.exploration", tile=tile_code(tile), gain=effects(gains))


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


def tokens(mods: "dict[str, int]") -> Msg | Join:
    """A player's die modifier tokens (A-MOD-1, H-1): "1 × ±1 and 2 × +2", or "none"."""
    items = [P("count.token", n=mods.get(kind, 0), token=token)
             for kind, token in (("pm1", "±1"), ("p2", "+2")) if mods.get(kind, 0)]
    return Join(items, "and") if items else P("count.none")


def reserve(gyros: "dict[str, int]") -> Msg | Join:
    """A player's gyrodyne tiles in reserve, not yet placed (ACT-GYRO-TAKE, H-1): "1 large", or "none"."""
    items = [P("count.gyro", n=gyros.get(size, 0), size=size_name(size)) for size in "SML" if gyros.get(size, 0)]
    return Join(items, "and") if items else P("count.none")
