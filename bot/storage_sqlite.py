"""SQLite backend of :class:`bot.storage.Storage` (aiosqlite, WAL).  All SQL of the project lives here.

Design:

* One aiosqlite connection opened with ``isolation_level=None`` (no implicit transactions) and
  one ``asyncio.Lock``.  Every public method takes the lock and runs exactly one explicit
  transaction (``BEGIN IMMEDIATE`` for writes, ``BEGIN`` for reads) that is committed, or
  rolled back on any error including cancellation.  Tasks sharing one connection share its
  transaction, so the lock is what keeps one task's rollback from discarding another's work.
  The writes of every move (``append``, ``mark_announced``, ``remember_shown_images``) run their
  whole transaction as one function in aiosqlite's thread (``_at_once``: one trip instead of
  one per statement, issue 26); a task cancelled meanwhile leaves it to finish there, whole.
* A move is accepted by ``UPDATE games SET ply = ply + 1 ... WHERE id = ? AND ply = ?`` and the
  log ``INSERT`` in the same transaction: a stale or doubled submission changes nothing.  A
  UNIQUE ``interaction_id`` stops a retried Discord interaction from being applied twice.
  When ``append`` returns, the transaction has committed (WAL, ``synchronous=NORMAL``: the move
  survives the process being killed; surviving power loss would need ``synchronous=FULL``).
* The schema is versioned with ``PRAGMA user_version``.  ``MIGRATIONS[i]`` takes a database
  from version ``i`` to ``i + 1``; adding a version is appending one script.  Each script
  carries its own ``BEGIN IMMEDIATE`` / ``COMMIT`` and sets ``user_version`` inside the same
  transaction, because ``executescript`` commits any open transaction before it runs.
"""
from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import json
import os
import sqlite3
import sys
from collections import OrderedDict
from typing import Any, AsyncIterator, Callable, Iterable, TypeVar, cast

import aiosqlite

from .storage import (ACTIVE, ABANDONED, CANCELLED, FINISHED, LOBBY, AlreadySeated, DuplicateInteraction,
                      GameNotFound, GameRecord, LogEntry, NotSeated, PlayerRecord, StalePly, Storage,
                      ShownImage, StorageError, UserSettings, WaitingRecord, WrongStatus)

STATUSES = (LOBBY, ACTIVE, FINISHED, CANCELLED, ABANDONED)


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot than this one."""


class ThreadInUse(StorageError):
    """Another game already lives in this Discord thread."""


# --------------------------------------------------------------------------------------------
# Schema migrations: MIGRATIONS[i] upgrades user_version i -> i + 1.  Append, never edit.
# A migration that rebuilds a table must turn foreign keys off itself (PRAGMA foreign_keys is
# a no-op inside a transaction, so such a migration has to be split around its BEGIN).
# --------------------------------------------------------------------------------------------
MIGRATIONS: list[str] = [
    # 0 -> 1: the initial schema
    """
    BEGIN IMMEDIATE;
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        game        TEXT    NOT NULL,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        thread_id   INTEGER UNIQUE,
        creator_id  INTEGER NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
        seed        INTEGER NOT NULL,
        status      TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'abandoned')),
        ply         INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE INDEX games_by_status  ON games (status, game);
    CREATE INDEX games_by_channel ON games (channel_id, status);

    CREATE TABLE players (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id     INTEGER NOT NULL,
        name        TEXT    NOT NULL,
        seat        INTEGER CHECK (seat >= 0),
        joined_at   REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id),
        UNIQUE (game_id, seat)
    );
    CREATE INDEX players_by_user ON players (user_id);

    CREATE TABLE log (
        game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL CHECK (ply >= 1),
        seat            INTEGER,
        user_id         INTEGER,
        kind            TEXT    NOT NULL,
        text            TEXT    NOT NULL,
        interaction_id  INTEGER UNIQUE,
        created_at      REAL    NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;

    CREATE TABLE snapshots (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply         INTEGER NOT NULL CHECK (ply >= 0),
        state       TEXT    NOT NULL,
        PRIMARY KEY (game_id, ply)
    );

    CREATE TABLE waiting (
        game_id           INTEGER NOT NULL,
        user_id           INTEGER NOT NULL,
        since             REAL    NOT NULL,
        reminders_sent    INTEGER NOT NULL DEFAULT 0,
        last_reminded_at  REAL,
        PRIMARY KEY (game_id, user_id),
        FOREIGN KEY (game_id, user_id) REFERENCES players (game_id, user_id)
            ON DELETE CASCADE ON UPDATE CASCADE
    );
    CREATE INDEX waiting_by_user ON waiting (user_id);

    CREATE TABLE user_settings (
        user_id            INTEGER PRIMARY KEY,
        reminders_enabled  INTEGER NOT NULL DEFAULT 1,
        reminder_hours     REAL,
        quiet_start        INTEGER CHECK (quiet_start BETWEEN 0 AND 23),
        quiet_end          INTEGER CHECK (quiet_end BETWEEN 0 AND 23),
        timezone           TEXT    NOT NULL DEFAULT 'UTC',
        dm_closed          INTEGER NOT NULL DEFAULT 0,
        prefs              TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(prefs))
    );

    PRAGMA user_version = 1;
    COMMIT;
    """,
    # 1 -> 2: languages, decision deadlines and the rules version a game was started with
    """
    BEGIN IMMEDIATE;
    ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE user_settings ADD COLUMN language TEXT;
    ALTER TABLE waiting ADD COLUMN deadline_warned INTEGER NOT NULL DEFAULT 0;
    PRAGMA user_version = 2;
    COMMIT;
    """,
    # 2 -> 3: what each game's thread last showed (a digest of each board image's pixels and the
    # message that carried it), so a post attaches only the images that changed, after a restart too
    """
    BEGIN IMMEDIATE;
    CREATE TABLE shown_images (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        position    INTEGER NOT NULL CHECK (position >= 1),
        digest      TEXT    NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        PRIMARY KEY (game_id, position)
    ) WITHOUT ROWID;
    PRAGMA user_version = 3;
    COMMIT;
    """,
    # 3 -> 4 (issue 26): which plies reached the thread, the DM channel of a user, users
    # Discord no longer knows.  Self-contained: it reads no other migration's columns.
    """
    BEGIN IMMEDIATE;
    ALTER TABLE games ADD COLUMN announced_ply INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET announced_ply = ply;   -- what exists was announced by the version before
    CREATE INDEX games_unannounced ON games (status) WHERE announced_ply < ply;
    ALTER TABLE user_settings ADD COLUMN dm_channel_id INTEGER;
    ALTER TABLE user_settings ADD COLUMN gone INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_by_guild ON games (guild_id, status);
    PRAGMA user_version = 4;
    COMMIT;
    """,
    # 4 -> 5 (issue 29): computer seats.  A computer player is a row of ``players`` with a
    # negative user id (no Discord user has one) and ``computer = 1``; it waits like anyone
    # (waiting rows), but is never reminded, pinged or DMed.
    """
    BEGIN IMMEDIATE;
    ALTER TABLE players ADD COLUMN computer INTEGER NOT NULL DEFAULT 0;
    PRAGMA user_version = 5;
    COMMIT;
    """,
    # 5 -> 6: a move's public news is kept with it, so /log can say what it did (which card
    # "draw O1" took) after the position that explains it is gone.
    """
    BEGIN IMMEDIATE;
    ALTER TABLE log ADD COLUMN news TEXT;
    PRAGMA user_version = 6;
    COMMIT;
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)

