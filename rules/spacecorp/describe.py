"""Space Corp's texts beside the rules (spec §9.4): who is waited for and on what, previews of
suggested moves, redaction of sealed picks, status and hand lines, card lines and the help."""
from __future__ import annotations

import re
import threading
import weakref
from functools import lru_cache

from typing import TYPE_CHECKING
from rules.base import DESCRIPTION_GLUE, IllegalMove
from rules.messages import Join, Msg

from . import moves as mv
from . import components, phrases
from .phrases import team_name
from .data import Card, design, is_time, tables
from .moves import (Build, Choose, Colonize, Draw, Edge, Explore, Fulfill, Genetics, Move, MoveAction, Produce,
                    Research, Special, Upgrade)
from .state import (ACTION, CONTRACTS, INFRA_DISCARD, LEGACY, MOVE_END, MOVE_START, OFFER_TAKE, OVER, RESEARCH_DRAWS,
                    SETUP, TRANSPORT, GameState, Reward, clone_state)
from .common import S, reward_msg, site_msg
from .scoring import end_bonus

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


def waiting_reason(game: SpaceCorpGame, state: GameState) -> Msg | None:
    """While a reaction window is open or a decision is owed: who decides and on what."""
    if state.phase == LEGACY:
        return S("err.legacy_waits")
    if state.pending:
        pending = state.pending[0]
        return S("err.pending_waits", seat=game.seat_label(state, pending.seat), what=S(f"pending.{pending.kind}"))
    if not state.windows or state.phase == OVER:
        return None
    window = state.windows[-1]
    return S("err.window_waits", seat=game.seat_label(state, window.waiting[0]),
             event=game._trigger_msg(state, window))


def decision_prompt(game: SpaceCorpGame, state: GameState) -> Msg | None:
    """What the pinged players decide when it is not simply their turn: the sealed Legacy
    pick, a decision owed outside the turn, a reaction window."""
    if state.phase == LEGACY:
        return S("prompt.legacy")
    if state.phase == OVER:
        return None
    if state.pending:
        return S("prompt.pending", what=S(f"pending.{state.pending[0].kind}"))
    if state.windows:
        window = state.windows[-1]
        if window.event == INFRA_DISCARD:
            return S("prompt.infra_discard")
        return S("prompt.window", event=game._trigger_msg(state, window))
    return None


def waiting_hint(game: SpaceCorpGame, state: GameState) -> Msg | None:
    """What the thread's "waiting for" line adds, for everyone (public facts only): the sealed
    Legacy pick (SC-TRANS-1), a decision owed (SC-PROG-2), a reaction window (SC-EDGE-3), the
    era's setup, the action after an Edge declared before it (EG-RACE) or a step of the turn
    after the action (SC-TURN); None where a turn starts."""
    if state.phase == OVER:
        return None
    if state.phase == LEGACY:
        return S("step.legacy")
    if state.pending:
        return S(f"pending.{state.pending[0].kind}")
    if state.windows:
        window = state.windows[-1]
        if window.event == INFRA_DISCARD:
            return S("wait.infra_discard")
        return S("wait.window", event=game._trigger_msg(state, window))
    step = state.turn.step
    if step == CONTRACTS:                            # what is done with them (the step's name alone: "the contracts")
        return S("wait.contracts")
    if step in (SETUP, RESEARCH_DRAWS, OFFER_TAKE, TRANSPORT):
        return S(f"step.{step}")
    if step == ACTION and state.turn.race:           # Race declared before the action (EG-RACE)
        return S("step.action")
    return None


def describe_move(game: SpaceCorpGame, state: GameState, seat: int, text: str) -> Msg | None:
    """The preview of §9.4 beside a suggested action: what it reaches (draws, distance, cost,
    profit, steps), the cards it plays and the opponents it rewards; what an Edge does.  The
    fullest of :func:`_previews` that fits Discord's 100 characters after the move's phrase in
    every language; none (the phrase alone) when none does."""
    candidates = _previews(game, state, seat, text)
    return _fitted(game, state, seat, text, candidates) if candidates else None


