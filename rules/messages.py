"""Messages as values: what rules cores, renderers and the host hand to a player is a
:class:`Msg` (a catalogue key with values), never an English sentence.  One catalogue,
independent of Discord, turns a message into text in a language.

Where the texts live
--------------------
* ``data/i18n/<lang>.json``: the host's texts (commands, lobby, refusals of the host, the
  shared kit) -- keys without a game prefix.
* ``data/<game>/i18n/<lang>.json`` and ``data/<game>/i18n/<lang>.<part>.json``: one game's
  texts; every key starts with ``<game>.`` so games never collide.

Keys are whole sentences or whole labels: Hungarian suffixes and the a/az article make
fragments glued together untranslatable.  Values may be numbers, notation (plain ``str``,
shown as it is: card ids, hex names, move texts), other messages (translated in the same
language), :class:`Join` lists or :class:`Localized` values (one text per language, written as
the reader's language: a move in the reader's notation inside a refusal).

Hungarian help in the format language: ``{name:az}`` puts the right definite article
("a" or "az") before the value, as it sounds (``az Ivitsek``, ``a Terránok``, ``az 5``).
"""
from __future__ import annotations

import logging
import re
import string
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

log = logging.getLogger(__name__)

LANGUAGES = ("en", "hu")        # every catalogue exists in each of these
DEFAULT_LANGUAGE = "en"
KEY_PATTERN = re.compile(r"^[a-z0-9_]+(?:[.\-][a-zA-Z0-9_]+)*$")


@dataclass(frozen=True, init=False)
class Msg:
    """A catalogue key and the values its text is formatted with."""

    key: str
    values: tuple[tuple[str, Any], ...]

    def __init__(self, key: str, /, **values: Any):
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "values", tuple(sorted([(k, _freeze(v)) for k, v in values.items()]))
                           if values else ())

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.values)

    def __str__(self) -> str:   # for logs and tests: the English text
        return render(self, DEFAULT_LANGUAGE)


@dataclass(frozen=True)
class Join:
    """A list shown as one value: "A, B and C" / "A, B vagy C" (``conj`` is "and" or "or";
    "comma" joins with commas only)."""

    items: tuple[Any, ...]
    conj: str = "comma"

    def __init__(self, items: Iterable[Any], conj: str = "comma"):
        object.__setattr__(self, "items", tuple(_freeze(item) for item in items))
        object.__setattr__(self, "conj", conj)


@dataclass(frozen=True, init=False)
class Localized:
    """A value that is written differently in each language and is not a catalogue text: a
    piece of notation in the reader's words (``Localized(en="build m 3A3", hu="épít bánya
    3A3")``).  Formatted as the reader's language, English where that language has none."""

    texts: tuple[tuple[str, str], ...]

    def __init__(self, **texts: str):
        if DEFAULT_LANGUAGE not in texts:
            raise TypeError(f"a Localized value needs its {DEFAULT_LANGUAGE!r} text")
        unknown = set(texts) - set(LANGUAGES)
        if unknown:
            raise TypeError(f"unknown languages {sorted(unknown)}")
        object.__setattr__(self, "texts", tuple(sorted((lang, str(text)) for lang, text in texts.items())))

    def text(self, language: str) -> str:
        texts = dict(self.texts)
        return texts.get(language) or texts[DEFAULT_LANGUAGE]

    def __str__(self) -> str:
        return self.text(DEFAULT_LANGUAGE)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return Join(value)
    if isinstance(value, dict):
        raise TypeError("message values are numbers, notation strings, Msg, Join or Localized, not dicts")
    return value


# ----- the catalogue --------------------------------------------------------------------------
def _data_root() -> Path:
    import data
    return data.path()


_EXTRA_FOLDERS: list[Path] = []


def add_catalogue_folder(folder: Path) -> None:
    """Texts kept outside ``data/`` (the host's toy game in the tests)."""
    if folder not in _EXTRA_FOLDERS:
        _EXTRA_FOLDERS.append(folder)
        catalogue.cache_clear()


