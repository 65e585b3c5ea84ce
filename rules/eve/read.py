"""What renderers and the host may ask of an EVE: Conquests view (the state as one seat may see
it, :class:`GameState` with hidden parts replaced), without reaching into the engine: the
per-game read API.  Static data (regions, schedules, cards) comes from :mod:`rules.eve.data`,
which it re-exports; the phase names come from :mod:`rules.eve.state`."""
from __future__ import annotations

from functools import lru_cache

import data as _data
from rules.messages import Msg

from . import common as _engine
from .data import TYPES, Tables, tables
from .moves import card_value, square_code
from .state import COMBAT, OVER, PREP_PHASES, ROUND, GameState

View = GameState

__all__ = ["COMBAT", "OVER", "PREP_PHASES", "ROUND", "TYPES", "Tables", "View", "card_value", "empire_colours", "face_up_squares", "marker_region",
           "owned", "square_code", "status_lines", "tables", "vp"]


def owned(view: View, seat: int) -> list[str]:
    """The codes of the regions ``seat``'s ordinary units hold (EVE-DEF-2)."""
    return _engine.owned(view, seat)


def vp(view: View, seat: int) -> int:
    """``seat``'s victory points: the sum of its region cards (EVE-DEF-10)."""
    return _engine.vp(view, seat)


def face_up_squares(view: View) -> list[str]:
    """The political-map squares whose top card lies face up (``VIO-A`` ...)."""
    return _engine.face_up_squares(view)


def marker_region(view: View, square: str) -> str | None:
    """The region code on the face-up card of ``square`` (None: face down or empty)."""
    return _engine.marker_region(view, square)


def status_lines(view: View) -> list[Msg]:
    """Where the game stands (calendar, round, battle, end), as ``/status`` shows it."""
    from . import GAME
    return GAME.status_lines(view)


@lru_cache(maxsize=1)
def empire_colours() -> dict[str, tuple[int, int, int]]:
    """Each empire's colour (RGB) as the data tables give it (``amarr`` -> (r, g, b))."""
    rows = _data.load_json("eve", "tables.json")["empires"]
    return {str(row["empire"]): (int(row["colour"][0]), int(row["colour"][1]), int(row["colour"][2])) for row in rows}
