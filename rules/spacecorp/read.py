"""What renderers and the host may ask of a Space Corp view (the state as one seat may see it,
:class:`GameState` with hidden parts replaced) and of its standing orders, without reaching
into the engine: the per-game read API.  Static data (maps, cards, tiles, the wheel) comes
from :mod:`rules.spacecorp.data`, which it re-exports with its card-id helpers; the phase and
decision names come from :mod:`rules.spacecorp.state`."""
from __future__ import annotations

from .data import Tables, design, is_time, tables
from .engine import DECLINE_ALWAYS, PLAYED_EDGES
from .moves import OFFER, card_code, offer_code, stack_code, team_code
from .state import LEGACY, OVER, PIONEER, PROGRESS, GameState, split_spot

View = GameState

__all__ = ["DECLINE_ALWAYS", "LEGACY", "OFFER", "OVER", "PIONEER", "PLAYED_EDGES", "PROGRESS", "Tables", "View",
           "card_code", "design", "offer_code", "is_time", "split_spot", "stack_code", "tables", "team_code", "winners"]

# DECLINE_ALWAYS: the choice of an Edge's standing order that declines its every reaction
# window (§9.3 auto-pass); PLAYED_EDGES: the Edges that have such an order, in card order.
# LEGACY, OVER: values of ``View.phase``; PIONEER, PROGRESS: kinds of a pending decision.
# design("M02#1") == "M02", is_time("T3"), split_spot("eps_eri/D3-04") == ("eps_eri", "D3-04"),
# team_code("B1", "hu") == "K1", card_code("M02#1") a Localized
# ("M02#1" / Hungarian "Ű02#1"; "T3" / "Idő3"), offer_code("O2") ("O2" / "kínálat2"), OFFER the
# Offer boxes' ids: see their docstrings.


def winners(view: View) -> list[int]:
    """The seats that won (SC-END): empty while the game goes on."""
    from . import GAME
    return list(GAME.winners(view))