@lru_cache(maxsize=None)
def catalogue(language: str) -> dict[str, str]:
    """Every text of one language: the host's file plus every game's files."""
    root = _data_root()
    merged: dict[str, str] = {}
    files = [root / "i18n" / f"{language}.json"]
    for folder in sorted(root.glob("*/i18n")) + _EXTRA_FOLDERS:
        files += sorted(folder.glob(f"{language}.json")) + sorted(folder.glob(f"{language}.*.json"))
    import json
    for file in files:
        if not file.is_file():
            continue
        with file.open(encoding="utf-8") as handle:
            texts = json.load(handle)
        for key, text in texts.items():
            if key in merged and merged[key] != text:
                log.error("message key %r defined twice for %s (%s)", key, language, file)
            merged[key] = text
    return merged


def has_key(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)


def language_of(locale: Any) -> str:
    """"hu" for a Hungarian locale ("hu", discord.Locale.hungarian), else English."""
    if locale is None:
        return DEFAULT_LANGUAGE
    value = getattr(locale, "value", locale)
    language = str(value).split("-")[0].lower()
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


_VOWELS = set("aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ")
# Letters whose Hungarian names start with a vowel sound (ef, el, em, en, er, es, iksz, ipszilon...)
_VOWEL_LETTER_NAMES = set("AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY")


