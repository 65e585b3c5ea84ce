"""Finding a game's components by what a player types (``/<game> info``): ids, codes and names
in every language and aliases, folded (no case, no accents), whole or by the start of a word.

Each key knows the languages that write it so: a code or a name is its language's, the id the
languages whose code it is (every language's for a component without a code of its own), an
alias the languages of the code or name it repeats (an alias that repeats none, "T2", "b3",
belongs to no language in particular).  Given the reader's language, what that language writes
comes first, then the aliases of no particular language; another language's code or name is
found only where it matches better than anything of the reader's (an English "booster3" typed
by a Hungarian reader still finds the booster; "bo" offers the Hungarian "bónusz" codes alone).
Space Corp's "T2" is the Time card's English code and, in Hungarian, a production value "T#":
a key ending in "#" stands for that code with a digit, so a Hungarian reader's "T2" finds the
production value first, an English reader's the Time card.  Without a language (tests, tools)
every key counts alike."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import rules
from rules.base import Component
from rules.messages import LANGUAGES, fold_word, render

#: a key's tiers for a reader: the reader's language's, an alias of no language, another's
OWN, ANY, OTHER = 0, 1, 2


@dataclass(frozen=True)
class _Key:
    text: str                       # folded
    languages: frozenset[str]       # those that write it so; empty: an alias of no language
    named: bool                     # a name (else a code, the id or an alias)
    number: "re.Pattern[str] | None"   # "t#": "t" and a digit ("t2")


#: a key found: (rank, tier, 1 for a number's pattern else 0, the key)
_Found = tuple[int, int, int, _Key]


class Match(NamedTuple):
    """A component found: its ``rank`` (0 exact, 1 a key starts with what was typed, 2 a word
    of a key does, 3 found only inside a key), and, found only by another language's key, that
    language and whether the key is a name (else a code)."""

    rank: int
    component: Component
    language: str | None = None
    named: bool = False


class _Index(NamedTuple):
    entries: tuple[tuple[Component, tuple[_Key, ...]], ...]
    codes: dict[tuple[str, str | None], Component | None]     # what a code finds, remembered


@lru_cache(maxsize=None)
def _index(game_name: str) -> _Index:
    """Each component with the folded keys it may be found by, each with its languages."""
    return _Index(tuple((comp, _keys(comp)) for comp in rules.get_game(game_name).components()), {})


def _keys(comp: Component) -> tuple[_Key, ...]:
    languages: dict[str, set[str]] = {}
    names: set[str] = set()

    def add(text: str, language: str | None, named: bool = False) -> None:
        key = fold_word(text).strip()
        if key:
            languages.setdefault(key, set()).update([language] if language else [])
            if named:
                names.add(key)

    for language in LANGUAGES:
        add(render(comp.shown_code(), language), language)
        add(render(comp.name, language), language, named=True)
    add(comp.id, None)          # the id of no language's code ("PRODUCTION", coded P / T#)
    for alias in comp.aliases:  # an alias repeating a code or a name is that one's
        add(alias, None)
    codes = {fold_word(render(comp.shown_code(), language)).strip() for language in LANGUAGES}
    return tuple(_Key(key, frozenset(langs), key in names and key not in codes,
                      re.compile(re.escape(key[:-1]) + r"[0-9]") if re.fullmatch(r"[^#]+#", key) else None)
                 for key, langs in languages.items())


def _tier(key: _Key, language: str | None) -> int:
    if language is None or language in key.languages:
        return OWN
    return ANY if not key.languages else OTHER


def _best(keys: tuple[_Key, ...], wanted: str, language: str | None) -> tuple[_Found | None, _Found | None]:
    """The best key of ``keys`` for ``wanted`` among the reader's and those of no language, and
    among all: (rank, tier, 1 for a number's pattern else 0, the key) each; None: no match."""
    own: _Found | None = None
    best: _Found | None = None
    for key in keys:
        rank, pattern = _rank(key.text, wanted), 0
        if rank and key.number is not None and key.number.fullmatch(wanted):
            rank, pattern = 0, 1
        if rank == 9:
            continue
        tier = _tier(key, language)
        if tier != OTHER and (own is None or (rank, tier, pattern) < own[:3]):
            own = (rank, tier, pattern, key)
        if best is None or (rank, tier, pattern) < best[:3]:
            best = (rank, tier, pattern, key)
    return own, best


def matches(game_name: str, typed: str, limit: int = 25, language: str | None = None) -> list[Match]:
    """The components ``typed`` finds, best first: exact id, code or name first, then those
    whose key starts with it, then those with a word starting with it, then containing it
    (only where nothing is named exactly: "T2" is not offered "kínálat2"); at each rank the
    reader's language's keys first (see the module's docstring)."""
    wanted = " ".join(fold_word(typed).split())
    if not wanted:
        return [Match(1, comp) for comp, _keys in _index(game_name).entries[:limit]]
    found: list[tuple[_Found | None, _Found, int, Component]] = []
    for order, (comp, keys) in enumerate(_index(game_name).entries):
        mine, best = _best(keys, wanted, language)
        if best is not None:
            found.append((mine, best, order, comp))
    # another language's key only where it matches better than every key of the reader's
    floor = min((mine[0] for mine, _best_, _order, _comp in found if mine is not None), default=9)
    chosen: list[tuple[tuple[int, int, int, int], Match]] = []
    for mine, best, order, comp in found:
        if best[1] == OTHER and best[0] < floor:
            chosen.append(((*best[:3], order), Match(best[0], comp, sorted(best[3].languages)[0], best[3].named)))
        elif mine is not None:
            chosen.append(((*mine[:3], order), Match(mine[0], comp)))
    chosen.sort(key=lambda item: item[0])
    if chosen and chosen[0][1].rank == 0:    # named exactly: what merely contains it is noise
        chosen = [item for item in chosen if item[1].rank < 3]
    return [match for _order, match in chosen[:limit]]


def search(game_name: str, typed: str, limit: int = 25, language: str | None = None) -> list[Component]:
    """The components matching ``typed``, best first (:func:`matches`)."""
    return [match.component for match in matches(game_name, typed, limit, language)]


def ranked(game_name: str, typed: str, limit: int = 25, language: str | None = None) -> list[tuple[int, Component]]:
    """:func:`search` with each match's rank: 0 exact, 1 a key starts with it, 2 a word of a
    key starts with it, 3 found only inside a key ("o2" in "ido2")."""
    return [(match.rank, match.component) for match in matches(game_name, typed, limit, language)]


def _rank(key: str, wanted: str) -> int:
    if key == wanted:
        return 0
    if key.startswith(wanted):
        return 1
    if any(word.startswith(wanted) for word in key.replace("-", " ").replace("(", " ").split()):
        return 2
    return 3 if wanted in key else 9


def exact_match(game_name: str, typed: str, language: str | None = None) -> Match | None:
    """The component ``typed`` names exactly (an id, a code, a name or an alias, folded; a
    code ending in "#" with a number), the reader's language's first; or None."""
    found = matches(game_name, typed, 1, language)
    return found[0] if found and found[0].rank == 0 else None


def exact(game_name: str, typed: str, language: str | None = None) -> Component | None:
    """The component ``typed`` names exactly (:func:`exact_match`), or None."""
    found = exact_match(game_name, typed, language)
    return found.component if found is not None else None


def find_match(game_name: str, typed: str, language: str | None = None) -> Match | None:
    """The one component ``typed`` names: an exact key, or the only match."""
    named = exact_match(game_name, typed, language)
    if named is not None:
        return named
    found = matches(game_name, typed, 2, language)
    # the only match is the answer when a key starts with what was typed; found only inside a
    # key ("o2" in "ido2") it is offered as a suggestion, not taken for what was meant
    return found[0] if len(found) == 1 and found[0].rank <= 2 else None


def find(game_name: str, typed: str, language: str | None = None) -> Component | None:
    """The one component ``typed`` names (:func:`find_match`), or None."""
    found = find_match(game_name, typed, language)
    return found.component if found is not None else None


def find_code(game_name: str, code: str, language: str | None = None) -> Component | None:
    """:func:`find` for a component's code (autocomplete asks it of every choice it lists):
    the answers are remembered, the codes being the game's."""
    codes = _index(game_name).codes
    if (code, language) not in codes:
        codes[code, language] = find(game_name, code, language)
    return codes[code, language]
