"""A full Planetarium state consistent with one seat's view (issue 29, ``Game.sample_state``).

Hidden from a seat (see ``PlanetariumGame.view``): the other seats' hands (their sizes and how
many finals they hold are public), another seat's two drawn finals, the others' sealed setup
discard, the order of the three draw piles and the random stream.  Every card lies in exactly
one place (a hand, drawn finals, a draw pile, a discard pile, a planet's row), so the cards the
seat cannot place are dealt at random, deck by deck, to the hidden places: as many initial
and major cards to the others' hands as the public pile sizes leave over, the finals to the
hands' final slots, the drawn pair and the final pile.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rules.kit import HIDDEN, Chance

from .data import DECKS, deck_cards
from .engine import clone_state, finals_in_hand
from .state import PHASE_KEEP_FINAL, PHASE_SETUP, GameState

if TYPE_CHECKING:
    from .engine import PlanetariumGame


def sample_state(game: PlanetariumGame, view: GameState, seat: int, rng: random.Random) -> GameState:
    if view.rng is not None:            # already a full state
        return clone_state(view)
    state = clone_state(view)
    seen: set[str] = set()
    me = state.players[seat] if 0 <= seat < len(state.players) else None
    if me is not None:
        seen.update(me.hand, me.drawn_finals)
    for deck in DECKS:
        seen.update(state.discards.get(deck, []))
    for planet in state.planets.values():
        seen.update(played.card for played in planet.row)
    pools = {deck: [card for card in sorted(deck_cards(deck)) if card not in seen] for deck in DECKS}
    for pool in pools.values():
        rng.shuffle(pool)
    others = [p for p in state.players if p is not me]
    # the others' non-final hand cards: what the unseen initial and major cards leave beside the piles
    plain: list[str] = []
    for deck in ("initial", "major"):
        in_hands = max(0, len(pools[deck]) - state.deck_sizes.get(deck, 0))
        plain += pools[deck][:in_hands]
        state.decks[deck] = pools[deck][in_hands:]
    rng.shuffle(plain)
    finals = pools["final"]
    for player in others:
        hand_finals = [finals.pop() for _ in range(min(player.final_count, len(finals)))]
        hand_plain = [plain.pop() for _ in range(min(player.hand_count - player.final_count, len(plain)))]
        player.hand = hand_plain + hand_finals
        player.hand_known = True
        player.drawn_finals = [finals.pop() for _ in range(min(2, len(finals)))] \
            if state.phase == PHASE_KEEP_FINAL and player.seat == state.active else []
        if state.phase == PHASE_SETUP and player.setup_done and player.setup_discard in (None, HIDDEN):
            player.setup_discard = rng.choice(finals_in_hand(player)) if finals_in_hand(player) else None
    state.decks["final"] = finals
    state.rng = Chance(rng.getrandbits(62))
    return state
