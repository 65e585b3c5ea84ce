"""Edges and reaction windows (spec §7.15 and §9.3, SC-EDGE): which Edges may answer an
event, opening and pruning windows, playing an Edge, the Incompatibility discard."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from rules.kit import Term
from rules.messages import Join, Msg

from . import moves as mv
from .data import EdgeDef, design, is_time, tables
from .moves import Choose, Decline, Edge, Move
from .state import ACTION, INFRA_DISCARD, GameState, Window
from .common import BOXES, ERA_ACTIONS, S, STRICT, VERB_ACTION, era_edge_ids, refuse

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


# ----- Edges and their reaction windows (SC-EDGE, §8.6, §9.3) -------------------------------------
def _era_edges(state: GameState) -> list[EdgeDef]:
    return [tables().edges[edge] for edge in era_edge_ids(state.era)]


def _by_matches(trigger: Term, subject: int, seat: int) -> bool:
    """Whether ``seat`` answers a trigger caused by ``subject`` (``by=self/opponent/any``)."""
    by = trigger.named.get("by", "any")
    return by == "any" or (by == "self") == (seat == subject)


def _edge_cards(game: SpaceCorpGame, state: GameState, seat: int, event: str, subject: int) -> list[tuple[str, EdgeDef]]:
    """The cards in ``seat``'s hand whose Edge answers ``event`` caused by ``subject``."""
    t = tables()
    found = []
    for card in state.hands.cards[seat]:
        edge_id = None if is_time(card) else t.cards[design(card)].edge
        if edge_id is None:
            continue
        edge = t.edges[edge_id]
        if edge.trigger.name == event and game._by_matches(edge.trigger, subject, seat):
            found.append((card, edge))
    return found


def _edge_usable(game: SpaceCorpGame, state: GameState, seat: int, edge: EdgeDef, window: Window) -> bool:
    """Whether the Edge can still do something now (an emptied Offer, a card already taken...)."""
    effect = edge.effects[0].name
    if effect == "TAKE_OFFER":
        return any(state.offer)
    if effect == "TAKE_DISCARDED":
        return any(card in state.discards for card in window.cards)
    if effect == "EXTRA_TURN":
        return not state.players[seat].passed and seat not in state.extra_turns
    if effect == "GAIN_PROGRESS":
        return bool(game.progress_choices(state, seat, edge.effects[0].positional[0], no_bonus=True))
    return True


def _may_answer(game: SpaceCorpGame, state: GameState, seat: int, window: Window) -> bool:
    if window.event == INFRA_DISCARD:
        return True
    return any(game._edge_usable(state, seat, edge, window)
               for _, edge in game._edge_cards(state, seat, window.event, window.subject))


def _public_skips(state: GameState) -> bool:
    """Whether strict mode skips whom public facts rule out: rules version 2 on (a game created
    before keeps asking everyone the trigger allows, so its stored declines replay)."""
    return int(state.options.get("rules_version", 1)) >= 2


def _may_hold(game: SpaceCorpGame, state: GameState, seat: int, window: Window) -> bool:
    """Strict mode (§9.3): whether ``seat`` might answer ``window`` as far as everyone can tell.
    Only public facts rule it out, so skipping tells nothing about a hand: an empty hand (hand
    sizes are public, SC-CARD-9), or no Edge answering the trigger that has a copy nobody can
    see (every copy face up in the Offer, the discards, the turn's played cards or on an HQ)
    and could still do something (``_edge_usable``: an empty Offer, a passed player...)."""
    if window.event == INFRA_DISCARD:
        return True
    if not state.hands.cards[seat]:
        return False
    t = tables()
    seen = {card for card in state.offer if card} | set(state.discards) | set(state.turn.played)
    seen |= {card for player in state.players for card in player.hq.values() if card}
    for edge in game._era_edges(state):
        if edge.trigger.name != window.event or not game._by_matches(edge.trigger, window.subject, seat):
            continue
        copies = [physical for card in t.cards.values() if card.edge == edge.id and card.era == state.era
                  for physical in card.physical_ids]
        if any(card not in seen for card in copies) and game._edge_usable(state, seat, edge, window):
            return True
    return False


