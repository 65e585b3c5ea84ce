"""Space Corp's turn sequence (spec §5.1, SC-TURN): applying a move, owed decisions, the
action step, the steps after it (rewards, cleanup, refill, step-6 draw), passing and the turn
order up to the era's end (SC-END)."""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from rules.base import IllegalMove
from rules.kit import draw_hidden
from rules.messages import Join

from . import moves as mv
from .phrases import team_name
from .data import is_time, tables
from .moves import (Build, Choose, Colonize, Decline, Draw, Edge, Explore, Fulfill, Genetics, Idea, Move, MoveAction,
                    Pass, Produce, Research, Special, Transport, Upgrade)
from .state import (ACTION, CLEANUP, CONTRACTS, ENDED, LEGACY, OFFER, OFFER_TAKE, OVER, PIONEER, PLAY, PREDICT,
                    PROGRESS, REFILL, RESEARCH_BASE, RESEARCH_DRAWS, RESOLVED, SETUP, START, TRANSPORT, GameState,
                    Pending, Turn, clone_state)
from .common import S, VERB_ACTION, refuse, reward_msg, site_msg

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- applying a move -----------------------------------------------------------------------
def apply(game: SpaceCorpGame, state: GameState, move: Move) -> GameState:
    if state.phase == OVER:
        raise refuse("game_over", "SC-VAR-4")
    waiting_set = game.waiting_for(state)
    if state.phase == LEGACY:
        if move.seat not in waiting_set:
            raise refuse("legacy_chosen", "SC-TRANS-1")
        new = clone_state(state)
        game._choose_legacy(new, move)
        return new
    waiting = min(waiting_set)
    if move.seat != waiting:
        if state.pending:
            raise refuse("pending_waits", "SC-PROG-2", seat=game.seat_label(state, waiting),
                         what=S(f"pending.{state.pending[0].kind}"))
        if state.windows:
            raise refuse("window_waits", "SC-EDGE-3", seat=game.seat_label(state, waiting),
                         event=S(f"event.{state.windows[-1].event}"))
        raise refuse("not_your_turn", "SC-TURN-1", seat=game.seat_label(state, waiting))
    new = clone_state(state)
    game._apply(new, move)
    return new


def _apply(game: SpaceCorpGame, state: GameState, move: Move) -> None:
    step = state.turn.step
    if state.pending:
        game._resolve_pending(state, move)
    elif state.windows:
        game._answer(state, move)
    elif isinstance(move, Edge):
        game._edge(state, move, None)                 # EG-RACE, declared before the action
    elif isinstance(move, Decline):
        raise refuse("nothing_to_decline", "SC-EDGE-1")
    elif isinstance(move, Choose):
        raise refuse("nothing_to_choose", "SC-NOT-2", step=S(f"step.{step}"))
    elif step == ACTION:
        game._action(state, move)
    elif step in (RESEARCH_DRAWS, OFFER_TAKE):
        if not isinstance(move, Draw):
            raise game._wrong_step(state)
        game._draw(state, move)
    elif step == CONTRACTS:
        if not isinstance(move, Fulfill):
            raise game._wrong_step(state)
        game._fulfill(state, move)
    elif step == TRANSPORT:
        if not isinstance(move, Transport):
            raise game._wrong_step(state)
        game._transport(state, move)
    game._advance(state)


