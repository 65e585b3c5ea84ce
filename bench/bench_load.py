"""Load test of one bot process (figures, not limits): ``python bench/bench_load.py`` from the
repo root.

Many games of mixed kinds (Planetarium, EVE: Conquests, Pulsar 2849, Space Corp; Gaia Project
with ``--gaia``) live in one file database; moves arrive as genuine INTERACTION_CREATE
payloads at an offered rate (open loop, at most one move in flight per game), through
discord.py's real command tree, with real rendering and PNG encoding, against the in-process
test Discord.  Reported per offered rate: moves completed per second, the time to the first
answer (defer) and to the whole announcement, median and p95, and how many first answers
missed Discord's 3 seconds.

The client (choosing a random legal move, building the payload) runs in the same process and
takes its share of the CPU (so the throughput figures are conservative); its CPU is measured and
reported apart from the bot's.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.harness import FakeDiscord, Harness, build_command_data  # noqa: E402

CHANNEL = 100
GAMES = ("planetarium", "eve", "pulsar", "spacecorp")


def worker_pids(bot) -> list[int]:
    if hasattr(bot.workers, "pids"):
        return list(bot.workers.pids())
    pool = getattr(bot.workers, "_pool", None)     # a pool of one executor (before 2026-11-27 10:00)
    processes = getattr(pool, "_processes", None) or {}
    return list(processes)


async def worker_figures(bot) -> dict[str, int]:
    """The worker processes' kept EVE placements (renderers.eve.cache_figures), summed: asked of
    each process itself (not through the queue, which may send both asks to one)."""
    from renderers import eve
    cache_figures = getattr(eve, "cache_figures", None)      # absent before 2026-11-27 10:00
    totals: dict[str, int] = {}
    if cache_figures is None:
        return totals
    loop = asyncio.get_running_loop()
    for pool in getattr(bot.workers, "_processes", None) or []:
        for key, value in (await loop.run_in_executor(pool, cache_figures)).items():
            totals[key] = totals.get(key, 0) + value
    return totals


def cpu_seconds(pids: list[int]) -> tuple[float, float]:
    """CPU seconds used so far by this process (every thread) and by the worker processes."""
    own = os.times()
    ticks = os.sysconf("SC_CLK_TCK")
    workers = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        workers += (int(fields[11]) + int(fields[12])) / ticks    # utime, stime
    return own.user + own.system, workers


def thread_cpu() -> dict[str, float]:
    """CPU seconds used so far by each thread of this process, by the thread's kind (its
    Python name without numbers: "MainThread", "Thread-" for aiosqlite's connection, the
    process pool's "QueueManagerThread"...)."""
    import re
    import threading

    names = {thread.native_id: re.sub(r"[-_ ]?\d+", "", thread.name) or "thread" for thread in threading.enumerate()}
    ticks = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kind = names.get(int(task.name), "other")
        used[kind] = used.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) / ticks
    return used


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else 0.0


async def setup(harness: Harness, kinds: tuple[str, ...], count: int, players: int) -> list[tuple[str, int, int, list[int]]]:
    """``count`` started games: (game name, game id, thread id, user ids by seat)."""
    games = []
    for index in range(count):
        name = kinds[index % len(kinds)]
        users = [10_000 + index * 10 + seat for seat in range(players)]
        for user in users:
            harness.add_user(user, f"p{user}")
        await harness.slash(users[0], f"{name} new", channel_id=CHANNEL, players=players)
        thread = list(harness.threads)[-1]
        for user in users[1:]:
            await harness.slash(user, f"{name} join", channel_id=thread)
        await harness.slash(users[0], f"{name} start", channel_id=thread, seating="joined")
        record = await harness.bot.storage.game_by_thread(thread)
        games.append((name, record.id, thread, users))
    return games


