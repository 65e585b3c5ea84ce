"""A full EVE: Conquests state consistent with one seat's view (issue 29, ``Game.sample_state``).

Hidden from a seat (``EveGame.view``): the others' design cards (how many of each deck each
holds is public, EVE-BOT-2), the order of the three design decks, the face-down region cards
of the political squares, another seat's Streamlined Supply pair and Long-range Planning
peek, the other side's sealed dice selection, and the random streams.  Design cards lie in a
hand, a deck's pile or discards, or under a tile on an empire's card; region cards in a
square's pile or in front of an empire.  The cards the seat cannot place are dealt at random
to the hidden places of their own deck or nebula; a sealed dice selection is drawn among the
legal ones that agree with the public answer to an intel question (EVE-CMB-5).
"""
from __future__ import annotations

import random
from typing import Any

from rules.kit import HIDDEN, Streams

from .data import NEBULAE, tables
from .common import clone_state
from .state import GameState


def sample_state(game: Any, view: GameState, seat: int, rng: random.Random) -> GameState:
    state = clone_state(view)
    if view.streams is not None:        # already a full state
        return state
    tab = tables()
    _deal_design_cards(state, seat, rng, tab)
    _deal_region_cards(state, rng, tab)
    _seal_dice(state, seat, rng)
    state.streams = Streams(rng.getrandbits(62))
    return state


def _deal_design_cards(state: GameState, seat: int, rng: random.Random, tab: Any) -> None:
    seen = {card for card in state.hands.cards[seat] if card != HIDDEN} if 0 <= seat < len(state.hands.cards) else set()
    for deck in state.decks.values():
        seen.update(deck.discards)
        seen.update(card for card in deck.pile if card != HIDDEN)
    for player in state.players:
        seen.update(player.tile_cards)
    pools: dict[str, list[str]] = {}
    for card in sorted(tab.cards):
        if card not in seen:
            pools.setdefault(tab.cards[card].deck, []).append(card)
    for pool in pools.values():
        rng.shuffle(pool)
    rnd = state.round
    known_top: dict[str, list[str]] = {}
    if rnd is not None and rnd.peek and HIDDEN not in rnd.peek and rnd.peek_deck is not None:
        known_top[rnd.peek_deck] = list(rnd.peek)      # the seat's own peek: the pile's top cards
    for other, hand in enumerate(state.hands.cards):
        if HIDDEN not in hand:
            continue
        dealt: list[str] = []
        for kind, count in sorted(state.hand_sizes[other].items()):
            pool = pools.get(kind, [])
            dealt += [pool.pop() for _ in range(min(count, len(pool)))]
        state.hands.cards[other] = dealt
    for kind, deck in state.decks.items():
        top = known_top.get(kind, [])
        hidden = [card for card in deck.pile if card == HIDDEN]
        rest = [card for card in pools.get(kind, []) if card not in top]
        deck.pile = top + rest[:len(hidden) - len(top)] if top else rest[:len(hidden)] + \
            [card for card in deck.pile if card != HIDDEN]
    if rnd is not None and rnd.peek and HIDDEN in rnd.peek and rnd.peek_deck is not None:
        rnd.peek = state.decks[rnd.peek_deck].pile[:len(rnd.peek)]
    if rnd is not None and rnd.pending_keep and HIDDEN in rnd.pending_keep:
        hand = state.hands.cards[rnd.seat]
        by_deck: dict[str, list[str]] = {}
        for card in hand:
            by_deck.setdefault(tab.cards[card].deck, []).append(card)
        fitting = [cards for _kind, cards in sorted(by_deck.items()) if len(cards) >= len(rnd.pending_keep)]
        source = rng.choice(fitting) if fitting else hand
        rnd.pending_keep = rng.sample(source, min(len(rnd.pending_keep), len(source)))


def _deal_region_cards(state: GameState, rng: random.Random, tab: Any) -> None:
    seen = {card for square in state.squares.values() for card in square.pile if card != HIDDEN}
    for player in state.players:
        seen.update(player.region_cards)
    for nebula in NEBULAE:
        pool = [code for code in sorted(state.regions) if tab.regions[code].nebula == nebula and code not in seen]
        rng.shuffle(pool)
        for name, square in sorted(state.squares.items()):
            if not name.lower().startswith(nebula):
                continue
            square.pile = [pool.pop() if card == HIDDEN and pool else card for card in square.pile]


def _seal_dice(state: GameState, seat: int, rng: random.Random) -> None:
    combat = state.combat
    if combat is None:
        return
    choices: dict[int, Any] = combat.dice.choices          # a view holds HIDDEN (a clone: ["?"])
    for other, choice in list(choices.items()):
        if choice != HIDDEN and HIDDEN not in choice:
            continue
        strength = combat.strength.get(other, 0)
        options = [[d, s, t] for d in range(min(5, strength) + 1) for s in range(min(5, strength - d) + 1)
                   for t in range(min(5, strength - d - s) + 1)]
        if combat.question is not None and combat.answer is not None and other != combat.intel:
            index = "dst".index(combat.question)
            options = [option for option in options if option[index] == combat.answer] or options
        combat.dice.choices[other] = rng.choice(options)