_GAME_COLUMNS = ("id, game, guild_id, channel_id, thread_id, creator_id, options, seed, status, ply, "
                 "created_at, updated_at, rules_version, announced_ply")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _ids(values: Iterable[int]) -> str:
    """A JSON array of integers, for ``IN (SELECT value FROM json_each(?))``."""
    return json.dumps(sorted({int(v) for v in values}))


def _is_memory(path: str) -> bool:
    return path in ("", ":memory:") or "mode=memory" in path or path.startswith("file::memory:")


_Result = TypeVar("_Result")


def _transaction(db: sqlite3.Connection, write: bool, work: Callable[[sqlite3.Connection], _Result]) -> _Result:
    """``work(db)`` as one transaction, run in the connection's own thread: BEGIN, the
    statements, COMMIT, or ROLLBACK when anything raises (COMMIT included).  The whole
    transaction runs there even when the task that asked for it is cancelled meanwhile: it
    commits whole or rolls back whole, never half."""
    db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
    try:
        result = work(db)
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    return result


def _with_db(connection: aiosqlite.Connection, fn: Callable[..., _Result], args: tuple[Any, ...]) -> _Result:
    return fn(connection._conn, *args)     # in the connection's thread: its sqlite3 connection


async def _in_connection_thread(connection: aiosqlite.Connection, fn: Callable[..., _Result], *args: Any) -> _Result:
    """``fn(db, *args)`` with ``db`` the sqlite3 connection, in one trip to aiosqlite's thread
    instead of one trip per statement (each trip costs the event loop ~50 us of CPU and wakes
    both threads; a move's append was seven of them; issue 26).  aiosqlite has no public call
    for "run this function in your thread": this is its ``Connection._execute``, which every
    aiosqlite version has had (tests/host/test_storage.py fails first if an upgrade takes it
    away)."""
    run: Callable[..., Any] = connection._execute
    result: _Result = await run(_with_db, connection, fn, args)
    return result


def _replace_waiting_now(db: sqlite3.Connection, game_id: int, user_ids: set[int], now: float) -> None:
    """Users who keep waiting keep ``since`` and their reminder count; new ones start now."""
    ids = _ids(user_ids)
    db.execute("DELETE FROM waiting WHERE game_id = ? AND user_id NOT IN (SELECT value FROM json_each(?))",
               (game_id, ids))
    try:
        db.execute("INSERT INTO waiting (game_id, user_id, since, reminders_sent, last_reminded_at) "
                   "SELECT ?, value, ?, 0, NULL FROM json_each(?) WHERE true "
                   "ON CONFLICT (game_id, user_id) DO NOTHING", (game_id, now, ids))
    except sqlite3.IntegrityError as error:   # foreign key: not a player of this game
        raise NotSeated(f"waiting users {sorted(user_ids)} are not all players of game {game_id}") from error


class InstanceRunning(StorageError):
    """Another bot process already uses this database."""


class InstanceLock:
    """An exclusive advisory lock on ``<database>.lock``: one bot per database.  The
    operating system drops it when the process ends, even on ``kill -9``, so a crash never
    leaves a stale lock behind (unlike a lease row, which would need a heartbeat)."""

    def __init__(self, database: str):
        self.path = database + ".lock"
        self._file: Any = None

    def acquire(self) -> None:
        handle = open(self.path, "a+")
        try:
            if sys.platform == "win32":   # pragma: no cover - the bot is deployed on Linux
                import msvcrt
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "?"
            handle.close()
            raise InstanceRunning(
                f"another bot process (pid {holder}) is already using {os.path.abspath(self.path[:-5])}; "
                "stop it first, or give this one its own DATABASE_PATH") from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            self._file.close()   # closing drops the lock
            self._file = None


