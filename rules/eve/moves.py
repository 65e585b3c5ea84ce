"""EVE: Conquests moves and their text notation (spec §20).

Parsing here is syntactic (plus the static map: a region may be typed as its code ``R48`` or an
unambiguous prefix of its name, ``tener``); :mod:`rules.eve.engine` checks everything that
depends on the position.  ``format_move`` writes the canonical form stored in the log.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rules.base import IllegalMove
from rules.messages import Join, Localized, Msg, fold_word

from .data import EMPIRES, TYPES, tables

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
PLAY = "play"            # play <card> [arguments]      a design card in the player's own round (CARD_ARGS)
KEEP = "keep"            # keep <card>                  Streamlined Supply: keep one of the two drawn
ORDER = "order"          # order <card> <card> [<card>] Long-range Planning: the new order, top first
REROLL = "reroll"        # reroll none | reroll <i> [<j>]  Damage Control: dice to roll again (1 = first die)
UNTILE = "untile"        # untile <card>
END = "end"              # end [tiles=<0-2>]

VERBS = (REVEAL, HQ, PLACE, OUTPOST, PASS, SEAL, FIRST, DISCARD, EXPAND, AGENT, BUILD, DRAW, MOVE, ATTACK, CARDS,
         DICE, ASK, TAC, INVADE, STEAL, TAKEFROM, CLAIM, PLAY, KEEP, ORDER, REROLL, UNTILE, END)
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
    cards: tuple[str, ...] = ()       # CARDS: the combat cards played (empty: pass); ORDER: the new order
    params: tuple[str, ...] = ()      # PLAY: squares, types or "<empire>:<type>" seals the card names

# What ``play <card>`` takes after the card, by card kind (spec §18.7); other kinds take nothing.
CARD_ARGS = {"DEV-A": "region", "DEV-B": "region", "LOG-E": "region", "DEV-D": "square", "DEV-E": "squares",
             "LOG-B": "seal", "LOG-C": "type", "LOG-G": "types", "LOG-K": "type", "LOG-F": "move"}


def format_move(move: Move) -> str:
    kind = move.kind
    if kind in (REVEAL, FIRST, DISCARD, DRAW, STEAL, TAKEFROM, KEEP, UNTILE):
        return f"{kind} {move.arg}"
    if kind == PLAY:
        if move.counts:                                   # a free Move (LOG-F)
            return f"play {move.arg} {_move_text(move.regions, move.counts)}"
        params = [f"seal={p}" if ":" in p else p for p in move.params]   # seal=caldari:P, as the spec writes it
        return " ".join(("play", move.arg or "", *move.regions, *params))
    if kind == ORDER:
        return "order " + " ".join(move.cards)
    if kind == REROLL:
        return "reroll " + (" ".join(str(n) for n in move.counts) if move.counts else "none")
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
        return "move " + _move_text(move.regions, move.counts)
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


def _move_text(regions: tuple[str, ...], counts: tuple[int, ...]) -> str:
    return f"{regions[0]} > " + " ".join(f"{region}:{count}" for region, count in zip(regions[1:], counts))


def _move_parts(verb: str, args: list[str]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """``<from> > <to>:<n> [<to>:<n> ...]`` -> ((from, to, ...), (n, ...))."""
    if len(args) < 3 or args[1] != ">":
        raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
    source = region_code(args[0])
    targets: list[str] = []
    counts: list[int] = []
    for part in args[2:]:
        region, colon, amount = part.rpartition(":")
        if not colon or not region:
            raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
        code = region_code(region)
        number = _count(amount, whole=part)
        if code in targets or code == source or number < 1:
            raise IllegalMove("eve.err.move_parts", "EVE-LOG-4", value=part)
        targets.append(code)
        counts.append(number)
    return (source, *targets), tuple(counts)


#: The nebulae as the Hungarian texts name them (viola, cián, magenta): square ``CYA-A`` is ``CIÁ-A``
#: to a Hungarian (typed ``cia-a`` or ``cián-a`` too).
HU_NEBULA = {"VIO": "VIO", "CYA": "CIÁ", "MAG": "MAG"}
_NEBULA_WORDS = {"VIO": "VIO", "VIOLA": "VIO", "CYA": "CYA", "CIA": "CYA", "CIAN": "CYA", "MAG": "MAG",
                 "MAGENTA": "MAG"}
#: The design decks by the Hungarian round types (fejlesztés, termelés, hadvezetés, as ``F``/``T``/``H``
#: already name them): card ``DV12`` is ``F12`` to a Hungarian.
HU_CARD_PREFIX = {"DV": "F", "PR": "T", "LG": "H"}
_HU_CARD = re.compile(r"([FTH])(\d\d)")


def square_code(square: str, language: str) -> str:
    """A political-map square as a reader of ``language`` writes it (``CYA-A`` -> ``CIÁ-A``)."""
    nebula, dash, column = square.partition("-")
    return f"{HU_NEBULA.get(nebula, nebula)}{dash}{column}" if language == "hu" else square


def card_code(card: str, language: str) -> str:
    """A design card as a reader of ``language`` writes it (``DV12`` -> ``F12``)."""
    return HU_CARD_PREFIX.get(card[:2], card[:2]) + card[2:] if language == "hu" and card[:2] in HU_CARD_PREFIX else card


def square_value(square: str) -> Localized:
    return Localized(en=square, hu=square_code(square, "hu"))


def card_value(card: str) -> Localized:
    return Localized(en=card, hu=card_code(card, "hu"))


def _square(word: str) -> str:
    nebula, dash, column = fold_word(word).upper().partition("-")
    square = _NEBULA_WORDS.get(nebula, nebula) + dash + column
    if square not in tables().squares:
        raise IllegalMove("eve.err.no_square", "EVE-POL-1", value=word, squares=[square_value(x) for x in tables().squares])
    return square


def _seal(word: str) -> str:
    """``caldari:P`` (also ``seal=Caldari:P``, Hungarian ``pecsét=caldari:T``) -> ``caldari:P``."""
    empire, colon, kind = fold_word(word).removeprefix("seal=").removeprefix("pecset=").partition(":")
    if not colon or empire not in EMPIRES:
        raise IllegalMove("eve.err.bad_seal", "EVE-CAL-2", value=word, empires=list(EMPIRES))
    return f"{empire}:{_type(kind)}"


def _play_arguments(card: str, wants: str | None) -> IllegalMove:
    """D-E2 (EVE-CARD-4): how ``card`` itself is played, named as the reader writes it (``F22``),
    with its name; the example plays this card, not another one."""
    named = Msg("eve.card_named", card=card_value(card), name=Msg(f"eve.card.{tables().cards[card].kind}"))
    return IllegalMove("eve.err.play_arguments", "EVE-CARD-4", card=named,
                       example=Msg(f"eve.card_example.{wants or 'none'}", card=card_value(card)))


def _play(seat: int, args: list[str]) -> Move:
    if not args:
        raise IllegalMove("eve.err.arguments", None, verb=verb_msg(PLAY), example=example_msg(PLAY))
    card = _card(args[0])
    rest = args[1:]
    wants = CARD_ARGS.get(tables().cards[card].kind)
    counts = {None: (0, 0), "region": (1, 1), "square": (1, 1), "squares": (1, 3), "seal": (1, 1), "type": (1, 1),
              "types": (2, 2), "move": (3, 99)}[wants]
    if not counts[0] <= len(rest) <= counts[1]:
        raise _play_arguments(card, wants)
    if wants == "region":
        return Move(seat, PLAY, arg=card, regions=(region_code(rest[0]),))
    if wants == "move":
        regions, amounts = _move_parts(PLAY, rest)
        return Move(seat, PLAY, arg=card, regions=regions, counts=amounts)
    if wants in ("square", "squares"):
        squares = tuple(_square(word) for word in rest)
        if len(set(squares)) != len(squares):
            raise _play_arguments(card, wants)
        return Move(seat, PLAY, arg=card, params=squares)
    if wants == "seal":
        return Move(seat, PLAY, arg=card, params=(_seal(rest[0]),))
    if wants in ("type", "types"):
        kinds = tuple(_type(word) for word in rest)
        if len(set(kinds)) != len(kinds):
            raise _play_arguments(card, wants)
        return Move(seat, PLAY, arg=card, params=kinds)
    return Move(seat, PLAY, arg=card)


def _squash(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold_word(name))


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


@lru_cache(maxsize=1)
def _long_names() -> tuple[dict[tuple[str, ...], str], int]:
    """The region names of several words, as squashed words, and the most words of one."""
    names: dict[tuple[str, ...], str] = {}
    for code, region in tables().regions.items():
        words = tuple(_squash(word) for word in region.name.split())
        if len(words) > 1:
            names[words] = code
    return names, max((len(words) for words in names), default=0)


def join_region_names(args: list[str]) -> list[str]:
    """Region names of several words (``The Forge``, ``Vale of the Silent``) typed whole become
    their codes, so every verb reads them like ``R11`` (EVE-DEF-1).  Only whole names join:
    ``Sinq L`` stays two words (a one-word prefix and a type letter)."""
    if len(args) < 2:
        return args
    names, longest = _long_names()
    out: list[str] = []
    i = 0
    while i < len(args):
        for size in range(min(longest, len(args) - i), 1, -1):
            last, colon, suffix = args[i + size - 1].partition(":")     # "move R08 > Sinq Laison:3"
            key = tuple(_squash(word) for word in args[i:i + size - 1]) + (_squash(last),)
            if key in names:
                out.append(names[key] + colon + suffix)
                i += size
                break
        else:
            out.append(args[i])
            i += 1
    return out


#: Round types by their Hungarian initials (fejlesztés, termelés, hadvezetés).
HUNGARIAN_TYPES = {"F": "D", "T": "P", "H": "L"}


def _type(word: str) -> str:
    if word.upper() in TYPES:
        return word.upper()
    if word.upper() in HUNGARIAN_TYPES:
        return HUNGARIAN_TYPES[word.upper()]
    raise IllegalMove("eve.err.bad_type", "EVE-SCH-1", value=word)


def _count(word: str, prefix: str = "", whole: str = "") -> int:
    """The number ``word`` (after ``prefix``); ``whole``: the typed word it ends (``R11:3``,
    ``T3x2``), named when the number after its separator is missing (D-E3: not „”)."""
    if whole and not word:
        raise IllegalMove("eve.err.missing_number", None, word=whole, example=whole + "1")
    match = re.fullmatch(re.escape(prefix) + r"(\d{1,3})", word.lower())
    if not match:
        raise IllegalMove("eve.err.bad_number", None, value=word)
    return int(match.group(1))


def _card(word: str) -> str:
    card = word.upper()
    hungarian = _HU_CARD.fullmatch(card)
    if hungarian:
        card = {letter: prefix for prefix, letter in HU_CARD_PREFIX.items()}[hungarian[1]] + hungarian[2]
    if card not in tables().cards:
        raise IllegalMove("eve.err.no_card", "EVE-CARD-1", value=word)
    return card


def _tiles(word: str) -> int:
    match = re.fullmatch(r"(?:tiles|lapka)=(\d)", fold_word(word))
    if not match:
        raise IllegalMove("eve.err.bad_tiles", "EVE-SCH-1", value=word)
    return int(match.group(1))


def verb_msg(verb: str) -> Msg:
    """A verb as the reader types it ("reveal" / "felfed")."""
    return Msg(f"eve.verb.{verb}")


def example_msg(verb: str) -> Msg:
    """An example of a verb's notation in the reader's words."""
    return Msg(f"eve.example.{verb}")


def verb_list(verbs: "list[str] | tuple[str, ...] | set[str]", conj: str = "comma") -> Join:
    return Join([verb_msg(verb) for verb in sorted(verbs)], conj)


# Dice colours as typed (EVE-CMB-5): English letters and words, Hungarian words.  A bare "s" is
# the English shield; a Hungarian who means sérülés there is refused, never misread.
DICE_WORDS = {
    "d": "d", "dmg": "d", "damage": "d", "ser": "d", "serules": "d", "seb": "d", "sebzes": "d",
    "s": "s", "shd": "s", "shield": "s", "p": "s", "pajzs": "s",
    "t": "t", "tac": "t", "tactics": "t", "tak": "t", "takt": "t", "taktika": "t",
}


def dice_words(args: list[str]) -> list[str]:
    """The dice words with each count joined to its colour: Hungarian help writes them as
    Hungarians write a number and a noun, ``5 sérülés, 0 pajzs, 1 taktika``."""
    words: list[str] = []
    for word in (arg.strip(",;") for arg in args):
        if not word:
            continue
        if words and re.fullmatch(r"\d{1,2}", words[-1]) and not word[0].isdigit():
            words[-1] += word
        else:
            words.append(word)
    return words


def _dice_named(args: list[str]) -> tuple[int, ...] | None:
    """``kocka 2 sérülés`` or ``kocka 1 pajzs, 1 taktika``: the colours not named are 0 (newcomer
    27g: a Hungarian types the dice he takes, not the zeros).  Each word names its colour; the
    bare ``s`` (shield in English, sérülés to a Hungarian) is no name here: None, and the
    three-place form is asked for."""
    dice: dict[str, int] = {}
    for word in args:
        match = re.fullmatch(r"(\d{1,2})([a-z]+)", fold_word(word))
        colour = DICE_WORDS.get(match.group(2)) if match and match.group(2) != "s" else None
        if match is None or colour is None:
            return None
        if colour in dice:
            raise IllegalMove("eve.err.repeated", "EVE-CMB-5", value=Msg(f"eve.die.{colour}"))
        dice[colour] = int(match.group(1))
    return tuple(dice.get(colour, 0) for colour in "dst")


def _dice(args: list[str]) -> tuple[int, ...]:
    """``5d 0s 1t`` (also ``5sérülés 0pajzs 1taktika`` and ``5 sérülés, 0 pajzs, 1 taktika``):
    damage, shield, tactics, in this order."""
    dice = []
    for word, colour in zip(args, "dst"):
        match = re.fullmatch(r"(\d{1,2})([a-z]+)", fold_word(word))
        if not match or DICE_WORDS.get(match.group(2)) != colour:      # D-E8: "0 taktik", as typed, not "0taktik"
            raise IllegalMove("eve.err.dice_words", "EVE-CMB-5", value=re.sub(r"^(\d{1,2})(?=\D)", r"\1 ", word),
                              colour=Msg(f"eve.die.{colour}"))
        dice.append(int(match.group(1)))
    return tuple(dice)


#: Verbs whose arguments are regions (a wrong count may be a region name typed in part).
REGION_VERBS = frozenset({HQ, PLACE, EXPAND, AGENT, OUTPOST, BUILD, ATTACK, STEAL, CLAIM})


def parse_move(seat: int, text: str) -> Move:
    """Canonical notation (Hungarian words already replaced) -> Move."""
    words = text.replace(">", " > ").split()
    if not words:
        raise IllegalMove("eve.err.empty", None, verbs=verb_list(VERBS))
    verb, args = words[0].lower(), join_region_names(words[1:])
    if verb not in VERBS:
        raise IllegalMove("eve.err.unknown_verb", None, value=words[0], verbs=verb_list(VERBS))

    def need(count: int) -> None:
        if len(args) != count:
            if verb in REGION_VERBS:        # a region name typed in part: say how names are written
                raise IllegalMove("eve.err.region_arguments", "EVE-DEF-1", verb=verb_msg(verb),
                                  example=example_msg(verb))
            raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))

    if verb == REVEAL:
        if len(args) > 1:           # one square per move: the first card is seen before the second is chosen
            for word in args[:2]:   # D-E4: a word that is no square is refused as no square
                _square(word)
            raise IllegalMove("eve.err.reveal_one", "EVE-POL-4", first=args[0], second=args[1])
        need(1)
        return Move(seat, REVEAL, arg=_square(args[0]))
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
    if verb == PLAY:
        return _play(seat, args)
    if verb == ORDER:
        if not 1 <= len(args) <= 3:
            raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
        cards = tuple(_card(word) for word in args)
        if len(set(cards)) != len(cards):
            raise IllegalMove("eve.err.repeated", "EVE-CARD-4", value=next(c for c in cards if cards.count(c) > 1))
        return Move(seat, ORDER, cards=cards)
    if verb == REROLL:
        if len(args) == 1 and args[0].lower() == "none":
            return Move(seat, REROLL)
        if not args or len(args) > 4:
            raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
        dice = tuple(sorted(_count(word) for word in args))
        if len(set(dice)) != len(dice) or min(dice) < 1:
            raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
        return Move(seat, REROLL, counts=dice)
    if verb in (DISCARD, UNTILE, KEEP):
        need(1)
        return Move(seat, verb, arg=_card(args[0]))
    if verb == BUILD:
        if len(args) not in (1, 2):
            need(1)
        count = _count(args[1].lower().removeprefix("x")) if len(args) == 2 else 1   # "x3", also "3" (newcomer 27g)
        if count < 1:
            raise IllegalMove("eve.err.bad_number", None, value=args[1])
        return Move(seat, BUILD, regions=(region_code(args[0]),), number=count)
    if verb in (MOVE, ATTACK):
        regions, counts = _move_parts(verb, args) if verb == MOVE else ((), ())
        if verb == ATTACK:
            need(3)
            if args[1] != ">":
                raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
            return Move(seat, ATTACK, regions=(region_code(args[0]), region_code(args[2])))
        return Move(seat, MOVE, regions=regions, counts=counts)
    if verb == CARDS:
        if not args:
            need(1)
        if len(args) == 1 and args[0].lower() == "pass":
            return Move(seat, CARDS)
        cards = tuple(_card(word) for word in args)
        if len(set(cards)) != len(cards):
            raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
        return Move(seat, CARDS, cards=cards)
    if verb == DICE:
        args = dice_words(args)
        named = _dice_named(args) if 1 <= len(args) < 3 else None
        if named is not None:
            return Move(seat, DICE, counts=named)
        need(3)
        return Move(seat, DICE, counts=_dice(args))
    if verb == ASK:
        need(1)
        if args[0].lower() not in ASK_WORDS:
            raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
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
                spent[upper[:2]] = _count(word[3:], whole=word)
            elif upper in ("T2", "T3") and spent[upper] == 0:
                spent[upper] = 1
            else:
                raise IllegalMove("eve.err.arguments", None, verb=verb_msg(verb), example=example_msg(verb))
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
        if first == second:                 # a repeated region is refused, not read as a line of one square
            raise IllegalMove("eve.err.repeated", "EVE-POL-3", value=first)
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
    STEAL: "steal R24", TAKEFROM: "takefrom sched", CLAIM: "claim R59 R56", PLAY: "play LG12", KEEP: "keep LG05",
    ORDER: "order DV03 DV07 DV01", REROLL: "reroll 2 5", UNTILE: "untile DV24", END: "end tiles=1",
}

CARD_EXAMPLES = {None: "play LG12", "region": "play DV01 R36", "square": "play DV12 VIO-B",
                 "squares": "play DV15 VIO-B CYA-A MAG-C", "seal": "play LG05 seal=caldari:P", "type": "play LG09 P",
                 "types": "play LG21 D P", "move": "play LG18 R08 > R06:3"}
