"""§9.4 / SC-SETUP-26..29: a new era's hands and Offer are dealt face up to their owners and
the table, so the move that opens an era reveals information and cannot be taken back (else a
player could undo it and play the era's last move again knowing the next era's cards)."""
import random

from rules.spacecorp.engine import GAME
from rules.spacecorp.setup import _deal


def test_SC_SETUP_26_dealing_an_era_is_recorded_as_revealed():
    state = GAME.new_game({"players": 2, "eras": "1-3"}, 4)
    before = state.streams.copy()
    state.era = "E2"
    state.hands.cards = [[] for _ in state.hands.cards]
    _deal(GAME, state, ["T1", "T2"])
    assert state.streams.revealed > before.revealed


def test_SC_SETUP_26_every_move_that_opens_an_era_reveals_information():
    rng = random.Random(3)
    state = GAME.new_game({"players": 2, "eras": "1-3"}, 3)
    opened = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        move = GAME.random_move(state, seat, rng)
        after = GAME.apply(state, move)
        if after.era != state.era:
            opened += 1
            assert GAME.reveals_information(state, move, after), GAME.format_move(move)
        state = after
    assert opened == 2
