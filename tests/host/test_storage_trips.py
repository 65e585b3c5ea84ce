"""A move's writes cost one trip each to aiosqlite's thread (issue 26: each trip is ~50 us of the
event loop's CPU and a wake-up of both threads; a move's append was seven of them), and a
transaction run in one trip keeps the storage's guarantees: it commits whole or not at all,
refused, failed or cancelled, and the cached record never runs ahead of the database."""
from __future__ import annotations

import asyncio
import sqlite3
import threading

import aiosqlite
import pytest

from bot.storage import ShownImage, StalePly
from bot.storage_sqlite import SqliteStorage, _in_connection_thread

from tests.host.test_storage_concurrency import PLAYERS, move_args, new_game



@pytest.fixture
async def store(tmp_path):
    """A storage as the bot opens it: exclusive, with its write-through cache."""
    storage = SqliteStorage(tmp_path / "trips.db", exclusive=True, cache=True)
    await storage.open()
    yield storage
    await storage.close()


@pytest.fixture
def trips(monkeypatch) -> list[str]:
    """The names of the functions aiosqlite's thread was asked to run, one per trip."""
    made: list[str] = []
    real = aiosqlite.Connection._execute

    async def counted(self, fn, *args, **kwargs):
        made.append(getattr(fn, "__name__", repr(fn)))
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return made


async def test_aiosqlite_still_runs_a_function_in_its_own_thread(store):
    """The one private call the storage relies on (aiosqlite has no public one): a function
    runs in the connection's thread with the connection's sqlite3 object."""
    assert callable(getattr(aiosqlite.Connection, "_execute", None))
    conn = store._conn
    assert conn is not None

    def where(db: sqlite3.Connection, extra: int) -> tuple[int, int]:
        return threading.get_ident(), db.execute("SELECT ? + 1", (extra,)).fetchone()[0]

    ident, value = await _in_connection_thread(conn, where, 41)
    assert value == 42
    assert ident != threading.get_ident()


async def test_a_moves_writes_are_one_trip_each(store, trips):
    """append, mark_announced and remember_shown_images: one trip to the thread each."""
    game = await new_game(store, 1)
    trips.clear()
    assert await store.append(game, **move_args(0)) == 1
    assert trips == ["_with_db"]
    trips.clear()
    await store.mark_announced(game, 1)
    assert trips == ["_with_db"]
    trips.clear()
    await store.remember_shown_images(game, [ShownImage(1, "a", 5, 6), ShownImage(2, "b", 5, 6)])
    assert trips == ["_with_db"]
    record = await store.get_game(game)
    assert (record.ply, record.announced_ply) == (1, 1)
    assert {p: i.digest for p, i in (await store.shown_images(game)).items()} == {1: "a", 2: "b"}


async def test_the_announcement_and_its_images_are_one_write(store, trips):
    """After a move's post: the news marked announced and the images it carried, one trip."""
    game = await new_game(store, 1)
    await store.append(game, **move_args(0))
    await store.remember_shown_images(game, [ShownImage(1, "a", 5, 6), ShownImage(2, "b", 5, 6)])
    assert (await store.shown_images(game))[1].digest == "a"      # cached
    trips.clear()
    await store.mark_announced(game, 1, [ShownImage(1, "c", 5, 7)])
    assert trips == ["_with_db"]
    assert (await store.get_game(game)).announced_ply == 1
    expected = {1: ("c", 7), 2: ("b", 6)}
    assert {p: (i.digest, i.message_id) for p, i in (await store.shown_images(game)).items()} == expected
    store._shown.clear()            # and as stored, read from the table
    assert {p: (i.digest, i.message_id) for p, i in (await store.shown_images(game)).items()} == expected
    await store.mark_announced(game, 0)           # never backwards
    assert (await store.get_game(game)).announced_ply == 1


async def test_a_refused_append_writes_nothing_and_the_record_is_read_again(store):
    game = await new_game(store, 1)
    await store.append(game, **move_args(0, interaction=7))
    with pytest.raises(StalePly):
        await store.append(game, **move_args(0))
    entries = await store.log(game)
    assert [entry.ply for entry in entries] == [1]
    assert [w.user_id for w in await store.waiting()] == [PLAYERS[1]]
    assert (await store.get_game(game)).ply == 1
    assert await store.append(game, **move_args(1)) == 2     # the connection is left clean


@pytest.mark.parametrize("delay", [0, 1, 2, 3])
async def test_a_cancelled_append_stands_whole_or_not_at_all_and_the_cache_follows(store, delay):
    """Cancelled while its transaction runs in the thread: the transaction still finishes
    there (whole or not at all), and the cached record is what the database holds."""
    game = await new_game(store, 1)
    for ply in range(3):
        await store.append(game, **move_args(ply))
    await store.get_game(game)      # cached
    task = asyncio.create_task(store.append(game, **move_args(3)))
    for _ in range(delay):
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    record = await store.get_game(game)
    stored = [entry.ply for entry in await store.log(game)]
    assert stored == list(range(1, record.ply + 1))
    assert record.ply in (3, 4)
    assert await store.append(game, **move_args(record.ply)) == record.ply + 1
