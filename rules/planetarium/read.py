"""What renderers and the host may ask of a Planetarium view (the state as one seat may see it:
:class:`GameState` with hidden parts emptied, or its JSON form), without reaching into the
engine or the data files: the per-game read API.  A view is read by its typed fields, so a
renamed field fails loudly instead of drawing a default."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import data as _data

from .data import DECKS, ROMAN, Card
from .data import cards as _cards
from .data import planet_kinds as _planet_kinds
from .data import track_info as _track_info
from .serialize import state_from_json as _state_from_json
from .state import MAT_ORDER, MATTER_KINDS, PLANETS, GameState, PlanetState, PlayedCard, PlayerState

View = GameState

__all__ = ["DECKS", "MATTER_KINDS", "MAT_ORDER", "PLANETS", "Card", "GameState", "NodeSpot", "PlanetState",
           "PlayedCard", "PlayerState", "View", "as_view", "cards", "nodes", "planet_kinds", "track_spaces"]


def as_view(view: GameState | Mapping[str, Any]) -> GameState:
    """``view`` as the state dataclass: itself, or loaded from its JSON form
    (``GAME.dump_state``).  Anything else is refused with ``TypeError``."""
    if isinstance(view, GameState):
        return view
    if isinstance(view, Mapping):
        return _state_from_json(dict(view))
    raise TypeError(f"a Planetarium view is a GameState or its JSON form, not {type(view).__name__}")


@dataclass(frozen=True)
class NodeSpot:
    """One node of the board as drawn: where it is and what starts or leaves from it."""

    id: str                     # "IV-3"
    orbit: int                  # 1..7
    angle: float                # degrees clockwise from 12 o'clock
    orbit_step: str | None      # the next node clockwise on its orbit (None: the end of an arc of VII)
    links: tuple[str, ...]      # the thin one-way lines leaving it
    start_planet: str | None    # the planet that starts here (PL-SETUP), None for a matter dot


@lru_cache(maxsize=1)
def nodes() -> tuple[NodeSpot, ...]:
    """Every node of the board, in the order of the board table (spec §12.1)."""
    return tuple(NodeSpot(str(raw["id"]), ROMAN[raw["orbit"]], float(raw["angle"]), raw["orbit_step"] or None,
                          tuple(raw["links"]), raw["start_planet"] or None)
                 for raw in _data.load_json("planetarium", "board.json")["nodes"])


def cards() -> dict[str, Card]:
    """Every card by id (``L01`` .. ``F16``): deck, cost, points, habitability value..."""
    return _cards()


def planet_kinds() -> dict[str, str]:
    """Each planet's type: ``"A"`` -> ``"solid"`` or ``"gas"``."""
    return _planet_kinds()


def track_spaces() -> tuple[int, int]:
    """The evolution track: (number of ordinary spaces, the acceleration space) (PL-EVO)."""
    return _track_info()
