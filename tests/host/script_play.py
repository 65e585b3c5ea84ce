"""Playing a console script (``bot.demo``) through the test Discord: the lobby, then each move
as the player the script names, for tests that check what every move sent."""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from bot.app import create_bot
from bot.config import Settings
from bot.console import console_main
from bot.demo import PLAYER_NAMES
from bot.harness import Harness


async def open_game(harness: Any, users: dict[str, int], game: str, players: int, **options: Any) -> int:
    """The lobby opened by alice (with these lobby ``options``), joined by the others and started
    in joining order: the thread."""
    await harness.slash(users["alice"], f"{game} new", channel_id=100, players=players, **options)
    thread = list(harness.threads)[-1]
    for name in PLAYER_NAMES[1:players]:
        await harness.slash(users[name], f"{game} join", channel_id=thread)
    await harness.slash(users["alice"], f"{game} start", channel_id=thread, seating="joined")
    return thread


async def script_moves(harness: Any, users: dict[str, int], game: str, thread: int, script: str,
                       typed: Callable[[str, str], str] = lambda player, move: move
                       ) -> AsyncIterator[tuple[str, str, Any]]:
    """Each ``/<game> move`` line of ``script`` sent by its player (``typed`` may reword it):
    yields (line, move, what the bot sent)."""
    current = "alice"
    prefix = f"/{game} move "
    for line in script.splitlines():
        if line.startswith("as "):
            current = line[3:].strip()
            continue
        if not line.startswith(prefix):
            continue
        move = line[len(prefix):]
        sent = await harness.slash(users[current], f"{game} move", channel_id=thread, text=typed(current, move))
        assert not sent.errors, (line, sent.errors)
        yield line, move, sent


def hungarian_harness(tmp_path: Path, seed: int, players: int, first_id: int,
                      english: tuple[str, ...] = ()) -> tuple[Any, Any, dict[str, int]]:
    """(bot, harness, users): a Hungarian server whose games get ``seed``; the players named in
    ``english`` read English.  Call ``await harness.start()`` next."""
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    bot.service.seed_source = lambda: seed
    harness = Harness(bot, guild_id=1, channel_id=100)
    harness.world.guild_locale = "hu"
    users = {name: first_id + index for index, name in enumerate(PLAYER_NAMES[:players])}
    for name, user_id in users.items():
        harness.add_user(user_id, name, locale="en-US" if name in english else "hu")
    return bot, harness, users


async def console_replay_reaches_the_winner(tmp_path: Path, script: str, seed: int, game: Any, final: Any) -> str:
    """The script through the console as Hungarian users: no refusal, the final standings name
    the rules core's winner with its score.  Returns the console's text."""
    out = io.StringIO()
    code = await console_main(Settings(), db_path=str(tmp_path / "c.db"), board_dir=str(tmp_path / "boards"),
                              stdin=io.StringIO(script), stdout=out, seed=seed, locale="hu")
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text and "Nem te következel" not in text
    winner = PLAYER_NAMES[game.winners(final)[0]]
    assert re.search(rf"1\. {winner} \(\w+\): {max(game.scores(final))} 🏆", text)
    return text
