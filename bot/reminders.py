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

import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .config import Settings
from rules.messages import Msg, language_of

from .i18n import t
from .storage import Storage, StorageError, UserSettings, WaitingRecord

log = logging.getLogger(__name__)


class DMClosed(Exception):
    """The user does not accept DMs from the bot (Discord error 50007)."""


class ReminderSender(Protocol):
    async def dm(self, user_id: int, text: str) -> None: ...   # raises DMClosed
    async def reopen(self, channel_id: int) -> None: ...        # unarchive a game thread
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

    def is_due(self, row: WaitingRecord, user: UserSettings, now: float) -> bool:
        delay = (user.reminder_hours or self.settings.reminder_after_hours) * 3600
        if now - row.since < delay or row.reminders_sent >= self.settings.reminder_max_count:
            return False
        return row.last_reminded_at is None or now - row.last_reminded_at >= self.settings.reminder_repeat_hours * 3600

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
            by_user[row.user_id].append(row)
        reports = []
        if self.deadlines is not None:
            await self._deadlines([row for rows in by_user.values() for row in rows], now)
        for user_id, rows in sorted(by_user.items()):
            try:
                report = await self._remind(user_id, rows, now)
            except Exception:
                log.exception("reminder for user %s failed", user_id)
                continue
            if report:
                reports.append(report)
        return reports

    async def _deadlines(self, rows: list[WaitingRecord], now: float) -> None:
        """Warn before a decision deadline, apply the rules' default after it."""
        for row in sorted(rows, key=lambda r: (r.since, r.game_id)):
            deadline = deadline_seconds(row)
            if not deadline:
                continue
            left = row.since + deadline - now
            try:
                if left <= 0:
                    await self.deadlines.apply_deadline_default(row.game_id, row.game, row.user_id, row.ply)
                elif left <= warning_window(deadline) and not row.deadline_warned:
                    await self.storage.mark_deadline_warned(row.game_id, row.user_id)
                    await self._warn(row, left)
            except (StorageError, DMClosed) as error:
                log.warning("deadline of user %s in game %s: %s", row.user_id, row.game_id, error)
            except Exception:   # one game's failure must not stop the others (the loop's guard)
                log.exception("deadline of user %s in game %s failed", row.user_id, row.game_id)

    async def _reopen(self, thread_id: int) -> None:
        await self.sender.reopen(thread_id)   # the sender logs a thread it cannot reopen

    async def _warn(self, row: WaitingRecord, left: float) -> None:
        if row.thread_id is not None:
            await self._reopen(row.thread_id)
        user = await self.storage.get_user_settings(row.user_id)
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
        if not user.reminders_enabled or in_quiet_hours(user, now):
            return None
        due = [row for row in rows if self.is_due(row, user, now)]
        if not due:
            return None
        await self.storage.mark_reminded(user_id, [row.game_id for row in due], now)
        for row in due:   # the link in the reminder must lead to a thread where commands work
            if row.thread_id is not None:
                await self._reopen(row.thread_id)
        if not user.dm_closed:
            try:
                await self.sender.dm(user_id, self.digest(rows, now, language=language_of(user.language)))
                return ReminderReport(user_id, [row.game_id for row in due], "dm")
            except DMClosed:
                user.dm_closed = True
                await self.storage.save_user_settings(user)
                log.info("user %s has closed DMs; falling back to thread mentions", user_id)
        for row in due:
            await self.sender.mention(row.thread_id or row.channel_id, user_id,
                                      t("reminder_mention", language_of(user.language), user=f"<@{user_id}>",
                                        game=Msg(f"{row.game}.title"), game_id=row.game_id))
        return ReminderReport(user_id, [row.game_id for row in due], "mention")