def _resolve_pending(game: SpaceCorpGame, state: GameState, move: Move) -> None:
    """The first owed decision (a Progress card, the Offer card of Star Children, the
    Predictive AI pick, a Pioneer's placement) is answered."""
    pending = state.pending[0]
    if pending.kind == RESEARCH_BASE and isinstance(move, Choose) and move.key == "base":
        if move.value != "IDEA":
            raise refuse("research_base_choice", "SC-BASE", value=move.value)
        state.pending.pop(0)
        state.news.append(S("news.research_base_idea", player=game.seat_label(state, move.seat)))
        game._idea(state, move.seat, 1)                                                 # SC-BASE (E3)
        return
    if pending.kind in (OFFER, RESEARCH_BASE):
        if not isinstance(move, Draw) or move.source == mv.DECK:
            raise refuse("pending_answer", "AD-STARCH" if pending.kind == OFFER else "SC-BASE",
                         what=S(f"pending.{pending.kind}"),
                         example=mv.notation("draw O1") if pending.kind == OFFER else
                         Join([mv.notation("draw O1"), mv.notation("choose base=IDEA")], "or"))
        box = int(move.source[1]) - 1
        card = state.offer[box]
        if card is None:
            raise refuse("offer_box_empty", "SC-RES-3", box=mv.offer_code(move.source))
        state.pending.pop(0)
        state.offer[box] = None
        state.hands.add(move.seat, [card])
        state.news.append(S("news.took_offer", player=game.seat_label(state, move.seat), card=game._card_msg(card)))
        return
    key = {PROGRESS: "progress", PREDICT: "predict", PIONEER: "pioneer"}[pending.kind]
    example = game.format_move(game._pending_answers(state, pending)[0])
    if not isinstance(move, Choose) or move.key != key:
        raise refuse("pending_answer", "SC-PROG-2", what=S(f"pending.{pending.kind}"), example=mv.notation(example))
    if pending.kind == PROGRESS:
        allowed = game.progress_choices(state, move.seat, pending.what, pending.no_bonus, pending.setup_pick)
        if move.value not in allowed:
            raise refuse("progress_choice", "SC-PROG-2", value=mv.progress_code(move.value),
                         allowed=Join([mv.progress_code(card) for card in allowed]))
        state.pending.pop(0)
        game._gain_progress(state, move.seat, move.value, pending.no_bonus, pending.setup_pick)
    elif pending.kind == PREDICT:
        picked = move.value.split(",")
        if len(set(picked)) != int(pending.what) or any(card not in pending.cards for card in picked):
            raise refuse("predict_choice", "BR-PREDICT", n=int(pending.what),
                         allowed=Join([mv.card_code(card) for card in pending.cards]))
        state.pending.pop(0)
        for card in picked:
            state.pile.remove(card)
        state.hands.add(move.seat, picked)
        state.news.append(S("news.predicted", player=game.seat_label(state, move.seat), n=len(picked)))
        game._check_exhausted(state)
    else:
        if move.value not in (pending.what, mv.NONE):
            raise refuse("pioneer_choice", "SC-SETUP-23", value=move.value, allowed=f"{pending.what}, none")
        state.pending.pop(0)
        if move.value == pending.what:
            game._pioneer_place(state, move.seat, pending.what)


def _prune_pending(game: SpaceCorpGame, state: GameState) -> None:
    """Drops owed decisions that have nothing left to choose from (the Offer emptied, the
    last eligible Progress card taken meanwhile: lost, A-30)."""
    while state.pending and not game._pending_answers(state, state.pending[0]):
        pending = state.pending.pop(0)
        if pending.kind == PROGRESS:
            state.news.append(S(f"news.progress_lost.{pending.what}",
                                player=game.seat_label(state, pending.seat)))


def _pending_answers(game: SpaceCorpGame, state: GameState, pending: Pending) -> list[Move]:
    seat = pending.seat
    if pending.kind in (OFFER, RESEARCH_BASE):
        extra: list[Move] = [Choose(seat, key="base", value="IDEA")] if pending.kind == RESEARCH_BASE else []
        return [Draw(seat, source=f"O{box + 1}") for box, card in enumerate(state.offer) if card is not None] + extra
    if pending.kind == PROGRESS:
        return [Choose(seat, key="progress", value=progress_id)
                for progress_id in game.progress_choices(state, seat, pending.what, pending.no_bonus,
                                                         pending.setup_pick)]
    if pending.kind == PREDICT:
        return [Choose(seat, key="predict", value=",".join(combo))
                for combo in itertools.combinations(pending.cards, int(pending.what))]
    return [Choose(seat, key="pioneer", value=pending.what), Choose(seat, key="pioneer", value=mv.NONE)]


