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
választ=, semmi; gate colours narancs / zöld / lila."""
from __future__ import annotations

import re

from rules.messages import fold_word

from .codes import canonical_codes, hu_code
from .components import EN_LOCATION_LETTER, HU_LOCATION_LETTER

#: Hungarian verb (folded) -> notation verb; the first of each is what ``to_hungarian`` writes.
VERBS_HU = {
    "hqside": "oldal", "gate": "kezdőkapu", "draft": "választ", "fly": "repül", "gyro": "erőmű", "tx": "adóállomás",
    "patent": "szabadalom", "hq": "projekt", "buy": "vásárol", "copy": "másol", "end": "vége", "prod": "termelés",
    "goals": "célok",
}
VERB_ALIASES = {
    "oldal": "hqside", "kezdokapu": "gate", "kapu": "gate", "valaszt": "draft", "vesz": "draft", "repul": "fly",
    "eromu": "gyro", "forgoeromu": "gyro", "forgaslapka": "gyro", "giroszkop": "gyro", "giro": "gyro",
    "adoallomas": "tx", "ado": "tx", "szabadalom": "patent", "szabadalmaztat": "patent", "levet": "patent",
    "projekt": "hq", "hq-projekt": "hq", "fohadiszallas": "hq", "vasarol": "buy", "masol": "copy", "vege": "end",
    "kesz": "end", "termeles": "prod", "celok": "goals",
}
SUB_HU = {"take": "elvesz", "place": "lerak", "spin": "beindít", "pay": "fizet", "link": "összeköt",
          "choose": "választ"}
SUB_ALIASES = {"elvesz": "take", "vesz": "take", "lerak": "place", "epit": "place", "beindit": "spin",
               "forgat": "spin", "fizet": "pay", "osszekot": "link", "kapcsol": "link", "valaszt": "choose"}
TRACK_HU = {"I": "K", "E": "M"}
SIZE_HU = {"S": "kis", "M": "közepes", "L": "nagy"}
SIZE_ALIASES = {"kis": "S", "k": "S", "kozepes": "M", "ko": "M", "nagy": "L", "n": "L"}
COLOUR_HU = {"orange": "narancs", "green": "zöld", "purple": "lila"}
#: The die modifier token bought (ACT-BUY-MOD, MOD-BUY-1) in the rulebook's words ("plusz-mínusz
#: kockamódosító jelző", "plusz kettő"); the notation's ``pm`` / ``p2`` and the printed ``±1`` /
#: ``+2`` are read too.
TOKEN_HU = {"pm": "pluszmínusz", "p2": "pluszkettő"}
TOKEN_ALIASES = {"pluszminusz": "pm", "plusz-minusz": "pm", "pm": "pm", "±1": "pm", "+-1": "pm", "pluszketto": "p2",
                 "plusz-ketto": "p2", "p2": "p2", "+2": "p2"}
OPTION_HU = {"to": "ide", "choice": "méret", "run": "verseny", "icon": "ikon", "link": "köt", "pick": "választ"}
FLAGS_HU = {"take=tile": "lapka", "noclaim": "nemkövetel", "none": "semmi"}

_HU_DIE = re.compile(r"^(?:e(\d)|p)((?:[+-][12])?)(~.*)?$", re.IGNORECASE)
_EN_DIE = re.compile(r"^(?:s(\d)|r)((?:[+-][12])?)(~.*)?$", re.IGNORECASE)

#: Which non-option words follow each verb (after a sub-verb for gyro / tx).
SHAPES = {
    "gate": ("loc",), "draft": ("num", "track"), "fly": ("die", "path"), "gyro take": ("size", "die"),
    "gyro place": ("size", "loc"), "gyro spin": ("loc", "die"), "gyro choose": ("size",), "tx take": ("id", "die"),
    "tx pay": ("id", "die"), "tx link": ("id", "id"), "patent": ("id", "die"), "hq": ("id", "die"),
    "buy": ("token", "die"),
}


def _invert(table: dict[str, str]) -> dict[str, str]:
    return {fold_word(value): key for key, value in table.items()}


_OPTION_KEYS = _invert(OPTION_HU)
_FLAGS = _invert(FLAGS_HU) | {"nemfoglal": "noclaim"}
_COLOURS = _invert(COLOUR_HU)


def to_canonical(text: str) -> str:
    """What a player typed, Hungarian words and codes turned into the notation's; words it
    does not know stay as they are (the parser then says what is wrong)."""
    return _translate(text, hungarian=False)


def to_hungarian(text: str) -> str:
    """A canonical move text written with the Hungarian words ``to_canonical`` reads back."""
    return _translate(text, hungarian=True)


def _translate(text: str, hungarian: bool) -> str:
    words = text.split(" ")
    if not words or not words[0]:
        return text
    verb = VERB_ALIASES.get(fold_word(words[0]), words[0].lower() if words[0].lower() in VERBS_HU else None)
    if verb is None:
        return text
    out = [VERBS_HU[verb] if hungarian else verb]
    rest = words[1:]
    shape_key = verb
    if verb in ("gyro", "tx") and rest and rest[0]:
        sub = SUB_ALIASES.get(fold_word(rest[0]), rest[0].lower() if rest[0].lower() in SUB_HU else None)
        if sub is not None:
            out.append(SUB_HU[sub] if hungarian else sub)
            rest = rest[1:]
            shape_key = f"{verb} {sub}"
    shape = list(SHAPES.get(shape_key, ()))
    for word in rest:
        if not word:
            out.append(word)
            continue
        converted = _option(word, hungarian, verb)
        if converted is not None:
            out.append(hu_code(converted) if hungarian else canonical_codes(converted))
            continue
        kind = shape.pop(0) if shape else None
        word = _word(word, kind, hungarian) if kind else word
        out.append(hu_code(word) if hungarian else canonical_codes(word))
    return " ".join(out)


def _option(word: str, hungarian: bool, verb: str) -> str | None:
    """An option word (``key=value`` or a flag) in the other language; None: not an option."""
    folded = fold_word(word)
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
    if folded in _FLAGS:
        return _FLAGS[folded]
    if word in FLAGS_HU or word.lower() in ("none",):
        return word.lower() if word.lower() == "none" else word
    key, sep, value = word.partition("=")
    if not sep:
        return None
    canonical_key = _OPTION_KEYS.get(fold_word(key), key.lower() if key.lower() in OPTION_HU else None)
    if canonical_key is None:
        return None
    if canonical_key == "to":
        value = _location(value, False)
    elif canonical_key == "choice":
        value = SIZE_ALIASES.get(fold_word(value), value)
    elif canonical_key == "run":
        project, colon, colour = value.partition(":")
        value = f"{project}{colon}{_COLOURS.get(fold_word(colour), colour)}"
    return f"{canonical_key}={value}"


def _word(word: str, kind: str, hungarian: bool) -> str:
    if kind == "loc":
        return _location(word, hungarian)
    if kind == "path":
        return ">".join(_location(part, hungarian) for part in word.split(">"))
    if kind == "size":
        return SIZE_HU.get(word.upper(), word) if hungarian else SIZE_ALIASES.get(fold_word(word), word)
    if kind == "track":
        letter, number = word[:1].upper(), word[1:]
        if hungarian:
            return TRACK_HU.get(letter, letter) + number if letter in TRACK_HU else word
        back = {hu: en for en, hu in TRACK_HU.items()}
        return back[letter] + number if letter in back and number in ("", "1", "2") else word
    if kind == "die":
        return _die(word, hungarian)
    if kind == "token":
        return TOKEN_HU.get(word.lower(), word) if hungarian else TOKEN_ALIASES.get(fold_word(word), word)
    return word


def _die(word: str, hungarian: bool) -> str:
    if hungarian:
        match = _EN_DIE.match(word)
        if not match:
            return word
        value, mod, flex = match.groups()
        flex = "~nulla" if flex and flex.lower() == "~zero" else flex or ""
        return (f"e{value}" if value else "p") + mod + flex
    match = _HU_DIE.match(word)
    if not match:
        return word
    value, mod, flex = match.groups()
    flex = "~zero" if flex and fold_word(flex) == "~nulla" else flex or ""
    return (f"s{value}" if value else "r") + mod + flex


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
