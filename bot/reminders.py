"""Turn reminders: one digest DM per player listing every game waiting for them.

Due when the player has waited their reminder delay; repeats every ``repeat`` hours, at
most ``max_count`` times per game and turn (the count restarts when the player acts);
never inside the player's quiet hours.  The reminder is recorded *before* it is sent, so a
crash or restart can lose one reminder but never send one twice.  When DMs are closed the
player gets one mention in each game thread instead, and DMs are not tried again until
they re-enable reminders.

Decision deadlines: a game whose creator set ``deadline`` (hours) warns a waiting player
when a quarter of that time is left (at least the last hour), then lets the rules make their
default move for them and announces it in the thread.  The warning is recorded before it is
sent; the default move is stored only if the game is still at the ply the deadline was found
at, so neither happens twice, across restarts too.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from typing import Awaitable, Callable, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .config import Settings
from rules.messages import Msg, language_of

from .i18n import t
from .storage import Storage, StorageError, UserSettings, WaitingRecord

log = logging.getLogger(__name__)


class DMClosed(Exception):
    """The user does not accept DMs from the bot (Discord error 50007)."""


class UserGone(Exception):
    """Discord no longer knows the user (deleted account) or they share no server with the
    bot any more (50278): reminders and pings stop until they are seen again."""


class ThreadGone(Exception):
    """The game's thread (or its channel) was deleted: the game cannot go on."""

    def __init__(self, channel_id: int):
        super().__init__(f"channel {channel_id} no longer exists")
        self.channel_id = channel_id


class Pacer:
    """At most ``rate`` messages a second on average, a burst of ``rate`` allowed, with a
    little random jitter between throttled sends: a pass over 2,000 due players is spread
    over minutes instead of hitting Discord (50 requests/s per bot, and an anti-spam that
    watches identical DMs) all at once."""

    def __init__(self, rate: float, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 monotonic: Callable[[], float] = time.monotonic, jitter: float = 0.2):
        self.rate = max(rate, 0.01)
        self.sleep = sleep
        self.monotonic = monotonic
        self.jitter = jitter
        self._tokens = self.rate
        self._updated = monotonic()

    async def wait(self) -> None:
        now = self.monotonic()
        self._tokens = min(self.rate, self._tokens + (now - self._updated) * self.rate)
        self._updated = now
        if self._tokens < 1:
            delay = (1 - self._tokens) / self.rate
            await self.sleep(delay + random.uniform(0, self.jitter * delay + 0.01))
            now = self.monotonic()
            self._tokens = min(self.rate, self._tokens + (now - self._updated) * self.rate)
            self._updated = now
        self._tokens -= 1


class ReminderSender(Protocol):
    async def dm(self, user_id: int, text: str) -> None: ...   # raises DMClosed, UserGone
    async def reopen(self, channel_id: int) -> None: ...        # unarchive a game thread; may raise ThreadGone
    async def mention(self, channel_id: int, user_id: int, text: str) -> None: ...


class DeadlineHandler(Protocol):
    async def apply_deadline_default(self, game_id: int, game: str, user_id: int, expected_ply: int) -> bool: ...


def deadline_seconds(row: WaitingRecord) -> float:
    hours = row.options.get("deadline") or 0
    return float(hours) * 3600 if isinstance(hours, (int, float)) and hours > 0 else 0.0


def warning_window(deadline: float) -> float:
    """Warn when a quarter of the deadline is left, but at least an hour before."""
    return max(deadline / 4, min(3600.0, deadline / 2))


@dataclass
class ReminderReport:
    user_id: int
    game_ids: list[int]
    via: str          # "dm" or "mention"


def local_hour(now: float, zone: str) -> int:
    tz: tzinfo
    try:
        tz = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        tz = timezone.utc
    return datetime.fromtimestamp(now, tz).hour


def in_quiet_hours(settings: UserSettings, now: float) -> bool:
    start, end = settings.quiet_start, settings.quiet_end
    if start is None or end is None or start == end:
        return False
    hour = local_hour(now, settings.timezone)
    return start <= hour < end if start < end else (hour >= start or hour < end)


