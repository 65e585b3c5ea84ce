"""Settings from the environment (and a `.env` file), validated once at start-up.

Every setting is documented in `.env.example`.  A missing or malformed value raises
:class:`ConfigError` whose message is the one line the operator needs to fix it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from dotenv import dotenv_values

from .workers import default_processes

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    database_path: str = "boardgames.db"
    dev_guild_id: int | None = None
    reminder_after_hours: float = 12.0
    reminder_repeat_hours: float = 24.0
    reminder_max_count: int = 3
    reminder_check_minutes: float = 5.0
    reminder_dms_per_second: float = 5.0   # reminder passes are paced (Discord: 50 requests/s per bot, all included)
    shutdown_grace_seconds: float = 8.0    # SIGTERM: moves in flight get this long to be stored and announced
    snapshot_every: int = 25
    game_cache_size: int = 1000   # games kept loaded in memory (every active game: reloading costs 2-5 ms)
    board_dir: str = "boards"
    log_level: str = "INFO"
    owner_ids: frozenset[int] = field(default_factory=frozenset)
    # processes drawing boards and thinking for computer players (bot/workers.py); 0: threads
    # of the bot's own process.  load_settings defaults it to one per core.
    worker_processes: int = 0
    computer_budget_ms: int = 2000   # a computer player's thinking time per decision

    def with_overrides(self, **changes: Any) -> "Settings":
        return replace(self, **changes)


# environment name, Settings field, type, allowed range, how to say it to the operator
NUMERIC_SETTINGS = (
    ("DEV_GUILD_ID", "dev_guild_id", int, 1, 2**64 - 1, "a server id (right-click the server -> Copy Server ID)"),
    ("REMINDER_AFTER_HOURS", "reminder_after_hours", float, 0.1, 24 * 30, "hours between 0.1 and 720"),
    ("REMINDER_REPEAT_HOURS", "reminder_repeat_hours", float, 1, 24 * 30, "hours between 1 and 720"),
    ("REMINDER_MAX_COUNT", "reminder_max_count", int, 0, 100, "a whole number between 0 and 100"),
    ("REMINDER_CHECK_MINUTES", "reminder_check_minutes", float, 0.5, 24 * 60, "minutes between 0.5 and 1440"),
    ("REMINDER_DMS_PER_SECOND", "reminder_dms_per_second", float, 0.1, 40, "messages per second between 0.1 and 40"),
    ("SHUTDOWN_GRACE_SECONDS", "shutdown_grace_seconds", float, 0, 600, "seconds between 0 and 600"),
    ("SNAPSHOT_EVERY", "snapshot_every", int, 1, 10_000, "a whole number of moves between 1 and 10000"),
    ("WORKER_PROCESSES", "worker_processes", int, 0, 64, "a whole number of processes between 0 and 64"),
    ("COMPUTER_BUDGET_MS", "computer_budget_ms", int, 100, 10_000, "milliseconds between 100 and 10000"),
    ("GAME_CACHE_SIZE", "game_cache_size", int, 1, 1_000_000, "a whole number of games between 1 and 1000000"),
)


def _number(name: str, raw: str, convert: Callable[[str], float], low: float, high: float, hint: str) -> float:
    try:
        value = convert(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not valid: {hint} (see .env.example).") from None
    if not low <= value <= high:
        raise ConfigError(f"{name}={raw!r} is out of range: {hint} (see .env.example).")
    return value


def load_settings(env: Mapping[str, str] | None = None, env_file: str | os.PathLike[str] | None = ".env") -> Settings:
    """Read settings from ``env`` (default: the process environment over the `.env` file)."""
    if env is None:
        merged: dict[str, str] = {}
        if env_file and Path(env_file).is_file():
            merged.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
        merged.update(os.environ)
        env = merged

    def get(name: str) -> str | None:
        value = env.get(name)
        return value.strip() if value is not None and value.strip() != "" else None

    kwargs: dict[str, Any] = {"worker_processes": default_processes()}
    token = get("DISCORD_TOKEN")
    if token is not None:
        if any(ch.isspace() for ch in token) or token.lower().startswith("bot "):
            raise ConfigError("DISCORD_TOKEN looks malformed: paste only the token from the Developer "
                              "Portal (Bot -> Reset Token), without 'Bot ' and without spaces.")
        kwargs["token"] = token
    if (raw := get("DATABASE_PATH")) is not None:
        parent = Path(raw).expanduser().resolve().parent
        if not parent.is_dir():
            raise ConfigError(f"DATABASE_PATH={raw!r}: the folder {parent} does not exist; create it or "
                              f"choose another path.")
        kwargs["database_path"] = raw
    for name, field_name, convert, low, high, hint in NUMERIC_SETTINGS:
        if (raw := get(name)) is not None:
            kwargs[field_name] = _number(name, raw, convert, low, high, hint)
    if (raw := get("BOARD_DIR")) is not None:
        kwargs["board_dir"] = raw
    if (raw := get("LOG_LEVEL")) is not None:
        if raw.upper() not in LOG_LEVELS:
            raise ConfigError(f"LOG_LEVEL={raw!r} is not valid: use one of {', '.join(LOG_LEVELS)}.")
        kwargs["log_level"] = raw.upper()
    if (raw := get("OWNER_IDS")) is not None:
        try:
            kwargs["owner_ids"] = frozenset(int(part) for part in raw.replace(",", " ").split())
        except ValueError:
            raise ConfigError(f"OWNER_IDS={raw!r} is not valid: a comma-separated list of user ids.") from None
    return Settings(**kwargs)
