"""EVE: Conquests moves and their text notation (spec §20).

Parsing here is syntactic (plus the static map: a region may be typed as its code ``R48`` or an
unambiguous prefix of its name, ``tener``); :mod:`rules.eve.engine` checks everything that
depends on the position.  ``format_move`` writes the canonical form stored in the log.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.base import IllegalMove

from .data import TYPES, tables

# Move.kind values (the notation's verbs)
REVEAL = "reveal"        # reveal <square>              prep and refill after a claim, one square per move
HQ = "hq"                # hq <region>
PLACE = "place"          # place <region>               prep unit (unit or agent is inferred)
OUTPOST = "outpost"      # outpost <region> <D/P/L>     free in any own round and in EVE-PREP-3
PASS = "pass"            # pass                         EVE-PREP-3
SEAL = "seal"            # seal <D/P/L> [tiles=<0-2>]   EVE-PREP-4
FIRST = "first"          # first <D/P/L>                EVE-CAL-5
DISCARD = "discard"      # discard <card>               round start, +1 action
EXPAND = "expand"        # expand <region>
AGENT = "agent"          # agent <region>
BUILD = "build"          # build <region> [xN]
DRAW = "draw"            # draw <D/P/L>
MOVE = "move"            # move <from> > <to>:<n> [<to>:<n> ...]
ATTACK = "attack"        # attack <from> > <to>
CARDS = "cards"          # cards pass | cards <card> ...  the combat card step
DICE = "dice"            # dice <n>d <n>s <n>t
ASK = "ask"              # ask dmg | ask shd | ask tac
TAC = "tac"              # tac [T1:<region> ...] [T2x<n>] [T3x<n>]
INVADE = "invade"        # invade <n>
STEAL = "steal"          # steal <region card>
TAKEFROM = "takefrom"    # takefrom sched | takefrom <card>
CLAIM = "claim"          # claim <region> <region>
PLAY = "play"            # play <card>                  a design card in the player's own round
UNTILE = "untile"        # untile <card>
END = "end"              # end [tiles=<0-2>]

VERBS = (REVEAL, HQ, PLACE, OUTPOST, PASS, SEAL, FIRST, DISCARD, EXPAND, AGENT, BUILD, DRAW, MOVE, ATTACK, CARDS,
         DICE, ASK, TAC, INVADE, STEAL, TAKEFROM, CLAIM, PLAY, UNTILE, END)
ASK_WORDS = {"dmg": "d", "shd": "s", "tac": "t"}
ASK_WORD_OF = {colour: word for word, colour in ASK_WORDS.items()}
SCHEDULE = "sched"


@dataclass(frozen=True)
class Move:
    """One decision of one seat."""

    seat: int
    kind: str
    regions: tuple[str, ...] = ()     # region codes: the target; MOVE/ATTACK: source first; CLAIM: both
    counts: tuple[int, ...] = ()      # MOVE: units per destination (regions[1:]); DICE: (d, s, t); TAC: (T2, T3)
    arg: str | None = None            # a type D/P/L, a square, a card id, "sched", an ASK colour d/s/t
    number: int | None = None         # tiles (SEAL, END), units (BUILD, INVADE)
    cards: tuple[str, ...] = ()       # CARDS: the combat cards played (empty: pass)


def format_move(move: Move) -> str:
    kind = move.kind
    if kind in (REVEAL, FIRST, DISCARD, DRAW, STEAL, TAKEFROM, PLAY, UNTILE):
        return f"{kind} {move.arg}"
    if kind in (HQ, PLACE, EXPAND, AGENT):
        return f"{kind} {move.regions[0]}"
    if kind == OUTPOST:
        return f"outpost {move.regions[0]} {move.arg}"
    if kind == PASS:
        return "pass"
    if kind == SEAL:
        return f"seal {move.arg}" + (f" tiles={move.number}" if move.number else "")
    if kind == BUILD:
        return f"build {move.regions[0]}" + (f" x{move.number}" if move.number and move.number > 1 else "")
    if kind == MOVE:
        parts = " ".join(f"{region}:{count}" for region, count in zip(move.regions[1:], move.counts))
        return f"move {move.regions[0]} > {parts}"
    if kind == ATTACK:
        return f"attack {move.regions[0]} > {move.regions[1]}"
    if kind == CARDS:
        return "cards " + (" ".join(move.cards) if move.cards else "pass")
    if kind == DICE:
        d, s, t = move.counts
        return f"dice {d}d {s}s {t}t"
    if kind == ASK:
        return f"ask {ASK_WORD_OF[move.arg or 'd']}"
    if kind == TAC:
        tokens = [f"T1:{region}" for region in move.regions]
        t2, t3 = move.counts
        tokens += [f"T2x{t2}"] if t2 else []
        tokens += [f"T3x{t3}"] if t3 else []
        return "tac " + " ".join(tokens)
    if kind == INVADE:
        return f"invade {move.number}"
    if kind == CLAIM:
        return f"claim {move.regions[0]} {move.regions[1]}"
    if kind == END:
        return "end" + (f" tiles={move.number}" if move.number is not None else "")
    raise ValueError(kind)


def fold(text: str) -> str:
    """Lower case without accents (players type ``Tenerifis``, ``tenerifis``, ``TÉNERIFIS``)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(ch))