def thread_link(record: WaitingRecord) -> str:
    channel = record.thread_id or record.channel_id
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{channel}"


class Reminders:
    def __init__(self, storage: Storage, settings: Settings, sender: ReminderSender,
                 clock: Callable[[], float], deadlines: DeadlineHandler | None = None):
        self.storage = storage
        self.settings = settings
        self.sender = sender
        self.clock = clock
        self.deadlines = deadlines
        self.pacer = Pacer(getattr(settings, "reminder_dms_per_second", 5.0))

    def is_due(self, row: WaitingRecord, user: UserSettings, now: float) -> bool:
        delay = (user.reminder_hours or self.settings.reminder_after_hours) * 3600
        if now - row.since < delay or row.reminders_sent >= self.settings.reminder_max_count:
            return False
        return row.last_reminded_at is None or now - row.last_reminded_at >= self.settings.reminder_repeat_hours * 3600

    async def count_due(self, now: float) -> int:
        """Players with a reminder due by the deployment's default delay (a health figure:
        personal delays and quiet hours are not read for it)."""
        users = set()
        for row in await self.storage.waiting():
            if row.computer:
                continue
            if self.is_due(row, UserSettings(user_id=row.user_id), now):
                users.add(row.user_id)
        return len(users)

    def digest(self, rows: list[WaitingRecord], now: float, limit: int = 2000, language: str = "en") -> str:
        """One message listing the games, longest-waiting first; whole lines only, with a
        note of how many more did not fit in Discord's 2000 characters."""
        text = t("reminder_digest", language, count=len(rows))
        ordered = sorted(rows, key=lambda r: r.since)
        for index, row in enumerate(ordered):
            hours = int((now - row.since) // 3600)
            line = t("reminder_line", language, game=Msg(f"{row.game}.title"), game_id=row.game_id, hours=hours,
                     link=thread_link(row))
            rest = t("reminder_more", language, count=len(ordered) - index)
            if len(text) + len(line) + len(rest) + 2 > limit:
                return text + "\n" + rest
            text += "\n" + line
        return text

    async def run_once(self) -> list[ReminderReport]:
        """Send every reminder that is due now; one user's failure never stops the others."""
        now = self.clock()
        by_user: dict[int, list[WaitingRecord]] = defaultdict(list)
        for row in await self.storage.waiting():
            if row.computer:      # a computer seat plays itself (bot.computers): no reminder, no deadline
                continue
            by_user[row.user_id].append(row)
        reports = []
        if self.deadlines is not None:
            await self._deadlines([row for rows in by_user.values() for row in rows], now)
        for user_id, rows in sorted(by_user.items()):
            try:
                report = await self._remind(user_id, rows, now)
            except UserGone as error:
                await self._mark_gone(user_id, error)
                continue
            except Exception:
                log.exception("reminder for user %s failed", user_id)
                continue
            if report:
                reports.append(report)
        return reports

    async def _mark_gone(self, user_id: int, error: Exception) -> None:
        user = await self.storage.get_user_settings(user_id)
        user.gone = True
        await self.storage.save_user_settings(user)
        log.info("user %s is gone (%s): no more reminders until they are seen again", user_id, error)

    async def _thread_gone(self, row: WaitingRecord) -> None:
        """The game's thread was deleted while nobody was watching (the bot was offline)."""
        ended = await self.storage.abandon_where(thread_id=row.thread_id, now=self.clock())
        log.warning("game %s: its thread %s is gone; games %s ended as abandoned", row.game_id, row.thread_id, ended)

    def _may_message(self, user: UserSettings, now: float) -> bool:
        """Reminders and deadline warnings alike: the player's opt-out and quiet hours."""
        return user.reminders_enabled and not user.gone and not in_quiet_hours(user, now)

    async def _deadlines(self, rows: list[WaitingRecord], now: float) -> None:
        """Warn before a decision deadline, apply the rules' default after it."""
        deadlines = self.deadlines
        if deadlines is None:
            return
        for row in sorted(rows, key=lambda r: (r.since, r.game_id)):
            deadline = deadline_seconds(row)
            if not deadline:
                continue
            left = row.since + deadline - now
            try:
                if left <= 0:   # the deadline applies whatever the player's DM settings
                    await deadlines.apply_deadline_default(row.game_id, row.game, row.user_id, row.ply)
                elif left <= warning_window(deadline) and not row.deadline_warned:
                    user = await self.storage.get_user_settings(row.user_id)
                    # opted out, or asleep: no DM now (a quiet-hours warning may go out later)
                    if self._may_message(user, now) and \
                            await self.storage.mark_deadline_warned(row.game_id, row.user_id):
                        await self.pacer.wait()
                        await self._warn(row, left, user)
            except ThreadGone:
                await self._thread_gone(row)
            except UserGone as error:
                await self._mark_gone(row.user_id, error)
            except (StorageError, DMClosed) as error:
                log.warning("deadline of user %s in game %s: %s", row.user_id, row.game_id, error)
            except Exception:   # one game's failure must not stop the others (the loop's guard)
                log.exception("deadline of user %s in game %s failed", row.user_id, row.game_id)

    async def _reopen(self, thread_id: int) -> None:
        await self.sender.reopen(thread_id)   # the sender logs a thread it cannot reopen

    async def _warn(self, row: WaitingRecord, left: float, user: UserSettings) -> None:
        if row.thread_id is not None:
            await self._reopen(row.thread_id)
        language = language_of(user.language)
        hours = max(1, round(left / 3600))
        text = t("deadline_warning", language, game=Msg(f"{row.game}.title"), game_id=row.game_id, hours=hours,
                 link=thread_link(row))
        if not user.dm_closed:
            try:
                await self.sender.dm(row.user_id, text)
                return
            except DMClosed:
                user.dm_closed = True
                await self.storage.save_user_settings(user)
        await self.sender.mention(row.thread_id or row.channel_id, row.user_id, f"<@{row.user_id}> {text}")

    async def _remind(self, user_id: int, rows: list[WaitingRecord], now: float) -> ReminderReport | None:
        user = await self.storage.get_user_settings(user_id)
        if not self._may_message(user, now):
            return None
        due = [row for row in rows if self.is_due(row, user, now)]
        if not due:
            return None
        # Claimed row by row at the counts read: an overlapping pass claims nothing twice.
        marked = set(await self.storage.mark_reminded(user_id, [row.game_id for row in due], now,
                                                      expected={row.game_id: row.reminders_sent for row in due}))
        due = [row for row in due if row.game_id in marked]
        if not due:
            return None
        await self.pacer.wait()
        alive = []
        for row in due:   # the link in the reminder must lead to a thread where commands work
            if row.thread_id is not None:
                try:
                    await self._reopen(row.thread_id)
                except ThreadGone:
                    await self._thread_gone(row)
                    continue
            alive.append(row)
        if not alive:
            return None
        gone = {row.game_id for row in due} - {row.game_id for row in alive}
        due, rows = alive, [row for row in rows if row.game_id not in gone]
        if not user.dm_closed:
            try:
                await self.sender.dm(user_id, self.digest(rows, now, language=language_of(user.language)))
                return ReminderReport(user_id, [row.game_id for row in due], "dm")
            except DMClosed:
                user.dm_closed = True
                await self.storage.save_user_settings(user)
                log.info("user %s has closed DMs; falling back to thread mentions", user_id)
        for row in due:
            try:
                await self.sender.mention(row.thread_id or row.channel_id, user_id,
                                          t("reminder_mention", language_of(user.language), user=f"<@{user_id}>",
                                            game=Msg(f"{row.game}.title"), game_id=row.game_id))
            except ThreadGone:
                await self._thread_gone(row)
        return ReminderReport(user_id, [row.game_id for row in due], "mention")
