"""The storage interface the host uses; all SQL lives in one backend module.

``bot.storage_sqlite.SqliteStorage`` is the backend (aiosqlite, WAL, one connection behind
one lock).  A PostgreSQL backend for deployments that outgrow one process would implement
this same class.  Every method is one transaction; times are UTC epoch seconds (floats)
passed in by the caller, so tests can use a fake clock.
"""
from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any


class StorageError(Exception):
    pass


class StalePly(StorageError):
    """Someone else's move was stored first (the expected ply is no longer current)."""


class DuplicateInteraction(StorageError):
    """This Discord interaction was already applied (a retried or doubled submission)."""


class GameNotFound(StorageError):
    pass


class WrongStatus(StorageError):
    """The game is not in the status the operation needs (e.g. starting a started game)."""


class AlreadySeated(StorageError):
    pass


class NotSeated(StorageError):
    pass


# Game statuses
LOBBY, ACTIVE, FINISHED, CANCELLED, ABANDONED = "lobby", "active", "finished", "cancelled", "abandoned"


@dataclass
class PlayerRecord:
    user_id: int
    name: str
    seat: int | None          # None while in the lobby
    joined_at: float
    computer: bool = False    # a computer player (issue 29): a negative user id, never messaged


@dataclass
class GameRecord:
    id: int
    game: str                 # rules name, e.g. "planetarium"
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    creator_id: int
    options: dict[str, Any]
    seed: int
    status: str
    ply: int                  # number of log entries stored (0 before the first move)
    created_at: float
    updated_at: float
    players: list[PlayerRecord] = field(default_factory=list)   # lobby: join order; active: seat order
    rules_version: int = 1    # the rules core's version when the game was created (Game.rules_version)
    # The last ply whose news reached the thread (-1: the start itself is not announced yet).
    # A running game with announced_ply < ply has news nobody saw: a restart posts it.
    announced_ply: int = 0

    def seat_of(self, user_id: int) -> int | None:
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    def user_at(self, seat: int) -> PlayerRecord | None:
        for player in self.players:
            if player.seat == seat:
                return player
        return None

    def user_id_at(self, seat: int) -> int:
        """The user in ``seat`` of a started game (every seat of one is taken)."""
        player = self.user_at(seat)
        if player is None:
            raise KeyError(f"game {self.id} has nobody in seat {seat}")
        return player.user_id


@dataclass
class LogEntry:
    """One append-only log row.  ``kind`` is "move", "undo" (cancels the latest effective
    move), "resign", "substitute" or "abandon"; ``text`` is the move in the game's notation
    (or a note for the other kinds)."""

    ply: int
    seat: int | None
    user_id: int | None
    kind: str
    text: str
    created_at: float
    #: the move's public news as the thread showed it (JSON of rules.messages values), kept so
    #: the log can say what a move did after the position that explains it is gone (which card
    #: "draw O1" took); None for other kinds and for moves stored before schema 6
    news: str | None = None


@dataclass
class UserSettings:
    user_id: int
    reminders_enabled: bool = True
    reminder_hours: float | None = None     # None: the deployment default
    quiet_start: int | None = None          # local hour 0-23, quiet hours [start, end)
    quiet_end: int | None = None
    timezone: str = "UTC"                   # IANA name
    dm_closed: bool = False                 # DMs failed with 50007: do not try until re-enabled
    prefs: dict[str, Any] = field(default_factory=dict)   # per game: {game: {preference: {"choice", "max"}}}
    language: str | None = None             # the language last seen from the user's client (DMs use it)
    dm_channel_id: int | None = None        # the DM channel once opened: a reminder is then one API call
    gone: bool = False                      # Discord says the account is deleted or shares no server with
                                            # the bot: no reminders or pings until they are seen again


@dataclass
class ShownImage:
    """The board image a game's thread last showed at one position (1: the first image of a
    post): a digest of its pixels and the message that carried it."""

    position: int
    digest: str
    channel_id: int
    message_id: int


@dataclass
class WaitingRecord:
    """A user owes a decision in an active game (drives reminders)."""

    game_id: int
    user_id: int
    since: float
    reminders_sent: int
    last_reminded_at: float | None
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    options: dict[str, Any] = field(default_factory=dict)   # the game's options (language, deadline)
    ply: int = 0
    deadline_warned: bool = False
    computer: bool = False    # the seat is a computer player's: no reminder, no deadline


