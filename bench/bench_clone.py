"""Microseconds per copy of a mid-game state: each game's ``clone_state`` (the kit's generated
copy, :func:`rules.kit.clone`) against the hand-written copy it replaced (kept in
tests/kit/legacy; Gaia's was pickle) and ``copy.deepcopy``.  The copy is on the computer players' hot path: every
simulated move copies the state.

Run from the project root: ``python bench/bench_clone.py [--plies 200] [--players 3]``.

Measured 2026-11-27 on the shared 2-core machine (noisy; µs per copy, 3 players, ply 200):
pulsar 223 -> 106, spacecorp 63 -> 49, eve 457 -> 291, planetarium 160 -> 73 (kit/hand
0.46-0.78; with 4 players at ply 400: 0.56-0.67); ``copy.deepcopy`` is 10-20x the kit's.
Gaia (its TypedDict state through the kit instead of pickle, 2026-11-27): 3 players ply 200
206 -> 38, ply 400 151 -> 47; 4 players ply 300 418 -> 63; 2 players ply 100 198 -> 33
(kit/pickle 0.15-0.31).
"""
from __future__ import annotations

import argparse
import copy
import importlib
import random
import sys
import timeit
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402

# where each game's clone_state lives
CLONES = {"pulsar": "rules.pulsar.state", "spacecorp": "rules.spacecorp.state", "eve": "rules.eve.common",
          "planetarium": "rules.planetarium.engine", "gaia": "rules.gaia.state"}


def mid_game(name: str, players: int, plies: int, seed: int = 7) -> Any:
    """The state after ``plies`` random moves (or the last one before the end)."""
    game = rules.get_game(name)
    state = game.new_game(game.normalize_options({"players": players}), seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over(state):
            break
        seat = rng.choice(sorted(game.waiting_for(state)))
        move = game.random_move(state, seat, rng)
        if move is None:
            break
        after = game.apply(state, move)
        if game.is_over(after):
            break
        state = after
    return state


def per_call(fn: Callable[[Any], Any], state: Any, repeat: int = 5) -> float:
    """Best of ``repeat`` timings, in microseconds per call."""
    timer = timeit.Timer(lambda: fn(state))
    number, _ = timer.autorange()
    return min(timer.repeat(repeat, number)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=list(CLONES))
    args = parser.parse_args()
    print(f"{'game':<12} {'hand-written':>12} {'kit':>8} {'kit/hand':>8} {'deepcopy':>9}   (µs per copy, "
          f"{args.players} players, ply {args.plies})")
    for name in args.games:
        state = mid_game(name, args.players, args.plies)
        hand = importlib.import_module(f"tests.kit.legacy.{name}").clone_state
        kit = importlib.import_module(CLONES[name]).clone_state
        kit(state)      # build the copy functions outside the timing
        t_hand, t_kit, t_deep = per_call(hand, state), per_call(kit, state), per_call(copy.deepcopy, state)
        print(f"{name:<12} {t_hand:>12.1f} {t_kit:>8.1f} {t_kit / t_hand:>8.2f} {t_deep:>9.1f}")


if __name__ == "__main__":
    main()
