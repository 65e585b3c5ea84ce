"""The player protocol and the two baselines (random, greedy)."""
from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Protocol

from rules.base import Game, IllegalMove
from rules.messages import without_texts


class Player(Protocol):
    def choose(self, game: Game, view: Any, seat: int) -> Any:
        """A legal move for ``seat`` given ``view`` = ``game.view(state, seat)``."""


def decision_rng(seed: int, game: Game, view: Any, seat: int) -> random.Random:
    """The random source of one decision: a function of the player's seed and what the seat
    sees, so the same seed and the same position give the same move on every machine (string
    seeding hashes with SHA-512), whatever the hidden parts of the true state are.  Texts are
    not the position (``without_texts``): a reworded or added news line leaves a seeded game,
    a console transcript with a computer, playing the same moves."""
    seen = json.dumps(without_texts(game.dump_state(view)), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{seat}/{seen}".encode()).hexdigest()
    return random.Random(f"{seed}/{digest}")


class RandomPlayer:
    """A random legal move, as the game's ``random_move`` draws it (on a sampled state)."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        rng = decision_rng(self.seed, game, view, seat)
        state = game.sample_state(view, seat, rng)
        return game.random_move(state, seat, rng)


def one_ply(game: Game, state: Any, seat: int, move: Any) -> float | None:
    """The seat's score right after ``move`` (None: the move is refused in ``state``)."""
    try:
        after = game.apply(state, move)
    except IllegalMove:
        return None
    return float(game.scores(after)[seat])


class GreedyPlayer:
    """Issue 29's baseline: the legal move that maximises the mover's score right after it
    (one move of lookahead on a state sampled from its view), ties broken at random."""

    def __init__(self, seed: int = 0, max_moves: int = 400):
        self.seed = seed
        self.max_moves = max_moves

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        rng = decision_rng(self.seed, game, view, seat)
        state = game.sample_state(view, seat, rng)
        moves = list(game.legal_moves(state, seat))
        if not moves:
            return None
        if len(moves) > self.max_moves:
            moves = rng.sample(moves, self.max_moves)
        best: list[Any] = []
        best_score = float("-inf")
        for move in moves:
            score = one_ply(game, state, seat, move)
            if score is None:
                continue
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return rng.choice(best) if best else rng.choice(moves)
