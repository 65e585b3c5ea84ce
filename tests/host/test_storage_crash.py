"""Kill -9 a writer at random points: the file stays intact and no acknowledged move is lost.

The writer is a subprocess that appends moves to three games concurrently and prints
``<game> <ply>`` (flushed) only after ``append`` has returned, i.e. after the move was
acknowledged.  Each round kills it with SIGKILL after a random delay; the next round reopens
the same file and carries on.  At the end (and after each round) the database must pass
``PRAGMA integrity_check``, every game's log must be contiguous 1..N with ``games.ply == N``,
every acknowledged ply must be there, and each stored move must be whole (its snapshot, its
waiting row, its interaction id).
"""
from __future__ import annotations

import asyncio
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.storage_sqlite import SqliteStorage

REPO = Path(__file__).resolve().parents[2]
USERS = (1, 2)
GAMES = 3
SNAPSHOT_EVERY = 5

WRITER = r"""
import asyncio, sys
from bot.storage_sqlite import SqliteStorage

USERS = (1, 2)

def move(game_id, ply):
    seat = ply % 2
    new = ply + 1
    return dict(expected_ply=ply, seat=seat, user_id=USERS[seat], kind="move", text=f"g{game_id}m{new}",
                interaction_id=game_id * 1_000_000 + new, now=float(new), waiting_user_ids={USERS[new % 2]},
                # a multi-page snapshot, so one commit writes many WAL frames
                snapshot={"ply": new, "pad": [f"{game_id}:{new}:{i}" * 8 for i in range(400)]}
                if new % 5 == 0 else None)

async def play(store, game_id):
    ply = (await store.get_game(game_id)).ply
    while True:
        ply = await store.append(game_id, **move(game_id, ply))
        print(game_id, ply, flush=True)

async def main(path, games):
    store = SqliteStorage(path)
    await store.open()
    try:
        ids = [g.id for g in await store.list_games()]
        while len(ids) < games:
            g = await store.create_game(game="planetarium", guild_id=1, channel_id=1, thread_id=None,
                                        creator_id=USERS[0], creator_name="one", options={}, seed=1, now=0.0)
            await store.add_player(g.id, USERS[1], "two", 0.0)
            await store.start_game(g.id, list(USERS), {"ply": 0}, {USERS[0]}, 0.0)
            ids.append(g.id)
        print("ready", flush=True)
        await asyncio.gather(*(play(store, g) for g in ids))
    finally:
        await store.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def run_and_kill(path: Path, delay: float) -> list[tuple[int, int]]:
    """Start the writer, SIGKILL it ``delay`` seconds after it is ready, return its acks."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(GAMES)], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        for line in proc.stdout:
            if line.endswith("\n"):        # a line cut short by the kill was never acknowledged
                lines.put(line.strip())
        lines.put(None)

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    acks: list[tuple[int, int]] = []
    try:
        # Generous bound so a broken writer fails the test instead of hanging it.
        first = lines.get(timeout=120)
        if first != "ready":
            proc.wait(timeout=30)
            pytest.fail(f"writer did not start: {first!r}\n{proc.stderr.read()}")
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        reader.join(timeout=60)
        proc.stdout.close()
        stderr = proc.stderr.read()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, f"writer ended by itself ({proc.returncode}):\n{stderr}"
    while (line := lines.get_nowait()) is not None:
        fields = line.split()
        assert len(fields) == 2 and all(f.isdigit() for f in fields), f"unexpected writer output {line!r}"
        acks.append((int(fields[0]), int(fields[1])))
    return acks


async def verify(path: Path, acked: dict[int, int]) -> dict[int, int]:
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        raw.close()
    plies = {}
    async with SqliteStorage(path) as store:
        games = await store.list_games()
        assert len(games) == GAMES
        waiting = {(w.game_id, w.user_id) for w in await store.waiting()}
        for record in games:
            n = record.ply
            entries = await store.log(record.id)
            assert [e.ply for e in entries] == list(range(1, n + 1)), f"game {record.id} log is not 1..{n}"
            assert [e.text for e in entries] == [f"g{record.id}m{p}" for p in range(1, n + 1)]
            assert n >= acked.get(record.id, 0), f"game {record.id}: acknowledged ply {acked[record.id]} lost"
            snap_ply, state = await store.latest_snapshot(record.id)
            assert snap_ply == n // SNAPSHOT_EVERY * SNAPSHOT_EVERY and state["ply"] == snap_ply
            assert {u for g, u in waiting if g == record.id} == {USERS[n % 2]}
            plies[record.id] = n
    raw = sqlite3.connect(path)
    try:
        ids = {row[0] for row in raw.execute("SELECT interaction_id FROM log")}
        assert ids == {g * 1_000_000 + p for g, n in plies.items() for p in range(1, n + 1)}
    finally:
        raw.close()
    return plies


def test_kill_9_at_random_points_loses_no_acknowledged_move(tmp_path):
    path = tmp_path / "crash.db"
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    acked: dict[int, int] = {}
    total_acks = 0
    for round_ in range(8):
        acks = run_and_kill(path, rng.uniform(0.0, 0.35))
        total_acks += len(acks)
        for game, ply in acks:
            # Within a round a game's acks go up by one; the first may skip plies that were
            # committed but killed before they were printed in an earlier round.
            assert ply > acked.get(game, 0), (seed, round_, game, ply)
            acked[game] = ply
        plies = asyncio.run(verify(path, acked))
        assert all(plies[g] >= acked[g] for g in acked), (seed, round_)
    assert total_acks > 0, "the writer never got a move acknowledged before being killed"