def label_features(game: SpaceCorpGame, state: GameState, seat: int, text: str) -> phrases.Features | None:
    """The wording ``text``'s label takes (``phrases.Features``): one for its decision (the seat's
    suggestions of the same kind), the briefest any of them needs, so one menu never names the same
    things two ways ("Védelmi, Védelmi" beside "Védelmi ×2", "Kék 1 (Föld → Hold)" beside "Kék 1 →
    Erósz", "(Ű02#1 lap, saját Központod Infrája)" beside "(Ű02#1, saját Infra)"; newcomer 28 S1).
    None: not one of the seat's suggestions (an old move read back: fitted alone)."""
    if seat not in game.waiting_for(state):
        return None
    kind = game.move_kind(text)
    siblings = [sibling for sibling in _suggested_texts(game, state, seat) if game.move_kind(sibling) == kind]
    if text not in siblings:
        return None
    worded = [phrases.features(sibling) for sibling in siblings]
    return max(features[0] for features in worded), max(features[1] for features in worded)


def _suggested_texts(game: SpaceCorpGame, state: GameState, seat: int) -> tuple[str, ...]:
    """The seat's suggestions as notation (``suggested_moves``: kept by the seat's view), the
    last position's kept by identity (every label of a menu asks)."""
    key = (id(state), seat)
    stamp = _stamp(state)
    with _LOCK:                             # the event loop and worker threads may label at once
        kept = _SUGGESTED.get(key)
    if kept is not None and kept[0]() is state and kept[1] == stamp:
        return kept[2]
    texts = tuple(game.format_move(move) for move in game.suggested_moves(state, seat))
    with _LOCK:
        _SUGGESTED[key] = (weakref.ref(state), stamp, texts)
        while len(_SUGGESTED) > 8:
            _SUGGESTED.pop(next(iter(_SUGGESTED)))
    return texts


def _stamp(state: GameState) -> tuple[object, ...]:
    """What tells a position from the same object changed in place (tests set positions up so)."""
    return (state.phase, repr(state.turn), len(state.pile), tuple(state.offer), len(state.windows), len(state.pending),
            tuple(len(state.hands.cards[seat]) for seat in range(len(state.players))), len(state.bases))


_SUGGESTED: dict[tuple[int, int], tuple[weakref.ReferenceType[GameState], tuple[object, ...], tuple[str, ...]]] = {}
_LOCK = threading.Lock()


