"""End of game and scoring (spec §16, EVE-END): VP scores, winners, Vision and Trinity ends."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.base import ScorePart

from . import reading
from .state import OVER, GameState
from .common import add_event, empire_msg, listing, vp

if TYPE_CHECKING:
    from .engine import EveGame


def scores(game: EveGame, state: GameState) -> list[int]:
    return [vp(state, seat) for seat in range(state.player_count)]


def winners(game: EveGame, state: GameState) -> list[int]:
    return list(state.winners) if state.phase == OVER else []


# ----- the end ----------------------------------------------------------------------------------------------
def _vision_reached(game: EveGame, state: GameState) -> bool:
    """EVE-END-2: a Vision game ends the moment a VP total reaches the target."""
    if state.options["end"] != "vision":
        return False
    target = int(str(state.options["vp_target"]))
    if max(game.scores(state)) >= target:
        game._finish(state, "vision")
        return True
    return False


def _finish(game: EveGame, state: GameState, reason: str) -> None:
    scores = game.scores(state)
    best = max(scores)
    state.winners = [seat for seat, score in enumerate(scores) if score == best]   # EVE-END-3: ties share
    state.phase = OVER
    state.end_reason = reason
    state.round = None
    state.combat = None
    add_event(state, f"event.over_{reason}", winners=listing((empire_msg(state, s) for s in state.winners), "and"),
              vp=best)


def score_breakdown(game: EveGame, state: GameState) -> list[list[ScorePart]]:
    """EVE-DEF-10: each empire's VP by the rings of its region cards."""
    return [reading.score_parts(player.region_cards) for player in state.players]
