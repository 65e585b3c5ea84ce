"""The computer player: determinized Monte Carlo search over a seat's view.

One decision:

1. the random source is a function of the seed and the view (``decision_rng``);
2. ``samples`` full states are drawn with ``game.sample_state(view, seat, rng)`` (hidden
   cards, deck orders, future dice imagined from what the seat cannot see);
3. the legal moves worth weighing (``game.search_moves``, of the first sample: the seat's own
   moves never depend on what it cannot see) are screened by their value one move ahead (``game.evaluate``); a long list is cut
   to ``max_candidates``: the best of each kind of move first (``game.move_kind``), then the
   best of the rest;
4. until the budget is spent, UCB1 picks a candidate, plays it on the next sample, then plays
   on for ``depth`` moves (every seat the game waits for, sub-steps and simultaneous
   decisions included) with a light policy: the best by ``evaluate`` of a few of the game's
   own ``random_move`` draws; the position reached is scored by ``game.evaluate`` for the
   seat (its score lead by default);
5. the candidate with the best mean wins, its one-move-ahead value counting as
   ``prior_weight`` simulations in the mean: with the few simulations a short budget affords
   (one or two a candidate), one playout that happened to go well no longer outweighs a
   move worth more at once (issue 29: Space Corp and Gaia lost games to random play so,
   e.g. a Gaia pass chosen over building with the whole round's resources unspent).

The budget is wall-clock (``budget_ms``) or, for exact replays, a number of simulations
(``iterations``): then the clock is never read for the decision, so the same seed and the
same view give the same move on any machine.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from rules.base import Game, IllegalMove

from .basic import decision_rng


@dataclass
class DecisionStats:
    """What the last decision cost: simulations run, candidates weighed, milliseconds."""

    simulations: int = 0
    candidates: int = 0
    legal: int = 0
    ms: float = 0.0


class ComputerPlayer:
    #: simulations per decision of ``deterministic=True`` without an explicit ``iterations``
    DETERMINISTIC_ITERATIONS = 200

    def __init__(self, budget_ms: int = 2000, seed: int = 0, iterations: int | None = None, *,
                 deterministic: bool = False, samples: int = 8, depth: int | None = None, max_candidates: int = 12, screen: int = 80,
                 policy_draws: int = 2, exploration: float = 0.5, prior_weight: float = 3.0):
        self.budget_ms = budget_ms
        self.seed = seed
        self.iterations = self.DETERMINISTIC_ITERATIONS if deterministic and iterations is None else iterations
        self.samples = samples
        self.depth = depth
        self.max_candidates = max_candidates
        self.screen = screen
        self.policy_draws = policy_draws
        self.exploration = exploration
        self.prior_weight = prior_weight
        self.last = DecisionStats()

    @property
    def replays_exactly(self) -> bool:
        """True when the budget is a number of simulations: the clock never changes a move."""
        return self.iterations is not None

    # ----- one decision --------------------------------------------------------------------
    def choose(self, game: Game, view: Any, seat: int) -> Any:
        started = time.perf_counter()
        deadline = started + self.budget_ms / 1000
        rng = decision_rng(self.seed, game, view, seat)
        samples = [game.sample_state(view, seat, rng)]
        moves = game.search_moves(samples[0], seat)
        self.last = DecisionStats(legal=len(moves))
        if len(moves) <= 1:
            self.last.ms = (time.perf_counter() - started) * 1000
            return moves[0] if moves else None
        candidates = self._candidates(game, samples[0], seat, moves, rng,
                                      None if self.iterations is not None else deadline)
        self.last.candidates = len(candidates)
        if len(candidates) == 1:
            self.last.ms = (time.perf_counter() - started) * 1000
            return candidates[0][0]
        players = len(game.scores(samples[0]))
        depth = self.depth if self.depth is not None else 4 * players
        if self.iterations is None:                 # a time budget: as deep as it affords
            depth = self._affordable_depth(game, samples[0], seat, candidates, depth, deadline, rng)
            if depth < 0:
                self.last.ms = (time.perf_counter() - started) * 1000
                return candidates[0][0]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        low, high = math.inf, -math.inf
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
            index = self._select(totals, counts, done, high - low if high > low else 1.0)
            if done // len(candidates) >= len(samples) and len(samples) < self._samples(game):
                samples.append(game.sample_state(view, seat, rng))
            state = samples[(done // len(candidates)) % len(samples)] if counts[index] == 0 \
                else samples[counts[index] % len(samples)]
            value = self._simulate(game, state, seat, candidates[index][0], depth, rng,
                                   None if self.iterations is not None else deadline)
            totals[index] += value
            counts[index] += 1
            low, high = min(low, value), max(high, value)
            done += 1
        self.last.simulations = done
        weight = self.prior_weight
        best = max(range(len(candidates)),
                   key=lambda i: (((totals[i] + weight * candidates[i][1]) / (counts[i] + weight))
                                  if counts[i] else candidates[i][1] - 1e9,
                                  counts[i], candidates[i][1]))
        self.last.ms = (time.perf_counter() - started) * 1000
        return candidates[best][0]

    def _select(self, totals: list[float], counts: list[int], done: int, spread: float) -> int:
        for index, count in enumerate(counts):
            if count == 0:
                return index
        log_n = math.log(done + 1)
        return max(range(len(counts)),
                   key=lambda i: totals[i] / counts[i] + self.exploration * spread * math.sqrt(log_n / counts[i]))

    def _samples(self, game: Game) -> int:
        """How many sampled states to think over: one when nothing is hidden and nothing is
        left to chance (every sample would be the view itself)."""
        kind = game.game_type
        return self.samples if kind is None or kind.hidden_information or kind.chance else 1

    def _candidates(self, game: Game, state: Any, seat: int, moves: list[Any],
                    rng: random.Random, deadline: float | None = None) -> list[tuple[Any, float]]:
        """(move, value one move ahead) of the moves worth searching, best first (a time
        budget spent half way stops the screening: the moves screened so far compete)."""
        if len(moves) > self.screen:
            moves = rng.sample(moves, self.screen)
        halfway = None if deadline is None else time.perf_counter() + (deadline - time.perf_counter()) / 2
        scored: list[tuple[Any, float, str]] = []
        for move in moves:
            if halfway is not None and scored and time.perf_counter() >= halfway:
                break
            try:
                after = game.apply(state, move)
            except IllegalMove:
                continue
            scored.append((move, game.evaluate(after, seat), game.move_kind(game.format_move(move))))
        if not scored:
            return [(moves[0], 0.0)]
        rng.shuffle(scored)                         # ties: random
        scored.sort(key=lambda item: -item[1])
        if len(scored) <= self.max_candidates:
            return [(move, value) for move, value, _kind in scored]
        chosen: list[tuple[Any, float]] = []
        seen_kinds: set[str] = set()
        rest = []
        for move, value, kind in scored:            # the best of each kind first
            if kind not in seen_kinds and len(chosen) < self.max_candidates // 2:
                seen_kinds.add(kind)
                chosen.append((move, value))
            else:
                rest.append((move, value))
        chosen += rest[:self.max_candidates - len(chosen)]
        return chosen

    # ----- one simulation ------------------------------------------------------------------
    def _affordable_depth(self, game: Game, state: Any, seat: int, candidates: list[tuple[Any, float]],
                          depth: int, deadline: float, rng: random.Random) -> int:
        """The rollout depth the time left affords (each candidate simulated a few times on
        different samples, each step costing about what the measured ones did); 0: the candidates are only weighed one move ahead, on several
        samples; -1: no time is left at all, the best move one ply ahead is the answer."""
        started = time.perf_counter()
        after = game.apply(state, candidates[0][0])
        steps = 0
        for _ply in range(2):
            if game.is_over(after) or not game.waiting_for(after):
                break
            nxt = self._policy(game, after, min(game.waiting_for(after)), rng)
            if nxt is None:
                break
            after, steps = nxt, steps + 1
        step = (time.perf_counter() - started) / (steps + 1)
        left = deadline - time.perf_counter()
        wanted = 2 * len(candidates)
        if left <= 0:
            return -1
        return max(0, min(depth, int(left / (wanted * step))))

    def _simulate(self, game: Game, state: Any, seat: int, move: Any, depth: int, rng: random.Random,
                  deadline: float | None = None) -> float:
        try:
            state = game.apply(state, move)
        except IllegalMove:
            return -1e6
        for _ply in range(depth):
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if game.is_over(state):
                break
            waiting = sorted(game.waiting_for(state))
            if not waiting:
                break
            mover = rng.choice(waiting)
            after = self._policy(game, state, mover, rng)
            if after is None:
                break
            state = after
        return game.evaluate(state, seat)

    def _policy(self, game: Game, state: Any, mover: int, rng: random.Random) -> Any | None:
        """The state after the mover's best (by ``evaluate``) of a few random draws."""
        best, best_value = None, -math.inf
        drawn: list[Any] = []
        for move in game.random_moves(state, mover, rng, self.policy_draws):
            if move in drawn:               # drawn again: apply is pure, the same state and value
                continue
            drawn.append(move)
            try:
                after = game.apply(state, move)
            except IllegalMove:
                continue
            value = game.evaluate(after, mover)
            if value > best_value:
                best, best_value = after, value
        return best
