"""Concurrent appends: stale plies, doubled interactions, many games at once, two connections."""
from __future__ import annotations

import asyncio
import random
import sqlite3

import pytest

from bot.storage import DuplicateInteraction, StalePly
from bot.storage_sqlite import SqliteStorage

PLAYERS = (11, 12, 13)


@pytest.fixture
async def store():
    storage = SqliteStorage(":memory:")
    await storage.open()
    yield storage
    await storage.close()


@pytest.fixture
async def file_stores(tmp_path):
    """Two storages (two connections) on one file, like two bot processes."""
    first, second = SqliteStorage(tmp_path / "shared.db"), SqliteStorage(tmp_path / "shared.db")
    await first.open()
    await second.open()
    yield first, second
    await first.close()
    await second.close()


async def new_game(store, thread_id):
    record = await store.create_game(game="planetarium", guild_id=1, channel_id=2, thread_id=thread_id,
                                     creator_id=PLAYERS[0], creator_name="p0", options={}, seed=1, now=0.0)
    for user in PLAYERS[1:]:
        await store.add_player(record.id, user, f"p{user}", 0.0)
    record = await store.start_game(record.id, list(PLAYERS), {"ply": 0}, {PLAYERS[0]}, 0.0)
    return record.id


def move_args(ply, *, text="x", interaction=None):
    """Arguments of the move that takes a game from ``ply`` to ``ply + 1``."""
    seat = ply % len(PLAYERS)
    return dict(expected_ply=ply, seat=seat, user_id=PLAYERS[seat], kind="move", text=text,
                interaction_id=interaction, now=float(ply + 1),
                waiting_user_ids={PLAYERS[(seat + 1) % len(PLAYERS)]},
                snapshot={"ply": ply + 1} if (ply + 1) % 5 == 0 else None)