class Storage(abc.ABC):
    # ----- lifecycle ---------------------------------------------------------------------
    @abc.abstractmethod
    async def open(self) -> None:
        """Connect, set pragmas and apply schema migrations."""

    @abc.abstractmethod
    async def close(self) -> None: ...

    # ----- games and lobby ---------------------------------------------------------------
    @abc.abstractmethod
    async def create_game(self, *, game: str, guild_id: int | None, channel_id: int,
                          thread_id: int | None, creator_id: int, creator_name: str,
                          options: dict[str, Any], seed: int, now: float, rules_version: int = 1) -> GameRecord:
        """A new lobby with its creator as the first player."""

    @abc.abstractmethod
    async def get_game(self, game_id: int) -> GameRecord | None: ...

    @abc.abstractmethod
    async def game_by_thread(self, thread_id: int) -> GameRecord | None: ...

    @abc.abstractmethod
    async def set_thread(self, game_id: int, thread_id: int) -> None: ...

    @abc.abstractmethod
    async def list_games(self, *, status: str | None = None, game: str | None = None,
                         user_id: int | None = None, channel_id: int | None = None) -> list[GameRecord]: ...

    @abc.abstractmethod
    async def add_player(self, game_id: int, user_id: int, name: str, now: float, *,
                         computer: bool = False) -> GameRecord:
        """Join a lobby (``computer``: a computer player, see :mod:`bot.computers`).  Raises
        WrongStatus (not a lobby) or AlreadySeated."""

    @abc.abstractmethod
    async def remove_player(self, game_id: int, user_id: int) -> GameRecord:
        """Leave a lobby.  Raises WrongStatus or NotSeated."""

    @abc.abstractmethod
    async def start_game(self, game_id: int, seat_order: list[int], state: dict[str, Any],
                         waiting_user_ids: set[int], now: float) -> GameRecord:
        """lobby -> active: assign seats in ``seat_order`` (user ids), store the initial
        snapshot at ply 0 and who is waiting.  Raises WrongStatus if not a lobby."""

    @abc.abstractmethod
    async def set_status(self, game_id: int, status: str, *, expected: tuple[str, ...], now: float) -> GameRecord:
        """Change the status if it is one of ``expected``; else WrongStatus.  A status other
        than active clears the game's waiting rows."""

    @abc.abstractmethod
    async def append(self, game_id: int, *, expected_ply: int, seat: int | None, user_id: int | None,
                     kind: str, text: str, interaction_id: int | None, now: float,
                     waiting_user_ids: set[int], snapshot: dict[str, Any] | None = None,
                     finished: bool = False, news: str | None = None) -> int:
        """Append one log entry (with its public ``news``) in ONE transaction: bump the game's ply only if it equals
        ``expected_ply`` (else StalePly), insert the entry (a repeated interaction_id raises
        DuplicateInteraction), store ``snapshot`` as the state after this entry if given,
        replace the waiting rows (users still waiting keep their ``since``), and mark the
        game finished if ``finished``.  Returns the new ply."""

    @abc.abstractmethod
    async def log(self, game_id: int, *, after_ply: int = 0, limit: int | None = None,
                  newest: bool = False) -> list[LogEntry]:
        """Entries with ply > after_ply in ply order (``newest``: the last ``limit`` ones)."""

    @abc.abstractmethod
    async def latest_snapshot(self, game_id: int, *, at_most_ply: int | None = None) -> tuple[int, dict[str, Any]] | None: ...

    @abc.abstractmethod
    async def substitute(self, game_id: int, old_user_id: int, new_user_id: int, new_name: str,
                         now: float, *, computer: bool = False) -> GameRecord:
        """Give ``old_user_id``'s seat to ``new_user_id`` (``computer``: a computer player; waiting rows follow the seat); in a
        running game also append a "substitute" log entry (the ply grows by one).
        Raises NotSeated / AlreadySeated."""

    # ----- users and reminders -------------------------------------------------------------
    @abc.abstractmethod
    async def get_user_settings(self, user_id: int) -> UserSettings:
        """Stored settings, or defaults for an unknown user."""

    @abc.abstractmethod
    async def save_user_settings(self, settings: UserSettings) -> None: ...

    @abc.abstractmethod
    async def waiting(self, *, user_id: int | None = None) -> list[WaitingRecord]:
        """Who owes a decision in active games (all users, or one)."""

    @abc.abstractmethod
    async def mark_deadline_warned(self, game_id: int, user_id: int) -> bool:
        """Record (before sending) that the decision-deadline warning went out; True only for
        the one call that set the mark (an overlapping pass gets False and sends nothing)."""

    @abc.abstractmethod
    async def mark_reminded(self, user_id: int, game_ids: list[int], now: float,
                            expected: dict[int, int] | None = None) -> list[int]:
        """Record that a reminder covering these games is being sent (bumps reminders_sent,
        sets last_reminded_at) in one transaction, BEFORE sending: at most once.  With
        ``expected`` (game id -> reminders_sent as read), only rows still at that count are
        marked, so two overlapping passes cannot both claim one reminder.  Returns the game
        ids marked now."""

    # ----- announcements, removals, operations --------------------------------------------------
    @abc.abstractmethod
    async def mark_announced(self, game_id: int, ply: int, shown: list[ShownImage] | None = None) -> None:
        """The news up to ``ply`` reached the game's thread; with ``shown``, the board images the
        post carried, recorded in the same write (as :meth:`remember_shown_images`)."""

    @abc.abstractmethod
    async def unannounced(self) -> list[GameRecord]:
        """Running or just-ended games whose latest news never reached their thread."""

    @abc.abstractmethod
    async def abandon_where(self, *, thread_id: int | None = None, channel_id: int | None = None,
                            guild_id: int | None = None, now: float) -> list[int]:
        """End as abandoned every lobby or running game in this thread, channel (its own
        thread included) or server (it was deleted, or the bot was removed); their waiting
        rows go, so reminders and deadlines stop.  Returns the game ids."""

    @abc.abstractmethod
    async def set_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Remember the user's DM channel (reminders then cost one API call)."""

    @abc.abstractmethod
    async def rename_player(self, user_id: int, name: str) -> int:
        """A user's display name as last seen, in their lobbies and running games; returns
        how many rows changed."""

    @abc.abstractmethod
    async def stats(self, since: float) -> dict[str, int]:
        """Figures for an operator: games per status, moves stored since ``since``, waiting rows."""

    # ----- what the thread shows -----------------------------------------------------------
    @abc.abstractmethod
    async def shown_images(self, game_id: int) -> dict[int, ShownImage]:
        """The images the game's thread last showed, by position."""

    @abc.abstractmethod
    async def remember_shown_images(self, game_id: int, images: list[ShownImage]) -> None:
        """Record that these images were just posted (each replaces its position's record)."""
