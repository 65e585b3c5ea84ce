"""Finding a game's components by what a player types (``/<game> info``): ids, names in
every language and aliases, folded (no case, no accents), whole or by the start of a word."""
from __future__ import annotations

from functools import lru_cache

import rules
from rules.base import Component
from rules.messages import LANGUAGES, fold_word, render


@lru_cache(maxsize=None)
def _index(game_name: str) -> tuple[tuple[Component, tuple[str, ...]], ...]:
    """Each component with the folded texts it may be found by: its id, its name in every
    language, its aliases."""
    out = []
    for comp in rules.get_game(game_name).components():
        keys = [comp.id] + [render(comp.name, language) for language in LANGUAGES] + list(comp.aliases)
        out.append((comp, tuple(dict.fromkeys(fold_word(key).strip() for key in keys if key))))
    return tuple(out)


def search(game_name: str, typed: str, limit: int = 25) -> list[Component]:
    """The components matching ``typed``: exact id or name first, then those whose id, name
    or alias starts with it, then those with a word starting with it, then containing it."""
    return [comp for _rank_, comp in ranked(game_name, typed, limit)]


def ranked(game_name: str, typed: str, limit: int = 25) -> list[tuple[int, Component]]:
    """:func:`search` with each match's rank: 0 exact, 1 a key starts with it, 2 a word of a
    key starts with it, 3 found only inside a key ("o2" in "ido2")."""
    wanted = " ".join(fold_word(typed).split())
    if not wanted:
        return [(1, comp) for comp, _keys in _index(game_name)[:limit]]
    found: list[tuple[int, int, Component]] = []
    for order, (comp, keys) in enumerate(_index(game_name)):
        rank = min((_rank(key, wanted) for key in keys), default=9)
        if rank < 9:
            found.append((rank, order, comp))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(rank, comp) for rank, _order, comp in found[:limit]]


def _rank(key: str, wanted: str) -> int:
    if key == wanted:
        return 0
    if key.startswith(wanted):
        return 1
    if any(word.startswith(wanted) for word in key.replace("-", " ").replace("(", " ").split()):
        return 2
    return 3 if wanted in key else 9


def exact(game_name: str, typed: str) -> Component | None:
    """The component whose id, name or alias is ``typed`` (folded), or None."""
    wanted = " ".join(fold_word(typed).split())
    return next((comp for comp, keys in _index(game_name) if wanted in keys), None)


def find(game_name: str, typed: str) -> Component | None:
    """The one component ``typed`` names: an exact id, name or alias, or the only match."""
    found = search(game_name, typed, 2)
    if not found:
        return None
    named = exact(game_name, typed)
    if named is not None:
        return named
    wanted = " ".join(fold_word(typed).split())
    if len(found) != 1:
        return None
    keys = next(keys for comp, keys in _index(game_name) if comp is found[0])
    # the only match is the answer when a key starts with what was typed; found only inside a
    # key ("o2" in "ido2") it is offered as a suggestion, not taken for what was meant
    return found[0] if min(_rank(key, wanted) for key in keys) <= 2 else None
