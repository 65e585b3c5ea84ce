"""Pulsar 2849 moves and their notation (spec §10).  Parsing is syntactic; the engine checks
everything that depends on the position."""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules.base import IllegalMove
from rules.messages import Join, Msg

from .actions import Payment
from .data import tables

HQSIDE, GATE, DRAFT, FLY, GYRO_TAKE, GYRO_PLACE, GYRO_SPIN = "hqside", "gate", "draft", "fly", "gyro take", \
    "gyro place", "gyro spin"
GYRO_CHOOSE = "gyro choose"
TX_TAKE, TX_PAY, TX_LINK, PATENT, HQ, BUY, COPY, END, PROD, GOALS = "tx take", "tx pay", "tx link", "patent", "hq", \
    "buy", "copy", "end", "prod", "goals"
VERBS = ("hqside", "gate", "draft", "fly", "gyro", "tx", "patent", "hq", "buy", "copy", "end", "prod", "goals")
_DIE = re.compile(r"^(?:s(\d)|r)([+-][12])?(?:~(zero|[A-D]I{1,3}-\d[a-c]):?([+-]\d)?)?$", re.IGNORECASE)


@dataclass(frozen=True)
class Move:
    seat: int
    kind: str
    arg: str = ""                         # a location, size, tile, technology, project, token, track marker
    number: int = 0                       # a die value (draft, copy), an HQ side, an icon
    path: tuple[str, ...] = ()            # FLY: the locations, start first
    pay: Payment | None = None            # the die paid
    options: tuple[str, ...] = ()         # FLY: take=tile, noclaim, run=...; TX_TAKE: link=...; PROD/GOALS items


def die_text(pay: Payment) -> str:
    text = "r" if pay.red else f"s{pay.value}"
    text += pay.mod or ""
    if pay.zero:
        text += "~zero"
    elif pay.flex:
        text += f"~{pay.flex[0]}:{pay.flex[1]:+d}"
    return text


def parse_die(word: str) -> Payment:
    match = _DIE.match(word)
    if not match:
        raise IllegalMove("pulsar.err.die_syntax", "NOT-1", value=word)
    value, mod, flex, delta = match.groups()
    if flex and flex.lower() == "zero":
        return Payment(value is None, int(value or 0), mod, None, True)
    if flex and not delta:
        raise IllegalMove("pulsar.err.die_syntax", "NOT-1", value=word)
    return Payment(value is None, int(value or 0), mod, (_known(flex, "tech"), int(delta)) if flex else None)


def format_move(move: Move) -> str:
    kind = move.kind
    if kind == HQSIDE:
        return f"hqside {move.number}"
    if kind == GATE:
        return f"gate {move.arg}"
    if kind == DRAFT:
        return f"draft {move.number}" + (f" {move.arg}" if move.arg else "")
    if kind == FLY:
        assert move.pay is not None
        return " ".join(("fly", die_text(move.pay), ">".join(move.path), *move.options))
    if kind in (GYRO_TAKE, PATENT, HQ, BUY):
        assert move.pay is not None
        return " ".join((f"{kind} {move.arg} {die_text(move.pay)}", *sorted(move.options)))
    if kind == GYRO_PLACE:
        return f"gyro place {move.options[0]} {move.arg}"
    if kind == GYRO_CHOOSE:
        return f"gyro choose {move.arg}"
    if kind == GYRO_SPIN:
        assert move.pay is not None
        return f"gyro spin {move.arg} {die_text(move.pay)}"
    if kind == TX_TAKE:
        assert move.pay is not None
        return " ".join((f"tx take {move.arg} {die_text(move.pay)} icon={move.number}", *move.options))
    if kind == TX_PAY:
        assert move.pay is not None
        return " ".join((f"tx pay {move.arg} icon={move.number} {die_text(move.pay)}", *move.options))
    if kind == TX_LINK:
        return f"tx link {move.options[0]} {move.options[1]}"
    if kind == COPY:
        return f"copy {move.number}"
    if kind in (PROD, GOALS):
        return f"{kind} " + (" ".join(move.options) if move.options else "none")
    return "end"


def _number(word: str, low: int, high: int) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise IllegalMove("pulsar.err.number", "NOT-1", value=word, low=low, high=high)   # 28b N-14
    return int(word)


