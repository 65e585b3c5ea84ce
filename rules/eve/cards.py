"""Design cards (spec §15): playing a card, its follow-ups (``keep``, ``order``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.base import IllegalMove

from . import moves as mv
from .data import EMPIRES, tables
from .moves import Move
from .state import GameState, Seal
from .common import (E, EXTRA_ACTIONS, add_event, card_msg, empire_msg, face_down_squares, face_up_squares,
                     has_tile_card, listing, region_label, type_adj, type_msg)

if TYPE_CHECKING:
    from .engine import EveGame


def _check_play(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    card = move.arg or ""
    kind = tables().cards[card]
    seat = move.seat
    if not state.hands.holds(seat, card):
        raise IllegalMove("eve.err.not_in_hand", "EVE-CARD-2", card=card_msg(card))
    if kind.window == "COMBAT":
        raise IllegalMove("eve.err.combat_card", "EVE-CARD-4", card=card_msg(card))
    if kind.window == "OWN" and kind.round_type not in (None, rnd.kind):
        raise IllegalMove("eve.err.card_round", "EVE-CARD-4", card=card_msg(card), type=type_msg(kind.round_type or ""))
    if kind.window == "TILE" and state.players[seat].storage[kind.deck] < 1:
        raise IllegalMove("eve.err.card_tile", "EVE-CARD-5", card=card_msg(card), type=type_adj(kind.deck))
    effect = kind.kind
    if effect == "DEV-A":
        game._expand_target(state, seat, move.regions[0])
    elif effect == "DEV-B":
        game._agent_target(state, seat, move.regions[0])
    elif effect == "LOG-F":
        game._move_parts(state, move)
    elif effect == "DEV-D":
        if move.params[0] not in face_up_squares(state):
            raise IllegalMove("eve.err.card_square_up", "EVE-CARD-4", card=card_msg(card), square=mv.square_value(move.params[0]),
                              allowed=listing(mv.square_value(x) for x in face_up_squares(state)))
    elif effect == "DEV-F" and rnd.claims < 1 + rnd.extra_claims:
        raise IllegalMove("eve.err.card_after_claim", "EVE-CARD-4", card=card_msg(card))
    elif effect == "LOG-E":
        code = move.regions[0]
        if code not in rnd.locked or code in rnd.attack_sources or state.regions[code].owner != seat:
            raise IllegalMove("eve.err.card_unlock", "EVE-LOG-6", card=card_msg(card), region=region_label(code))
    elif effect == "LOG-K" and not state.decks[move.params[0]].pile:
        raise IllegalMove("eve.err.deck_empty", "EVE-CARD-8", type=type_msg(move.params[0]))
    elif effect in ("LOG-B", "LOG-C", "LOG-G"):
        game._check_seal_card(state, move, effect)


def _check_seal_card(game: EveGame, state: GameState, move: Move, effect: str) -> None:
    """LOG-B / LOG-C / LOG-G name seals that are not in the current month (LOG-B: an
    opponent's, at most 10 months ahead)."""
    card = card_msg(move.arg or "")
    if effect == "LOG-B":
        empire, _, kind = move.params[0].partition(":")
        seat = EMPIRES.index(empire)
        if seat == move.seat or seat >= state.player_count:
            raise IllegalMove("eve.err.card_opponent_seal", "EVE-CARD-4", card=card,
                              empires=listing(empire_msg(state, s) for s in range(state.player_count) if s != move.seat))
        seals = [(seat, kind)]
    else:
        seals = [(move.seat, kind) for kind in move.params]
    for seat, kind in seals:
        ahead = (game._seal_month(state, seat, kind) - (state.month - 1)) % 12
        if ahead == 0 or (effect == "LOG-B" and ahead > 10):
            raise IllegalMove("eve.err.card_seal_month", "EVE-CARD-4", card=card, empire=empire_msg(state, seat),
                              type=type_msg(kind))


def _apply_play(game: EveGame, state: GameState, move: Move) -> None:
    """EVE-CARD-4/5: an OWN or END card acts and is discarded; a TILE card stays with a tile on it."""
    rnd = state.round
    assert rnd is not None and state.streams is not None
    card = move.arg or ""
    kind = tables().cards[card]
    player = state.players[move.seat]
    rnd.free_acted = True                       # EVE-RND-4: a free action; the round is under way
    state.hands.remove(move.seat, card)
    state.streams.reveal()                      # its effect may show hidden cards (LOG-K, DEV-E peeks)
    add_event(state, "event.played", empire=empire_msg(state, move.seat), card=card_msg(card),
              text=E(f"card_text.{kind.kind}"))
    if kind.window == "TILE":
        player.storage[kind.deck] -= 1
        player.tile_cards[card] = kind.deck
        return
    state.decks[kind.deck].discard([card])
    effect = kind.kind
    rnd.actions += EXTRA_ACTIONS.get(effect, 0)
    if effect == "LOG-A":
        rnd.rush += 1
    elif effect == "DEV-A":                                      # a free Expand
        count = min(2, player.supply) if has_tile_card(player, "DEV-H") else 1
        game._add_units(state, move.seat, move.regions[0], count)
    elif effect == "DEV-B":                                      # a free agent, even a second one here
        player.supply -= 1
        state.regions[move.regions[0]].agents.append(move.seat)
    elif effect == "LOG-F":                                      # a free Move
        game._move_units(state, move)
    elif effect == "LOG-E":
        rnd.locked.remove(move.regions[0])
    elif effect == "DEV-F":
        rnd.extra_claims += 1
    elif effect == "DEV-G":
        rnd.remote_claim = True
    elif effect == "DEV-D":
        square = state.squares[move.params[0]]
        square.pile.append(square.pile.pop(0))                   # face down at the bottom, marker off
        square.face_up = False
        rnd.reveals_due = min(1, len(face_down_squares(state)))
    elif effect == "LOG-K":
        deck = state.decks[move.params[0]]
        rnd.peek, rnd.peek_deck = deck.pile[:3], move.params[0]
    elif effect == "LOG-B":
        empire, _, seal_kind = move.params[0].partition(":")
        seat = EMPIRES.index(empire)
        month = game._seal_month(state, seat, seal_kind)
        state.calendar[month] = [s for s in state.calendar[month] if (s.seat, s.kind) != (seat, seal_kind)]
        game._place_seal(state, Seal(seat, seal_kind), month + 2)         # the following month, at the end
        add_event(state, "event.seal_moved", empire=empire_msg(state, seat), type=type_msg(seal_kind),
                  month=E(f"month.{(month + 1) % 12 + 1}"))                # where it went (newcomer 27g)
    elif effect == "LOG-C":
        month = game._seal_month(state, move.seat, move.params[0])
        queue = state.calendar[month]
        index = next(i for i, s in enumerate(queue) if (s.seat, s.kind) == (move.seat, move.params[0]))
        queue.insert(0, queue.pop(index))
    elif effect == "LOG-G":
        first, second = move.params
        a, b = game._seal_month(state, move.seat, first), game._seal_month(state, move.seat, second)
        ia = next(i for i, s in enumerate(state.calendar[a]) if (s.seat, s.kind) == (move.seat, first))
        ib = next(i for i, s in enumerate(state.calendar[b]) if (s.seat, s.kind) == (move.seat, second))
        state.calendar[a][ia], state.calendar[b][ib] = state.calendar[b][ib], state.calendar[a][ia]
        for swapped, index in ((first, b), (second, a)):                # where each went (newcomer 27g)
            add_event(state, "event.seal_moved", empire=empire_msg(state, move.seat), type=type_msg(swapped),
                      month=E(f"month.{index + 1}"))


def _check_keep(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    if move.arg not in rnd.pending_keep:
        raise IllegalMove("eve.err.keep_which", "EVE-CARD-4", allowed=listing(card_msg(c) for c in rnd.pending_keep))


def _apply_keep(game: EveGame, state: GameState, move: Move) -> None:
    """Streamlined Supply (LOG-H): the other drawn card goes to its deck's discards."""
    rnd = state.round
    assert rnd is not None
    for card in rnd.pending_keep:
        if card != move.arg:
            state.hands.remove(move.seat, card)
            state.decks[tables().cards[card].deck].discard([card])
    rnd.pending_keep = []


def _check_order(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    if sorted(move.cards) != sorted(rnd.peek):
        raise IllegalMove("eve.err.order_which", "EVE-CARD-4", cards=listing(card_msg(c) for c in rnd.peek))


def _apply_order(game: EveGame, state: GameState, move: Move) -> None:
    """Long-range Planning (LOG-K): the looked-at cards go back on top in the chosen order."""
    rnd = state.round
    assert rnd is not None and rnd.peek_deck is not None
    deck = state.decks[rnd.peek_deck]
    deck.pile[:len(move.cards)] = list(move.cards)
    rnd.peek, rnd.peek_deck = [], None
