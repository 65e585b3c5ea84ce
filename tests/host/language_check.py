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


@lru_cache(maxsize=None)
def notation_words(game_name: str, players: int = 3, seed: int = 7) -> frozenset[str]:
    """The English words of ``game_name``'s notation (each legal move's words over a random
    game) that its Hungarian notation (``localize_move``) does not use: what a Hungarian
    player must never read."""
    import random

    import rules

    game = rules.get_game(game_name)
    state = game.new_game({"players": players}, seed)
    rng = random.Random(seed)
    english: set[str] = set()
    hungarian: set[str] = set()
    for _ply in range(3000):
        if game.is_over(state):
            break
        seat = rng.choice(sorted(game.waiting_for(state)))
        for move in list(game.legal_moves(state, seat))[:60]:
            text = game.format_move(move)
            english.update(_words(text))
            hungarian.update(_words(game.localize_move(text, "hu")))
        state = game.apply(state, game.random_move(state, seat, rng))
    return frozenset(word for word in english - hungarian if len(word) >= 3 and word.isalpha() or _is_code(word))


def _words(text: str) -> list[str]:
    """The words of ``text`` and its codes: hyphenated words stay whole ("kül-terra" is a
    Hungarian code, not the word "terra"); a code with digits or dashes (DV02, CYA-A, s4-1) is
    one word too, besides its letters (DV), so a code the Hungarian notation writes otherwise
    is measured."""
    words = [word.strip("-") for word in re.split(r"[^A-Za-zÀ-ž-]+", text) if word.strip("-")]
    codes = [code.strip("-") for code in re.split(r"[^A-Za-z0-9À-ž-]+", text)]
    return words + [code for code in codes if _is_code(code) and code not in words]


def _is_code(word: str) -> bool:
    """A notation code: letters with digits or a dash inside (DV02, CYA-A, H37), not a number."""
    return (len(word) >= 2 and any(ch.isalpha() for ch in word)
            and (any(ch.isdigit() for ch in word) or "-" in word.strip("-")))


def notation_leaks(texts: list[str], game_name: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """English notation words of the game found in ``texts`` (as whole words); ``allowed``:
    words that are the game's Hungarian codes too (a short code shared by both notations)."""
    words = notation_words(game_name) - allowed
    found = []
    for text in texts:
        for word in sorted(words & set(_words(text))):
            found.append(f"{word!r} in {text[:160]!r}")
    return found
