"""Research (spec §7.2, SC-RES): the action and its draws one by one."""
from __future__ import annotations

from typing import TYPE_CHECKING
from rules.kit import draw_hidden

from . import moves as mv
from .data import tables
from .moves import Draw, Research
from .state import OFFER_TAKE, RESEARCH_DRAWS, RESOLVED, TRIGGER_DECK, GameState
from .common import S, refuse

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- Research (SC-RES) -----------------------------------------------------------------------
def _research(game: SpaceCorpGame, state: GameState, move: Research) -> None:
    seat = move.seat
    if len(state.hands.cards[seat]) > tables().constants.research_max_hand:
        raise refuse("research_hand", "SC-RES-1", cards=len(state.hands.cards[seat]))
    if not state.pile and not any(state.offer):
        raise refuse("research_nothing", "SC-END-9")
    value, rewards, _ = game._value(state, seat, "RESEARCH", move.sources, [])
    if value < 1:
        raise refuse("no_value", "SC-VAL-11", action=S("action.RESEARCH"))
    state.turn.rewards += rewards
    state.turn.step, state.turn.draws_left = RESEARCH_DRAWS, value
    # what the player does now, in the thread (the host's line says only whom the game waits for)
    state.news.append(S("news.research_draws", player=game.seat_label(state, seat), n=value))
    game._open(state, "RESEARCH_DECLARED", seat)


def _draw(game: SpaceCorpGame, state: GameState, move: Draw) -> None:
    seat = move.seat
    if move.source == mv.DECK:
        if state.turn.step == OFFER_TAKE:
            raise refuse("offer_only", "SC-BASE")
        if not state.pile:
            raise refuse("pile_empty", "SC-RES-4")
        card = game._take_top(state)
        state.hands.add(seat, [card])
        state.news.append(S("news.drew_pile", player=game.seat_label(state, seat), count=1))
        state.private_news.append((seat, S("notice.drew", card=game.card_line(card))))
    else:
        box = int(move.source[1]) - 1
        card_or_none = state.offer[box]
        if card_or_none is None:
            raise refuse("offer_box_empty", "SC-RES-3", box=mv.offer_code(move.source))
        state.offer[box] = None
        state.hands.add(seat, [card_or_none])
        state.news.append(S("news.took_offer", player=game.seat_label(state, seat),
                            card=game._card_msg(card_or_none)))
    state.turn.draws_left -= 1
    if state.turn.draws_left <= 0 or (not state.pile and not any(state.offer)) or \
            (state.turn.step == OFFER_TAKE and not any(state.offer)):
        state.turn.draws_left = 0
        state.turn.step = RESOLVED


def _take_top(game: SpaceCorpGame, state: GameState) -> str:
    assert state.streams is not None
    card = draw_hidden(state.streams, state.pile)[0]
    game._check_exhausted(state)
    return card


def _check_exhausted(state: GameState) -> None:
    """SC-END-2: the moment the draw pile is empty the era end is triggered."""
    if not state.pile and not state.deck_exhausted:
        state.deck_exhausted = True
        state.trigger = state.trigger or TRIGGER_DECK
        state.news.append(S("news.deck_exhausted"))
