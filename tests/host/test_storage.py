"""SqliteStorage: lobby, start, moves, snapshots, waiting rows, settings, schema migrations."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import storage_sqlite
from bot.storage import (ABANDONED, ACTIVE, CANCELLED, FINISHED, LOBBY, AlreadySeated, DuplicateInteraction,
                         GameNotFound, NotSeated, StalePly, StorageError, UserSettings, WrongStatus)
from bot.storage_sqlite import SchemaTooNew, SqliteStorage, ThreadInUse

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104


@pytest.fixture
async def store():
    storage = SqliteStorage(":memory:")
    await storage.open()
    yield storage
    await storage.close()


async def new_lobby(store, *, thread_id=500, channel_id=50, game="planetarium", options=None, now=1.0):
    return await store.create_game(game=game, guild_id=5, channel_id=channel_id, thread_id=thread_id,
                                   creator_id=ALICE, creator_name="Alice", options=options or {"players": 3},
                                   seed=123456789, now=now)


async def new_active(store, players=(ALICE, BOB, CAROL), *, thread_id=500, state=None, waiting=None):
    record = await new_lobby(store, thread_id=thread_id)
    for index, user in enumerate(players[1:]):
        await store.add_player(record.id, user, f"user{user}", 2.0 + index)
    return await store.start_game(record.id, list(players), state or {"turn": 0},
                                  {players[0]} if waiting is None else waiting, 10.0)


async def move(store, game_id, ply, *, seat=0, user=ALICE, text=None, waiting=(), interaction=None,
               now=None, snapshot=None, finished=False):
    return await store.append(game_id, expected_ply=ply, seat=seat, user_id=user, kind="move",
                              text=text or f"m{ply + 1}", interaction_id=interaction,
                              now=now if now is not None else 100.0 + ply, waiting_user_ids=set(waiting),
                              snapshot=snapshot, finished=finished)


# ----- lobby ------------------------------------------------------------------------------------
async def test_create_game_makes_a_lobby_with_its_creator(store):
    record = await new_lobby(store, options={"players": 3, "variant": "advanced"})
    assert record.status == LOBBY and record.ply == 0
    assert record.options == {"players": 3, "variant": "advanced"}
    assert record.seed == 123456789 and record.thread_id == 500 and record.guild_id == 5
    assert [(p.user_id, p.name, p.seat) for p in record.players] == [(ALICE, "Alice", None)]
    assert record.created_at == record.updated_at == 1.0
    assert await store.get_game(record.id) == record
    assert await store.game_by_thread(500) == record
    assert await store.get_game(record.id + 1) is None
    assert await store.game_by_thread(999) is None


async def test_join_and_leave_keep_join_order_and_reject_duplicates(store):
    record = await new_lobby(store)
    await store.add_player(record.id, CAROL, "Carol", 3.0)
    record = await store.add_player(record.id, BOB, "Bob", 4.0)
    assert [p.user_id for p in record.players] == [ALICE, CAROL, BOB]
    assert record.updated_at == 4.0
    with pytest.raises(AlreadySeated):
        await store.add_player(record.id, BOB, "Bob again", 5.0)
    record = await store.remove_player(record.id, CAROL)
    assert [p.user_id for p in record.players] == [ALICE, BOB]
    with pytest.raises(NotSeated):
        await store.remove_player(record.id, CAROL)
    record = await store.add_player(record.id, CAROL, "Carol", 6.0)
    assert [p.user_id for p in record.players] == [ALICE, BOB, CAROL]
    with pytest.raises(GameNotFound):
        await store.add_player(record.id + 7, DAVE, "Dave", 7.0)
    with pytest.raises(GameNotFound):
        await store.remove_player(record.id + 7, DAVE)


async def test_join_and_leave_need_a_lobby(store):
    record = await new_active(store)
    with pytest.raises(WrongStatus):
        await store.add_player(record.id, DAVE, "Dave", 20.0)
    with pytest.raises(WrongStatus):
        await store.remove_player(record.id, BOB)
    assert [p.user_id for p in (await store.get_game(record.id)).players] == [ALICE, BOB, CAROL]


async def test_threads_are_unique_and_can_be_set_later(store):
    first = await new_lobby(store, thread_id=None)
    second = await new_lobby(store, thread_id=None)
    await store.set_thread(first.id, 777)
    assert (await store.game_by_thread(777)).id == first.id
    with pytest.raises(ThreadInUse):
        await store.set_thread(second.id, 777)
    with pytest.raises(ThreadInUse):
        await new_lobby(store, thread_id=777)
    with pytest.raises(GameNotFound):
        await store.set_thread(second.id + 10, 778)
    assert (await store.get_game(second.id)).thread_id is None
    assert isinstance(ThreadInUse("x"), StorageError)


async def test_list_games_filters(store):
    a = await new_lobby(store, thread_id=1, channel_id=50, game="gaia")
    b = await new_lobby(store, thread_id=2, channel_id=51, game="planetarium")
    c = await new_lobby(store, thread_id=3, channel_id=50, game="planetarium")
    await store.add_player(b.id, BOB, "Bob", 2.0)
    await store.add_player(c.id, BOB, "Bob", 2.0)
    await store.start_game(c.id, [BOB, ALICE], {}, {BOB}, 3.0)
    assert [g.id for g in await store.list_games()] == [a.id, b.id, c.id]
    assert [g.id for g in await store.list_games(status=LOBBY)] == [a.id, b.id]
    assert [g.id for g in await store.list_games(game="planetarium")] == [b.id, c.id]
    assert [g.id for g in await store.list_games(user_id=BOB)] == [b.id, c.id]
    assert [g.id for g in await store.list_games(user_id=BOB, status=ACTIVE)] == [c.id]
    assert [g.id for g in await store.list_games(channel_id=50)] == [a.id, c.id]
    assert await store.list_games(user_id=DAVE) == []
    listed = {g.id: g for g in await store.list_games()}
    assert [p.user_id for p in listed[c.id].players] == [BOB, ALICE]
    assert listed[b.id] == await store.get_game(b.id)


# ----- start, seats, statuses -------------------------------------------------------------------
async def test_start_assigns_seats_in_order_and_stores_ply_zero(store):
    record = await new_active(store, (ALICE, BOB, CAROL), state={"board": [1, 2, 3]}, waiting={ALICE, CAROL})
    assert record.status == ACTIVE and record.ply == 0 and record.updated_at == 10.0
    reseated = await new_lobby(store, thread_id=501)
    await store.add_player(reseated.id, BOB, "Bob", 2.0)
    await store.add_player(reseated.id, CAROL, "Carol", 3.0)
    reseated = await store.start_game(reseated.id, [CAROL, ALICE, BOB], {"turn": 0}, {CAROL}, 10.0)
    assert [(p.user_id, p.seat) for p in reseated.players] == [(CAROL, 0), (ALICE, 1), (BOB, 2)]
    assert reseated.seat_of(BOB) == 2 and reseated.user_at(0).user_id == CAROL
    assert await store.latest_snapshot(record.id) == (0, {"board": [1, 2, 3]})
    assert {(w.game_id, w.user_id, w.since) for w in await store.waiting()} == {
        (record.id, ALICE, 10.0), (record.id, CAROL, 10.0), (reseated.id, CAROL, 10.0)}
    with pytest.raises(WrongStatus):
        await store.start_game(record.id, [ALICE, BOB, CAROL], {}, set(), 11.0)


async def test_start_rejects_a_seat_order_that_is_not_the_lobby(store):
    record = await new_lobby(store)
    await store.add_player(record.id, BOB, "Bob", 2.0)
    with pytest.raises(NotSeated):
        await store.start_game(record.id, [ALICE, BOB, DAVE], {}, {ALICE}, 3.0)
    with pytest.raises(StorageError, match="leaves out"):
        await store.start_game(record.id, [ALICE], {}, {ALICE}, 3.0)
    with pytest.raises(ValueError):
        await store.start_game(record.id, [ALICE, ALICE, BOB], {}, {ALICE}, 3.0)
    with pytest.raises(NotSeated):      # waiting users must be players
        await store.start_game(record.id, [ALICE, BOB], {}, {DAVE}, 3.0)
    unchanged = await store.get_game(record.id)
    assert unchanged.status == LOBBY and all(p.seat is None for p in unchanged.players)
    assert await store.latest_snapshot(record.id) is None and await store.waiting() == []
    with pytest.raises(GameNotFound):
        await store.start_game(record.id + 1, [ALICE], {}, set(), 3.0)


async def test_set_status_checks_expected_and_clears_waiting(store):
    lobby = await new_lobby(store, thread_id=1)
    cancelled = await store.set_status(lobby.id, CANCELLED, expected=(LOBBY,), now=5.0)
    assert cancelled.status == CANCELLED and cancelled.updated_at == 5.0
    with pytest.raises(WrongStatus):
        await store.set_status(lobby.id, ABANDONED, expected=(ACTIVE, LOBBY), now=6.0)
    game = await new_active(store, thread_id=2, waiting={ALICE, BOB})
    assert len(await store.waiting()) == 2
    abandoned = await store.set_status(game.id, ABANDONED, expected=(ACTIVE, LOBBY), now=7.0)
    assert abandoned.status == ABANDONED
    assert await store.waiting() == []
    with pytest.raises(WrongStatus):
        await move(store, game.id, 0)
    with pytest.raises(GameNotFound):
        await store.set_status(game.id + 5, CANCELLED, expected=(LOBBY,), now=8.0)
    with pytest.raises(ValueError):
        await store.set_status(game.id, "paused", expected=(ABANDONED,), now=8.0)


async def test_substitute_gives_the_seat_and_its_waiting_row(store):
    game = await new_active(store, waiting={BOB, CAROL})
    await store.mark_reminded(BOB, [game.id], 20.0)
    record = await store.substitute(game.id, BOB, DAVE, "Dave", 30.0)
    assert [(p.user_id, p.seat) for p in record.players] == [(ALICE, 0), (DAVE, 1), (CAROL, 2)]
    assert record.user_at(1).name == "Dave" and record.updated_at == 30.0
    rows = {w.user_id: w for w in await store.waiting(user_id=None)}
    assert set(rows) == {DAVE, CAROL}
    assert (rows[DAVE].since, rows[DAVE].reminders_sent, rows[DAVE].last_reminded_at) == (30.0, 0, None)
    assert rows[CAROL].since == 10.0
    with pytest.raises(NotSeated):
        await store.substitute(game.id, BOB, 999, "Nobody", 31.0)
    with pytest.raises(AlreadySeated):
        await store.substitute(game.id, ALICE, CAROL, "Carol", 31.0)
    lobby = await new_lobby(store, thread_id=501)
    await store.add_player(lobby.id, BOB, "Bob", 2.0)
    lobby = await store.substitute(lobby.id, ALICE, CAROL, "Carol", 3.0)
    assert [p.user_id for p in lobby.players] == [CAROL, BOB]     # keeps its place in join order
    await store.set_status(game.id, FINISHED, expected=(ACTIVE,), now=40.0)
    with pytest.raises(WrongStatus):
        await store.substitute(game.id, DAVE, BOB, "Bob", 41.0)


# ----- the move log -----------------------------------------------------------------------------
async def test_append_checks_expected_ply_and_keeps_log_order(store):
    game = await new_active(store)
    assert await move(store, game.id, 0, seat=0, user=ALICE, text="a", waiting={BOB}) == 1
    assert await move(store, game.id, 1, seat=1, user=BOB, text="b", waiting={CAROL}) == 2
    with pytest.raises(StalePly):
        await move(store, game.id, 1, seat=1, user=BOB, text="b again")
    with pytest.raises(StalePly):
        await move(store, game.id, 3)
    await store.append(game.id, expected_ply=2, seat=None, user_id=None, kind="substitute", text="note",
                       interaction_id=None, now=200.0, waiting_user_ids={CAROL})
    entries = await store.log(game.id)
    assert [(e.ply, e.seat, e.user_id, e.kind, e.text) for e in entries] == [
        (1, 0, ALICE, "move", "a"), (2, 1, BOB, "move", "b"), (3, None, None, "substitute", "note")]
    assert entries[0].created_at == 100.0
    record = await store.get_game(game.id)
    assert record.ply == 3 and record.updated_at == 200.0
    with pytest.raises(GameNotFound):
        await move(store, game.id + 1, 0)


async def test_append_needs_an_active_game(store):
    lobby = await new_lobby(store)
    with pytest.raises(WrongStatus):
        await move(store, lobby.id, 0)
    assert await store.log(lobby.id) == []


async def test_duplicate_interaction_is_refused_and_changes_nothing(store):
    game = await new_active(store)
    other = await new_active(store, thread_id=501)
    await move(store, game.id, 0, interaction=9001, waiting={BOB})
    with pytest.raises(DuplicateInteraction):
        await move(store, game.id, 1, interaction=9001, waiting={CAROL})    # current ply, same id
    with pytest.raises(DuplicateInteraction):
        await move(store, game.id, 0, interaction=9001)                     # the retried original
    with pytest.raises(DuplicateInteraction):
        await move(store, other.id, 0, interaction=9001)                    # ids are global
    assert (await store.get_game(game.id)).ply == 1 and (await store.get_game(other.id)).ply == 0
    assert {(w.game_id, w.user_id) for w in await store.waiting()} == {(game.id, BOB), (other.id, ALICE)}
    assert await move(store, game.id, 1, interaction=9002) == 2
    assert await move(store, game.id, 2, interaction=None) == 3
    assert await move(store, game.id, 3, interaction=None) == 4            # NULL ids never collide


async def test_newest_and_paged_log(store):
    game = await new_active(store)
    for ply in range(10):
        await move(store, game.id, ply, text=f"t{ply + 1}")
    texts = lambda entries: [e.text for e in entries]   # noqa: E731
    assert texts(await store.log(game.id)) == [f"t{i}" for i in range(1, 11)]
    assert texts(await store.log(game.id, newest=True, limit=3)) == ["t8", "t9", "t10"]
    assert texts(await store.log(game.id, limit=3)) == ["t1", "t2", "t3"]
    assert texts(await store.log(game.id, after_ply=7)) == ["t8", "t9", "t10"]
    assert texts(await store.log(game.id, after_ply=4, limit=2)) == ["t5", "t6"]
    assert texts(await store.log(game.id, after_ply=8, limit=5, newest=True)) == ["t9", "t10"]
    assert len(await store.log(game.id, newest=True)) == 10
    assert await store.log(game.id, limit=0) == []
    assert await store.log(game.id + 1) == []


async def test_snapshots_pick_the_newest_at_or_before_a_ply(store):
    game = await new_active(store, state={"at": 0})
    for ply in range(12):
        snap = {"at": ply + 1} if (ply + 1) % 5 == 0 else None
        await move(store, game.id, ply, snapshot=snap)
    assert await store.latest_snapshot(game.id) == (10, {"at": 10})
    assert await store.latest_snapshot(game.id, at_most_ply=9) == (5, {"at": 5})
    assert await store.latest_snapshot(game.id, at_most_ply=5) == (5, {"at": 5})
    assert await store.latest_snapshot(game.id, at_most_ply=4) == (0, {"at": 0})
    assert await store.latest_snapshot(game.id, at_most_ply=-1) is None
    assert await store.latest_snapshot(game.id + 1) is None
    nested = {"hands": {"0": ["a", "ő"]}, "scores": [1.5, None, True], "rng": {"seed": 2**62, "counter": 3}}
    await move(store, game.id, 12, snapshot=nested)
    assert await store.latest_snapshot(game.id) == (13, nested)


async def test_finishing_move_finishes_the_game_and_clears_waiting(store):
    game = await new_active(store, waiting={ALICE, BOB})
    await move(store, game.id, 0, waiting={BOB, CAROL}, snapshot={"end": False})
    ply = await move(store, game.id, 1, waiting={CAROL}, snapshot={"end": True}, finished=True)
    record = await store.get_game(game.id)
    assert ply == 2 and record.status == FINISHED and record.ply == 2
    assert await store.waiting() == []
    assert await store.latest_snapshot(game.id) == (2, {"end": True})
    with pytest.raises(WrongStatus):
        await move(store, game.id, 2)


async def test_failed_append_leaves_no_trace(store):
    game = await new_active(store, waiting={ALICE})
    with pytest.raises(NotSeated):     # a waiting user who is not a player rolls the move back
        await move(store, game.id, 0, waiting={DAVE}, snapshot={"x": 1})
    assert (await store.get_game(game.id)).ply == 0
    assert await store.log(game.id) == []
    assert await store.latest_snapshot(game.id) == (0, {"turn": 0})
    assert [w.user_id for w in await store.waiting()] == [ALICE]
    assert await move(store, game.id, 0, waiting={BOB}) == 1


# ----- waiting rows and reminders ---------------------------------------------------------------
async def test_waiting_rows_keep_since_for_users_still_waiting(store):
    game = await new_active(store, waiting={ALICE, BOB})       # since 10.0
    await store.mark_reminded(BOB, [game.id], 50.0)
    await move(store, game.id, 0, waiting={BOB, CAROL}, now=60.0)
    rows = {w.user_id: w for w in await store.waiting()}
    assert set(rows) == {BOB, CAROL}
    assert (rows[BOB].since, rows[BOB].reminders_sent, rows[BOB].last_reminded_at) == (10.0, 1, 50.0)
    assert (rows[CAROL].since, rows[CAROL].reminders_sent, rows[CAROL].last_reminded_at) == (60.0, 0, None)
    w = rows[BOB]
    assert (w.game_id, w.game, w.guild_id, w.channel_id, w.thread_id) == (game.id, "planetarium", 5, 50, 500)
    await move(store, game.id, 1, waiting={ALICE}, now=70.0)
    await move(store, game.id, 2, waiting={BOB}, now=80.0)
    rows = {w.user_id: w for w in await store.waiting()}
    assert set(rows) == {BOB} and rows[BOB].since == 80.0 and rows[BOB].reminders_sent == 0


async def test_waiting_per_user_and_mark_reminded(store):
    one = await new_active(store, thread_id=1, waiting={BOB})
    two = await new_active(store, thread_id=2, waiting={ALICE, BOB})
    three = await new_active(store, thread_id=3, waiting={BOB})
    await store.set_status(three.id, ABANDONED, expected=(ACTIVE,), now=11.0)
    assert sorted(w.game_id for w in await store.waiting(user_id=BOB)) == [one.id, two.id]
    assert [w.game_id for w in await store.waiting(user_id=ALICE)] == [two.id]
    assert await store.waiting(user_id=DAVE) == []
    await store.mark_reminded(BOB, [one.id, two.id], 20.0)
    await store.mark_reminded(BOB, [two.id], 30.0)
    await store.mark_reminded(BOB, [], 35.0)
    rows = {w.game_id: w for w in await store.waiting(user_id=BOB)}
    assert (rows[one.id].reminders_sent, rows[one.id].last_reminded_at) == (1, 20.0)
    assert (rows[two.id].reminders_sent, rows[two.id].last_reminded_at) == (2, 30.0)
    alice = (await store.waiting(user_id=ALICE))[0]
    assert (alice.reminders_sent, alice.last_reminded_at) == (0, None)


# ----- user settings ----------------------------------------------------------------------------
async def test_user_settings_defaults_and_round_trip(store):
    assert await store.get_user_settings(ALICE) == UserSettings(user_id=ALICE)
    settings = UserSettings(user_id=ALICE, reminders_enabled=False, reminder_hours=6.5, quiet_start=22,
                            quiet_end=7, timezone="Europe/Budapest", dm_closed=True,
                            prefs={"gaia": {"charge": "auto"}, "lang": "hu"})
    await store.save_user_settings(settings)
    assert await store.get_user_settings(ALICE) == settings
    settings.dm_closed = False
    settings.prefs = {}
    settings.quiet_start = settings.quiet_end = None
    await store.save_user_settings(settings)
    again = await store.get_user_settings(ALICE)
    assert again == settings and again.reminders_enabled is False and again.dm_closed is False
    assert await store.get_user_settings(BOB) == UserSettings(user_id=BOB)


# ----- files, reopening and migrations ------------------------------------------------------------
async def test_reopening_a_file_keeps_everything(tmp_path):
    path = tmp_path / "games.db"
    async with SqliteStorage(path) as store:
        game = await new_active(store, waiting={BOB})
        await move(store, game.id, 0, interaction=77, waiting={CAROL}, snapshot={"s": 1})
        await store.save_user_settings(UserSettings(user_id=BOB, reminder_hours=3.0, prefs={"x": [1]}))
        lobby = await new_lobby(store, thread_id=900)
        before = (await store.list_games(), await store.log(game.id), await store.waiting(),
                  await store.latest_snapshot(game.id), await store.get_user_settings(BOB))
    async with SqliteStorage(str(path)) as store:
        after = (await store.list_games(), await store.log(game.id), await store.waiting(),
                 await store.latest_snapshot(game.id), await store.get_user_settings(BOB))
        assert after == before
        assert (await store.get_game(lobby.id)).status == LOBBY
        with pytest.raises(DuplicateInteraction):
            await move(store, game.id, 1, interaction=77)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == storage_sqlite.SCHEMA_VERSION
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    raw.close()


async def test_close_is_idempotent_and_storage_can_reopen(tmp_path):
    store = SqliteStorage(tmp_path / "g.db")
    await store.open()
    await new_lobby(store)
    await store.close()
    await store.close()
    with pytest.raises(StorageError, match="not open"):
        await store.get_game(1)
    await store.open()
    assert (await store.get_game(1)).status == LOBBY
    await store.close()


async def test_migrations_upgrade_an_existing_file(tmp_path, monkeypatch):
    path = tmp_path / "old.db"
    async with SqliteStorage(path) as store:
        game = await new_active(store)
        await move(store, game.id, 0, waiting={BOB})
    # A later version of the code appends migration 2; opening the version-1 file applies it
    # and keeps the data.
    current = storage_sqlite.SCHEMA_VERSION
    migration_2 = f"""
        BEGIN IMMEDIATE;
        ALTER TABLE games ADD COLUMN title TEXT NOT NULL DEFAULT '';
        CREATE INDEX log_by_user ON log (user_id);
        PRAGMA user_version = {current + 1};
        COMMIT;
    """
    monkeypatch.setattr(storage_sqlite, "MIGRATIONS", storage_sqlite.MIGRATIONS + [migration_2])
    async with SqliteStorage(path) as store:
        assert (await store.get_game(game.id)).ply == 1
        assert [e.text for e in await store.log(game.id)] == ["m1"]
        assert await move(store, game.id, 1) == 2
    async with SqliteStorage(path) as store:     # already current: nothing re-applied
        assert (await store.get_game(game.id)).ply == 2
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == current + 1
        assert "title" in [row[1] for row in raw.execute("PRAGMA table_info(games)")]
        assert raw.execute("SELECT title FROM games").fetchall() == [("",)]
    finally:
        raw.close()


async def test_a_failing_migration_rolls_back_and_reports(tmp_path, monkeypatch):
    path = tmp_path / "old.db"
    async with SqliteStorage(path) as store:
        await new_lobby(store)
    current = storage_sqlite.SCHEMA_VERSION
    broken = f"""
        BEGIN IMMEDIATE;
        ALTER TABLE games ADD COLUMN half_done TEXT;
        CREATE TABLE games (x);
        PRAGMA user_version = {current + 1};
        COMMIT;
    """
    original = list(storage_sqlite.MIGRATIONS)
    monkeypatch.setattr(storage_sqlite, "MIGRATIONS", original + [broken])
    with pytest.raises(StorageError, match=f"migration {current} -> {current + 1}"):
        await SqliteStorage(path).open()
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == current
        assert "half_done" not in [row[1] for row in raw.execute("PRAGMA table_info(games)")]
    finally:
        raw.close()
    forgetful = "BEGIN IMMEDIATE; CREATE TABLE extra (x); COMMIT;"     # forgot user_version
    monkeypatch.setattr(storage_sqlite, "MIGRATIONS", original + [forgetful])
    with pytest.raises(StorageError, match="must set PRAGMA user_version"):
        await SqliteStorage(path).open()


async def test_refuses_a_database_newer_than_the_code(tmp_path):
    path = tmp_path / "future.db"
    async with SqliteStorage(path) as store:
        await new_lobby(store)
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {storage_sqlite.SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    store = SqliteStorage(path)
    newest = storage_sqlite.SCHEMA_VERSION
    with pytest.raises(SchemaTooNew, match=rf"schema version {newest + 1}.*only knows versions up to {newest}"):
        await store.open()
    assert isinstance(SchemaTooNew("x"), StorageError)
    with pytest.raises(StorageError, match="not open"):
        await store.get_game(1)
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == newest + 1       # left untouched
    finally:
        raw.close()


async def test_fresh_file_gets_the_whole_schema(tmp_path):
    async with SqliteStorage(tmp_path / "new.db"):
        pass
    raw = sqlite3.connect(tmp_path / "new.db")
    try:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "players", "log", "snapshots", "waiting", "user_settings"} <= tables
        assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        raw.close()


# ----- properties against a model ------------------------------------------------------------------
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(waits=st.lists(st.frozensets(st.sampled_from((ALICE, BOB, CAROL))), min_size=1, max_size=10),
       reminded=st.lists(st.sampled_from((ALICE, BOB, CAROL)), max_size=10))
def test_waiting_rows_follow_a_model(waits, reminded):
    """``since`` is kept while a user stays waiting and restarts when they start waiting again
    or make a move (the mover, ALICE here, gets a fresh wait for the next decision); reminder
    counts survive with the row and vanish with it."""
    async def run():
        async with SqliteStorage(":memory:") as store:
            game = await new_active(store, waiting=set(waits[0]))
            model = {user: [10.0, 0] for user in waits[0]}
            for index, users in enumerate(waits[1:]):
                now = 100.0 + index
                who = reminded[index] if index < len(reminded) else None
                if who is not None:
                    await store.mark_reminded(who, [game.id], now - 0.5)
                    if who in model:
                        model[who][1] += 1
                await move(store, game.id, index, waiting=users, now=now)
                model = {user: model.get(user, [now, 0]) if user != ALICE else [now, 0] for user in users}
                assert {w.user_id: [w.since, w.reminders_sent] for w in await store.waiting()} == model

    asyncio.run(run())


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.integers(0, 14), after=st.integers(0, 16), limit=st.none() | st.integers(0, 16),
       newest=st.booleans())
def test_log_slices_match_list_slicing(moves, after, limit, newest):
    async def run():
        async with SqliteStorage(":memory:") as store:
            game = await new_active(store)
            for ply in range(moves):
                await move(store, game.id, ply)
            got = [e.ply for e in await store.log(game.id, after_ply=after, limit=limit, newest=newest)]
            model = list(range(after + 1, moves + 1))
            if limit is not None:
                model = model[max(0, len(model) - limit):] if newest else model[:limit]
            assert got == model

    asyncio.run(run())
