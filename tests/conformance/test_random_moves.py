"""A computer player's rollout draws a few random moves on one state (contract
``random_moves``, issue 29): for every registered game, the same moves and the same random
numbers used as that many calls of ``random_move``, so a game that lists its candidates once
for all the draws (Gaia: a third of a rollout's cost) never changes a computer's decision."""
from __future__ import annotations

import random

import pytest

import rules

from .test_games import cases, recorded_playout, toy  # noqa: F401  (toy: the host's toy game too)


@pytest.mark.parametrize("name,players,options", cases())
def test_random_moves_are_random_move_drawn_that_many_times(name, players, options):
    game = rules.get_game(name)
    positions, played = recorded_playout(name, players, options, 2000 + players)
    checked = 0
    for state, ply in positions[::9]:
        for seat in sorted(game.waiting_for(state)):
            for count in (1, 3):
                one_by_one, together = random.Random(ply * 7 + seat), random.Random(ply * 7 + seat)
                expected = []
                for _draw in range(count):
                    move = game.random_move(state, seat, one_by_one)
                    if move is None:
                        break
                    expected.append(game.format_move(move))
                drawn = [game.format_move(move) for move in game.random_moves(state, seat, together, count)]
                where = f"{name} ply {ply} ({played[ply - 1][1] if ply else 'start'}) seat {seat}"
                assert drawn == expected, where
                assert one_by_one.random() == together.random(), where     # the same numbers used
                checked += 1
    assert checked
