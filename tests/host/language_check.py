"""Finds English text in what a Hungarian player was shown: every literal piece of an English
catalogue text (between its placeholders) that is long enough to be a phrase, and that the
Hungarian catalogue does not contain as well (notation, names), must not appear."""
from __future__ import annotations

import re
import string
from functools import lru_cache

from rules.messages import catalogue

MIN_LENGTH = 14


@lru_cache(maxsize=1)
def english_phrases() -> frozenset[str]:
    hungarian = "\n".join(catalogue("hu").values())
    phrases = set()
    for text in catalogue("en").values():
        for literal, _field, _spec, _conv in string.Formatter().parse(text):
            for piece in re.split(r"[\n*`_]+", literal):
                piece = piece.strip(" .,:;()-!?")
                if len(piece) >= MIN_LENGTH and " " in piece and piece not in hungarian:
                    phrases.add(piece)
    return frozenset(phrases)


def english_leaks(texts: list[str]) -> list[str]:
    """The English phrases found in ``texts`` (with the text they were found in)."""
    found = []
    phrases = english_phrases()
    for text in texts:
        for phrase in phrases:
            if phrase in text:
                found.append(f"{phrase!r} in {text[:120]!r}")
    return found