def _previews(game: SpaceCorpGame, state: GameState, seat: int, text: str) -> list[Msg]:
    """The previews of ``text`` from the fullest to the briefest (see :func:`describe_move`)."""
    try:
        move = game.parse_move(state, seat, text)
    except IllegalMove:
        return []
    if isinstance(move, Edge):
        edge_id = None if is_time(move.card) or design(move.card) not in tables().cards \
            else tables().cards[design(move.card)].edge
        # the phrase names the Edge already; its trigger is the open window's, so when the whole
        # gist is too long the effect alone still says what playing it does
        return [components.edge_gist(edge_id), S(f"edgegist.{edge_id}")] if edge_id else []
    if isinstance(move, Choose) and move.key == "infra-discard":
        # the card in the box, so the discard is not chosen blind (EG-INCOMPAT; 28b N-5)
        held = state.players[seat].hq.get(move.value[-1])
        if held is None or is_time(held) or design(held) not in tables().cards:
            return []
        return [S("preview.gist", what=game._card_msg(held), gist=components.card_gist(tables().cards[design(held)])),
                game._card_msg(held)]
    named = game._named_component(state, move)
    if isinstance(move, Upgrade):
        forms = _upgrade_forms(game, state, seat, move)
        if forms:           # one wording for the decision: the briefest any upgrade over a card needs
            level = max(_upgrade_level(game, state, seat, sibling) for sibling in _suggested_texts(game, state, seat)
                        if sibling.startswith("upgrade ")) if text in _suggested_texts(game, state, seat) else 0
            return forms[min(level, len(forms) - 1):]
    if named is not None:
        # a card taken from the Offer: the card and what it does; else the card alone
        return [named, named.params["what"]] if named.key == "spacecorp.preview.gist" else [named]
    if state.windows or state.turn.step != ACTION or seat != state.turn.seat or \
            not isinstance(move, (Research, MoveAction, Explore, Build, Produce, Genetics, Colonize)):
        return []
    trial = clone_state(state)
    try:
        game._action(trial, move)
    except IllegalMove:
        return []
    era_map = tables().maps[state.era]
    if isinstance(move, Research):
        what = S("preview.research", n=trial.turn.draws_left)
    elif isinstance(move, MoveAction):
        what = S("preview.move", distance=Join([era_map.distance(leg.origin, leg.destination) or 0
                                                for leg in move.legs]))
    elif isinstance(move, Explore):
        what = S("preview.explore", cost=Join([era_map.sites[spot.site].explore or 0 for spot in move.spots]))
    elif isinstance(move, Build):
        what = S("preview.build", cost=Join([game._build_cost(state, spot.site, seat) for spot in move.spots]))
    elif isinstance(move, Produce):
        what = S("preview.produce", amount=trial.players[seat].profit - state.players[seat].profit)
    elif isinstance(move, Colonize):
        what = S("preview.colonize", colony=S(f"colony.{move.colony}"),
                 value=tables().colony_tiles[move.colony].value)
    else:
        what = S("preview.genetics", n=trial.players[seat].genetics_steps - state.players[seat].genetics_steps)
    played = trial.turn.played[len(state.turn.played):]
    # the opponents rewarded, each with why (newcomer 27f G-3: "reward card for Blue (move to
    # their Spaceport)"), else by name alone
    players = _rewarded_players(game, state, trial.turn.rewards)
    counted = not _names_cards(text, tuple(played), label_features(game, state, seat, text))
    if isinstance(move, Build):
        # G-7: what the bases do comes first (in fuller, then briefer words), then the opponents
        # rewarded, the cost and the count of cards played; the label's phrase leaves room for
        # the briefest (phrases.phrase)
        return [preview for effect in phrases.effect_forms(move)
                for preview in _effect_previews(effect, what, len(played), players, counted)] \
            + _rewarded(what, len(played), players, counted)
    if isinstance(move, MoveAction) and players:
        # a Move rewarding an opponent (at their base: the phrase does not say so; through their
        # Infra: the phrase names it): whom it rewards and why matter more than the distance,
        # which any suggested Move covers (G-3)
        return _rewarded(what, len(played), players, counted, alone=True)
    return _rewarded(what, len(played), players, counted)


def _upgrade_forms(game: SpaceCorpGame, state: GameState, seat: int, move: Upgrade) -> list[Msg]:
    """An Upgrade into a box holding a card: that card goes back to the hand or leaves the game
    (SC-UPG-3; 28b N-6), with the upgraded card's gist, then with the card's name, then its code;
    none for an empty box (the gist alone says it)."""
    held = state.players[seat].hq.get(str(move.box))
    named = game._named_component(state, move)
    if held is None or named is None or design(held) not in tables().cards:
        return []
    fate = "returns" if tables().cards[design(held)].era == state.era else "removed"
    return [S(f"preview.upgrade_{fate}", gist=named, card=game._card_msg(held)),
            S(f"preview.upgrade_{fate}_short", card=game._card_msg(held)),
            S(f"preview.upgrade_{fate}_short", card=mv.card_code(held))]


def _upgrade_level(game: SpaceCorpGame, state: GameState, seat: int, text: str) -> int:
    """The first of :func:`_upgrade_forms` that fits ``text``'s label (0 for none to say)."""
    try:
        move = game.parse_move(state, seat, text)
    except IllegalMove:
        return 0
    forms = _upgrade_forms(game, state, seat, move) if isinstance(move, Upgrade) else []
    chosen = _fitted(game, state, seat, text, forms) if forms else None
    return forms.index(chosen) if chosen is not None else len(forms) - 1 if forms else 0


