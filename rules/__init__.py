"""Pure rules cores, one subpackage per game, behind the contract in :mod:`rules.base`."""
from __future__ import annotations

import importlib

from .base import BadOptions, Component, Game, IllegalMove, OptionSpec, RulesError, ScorePart

# name -> module that defines GAME; a game is listed here once its rules core is complete.
_GAME_MODULES: dict[str, str] = {
    "planetarium": "rules.planetarium",
    "gaia": "rules.gaia",
    "eve": "rules.eve",
    "pulsar": "rules.pulsar",
    "spacecorp": "rules.spacecorp",
}


def available_games() -> list[str]:
    return sorted(_GAME_MODULES)


def get_game(name: str) -> Game:
    try:
        module_name = _GAME_MODULES[name]
    except KeyError:
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(available_games())}") from None
    game: Game = importlib.import_module(module_name).GAME
    return game


__all__ = ["BadOptions", "Component", "Game", "IllegalMove", "OptionSpec", "RulesError", "ScorePart", "available_games", "get_game"]
