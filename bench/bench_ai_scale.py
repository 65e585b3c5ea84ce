"""The computer players' strength at the issue's scale (issue 29), with a simulation count
instead of a time budget, so the figures do not depend on how busy the machine is:

    python bench/bench_ai_scale.py [--budget 300|2000] [--game NAME ...] [--log FILE]
                                   [--until HH:MM] [--fraction F] [--table]
                                   [--match SEATS/PLAYERS=GAMES ...] [--indices I,J]

For each game it plays, as ``python -m bot.arena GAME ... --iterations N`` would:

    computer,random   2 players  50 games   target: computer wins >= 95%
    computer,greedy   2 players  50 games   target: >= 70%
    computer,random   3 players  20 games   target: >= 80%

N is the game's simulation count that costs about ``--budget`` ms of CPU per decision on
one core (``ITERATIONS``, measured with ``--calibrate``).  Every finished game is appended
to the log (one JSON line), and a run skips the games already there, so the run can be cut
and resumed; games are played round-robin over the matches (game 0 of every match, then
game 1, ...), so a run stopped by ``--until`` (UTC) leaves every match with a like sample.
``--match computer,random/2=20`` plays only that match (and that many games); ``--indices
24,27`` only those games of each match (a lost game replayed after a change; with
``--match``, only those below the match's number of games, so two runs can split the
matches by even and odd games).
``--table`` only prints the table from the log.  Wins count as in the arena (a tie between
kinds: half each; the percentage is of the games played).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from bot.arena import ArenaResult, run_arena, seating_for  # noqa: E402
from rules.players import ComputerPlayer, make_player  # noqa: E402

#: (seat kinds, players, games, the issue's target share of wins for the computer)
MATCHES: tuple[tuple[tuple[str, ...], int, int, float], ...] = (
    (("computer", "random"), 2, 50, 0.95),
    (("computer", "greedy"), 2, 50, 0.70),
    (("computer", "random"), 3, 20, 0.80),
)

#: simulations per decision costing about 300 ms / 2 s of CPU in the opening decisions on
#: this project's 2-core machine (``--calibrate``, 2026-11-26; the cost per simulation is
#: a rollout of 4 x players moves).  Fastest game first.
ITERATIONS: dict[int, dict[str, int]] = {
    300: {"pulsar": 10, "spacecorp": 7, "gaia": 5, "eve": 28, "planetarium": 10},
    2000: {"pulsar": 60, "spacecorp": 90, "gaia": 33, "eve": 210, "planetarium": 60},
}
GAMES = ("pulsar", "spacecorp", "gaia", "eve", "planetarium")
DEFAULT_LOG = Path(__file__).resolve().parent / "bench_ai_scale.jsonl"


def match_key(game: str, kinds: tuple[str, ...], players: int, iterations: int, seed: int) -> str:
    return f"{game} {','.join(kinds)} p{players} it{iterations} s{seed}"


def read_log(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def play(game: str, kinds: tuple[str, ...], players: int, iterations: int, seed: int, index: int) -> dict[str, Any]:
    """Game ``index`` of the match, exactly as ``python -m bot.arena`` plays it."""
    started = time.perf_counter()
    result = run_arena(game, kinds, 1, seed, iterations=iterations, players=players, first=index)
    return {"key": match_key(game, kinds, players, iterations, seed), "game": game, "kinds": list(kinds),
            "players": players, "iterations": iterations, "seed": seed, "index": index,
            "seating": seating_for(kinds, players, index), "scores": result.scores[0],
            "computer": result.wins.get("computer", 0.0), "unfinished": result.unfinished,
            "ms": [round(x, 1) for x in result.decision_ms], "cpu": [round(x, 1) for x in result.decision_cpu_ms],
            "wall_s": round(time.perf_counter() - started, 1)}


def table(records: list[dict[str, Any]], games: list[str], budget: int, seed: int) -> list[str]:
    lines = [f"{'game':<12}{'seats':<17}{'p':>2}{'it':>5}  {'computer won':<16}{'target':>7}  "
             f"{'decision wall ms med/max':<25}{'CPU ms med/max':<16}{'unfin.':>6}"]
    for game in games:
        iterations = ITERATIONS[budget][game]
        for kinds, players, wanted, target in MATCHES:
            key = match_key(game, kinds, players, iterations, seed)
            rows = sorted((r for r in records if r["key"] == key), key=lambda r: r["index"])
            if not rows:
                continue
            result = ArenaResult(list(kinds))
            for row in rows:
                if row["unfinished"]:
                    result.games += 1
                    result.unfinished += 1
                else:
                    result.games += 1
                    result.wins["computer"] = result.wins.get("computer", 0.0) + row["computer"]
            won = result.wins.get("computer", 0.0)
            share = won / result.games
            ms = [x for r in rows for x in r["ms"]]
            cpu = [x for r in rows for x in r["cpu"]]
            mark = "ok" if share >= target else "MISS"
            lines.append(f"{game:<12}{','.join(kinds):<17}{players:>2}{iterations:>5}  "
                         f"{f'{won:g} of {result.games} ({100 * share:.0f}%)':<16}{f'{100 * target:.0f}%':>5} {mark:<4}"
                         f"{f'{statistics.median(ms):.0f} / {max(ms):.0f}' if ms else '-':<25}"
                         f"{f'{statistics.median(cpu):.0f} / {max(cpu):.0f}' if cpu else '-':<16}"
                         f"{result.unfinished:>6}" + ("" if len(rows) >= wanted else f"   ({len(rows)} of {wanted} games)"))
    return lines


def tasks(games: list[str], budget: int, fraction: float, matches: dict[tuple[tuple[str, ...], int], int] | None = None,
          indices: list[int] | None = None) -> list[tuple[str, tuple[str, ...], int, int, int]]:
    """(game, kinds, players, iterations, game index) in playing order: round-robin over the
    matches, game 0 of each first.  ``matches``: only these (seat kinds, players), each with
    its own number of games; ``indices``: only these games of each match."""
    chosen = [(kinds, players, matches[(kinds, players)] if matches else round(wanted * fraction))
              for kinds, players, wanted, _t in MATCHES if not matches or (kinds, players) in matches]
    longest = max((count for _k, _p, count in chosen), default=0)
    order = indices if indices is not None else list(range(longest))
    return [(game, kinds, players, ITERATIONS[budget][game], index)
            for index in order for game in games for kinds, players, count in chosen
            if (indices is not None and matches is None) or index < max(1, count)]


def parse_match(text: str) -> tuple[tuple[tuple[str, ...], int], int]:
    """``computer,random/2=20``: (seat kinds, players) and the number of games."""
    seats, _, rest = text.partition("/")
    players, _, games = rest.partition("=")
    return (tuple(seats.split(",")), int(players)), int(games)


def calibrate(game_name: str, iterations: int, decisions: int, seed: int) -> str:
    """The CPU ms of the first ``decisions`` searched decisions of one 2-player game against random."""
    game = rules.get_game(game_name)
    state = game.new_game(game.normalize_options({"players": 2}), seed)
    seats = [make_player("computer", seed=seed, iterations=iterations), make_player("random", seed=seed + 1)]
    cpu: list[float] = []
    while not game.is_over(state) and len(cpu) < decisions:
        seat = min(game.waiting_for(state))
        player = seats[seat]
        started = time.process_time()
        move = player.choose(game, game.view(state, seat), seat)
        if isinstance(player, ComputerPlayer) and player.last.simulations:
            cpu.append((time.process_time() - started) * 1000)
        state = game.apply(state, game.parse_move(state, seat, game.format_move(move)))
    return (f"{game_name} iterations {iterations}: CPU ms per decision median {statistics.median(cpu):.0f}, "
            f"max {max(cpu):.0f} over {len(cpu)} decisions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, choices=sorted(ITERATIONS), default=300,
                        help="the time budget the simulation counts stand for")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG)
    parser.add_argument("--until", help="UTC HH:MM: start no game after it")
    parser.add_argument("--fraction", type=float, default=1.0, help="play this share of each match's games")
    parser.add_argument("--match", action="append", type=parse_match, metavar="SEATS/PLAYERS=GAMES",
                        help="only this match with this many games, e.g. computer,random/2=20 (repeatable)")
    parser.add_argument("--indices", help="only these games of each match, e.g. 24,27 (a lost game replayed)")
    parser.add_argument("--table", action="store_true", help="only print the table from the log")
    parser.add_argument("--calibrate", type=int, metavar="ITERATIONS",
                        help="print the CPU cost of this many simulations per decision, per game")
    args = parser.parse_args(argv)
    games = list(args.game or GAMES)
    if args.calibrate:
        for name in games:
            print(calibrate(name, args.calibrate, 8, args.seed), flush=True)
        return 0
    records = read_log(args.log)
    if not args.table:
        done = {(r["key"], r["index"]) for r in records}
        deadline = None
        if args.until:
            hour, minute = map(int, args.until.split(":"))
            now = dt.datetime.now(dt.timezone.utc)
            deadline = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
            if deadline <= now:  # a time already past today means tomorrow's (a run started before midnight)
                deadline += dt.timedelta(days=1)
        matches = dict(args.match) if args.match else None
        indices = [int(i) for i in args.indices.split(",")] if args.indices else None
        for game, kinds, players, iterations, index in tasks(games, args.budget, args.fraction, matches, indices):
            key = match_key(game, kinds, players, iterations, args.seed)
            if (key, index) in done:
                continue
            if deadline is not None and dt.datetime.now(dt.timezone.utc) >= deadline:
                print(f"# stopped at {args.until} UTC", flush=True)
                break
            record = play(game, kinds, players, iterations, args.seed, index)
            records.append(record)
            with args.log.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(record) + "\n")
            print(f"{key} game {index}: {' '.join(f'{k}={v}' for k, v in zip(record['seating'], record['scores']))}"
                  f" computer {record['computer']:g}, {record['wall_s']} s", flush=True)
    print(f"# bench_ai_scale: budget {args.budget} ms as simulations, seed {args.seed}, "
          f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC")
    for line in table(records, games, args.budget, args.seed):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
