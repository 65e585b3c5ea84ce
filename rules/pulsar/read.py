"""What renderers and the host may ask of a Pulsar 2849 view (the state as one seat may see it,
:class:`GameState` with hidden parts replaced), without reaching into the mechanics modules:
the per-game read API.  Static data (the cluster, technologies, systems) comes from
:mod:`rules.pulsar.data`, which it re-exports."""
from __future__ import annotations

from rules.messages import Localized, Msg

from .codes import hu_code
from .components import gist_of as _gist_of
from .describe import loc as _loc
from .describe import numeral as _numeral
from .data import Tables, tables
from .dice import median_value as _median_value
from .flying import BLOCKED
from .state import OVER, GameState

View = GameState

__all__ = ["BLOCKED", "OVER", "Tables", "View", "code", "gist_of", "location", "median_value", "numeral", "tables"]

# BLOCKED: what a planet slot of a revealed system holds, instead of a seat number, when its
# mark is closed for this number of players.


def gist_of(ident: str) -> Msg | None:
    """The one-line gist of the component ``ident`` (a technology, transmitter, project,
    tile...), None for an id that names no component."""
    return _gist_of(ident)


def median_value(h: int) -> int:
    """The value of the median marker at position ``h`` of the dice track: a box centre is worth
    its box, a gap the higher of its two boxes (D-MED-5)."""
    return _median_value(h)


def numeral(n: int) -> Localized:
    """A box or die value as an adjective: "4" for an English reader, "4-es" for a Hungarian
    one ("a 4-es doboz", the rulebook's words)."""
    return _numeral(n)


def code(ident: str, suffix: str = "") -> Localized:
    """A component id as each reader writes it, with ``suffix`` after it: ``TX-A06*`` for an
    English reader, ``AD-A06*`` for a Hungarian one (issue 24: no English-derived code shown to
    a Hungarian reader; rules.pulsar.codes)."""
    return Localized(en=ident + suffix, hu=hu_code(ident) + suffix)


def location(ident: str) -> Msg:
    """A space as the reader's notation names it (``pulsar.loc.*``): ``J13`` is "J13" for an
    English reader and "U13" for a Hungarian one (ugrókapu), the letters a move needs."""
    return _loc(ident)