def _location(word: str) -> str:
    code = word.upper()
    if code not in tables().locations:
        if word.isdigit():                             # the number alone, as the map once showed it
            named = [loc for loc in sorted(tables().locations) if loc[1:].lstrip("0") == word.lstrip("0")]
            if named:
                from .describe import loc as location
                raise IllegalMove("pulsar.err.location_letter", "NOT-1", value=word,
                                  named=Join([location(one) for one in named], "or"))
        raise IllegalMove("pulsar.err.location", "NOT-1", value=word)
    return code


def _known(word: str, kind: str) -> str:
    """A technology, HQ project or transmitter id typed in any case -> its id."""
    tab = tables()
    ids: list[str] = list({"tech": list(tab.technologies), "project": list(tab.projects),
                           "tile": list(tab.transmitters)}[kind])
    found = {key.lower(): key for key in ids}.get(word.lower())
    if found is None:
        raise IllegalMove(f"pulsar.err.no_{kind}", "NOT-1", value=word)
    return found


def _to(words: list[str]) -> tuple[str, ...]:
    """``to=S05``: where a teleport reward takes the ship (TELEPORT-1)."""
    out = []
    for word in words:
        lower = word.lower()
        if lower.startswith("to="):
            out.append(f"to={_location(word[3:])}")
        elif lower.startswith("choice="):
            out.append(f"choice={_size(word[7:])}")
        elif not lower.startswith(("link=", "icon=")):
            raise ValueError(word)
    return tuple(out)


def _size(word: str) -> str:
    if word.upper() not in ("S", "M", "L"):
        raise IllegalMove("pulsar.err.size", "NOT-1", value=word)
    return word.upper()


def parse_move(seat: int, text: str) -> Move:
    words = text.split()
    if not words:
        raise IllegalMove("pulsar.err.empty", None, verbs=VERB_LIST)
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise IllegalMove("pulsar.err.unknown_verb", None, value=words[0], verbs=VERB_LIST)
    _no_repeats(args)
    try:
        return _parse(seat, verb, args)
    except (IndexError, ValueError):
        raise IllegalMove("pulsar.err.arguments", None, verb=Msg(f"pulsar.verb.{verb}"), example=example(verb)) from None


def _no_repeats(args: list[str]) -> None:
    """An option or item named twice (``take=tile take=tile``, ``to=S03 to=S06``, ``G5a:1
    G5a:2``, a tile twice) is refused, never logged twice (§10.1: each option at most once)."""
    seen: set[str] = set()
    for word in args:
        if "=" in word or ":" in word and "~" not in word:
            key = word.lower().partition("=")[0] if "=" in word else word.lower().partition(":")[0]
        elif word.lower() in ("noclaim",) or word.upper().startswith("TX-"):
            key = word.lower()
        else:
            continue
        if key in seen:
            raise IllegalMove("pulsar.err.repeated", "NOT-1", value=word)
        seen.add(key)


