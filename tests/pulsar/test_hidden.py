"""Hidden information by construction (issue 27, item 6): a move that draws a hidden
exploration tile (EXPL-1, H-2) cannot be taken back with ``undo``."""
from __future__ import annotations

import random

from rules import get_game

GAME = get_game("pulsar")


def exploration_draws(seed: int, players: int = 3, limit: int = 4):
    """(before, move, after) of random moves that drew from the exploration pile."""
    found = []
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    while not GAME.is_over(state) and len(found) < limit:
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        move = GAME.random_move(state, seat, rng)
        after = GAME.apply(state, move)
        if len(after.exploration.pile) + len(after.exploration.discards) < \
                len(state.exploration.pile) + len(state.exploration.discards) or \
                len(after.exploration.pile) < len(state.exploration.pile):
            found.append((state, move, after))
        state = after
    return found


def test_H_2_EXPL_1_a_move_that_draws_an_exploration_tile_cannot_be_undone():
    draws = [draw for seed in (1, 2, 3, 4, 5) for draw in exploration_draws(seed)]
    assert draws, "no playout drew an exploration tile"
    for before, move, after in draws:
        assert GAME.reveals_information(before, move, after), GAME.format_move(move)
