"""Planetarium rules-core timings: apply, legal_moves and whole random games for 2/3/4 players.

Run from the repository root:  python bench/bench_planetarium_rules.py [games per player count]
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import get_game  # noqa: E402
from rules.planetarium.playout import choose  # noqa: E402

GAME = get_game("planetarium")


def one_game(players: int, seed: int, apply_times: list[float], legal_times: list[float]) -> tuple[float, int, int]:
    rng = random.Random(seed)
    start = time.perf_counter()
    state = GAME.new_game({"players": players}, seed)
    moves = 0
    while not GAME.is_over(state):
        seat = min(GAME.waiting_for(state))
        t0 = time.perf_counter()
        legal = GAME.legal_moves(state, seat)
        t1 = time.perf_counter()
        move = choose(state, legal, rng)
        t2 = time.perf_counter()
        state = GAME.apply(state, move)
        t3 = time.perf_counter()
        legal_times.append(t1 - t0)
        apply_times.append(t3 - t2)
        moves += 1
    return time.perf_counter() - start, moves, state.turn_no


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"Planetarium rules benchmark: {games} random games per player count (Python {sys.version.split()[0]})")
    print(f"{'players':>7} {'apply mean':>11} {'apply med':>10} {'legal mean':>11} {'legal med':>10} "
          f"{'game mean':>10} {'game med':>9} {'moves/game':>10} {'turns/game':>10}")
    for players in (2, 3, 4):
        apply_times: list[float] = []
        legal_times: list[float] = []
        game_times, move_counts, turn_counts = [], [], []
        for seed in range(games):
            elapsed, moves, turns = one_game(players, seed, apply_times, legal_times)
            game_times.append(elapsed)
            move_counts.append(moves)
            turn_counts.append(turns)
        us = 1e6
        print(f"{players:>7} {statistics.mean(apply_times) * us:>9.0f}us {statistics.median(apply_times) * us:>8.0f}us "
              f"{statistics.mean(legal_times) * us:>9.0f}us {statistics.median(legal_times) * us:>8.0f}us "
              f"{statistics.mean(game_times) * 1000:>8.1f}ms {statistics.median(game_times) * 1000:>7.1f}ms "
              f"{statistics.mean(move_counts):>10.0f} {statistics.mean(turn_counts):>10.0f}")


if __name__ == "__main__":
    main()
