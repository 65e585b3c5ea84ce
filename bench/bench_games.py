"""One table per hosted game (figures, not limits): ``python bench/bench_games.py [--game NAME]``.

For each game at its largest player count, a seeded random playout gives the positions; then

- rules: ``apply`` per move (median), ``legal_moves`` (median and the worst position);
- autocomplete: ``describe_move`` labels included, as the bot answers a keystroke: every prefix a
  player can type at a position (nothing, each first letter, each first word), the worst answer
  over the sampled positions;
- picture: render and encode the late-game view as the bot posts it (median, and the bytes);
- move command -> reply through discord.py's command tree and the test Discord
  (``bench_host.play_game``): median and p95 over a random game;
- posted: the board images the game's thread got in that game (per move and in all).

The machine matters: the README quotes the figures with the machine they were measured on.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from bot.service import render_png  # noqa: E402

from bench_host import percentile, play_game  # noqa: E402


def playout(name: str, seed: int, max_plies: int = 3000,
            options: dict[str, str] | None = None) -> tuple[Any, list[tuple[Any, int, Any]]]:
    """(game, [(state, seat, move) ...]) of one seeded random game at the largest player count."""
    game = rules.get_game(name)
    state = game.new_game(game.normalize_options({**(options or {}), "players": game.max_players}), seed)
    rng = random.Random(seed)
    steps = []
    for _ in range(max_plies):
        if game.is_over(state):
            break
        seat = min(game.waiting_for(state))
        move = game.random_move(state, seat, rng)
        steps.append((state, seat, move))
        state = game.apply(state, move)
    return game, steps


def timed(fn) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def prefixes(game: Any, state: Any, seat: int) -> list[str]:
    texts = [game.format_move(move) for move in game.legal_moves(state, seat)]
    firsts = sorted({text[:1] for text in texts if text})
    words = sorted({text.split()[0] + " " for text in texts if text.split()})
    return [""] + firsts + words


def autocomplete_ms(game: Any, state: Any, seat: int, typed: str) -> float:
    def answer():
        for text in game.complete(state, seat, typed, 25):
            game.describe_move(state, seat, text)
    return timed(answer)


def recorded_positions(path: str) -> list[tuple[Any, int, Any]]:
    """Every 4th position of a recorded Gaia Project game (richer late games than random play)."""
    import json

    from rules.gaia import GAME
    from rules.gaia.replay import replay_fixture
    out: list[tuple[Any, int, Any]] = []

    def keep(index: int, state: Any) -> None:
        waiting = sorted(GAME.waiting_for(state))
        if index % 4 == 0 and waiting:
            out.append((GAME.load_state(GAME.dump_state(state)), waiting[0], None))
    replay_fixture(json.loads(Path(path).read_text()), keep)
    return out


def bench(name: str, seed: int, samples: int, host_plies: int, recorded: str | None = None,
          options: dict[str, str] | None = None) -> None:
    game, steps = playout(name, seed, options=options)
    apply_us = [timed(lambda s=s, m=m: game.apply(s, m)) * 1000 for s, _seat, m in steps]
    every = max(1, len(steps) // samples)
    sampled = steps[::every]
    if recorded:
        sampled += recorded_positions(recorded)
    legal = [(timed(lambda s=s, seat=seat: list(game.legal_moves(s, seat))), i) for i, (s, seat, _m) in
             enumerate(sampled)]
    worst_ac, worst_where = 0.0, ""
    for s, seat, _m in sampled:
        for typed in prefixes(game, s, seat):
            ms = autocomplete_ms(game, s, seat, typed)
            if ms > worst_ac:
                worst_ac, worst_where = ms, repr(typed)
    late = steps[int(len(steps) * 0.8)][0]
    view = game.view(late, None)
    names = [f"player{seat + 1}" for seat in range(game.max_players)]
    render_png(name, view, names, "en")   # fonts, sprites and backgrounds warm
    renders, size = [], 0
    for _ in range(10):
        started = time.perf_counter()
        files = render_png(name, view, names, "en")
        renders.append((time.perf_counter() - started) * 1000)
        size = sum(len(data) for _file, data in files)
    posted: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as scratch:
        latencies, _plies, _loads, _replays = asyncio.run(
            play_game(name, game.max_players, seed, host_plies, Path(scratch), options=options, posted=posted))
    moves = max(1, posted["moves"])
    reply = [value * 1000 for value in latencies]
    legal_ms = [ms for ms, _i in legal]
    chosen = "".join(f", {key}={value}" for key, value in sorted((options or {}).items()))
    print(f"\n{name}: {game.max_players} players{chosen}, a seeded random game of {len(steps)} moves "
          f"({len(sampled)} positions sampled{', with a recorded game' if recorded else ''})")
    rows = [
        ("rules: apply a move", f"median {statistics.median(apply_us):.0f} µs, max {max(apply_us):.0f} µs"),
        ("rules: the whole game (every apply)", f"{sum(apply_us) / 1000:.0f} ms"),
        ("rules: list the legal moves", f"median {statistics.median(legal_ms):.1f} ms, worst {max(legal_ms):.1f} ms"),
        ("autocomplete answer with labels", f"worst {worst_ac:.1f} ms (typed {worst_where})"),
        ("render + encode the board (late game)", f"median {statistics.median(renders):.1f} ms, "
                                                  f"{size / 1024:.0f} KiB per reply"),
        ("move command -> reply", f"median {statistics.median(reply):.1f} ms, "
                                  f"p95 {percentile(reply, 0.95):.1f} ms over {len(reply)} moves"),
        ("posted: board images per move / per game", f"{posted['images'] / moves:.2f} images, "
                                                    f"{posted['bytes'] / 1024 / moves:.0f} KiB per move; "
                                                    f"{posted['images']} images, {posted['bytes'] / 2**20:.1f} MiB "
                                                    f"in the game ({posted['moves']} moves and the start)"),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"  {label:<{width}}  {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every hosted game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--samples", type=int, default=40, help="positions sampled for legal moves and autocomplete")
    parser.add_argument("--plies", type=int, default=300, help="moves played through the command tree")
    parser.add_argument("--gaia-recorded", default=str(Path(__file__).resolve().parents[1] / "tests" / "fixtures"
                                                     / "gaia" / "final-scoring.json"),
                        help="Gaia Project: also sample the positions of this recorded game")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a lobby option (repeatable), e.g. --option eras=1-2")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option if "=" in item)
    for name in args.game or rules.available_games():
        bench(name, args.seed, args.samples, args.plies, args.gaia_recorded if name == "gaia" else None, options)


if __name__ == "__main__":
    main()