async def run_rate(harness: Harness, games: list, rate: float, seconds: float, chooser: random.Random) -> dict:
    bot, world = harness.bot, harness.world
    first: dict[int, float] = {}      # interaction id -> seconds to its first answer
    sent_at: dict[int, float] = {}    # interaction id -> fed at
    done: list[float] = []
    busy: dict[int, int] = {}         # game id -> interaction in flight
    real_record = FakeDiscord._record
    real_record_move = bot.record_move
    real_handle = FakeDiscord.handle
    server = [0.0]                    # the test Discord answering REST calls (Discord's CPU, not the bot's)

    def handle(self, *args, **kwargs):
        began = time.thread_time()
        try:
            return real_handle(self, *args, **kwargs)
        finally:
            server[0] += time.thread_time() - began

    def record(self, sent):
        origin = sent.interaction_id
        if origin in sent_at and origin not in first and sent.kind == "response":
            first[origin] = time.perf_counter() - sent_at[origin]
        return real_record(self, sent)

    def record_move(game_id, ply, first_answer, total, how):
        origin = busy.pop(game_id, None)
        if origin is not None:
            done.append(time.perf_counter() - sent_at[origin])

    FakeDiscord._record = record            # type: ignore[method-assign]
    FakeDiscord.handle = handle             # type: ignore[method-assign]
    bot.record_move = record_move           # type: ignore[method-assign]
    try:
        pids = worker_pids(bot)
        homes_before = (getattr(bot.workers, "at_home", 0), getattr(bot.workers, "away", 0))
        figures_before = await worker_figures(bot)
        cpu_before = cpu_seconds(pids)
        threads_before = thread_cpu()
        started = time.perf_counter()
        client_cpu = 0.0
        fired = skipped = 0
        while time.perf_counter() - started < seconds:
            due = started + fired / rate
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            idle = [game for game in games if game[1] not in busy]
            if not idle:
                skipped += 1
                fired += 1
                continue
            name, game_id, thread, users = chooser.choice(idle)
            found = await _waiting(bot, games, (name, game_id, thread, users))
            if found is None:
                continue
            loaded, seat = found
            choosing = time.thread_time()     # the client's own CPU (this thread), left out below
            moves = list(loaded.game.legal_moves(loaded.state, seat))
            text = loaded.game.format_move(chooser.choice(moves))
            data = build_command_data(world, bot.tree, f"{name} move", {"text": text})
            payload = world.interaction_payload(type=2, user_id=users[seat], channel_id=thread, data=data)
            client_cpu += time.thread_time() - choosing
            origin = int(payload["id"])
            busy[game_id] = origin
            sent_at[origin] = time.perf_counter()
            harness._feed_as(origin, "INTERACTION_CREATE", payload)
            fired += 1
        elapsed = time.perf_counter() - started
        deadline = time.perf_counter() + 30
        while busy and time.perf_counter() < deadline:   # let the last moves finish
            await asyncio.sleep(0.05)
        cpu_after = cpu_seconds(pids)
        threads_after = thread_cpu()
        homes = (getattr(bot.workers, "at_home", 0) - homes_before[0], getattr(bot.workers, "away", 0) - homes_before[1])
        figures = {key: value - figures_before.get(key, 0) for key, value in (await worker_figures(bot)).items()}
    finally:
        FakeDiscord._record = real_record   # type: ignore[method-assign]
        FakeDiscord.handle = real_handle    # type: ignore[method-assign]
        bot.record_move = real_record_move  # type: ignore[method-assign]
    firsts = list(first.values())
    return {"offered": rate, "completed_per_s": len(done) / elapsed, "moves": len(done), "skipped": skipped,
            "first_median_ms": statistics.median(firsts) * 1000 if firsts else 0,
            "first_p95_ms": percentile(firsts, 0.95) * 1000, "late": sum(1 for f in firsts if f > 3.0),
            "done_median_ms": statistics.median(done) * 1000 if done else 0,
            "done_p95_ms": percentile(done, 0.95) * 1000,
            "main_cpu_ms": (cpu_after[0] - cpu_before[0] - client_cpu) * 1000 / max(1, len(done)),
            "client_cpu_ms": client_cpu * 1000 / max(1, len(done)),
            "server_cpu_ms": server[0] * 1000 / max(1, len(done)),
            "worker_cpu_ms": (cpu_after[1] - cpu_before[1]) * 1000 / max(1, len(done)),
            "at_home": homes[0], "away": homes[1], "figures": figures,
            "threads_ms": {kind: (used - threads_before.get(kind, 0.0) - (client_cpu if kind == "MainThread" else 0.0))
                           * 1000 / max(1, len(done)) for kind, used in threads_after.items()}}


def _no_drawing(game_name: str, view: object, names: list[str], language: str = "en",
                shown: dict[int, str] | None = None) -> list:
    """--bot-only: no drawing or encoding (the workers' share), one changed image a board."""
    from bot.service import BoardPart
    global _DRAWN
    _DRAWN += 1
    return [BoardPart(1, f"{game_name}.png", f"stub{_DRAWN}", b"png")]


_DRAWN = 0


async def _waiting(bot: Any, games: list, game: tuple) -> tuple[Any, int] | None:
    """``game``'s loaded record and the first seat it waits for; None (and the game taken out
    of ``games``) when it is over or waits for nobody."""
    loaded = await bot.service.load(game[1])
    waiting = sorted(loaded.game.waiting_for(loaded.state))
    if loaded.game.is_over(loaded.state) or not waiting:
        games.remove(game)
        return None
    return loaded, waiting[0]