def _squash(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold(name))


def region_code(word: str) -> str:
    """A region typed as ``R48``, ``r48``, ``48`` or an unambiguous name prefix (``tener``)."""
    regions = tables().regions
    match = re.fullmatch(r"r?0*(\d{1,2})", word.lower())
    if match:
        code = f"R{int(match.group(1)):02d}"
        if code in regions:
            return code
        raise IllegalMove("eve.err.no_region", "EVE-DEF-1", value=word)
    squashed = _squash(word)
    if squashed:
        exact = [code for code, region in regions.items() if _squash(region.name) == squashed]
        if exact:
            return exact[0]
        found = [code for code, region in regions.items() if _squash(region.name).startswith(squashed)]
        if len(found) == 1:
            return found[0]
        if found:
            raise IllegalMove("eve.err.ambiguous_region", "EVE-DEF-1", value=word,
                              names=[regions[code].name for code in found[:6]])
    raise IllegalMove("eve.err.no_region", "EVE-DEF-1", value=word)


def _type(word: str) -> str:
    if word.upper() in TYPES:
        return word.upper()
    raise IllegalMove("eve.err.bad_type", "EVE-SCH-1", value=word)


def _count(word: str, prefix: str = "") -> int:
    match = re.fullmatch(re.escape(prefix) + r"(\d{1,3})", word.lower())
    if not match:
        raise IllegalMove("eve.err.bad_number", None, value=word)
    return int(match.group(1))


def _card(word: str) -> str:
    card = word.upper()
    if card not in tables().cards:
        raise IllegalMove("eve.err.no_card", "EVE-CARD-1", value=word)
    return card


def _tiles(word: str) -> int:
    match = re.fullmatch(r"tiles=(\d)", word.lower())
    if not match:
        raise IllegalMove("eve.err.bad_tiles", "EVE-SCH-1", value=word)
    return int(match.group(1))


