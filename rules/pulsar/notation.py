"""Pulsar 2849 notation in Hungarian (issue 24): the rulebook's words for verbs, sub-verbs, track
markers, sizes, dice, locations and options, both ways.  ``to_canonical`` turns what a
Hungarian player typed (accents optional, any case) into the canonical notation the parser
reads; ``to_hungarian`` writes a canonical move with those words, for autocomplete values.
Canonical notation passes through ``to_canonical`` unchanged.

Hungarian words (the rulebook's terms): oldal (HQ-tábla oldala), kezdőkapu, választ (kocka),
repül, erőmű (forgóerőmű) elvesz / lerak / beindít, adóállomás elvesz / fizet / összeköt,
szabadalom, projekt (HQ-projekt), vásárol, másol, vége, termelés, célok.  Component codes AD-A04 (adóállomás), C5a (céllapka): rules.pulsar.codes.  Codes: K / M
(kezdeményezés- / mérnöksáv; two players K1, K2, M1, M2), kis / közepes / nagy (sizes),
e3 (ezüstkocka) / p (piros bónuszkocka), ~nulla, pluszmínusz / pluszkettő (the token bought),
locations N (naprendszer), U (ugrókapu), K (kezdőkapu), P (pulzár); options lapka, nemkövetel, verseny=, méret=, ide=, ikon=, köt=,
választ=, semmi; gate colours narancs / zöld / lila.

Both directions read with the kit's one word translator (rules.kit.words ``translate``): the verb
(its sub-verb with it as one phrase) from a WordTable, each word after it by its place in the
verb's ``SHAPES`` (options do not count), dice and tracks by CodeTables; spacing kept as typed."""
from __future__ import annotations

import re
from typing import Sequence

from rules.kit.words import CodeTable, WordTable, translate
from rules.messages import fold_word

from .codes import canonical_codes, hu_code
from .components import EN_LOCATION_LETTER, HU_LOCATION_LETTER

#: Hungarian verb (folded) -> notation verb; the first of each is what ``to_hungarian`` writes.
VERBS_HU = {
    "hqside": "oldal", "gate": "kezdőkapu", "draft": "választ", "fly": "repül", "gyro": "erőmű", "tx": "adóállomás",
    "patent": "szabadalom", "hq": "projekt", "buy": "vásárol", "copy": "másol", "end": "vége", "prod": "termelés",
    "goals": "célok",
}
VERB_ALIASES = WordTable({
    "oldal": "hqside", "kezdokapu": "gate", "kapu": "gate", "valaszt": "draft", "vesz": "draft", "repul": "fly",
    "eromu": "gyro", "forgoeromu": "gyro", "forgaslapka": "gyro", "giroszkop": "gyro", "giro": "gyro",
    "adoallomas": "tx", "ado": "tx", "szabadalom": "patent", "szabadalmaztat": "patent", "levet": "patent",
    "projekt": "hq", "hq-projekt": "hq", "fohadiszallas": "hq", "vasarol": "buy", "masol": "copy", "vege": "end",
    "kesz": "end", "termeles": "prod", "celok": "goals",
})
SUB_HU = {"take": "elvesz", "place": "lerak", "spin": "beindít", "pay": "fizet", "link": "összeköt",
          "choose": "választ"}
SUB_ALIASES = WordTable({"elvesz": "take", "vesz": "take", "lerak": "place", "epit": "place", "beindit": "spin",
                         "forgat": "spin", "fizet": "pay", "osszekot": "link", "kapcsol": "link", "valaszt": "choose"})
TRACK_HU = {"I": "K", "E": "M"}
SIZE_HU = {"S": "kis", "M": "közepes", "L": "nagy"}
#: Sizes as a Hungarian types them (27g P-7): the adjective alone ("kicsi"), in the accusative
#: ("nagyot", "közepeset", "kicsit"), and the English words.
SIZE_ALIASES = WordTable({"kis": "S", "k": "S", "kozepes": "M", "ko": "M", "nagy": "L", "n": "L",
                          "kicsi": "S", "kicsit": "S", "kozepeset": "M", "nagyot": "L",
                          "small": "S", "medium": "M", "large": "L"})