def _rewarded_players(game: SpaceCorpGame, state: GameState, owed: list[Reward]) -> list[Join]:
    """The opponents an action rewards (SC-RWD-1), from the fullest words to the briefest: each
    with why where the label's phrase does not say it (a Move starting or ending at their base,
    SC-MOV-3: "Yellow (their Research Base)", then "Yellow (their base)"; their Infra or a base
    named in ``use=`` the phrase names), then by name alone; none when it rewards nobody."""
    if not owed:
        return []
    named = Join([game.seat_label(state, reward.seat) for reward in owed], "and")
    if not any(reward.cause in (MOVE_START, MOVE_END) for reward in owed):
        return [named]
    return [Join([reward_msg("preview.rewarded", game.seat_label(state, reward.seat), reward, where=False, brief=brief)
                  if reward.cause in (MOVE_START, MOVE_END) else game.seat_label(state, reward.seat)
                  for reward in owed], "and") for brief in (False, True)] + [named]


def _effect_previews(effect: Msg, cost: Msg, cards: int, players: list[Join], counted: bool) -> list[Msg]:
    """What a Build's bases do, with the opponents rewarded (``players``: with why, then by name),
    the cost and the count of cards played, from the fullest to the effect alone (which matters
    most, G-7)."""
    costed = S("preview.build_effect", effect=effect, cost=cost.params["cost"])
    rewarded = [preview for who in players for preview in (
        *([S("preview.with_rewards", what=costed, cards=cards, players=who)] if counted else []),
        S("preview.rewards", what=costed, players=who), S("preview.rewards", what=effect, players=who))]
    return rewarded + ([S("preview.plain", what=costed, cards=cards)] if counted else []) + [costed, effect]


def _rewarded(what: Msg, cards: int, players: list[Join], counted: bool, alone: bool = False) -> list[Msg]:
    """``what`` an action reaches with the opponents it rewards (``players``: with why, then by
    name) and the count of cards played, from the fullest to ``what`` alone.  Not ``counted``
    when the phrase names the cards: no label of the decision says the count then (C-S6: one
    wording, where it costs no fact), so none ends "2 cards played" beside one with the same two
    cards that does not.  The opponents rewarded matter more than the count of cards; ``alone``:
    more than ``what`` too (then said without it)."""
    rewarded = [preview for who in players for preview in (
        *([S("preview.with_rewards", what=what, cards=cards, players=who)] if counted else []),
        S("preview.rewards", what=what, players=who),
        *([S("preview.rewards_alone", players=who)] if alone else []))]
    return rewarded + ([S("preview.plain", what=what, cards=cards)] if counted else []) + [what]


@lru_cache(maxsize=4096)
def _said(text: str, at: phrases.Features | None = None) -> dict[str, str] | None:
    """The label's phrase of ``text`` (``phrases.phrase``: from the notation alone, in its
    decision's wording ``at``) in each language; cached (autocomplete asks on every keystroke, for
    the preview and its fitting)."""
    from rules.messages import LANGUAGES, render
    phrase = phrases.phrase(text, at=at)
    return None if phrase is None else {language: render(phrase, language, label=True) for language in LANGUAGES}


@lru_cache(maxsize=4096)
def _names_cards(text: str, played: tuple[str, ...], at: phrases.Features | None = None) -> bool:
    """Whether the label's phrase of ``text`` names every card (and Time card) ``played``, in
    every language: it does unless it had to leave its sources out (a long label says the
    action alone; the notation sent names them)."""
    from rules.messages import render
    said = _said(text, at)
    return said is not None and all(
        re.search(re.escape(render(mv.card_code(card), language)) + r"(?!\d)", words)
        for language, words in said.items() for card in played)


def _fitted(game: SpaceCorpGame, state: GameState, seat: int, text: str, candidates: list[Msg]) -> Msg | None:
    """The first of ``candidates`` whose label (the suggestion's phrase, then the preview, as the
    host joins them, :data:`rules.base.DESCRIPTION_GLUE` between) fits Discord's 100 characters in every language;
    None when none does (the phrase alone: the hand and the post say the rest)."""
    from rules.messages import LANGUAGES, render
    said = _said(text, label_features(game, state, seat, text))
    taken = {language: len(said[language]) + DESCRIPTION_GLUE if said is not None else 0 for language in LANGUAGES}
    for preview in candidates:
        if all(taken[language] + len(render(preview, language, label=True)) <= 100 for language in LANGUAGES):
            return preview
    return None


