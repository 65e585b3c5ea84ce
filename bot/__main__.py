"""Entry point: ``python -m bot`` runs the bot; ``python -m bot console`` the local console.

    python -m bot                 connect to Discord (no token: explain, then open the console
                                  when there is a terminal)
    python -m bot --sync          also register the slash commands with Discord on start-up
    python -m bot console [--db FILE] [--boards DIR]   play locally; reads a script from
                                  standard input when it is not a terminal
    python -m bot backup FILE     copy the database safely, even while the bot runs
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import Any, Callable, Coroutine, TextIO

from .config import ConfigError, Settings, load_settings



def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Space board games on Discord.")
    parser.add_argument("mode", nargs="?", choices=("run", "console", "backup"), default="run",
                        help="run the Discord bot (default), the local console, or back up the database")
    parser.add_argument("file", nargs="?", help="backup: the file to write (must not exist)")
    parser.add_argument("--sync", action="store_true", help="register slash commands with Discord on start-up")
    parser.add_argument("--db", help="console: database file (default: a fresh temporary one)")
    parser.add_argument("--boards", help="console: folder for board images (default: BOARD_DIR, 'boards')")
    parser.add_argument("--seed", type=int, help="console: seed of the first game (the next games count up), "
                                                 "so a script replays the same games")
    parser.add_argument("--setup", help="console: start the next Gaia Project game from this recorded game's "
                                        "setup (a fixture JSON, see python -m bot.demo gaia --fixture)")
    parser.add_argument("--locale", choices=("en", "hu"), default="en",
                        help="console: the players' client language and the server's (hu: play in Hungarian)")
    parser.add_argument("--env-file", default=".env", help="settings file (default: .env)")
    return parser.parse_args(argv)


def setup_logging(level: str, stream: TextIO = sys.stdout) -> None:
    logging.basicConfig(level=getattr(logging, level, logging.INFO), stream=stream,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # This is a text bot: voice support is never needed, so its warnings only confuse.
    logging.getLogger("discord.client").addFilter(lambda record: "voice will NOT be supported" not in record.getMessage())


def run_console(settings: Settings, args: argparse.Namespace) -> int:
    from .console import console_main
    from .storage_sqlite import InstanceRunning
    try:
        return _run_console(console_main, settings, args)
    except InstanceRunning as error:
        print(f"Not starting the console: {error}.", file=sys.stderr)
        return 4


def _run_console(console_main: Callable[..., Coroutine[Any, Any, int]], settings: Settings, args: argparse.Namespace) -> int:
    return asyncio.run(console_main(settings, db_path=args.db, board_dir=args.boards or settings.board_dir,
                                    stdin=sys.stdin, stdout=sys.stdout, seed=args.seed,
                                    setup_file=args.setup, locale=args.locale))


async def run_bot(settings: Settings, *, sync: bool = False) -> None:
    """Connect and serve until closed; SIGTERM/SIGINT shut down gracefully (no new commands,
    moves in flight finished and announced, the database closed)."""
    from .app import create_bot
    if settings.token is None:   # main() refuses to start without one
        raise ConfigError("DISCORD_TOKEN is not set")
    token = settings.token
    bot = create_bot(settings, sync_on_start=sync)
    async with bot:
        # Before connecting: a second process on this database stops here, answering nothing.
        await bot.storage.open()
        bot.install_signal_handlers()
        await bot.start(token)


def run_backup(settings: Settings, target: str) -> int:
    """``python -m bot backup FILE``: a consistent copy while the bot runs."""
    from .storage_sqlite import backup_file_sync
    from .storage import StorageError
    import os
    if not os.path.exists(settings.database_path):
        print(f"No database at {settings.database_path} (DATABASE_PATH).", file=sys.stderr)
        return 2
    if os.path.exists(target):
        print(f"{target} exists already: choose a new file name (a backup never overwrites).", file=sys.stderr)
        return 2
    try:
        pages = backup_file_sync(settings.database_path, target)
    except (StorageError, OSError) as error:
        print(f"Backup failed: {error}", file=sys.stderr)
        return 1
    print(f"Backed up {settings.database_path} to {target} ({pages} pages, integrity ok).")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings(env_file=args.env_file)
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if args.mode == "console":
        setup_logging("WARNING", sys.stderr)
        return run_console(settings, args)
    if args.mode == "backup":
        if not args.file:
            print("Usage: python -m bot backup FILE", file=sys.stderr)
            return 2
        return run_backup(settings, args.file)
    if not settings.token:
        setup_logging("WARNING", sys.stderr)   # the console logs only problems (no "logging in...")
        from .i18n import t
        print(t("cli.no_token", args.locale), file=sys.stderr)   # in the language asked for (--locale hu)
        if sys.stdin.isatty() and sys.stdout.isatty():
            print(t("cli.console_instead", args.locale) + "\n", file=sys.stderr)
            return run_console(settings, args)
        print(t("cli.no_terminal", args.locale), file=sys.stderr)
        return 1
    setup_logging(settings.log_level)
    import aiohttp
    import discord

    from .storage_sqlite import InstanceRunning
    try:
        asyncio.run(run_bot(settings, sync=args.sync))
    except InstanceRunning as error:
        print(f"Not starting: {error}.", file=sys.stderr)
        return 4
    except discord.LoginFailure:
        print("Discord rejected DISCORD_TOKEN: reset the token in the Developer Portal (Bot -> Reset Token) "
              "and put the new one in .env.", file=sys.stderr)
        return 2
    except (OSError, aiohttp.ClientError) as error:
        print(f"Could not reach Discord ({error.__class__.__name__}: {error}); check the network and try again.",
              file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
