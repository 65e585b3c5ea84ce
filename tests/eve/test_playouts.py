"""Seeded random EVE games reach their end with every invariant kept after every move: Vision
for each player count (Trinity is played by the conformance suite), and Impending Doom."""
from __future__ import annotations

import random

import pytest

from rules.eve import GAME
from rules.eve.engine import vp


@pytest.mark.slow
@pytest.mark.parametrize("players,options", [(2, {"end": "vision", "vp_target": 4}),
                                             (3, {"end": "vision", "vp_target": 4}),
                                             (4, {"end": "vision", "vp_target": 4}),
                                             (4, {"impending_doom": True})])
def test_EVE_END_random_games_end_with_the_invariants(players, options):
    state = GAME.new_game({"players": players, **options}, 20 + players)
    rng = random.Random(players)
    kinds = set()
    for _ in range(4000):
        if GAME.is_over(state):
            break
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        move = GAME.random_move(state, seat, rng)
        kinds.add(move.kind)
        state = GAME.apply(state, move)
        assert GAME.invariants(state) == [], GAME.format_move(move)
    assert GAME.is_over(state) and state.end_reason in ("vision", "year_limit", "years")
    assert GAME.scores(state) == [vp(state, seat) for seat in range(players)]
    assert GAME.winners(state) == [s for s, score in enumerate(GAME.scores(state)) if score == max(GAME.scores(state))]
    assert {"expand", "build", "move", "attack", "draw", "end"} <= kinds
