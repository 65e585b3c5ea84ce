"""Benchmark of the SQLite storage (a script, not a test): ``python bench/bench_storage.py``.

Prints:
* the time to load a 300-move game from a file database: its record, latest snapshot and the
  log after it (median of repeats), against loading its record and full log;
* appends per second for moves submitted concurrently in 100 games (asyncio.gather over the
  games, each game appending its moves one after another, as a busy bot would);
* the ratio of snapshot+tail loading to full-log loading.

The figures are storage only: replaying the log through a rules core would widen the gap
between the two ways of loading.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage_sqlite import SqliteStorage  # noqa: E402

USERS = (1001, 1002, 1003, 1004)


def board_state(ply: int) -> dict:
    """A state about the size of a real game's: a hex map, four players, decks, a log tail."""
    return {
        "ply": ply,
        "rng": {"seed": 123456789, "counter": ply * 3},
        "hexes": [{"q": q, "r": r, "terrain": ("space", "planet", "nebula")[(q + r) % 3],
                   "owner": (q * r + ply) % 5 - 1, "buildings": ["mine"] * ((q + ply) % 3)}
                  for q in range(-6, 7) for r in range(-6, 7)],
        "players": [{"seat": s, "credits": 10 + ply % 17, "ore": s + ply % 5, "knowledge": 3,
                     "hand": [f"card-{(s * 31 + i + ply) % 97}" for i in range(8)],
                     "tracks": {name: (ply + s) % 6 for name in ("terraform", "navigation", "ai", "gaia",
                                                                 "economy", "science")}}
                    for s in range(4)],
        "deck": [f"card-{i}" for i in range(97)],
        "pending": [{"seat": (ply + 1) % 4, "choice": "charge", "amount": 2}],
    }


def move_args(game_id: int, ply: int, snapshot_every: int) -> dict:
    seat = ply % len(USERS)
    new = ply + 1
    return dict(expected_ply=ply, seat=seat, user_id=USERS[seat], kind="move",
                text=f"build mine {chr(65 + new % 12)}{new % 9 + 1}", interaction_id=game_id * 10**9 + new,
                now=1_700_000_000.0 + new, waiting_user_ids={USERS[new % len(USERS)]},
                snapshot=board_state(new) if new % snapshot_every == 0 else None)


async def new_game(store: SqliteStorage, thread_id: int) -> int:
    record = await store.create_game(game="gaia", guild_id=1, channel_id=2, thread_id=thread_id,
                                     creator_id=USERS[0], creator_name="u0", options={"players": 4},
                                     seed=42, now=1_700_000_000.0)
    for user in USERS[1:]:
        await store.add_player(record.id, user, f"u{user}", 1_700_000_000.0)
    await store.start_game(record.id, list(USERS), board_state(0), {USERS[0]}, 1_700_000_000.0)
    return record.id


async def median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        await fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


async def bench_loading(directory: Path, moves: int, snapshot_every: int, repeats: int) -> tuple[float, float, float]:
    path = directory / "load.db"
    async with SqliteStorage(path, snapshot_every=snapshot_every) as store:
        game = await new_game(store, 1)
        for ply in range(moves):
            await store.append(game, **move_args(game, ply, snapshot_every))

    async with SqliteStorage(path, snapshot_every=snapshot_every) as store:
        async def snapshot_and_tail():
            record = await store.get_game(game)
            ply, state = await store.latest_snapshot(game)
            tail = await store.log(game, after_ply=ply)
            assert ply + len(tail) == record.ply == moves and state["ply"] == ply

        async def full_log():
            record = await store.get_game(game)
            entries = await store.log(game)
            assert len(entries) == record.ply == moves

        await snapshot_and_tail()
        await full_log()
        warm_snapshot = await median_time(snapshot_and_tail, repeats)
        warm_full = await median_time(full_log, repeats)

    async def cold_snapshot_and_tail():      # open the file, load, close: a bot restart
        async with SqliteStorage(path, snapshot_every=snapshot_every) as store:
            ply, _ = await store.latest_snapshot(game)
            await store.log(game, after_ply=ply)

    cold = await median_time(cold_snapshot_and_tail, max(5, repeats // 5))
    snapshot_size = len(json.dumps(board_state(moves)))
    print(f"load a {moves}-move game (snapshot every {snapshot_every}, snapshot {snapshot_size / 1024:.1f} KiB), "
          f"median of {repeats}:")
    print(f"  record + latest snapshot + tail : {warm_snapshot * 1e3:8.3f} ms")
    print(f"  record + full log               : {warm_full * 1e3:8.3f} ms")
    print(f"  open file + snapshot + tail     : {cold * 1e3:8.3f} ms (includes connect and close)")
    return warm_snapshot, warm_full, cold


async def bench_appends(directory: Path, games: int, moves: int, snapshot_every: int) -> float:
    path = directory / "append.db"
    async with SqliteStorage(path, snapshot_every=snapshot_every) as store:
        ids = [await new_game(store, thread) for thread in range(1, games + 1)]

        async def play(game: int) -> None:
            for ply in range(moves):
                await store.append(game, **move_args(game, ply, snapshot_every))

        start = time.perf_counter()
        await asyncio.gather(*(play(game) for game in ids))
        elapsed = time.perf_counter() - start
        for game in ids[:3]:
            assert (await store.get_game(game)).ply == moves
    total = games * moves
    rate = total / elapsed
    print(f"concurrent appends: {games} games x {moves} moves = {total} appends in {elapsed:.2f} s "
          f"-> {rate:,.0f} appends/s ({elapsed / total * 1e3:.2f} ms each, snapshot every {snapshot_every})")
    return rate


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--snapshot-every", type=int, default=25)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--moves-per-game", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as tmp:
        directory = Path(tmp)
        warm_snapshot, warm_full, _ = await bench_loading(directory, args.moves, args.snapshot_every, args.repeats)
        await bench_appends(directory, args.games, args.moves_per_game, args.snapshot_every)
    print(f"ratio snapshot+tail / full log: {warm_snapshot / warm_full:.2f} "
          f"(storage time only; the full log must also be replayed through the rules)")


if __name__ == "__main__":
    asyncio.run(main())
