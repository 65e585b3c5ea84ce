"""CPU cost of drawing the board after a move, per game, as the host pays it (a script, not a
test): ``python bench/bench_render_parts.py [--moves N] [--profile GAME]`` from the repo root.

For each game, seeded random legal moves from the start; after each move the public view is
drawn with ``bot.service.render_parts`` exactly as ``thread_board`` calls it (``shown`` =
the digests of the images the thread shows, i.e. the previous move's), in this process.
Reported per game: the median and p95 of the whole call, the median per image drawn, how
many images were encoded (changed) per move, and the PNG bytes per move.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from bot.service import render_parts  # noqa: E402

GAMES = ("planetarium", "eve", "pulsar", "spacecorp", "gaia")


def positions(name: str, moves: int, seed: int, players: int) -> list:
    game = rules.get_game(name)
    state = game.new_game(game.normalize_options({"players": players}), seed)
    rng = random.Random(seed)
    views = [game.view(state, None)]
    for _ in range(moves):
        if game.is_over(state):
            break
        waiting = sorted(game.waiting_for(state))
        if not waiting:
            break
        move = rng.choice(list(game.legal_moves(state, waiting[0])))
        state = game.apply(state, move)
        views.append(game.view(state, None))
    return views


def run(name: str, views: list, names: list[str]) -> dict:
    times, encoded, sizes, images = [], [], [], 0
    shown: dict[int, str] = {}
    render_parts(name, views[0], names, "en", {})      # warm-up: fonts, cached layers
    for view in views:
        start = time.process_time()
        parts = render_parts(name, view, names, "en", shown)
        times.append(time.process_time() - start)
        images = len(parts)
        changed = [part for part in parts if shown.get(part.position) != part.digest]
        encoded.append(len(changed))
        sizes.append(sum(len(part.data) for part in changed if part.data is not None))
        shown = {part.position: part.digest for part in parts}
    ordered = sorted(times)
    return {"median_ms": statistics.median(times) * 1000, "p95_ms": ordered[int(0.95 * (len(ordered) - 1))] * 1000,
            "mean_ms": statistics.mean(times) * 1000, "images": images,
            "encoded": statistics.mean(encoded), "kib": statistics.mean(sizes) / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--profile", help="profile this game's drawing instead (cProfile, top 30 by own time)")
    args = parser.parse_args()
    names = [f"Player {seat + 1}" for seat in range(args.players)]
    if args.profile:
        views = positions(args.profile, args.moves, args.seed, args.players)
        render_parts(args.profile, views[0], names, "en", {})
        profiler = cProfile.Profile()
        shown: dict[int, str] = {}
        profiler.enable()
        for view in views:
            shown = {part.position: part.digest for part in render_parts(args.profile, view, names, "en", shown)}
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        return
    for name in args.games.split(","):
        views = positions(name, args.moves, args.seed, args.players)
        result = run(name, views, names)
        print(f"{name:12s} {len(views):3d} positions: render_parts mean {result['mean_ms']:6.1f} ms, median "
              f"{result['median_ms']:6.1f}, p95 {result['p95_ms']:6.1f}; {result['images']} images, "
              f"{result['encoded']:.2f} encoded per move, {result['kib']:.0f} KiB per move")


if __name__ == "__main__":
    main()