def _open(game: SpaceCorpGame, state: GameState, event: str, subject: int, amount: int = 0, cards: Iterable[str] = ()) -> None:
    """A trigger occurred: open its reaction window for the players who may answer, in turn
    order from the active player (SC-EDGE-3).  Fast mode asks the holders of a matching
    Edge; strict mode every player the trigger allows whom public facts do not rule out
    (``_may_hold``, §9.3).  A player asked for the first time in the game is told once how a
    standing order answers an Edge's windows for them (§9.3 auto-pass), privately."""
    edges = [edge for edge in game._era_edges(state) if edge.trigger.name == event]
    if not edges:
        return
    window = Window(event, subject, [], amount, list(cards))
    strict = state.options.get("windows") == STRICT
    if not strict:                  # whether it opens, and for whom, tells what the hands hold
        assert state.streams is not None
        state.streams.reveal()
    for seat in game._clockwise(state, state.turn.seat):
        if strict:
            if game._may_hold(state, seat, window) if _public_skips(state) else \
                    any(game._by_matches(edge.trigger, subject, seat) for edge in edges):
                window.waiting.append(seat)
        elif game._may_answer(state, seat, window):
            window.waiting.append(seat)
    if window.waiting:
        state.windows.append(window)
        state.news.append(S("news.window", event=game._trigger_msg(state, window),
                            players=Join([game.seat_label(state, seat) for seat in window.waiting], "and")))
        first = [seat for seat in window.waiting if seat not in state.windows_asked]
        state.windows_asked += first
        for seat in first:      # to that player alone: the host gives no private news to a computer
            state.private_news.append((seat, S("notice.autopass_hint")))


def _trigger_msg(game: SpaceCorpGame, state: GameState, window: Window) -> Msg:
    """What opened the window, naming who caused it ("Purple's turn ended")."""
    return S(f"trigger.{window.event}", player=game.seat_label(state, window.subject))


def _prune(game: SpaceCorpGame, state: GameState) -> None:
    """Closes answered windows; in fast mode skips players whose Edge can no longer do anything,
    in strict mode those public facts rule out (``_may_hold``)."""
    strict = state.options.get("windows") == STRICT
    while state.windows:
        window = state.windows[-1]
        while window.waiting and strict and _public_skips(state) and not game._may_hold(state, window.waiting[0], window):
            window.waiting.pop(0)           # public facts rule them out (an Edge played before them)
        while window.waiting and not strict:
            # whether the Edge a waiting player holds can still do something tells about their
            # hand either way (skipped or kept waiting), so the move that led here is not
            # taken back: undone and played again it would be played knowing it
            assert state.streams is not None
            state.streams.reveal()
            if game._may_answer(state, window.waiting[0], window):
                break
            window.waiting.pop(0)
        if window.waiting:
            return
        state.windows.pop()


def _answer(game: SpaceCorpGame, state: GameState, move: Move) -> None:
    window = state.windows[-1]
    if window.event == INFRA_DISCARD:
        if not isinstance(move, Choose) or move.key != "infra-discard":
            raise refuse("infra_discard_first", "EG-INCOMPAT", example=mv.notation("choose infra-discard=box1"))
        game._discard_infra(state, move)
        window.waiting.pop(0)
    elif isinstance(move, Decline):
        window.waiting.pop(0)          # no news: the move's own line says it (phrase.decline)
    elif isinstance(move, Edge):
        game._edge(state, move, window)
        if not any(game._edge_usable(state, move.seat, edge, window) for _, edge in
                                               game._edge_cards(state, move.seat, window.event, window.subject)):
            window.waiting.remove(move.seat)          # SC-EDGE-3: they may play another one first
    else:
        example = next((game.format_move(answer) for answer in game._answers(state, move.seat, window)
                        if isinstance(answer, Edge)), "edge")
        raise refuse("answer_window", "SC-EDGE-1", event=game._trigger_msg(state, window),
                     example=mv.notation(example))