async def check_contiguous(store, game_id, expected_ply):
    record = await store.get_game(game_id)
    entries = await store.log(game_id)
    assert record.ply == expected_ply
    assert [e.ply for e in entries] == list(range(1, expected_ply + 1))
    assert [e.seat for e in entries] == [p % len(PLAYERS) for p in range(expected_ply)]
    waiting = [w.user_id for w in await store.waiting() if w.game_id == game_id]
    assert waiting == [PLAYERS[expected_ply % len(PLAYERS)]]
    snap = await store.latest_snapshot(game_id)
    assert snap == (expected_ply // 5 * 5, {"ply": expected_ply // 5 * 5})
    return entries


def outcomes(results):
    stored = [r for r in results if isinstance(r, int)]
    errors = [r for r in results if isinstance(r, BaseException)]
    unexpected = [e for e in errors if not isinstance(e, (StalePly, DuplicateInteraction))]
    if unexpected:
        raise unexpected[0]
    return stored, errors


async def test_two_appends_for_the_same_ply_store_exactly_one(store):
    game = await new_game(store, 1)
    for ply in range(6):
        results = await asyncio.gather(store.append(game, **move_args(ply, text=f"a{ply}")),
                                       store.append(game, **move_args(ply, text=f"b{ply}")),
                                       return_exceptions=True)
        stored, errors = outcomes(results)
        assert stored == [ply + 1]
        assert len(errors) == 1 and isinstance(errors[0], StalePly)
    entries = await check_contiguous(store, game, 6)
    assert all(e.text[0] in "ab" for e in entries)


async def test_two_connections_racing_for_one_ply_store_exactly_one(file_stores):
    first, second = file_stores
    game = await new_game(first, 1)
    for ply in range(8):
        pair = [first.append(game, **move_args(ply, text="first")),
                second.append(game, **move_args(ply, text="second"))]
        if ply % 2:
            pair.reverse()
        stored, errors = outcomes(await asyncio.gather(*pair, return_exceptions=True))
        assert stored == [ply + 1]
        assert len(errors) == 1 and isinstance(errors[0], StalePly)
    await check_contiguous(first, game, 8)
    await check_contiguous(second, game, 8)


async def test_the_same_interaction_twice_stores_one_even_with_another_expected_ply(store):
    game = await new_game(store, 1)
    other = await new_game(store, 2)
    await store.append(game, **move_args(0))
    await store.append(game, **move_args(1))
    interaction = 10**17
    # The retry carries the same ply, the next ply (the client saw the first one land),
    # an old ply, or even another game: always DuplicateInteraction, never a second row.
    for retry_game, offset in ((game, 0), (game, 1), (game, -1), (other, None)):
        interaction += 1
        ply = (await store.get_game(game)).ply
        retry_ply = 0 if retry_game == other else ply + offset
        results = await asyncio.gather(store.append(game, **move_args(ply, interaction=interaction)),
                                       store.append(retry_game, **move_args(retry_ply, interaction=interaction)),
                                       return_exceptions=True)
        stored, errors = outcomes(results)
        assert len(stored) == 1
        assert len(errors) == 1 and isinstance(errors[0], DuplicateInteraction), errors
    entries = await check_contiguous(store, game, 6)
    assert len({e.ply for e in entries}) == 6
    await check_contiguous(store, other, 0)


async def test_many_submissions_of_one_interaction_store_one(file_stores):
    first, second = file_stores
    game = await new_game(first, 1)
    for round_ in range(5):
        ply = (await first.get_game(game)).ply
        submissions = [(first if i % 2 else second).append(game, **move_args(ply, interaction=5000 + round_))
                       for i in range(6)]
        stored, errors = outcomes(await asyncio.gather(*submissions, return_exceptions=True))
        assert stored == [ply + 1]
        assert len(errors) == 5
        # All carry the current ply: whichever transaction runs first stores the move, every
        # later one (on either connection) finds the interaction id already stored.
        assert all(isinstance(e, DuplicateInteraction) for e in errors)
    await check_contiguous(first, game, 5)


async def test_many_games_appended_concurrently_stay_contiguous(file_stores):
    first, second = file_stores
    games = [await new_game(first, thread) for thread in range(1, 31)]
    moves_per_game = 17
    won: dict[int, list[int]] = {game: [] for game in games}
    rng = random.Random(7)

    async def player(storage, game, name):
        while True:
            ply = (await storage.get_game(game)).ply
            if ply >= moves_per_game:
                return
            if rng.random() < 0.3:
                await asyncio.sleep(0)
            try:
                won[game].append(await storage.append(game, **move_args(ply, text=name)))
            except StalePly:
                continue

    # Two "double-clicking" tasks per game on each of two connections, all games at once.
    tasks = [player(storage, game, f"{label}{index}")
             for game in games
             for label, storage in (("a", first), ("b", second))
             for index in range(2)]
    rng.shuffle(tasks)
    await asyncio.gather(*tasks)
    for game in games:
        assert sorted(won[game]) == list(range(1, moves_per_game + 1))
        await check_contiguous(first, game, moves_per_game)


@pytest.mark.parametrize("seed", range(4))
async def test_cancelled_appends_leave_whole_moves_or_nothing(store, seed):
    """Cancelling a task mid-transaction rolls its move back (or lets a committed one stand)."""
    games = [await new_game(store, thread) for thread in range(1, 6)]
    rng = random.Random(seed)
    cancelled = 0
    for _ in range(40):
        tasks = []
        for game in games:
            ply = (await store.get_game(game)).ply
            tasks.append(asyncio.create_task(store.append(game, **move_args(ply))))
        for _ in range(rng.randrange(0, 12)):
            await asyncio.sleep(0)
        for task in tasks:
            if rng.random() < 0.5 and task.cancel():
                cancelled += 1
        results = await asyncio.gather(*tasks, return_exceptions=True)
        assert all(isinstance(r, (int, asyncio.CancelledError)) for r in results), results
    assert cancelled > 0
    for game in games:
        await check_contiguous(store, game, (await store.get_game(game)).ply)
    # Nothing is left half-open on the connection: a new write transaction starts cleanly.
    assert await store.append(games[0], **move_args((await store.get_game(games[0])).ply)) > 0


async def test_a_second_connection_waits_for_the_writer_instead_of_failing(file_stores, tmp_path):
    first, second = file_stores
    game = await new_game(first, 1)
    raw = sqlite3.connect(tmp_path / "shared.db", isolation_level=None)
    try:
        raw.execute("BEGIN IMMEDIATE")                   # another process holds the write lock
        pending = asyncio.create_task(second.append(game, **move_args(0)))
        for _ in range(20):
            await asyncio.sleep(0.01)
        assert not pending.done()
        raw.execute("COMMIT")
        assert await pending == 1
    finally:
        raw.close()
    await check_contiguous(first, game, 1)
