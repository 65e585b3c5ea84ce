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
    wanted = " ".join(fold_word(typed).split())
    if not wanted:
        return [comp for comp, _keys in _index(game_name)[:limit]]
    ranked: list[tuple[int, int, Component]] = []
    for order, (comp, keys) in enumerate(_index(game_name)):
        rank = min((_rank(key, wanted) for key in keys), default=9)
        if rank < 9:
            ranked.append((rank, order, comp))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [comp for _rank_, _order, comp in ranked[:limit]]


def _rank(key: str, wanted: str) -> int:
    if key == wanted:
        return 0
    if key.startswith(wanted):
        return 1
    if any(word.startswith(wanted) for word in key.replace("-", " ").replace("(", " ").split()):
        return 2
    return 3 if wanted in key else 9


def find(game_name: str, typed: str) -> Component | None:
    """The one component ``typed`` names: an exact id, name or alias, or the only match."""
    found = search(game_name, typed, 2)
    if not found:
        return None
    wanted = " ".join(fold_word(typed).split())
    exact = [comp for comp, keys in _index(game_name) if wanted in keys]
    if exact:
        return exact[0]
    if len(found) != 1:
        return None
    keys = next(keys for comp, keys in _index(game_name) if comp is found[0])
    # the only match is the answer when a key starts with what was typed; found only inside a
    # key ("o2" in "ido2") it is offered as a suggestion, not taken for what was meant
    return found[0] if min(_rank(key, wanted) for key in keys) <= 2 else None