COLOUR_HU = {"orange": "narancs", "green": "zöld", "purple": "lila"}
#: The die modifier token bought (ACT-BUY-MOD, MOD-BUY-1) in the rulebook's words ("plusz-mínusz
#: kockamódosító jelző", "plusz kettő"); the notation's ``pm`` / ``p2`` and the printed ``±1`` /
#: ``+2`` are read too.
TOKEN_HU = {"pm": "pluszmínusz", "p2": "pluszkettő"}
TOKEN_ALIASES = WordTable({"pluszminusz": "pm", "plusz-minusz": "pm", "pm": "pm", "±1": "pm", "+-1": "pm",
                           "pluszketto": "p2", "plusz-ketto": "p2", "p2": "p2", "+2": "p2"})
OPTION_HU = {"to": "ide", "choice": "méret", "run": "verseny", "icon": "ikon", "link": "köt", "pick": "választ"}
FLAGS_HU = {"take=tile": "lapka", "noclaim": "nemkövetel", "none": "semmi"}

#: Which non-option words follow each verb (after a sub-verb for gyro / tx).
SHAPES = {
    "gate": ("loc",), "draft": ("num", "track"), "fly": ("die", "path"), "gyro take": ("size", "die"),
    "gyro place": ("size", "loc"), "gyro spin": ("loc", "die"), "gyro choose": ("size",), "tx take": ("id", "die"),
    "tx pay": ("id", "die"), "tx link": ("id", "id"), "patent": ("id", "die"), "hq": ("id", "die"),
    "buy": ("token", "die"),
}


def _invert(table: dict[str, str], **more: str) -> WordTable:
    return WordTable({value: key for key, value in table.items()} | more)


#: Every verb either language types -> the notation's: a sub-verb read with its verb as one
#: phrase (``erőmű elvesz`` -> ``gyro take``; a sub-verb only follows gyro and tx).
_SINGLE_VERBS = WordTable(VERB_ALIASES, canonical=VERBS_HU)
VERBS = _SINGLE_VERBS | {f"{verb} {sub}": f"{token} {SUB_ALIASES.get(sub, sub)}"
                         for verb, token in _SINGLE_VERBS.items() if token in ("gyro", "tx")
                         for sub in (*SUB_ALIASES, *SUB_HU)}


def _hungarian_verb(token: str) -> str:
    verb, _space, sub = token.partition(" ")
    return f"{VERBS_HU[verb]} {SUB_HU[sub]}" if sub else VERBS_HU[verb]


#: The same words -> the Hungarian verb ``to_hungarian`` writes, and that verb -> its notation.
VERBS_TO_HU = WordTable({word: _hungarian_verb(token) for word, token in VERBS.items()})
_NOTATION_OF = {_hungarian_verb(token): token for token in VERBS.values()}
_NOTATION_VERBS = set(VERBS.values())

_OPTION_KEYS = WordTable(_invert(OPTION_HU), canonical=OPTION_HU)
_FLAGS = _invert(FLAGS_HU, nemfoglal="noclaim") | {"none": "none"}
_COLOURS = _invert(COLOUR_HU)
#: K1 / M2 (kezdeményezés- / mérnöksáv) -> I1 / E2; e3 / p (ezüst / piros kocka, a modifier after
#: it) -> s3 / r; the free text after ``~`` is read apart (kept as typed).
_TRACKS = CodeTable(r"([km])([12]?)", {1: {"k": "I", "m": "E"}}, separator="")
_DICE = CodeTable(r"(?:(e)(\d)|(p))((?:[+-][12])?)", {1: {"e": "s"}, 3: {"p": "r"}}, separator="")
_EN_DIE = re.compile(r"^(?:s(\d)|r)((?:[+-][12])?)(~.*)?$", re.IGNORECASE)


def to_canonical(text: str) -> str:
    """What a player typed, Hungarian words and codes turned into the notation's; words it
    does not know stay as they are (the parser then says what is wrong)."""
    return translate(text, VERBS, _canonical_argument, keep_spacing=True)


def to_hungarian(text: str) -> str:
    """A canonical move text written with the Hungarian words ``to_canonical`` reads back."""
    return translate(text, VERBS_TO_HU, _hungarian_argument, keep_spacing=True)


def _kind(shape_key: str, words: Sequence[str], index: int, hungarian: bool) -> str | None:
    """What the word at ``index`` is by its place: the verb's shape counts the words before it
    that are neither empty nor options."""
    place = sum(1 for word in words[:index] if word and _option(word, hungarian) is None)
    shape = SHAPES.get(shape_key, ())
    return shape[place] if place < len(shape) else None


