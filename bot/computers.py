"""Computer players on Discord (issue 29, the host side).

A computer seat is a player row with a negative user id (``bot.service.is_computer_id``)
and the ``computer`` flag.  When a game waits for such a seat, :class:`ComputerTurns` runs
the decision off the event loop, in the bot's worker pool (``bot.workers``, the game's own
lane: fair between games, a person's board always first).  The job, :func:`decide`, gets
only the seat's view (``game.view(state, seat)``), the seat, a seed and a budget: never the
state.  The move it returns goes through the same store path as a person's move, with the
ply it was decided at as the expected ply, so a person's move or a restart in between can
never make it count twice.  Then it is announced in the thread like any automatic move.

The same machinery stands in for an absent person after a decision deadline when the lobby
chose ``on_timeout: computer`` (see :meth:`bot.cogs.base.GameCog.apply_deadline_default`).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

import rules
from rules.players import ComputerPlayer

from .config import Settings
from .service import LoadedGame, UserError
from .storage import ACTIVE, StorageError

if TYPE_CHECKING:
    from .app import BoardGameBot

log = logging.getLogger(__name__)

DEFAULT_BUDGET_MS = Settings.computer_budget_ms     # one default, the operator's setting's


def decide(game_name: str, view: Any, seat: int, seed: int, budget_ms: int,
           iterations: int | None) -> str | None:
    """One computer decision (runs in a worker process or thread): the chosen move as text in
    the game's notation, or None when the seat has no move.  Only what the seat sees comes
    in; with ``iterations`` the clock is never read, so the same seed and view give the same
    move."""
    game = rules.get_game(game_name)
    player = ComputerPlayer(budget_ms=budget_ms, seed=seed, iterations=iterations)
    move = player.choose(game, view, seat)
    return None if move is None else game.format_move(move)


def decision_seed(game_seed: int, seat: int) -> int:
    """The computer's seed for a seat: the game's seed and the seat (``decision_rng`` mixes
    in what the seat sees, so every position gets its own random stream)."""
    return game_seed * 31 + seat


class ComputerTurns:
    """Plays the computer seats of running games, one task per game that waits for one."""

    def __init__(self, bot: "BoardGameBot", *, budget_ms: int = DEFAULT_BUDGET_MS, iterations: int | None = None):
        self.bot = bot
        self.budget_ms = budget_ms
        self.iterations = iterations     # simulations per decision instead of a time budget (tests)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False

    # ----- scheduling --------------------------------------------------------------------------
    def schedule(self, game_id: int) -> None:
        """Look at ``game_id`` soon: if it waits for a computer seat, play it (cheap when not)."""
        if self._closed:
            return
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)     # a move landed while this game's computer was busy
            return
        task = asyncio.get_running_loop().create_task(self._run(game_id), name=f"computer-{game_id}")
        self._tasks[game_id] = task
        task.add_done_callback(lambda done: self._finished(game_id, done))

    def _finished(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
        if not task.cancelled() and task.exception() is not None:
            # a defect (the rules or the engine raised): the game waits; the next start retries
            log.error("game %s: computer turn failed", game_id, exc_info=task.exception())

    async def resume(self) -> list[int]:
        """After a start: every running game that waits for a computer seat gets its turn."""
        try:
            rows = await self.bot.storage.waiting()
        except StorageError:
            log.warning("could not read the games waiting for a computer player", exc_info=True)
            return []
        games = sorted({row.game_id for row in rows if row.computer})
        for game_id in games:
            self.schedule(game_id)
        return games

    async def idle(self) -> None:
        """Until no computer is thinking or moving (tests, the console)."""
        while True:
            running = [task for task in self._tasks.values() if not task.done()]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    def close(self) -> None:
        self._closed = True
        for task in self._tasks.values():
            task.cancel()

    async def _run(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                if not await self.play_one(game_id) and game_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except (UserError, StorageError, discord.HTTPException, RuntimeError) as error:
            # a closed pool or bot, a refused post: the move, if stored, is announced by the
            # recovery of unannounced plies; an unplayed turn by the next start's resume()
            log.warning("game %s: computer turn stopped: %r", game_id, error)

    # ----- one decision ----------------------------------------------------------------------
    async def waiting_computer(self, game_id: int) -> tuple[LoadedGame, int] | None:
        """The game and the first computer seat it waits for, or None."""
        loaded = await self.bot.service.load(game_id)
        if loaded.record.status != ACTIVE:
            return None
        for seat in sorted(loaded.game.waiting_for(loaded.state)):
            player = loaded.record.user_at(seat)
            if player is not None and player.computer:
                return loaded, seat
        return None

    async def think(self, loaded: LoadedGame, seat: int) -> str | None:
        """The computer's move for ``seat`` in ``loaded``: the job sees the seat's view only."""
        view = loaded.game.view(loaded.state, seat)
        return await self.bot.workers.run(decide, loaded.record.game, view, seat,
                                          decision_seed(loaded.record.seed, seat), self.budget_ms,
                                          self.iterations, lane=loaded.record.id)

    async def play_one(self, game_id: int) -> bool:
        """One computer move in ``game_id`` (stored and announced); False when none was due."""
        found = await self.waiting_computer(game_id)
        if found is None:
            return False
        loaded, seat = found
        text = await self.think(loaded, seat)
        if text is None:
            log.error("game %s: the computer found no move for seat %s", game_id, seat)
            return False
        async with self.bot.work():
            try:
                outcome = await self.bot.service.computer_move(game_id, seat, text, loaded.record.ply)
            except UserError as error:
                log.error("game %s: the computer's move %r for seat %s was refused: %s", game_id, text, seat, error.key)
                return False
            if outcome is None:
                return True          # the game moved on while it thought: look again
            await self.bot.game_cog(loaded.record.game).announce_bot_moves(outcome)
        return True

    async def stand_in(self, game_id: int, user_id: int, expected_ply: int) -> Any:
        """The computer's move for a person whose deadline passed (``on_timeout: computer``),
        stored (a MoveOutcome), or None when the game moved on."""
        loaded = await self.bot.service.load(game_id)
        if loaded.record.status != ACTIVE or loaded.record.ply != expected_ply:
            return None
        seat = loaded.record.seat_of(user_id)
        if seat is None or seat not in loaded.game.waiting_for(loaded.state):
            return None
        text = await self.think(loaded, seat)
        if text is None:
            return None
        return await self.bot.service.computer_move(game_id, seat, text, expected_ply, stand_in=True)