def fold_word(text: str) -> str:
    """Lower case without accents, as players type on any keyboard: ``BÁNYA`` -> ``banya``,
    ``Űrállomás`` -> ``urallomas``.  Every game's notation compares words folded."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def hungarian_article(word: str) -> str:
    """"az" before a vowel sound, else "a" (numbers as they are read: 1 egy, 5 öt, 1000 ezer)."""
    word = word.lstrip("*_`\"'„(")
    if not word:
        return "a"
    roman = re.match(r"([IVXLC]+)(?![^\W\d_])", word)
    if roman:                                                   # node names such as IV-3: as numbers
        word = str(_roman_value(roman[1]))
    if word[0].isdigit():
        digits = word[: len(word) - len(word.lstrip("0123456789"))]
        if digits[0] == "5":                                    # öt, ötven, ötszáz, ötezer...
            return "az"
        return "az" if digits[0] == "1" and len(digits) in (1, 4, 7) else "a"   # egy, ezer, egymillió
    if word[0].isupper() and (len(word) == 1 or not word[1].isalpha()):   # a letter read by its name: F01
        return "az" if word[0] in _VOWEL_LETTER_NAMES else "a"
    return "az" if word[0] in _VOWELS else "a"


def _roman_value(numeral: str) -> int:
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for index, char in enumerate(numeral):
        value = values[char]
        total += -value if index + 1 < len(numeral) and values[numeral[index + 1]] > value else value
    return total


class _Formatter(string.Formatter):
    def __init__(self, language: str, label: bool = False, capital: bool = False):
        self.language = language
        self.label = label
        self.capital = capital      # the first field starts a label: its first word is capitalised

    def format_field(self, value: Any, format_spec: str) -> str:
        capital, self.capital = self.capital, False     # only the first field starts a label
        if format_spec.startswith("n|"):
            # "{count:n|move|moves}" -> "1 move", "3 moves": the number and the word that
            # agrees with it (English; Hungarian keeps the singular after a number).
            forms = format_spec.split("|")[1:]
            if len(forms) != 2:
                raise ValueError(f"plural spec needs two forms: {format_spec!r}")
            number = number_text(value, self.language) if isinstance(value, float) else value
            return f"{number} {forms[0] if value in (1, -1, '1') else forms[1]}"
        if format_spec == "az":
            text = _value_text(value, self.language, self.label)
            return _capitalised(f"{hungarian_article(text)} {text}", capital)
        if isinstance(value, (Msg, Join, Localized)) or isinstance(value, str) and not format_spec:
            return _value_text(value, self.language, self.label, capital)
        if isinstance(value, int) and not isinstance(value, bool) and value < 0 and not format_spec:
            return number_text(value, self.language)       # a penalty: "−5" in Hungarian
        if isinstance(value, float) and not format_spec:
            return number_text(value, self.language)       # "12 óra", "0,5 óra" (was "12.0")
        return str(super().format_field(value, format_spec))

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value if conversion is None else super().convert_field(value, conversion)


def _capitalised(text: str, capital: bool) -> str:
    return text[:1].upper() + text[1:] if capital and text[:1].islower() else text


def _value_text(value: Any, language: str, label: bool = False, capital: bool = False) -> str:
    """``capital``: the value starts a label; its first word is capitalised where it is a
    catalogue text's (never notation's: "m 3A3" stays as it is typed)."""
    if isinstance(value, Msg):
        return _render(value, language, label, capital)
    if isinstance(value, Join):
        parts = [_value_text(item, language, label, capital and index == 0) for index, item in enumerate(value.items)]
        if value.conj == "comma" or len(parts) < 2:
            return ", ".join(parts)
        word = text_of(f"list.{value.conj}", language) or value.conj
        return ", ".join(parts[:-1]) + f" {word} " + parts[-1]
    if isinstance(value, Localized):
        value = value.text(language)
    if isinstance(value, bool):
        return text_of("yes" if value else "no", language) or str(value)
    if isinstance(value, float):
        return number_text(value, language)
    text = str(value)
    if len(text) > _LONGEST_WORD and not any(ch.isspace() for ch in text) and not text.startswith(("http", "<")):
        # a "word" this long is pasted junk echoed back in a refusal: cut it, so the reason
        # and what is allowed stay on the screen (and within Discord's 2,000 characters)
        return text[:_LONGEST_WORD - 8] + "…"
    return text


def number_text(value: float, language: str) -> str:
    """A number as the language writes it: 12.0 -> "12", 0.5 -> "0.5" / Hungarian "0,5";
    a negative one in Hungarian with the minus sign, not a hyphen: -5 -> "−5"."""
    text = str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")
    return text.replace(".", ",").replace("-", MINUS) if language == "hu" else text


MINUS = "\u2212"     # the minus sign Hungarian typography writes before a negative number


_LONGEST_WORD = 64      # longer than any notation word; links and <@mentions> are never cut


def text_of(key: str, language: str, label: bool = False) -> str | None:
    """The text of ``key`` in ``language`` (else English); with ``label``, its label variant
    (``label_key``) where the catalogue has one."""
    if label:
        variant = catalogue(language).get(label_key(key))
        if variant:
            return variant
    return catalogue(language).get(key) or catalogue(DEFAULT_LANGUAGE).get(key)


LABEL_SUFFIX = ".label"


def label_key(key: str) -> str:
    """The key of ``key``'s label variant: the words a menu, a button or an autocomplete entry
    offers the reader as their own choice ("Build a mine on 10B5" / "Építs bányát: 10B5"),
    where the plain text tells others what a player did ("builds a mine on 10B5").  Games keep
    them in ``data/<game>/i18n/<lang>.labels.json``."""
    return key + LABEL_SUFFIX


def render(message: "Msg | Join | Localized | str", language: str = DEFAULT_LANGUAGE, *,
           label: bool = False) -> str:
    """The text of ``message`` in ``language`` (English where a text is missing).  A plain
    ``str`` is notation and returned unchanged.  ``label``: the message is offered to the
    reader as their own choice: every key in it, nested ones too, reads its label variant
    where it has one (``label_key``), the plain text where not, and the label starts with a
    capital letter as a menu's entries do ("Build a mine on 10B5", "Építs bányát: 10B5")."""
    return _render(message, language, label, label)