def _parse(seat: int, verb: str, args: list[str]) -> Move:
    def only(count: int) -> None:
        if len(args) != count:
            raise ValueError(verb)

    if verb == "hqside":
        only(1)
        return Move(seat, HQSIDE, number=_number(args[0], 1, 2))
    if verb == "gate":
        only(1)
        return Move(seat, GATE, arg=_location(args[0]))
    if verb == "draft":
        if len(args) not in (1, 2):
            raise ValueError(verb)
        marker = args[1].upper() if len(args) == 2 else ""
        if marker and marker not in ("I", "E", "I1", "I2", "E1", "E2"):
            raise IllegalMove("pulsar.err.marker", "D-MOVE-1", value=args[1])
        return Move(seat, DRAFT, arg=marker, number=_number(args[0], 1, 6))
    if verb == "fly":
        if len(args) < 2:
            raise ValueError(verb)
        if any(mark in word for word in args[1].split(">") for mark in "-,/"):   # K14-U13-U10: say how
            raise IllegalMove("pulsar.err.path_separator", "NOT-1", value=args[1])
        path = tuple(_location(word) for word in args[1].split(">"))
        options = tuple(sorted(args[2:]))
        for option in options:
            if option not in ("take=tile", "noclaim") and not option.startswith(("run=", "choice=")):
                raise ValueError(option)
        options = tuple(sorted(f"choice={_size(o[7:])}" if o.startswith("choice=") else o for o in options))
        return Move(seat, FLY, path=path, pay=parse_die(args[0]), options=options)
    if verb == "gyro":
        action = args[0].lower()
        if action == "take":
            only(3)
            return Move(seat, GYRO_TAKE, arg=_size(args[1]), pay=parse_die(args[2]))
        if action == "place":
            only(3)
            return Move(seat, GYRO_PLACE, arg=_location(args[2]), options=(_size(args[1]),))
        if action == "choose":
            only(2)
            return Move(seat, GYRO_CHOOSE, arg=_size(args[1]))
        if action == "spin":
            only(3)
            return Move(seat, GYRO_SPIN, arg=_location(args[1]), pay=parse_die(args[2]))
        raise ValueError(action)
    if verb == "tx":
        action = args[0].lower()
        if action == "take":
            tile, pay = _known(args[1], "tile"), parse_die(args[2])
            icon = next((int(w[5:]) for w in args[3:] if w.lower().startswith("icon=")), 1)
            links = tuple(w for w in args[3:] if w.lower().startswith("link=")) + _to(args[3:])
            return Move(seat, TX_TAKE, arg=tile, number=icon, pay=pay, options=links)
        if action == "pay":
            if len(args) not in (4, 5, 6):
                raise ValueError(verb)
            return Move(seat, TX_PAY, arg=_known(args[1], "tile"), number=int(args[2].lower().removeprefix("icon=")),
                        pay=parse_die(args[3]), options=_to(args[4:]))
        if action == "link":
            only(3)
            return Move(seat, TX_LINK, options=(args[1].upper(), args[2].upper()))
        raise ValueError(action)
    if verb in ("patent", "hq"):
        if len(args) not in (2, 3, 4):
            raise ValueError(verb)
        return Move(seat, PATENT if verb == "patent" else HQ, arg=_known(args[0], "tech" if verb == "patent" else "project"),
                    pay=parse_die(args[1]), options=_to(args[2:]))
    if verb == "buy":
        only(2)
        if args[0].lower() not in ("pm", "p2"):                     # every token on sale, as typed
            raise IllegalMove("pulsar.err.buy_token", "MOD-BUY-1", value=args[0], example=example("buy"))
        return Move(seat, BUY, arg=args[0].lower(), pay=parse_die(args[1]))
    if verb == "copy":
        only(1)
        return Move(seat, COPY, number=_number(args[0], 1, 6))
    if verb in ("prod", "goals"):
        items = () if args == ["none"] else tuple(sorted(_known(word, "tile") if verb == "prod" else word for word in args))
        return Move(seat, PROD if verb == "prod" else GOALS, options=items)
    only(0)
    return Move(seat, END)


def example(verb: str) -> Msg:
    """How ``verb`` is written, in the reader's words (codes and dice as the reader types them)."""
    from .codes import code as tile_code
    from .describe import loc
    path = loc("H01")
    for code in ("J02", "S03", "J04"):
        path = Msg("pulsar.example.step", a=path, b=loc(code))
    die = Msg("pulsar.example.die", value={"fly": 3, "gyro": 2, "tx": 1, "patent": 2, "hq": 5, "buy": 1}.get(verb, 1))
    return Msg(f"pulsar.example.{verb}", die=die, loc=loc("H14"), path=path, tile=tile_code("TX-A07" if verb == "prod" else "TX-A04"),
               tech="AII-5a", project="HQ1-1.2b", goal=tile_code("G5a"))


VERB_LIST = Join([Msg(f"pulsar.verb.{verb}") for verb in VERBS], "comma")

EXAMPLES = {"hqside": "hqside 2", "gate": "gate H14", "draft": "draft 4 E", "fly": "fly s3 H01>J02>S03>J04",
            "gyro": "gyro take M s2", "tx": "tx take TX-A04 s1 icon=1", "patent": "patent AII-5a s2",
            "hq": "hq HQ1-1.2b s5", "buy": "buy pm s1", "copy": "copy 5", "prod": "prod TX-A07", "goals": "goals G5a:2"}
