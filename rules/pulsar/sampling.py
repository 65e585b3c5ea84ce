"""A full Pulsar 2849 state consistent with one seat's view (issue 29, ``Game.sample_state``).

Hidden from everyone (H-2, ``PulsarGame.view``): the face-down system tiles and the unseen
17th tile, the transmitter stack below its visible top, the exploration pile's order, the
others' sealed HQ sides (P-SETUP-17) and the random streams (future dice).  The tiles nobody
has seen are dealt at random to the hidden places: system tiles to the face-down systems and
the box; transmitters by the stack's letter layout (A on top, then B, then C, P-SETUP-15: the
stack only ever loses its top three, so each position's letter is known); exploration tiles
to the pile; a sealed HQ side is one of the two sides.
"""
from __future__ import annotations

import random
from typing import Any

from rules.kit import HIDDEN, Streams

from .data import tables
from .state import GameState, clone_state


def sample_state(game: Any, view: GameState, seat: int, rng: random.Random) -> GameState:
    state = clone_state(view)
    if view.streams is not None:        # already a full state
        return state
    tab = tables()
    # system tiles: the face-down ones and the box
    seen = {system.tile for system in state.systems.values() if system.tile != HIDDEN}
    pool = [tile for tile in sorted(tab.systems) if tile not in seen]
    rng.shuffle(pool)
    for _location, system in sorted(state.systems.items()):
        if system.tile == HIDDEN and pool:
            system.tile = pool.pop()
    if state.unseen_tile == HIDDEN and pool:
        state.unseen_tile = pool.pop()
    # the transmitter stack: each position keeps its letter
    seen = set(state.offer) | {t for t in state.transmitters if t != HIDDEN}
    for player in state.players:
        seen.update(own.tile for own in player.transmitters)
    letters = [tab.transmitters[t].letter for t in sorted(tab.transmitters)]
    layout = sorted(letters)                                  # the whole stack, A first
    by_letter: dict[str, list[str]] = {}
    for tile in sorted(tab.transmitters):
        if tile not in seen:
            by_letter.setdefault(tab.transmitters[tile].letter, []).append(tile)
    for tiles in by_letter.values():
        rng.shuffle(tiles)
    offset = len(layout) - len(state.transmitters)
    stack = []
    for index, tile in enumerate(state.transmitters):
        if tile == HIDDEN:
            letter = layout[offset + index] if 0 <= offset + index < len(layout) else ""
            choices = by_letter.get(letter) or next((tiles for tiles in by_letter.values() if tiles), [])
            tile = choices.pop() if choices else tile
        stack.append(tile)
    state.transmitters = stack
    # the exploration pile
    deck = state.exploration
    seen = set(deck.discards) | {t for t in deck.pile if t != HIDDEN}
    for player in state.players:
        seen.update(player.kept_exploration)
    unseen = [tile for tile in sorted(tab.exploration) if tile not in seen]
    rng.shuffle(unseen)
    deck.pile = [unseen.pop() if card == HIDDEN and unseen else card for card in deck.pile]
    # sealed HQ sides
    sealed: dict[int, Any] = state.hq_choice.choices        # a view holds HIDDEN for the others
    for other, choice in list(sealed.items()):
        if choice == HIDDEN:
            sealed[other] = rng.choice((1, 2))
    state.streams = Streams(rng.getrandbits(62))
    return state
