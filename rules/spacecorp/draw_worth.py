"""Which card to draw (SC-RES-3): the blind pile or a face-up Offer card, by what the card is
worth to the seat drawing it.

Research draws its cards one at a time, each the top of the draw pile (unknown) or any face-up
Offer card (SC-RES-3; the Research base's take of one Offer card, SC-BLD, is ordered alike;
an Edge's take, EG-HACK, is a window's answer and keeps its order).  Every
card adds the same to the seat's projection (a card in hand), so the worth of ``worth`` cannot
tell them apart; what tells them apart is what the card lets the seat do.  A card's worth here
is the best action it makes possible on the seat's next action step that its hand could not
pay for without it (a Build or an Explore its Infra and cards fall short of, a Special, an
Upgrade of an Infra card, SC-UPG), valued as ``worth`` values an action (the seat's standing
after that turn played out, minus now).

The pile's worth is the expectation over the cards the seat cannot see (SC-RES-3: the top card
is unknown): the era's cards less the seat's hand, the Offer, the discards, the played and
pooled Time cards, the cards on the HQs and a top it looked at (§9.1); of the unseen Time cards
as many as the hidden set-aside row holds are out of play (``sampling.unseen_cards``).  A top
card the seat looked at itself (Predictive AI) is that card.

Fair by construction: everything is worked out on the seat's view and one sample of it
(``worth.seat_sample``), so the others' hands and the pile's order never change the order.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import moves as mv
from .data import design, is_time
from .moves import Colonize, Draw, Move, Special, Upgrade
from .sampling import unseen_cards
from .state import ACTION, GameState, Turn, clone_state
from .worth import Worth, seat_sample, turn_out

if TYPE_CHECKING:
    from .engine import SpaceCorpGame


def _key(move: Move) -> tuple[object, ...]:
    """What an action does, whatever pays for it (a card of the same design does the same)."""
    if isinstance(move, (Upgrade, Special)):
        return (type(move).__name__, replace(move, card=design(move.card)))
    if isinstance(move, Colonize):
        return (type(move).__name__, move.region, move.colony)
    sources = getattr(move, "sources", None)
    return (type(move).__name__, replace(move, sources=mv.Sources()) if sources is not None else move)  # type: ignore[call-arg]


class CardWorth:
    """What one more card in the seat's hand is worth to it, on one sample of its view, at its
    next action step (each design worked out once)."""

    def __init__(self, game: SpaceCorpGame, view: GameState, seat: int) -> None:
        self.game = game
        self.seat = seat
        acting = seat_sample(game, view, seat)
        acting.turn = Turn(seat, step=ACTION)
        acting.windows, acting.pending = [], []
        self.acting = acting
        self.worth = Worth(game, acting, seat)
        self.now = self.worth.standing(acting)
        self.known = {_key(move) for move in game._raw_candidates(acting, seat, cheapest=True)}
        self.values: dict[str, float] = {}
        self.actions: dict[tuple[object, ...], float] = {}

    def __call__(self, card: str) -> float:
        kind = design(card)
        if kind not in self.values:
            self.values[kind] = self._value(card)
        return self.values[kind]

    def _value(self, card: str) -> float:
        """The best action ``card`` makes possible that the hand alone does not (0 if none)."""
        holding = clone_state(self.acting)
        holding.hands.add(self.seat, [card])
        best = 0.0
        for move in self.game._raw_candidates(holding, self.seat, cheapest=True):
            key = _key(move)
            if key in self.known:
                continue
            if key not in self.actions:
                after = turn_out(self.game, holding, self.seat, move)
                self.actions[key] = 0.0 if after is None else self.worth.standing(after) - self.now
            best = max(best, self.actions[key])
        return best


def draw_worths(game: SpaceCorpGame, view: GameState, seat: int, draws: list[Draw]) -> list[float]:
    """Each draw's worth to ``seat``: the face-up card's (``CardWorth``) or, for the pile, the
    expectation over the cards the seat cannot see."""
    value = CardWorth(game, view, seat)
    values = []
    for draw in draws:
        if draw.source != mv.DECK:
            card = view.offer[int(draw.source[1]) - 1]
            values.append(value(card) if card is not None else 0.0)
            continue
        unseen, known_top, aside = unseen_cards(view, seat)
        if known_top:
            values.append(value(known_top[0]))
            continue
        times = [card for card in unseen if is_time(card)]
        share = max(0, len(times) - aside) / len(times) if times else 0.0   # Time cards not set aside
        weights = [share if is_time(card) else 1.0 for card in unseen]
        total = sum(weights)
        values.append(sum(w * value(card) for w, card in zip(weights, unseen) if w) / total if total else 0.0)
    return values
