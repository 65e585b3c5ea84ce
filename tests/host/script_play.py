"""Playing a console script (``bot.demo``) through the test Discord: the lobby, then each move
as the player the script names, for tests that check what every move sent."""
from __future__ import annotations

from typing import Any, AsyncIterator, Callable

from bot.demo import PLAYER_NAMES


async def open_game(harness: Any, users: dict[str, int], game: str, players: int) -> int:
    """The lobby opened by alice, joined by the others and started in joining order: the thread."""
    await harness.slash(users["alice"], f"{game} new", channel_id=100, players=players)
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
