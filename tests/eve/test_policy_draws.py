"""The computer's playout policy (issue 29, speed): a move drawn twice is applied and weighed
once (apply is pure: the same state and value), so a decision chooses what it chose when every
draw was applied, with fewer applies."""
from __future__ import annotations

import math
import random
from typing import Any

from rules.base import Game, IllegalMove
from rules.eve import GAME
from rules.players import ComputerPlayer


class EveryDraw(ComputerPlayer):
    """The policy as it was: every draw applied and weighed, duplicates too."""

    def _policy(self, game: Game, state: Any, mover: int, rng: random.Random) -> Any | None:
        best, best_value = None, -math.inf
        for _draw in range(self.policy_draws):
            move = game.random_move(state, mover, rng)
            if move is None:
                break
            try:
                after = game.apply(state, move)
            except IllegalMove:
                continue
            value = game.evaluate(after, mover)
            if value > best_value:
                best, best_value = after, value
        return best


def test_a_move_drawn_twice_is_weighed_once_and_the_decision_is_the_same(monkeypatch):
    state = GAME.new_game({"players": 2}, 11)
    rng = random.Random(11)
    applies = [0, 0]
    apply = type(GAME).apply

    def counted(which: int):
        def count(game: Any, position: Any, move: Any) -> Any:
            applies[which] += 1
            return apply(game, position, move)
        return count

    for _turn in range(24):
        seat = min(GAME.waiting_for(state))
        view = GAME.view(state, seat)
        monkeypatch.setattr(type(GAME), "apply", counted(0))
        chosen = ComputerPlayer(seed=3, iterations=6).choose(GAME, view, seat)
        monkeypatch.setattr(type(GAME), "apply", counted(1))
        expected = EveryDraw(seed=3, iterations=6).choose(GAME, view, seat)
        monkeypatch.setattr(type(GAME), "apply", apply)
        assert chosen == expected
        state = GAME.apply(state, GAME.random_move(state, seat, rng) if seat else chosen)
    assert applies[0] < applies[1]