def _edge(game: SpaceCorpGame, state: GameState, move: Edge, window: Window | None) -> None:
    """SC-EDGE-1/2: the Edge's text is resolved, its action entries ignored, the card discarded."""
    seat = move.seat
    if not state.hands.holds(seat, move.card):
        raise refuse("not_in_hand", "SC-EDGE-1", card=mv.card_code(move.card))
    edge_id = None if is_time(move.card) else tables().cards[design(move.card)].edge
    if edge_id is None:
        raise refuse("not_an_edge", "SC-EDGE-1", card=game._card_msg(move.card))
    edge = tables().edges[edge_id]
    event = edge.trigger.name
    if event == "ACTION_DECLARED":                    # EG-RACE: declared by the active player
        if window is not None or state.turn.step != ACTION or seat != state.turn.seat:
            raise refuse("edge_not_now", "SC-EDGE-1", edge=S(f"edge.{edge.id}"), event=S(f"event.{event}"))
        if state.turn.race:
            raise refuse("race_twice", "EG-RACE")
    elif window is None or window.event != event or not game._by_matches(edge.trigger, window.subject, seat):
        raise refuse("edge_not_now", "SC-EDGE-1", edge=S(f"edge.{edge.id}"), event=S(f"event.{event}"))
    elif not game._edge_usable(state, seat, edge, window):
        raise refuse("edge_useless", "SC-EDGE-1", edge=S(f"edge.{edge.id}"))
    player = game.seat_label(state, seat)
    state.news.append(S("news.edge", player=player, edge=S(f"edge.{edge.id}"), card=mv.card_code(move.card)))
    effect = edge.effects[0]
    gained = 0
    if effect.name == "INFRA_HQS":
        state.turn.race = True
    elif effect.name == "GAIN_T_FULFILLED":
        assert window is not None
        gained = effect.int_arg("own") if seat == window.subject else effect.int_arg("other")
    elif effect.name == "GAIN_T_HALF_UP":
        assert window is not None
        gained = (window.amount + 1) // 2
    elif effect.name == "TAKE_OFFER" and effect.positional == ("all",):
        taken = [card for card in state.offer if card is not None]
        state.offer = [None] * len(state.offer)
        state.hands.add(seat, taken)
        state.news.append(S("news.took_offer", player=player, card=Join([game._card_msg(c) for c in taken])))
    elif effect.name == "TAKE_OFFER":
        if move.take is None:
            raise refuse("edge_needs", "EG-HACK", edge=S(f"edge.{edge.id}"), option=mv.notation_words("take=O1", mv.EDGE),
                         allowed=Join([mv.offer_code(f"O{i + 1}") for i, card in enumerate(state.offer) if card] or ["-"]))
        box = move.take
        if len(box) != 2 or box[0] != "O" or box[1] not in "1234" or state.offer[int(box[1]) - 1] is None:
            raise refuse("edge_take_offer", "EG-HACK", value=mv.offer_code(box) if box in mv.OFFER else mv.card_code(box or "-"),
                         allowed=Join([mv.offer_code(f"O{i + 1}") for i, card in enumerate(state.offer) if card] or ["-"]))
        card = state.offer[int(box[1]) - 1]
        assert card is not None
        state.offer[int(box[1]) - 1] = None           # refilled in the active player's step 5
        state.hands.add(seat, [card])
        state.news.append(S("news.took_offer", player=player, card=game._card_msg(card)))
    elif effect.name == "TAKE_DISCARDED":
        assert window is not None
        allowed = [card for card in window.cards if card in state.discards]
        if move.take is None:
            raise refuse("edge_needs", "EG-POACH", edge=S(f"edge.{edge.id}"), option=mv.notation(f"take={allowed[0]}"),
                         allowed=Join(allowed))
        if move.take not in allowed:
            raise refuse("edge_take_discard", "EG-POACH", value=move.take or "-", allowed=Join(allowed))
        state.discards.remove(move.take)
        state.hands.add(seat, [move.take])
        state.news.append(S("news.took_discard", player=player, card=game._card_msg(move.take)))
    elif effect.name == "FORBID_ACTION":
        assert window is not None
        names = [name for name in mv.NAMEABLE if name in ERA_ACTIONS[state.era]]
        if move.name is None:
            raise refuse("edge_needs", "EG-SABOTAGE", edge=S(f"edge.{edge.id}"), option=mv.notation_words("name=research", mv.EDGE),
                         allowed=", ".join(names))
        if move.name not in names:
            raise refuse("edge_name", "EG-SABOTAGE", value=move.name or "-", allowed=", ".join(names))
        state.turn.banned.append(move.name)
        state.news.append(S("news.sabotage", player=player, target=game.seat_label(state, window.subject),
                            action=S(f"action.{VERB_ACTION.get(move.name, move.name.upper())}")))
    elif effect.name == "EXTRA_TURN":
        state.extra_turns.append(seat)
    elif effect.name == "LOSE_T_TEAMS_IN_REGION":                                       # EG-MICROBES
        assert window is not None
        sites = tables().maps[state.era].sites
        region = sites[window.cards[0]].region
        loss = effect.int_arg(0)
        for other in game._clockwise(state, state.turn.seat):
            victim = state.players[other]
            if any(where is not None and sites[where].region == region for where in victim.teams.values()) \
                    and not game._progress_has(state, other, "IMMUNE", edge.id):
                lost = min(loss, victim.profit)
                game._earn(state, other, "penalties", -lost)
                state.news.append(S("news.lost_profit", player=game.seat_label(state, other), amount=lost))
    elif effect.name == "GAIN_PROGRESS":                                                # EG-LEAK
        allowed = game.progress_choices(state, seat, effect.positional[0], no_bonus=True)
        if move.take not in allowed:
            raise refuse("edge_needs", "EG-LEAK", edge=S(f"edge.{edge.id}"), option=mv.notation_words(f"take={allowed[0]}", mv.EDGE),
                         allowed=Join([mv.progress_code(card) for card in allowed]))
    elif effect.name == "DISCARD_INFRA_CARD":
        need = effect.int_arg("min_cards")
        seats = [other for other in game._clockwise(state, state.turn.seat)
                 if sum(1 for card in state.players[other].hq.values() if card) >= need]
        if seats:
            state.windows.append(Window(INFRA_DISCARD, seat, seats))
    else:
        raise refuse("edge_not_in_era", "SC-EDGE-1", edge=S(f"edge.{edge.id}"), era=S(f"era.{state.era}"))
    game._earn(state, seat, "edges", gained)
    state.hands.remove(seat, move.card)
    state.discards.append(move.card)                                                   # SC-EDGE-2
    if gained:
        state.news.append(S("news.edge_gain", player=player, amount=gained))
    if effect.name == "EXTRA_TURN":
        state.news.append(S("news.intercept", player=player))
    if effect.name == "DISCARD_INFRA_CARD" and state.windows and state.windows[-1].event == INFRA_DISCARD:
        state.news.append(S("news.infra_discard_wait", players=Join(
            [game.seat_label(state, other) for other in state.windows[-1].waiting], "and")))
    if effect.name == "GAIN_PROGRESS" and move.take is not None:
        game._gain_progress(state, seat, move.take, no_bonus=True)   # after the discard: it may open a window


def _discard_infra(game: SpaceCorpGame, state: GameState, move: Choose) -> None:
    """EG-INCOMPAT: one Infra card of the player's choice leaves their HQ for the discard pile."""
    player = state.players[move.seat]
    boxes = [box for box in BOXES if player.hq[box] is not None]
    box = move.value.removeprefix("box")
    if box not in boxes:
        raise refuse("infra_discard_box", "EG-INCOMPAT", value=move.value,
                     allowed=", ".join(f"box{b}" for b in boxes))
    card = player.hq[box]
    assert card is not None
    player.hq[box] = None
    if tables().cards[design(card)].era == state.era:
        state.discards.append(card)                   # an earlier era's card leaves the game (§8.6)
    state.news.append(S("news.infra_discarded", player=game.seat_label(state, move.seat),
                        card=game._card_msg(card), box=box))
