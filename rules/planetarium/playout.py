"""Move choice for seeded random playouts (tests and benchmarks).

Uniform random play wanders until the 400-turn cap; ``eager`` players prefer playing cards
and collecting matter, so games reach the end of the evolution track as real games do.
"""
from __future__ import annotations

import random

from .engine import MATTER_SET, PLANET_SET
from .moves import Move
from .state import GameState


def collects_matter(state: GameState, move: Move) -> bool:
    """The move ends on a collision: matter onto a planet, or a planet onto matter."""
    if move.kind != "move":
        return False
    end = state.nodes[move.path[-1]]
    return end in MATTER_SET if move.path[0] in PLANET_SET else end in PLANET_SET


def choose(state: GameState, moves: list[Move], rng: random.Random, eager: bool = True) -> Move:
    if eager:
        plays = [m for m in moves if m.kind in ("play", "final")]
        if plays and rng.random() < 0.9:
            return rng.choice(plays)
        collecting = [m for m in moves if collects_matter(state, m)]
        if collecting and rng.random() < 0.8:
            return rng.choice(collecting)
    return rng.choice(moves)
