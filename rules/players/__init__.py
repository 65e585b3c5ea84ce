"""Computer players for every game, pure (no Discord): they decide from a seat's view only.

* :class:`RandomPlayer`: a uniformly random legal move (the game's ``random_move``).
* :class:`GreedyPlayer`: the project's baseline (issue 29): the move that maximises the
  mover's score right after it, ties broken at random.
* :class:`ComputerPlayer`: a determinized Monte Carlo search within a time (or iteration)
  budget; see :mod:`rules.players.computer`.

Every player has ``choose(game, view, seat) -> move`` and gets ``game.view(state, seat)``,
never the true state: what it imagines about hidden cards or future dice comes from
``game.sample_state``.  The host re-reads the chosen move through its text
(``parse_move(state, seat, format_move(move))``), as for a person's move.
"""
from __future__ import annotations

from typing import Any

from .basic import GreedyPlayer, Player, RandomPlayer, decision_rng
from .computer import ComputerPlayer

KINDS = ("computer", "greedy", "random")


def make_player(kind: str, seed: int = 0, budget_ms: int = 2000, iterations: int | None = None,
                **computer: Any) -> Player:
    """A player of ``kind`` (one of :data:`KINDS`) with its own seed; ``computer`` are further
    settings of a :class:`ComputerPlayer` (depth, samples, max_candidates...)."""
    if kind == "computer":
        return ComputerPlayer(budget_ms=budget_ms, seed=seed, iterations=iterations, **computer)
    if kind == "greedy":
        return GreedyPlayer(seed=seed)
    if kind == "random":
        return RandomPlayer(seed=seed)
    raise ValueError(f"unknown player kind {kind!r}; known: {', '.join(KINDS)}")


__all__ = ["KINDS", "ComputerPlayer", "GreedyPlayer", "Player", "RandomPlayer", "decision_rng", "make_player"]