def _named_component(game: SpaceCorpGame, state: GameState, move: Move) -> Msg | None:
    """The gist of the component a move names (the card upgraded or taken, the Special, the
    Progress card or base chosen), for the autocomplete label; a Special played: its effect
    alone (the phrase already says "plays the Special card")."""
    t = tables()
    card = move.card if isinstance(move, (Upgrade, Special)) else None
    if isinstance(move, Draw) and move.source in mv.OFFER:
        card = state.offer[mv.OFFER.index(move.source)]
    if card is not None and (is_time(card) or design(card) in t.cards):
        special = None if is_time(card) else _special_of(t.cards[design(card)])
        gist = S("comp.time.gist") if is_time(card) else \
            S(f"specialgist.{special}") if special and isinstance(move, Special) else \
            S("special_gist", effect=S(f"specialgist.{special}")) if special else \
            components.card_gist(t.cards[design(card)])
        return S("preview.gist", what=game._card_msg(card), gist=gist) if isinstance(move, Draw) else gist
    # a chosen Progress card or base: its phrase names it already, the preview says what it does
    if isinstance(move, Choose) and move.key == "progress" and move.value in t.progress:
        return S(f"progressgist.{move.value}")
    if isinstance(move, Choose) and move.key == "base" and move.value in t.base_types:
        return S(f"basegist.{move.value}")
    # contracts fulfilled: the phrase gives their rows alone, the preview what each is and earns
    if isinstance(move, Fulfill) and move.rows:
        return S("preview.contracts", items=Join([S("preview.contract", contract=S(f"contract.{state.era}.{row}"),
                                                     amount=game.contract_reward(state, row)) for row in move.rows],
                                                 "and"))
    return None


def redact_move(game: SpaceCorpGame, state: GameState, seat: int, move_text: str) -> str | Msg:
    """A sealed Legacy pick (revealed by the news when all are in) and the cards taken with
    Predictive AI (they join a secret hand) are not shown to the others."""
    if move_text.startswith("choose legacy="):
        return S("redacted.legacy")
    if move_text.startswith("choose predict="):
        return S("redacted.predict", n=move_text.count(",") + 1)
    return move_text


def status_lines(game: SpaceCorpGame, view: GameState) -> list[Msg]:
    step = "over" if view.phase == OVER else LEGACY if view.phase == LEGACY else view.turn.step or ACTION
    lines = [S("status.era", era=S(f"era.{view.era}"), pile=len(view.pile), step=S(f"step.{step}"))]
    for player in view.players:
        values = dict(player=game.seat_label(view, player.seat), profit=player.profit,
                      cards=len(view.hands.cards[player.seat]), bases=game._bases_on_board(view, player.seat),
                      genetics=player.genetics_steps)
        if view.era == "E1":
            lines.append(S("status.player", **values))
        else:                                          # the wheel positions earn Progress cards
            lines.append(S("status.player_wheel", **values, gene_at=player.genetics, idea_at=player.idea,
                           wheel=tables().wheel.size))
    for player in view.players:
        genetics, pioneer = end_bonus(view, player.seat)         # SC-VAR-4: certain, paid at the end
        if genetics or pioneer:
            parts = ([S("status.end_bonus.genetics", n=genetics)] if genetics else []) + \
                ([S("status.end_bonus.pioneer", n=pioneer, place=player.pioneer)] if pioneer else [])
            lines.append(S("status.end_bonus", player=game.seat_label(view, player.seat), n=genetics + pioneer,
                           parts=Join(parts, "and")))
    for player in view.players:
        if player.progress:
            lines.append(S("status.progress", player=game.seat_label(view, player.seat),
                           cards=Join([S(f"progress.{card.split('#')[0]}") for card in player.progress])))
        if player.legacy is not None:
            lines.append(S("status.legacy", player=game.seat_label(view, player.seat),
                           tile=S(f"tile.{player.legacy[0]}"), base=S(f"base.{player.legacy[1]}")))
        owned = sorted(tile for owner, tile in view.colonies.values() if owner == player.seat)
        if owned:
            lines.append(S("status.colonies", player=game.seat_label(view, player.seat),
                           colonies=Join([S(f"colony.{tile}") for tile in owned])))
        for team, spaces in sorted(player.track.items()):
            where = player.teams[team]
            assert where is not None
            lines.append(S("status.track", team=team_name(team),
                           site=site_msg(where), spaces=spaces))
    offer = [S("status.offer_card", box=mv.offer_code(box), card=game.card_line(card, brief=True))
             for box, card in zip(mv.OFFER, view.offer) if card]
    if offer and view.phase != OVER:
        lines.append(S("status.offer", cards=Join(offer, "comma")))
    done = [row for row, where in sorted(view.contracts.items()) if where == view.era]
    lines.append(S("status.contracts", count=len(done),
                   done=Join([S("status.contract_item", row=row, name=S(f"contract.{view.era}.{row}"))
                              for row in done])) if done else S("status.contracts_none"))
    if view.trigger:
        lines.append(S(f"status.trigger.{view.trigger}"))
    if view.windows:
        window = view.windows[-1]
        lines.append(S("status.window", event=game._trigger_msg(view, window),
                       players=Join([game.seat_label(view, seat) for seat in window.waiting], "and")))
    return lines


