"""Host benchmarks (figures, not limits): run ``python bench/bench_host.py`` from the repo root.

1. Move command -> reply (with the board images when the turn passes), through discord.py's
   real command tree and the recording harness (no Discord): median and 95th percentile over a
   whole game; and the board images the thread got (how many, how many bytes).
2. Loading a long game from the database: snapshot + tail vs. replaying the whole log.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.harness import Harness  # noqa: E402

CHANNEL = 100


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


async def play_game(game_name: str, players: int, seed: int, target_plies: int, workdir: Path,
                    recorded: dict | None = None, late_fraction: float = 0.0, options: dict | None = None,
                    posted: dict | None = None, workers: int = 0):
    """Play random legal moves (or a recorded game's moves) through the command tree;
    time each move command from ``late_fraction`` of the game on.  ``options``: lobby options.
    ``posted`` (a dict) gets the board images the game's public posts attached, from the start
    on: ``images``, ``bytes`` and ``moves``."""
    posted = posted if posted is not None else {}
    posted.update(images=0, bytes=0, moves=0)

    def count(sent) -> None:
        for item in sent:
            if not item.ephemeral:
                posted["images"] += len(item.files)
                posted["bytes"] += sum(len(data) for _name, data in item.files)

    settings = Settings(database_path=str(workdir / f"{game_name}-{seed}.db"), snapshot_every=25,
                        worker_processes=workers)
    bot = create_bot(settings, start_reminders=False)
    bot.service.seed_source = lambda: seed
    script_moves: list[tuple[int, str]] = []
    if recorded is not None:
        from bot.demo import PLAYER_NAMES, fixture_script
        import rules
        bot.service.prepared_setups[game_name] = lambda options, seed: rules.get_game(game_name).from_setup(recorded)
        current = 0
        for line in fixture_script(recorded).splitlines():
            if line.startswith("as "):
                current = PLAYER_NAMES.index(line[3:])
            elif line.startswith(f"/{game_name} move "):
                script_moves.append((current, line[len(f"/{game_name} move "):]))
    harness = Harness(bot, guild_id=1, channel_id=CHANNEL)
    users = [1000 + seat for seat in range(players)]
    for user in users:
        harness.add_user(user, f"player{user - 999}")
    await harness.start()
    chooser = random.Random(seed)
    latencies: list[float] = []
    try:
        await harness.slash(users[0], f"{game_name} new", channel_id=CHANNEL, players=players, **(options or {}))
        thread = list(harness.threads)[-1]
        for user in users[1:]:
            await harness.slash(user, f"{game_name} join", channel_id=thread)
        count(await harness.slash(users[0], f"{game_name} start", channel_id=thread, seating="joined"))
        game_id = (await bot.storage.game_by_thread(thread)).id
        first_timed = int(late_fraction * len(script_moves))
        while True:
            loaded = await bot.service.load(game_id)
            if loaded.game.is_over(loaded.state) or loaded.record.ply >= target_plies:
                break
            if recorded is not None:
                if loaded.record.ply >= len(script_moves):
                    break
                seat, text = script_moves[loaded.record.ply]
            else:
                seat = min(loaded.game.waiting_for(loaded.state))
                text = loaded.game.format_move(chooser.choice(list(loaded.game.legal_moves(loaded.state, seat))))
            started = time.perf_counter()
            sent = await harness.slash(users[seat], f"{game_name} move", channel_id=thread, text=text)
            if loaded.record.ply >= first_timed:
                latencies.append(time.perf_counter() - started)
            if not any(item.content for item in sent if item.ok):
                raise RuntimeError(f"move {text!r} got no reply: {sent}")
            count(sent)
            posted["moves"] += 1
        # loading: snapshot + tail (what the bot does) vs. the whole log replayed
        service = bot.service
        record = await service.record(game_id)
        snapshot_loads, replays = [], []
        for _ in range(20):
            service.forget(game_id)
            started = time.perf_counter()
            await service.load(game_id)
            snapshot_loads.append(time.perf_counter() - started)
            started = time.perf_counter()
            await service.replay_log(loaded.game, record, await bot.storage.log(game_id))
            replays.append(time.perf_counter() - started)
        return latencies, record.ply, snapshot_loads, replays
    finally:
        await harness.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="planetarium")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--plies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--fixture", help="play this recorded game (Gaia Project fixture) instead of random moves")
    parser.add_argument("--late", type=float, default=0.7,
                        help="with --fixture: time only the moves from this fraction of the game on")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKER_PROCESSES", "0")),
                        help="worker processes drawing the boards (0: threads; default: WORKER_PROCESSES, else 0)")
    args = parser.parse_args()
    recorded = None
    if args.fixture:
        import json
        recorded = json.loads(Path(args.fixture).read_text())
        args.game, args.players, args.plies = "gaia", recorded["players"], 10**9
    posted: dict = {}
    with tempfile.TemporaryDirectory() as scratch:
        latencies, plies, loads, replays = await play_game(args.game, args.players, args.seed, args.plies,
                                                           Path(scratch), recorded, args.late if recorded else 0.0,
                                                           posted=posted, workers=args.workers)
    ms = [value * 1000 for value in latencies]
    what = f"the last {len(ms)} moves of {Path(args.fixture).name}" if recorded else f"{len(ms)} random legal moves"
    print(f"{args.game}, {args.players} players, {what} as move commands through the command tree (no Discord):")
    print(f"  move -> reply: median {statistics.median(ms):.1f} ms, "
          f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms")
    moves = max(1, posted["moves"])
    print(f"  board images posted: {posted['images']} ({posted['bytes'] / 1024:.0f} KiB) over {posted['moves']} "
          f"moves and the start; {posted['images'] / moves:.2f} images, {posted['bytes'] / 1024 / moves:.0f} KiB "
          "per move")
    load_ms = statistics.median(loads) * 1000
    replay_ms = statistics.median(replays) * 1000
    print(f"load a game of {plies} moves from the database: snapshot + tail {load_ms:.2f} ms (median of 20), "
          f"whole log replayed {replay_ms:.2f} ms; ratio {replay_ms / load_ms:.1f}x")


if __name__ == "__main__":
    asyncio.run(main())