async def bot_only(harness: Harness, games: list, moves: int, chooser: random.Random) -> None:
    """The bot's own CPU per move, moves one at a time (no overlap, so no backlog or idle
    time shares it out), drawing stubbed: the event loop's thread (thread_time around each
    move command, the load client's choice left out) and the process's other threads."""
    bot = harness.bot
    by_game: dict[str, list[float]] = {}
    process_before, loop_before = os.times(), time.thread_time()
    while sum(len(used) for used in by_game.values()) < moves and games:
        name, game_id, thread, users = chooser.choice(games)
        found = await _waiting(bot, games, (name, game_id, thread, users))
        if found is None:
            continue
        loaded, seat = found
        text = loaded.game.format_move(chooser.choice(list(loaded.game.legal_moves(loaded.state, seat))))
        began = time.thread_time()
        await harness.slash(users[seat], f"{name} move", channel_id=thread, text=text)
        by_game.setdefault(name, []).append(time.thread_time() - began)
    process_after, loop_after = os.times(), time.thread_time()
    done = sum(len(used) for used in by_game.values())
    loop_ms = sum(sum(used) for used in by_game.values()) * 1000 / max(1, done)
    others_ms = ((process_after.user + process_after.system - process_before.user - process_before.system)
                 - (loop_after - loop_before)) * 1000 / max(1, done)
    print(f"{done} moves one at a time, drawing stubbed: the event loop {loop_ms:.2f} ms a move, the process's "
          f"other threads {others_ms:.2f} ms; the event loop by game: " + ", ".join(
              f"{name} {statistics.mean(used) * 1000:.2f}" for name, used in sorted(by_game.items())))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=120, help="games in play")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rates", default="20,40,70", help="offered moves per second, comma-separated")
    parser.add_argument("--seconds", type=float, default=20, help="per rate")
    parser.add_argument("--gaia", action="store_true", help="include Gaia Project games")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--profile", metavar="FILE",
                        help="profile the bot's process during the rates (not the set-up) with cProfile into FILE "
                             "(pstats; the load client included: bench_load.run_rate)")
    parser.add_argument("--bot-only", type=int, metavar="MOVES",
                        help="instead of the rates: MOVES move commands one at a time with drawing stubbed, the "
                             "bot's own CPU per move by game (quick, steady A/B of the bot's process: section 18)")
    parser.add_argument("--no-affinity", action="store_true",
                        help="send every drawing to any free worker process (bot/workers.py affinity off: A/B)")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKER_PROCESSES", "0")),
                        help="worker processes drawing the boards (0: threads of this process; default: "
                             "WORKER_PROCESSES, else 0)")
    args = parser.parse_args()
    import logging
    logging.basicConfig(level=logging.WARNING)
    kinds = GAMES + (("gaia",) if args.gaia else ())
    if args.bot_only:
        import bot.cogs.base
        bot.cogs.base.render_parts = _no_drawing   # type: ignore[assignment]
        args.workers = 0
    with tempfile.TemporaryDirectory() as scratch:
        bot = create_bot(Settings(database_path=str(Path(scratch) / "load.db"), worker_processes=args.workers),
                         start_reminders=False)
        if args.no_affinity:
            bot.workers.affinity = False
        harness = Harness(bot, guild_id=1, channel_id=CHANNEL, timeout=600)
        await harness.start()
        try:
            started = time.perf_counter()
            games = await setup(harness, kinds, args.games, args.players)
            print(f"{len(games)} games of {', '.join(kinds)} ({args.players} players) set up in "
                  f"{time.perf_counter() - started:.0f} s; file database, "
                  f"{'drawing stubbed' if args.bot_only else 'real rendering, '}"
                  f"{'' if args.bot_only else f'{args.workers} worker processes' if args.workers else 'drawing in threads'}")
            chooser = random.Random(args.seed)
            if args.bot_only:
                await bot_only(harness, games, args.bot_only, chooser)
                return
            profiler = cProfile.Profile(time.thread_time) if args.profile else None   # CPU of the event loop's thread
            for rate in (float(r) for r in args.rates.split(",")):
                if profiler is not None:
                    profiler.enable()
                result = await run_rate(harness, games, rate, args.seconds, chooser)
                if profiler is not None:
                    profiler.disable()
                print(f"offered {rate:5.1f}/s: completed {result['completed_per_s']:5.1f}/s ({result['moves']} moves, "
                      f"{result['skipped']} offers found every game busy); first answer median "
                      f"{result['first_median_ms']:.0f} ms, p95 {result['first_p95_ms']:.0f} ms, "
                      f"{result['late']} over 3 s; whole announcement median {result['done_median_ms']:.0f} ms, "
                      f"p95 {result['done_p95_ms']:.0f} ms; CPU per move {result['main_cpu_ms']:.1f} ms in "
                      f"the bot's process, {result['worker_cpu_ms']:.1f} ms in workers (and "
                      f"{result['client_cpu_ms']:.1f} ms in the load client)")
                if result["at_home"] or result["away"]:
                    print(f"  jobs with a home process (bot/workers.py affinity): {result['at_home']} ran there, "
                          f"{result['away']} elsewhere")
                figures = result["figures"]
                if figures:
                    print("  EVE's kept map placements in the workers (hits of all asks): labels "
                          f"{figures['labels_hits']} of {figures['labels_hits'] + figures['labels_misses']}, names "
                          f"{figures['names_hits']} of {figures['names_hits'] + figures['names_misses']}")
                print(f"  of the bot's process, the test Discord answering its REST calls (Discord's work, not the "
                      f"bot's): {result['server_cpu_ms']:.2f} ms a move")
                print("  the bot's process by thread (ms a move, the load client's left out): " + ", ".join(
                    f"{kind} {ms:.2f}" for kind, ms in sorted(result["threads_ms"].items(), key=lambda item: -item[1])
                    if ms >= 0.01))
            if profiler is not None:
                profiler.dump_stats(args.profile)
        finally:
            await harness.close()


if __name__ == "__main__":
    asyncio.run(main())