def private_lines(game: SpaceCorpGame, view: GameState, seat: int) -> list[Msg]:
    """The hand, one card a line with what it does: its entries, Infra use, its Edge and the
    Edge's trigger (a Time card: double or split)."""
    hand = view.hands.cards[seat]
    if not hand:
        return [S("private.hand", cards="-")]
    return [S("private.hand_header", n=len(hand))] + [game.card_line(card) for card in hand]


def card_line(game: SpaceCorpGame, card: str, brief: bool = False) -> Msg:
    """A physical card with its values: ``M04#1 Robotic Miner: Build 2 or Produce 1 · Infra``;
    an Edge card adds the Edge and its trigger; a Special card its effect (``brief``: its gist,
    for a list of several cards on one line)."""
    if is_time(card):
        return S("hand_card", id=mv.card_code(card), name=S("cardname.TIME"), gist=S("comp.time.gist"))
    data = tables().cards[design(card)]
    special = _special_of(data)
    if special is not None:                            # §8.8: what the Special does, not its name again
        return S("hand_card_special", id=mv.card_code(card), name=S(f"cardname.{data.id}"),
                 effect=S(f"specialgist.{special}" if brief else f"specialtext.{special}"))
    values = S("comp.card.gist", entries=components.entries_msg(data.entries),
               infra=S("comp.gist.infra") if data.infra else "", edge="")
    if data.edge is None:
        return S("hand_card", id=mv.card_code(card), name=S(f"cardname.{data.id}"), gist=values)
    edge = tables().edges[data.edge]
    return S("hand_card_edge", id=mv.card_code(card), name=S(f"cardname.{data.id}"), gist=values, edge=S(f"edge.{edge.id}"),
             event=S(f"event.{edge.trigger.name}"), effect=S(f"edgegist.{edge.id}"))


def _special_of(data: Card) -> str | None:
    """The Special card effect (§8.8, ``SP-NEAR``) a card is played for, when that is all it
    offers (every Special card has the one entry)."""
    specials = {entry.special for entry in data.entries}
    return specials.pop() if len(specials) == 1 and None not in specials else None


def notation_help(game: SpaceCorpGame) -> Msg:
    return S("help.notation", moves=S("help.moves"), planeteers=S("help.planeteers"),
             starfarers=S("help.starfarers"))


def rules_summary(game: SpaceCorpGame) -> Msg:
    return S("help.summary")


# ----- texts ---------------------------------------------------------------------------------------
def _card_msg(game: SpaceCorpGame, card: str) -> Msg:
    return S("card", id=mv.card_code(card), name=S(f"cardname.{design(card) if not is_time(card) else 'TIME'}"))


def _tile_text(game: SpaceCorpGame, tile_id: str) -> Msg | Join:
    return components.tile_rewards(tile_id)
