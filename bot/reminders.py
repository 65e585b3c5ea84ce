"""Turn reminders: one digest DM per player listing every game waiting for them.

Due when the player has waited their reminder delay; repeats every ``repeat`` hours, at
most ``max_count`` times per game and turn (the count restarts when the player acts);
never inside the player's quiet hours.  The reminder is recorded *before* it is sent, so a
crash or restart can lose one reminder but never send one twice.  When DMs are closed the
player gets one mention in each game thread instead, and DMs are not tried again until
they re-enable reminders.
"""
from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .config import Settings
from .i18n import t
from .storage import Storage, UserSettings, WaitingRecord

log = logging.getLogger(__name__)


class DMClosed(Exception):
    """The user does not accept DMs from the bot (Discord error 50007)."""


class ReminderSender(Protocol):
    async def dm(self, user_id: int, text: str) -> None: ...   # raises DMClosed
    async def mention(self, channel_id: int, user_id: int, text: str) -> None: ...


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
                 clock: Callable[[], float]):
        self.storage = storage
        self.settings = settings
        self.sender = sender
        self.clock = clock

    def is_due(self, row: WaitingRecord, user: UserSettings, now: float) -> bool:
        delay = (user.reminder_hours or self.settings.reminder_after_hours) * 3600
        if now - row.since < delay or row.reminders_sent >= self.settings.reminder_max_count:
            return False
        return row.last_reminded_at is None or now - row.last_reminded_at >= self.settings.reminder_repeat_hours * 3600

    def digest(self, rows: list[WaitingRecord], now: float, limit: int = 2000) -> str:
        """One message listing the games, longest-waiting first; whole lines only, with a
        note of how many more did not fit in Discord's 2000 characters."""
        text = t("reminder_digest", count=len(rows))
        ordered = sorted(rows, key=lambda r: r.since)
        for index, row in enumerate(ordered):
            hours = int((now - row.since) // 3600)
            line = t("reminder_line", game=row.game, game_id=row.game_id, hours=hours, link=thread_link(row))
            rest = t("reminder_more", count=len(ordered) - index)
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
        for user_id, rows in sorted(by_user.items()):
            try:
                report = await self._remind(user_id, rows, now)
            except Exception:
                log.exception("reminder for user %s failed", user_id)
                continue
            if report:
                reports.append(report)
        return reports

    async def _remind(self, user_id: int, rows: list[WaitingRecord], now: float) -> ReminderReport | None:
        user = await self.storage.get_user_settings(user_id)
        if not user.reminders_enabled or in_quiet_hours(user, now):
            return None
        due = [row for row in rows if self.is_due(row, user, now)]
        if not due:
            return None
        await self.storage.mark_reminded(user_id, [row.game_id for row in due], now)
        if not user.dm_closed:
            try:
                await self.sender.dm(user_id, self.digest(rows, now))
                return ReminderReport(user_id, [row.game_id for row in due], "dm")
            except DMClosed:
                user.dm_closed = True
                await self.storage.save_user_settings(user)
                log.info("user %s has closed DMs; falling back to thread mentions", user_id)
        for row in due:
            await self.sender.mention(row.thread_id or row.channel_id, user_id,
                                      t("reminder_mention", user=f"<@{user_id}>", game=row.game, game_id=row.game_id))
        return ReminderReport(user_id, [row.game_id for row in due], "mention")
