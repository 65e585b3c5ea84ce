"""Benchmark of the Planetarium board renderer (a script, not a test).

    python bench/bench_render.py [--repeats N]

Prints the median and 95th-percentile time to render the board for an initial and a late
position (label layout recomputed each time, as after a planet move; the board background
is cached as in the bot), to encode it as PNG (optimised, as sent to Discord, and at zlib level 6), and the
PNG sizes in KiB.  Positions come from seeded random legal moves, so runs are comparable.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderers import common  # noqa: E402
from renderers import planetarium  # noqa: E402
from renderers.planetarium import render  # noqa: E402
from rules.planetarium import GAME  # noqa: E402
from tests.renderers.playout import playout  # noqa: E402


def late_position(players: int = 4, seed: int = 5):
    """A position in the last round of a game between greedy seeded players: full card
    rows, the track at F, acceleration on."""
    return playout(players, seed, rseed=seed, until=lambda state: state.last_round)


def timed(fn, repeats: int) -> tuple[list[float], object]:
    result = fn()                      # warm-up (font loading, cached board background)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return times, result


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()

    initial = GAME.view(GAME.new_game({"players": 4}, 1), None)
    late_state = late_position()
    late = GAME.view(late_state, None)
    played = sum(len(p.row) for p in late.planets.values())
    print(f"late position: turn {late.turn_no}, phase {late.phase}, {played} cards played, "
          f"track {len(late.track)}/30 + F {len(late.final_space)}")
    print(f"{args.repeats} repeats each\n")

    for label, view in (("initial", initial), ("late", late)):
        def fresh_render(view=view):
            # every move of a planet changes the label layout: time it without that cache
            planetarium.labels_around_planets.cache_clear()
            return render(view, player_names=["Anna", "Bence", "Csilla", "Dóra"])

        render_times, image = timed(fresh_render, args.repeats)
        print(f"{label:8s} render        {summary(render_times)}   {image.width}x{image.height}")
        for name, optimize in (("png (palette)", True), ("png lossless", False)):
            png_times, png = timed(lambda: common.to_png(image, optimize=optimize), max(5, args.repeats // 3))
            print(f"{label:8s} {name:13s} {summary(png_times)}   {len(png) / 1024:6.1f} KiB")
    print()


if __name__ == "__main__":
    main()