def _wrong_step(game: SpaceCorpGame, state: GameState) -> IllegalMove:
    expected = {RESEARCH_DRAWS: "draw D", OFFER_TAKE: "draw O1", CONTRACTS: "fulfill none",
                TRANSPORT: "transport none"}[state.turn.step]
    return refuse("wrong_step", "SC-TURN", step=S(f"step.{state.turn.step}"), example=mv.notation(expected))


# ----- step 1: the action (SC-VAL, §7) -------------------------------------------------------
def _action(game: SpaceCorpGame, state: GameState, move: Move) -> None:
    seat = move.seat
    if isinstance(move, Pass):
        if not game._may_pass(state, seat):
            raise refuse("pass_not_yet", "SC-END-3")
        game._pass(state, seat)
        return
    if isinstance(move, (Draw, Fulfill, Transport)):
        raise refuse("action_first", "SC-TURN-1")
    if move.verb in state.turn.banned:
        raise refuse("sabotaged", "EG-SABOTAGE", action=S(f"action.{VERB_ACTION.get(move.verb, move.verb.upper())}"))
    if isinstance(move, Research):
        game._research(state, move)
    elif isinstance(move, MoveAction):
        game._move(state, move)
    elif isinstance(move, Explore):
        game._explore(state, move)
    elif isinstance(move, Build):
        game._build(state, move)
    elif isinstance(move, Produce):
        game._produce(state, move)
    elif isinstance(move, Genetics):
        value = game._value(state, seat, "GENETICS", move.sources, []).value
        if value < 1:
            raise refuse("no_value", "SC-VAL-11", action=S("action.GENETICS"))
        game._genetics(state, seat, value)
        state.news.append(S("news.genetics", player=game.seat_label(state, seat), n=value,
                            total=state.players[seat].genetics_steps))
    elif isinstance(move, Idea) and state.era != "E1":
        value = game._value(state, seat, "IDEA", move.sources, []).value
        if value < 1:
            raise refuse("no_value", "SC-VAL-11", action=S("action.IDEA"))
        game._idea(state, seat, value)
        state.news.append(S("news.idea", player=game.seat_label(state, seat), n=value,
                            total=state.players[seat].idea_steps))
    elif isinstance(move, Upgrade):
        game._upgrade(state, move)
    elif isinstance(move, Special):
        game._special(state, move)
    elif isinstance(move, Colonize) and state.era == "E3":
        game._colonize(state, move)
    else:
        raise refuse("not_in_era", "SC-CARD-2", verb=mv.verb_msg(move.verb), era=S(f"era.{state.era}"))
    if state.turn.step == ACTION:
        state.turn.step = RESOLVED


def _pass(game: SpaceCorpGame, state: GameState, seat: int) -> None:
    """The whole turn is skipped (SC-END-3); after Trigger B the player has passed for the rest
    of the era (SC-END-4), before it only this turn (no legal action, SC-END-9)."""
    player = state.players[seat]
    # no news: the move's own line says it (phrase.pass)
    if state.deck_exhausted and not player.passed:
        player.passed = True
        game._check_passes(state)
    elif not state.deck_exhausted:
        state.turn.stuck = True
    state.turn.step = CLEANUP


