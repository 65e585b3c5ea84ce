"""What a move reveals (§9.4) so that undo cannot be used to learn it: a new era's hands and
Offer (SC-SETUP-26..29), and in fast mode whether a waiting Edge holder is kept or skipped."""
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


def test_SC_EDGE_3_fast_mode_a_decline_that_leaves_a_holder_waiting_reveals_their_hand():
    """Fast mode asks only holders of an Edge that can still act (§9.3): after a decline,
    whether the next player is kept waiting or skipped tells what their hand holds, either way,
    so the decline cannot be taken back and made again knowing it (found by the conformance
    suite's undo check on a reordered playout)."""
    from rules.spacecorp.moves import Decline

    found = 0
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = GAME.new_game({"players": 3, "eras": "3", "windows": "fast"}, seed)
        while not GAME.is_over(state) and found < 3:
            seat = rng.choice(sorted(GAME.waiting_for(state)))
            move = GAME.random_move(state, seat, rng)
            after = GAME.apply(state, move)
            if isinstance(move, Decline) and after.windows and after.windows[-1].waiting:
                found += 1
                assert GAME.reveals_information(state, move, after)
            state = after
        if found >= 3:
            break
    assert found
