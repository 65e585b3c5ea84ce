"""Benchmark of the Gaia Project renderer (a script, not a test).

    python bench/bench_render_gaia.py [--repeats N]

Renders the final position of the 4-player recorded game ``tests/fixtures/gaia/final-scoring.json``
(every building, federation and satellite of a finished game on the board) and prints, for the
map and for the boards image: the first render (static map layer and sprites built), the median
and 95th-percentile render time with warm caches (as in the running bot), the PNG encode time
(``renderers.common.to_png``, as sent to Discord) and the PNG size.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from renderers import common  # noqa: E402
from renderers import gaia  # noqa: E402
from rules.gaia import GAME  # noqa: E402
from rules.gaia.replay import replay_fixture  # noqa: E402


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def timed(fn, repeats: int) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return times, result


def ms(x: float) -> str:
    return f"{x * 1000:7.1f} ms"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args(argv)
    fixture = json.loads((ROOT / "tests" / "fixtures" / "gaia" / "final-scoring.json").read_text("utf-8"))
    state = replay_fixture(fixture)
    view = GAME.view(state, None)
    names = ["Alice", "Bob", "Cecilia", "Dmitri"]
    print(f"Gaia renderer, final position of final-scoring.json (4 players, round {state['round']}), "
          f"{args.repeats} repeats")
    for label, fn in (("map", gaia.render_map), ("boards", gaia.render_boards)):
        start = time.perf_counter()
        image = fn(view, player_names=names)
        cold = time.perf_counter() - start
        times, image = timed(lambda: fn(view, player_names=names), args.repeats)
        enc, png = timed(lambda: common.to_png(image), max(5, args.repeats // 3))
        print(f"{label:7s} {image.size[0]}x{image.size[1]}  first {ms(cold)}  median {ms(statistics.median(times))}"
              f"  p95 {ms(p95(times))}  | PNG encode median {ms(statistics.median(enc))}"
              f"  p95 {ms(p95(enc))}  size {len(png) / 1024:6.1f} KiB")
    times, _ = timed(lambda: gaia.render(view, player_names=names), args.repeats)
    print(f"render() both images: median {ms(statistics.median(times))}  p95 {ms(p95(times))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