# ----- the rest of the turn, the next turn, the era's end (SC-TURN-3..6, SC-END) -----------------
def _advance(game: SpaceCorpGame, state: GameState) -> None:
    """Runs the turn's automatic steps until a player must decide: the active player's step, or
    the first answer of the innermost open reaction window (§9.3)."""
    while state.phase == PLAY:
        game._prune_pending(state)
        if state.pending:
            return
        game._prune(state)
        if state.windows:
            return
        turn = state.turn
        if turn.step == SETUP:
            game._finish_setup(state)
        elif turn.step == START:
            turn.step = ACTION
            if state.pile_mark < 0:                   # the era's first turn (SC-END-11)
                state.pile_mark = len(state.pile)
                state.hands_mark = sum(len(hand) for hand in state.hands.cards)
            game._advance_tracks(state, turn.seat)
            game._open(state, "TURN_STARTED", turn.seat)
        elif turn.step == RESOLVED:
            turn.step = CONTRACTS
            game._open(state, "ACTION_RESOLVED", turn.seat)
        elif turn.step == CONTRACTS:
            if game.fulfillable(state, turn.seat):
                return
            turn.step = TRANSPORT
        elif turn.step == TRANSPORT:
            game._pay_rewards(state)
            if game._transports(state, turn.seat):
                return
            turn.step = CLEANUP
        elif turn.step == CLEANUP:
            discarded = []
            for card in turn.played:                                                    # SC-TURN-5
                (state.time_discards if is_time(card) else state.discards).append(card)
                if not is_time(card):
                    discarded.append(card)
            turn.played = []
            turn.step = REFILL
            if discarded:
                game._open(state, "CARDS_DISCARDED", turn.seat, cards=discarded)
        elif turn.step == REFILL:
            game._refill_and_draw(state)
            _stall_guard(game, state)
            turn.step = ENDED
            game._open(state, "TURN_ENDED", turn.seat)
        elif turn.step == ENDED:
            game._next_turn(state)
        elif turn.step in (RESEARCH_DRAWS, OFFER_TAKE) and not any(state.offer) and \
                (turn.step == OFFER_TAKE or not state.pile):
            turn.draws_left, turn.step = 0, RESOLVED      # an Edge (Hack) took the last card there was
        else:                                         # ACTION, RESEARCH_DRAWS, OFFER_TAKE
            return


def _advance_tracks(game: SpaceCorpGame, state: GameState, seat: int, to_star: bool = False) -> None:
    """SC-TURN-0 (A-20): at the start of a player's turn each of their teams on a star track
    moves one space toward the star, from the nearest space onto it (Tachyon Relay: all of
    them onto their stars)."""
    player = state.players[seat]
    for team in sorted(player.track):
        spaces = 0 if to_star else player.track[team] - 1
        where = player.teams[team]
        assert where is not None
        if spaces <= 0:
            del player.track[team]
            state.news.append(S("news.on_star", team=team_name(team),
                                site=site_msg(where)))
        else:
            player.track[team] = spaces


def _pay_rewards(game: SpaceCorpGame, state: GameState) -> None:
    """SC-TURN-3: each reward is the top card of the draw pile, in turn order after the active
    player, told with its cause (SC-RWD-1); lost when the pile is empty."""
    if not state.turn.rewards:
        return
    rank = {seat: index for index, seat in enumerate(game._clockwise(state, state.turn.seat))}
    for reward in sorted(state.turn.rewards, key=lambda owed: rank[owed.seat]):
        seat = reward.seat
        if not state.pile:
            state.news.append(S("news.reward_lost", player=game.seat_label(state, seat)))
            continue
        card = game._take_top(state)
        state.hands.add(seat, [card])
        # the thread says why (newcomer 27f G-3): "Blue draws a reward card (the move ended at Blue's Spaceport …)"
        state.news.append(reward_msg("news.reward_for", game.seat_label(state, seat), reward)
                          or S("news.reward", player=game.seat_label(state, seat)))
        state.private_news.append((seat, S("notice.reward", card=game.card_line(card))))
    state.turn.rewards = []


def _refill_and_draw(game: SpaceCorpGame, state: GameState) -> None:
    """SC-TURN-5/6: the Offer is refilled, then the active player draws if they hold 4 or fewer."""
    seat = state.turn.seat
    for box in range(len(state.offer)):
        if state.offer[box] is None and state.pile:
            state.offer[box] = game._take_top(state)
    if not state.players[seat].passed and state.pile and \
            (len(state.hands.cards[seat]) <= tables().constants.draw_max_hand or state.turn.stuck):  # SC-TURN-6
        why = "stuck" if len(state.hands.cards[seat]) > tables().constants.draw_max_hand else "hand"
        card = game._take_top(state)
        state.hands.add(seat, [card])
        # the thread is told who drew and why (the hand counts change), the drawer which card
        state.news.append(S(f"news.turn_draw.{why}", player=game.seat_label(state, seat),
                            n=tables().constants.draw_max_hand))
        state.private_news.append((seat, S(f"notice.turn_draw.{why}", card=game.card_line(card),
                                           n=tables().constants.draw_max_hand)))