def _render(message: "Msg | Join | Localized | str", language: str, label: bool, capital: bool = False) -> str:
    if isinstance(message, (Join, Localized)):
        return _value_text(message, language, label, capital)
    if not isinstance(message, Msg):
        return str(message)
    text = text_of(message.key, language, label)
    if text is None:
        log.error("message key %r missing from the catalogue", message.key)
        return message.key
    starts_with_field = text.startswith("{") and not text.startswith("{{")
    try:
        formatted = _Formatter(language, label, capital and starts_with_field).format(text, **message.params)
        return _capitalised(formatted, capital and not starts_with_field)
    except (KeyError, IndexError, ValueError, AttributeError):
        log.error("message %r could not be formatted with %r", message.key, sorted(message.params))
        return text


def placeholders(text: str) -> set[str]:
    """The value names a catalogue text uses (``{count}``, ``{name:az}`` -> count, name)."""
    names = set()
    for _literal, field, _spec, _conv in string.Formatter().parse(text):
        if field:
            names.add(re.split(r"[.\[]", field)[0])
    return names


def message_keys(value: Any) -> Iterable[str]:
    """Every key inside a message value (nested messages and lists included)."""
    if isinstance(value, Msg):
        yield value.key
        for _, inner in value.values:
            yield from message_keys(inner)
    elif isinstance(value, Join):
        for item in value.items:
            yield from message_keys(item)


def mentions(value: Any, part: Msg) -> bool:
    """Whether the message value ``value`` is ``part`` or holds it among its values (nested
    messages and lists included): a line that already says ``part``."""
    if value == part:
        return True
    if isinstance(value, Msg):
        return any(mentions(inner, part) for _, inner in value.values)
    if isinstance(value, Join):
        return any(mentions(item, part) for item in value.items)
    return False


def check_message(value: Any, where: str = "") -> None:
    """Raise AssertionError when ``value`` is not a message whose keys are all catalogued
    (used by the conformance suite: rules and renderers never return prose)."""
    if not isinstance(value, Msg):
        raise AssertionError(f"{where}: expected a Msg, got {value!r}")
    for key in message_keys(value):
        if not has_key(key):
            raise AssertionError(f"{where}: message key {key!r} is not in the English catalogue")


# ----- messages inside saved state (JSON) --------------------------------------------------------
def to_json(value: Any) -> Any:
    """A message value as plain JSON (``{"msg": key, "values": {...}}``, ``{"join": [...]}``),
    for messages kept inside a game's state (events, notices)."""
    if isinstance(value, Msg):
        return {"msg": value.key, "values": {k: to_json(v) for k, v in value.values}}
    if isinstance(value, Join):
        return {"join": [to_json(item) for item in value.items], "conj": value.conj}
    if isinstance(value, Localized):
        return {"localized": dict(value.texts)}
    return value


def without_texts(data: Any) -> Any:
    """JSON (as ``to_json`` writes messages) with every text left out: a message value inside
    a dict becomes None, one inside a list is dropped.  What a state says beyond its texts (the
    news of the last move, a reason worded for the reader), so a reworded or added news line
    does not make it another position."""
    if isinstance(data, dict):
        if _is_text(data):
            return None
        return {key: without_texts(value) for key, value in data.items()}
    if isinstance(data, list):
        return [without_texts(item) for item in data if not _is_text(item)]
    return data


_TEXT_SHAPES = ({"msg", "values"}, {"msg"}, {"join", "conj"}, {"join"}, {"localized"})


def _is_text(data: Any) -> bool:
    return isinstance(data, dict) and set(data) in _TEXT_SHAPES


def from_json(data: Any) -> Any:
    if isinstance(data, dict) and "msg" in data:
        return Msg(data["msg"], **{k: from_json(v) for k, v in data.get("values", {}).items()})
    if isinstance(data, dict) and "join" in data:
        return Join([from_json(item) for item in data["join"]], data.get("conj", "comma"))
    if isinstance(data, dict) and "localized" in data:
        return Localized(**data["localized"])
    return data