def backup_file_sync(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> int:
    """Copy a live database with SQLite's online backup API (consistent under WAL, while
    the bot keeps writing; a plain file copy may miss the WAL or catch a half-written page).
    Returns the number of pages copied."""
    target = os.fspath(target)
    if os.path.abspath(target) == os.path.abspath(os.fspath(source)):
        raise StorageError("the backup file must not be the database itself")
    src = sqlite3.connect(f"file:{os.path.abspath(os.fspath(source))}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst, pages=1024)   # in steps: the bot's writes wait at most one step
            pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
            check = dst.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise StorageError(f"the backup failed its integrity check: {check}")
            return pages
        finally:
            dst.close()
    finally:
        src.close()


async def backup_file(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> int:
    return await asyncio.to_thread(backup_file_sync, source, target)


_Cached = TypeVar("_Cached")


def _clone(value: _Cached) -> _Cached:
    """A copy the caller may change: records and settings hold only scalars, a player list and
    JSON dicts (the dicts and lists copied, as JSON's types).  A cached record is cloned on
    every read (about ten a move): each copy's fields are taken over as they are (scalars)
    rather than passed through ``dataclasses.replace`` and a JSON round trip, 8x cheaper
    (issue 26)."""
    copied: Any
    if isinstance(value, GameRecord):
        copied = _shallow(value)
        copied.options = _json_copy(value.options)
        copied.players = [_shallow(player) for player in value.players]
    elif isinstance(value, UserSettings):
        copied = _shallow(value)
        copied.prefs = _json_copy(value.prefs)
    elif isinstance(value, dict) and all(type(item) is ShownImage for item in value.values()):
        copied = {position: _shallow(image) for position, image in value.items()}   # what a thread shows
    else:
        copied = copy.deepcopy(value)
    return cast(_Cached, copied)


def _shallow(value: _Cached) -> _Cached:
    """A new instance of ``value``'s (plain, slot-less) dataclass with the same field values."""
    copied = object.__new__(type(value))
    copied.__dict__.update(value.__dict__)
    return copied


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _json_copy(value: Any) -> Any:
    """A copy of JSON data (what ``json.loads(json.dumps(value))`` gives for the bot's options
    and preferences: dicts, lists and scalars); a scalar item is taken as it is, without a call
    (a record's options are all scalars: 4 -> 1.5 us)."""
    if type(value) is dict:
        return {key: item if type(item) in _SCALARS else _json_copy(item) for key, item in value.items()}
    if type(value) is list or type(value) is tuple:
        return [item if type(item) in _SCALARS else _json_copy(item) for item in value]
    return value


def _invalidates(method: Any) -> Any:
    """A write to one game (its id the first argument): the cached record goes after the
    transaction, committed or not (a read cached meanwhile is dropped too)."""
    @functools.wraps(method)
    async def wrapper(self: "SqliteStorage", game_id: int, *args: Any, **kwargs: Any) -> Any:
        try:
            return await method(self, game_id, *args, **kwargs)
        finally:
            self._forget(game_id)
    return wrapper


class SqliteStorage(Storage):
    def __init__(self, path: str | os.PathLike[str], *, snapshot_every: int = 25, busy_timeout_ms: int = 10_000,
                 exclusive: bool = False, cache: bool = False, cache_size: int = 5000):
        """``exclusive``: refuse to open while another process holds the database (the bot
        asks for it: two bots on one database answer every command twice).  ``cache``
        (only with ``exclusive``: then every write passes through this object): game records,
        thread -> game and user settings are kept in memory, written through, so a move
        reads none of them from the database."""
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.path = os.fspath(path)
        # Advisory for callers (the service decides which appends carry a snapshot); every
        # snapshot that is passed in is stored.
        self.snapshot_every = snapshot_every
        self.busy_timeout_ms = busy_timeout_ms
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._instance = InstanceLock(self.path) if exclusive and not _is_memory(self.path) else None
        self._caching = cache and exclusive
        self._cache_size = cache_size
        self._records: OrderedDict[int, GameRecord] = OrderedDict()
        self._threads: dict[int, int] = {}
        self._users: OrderedDict[int, UserSettings] = OrderedDict()
        self._shown: OrderedDict[int, dict[int, ShownImage]] = OrderedDict()   # what each thread shows

    # ----- lifecycle -----------------------------------------------------------------------
    async def open(self) -> None:
        if self._conn is not None:
            return
        if self._instance is not None:
            self._instance.acquire()
        try:
            conn = await aiosqlite.connect(self.path, isolation_level=None)
        except BaseException:
            if self._instance is not None:
                self._instance.release()
            raise
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            if not _is_memory(self.path):
                mode = (await self._must(conn, "PRAGMA journal_mode = WAL"))[0]
                if str(mode).lower() != "wal":
                    raise StorageError(f"could not switch {self.path} to WAL (journal_mode is {mode})")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await self._migrate(conn)
        except BaseException:
            await conn.close()
            if self._instance is not None:
                self._instance.release()
            raise
        self._conn = conn

    @staticmethod
    async def _user_version(conn: aiosqlite.Connection) -> int:
        return int((await SqliteStorage._must(conn, "PRAGMA user_version"))[0])

    async def _migrate(self, conn: aiosqlite.Connection) -> None:
        known = len(MIGRATIONS)
        version = await self._user_version(conn)
        if version > known:
            raise SchemaTooNew(
                f"database {self.path} has schema version {version}, but this code only knows versions "
                f"up to {known}; run a newer version of the bot (or restore a backup)")
        while version < known:
            try:
                await conn.executescript(MIGRATIONS[version])
            except sqlite3.Error as error:
                with contextlib.suppress(sqlite3.Error):
                    await conn.execute("ROLLBACK")
                # Another process may have applied this migration while we waited for the lock.
                now_at = await self._user_version(conn)
                if now_at > version:
                    version = now_at
                    continue
                raise StorageError(f"schema migration {version} -> {version + 1} failed: {error}") from error
            now_at = await self._user_version(conn)
            if now_at != version + 1:
                raise StorageError(f"schema migration {version} -> {version + 1} left user_version at {now_at}; "
                                   "each migration script must set PRAGMA user_version itself")
            version = now_at

    async def close(self) -> None:
        conn = self._conn
        if conn is None:
            return
        async with self._lock:
            self._conn = None
            try:
                await conn.close()
            finally:
                if self._instance is not None:
                    self._instance.release()

    async def __aenter__(self) -> "SqliteStorage":
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ----- transactions ---------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _tx(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            conn = self._conn
            if conn is None:
                raise StorageError("storage is not open")
            try:
                # BEGIN inside the try: a task cancelled while BEGIN is queued still gets its
                # transaction rolled back (the statement runs in the worker thread regardless).
                await conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                # Queued behind any statement still running in aiosqlite's worker thread, so it
                # runs even if this task was cancelled mid-statement.  It fails harmlessly when
                # a cancelled COMMIT went through after all.
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await conn.execute("ROLLBACK")
                raise

    async def _at_once(self, work: Callable[[sqlite3.Connection], _Result], *, write: bool = True) -> _Result:
        """``work(db)`` as one transaction in one trip to the connection's thread (the hot
        writes of a move: append, mark_announced, remember_shown_images); under the same lock
        as :meth:`_tx`, so the two never interleave on the connection."""
        async with self._lock:
            conn = self._conn
            if conn is None:
                raise StorageError("storage is not open")
            return await _in_connection_thread(conn, _transaction, write, work)

    @staticmethod
    async def _one(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        async with conn.execute(sql, tuple(params)) as cursor:
            return await cursor.fetchone()

    @staticmethod
    async def _must(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row:
        """The row ``sql`` always finds (a pragma, a count, a row this transaction holds)."""
        row = await SqliteStorage._one(conn, sql, params)
        if row is None:
            raise StorageError(f"no row for {sql!r}")
        return row

    @staticmethod
    async def _all(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return list(await conn.execute_fetchall(sql, tuple(params)))

    # ----- records --------------------------------------------------------------------------
    @staticmethod
    def _game_record(row: sqlite3.Row, players: list[PlayerRecord]) -> GameRecord:
        return GameRecord(id=row["id"], game=row["game"], guild_id=row["guild_id"], channel_id=row["channel_id"],
                          thread_id=row["thread_id"], creator_id=row["creator_id"],
                          options=json.loads(row["options"]), seed=row["seed"], status=row["status"],
                          ply=row["ply"], created_at=row["created_at"], updated_at=row["updated_at"],
                          players=players, rules_version=row["rules_version"],
                          announced_ply=row["announced_ply"])

    @staticmethod
    def _player_record(row: sqlite3.Row) -> PlayerRecord:
        return PlayerRecord(user_id=row["user_id"], name=row["name"], seat=row["seat"], joined_at=row["joined_at"],
                            computer=bool(row["computer"]))

    # Players in join order while nobody has a seat, in seat order once seated.
    _PLAYER_ORDER = "ORDER BY game_id, seat IS NULL, seat, rowid"

    async def _games(self, conn: aiosqlite.Connection, where: str, params: Iterable[Any]) -> list[GameRecord]:
        rows = await self._all(conn, f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params)
        if not rows:
            return []
        players: dict[int, list[PlayerRecord]] = {row["id"]: [] for row in rows}
        for prow in await self._all(
                conn, "SELECT game_id, user_id, name, seat, joined_at, computer FROM players "
                      f"WHERE game_id IN (SELECT value FROM json_each(?)) {self._PLAYER_ORDER}",
                (_ids(players),)):
            players[prow["game_id"]].append(self._player_record(prow))
        return [self._game_record(row, players[row["id"]]) for row in rows]

    async def _game(self, conn: aiosqlite.Connection, game_id: int) -> GameRecord | None:
        row = await self._one(conn, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            return None
        prows = await self._all(conn, "SELECT game_id, user_id, name, seat, joined_at, computer FROM players "
                                      f"WHERE game_id = ? {self._PLAYER_ORDER}", (game_id,))
        return self._game_record(row, [self._player_record(p) for p in prows])

    async def _require(self, conn: aiosqlite.Connection, game_id: int) -> sqlite3.Row:
        row = await self._one(conn, "SELECT status, ply FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"no game with id {game_id}")
        return row

    async def _require_game(self, conn: aiosqlite.Connection, game_id: int) -> GameRecord:
        record = await self._game(conn, game_id)
        if record is None:
            raise GameNotFound(f"no game with id {game_id}")
        return record

    async def _replace_waiting(self, conn: aiosqlite.Connection, game_id: int, user_ids: set[int],
                               now: float) -> None:
        """:func:`_replace_waiting_now` inside a transaction of :meth:`_tx`."""
        await _in_connection_thread(conn, _replace_waiting_now, game_id, user_ids, now)

    # ----- games and lobby ------------------------------------------------------------------
    async def create_game(self, *, game: str, guild_id: int | None, channel_id: int, thread_id: int | None,
                          creator_id: int, creator_name: str, options: dict[str, Any], seed: int,
                          now: float, rules_version: int = 1) -> GameRecord:
        async with self._tx() as conn:
            try:
                cursor = await conn.execute(
                    "INSERT INTO games (game, guild_id, channel_id, thread_id, creator_id, options, seed, status, "
                    "ply, created_at, updated_at, rules_version, announced_ply) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?, -1)",
                    (game, guild_id, channel_id, thread_id, creator_id, _dumps(options), int(seed), now, now,
                     int(rules_version)))
            except sqlite3.IntegrityError as error:
                if "thread_id" in str(error):
                    raise ThreadInUse(f"thread {thread_id} already has a game") from error
                raise
            game_id = cursor.lastrowid
            if game_id is None:
                raise StorageError("the new game got no id")
            await conn.execute("INSERT INTO players (game_id, user_id, name, seat, joined_at) "
                               "VALUES (?, ?, ?, NULL, ?)", (game_id, creator_id, creator_name, now))
            return await self._require_game(conn, game_id)

    # ----- the write-through cache (exclusive databases only) -----------------------------------
    def _keep(self, cache: "OrderedDict[int, Any]", key: int, value: Any) -> None:
        if self._caching:
            cache[key] = _clone(value)
            cache.move_to_end(key)
            while len(cache) > self._cache_size:
                cache.popitem(last=False)

    def _forget(self, *game_ids: int) -> None:
        for game_id in game_ids:
            self._records.pop(game_id, None)

    async def get_game(self, game_id: int) -> GameRecord | None:
        cached = self._records.get(game_id)
        if cached is not None:
            self._records.move_to_end(game_id)
            return _clone(cached)
        async with self._tx(write=False) as conn:
            record = await self._game(conn, game_id)
        if record is not None:
            self._keep(self._records, game_id, record)
        return record

    async def game_by_thread(self, thread_id: int) -> GameRecord | None:
        known = self._threads.get(thread_id)
        if known is not None:
            record = await self.get_game(known)
            if record is not None and record.thread_id == thread_id:
                return record
        async with self._tx(write=False) as conn:
            games = await self._games(conn, "thread_id = ?", (thread_id,))
        if not games:
            return None
        if self._caching:
            self._threads[thread_id] = games[0].id
            self._keep(self._records, games[0].id, games[0])
        return games[0]

    @_invalidates
    async def set_thread(self, game_id: int, thread_id: int) -> None:
        async with self._tx() as conn:
            try:
                cursor = await conn.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))
            except sqlite3.IntegrityError as error:
                raise ThreadInUse(f"thread {thread_id} already has a game") from error
            if cursor.rowcount == 0:
                raise GameNotFound(f"no game with id {game_id}")

    async def list_games(self, *, status: str | None = None, game: str | None = None, user_id: int | None = None,
                         channel_id: int | None = None) -> list[GameRecord]:
        clauses: list[str] = ["1"]
        params: list[Any] = []
        if status is not None:
            clauses.append("status = ?")
            params.append(status)
        if game is not None:
            clauses.append("game = ?")
            params.append(game)
        if channel_id is not None:
            clauses.append("channel_id = ?")
            params.append(channel_id)
        if user_id is not None:
            clauses.append("id IN (SELECT game_id FROM players WHERE user_id = ?)")
            params.append(user_id)
        async with self._tx(write=False) as conn:
            return await self._games(conn, " AND ".join(clauses), params)

    @_invalidates
    async def add_player(self, game_id: int, user_id: int, name: str, now: float, *,
                         computer: bool = False) -> GameRecord:
        async with self._tx() as conn:
            row = await self._require(conn, game_id)
            if row["status"] != LOBBY:
                raise WrongStatus(f"game {game_id} is {row['status']}, not a lobby")
            try:
                await conn.execute("INSERT INTO players (game_id, user_id, name, seat, joined_at, computer) "
                                   "VALUES (?, ?, ?, NULL, ?, ?)", (game_id, user_id, name, now, int(computer)))
            except sqlite3.IntegrityError as error:
                raise AlreadySeated(f"user {user_id} is already in game {game_id}") from error
            await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._require_game(conn, game_id)

    @_invalidates
    async def remove_player(self, game_id: int, user_id: int) -> GameRecord:
        async with self._tx() as conn:
            row = await self._require(conn, game_id)
            if row["status"] != LOBBY:
                raise WrongStatus(f"game {game_id} is {row['status']}, not a lobby")
            cursor = await conn.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            if cursor.rowcount == 0:
                raise NotSeated(f"user {user_id} is not in game {game_id}")
            return await self._require_game(conn, game_id)

    @_invalidates
    async def start_game(self, game_id: int, seat_order: list[int], state: dict[str, Any],
                         waiting_user_ids: set[int], now: float) -> GameRecord:
        if len(set(seat_order)) != len(seat_order):
            raise ValueError(f"seat order {seat_order} names a user twice")
        state_json = _dumps(state)
        async with self._tx() as conn:
            row = await self._require(conn, game_id)
            if row["status"] != LOBBY:
                raise WrongStatus(f"game {game_id} is {row['status']}, not a lobby")
            members = {r["user_id"] for r in await self._all(
                conn, "SELECT user_id FROM players WHERE game_id = ?", (game_id,))}
            if unknown := set(seat_order) - members:
                raise NotSeated(f"users {sorted(unknown)} are not in the lobby of game {game_id}")
            if missing := members - set(seat_order):
                raise StorageError(f"seat order leaves out lobby players {sorted(missing)} of game {game_id}")
            await conn.executemany("UPDATE players SET seat = ? WHERE game_id = ? AND user_id = ?",
                                   [(seat, game_id, uid) for seat, uid in enumerate(seat_order)])
            await conn.execute("UPDATE games SET status = 'active', ply = 0, updated_at = ? WHERE id = ?",
                               (now, game_id))
            await conn.execute("INSERT OR REPLACE INTO snapshots (game_id, ply, state) VALUES (?, 0, ?)",
                               (game_id, state_json))
            await self._replace_waiting(conn, game_id, waiting_user_ids, now)
            return await self._require_game(conn, game_id)

    @_invalidates
    async def set_status(self, game_id: int, status: str, *, expected: tuple[str, ...], now: float) -> GameRecord:
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        async with self._tx() as conn:
            row = await self._require(conn, game_id)
            if row["status"] not in expected:
                raise WrongStatus(f"game {game_id} is {row['status']}, expected one of {', '.join(expected)}")
            await conn.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id))
            if status != ACTIVE:
                await conn.execute("DELETE FROM waiting WHERE game_id = ?", (game_id,))
            return await self._require_game(conn, game_id)

    async def append(self, game_id: int, *, expected_ply: int, seat: int | None, user_id: int | None,
                     kind: str, text: str, interaction_id: int | None, now: float,
                     waiting_user_ids: set[int], snapshot: dict[str, Any] | None = None,
                     finished: bool = False, news: str | None = None) -> int:
        snapshot_json = None if snapshot is None else _dumps(snapshot)
        ply = expected_ply + 1

        def work(db: sqlite3.Connection) -> None:
            cursor = db.execute(
                "UPDATE games SET ply = ply + 1, updated_at = ?, "
                "status = CASE WHEN ? THEN 'finished' ELSE status END "
                "WHERE id = ? AND ply = ? AND status = 'active'",
                (now, bool(finished), game_id, expected_ply))
            if cursor.rowcount != 1:
                row = db.execute("SELECT status, ply FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None:
                    raise GameNotFound(f"no game with id {game_id}")
                # A retried interaction is reported as such even though its expected ply went
                # stale (its first submission moved the game on) or the game has ended since.
                if interaction_id is not None:
                    done = db.execute("SELECT game_id, ply FROM log WHERE interaction_id = ?",
                                      (interaction_id,)).fetchone()
                    if done is not None:
                        raise DuplicateInteraction(f"interaction {interaction_id} was already stored as "
                                                   f"ply {done['ply']} of game {done['game_id']}")
                if row["status"] != ACTIVE:
                    raise WrongStatus(f"game {game_id} is {row['status']}, not active")
                raise StalePly(f"game {game_id} is at ply {row['ply']}, not {expected_ply}")
            try:
                db.execute(
                    "INSERT INTO log (game_id, ply, seat, user_id, kind, text, interaction_id, created_at, news) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, ply, seat, user_id, kind, text, interaction_id, now, news))
            except sqlite3.IntegrityError as error:
                if "interaction_id" in str(error):
                    raise DuplicateInteraction(f"interaction {interaction_id} was already stored") from error
                raise
            if snapshot_json is not None:
                db.execute("INSERT OR REPLACE INTO snapshots (game_id, ply, state) VALUES (?, ?, ?)",
                           (game_id, ply, snapshot_json))
            if finished:
                db.execute("DELETE FROM waiting WHERE game_id = ?", (game_id,))
            else:
                _replace_waiting_now(db, game_id, waiting_user_ids, now)
                if kind == "move" and user_id in waiting_user_ids:
                    # The mover acted: their next decision gets its own wait, reminders and deadline.
                    db.execute("UPDATE waiting SET since = ?, reminders_sent = 0, last_reminded_at = NULL, "
                               "deadline_warned = 0 WHERE game_id = ? AND user_id = ?", (now, game_id, user_id))

        try:
            await self._at_once(work)     # one trip to the connection's thread (issue 26)
        except BaseException:
            # refused, failed or cancelled (committed or not): the record is read again
            self._forget(game_id)
            raise
        cached = self._records.get(game_id)
        if cached is not None:   # committed: the cached record follows (no read needed)
            cached.ply, cached.updated_at = ply, now
            if finished:
                cached.status = FINISHED
        return ply

    async def log(self, game_id: int, *, after_ply: int = 0, limit: int | None = None,
                  newest: bool = False) -> list[LogEntry]:
        sql = ("SELECT ply, seat, user_id, kind, text, created_at, news FROM log WHERE game_id = ? AND ply > ? "
               f"ORDER BY ply {'DESC' if newest else 'ASC'} LIMIT ?")
        async with self._tx(write=False) as conn:
            rows = await self._all(conn, sql, (game_id, after_ply, -1 if limit is None else max(limit, 0)))
        entries = [LogEntry(ply=r["ply"], seat=r["seat"], user_id=r["user_id"], kind=r["kind"], text=r["text"],
                            created_at=r["created_at"], news=r["news"]) for r in rows]
        if newest:
            entries.reverse()
        return entries

    async def latest_snapshot(self, game_id: int, *,
                              at_most_ply: int | None = None) -> tuple[int, dict[str, Any]] | None:
        async with self._tx(write=False) as conn:
            if at_most_ply is None:
                row = await self._one(conn, "SELECT ply, state FROM snapshots WHERE game_id = ? "
                                            "ORDER BY ply DESC LIMIT 1", (game_id,))
            else:
                row = await self._one(conn, "SELECT ply, state FROM snapshots WHERE game_id = ? AND ply <= ? "
                                            "ORDER BY ply DESC LIMIT 1", (game_id, at_most_ply))
        return None if row is None else (row["ply"], json.loads(row["state"]))

    @_invalidates
    async def substitute(self, game_id: int, old_user_id: int, new_user_id: int, new_name: str,
                         now: float, *, computer: bool = False) -> GameRecord:
        async with self._tx() as conn:
            row = await self._require(conn, game_id)
            if row["status"] not in (LOBBY, ACTIVE):
                raise WrongStatus(f"game {game_id} is {row['status']}")
            if await self._one(conn, "SELECT 1 FROM players WHERE game_id = ? AND user_id = ?",
                               (game_id, old_user_id)) is None:
                raise NotSeated(f"user {old_user_id} is not in game {game_id}")
            if await self._one(conn, "SELECT 1 FROM players WHERE game_id = ? AND user_id = ?",
                               (game_id, new_user_id)) is not None:
                raise AlreadySeated(f"user {new_user_id} is already in game {game_id}")
            # The row keeps its rowid (join order) and seat; ON UPDATE CASCADE moves the waiting row.
            await conn.execute("UPDATE players SET user_id = ?, name = ?, joined_at = ?, computer = ? "
                               "WHERE game_id = ? AND user_id = ?",
                               (new_user_id, new_name, now, int(computer), game_id, old_user_id))
            # The newcomer has not been reminded yet: their wait starts now.
            await conn.execute("UPDATE waiting SET since = ?, reminders_sent = 0, last_reminded_at = NULL "
                               "WHERE game_id = ? AND user_id = ?", (now, game_id, new_user_id))
            if row["status"] == ACTIVE:   # recorded in the game's log, in the same transaction
                seat = await self._must(conn, "SELECT seat FROM players WHERE game_id = ? AND user_id = ?",
                                       (game_id, new_user_id))
                await conn.execute("INSERT INTO log (game_id, ply, seat, user_id, kind, text, interaction_id, "
                                   "created_at) VALUES (?, ?, ?, ?, 'substitute', ?, NULL, ?)",
                                   (game_id, row["ply"] + 1, seat["seat"], new_user_id, f"{old_user_id}>{new_user_id}",
                                    now))
                await conn.execute("UPDATE games SET ply = ply + 1 WHERE id = ?", (game_id,))
            await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._require_game(conn, game_id)

    # ----- users and reminders ----------------------------------------------------------------
    async def get_user_settings(self, user_id: int) -> UserSettings:
        cached = self._users.get(user_id)
        if cached is not None:
            self._users.move_to_end(user_id)
            return _clone(cached)
        settings = await self._read_user_settings(user_id)
        self._keep(self._users, user_id, settings)
        return settings

    async def _read_user_settings(self, user_id: int) -> UserSettings:
        async with self._tx(write=False) as conn:
            row = await self._one(conn, "SELECT user_id, reminders_enabled, reminder_hours, quiet_start, quiet_end, "
                                        "timezone, dm_closed, prefs, language, dm_channel_id, gone "
                                        "FROM user_settings WHERE user_id = ?", (user_id,))
        if row is None:
            return UserSettings(user_id=user_id)
        return UserSettings(user_id=row["user_id"], reminders_enabled=bool(row["reminders_enabled"]),
                            reminder_hours=row["reminder_hours"], quiet_start=row["quiet_start"],
                            quiet_end=row["quiet_end"], timezone=row["timezone"], dm_closed=bool(row["dm_closed"]),
                            prefs=json.loads(row["prefs"]), language=row["language"],
                            dm_channel_id=row["dm_channel_id"], gone=bool(row["gone"]))

    async def save_user_settings(self, settings: UserSettings) -> None:
        self._users.pop(settings.user_id, None)
        try:
            await self._save_user_settings(settings)
        finally:
            self._users.pop(settings.user_id, None)

    async def _save_user_settings(self, settings: UserSettings) -> None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, reminders_enabled, reminder_hours, quiet_start, quiet_end, "
                "timezone, dm_closed, prefs, language, dm_channel_id, gone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET reminders_enabled = excluded.reminders_enabled, "
                "reminder_hours = excluded.reminder_hours, quiet_start = excluded.quiet_start, "
                "quiet_end = excluded.quiet_end, timezone = excluded.timezone, dm_closed = excluded.dm_closed, "
                "prefs = excluded.prefs, language = excluded.language, dm_channel_id = excluded.dm_channel_id, "
                "gone = excluded.gone",
                (settings.user_id, int(bool(settings.reminders_enabled)), settings.reminder_hours,
                 settings.quiet_start, settings.quiet_end, settings.timezone, int(bool(settings.dm_closed)),
                 _dumps(settings.prefs), settings.language, settings.dm_channel_id, int(bool(settings.gone))))

    async def waiting(self, *, user_id: int | None = None) -> list[WaitingRecord]:
        sql = ("SELECT w.game_id, w.user_id, w.since, w.reminders_sent, w.last_reminded_at, w.deadline_warned, "
               "g.game, g.guild_id, g.channel_id, g.thread_id, g.options, g.ply, p.computer "
               "FROM waiting AS w JOIN games AS g ON g.id = w.game_id "
               "JOIN players AS p ON p.game_id = w.game_id AND p.user_id = w.user_id WHERE g.status = 'active'")
        params: tuple[Any, ...] = ()
        if user_id is not None:
            sql += " AND w.user_id = ?"
            params = (user_id,)
        sql += " ORDER BY w.since, w.game_id, w.user_id"
        async with self._tx(write=False) as conn:
            rows = await self._all(conn, sql, params)
        return [WaitingRecord(game_id=r["game_id"], user_id=r["user_id"], since=r["since"],
                              reminders_sent=r["reminders_sent"], last_reminded_at=r["last_reminded_at"],
                              game=r["game"], guild_id=r["guild_id"], channel_id=r["channel_id"],
                              thread_id=r["thread_id"], options=json.loads(r["options"]), ply=r["ply"],
                              deadline_warned=bool(r["deadline_warned"]), computer=bool(r["computer"])) for r in rows]

    async def mark_deadline_warned(self, game_id: int, user_id: int) -> bool:
        async with self._tx() as conn:
            cursor = await conn.execute("UPDATE waiting SET deadline_warned = 1 WHERE game_id = ? AND user_id = ? "
                                        "AND deadline_warned = 0", (game_id, user_id))
            return cursor.rowcount == 1

    async def mark_reminded(self, user_id: int, game_ids: list[int], now: float,
                            expected: dict[int, int] | None = None) -> list[int]:
        async with self._tx() as conn:
            if expected is None:
                await conn.execute("UPDATE waiting SET reminders_sent = reminders_sent + 1, last_reminded_at = ? "
                                   "WHERE user_id = ? AND game_id IN (SELECT value FROM json_each(?))",
                                   (now, user_id, _ids(game_ids)))
                return sorted(set(game_ids))
            marked = []
            for game_id in sorted(set(game_ids)):
                cursor = await conn.execute(
                    "UPDATE waiting SET reminders_sent = reminders_sent + 1, last_reminded_at = ? "
                    "WHERE user_id = ? AND game_id = ? AND reminders_sent = ?",
                    (now, user_id, game_id, expected.get(game_id, 0)))
                if cursor.rowcount == 1:
                    marked.append(game_id)
            return marked

    # ----- what the thread shows ----------------------------------------------------------------
    async def shown_images(self, game_id: int) -> dict[int, ShownImage]:
        cached = self._shown.get(game_id)
        if cached is not None:       # kept up to date by remember_shown_images: one process owns the file
            self._shown.move_to_end(game_id)
            return dict(cached)
        async with self._tx(write=False) as conn:
            rows = await self._all(conn, "SELECT position, digest, channel_id, message_id FROM shown_images "
                                         "WHERE game_id = ? ORDER BY position", (game_id,))
        shown = {row["position"]: ShownImage(position=row["position"], digest=row["digest"],
                                             channel_id=row["channel_id"], message_id=row["message_id"])
                 for row in rows}
        self._keep(self._shown, game_id, shown)
        return shown

    async def remember_shown_images(self, game_id: int, images: list[ShownImage]) -> None:
        if images:
            await self._posted(game_id, None, images)

    # ----- announcements, removals, operations -----------------------------------------------
    async def mark_announced(self, game_id: int, ply: int, shown: list[ShownImage] | None = None) -> None:
        await self._posted(game_id, ply, shown or [])

    async def _posted(self, game_id: int, ply: int | None, images: list[ShownImage]) -> None:
        """One write after a thread post: the images it carried (each replaces its position's
        row) and, with ``ply``, that the news up to it was announced (one transaction, one trip
        to the connection's thread: a move's announcement wrote them in two; issue 26)."""
        rows = [(game_id, image.position, image.digest, image.channel_id, image.message_id) for image in images]

        def work(db: sqlite3.Connection) -> None:
            if rows:
                db.executemany(
                    "INSERT INTO shown_images (game_id, position, digest, channel_id, message_id) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, position) DO UPDATE SET digest = excluded.digest, "
                    "channel_id = excluded.channel_id, message_id = excluded.message_id", rows)
            if ply is not None:
                db.execute("UPDATE games SET announced_ply = ? WHERE id = ? AND announced_ply < ?",
                           (ply, game_id, ply))

        before = self._shown.pop(game_id, None) if images else None       # read again if the write fails
        try:
            await self._at_once(work)
        finally:
            if images:
                self._shown.pop(game_id, None)   # a read during the write may have kept the rows of before
        if before is not None:
            # the rows as now stored: the next board post of the game reads no table (issue 26)
            self._keep(self._shown, game_id, {**before, **{image.position: image for image in images}})
        cached = self._records.get(game_id)
        if ply is not None and cached is not None:
            cached.announced_ply = max(cached.announced_ply, ply)

    async def unannounced(self) -> list[GameRecord]:
        async with self._tx(write=False) as conn:
            return await self._games(conn, "announced_ply < ply AND status IN ('active', 'finished')", ())

    async def abandon_where(self, *, thread_id: int | None = None, channel_id: int | None = None,
                            guild_id: int | None = None, now: float) -> list[int]:
        if thread_id is not None:
            where, value = "thread_id = ?", thread_id
        elif channel_id is not None:
            where, value = "(channel_id = ? OR thread_id = ?)", channel_id
        elif guild_id is not None:
            where, value = "guild_id = ?", guild_id
        else:
            raise ValueError("name a thread, a channel or a server")
        params = (value, value) if channel_id is not None and thread_id is None else (value,)
        async with self._tx() as conn:
            rows = await self._all(conn, f"SELECT id FROM games WHERE {where} AND status IN ('lobby', 'active')",
                                   params)
            ids = [row["id"] for row in rows]
            if ids:
                await conn.execute("UPDATE games SET status = 'abandoned', updated_at = ? "
                                   "WHERE id IN (SELECT value FROM json_each(?))", (now, _ids(ids)))
                await conn.execute("DELETE FROM waiting WHERE game_id IN (SELECT value FROM json_each(?))", (_ids(ids),))
        self._forget(*ids)
        return ids

    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        try:
            async with self._tx() as conn:
                await conn.execute("INSERT INTO user_settings (user_id, dm_channel_id) VALUES (?, ?) "
                                   "ON CONFLICT (user_id) DO UPDATE SET dm_channel_id = excluded.dm_channel_id",
                                   (user_id, channel_id))
        finally:
            self._users.pop(user_id, None)

    async def rename_player(self, user_id: int, name: str) -> int:
        async with self._tx() as conn:
            cursor = await conn.execute(
                "UPDATE players SET name = ? WHERE user_id = ? AND name != ? AND game_id IN "
                "(SELECT id FROM games WHERE status IN ('lobby', 'active'))", (name, user_id, name))
        if cursor.rowcount:
            self._records.clear()   # rare: a player seen under a new name
        return cursor.rowcount

    async def stats(self, since: float) -> dict[str, int]:
        async with self._tx(write=False) as conn:
            figures = {f"games_{row['status']}": row["n"] for row in await self._all(
                conn, "SELECT status, count(*) AS n FROM games GROUP BY status")}
            row = await self._one(conn, "SELECT count(*) AS n FROM log WHERE kind = 'move' AND created_at >= ?",
                                  (since,))
            figures["moves_since"] = row["n"] if row else 0
            row = await self._one(conn, "SELECT count(*) AS n FROM waiting")
            figures["waiting"] = row["n"] if row else 0
        return figures

    async def backup(self, target: str | os.PathLike[str]) -> None:
        """A consistent copy of the database while the bot runs (SQLite's online backup API)."""
        await backup_file(self.path, target)