def _stall_guard(game: SpaceCorpGame, state: GameState) -> None:
    """SC-END-11 [designed] (§11 A-50): the era's clock.  A turn is idle when no card left the
    draw pile and no card left the players' hands (an action with Infra alone, no step-6 draw);
    after a whole round of idle turns (one per player) the top card of the pile is discarded
    face up (a Time card to the Time discard).  Every other turn spends a card from a hand or
    the pile, and hands that shrink draw again (SC-TURN-6), so Trigger B (SC-END-2) always
    comes: players who only Produce with their Infra while holding more than four cards would
    otherwise play the era forever."""
    pile, hands = len(state.pile), sum(len(hand) for hand in state.hands.cards)
    idle = pile == state.pile_mark and hands >= state.hands_mark
    state.pile_mark, state.hands_mark = pile, hands
    if not idle:
        state.idle_turns = 0
        return
    state.idle_turns += 1
    if state.idle_turns < len(state.players) or not state.pile:
        return
    assert state.streams is not None
    card = draw_hidden(state.streams, state.pile)[0]
    (state.time_discards if is_time(card) else state.discards).append(card)
    state.news.append(S("news.stall_discard", card=game._card_msg(card)))
    state.pile_mark, state.idle_turns = len(state.pile), 0
    game._check_exhausted(state)                                    # the last card: Trigger B


def _check_passes(game: SpaceCorpGame, state: GameState) -> None:
    """SC-END-5: after Trigger B, the first pass (2 players) or the second (3-4) gives every
    player who has not passed one more turn."""
    if not state.deck_exhausted:
        return
    passed = sum(1 for player in state.players if player.passed)
    if passed >= tables().by_players[len(state.players)].passes_to_end_era:
        clockwise = game._clockwise(state, state.turn.seat)
        game._schedule(state, [seat for seat in clockwise[1:] + clockwise[:1] if not state.players[seat].passed])


def _clockwise(state: GameState, seat: int) -> list[int]:
    """Every seat in turn order, starting with ``seat``."""
    start = state.order.index(seat)
    return state.order[start:] + state.order[:start]


def _schedule(game: SpaceCorpGame, state: GameState, queue: list[int]) -> None:
    """The era ends after ``queue``'s turns, unless an earlier end is already scheduled (SC-END-6)."""
    if state.final_turns is None or len(queue) < len(state.final_turns):
        state.final_turns = queue


def _next_turn(game: SpaceCorpGame, state: GameState) -> None:
    if state.extra_turns:                             # EG-INTERCEPT: an extra turn comes first
        before = state.turn.after if state.turn.after is not None else state.turn.seat
        state.turn = Turn(state.extra_turns.pop(0), after=before)
        return
    while True:
        if state.final_turns is not None:
            if not state.final_turns:
                game._end_era(state)
                return
            seat = state.final_turns.pop(0)
        else:
            current = state.turn.after if state.turn.after is not None else state.turn.seat
            clockwise = game._clockwise(state, current)
            waiting = [seat for seat in clockwise[1:] + clockwise[:1] if not state.players[seat].passed]
            if not waiting:
                game._end_era(state)
                return
            seat = waiting[0]
        state.turn = Turn(seat)
        player = state.players[seat]
        if player.passed:
            continue
        if state.deck_exhausted:
            allowance = tables().by_players[len(state.players)].post_exhaustion_turns
            if player.turns_after_exhaustion < allowance:
                assert state.streams is not None
                state.streams.reveal()                  # whether their hand allows an action shows
            if player.turns_after_exhaustion >= allowance or not game._has_action(state, seat):
                game._pass(state, seat)                                                 # SC-END-4/10
                continue
            player.turns_after_exhaustion += 1
        return
