"""What renderers and the host may ask of a Gaia Project view (the state as one seat may see
it), without reaching into the engine: the per-game read API.  Static data (factions, tiles,
boosters) comes from :mod:`rules.gaia.tables`, which it re-exports."""
from __future__ import annotations


from . import engine as _engine
from .tables import (ACTIONS, BOOSTERS, FACTIONS, FED_TOKENS, FIELDS, FINAL_TILES, ROUND_TILES,
                     STD_BUILDINGS, TECH, parse_rewards)
from .state import GaiaState, Player
from .turns import waiting_for as _waiting_for

View = GaiaState
SUPPLY: dict[str, int] = dict(_engine.COUNTS)   # pieces per faction board (GP-COMP-1)

__all__ = ["ACTIONS", "BOOSTERS", "FACTIONS", "FED_TOKENS", "FIELDS", "FINAL_TILES", "ROUND_TILES",
           "Player", "STD_BUILDINGS", "SUPPLY", "TECH", "View", "final_count", "gaiaformers_free", "income_events",
           "notation_word", "parse_rewards", "special_sources", "waiting"]


def waiting(view: View) -> set[int]:
    """The seats the game waits for."""
    return set(_waiting_for(view))


def final_count(view: View, seat: int, tile: str) -> int:
    """What ``seat`` counts now for the final scoring tile ``tile``."""
    return int(_engine.final_count(view, seat, tile))


def income_events(view: View, seat: int) -> list[str]:
    """The income ``seat`` will receive (as the engine lists it for the income phase): one reward
    text (``2c,o``) per source."""
    return list(_engine.income_events(view, seat))


def special_sources(view: View, seat: int) -> list[tuple[str, str]]:
    """The special actions ``seat`` has (academy, PI, faction, boosters, tiles) and their use:
    ``(source, reward)`` pairs such as ``("ac2", "q")``, ``("booster", "1step")``."""
    return list(_engine.special_sources(view, seat))


def gaiaformers_free(view: View, seat: int) -> int:
    """Gaiaformers ``seat`` has unlocked and not yet placed."""
    return int(_engine.gf_available(view, view["players"][seat], seat))


def notation_word(word: str, language: str) -> str:
    """An id as a player of ``language`` types it in moves (``power3`` -> ``energia3``,
    ``free1`` -> ``szabad1``, ``booster5`` -> ``bónusz5``): what the images print."""
    if language != "hu":
        return word
    from .texts import hu_code
    return hu_code(word)
