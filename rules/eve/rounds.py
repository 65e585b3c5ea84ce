"""The development, production and logistics rounds (spec §8-11) with outposts and tiles (§13)
and claims on the political map (§14): each action's check and its effect."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.base import IllegalMove
from rules.messages import Join

from .data import tables
from . import moves as mv
from .moves import Move
from .state import GameState, RegionState, RoundState
from .common import (E, MONTHS_LIMIT, add_event, card_msg, connected_component, empire_msg, face_down_squares,
                     face_up_squares, has_tile_card, is_empty, is_enemy, listing, marker_region, months_for, neighbours,
                     region_label, type_msg, vp)

if TYPE_CHECKING:
    from .engine import EveGame


def _check_discard(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    card = move.arg or ""
    if rnd.discarded or rnd.acted:
        raise IllegalMove("eve.err.discard_start", "EVE-RND-2")
    if not state.hands.holds(move.seat, card):
        raise IllegalMove("eve.err.not_in_hand", "EVE-CARD-2", card=card_msg(card))
    if tables().cards[card].deck != rnd.kind:
        raise IllegalMove("eve.err.discard_deck", "EVE-RND-2", card=card_msg(card), type=type_msg(rnd.kind))


def _need_action(game: EveGame, state: GameState, cost: int = 1) -> RoundState:
    rnd = state.round
    assert rnd is not None
    if rnd.actions < cost:
        raise IllegalMove("eve.err.no_actions", "EVE-RND-3", left=rnd.actions, need=cost)
    return rnd


def _check_expand(game: EveGame, state: GameState, move: Move) -> None:
    game._need_action(state)
    game._expand_target(state, move.seat, move.regions[0])


def _expand_target(game: EveGame, state: GameState, seat: int, code: str) -> None:
    """EVE-DEV-3 (and Long-range Survey, DEV-I): where one Expand may go."""
    rnd = state.round
    assert rnd is not None
    region = game._region(state, code)
    if state.players[seat].supply < 1:
        raise IllegalMove("eve.err.no_supply", "EVE-DEV-7")
    if not is_empty(region):
        raise IllegalMove("eve.err.expand_empty", "EVE-DEV-3", region=region_label(code))
    near = neighbours(state, code)
    if any(state.regions[n].owner == seat or n in rnd.bridges for n in near):
        return
    if has_tile_card(state.players[seat], "DEV-I") and any(
            is_empty(state.regions[n]) and any(state.regions[m].owner == seat for m in neighbours(state, n))
            for n in near):
        return
    raise IllegalMove("eve.err.expand_adjacent", "EVE-DEV-3", region=region_label(code))


def _check_agent(game: EveGame, state: GameState, move: Move) -> None:
    rnd = game._need_action(state)
    game._agent_target(state, move.seat, move.regions[0])
    if move.regions[0] in rnd.agent_targets:
        raise IllegalMove("eve.err.agent_once", "EVE-DEV-6", region=region_label(move.regions[0]))


def _agent_target(game: EveGame, state: GameState, seat: int, code: str) -> None:
    """EVE-DEV-4: where one agent may go."""
    region = game._region(state, code)
    if state.players[seat].supply < 1:
        raise IllegalMove("eve.err.no_supply", "EVE-DEV-7")
    if not is_enemy(region, seat):
        raise IllegalMove("eve.err.agent_enemy", "EVE-DEV-4", region=region_label(code))
    if not any(state.regions[n].owner == seat for n in neighbours(state, code)):
        raise IllegalMove("eve.err.agent_adjacent", "EVE-DEV-4", region=region_label(code))


def _check_build(game: EveGame, state: GameState, move: Move) -> None:
    count = move.number or 1
    rnd = game._need_action(state, count)
    seat, code = move.seat, move.regions[0]
    region = game._region(state, code)
    if region.owner != seat or (region.outpost is None and region.hq != seat):
        raise IllegalMove("eve.err.build_where", "EVE-PRD-2", region=region_label(code))
    cap = tables().constants["build_cap"] + (1 if has_tile_card(state.players[seat], "PRD-H") else 0)
    done = rnd.built.get(code, 0)
    if done + count > cap:
        raise IllegalMove("eve.err.build_cap", "EVE-PRD-3", region=region_label(code), cap=cap, left=cap - done)
    if state.players[seat].supply < count:
        raise IllegalMove("eve.err.supply_short", "EVE-PRD-4", need=count, have=state.players[seat].supply)


def _check_draw(game: EveGame, state: GameState, move: Move) -> None:
    game._need_action(state)
    deck = state.decks[move.arg or ""]
    if not deck.pile and not deck.discards:
        raise IllegalMove("eve.err.deck_empty", "EVE-LOG-3", type=type_msg(move.arg or ""))


def _check_source(game: EveGame, state: GameState, seat: int, code: str) -> RegionState:
    rnd = state.round
    assert rnd is not None
    region = game._region(state, code)
    if region.owner != seat or region.units < 1:
        raise IllegalMove("eve.err.source_own", "EVE-LOG-4", region=region_label(code))
    if code in rnd.locked:
        raise IllegalMove("eve.err.locked", "EVE-LOG-6", region=region_label(code))
    return region


def _check_move(game: EveGame, state: GameState, move: Move) -> None:
    game._need_action(state)
    game._move_parts(state, move)


def _move_parts(game: EveGame, state: GameState, move: Move) -> None:
    """EVE-LOG-4: the source, how many leave it, and that every destination is connected."""
    seat, source = move.seat, move.regions[0]
    region = game._check_source(state, seat, source)
    total = sum(move.counts)
    keep = 0 if region.hq == seat else 1
    if total > region.units - keep:
        raise IllegalMove("eve.err.move_too_many", "EVE-LOG-4", region=region_label(source),
                          most=region.units - keep, count=total)
    reach = connected_component(state, seat, source)
    for code in move.regions[1:]:
        target = game._region(state, code)
        if target.owner != seat:
            raise IllegalMove("eve.err.move_own", "EVE-LOG-4", region=region_label(code))
        if code not in reach:
            raise IllegalMove("eve.err.move_connected", "EVE-DEF-6", region=region_label(code),
                              source=region_label(source))


def _check_claim(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    seat = move.seat
    if rnd.claims >= 1 + rnd.extra_claims:
        raise IllegalMove("eve.err.claim_once", "EVE-POL-5")
    markers = {marker_region(state, square): square for square in face_up_squares(state)}
    squares = []
    for code in move.regions:
        if code not in markers:
            raise IllegalMove("eve.err.claim_marker", "EVE-POL-3", region=region_label(code),
                              marked=listing(region_label(c) for c in sorted(c for c in markers if c)))
        squares.append(markers[code])
    first, second = tables().squares[squares[0]], tables().squares[squares[1]]
    if move.regions[0] == move.regions[1] or (first.nebula != second.nebula and first.column != second.column):
        raise IllegalMove("eve.err.claim_line", "EVE-POL-3", first=mv.square_value(squares[0]),
                          second=mv.square_value(squares[1]))
    bare = [code for code in move.regions if state.regions[code].outpost is None and state.regions[code].hq != seat]
    remote = rnd.remote_claim and len(bare) == 1 and state.regions[bare[0]].units >= 2   # DEV-G
    for code in move.regions:
        region = state.regions[code]
        if region.owner != seat or (code in bare and not remote):
            raise IllegalMove("eve.err.claim_outpost", "EVE-POL-3", region=region_label(code))
    if move.regions[1] not in connected_component(state, seat, move.regions[0]):
        raise IllegalMove("eve.err.claim_connected", "EVE-POL-3", first=region_label(move.regions[0]),
                          second=region_label(move.regions[1]))


def _check_end(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    if move.number is None:
        return
    player = state.players[move.seat]
    most = min(2, player.schedule[rnd.kind] + player.storage[rnd.kind])
    if move.number > 0 and most == 0:               # "legfeljebb 0 lapka" read as a riddle (newcomer 27g)
        raise IllegalMove("eve.err.end_tiles_none", "EVE-SCH-4", type=E(f"type_adj.{rnd.kind}"))
    if move.number > most:
        raise IllegalMove("eve.err.end_tiles", "EVE-SCH-4", type=type_msg(rnd.kind), most=most,
                          tiles=move.number)


def _check_untile(game: EveGame, state: GameState, move: Move) -> None:
    if move.arg not in state.players[move.seat].tile_cards:
        raise IllegalMove("eve.err.untile_none", "EVE-CARD-5", card=card_msg(move.arg or ""))


# ----- rounds ----------------------------------------------------------------------------------------------
def _apply_discard(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    card = move.arg or ""
    state.hands.remove(move.seat, card)
    state.decks[tables().cards[card].deck].discard([card])
    rnd.discarded = True
    rnd.actions += 2 if has_tile_card(state.players[move.seat], "LOG-I") else 1   # EVE-RND-2, LOG-I


def _apply_untile(game: EveGame, state: GameState, move: Move) -> None:
    card = move.arg or ""
    player = state.players[move.seat]
    assert state.round is not None
    state.round.free_acted = True                               # EVE-RND-4: a free action
    player.storage[player.tile_cards.pop(card)] += 1
    state.decks[tables().cards[card].deck].discard([card])
    add_event(state, "event.untiled", empire=empire_msg(state, move.seat), card=card_msg(card))
    game._agent_survival(state)                                 # DEV-J leaving: check EVE-DEF-9 at once


def _apply_expand(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    rnd.actions -= 1
    rnd.acted = True
    player = state.players[move.seat]
    count = min(2, player.supply) if has_tile_card(player, "DEV-H") else 1
    game._add_units(state, move.seat, move.regions[0], count)    # EVE-DEV-3 (DEV-H: 2 units)


def _apply_agent(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    rnd.actions -= 1
    rnd.acted = True
    rnd.agent_targets.append(move.regions[0])
    state.players[move.seat].supply -= 1
    state.regions[move.regions[0]].agents.append(move.seat)     # EVE-DEV-4: on top of the agents


def _apply_build(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    count, code = move.number or 1, move.regions[0]
    rnd.actions -= count
    rnd.acted = True
    rnd.built[code] = rnd.built.get(code, 0) + count
    game._add_units(state, move.seat, code, count)               # EVE-PRD-2


def _apply_draw(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None and state.streams is not None
    rnd.actions -= 1
    rnd.acted = True
    deck = state.decks[move.arg or ""]
    before = deck.reshuffles
    streamlined = has_tile_card(state.players[move.seat], "LOG-H")
    cards = deck.draw(state.streams, 2 if streamlined else 1)   # EVE-LOG-3 / EVE-CARD-8 / LOG-H
    if deck.reshuffles != before:
        add_event(state, "event.reshuffled", type=type_msg(move.arg or ""))
    state.hands.add(move.seat, cards)
    if len(cards) == 2:
        rnd.pending_keep = list(cards)


def _apply_move(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    rnd.actions -= 1
    rnd.acted = True
    game._move_units(state, move)


def _move_units(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    source = move.regions[0]
    state.regions[source].units -= sum(move.counts)
    for code, count in zip(move.regions[1:], move.counts):
        state.regions[code].units += count                       # EVE-LOG-4: under the stack
    for code in move.regions:
        if code not in rnd.locked:
            rnd.locked.append(code)                              # EVE-LOG-6


def _apply_claim(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    rnd.claims += 1
    rnd.remote_claim = False
    rnd.acted = True
    player = state.players[move.seat]
    for code in move.regions:
        square = next(name for name in face_up_squares(state) if marker_region(state, name) == code)
        pile = state.squares[square]
        pile.pile.pop(0)
        pile.face_up = False                                     # EVE-POL-2: the marker leaves
        player.region_cards.append(code)
    add_event(state, "event.claimed", empire=empire_msg(state, move.seat),
              regions=Join([region_label(c) for c in move.regions], "and"), vp=vp(state, move.seat))
    if game._vision_reached(state):
        return
    rnd.reveals_due = min(2, len(face_down_squares(state)))     # EVE-POL-4


def _apply_end(game: EveGame, state: GameState, move: Move) -> None:
    rnd = state.round
    assert rnd is not None
    player = state.players[move.seat]
    kind = rnd.kind
    if move.number is not None:                                  # EVE-SCH-4
        total = player.schedule[kind] + player.storage[kind]
        player.schedule[kind] = move.number
        player.storage[kind] = total - move.number
    months = max(MONTHS_LIMIT[0], min(MONTHS_LIMIT[1], months_for(player, kind) - rnd.rush))   # LOG-A
    queue = state.calendar[state.month - 1]
    seal = queue.pop(0)
    game._place_seal(state, seal, state.month + months)         # EVE-CAL-4
    add_event(state, "event.seal_moved", empire=empire_msg(state, move.seat), type=type_msg(kind),
              month=E(f"month.{(state.month + months - 1) % 12 + 1}"))
    game._next_seal(state)