def parse_move(seat: int, text: str) -> Move:
    """Canonical notation (Hungarian words already replaced) -> Move."""
    words = text.replace(">", " > ").split()
    if not words:
        raise IllegalMove("eve.err.empty", None, verbs=list(VERBS))
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise IllegalMove("eve.err.unknown_verb", None, value=words[0], verbs=list(VERBS))

    def need(count: int) -> None:
        if len(args) != count:
            raise IllegalMove("eve.err.arguments", None, verb=verb, example=EXAMPLES[verb])

    if verb == REVEAL:
        need(1)
        square = args[0].upper()
        if square not in tables().squares:
            raise IllegalMove("eve.err.no_square", "EVE-POL-1", value=args[0], squares=list(tables().squares))
        return Move(seat, REVEAL, arg=square)
    if verb in (HQ, PLACE, EXPAND, AGENT):
        need(1)
        return Move(seat, verb, regions=(region_code(args[0]),))
    if verb == OUTPOST:
        need(2)
        return Move(seat, OUTPOST, regions=(region_code(args[0]),), arg=_type(args[1]))
    if verb == PASS:
        need(0)
        return Move(seat, PASS)
    if verb == SEAL:
        if len(args) not in (1, 2):
            need(1)
        return Move(seat, SEAL, arg=_type(args[0]), number=_tiles(args[1]) if len(args) == 2 else 0)
    if verb in (FIRST, DRAW):
        need(1)
        return Move(seat, verb, arg=_type(args[0]))
    if verb in (DISCARD, PLAY, UNTILE):
        need(1)
        return Move(seat, verb, arg=_card(args[0]))
    if verb == BUILD:
        if len(args) not in (1, 2):
            need(1)
        count = _count(args[1], "x") if len(args) == 2 else 1
        if count < 1:
            raise IllegalMove("eve.err.bad_number", None, value=args[1])
        return Move(seat, BUILD, regions=(region_code(args[0]),), number=count)
    if verb in (MOVE, ATTACK):
        if len(args) < 3 or args[1] != ">":
            raise IllegalMove("eve.err.arguments", None, verb=verb, example=EXAMPLES[verb])
        source = region_code(args[0])
        if verb == ATTACK:
            need(3)
            return Move(seat, ATTACK, regions=(source, region_code(args[2])))
        targets: list[str] = []
        counts: list[int] = []
        for part in args[2:]:
            region, colon, amount = part.rpartition(":")
            if not colon or not region:
                raise IllegalMove("eve.err.arguments", None, verb=verb, example=EXAMPLES[verb])
            code = region_code(region)
            number = _count(amount)
            if code in targets or code == source or number < 1:
                raise IllegalMove("eve.err.move_parts", "EVE-LOG-4", value=part)
            targets.append(code)
            counts.append(number)
        return Move(seat, MOVE, regions=(source, *targets), counts=tuple(counts))
    if verb == CARDS:
        if not args:
            need(1)
        if len(args) == 1 and args[0].lower() == "pass":
            return Move(seat, CARDS)
        cards = tuple(_card(word) for word in args)
        if len(set(cards)) != len(cards):
            raise IllegalMove("eve.err.arguments", None, verb=verb, example=EXAMPLES[verb])
        return Move(seat, CARDS, cards=cards)
    if verb == DICE:
        need(3)
        dice = tuple(_count(word[:-1]) if word[-1:].lower() == colour else -1 for word, colour in zip(args, "dst"))
        if min(dice) < 0:
            raise IllegalMove("eve.err.arguments", None, verb=verb, example=EXAMPLES[verb])
        return Move(seat, DICE, counts=dice)
    if verb == ASK:
        need(1)
        if args[0].lower() not in ASK_WORDS:
            raise IllegalMove("eve.err.arguments", None, verb=verb, example=EXAMPLES[verb])
        return Move(seat, ASK, arg=ASK_WORDS[args[0].lower()])
    if verb == TAC:
        if not args:
            need(1)
        reserves: list[str] = []
        spent = {"T2": 0, "T3": 0}
        for word in args:
            upper = word.upper()
            if upper.startswith("T1:"):
                reserves.append(region_code(word[3:]))
            elif upper[:3] in ("T2X", "T3X") and spent[upper[:2]] == 0:
                spent[upper[:2]] = _count(word[3:])
            elif upper in ("T2", "T3") and spent[upper] == 0:
                spent[upper] = 1
            else:
                raise IllegalMove("eve.err.arguments", None, verb=verb, example=EXAMPLES[verb])
        return Move(seat, TAC, regions=tuple(sorted(reserves)), counts=(spent["T2"], spent["T3"]))
    if verb == INVADE:
        need(1)
        return Move(seat, INVADE, number=_count(args[0]))
    if verb == STEAL:
        need(1)
        return Move(seat, STEAL, arg=region_code(args[0]))
    if verb == TAKEFROM:
        need(1)
        return Move(seat, TAKEFROM, arg=SCHEDULE if args[0].lower() == SCHEDULE else _card(args[0]))
    if verb == CLAIM:
        need(2)
        first, second = region_code(args[0]), region_code(args[1])
        return Move(seat, CLAIM, regions=(first, second))
    # END
    if len(args) > 1:
        need(1)
    return Move(seat, END, number=_tiles(args[0]) if args else None)


EXAMPLES = {
    REVEAL: "reveal VIO-B", HQ: "hq R12", PLACE: "place R24", OUTPOST: "outpost R24 P", PASS: "pass",
    SEAL: "seal P tiles=1", FIRST: "first L", DISCARD: "discard PR07", EXPAND: "expand R36", AGENT: "agent R40",
    BUILD: "build R01 x3", DRAW: "draw P", MOVE: "move R08 > R06:3 R29:2", ATTACK: "attack R48 > R59",
    CARDS: "cards pass", DICE: "dice 5d 0s 1t", ASK: "ask dmg", TAC: "tac T1:R07 T2x1", INVADE: "invade 3",
    STEAL: "steal R24", TAKEFROM: "takefrom sched", CLAIM: "claim R59 R56", PLAY: "play LG12", UNTILE: "untile DV24", END: "end tiles=1",
}
