"""Pulsar 2849 component codes for a Hungarian reader (issue 24): no code a Hungarian player
reads or types comes from an English word.  Each English-derived prefix has the Hungarian
rulebook's word behind it, the number part stays (it is printed on the component):

- ``TX-A06`` (transmitter) -> ``AD-A06`` (adóállomás);
- ``G3b`` (goal) -> ``C3b`` (céllapka);
- ``EX12`` (exploration) -> ``FF12`` (felfedezéslapka);
- ``PS17`` (planetary system tile) -> ``NR17`` (naprendszerlapka; the map's ``N`` locations
  are ``N`` + two digits, so ``NR`` never reads as one).

The stored notation keeps the English ids (replays stay valid); ``hu_code`` writes an id for a
Hungarian reader, ``code`` gives both as a ``Localized`` message value, and ``canonical_codes``
turns a word typed with either code (any case, with or without the hyphen) into the notation's.
None of the new prefixes is a word or code the parser reads otherwise: the location letters are
N/U/K/P, the track markers K/M, the dice e/p, the verbs and options are whole words."""
from __future__ import annotations

import re

from rules.messages import Localized

#: English-derived code pattern -> the Hungarian prefix (number part kept).
_OUT = re.compile(r"(?<![\w-])(?:TX-(?=[ABC]\d\d\b)|G(?=[1-6][ab]\b)|EX(?=\d\d\b)|PS(?=\d\d\b))")
_HU_PREFIX = {"TX-": "AD-", "G": "C", "EX": "FF", "PS": "NR"}

#: A Hungarian code typed in any case (``AD-A06``, ``ada06``, ``c3b``, ``ff12``, ``nr17``).
_IN = re.compile(r"(?<![\w-])(?:(AD)-?([ABC]\d\d)|(C)([1-6][AB])|(FF)(\d\d)|(NR)(\d\d))(?![\w-])", re.IGNORECASE)


def hu_code(ident: str) -> str:
    """``TX-A06`` -> ``AD-A06``, ``G3b`` -> ``C3b``, ``EX12`` -> ``FF12``, ``PS17`` -> ``NR17``;
    any other text unchanged.  Codes inside a longer word (``G5a:2``, ``pick=G5a``) too."""
    return _OUT.sub(lambda m: _HU_PREFIX[m.group(0)], ident)


def code(ident: str) -> Localized:
    """An id as each reader writes it: a message value."""
    return Localized(en=ident, hu=hu_code(ident))


def _canonical(match: re.Match[str]) -> str:
    if match.group(1):
        return "TX-" + match.group(2).upper()
    if match.group(3):
        return "G" + match.group(4).lower()
    if match.group(5):
        return "EX" + match.group(6)
    return "PS" + match.group(8)


def canonical_codes(word: str) -> str:
    """The Hungarian codes in a typed word -> the notation's ids (``ad-a06`` -> ``TX-A06``,
    ``C5a:2`` -> ``G5a:2``); everything else unchanged."""
    return _IN.sub(_canonical, word)


__all__ = ["canonical_codes", "code", "hu_code"]
