"""Computer players against the baselines, per game (issue 29): ``python bench/bench_ai.py
[--games N] [--budget-ms B] [--game NAME ...] [--out FILE]``.

For each game it runs the arena (``python -m bot.arena``) twice at two players, computer
against random and computer against greedy, and once at three players against random, with N
games each (the seating rotates), and writes what it measured: wins (ties half), the
decision times, and the wall-clock of the run.  The figures depend on the machine and on how
busy it is: the README quotes them with the N and budget used.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from bot.arena import run_arena  # noqa: E402

MATCHES = (("computer", "random"), ("computer", "greedy"), ("computer", "random", "random"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--budget-ms", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--match", action="append", help="only these seat lists, e.g. computer,greedy")
    parser.add_argument("--out", help="also append the lines to this file")
    args = parser.parse_args(argv)
    matches = [tuple(m.split(",")) for m in args.match] if args.match else MATCHES
    lines = [f"# bench_ai: {args.games} games per match, budget {args.budget_ms} ms, seed {args.seed}"]
    print(lines[0], flush=True)
    for name in args.game or rules.available_games():
        game = rules.get_game(name)
        for kinds in matches:
            if len(kinds) > game.max_players:
                continue
            started = time.perf_counter()
            result = run_arena(name, kinds, args.games, args.seed, budget_ms=args.budget_ms)
            wins = {kind: result.wins.get(kind, 0.0) for kind in dict.fromkeys(kinds)}
            times = result.lines()[-1] if result.decision_ms else "-"
            line = (f"{name} {'+'.join(kinds)}: computer {wins['computer']:g} of {result.games}"
                    f" ({100 * wins['computer'] / max(1, result.games):.0f}%); {times}; "
                    f"unfinished {result.unfinished}; {time.perf_counter() - started:.0f} s")
            lines.append(line)
            print(line, flush=True)
    if args.out:
        with open(args.out, "a", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
