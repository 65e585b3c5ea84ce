"""How good a Space Corp position looks for a seat, for the computer players (issue 29).

Profit is the score (SC-SCORE-4); this adds, in T, what the seat's engine should still earn:

* production: each of its bases on a tile with a P# (Attraction, Refinery, Extractor as
  SC-PRD-1/3 count them) and its Legacy pair, times the Produce actions the era still allows
  (fewer as the draw pile runs out, SC-END-2); the tiles its HQ's Produce Infra collects
  without a card, every turn left;
* cards in hand and Infra on its HQ (the value of its next actions, SC-VAL-2/3);
* the bonuses of the game's end that are already certain: when the current era ends the game
  early (E1 or E2 the last era played), the Pioneer markers and, after E1, +1T per genetics step
  (SC-VAR-4, ``scoring.end_bonus``; in a longer game a marker pays nothing); after E3 the colony scoring
  (SC-SCORE-2); bases on the board (the tie-break and most contracts).

The value for a seat is its total minus the best other seat's.
"""
from __future__ import annotations

from .data import design, tables
from .common import BOXES, era_span, pair_production
from .scoring import end_bonus
from .state import OVER, GameState, split_spot

PRODUCE_ACTIONS = 2.0        # Produce actions a base on a P# tile may still pay for, early in an era
CARD = 0.3                   # a card in hand
INFRA = 0.6                  # an Infra card on the HQ
BASE = 0.4                   # a base on the board (contracts, the early-finish tie-break)


def _productions(state: GameState, seat: int) -> list[int]:
    """What each of the seat's eligible tiles yields in one Produce (SC-PRD-1/3), best first."""
    found = []
    for spot, (owner, base) in state.bases.items():
        if owner != seat:
            continue
        site, tile = split_spot(spot)
        found.append(pair_production([tile] if tile else state.tiles.get(site, []), base) or 0)
    legacy = state.players[seat].legacy
    if legacy is not None:
        found.append(pair_production([legacy[0]], legacy[1]) or 0)
    return sorted(found, reverse=True)


def _produce_infra(state: GameState, seat: int) -> int:
    """The Produce value the seat's own HQ gives every turn without a card (SC-VAL-2)."""
    t = tables()
    player = state.players[seat]
    printed = t.hq_sides[state.hq_side].boxes
    total = 0
    for box in ("R",) + BOXES:
        card = player.hq.get(box) if box != "R" else None
        entries = t.cards[design(card)].entries if card is not None else printed.get(box, ())
        values = [entry.value for entry in entries if entry.action == "PRODUCE"]
        total += max(values, default=0)
    return total


def projected(state: GameState, seat: int) -> float:
    player = state.players[seat]
    total = float(player.profit)
    if state.phase == OVER:
        return total
    _first, last = era_span(state.options)
    pile = len(state.pile)
    left = pile / (pile + 12.0)               # share of the era still to play, roughly
    last_era = state.era == last
    productions = _productions(state, seat)
    total += PRODUCE_ACTIONS * left * sum(productions)
    # an Infra Produce entry collects that many tiles every turn, card-free (the strongest engine)
    turns = pile / (2.5 * len(state.players)) + 1
    total += 0.8 * turns * sum(productions[:_produce_infra(state, seat)])
    hand = len(state.hands.cards[seat]) if seat < len(state.hands.cards) else 0
    total += CARD * (0.3 + 0.7 * left) * min(hand, 8)
    total += INFRA * (left if last_era else 1.0) * sum(1 for card in player.hq.values() if card is not None)
    total += BASE * sum(1 for owner, _base in state.bases.values() if owner == seat)
    genetics, pioneer = end_bonus(state, seat)         # SC-VAR-4: only when this era ends the game
    total += genetics + pioneer
    if state.era == "E1" and not last_era:
        total += 0.3 * player.genetics_steps            # the wheel's awards still to come
    if state.era == "E3":
        colonies = sum(1 for owner, _tile in state.colonies.values() if owner == seat)
        total += tables().constants.colony_points(colonies)
    return total


def evaluate(state: GameState, seat: int) -> float:
    """The seat's projected lead in profit over the best other seat."""
    mine = projected(state, seat)
    others = [projected(state, s) for s in range(len(state.players)) if s != seat]
    return mine - (max(others) if others else 0.0)