def _canonical_argument(verb: str, words: Sequence[str], index: int) -> str:
    word = words[index]
    if verb not in _NOTATION_VERBS:                 # a line the notation does not start: as typed
        return word
    converted = _option(word, False)
    if converted is None:
        kind = _kind(verb, words, index, False)
        converted = _word(word, kind, False) if kind else word
    return canonical_codes(converted)


def _hungarian_argument(verb: str, words: Sequence[str], index: int) -> str:
    word = words[index]
    if verb not in _NOTATION_OF:
        return word
    converted = _option(word, True)
    if converted is None:
        kind = _kind(_NOTATION_OF[verb], words, index, True)
        converted = _word(word, kind, True) if kind else word
    return hu_code(converted)


def _option(word: str, hungarian: bool) -> str | None:
    """An option word (``key=value`` or a flag) in the other language; None: not an option."""
    if hungarian:
        if word in FLAGS_HU:
            return FLAGS_HU[word]
        key, sep, value = word.partition("=")
        if not sep or key not in OPTION_HU:
            return None
        if key == "to":
            value = _location(value, True)
        elif key == "choice":
            value = SIZE_HU.get(value, value)
        elif key == "run":
            project, _colon, colour = value.partition(":")
            value = f"{project}:{COLOUR_HU.get(colour, colour)}"
        return f"{OPTION_HU[key]}={value}"
    flag = _FLAGS.lookup(word)
    if flag is not None:
        return flag
    if word in FLAGS_HU:                            # the notation's own flags, as typed
        return word
    key, sep, value = word.partition("=")
    canonical_key = _OPTION_KEYS.lookup(key) if sep else None
    if canonical_key is None:
        return None
    if canonical_key == "to":
        value = _location(value, False)
    elif canonical_key == "choice":
        value = SIZE_ALIASES.translate(value)
    elif canonical_key == "run":
        project, colon, colour = value.partition(":")
        value = f"{project}{colon}{_COLOURS.translate(colour)}"
    return f"{canonical_key}={value}"


def _word(word: str, kind: str, hungarian: bool) -> str:
    if kind == "loc":
        return _location(word, hungarian)
    if kind == "path":
        return ">".join(_location(part, hungarian) for part in word.split(">"))
    if kind == "size":
        return SIZE_HU.get(word.upper(), word) if hungarian else SIZE_ALIASES.translate(word)
    if kind == "track":
        if hungarian:
            letter, number = word[:1].upper(), word[1:]
            return TRACK_HU[letter] + number if letter in TRACK_HU else word
        return _TRACKS.translate(word)
    if kind == "die":
        return _die(word, hungarian)
    if kind == "token":
        return TOKEN_HU.get(word.lower(), word) if hungarian else TOKEN_ALIASES.translate(word)
    return word


def _die(word: str, hungarian: bool) -> str:
    if hungarian:
        match = _EN_DIE.match(word)
        if not match:
            return word
        value, mod, flex = match.groups()
        flex = "~nulla" if flex and flex.lower() == "~zero" else flex or ""
        return (f"e{value}" if value else "p") + mod + flex
    die, tilde, flex = word.partition("~")
    found = _DICE.lookup(die)
    if found is None:
        return word
    return found + ("~zero" if fold_word(flex) == "nulla" else tilde + flex)


def _location(word: str, hungarian: bool) -> str:
    code = word.upper()
    if not code:
        return word
    if hungarian:
        return HU_LOCATION_LETTER.get(code[0], code[0]) + code[1:] if code[0] in HU_LOCATION_LETTER else word
    if code[0] in EN_LOCATION_LETTER and code[0] != "P":
        return EN_LOCATION_LETTER[code[0]] + code[1:]
    return word


def word_aliases() -> dict[str, str]:
    """Folded Hungarian verbs, sub-verbs and token words -> the notation word, for completing a
    word still being typed (``vásárol plu`` -> the token purchases)."""
    return {**VERB_ALIASES, **{alias: sub for alias, sub in SUB_ALIASES.items() if alias not in VERB_ALIASES},
            **{fold_word(word): token for token, word in TOKEN_HU.items()}}
