"""The discord.py client: wires settings, storage, the game service, the cogs and the
reminder loop together.  The same object runs against Discord, the test harness and the
local console."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import statistics
import time
from collections import OrderedDict, deque
from typing import Any, AsyncIterator, Callable

import discord
from discord import app_commands
from discord.ext import commands, tasks

import rules

from .cogs.base import ConfirmButton, GameCog, LobbyButton, MoveButton, MoveSelect, StaleComponent, cog_class
from .cogs.general import GeneralCog
from .computers import ComputerTurns
from .config import Settings
from rules.messages import Msg, language_of

from .i18n import CatalogueTranslator, t, tr
from .ratelimit import RateLimiter
from .reminders import DMClosed, Reminders, ThreadGone, UserGone
from .raw_options import OptionProblem, leaf_options, option_label, option_problem
from .service import BoardPart, GameService, UserError
from .storage import ACTIVE, Storage, StorageError
from .workers import Workers

log = logging.getLogger(__name__)


class DiscordReminderSender:
    def __init__(self, bot: "BoardGameBot"):
        self.bot = bot

    async def _user(self, user_id: int) -> discord.User:
        # Without the members intent get_user is often None.
        try:
            return self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        except discord.NotFound as error:   # 10013: the account was deleted
            raise UserGone(str(error)) from error

    @staticmethod
    def _refused(error: discord.Forbidden) -> Exception:
        if error.code == 50278:   # "no mutual guilds": the user left every server the bot is in
            return UserGone(str(error))
        return DMClosed(str(error))

    async def dm(self, user_id: int, text: str) -> None:
        """One API call when the DM channel is known (stored the first time it is opened),
        instead of three (user, DM channel, message)."""
        known = (await self.bot.storage.get_user_settings(user_id)).dm_channel_id
        if known:
            try:
                await self.bot.get_partial_messageable(known, type=discord.ChannelType.private).send(text[:2000])
                return
            except discord.NotFound:
                pass   # the DM channel is gone: open it again below
            except discord.Forbidden as error:
                raise self._refused(error) from error
        user = await self._user(user_id)
        try:
            channel = await user.create_dm()
            await channel.send(text[:2000])
        except discord.Forbidden as error:
            raise self._refused(error) from error
        if channel.id != known:
            await self.bot.storage.set_dm_channel(user_id, channel.id)

    async def _channel(self, channel_id: int) -> Any:
        try:
            return self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        except discord.NotFound as error:   # 10003: deleted while the bot was not looking
            raise ThreadGone(channel_id) from error

    async def reopen(self, channel_id: int) -> None:
        """Unarchive a game thread, so the player a reminder sends there can use commands."""
        channel = await self._channel(channel_id)
        try:
            if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
                await channel.edit(archived=False)
        except discord.NotFound as error:
            raise ThreadGone(channel_id) from error
        except discord.HTTPException:   # no permission: the reminder still goes out
            log.warning("could not reopen thread %s", channel_id, exc_info=True)

    async def mention(self, channel_id: int, user_id: int, text: str) -> None:
        channel = await self._channel(channel_id)
        try:
            await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]))
        except discord.NotFound as error:
            raise ThreadGone(channel_id) from error


class BoardGameBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, storage: Storage | None = None,
                 clock: Callable[[], float] = time.time, sync_on_start: bool = False,
                 start_reminders: bool = True, **kwargs: Any):
        intents = discord.Intents.default()   # slash commands need no privileged intents
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())   # each message names whom it pings
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)
        if storage is None:
            from .storage_sqlite import SqliteStorage
            storage = SqliteStorage(settings.database_path, snapshot_every=settings.snapshot_every, exclusive=True,
                                    cache=True)
        self.settings = settings
        self.storage = storage
        self.clock = clock
        self.service = GameService(storage, clock=clock, snapshot_every=settings.snapshot_every,
                                   cache_size=settings.game_cache_size)
        self.reminders = Reminders(storage, settings, DiscordReminderSender(self), clock, deadlines=self)
        self._languages: dict[int, str] = {}   # user id -> language last seen (stored when it changes)
        self.rate_limiter = RateLimiter(clock)
        # (game id, ply, viewer seat, language, names) -> PNG files; see GameCog.board_files
        self.image_cache: OrderedDict[tuple[Any, ...], list[BoardPart]] = OrderedDict()
        # CPU work off the event loop: boards (urgent) and computer players (fair per game)
        self.workers = Workers(processes=settings.worker_processes)
        # computer players' turns (issue 29): thought out in self.workers, stored like a person's
        self.computers = ComputerTurns(self, budget_ms=settings.computer_budget_ms)
        self.sync_on_start = sync_on_start
        self.start_reminders = start_reminders
        self._game_cogs: dict[str, GameCog] = {}
        self._reminder_loop = tasks.loop(minutes=settings.reminder_check_minutes)(self._reminder_tick)
        self._reminder_loop.before_loop(self.wait_until_ready)   # channels and users resolve once connected
        # Graceful shutdown: moves in flight are counted; SIGTERM waits for them (see shutdown).
        self.accepting = True
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._recovery: asyncio.Task[None] | None = None
        self._recovery_attempts: dict[tuple[int, int], int] = {}   # (game, ply) -> tries this process
        # (seconds to the first answer, seconds in all) of the latest moves: /admin status
        self.move_latencies: deque[tuple[float, float]] = deque(maxlen=2000)
        self.started_at = time.time()
        self._signals: list[Any] = []
        self._shutdown_task: asyncio.Task[None] | None = None

    def hosted_games(self) -> list[str]:
        return sorted(self._game_cogs)

    def game_cog(self, game: str) -> GameCog:
        try:
            return self._game_cogs[game]
        except KeyError:
            raise UserError("unknown_game", game=game, games=", ".join(self.hosted_games())) from None

    async def setup_hook(self) -> None:
        await self.storage.open()
        await self.tree.set_translator(CatalogueTranslator())
        for game in rules.available_games():
            cog = cog_class(game)(self)
            await self.add_cog(cog)
            self._game_cogs[game] = cog
        await self.add_cog(GeneralCog(self))
        self.add_dynamic_items(LobbyButton, MoveSelect, MoveButton, ConfirmButton, StaleComponent)
        self.tree.error(self.on_app_command_error)
        # discord.py's hook for a global check is a method to override; this bot's tree is the stock one
        self.tree.interaction_check = self._accepting_check   # type: ignore[method-assign]
        if self.sync_on_start:
            await self.sync_commands()
        if self.start_reminders:
            self._reminder_loop.start()
        # Moves stored but never announced (the process died, or Discord was unreachable):
        # told in their threads once connected.
        self._recovery = asyncio.create_task(self._announce_pending_when_ready(), name="announce-pending")

    # ----- in-flight work and graceful shutdown ----------------------------------------------------
    @contextlib.asynccontextmanager
    async def work(self) -> AsyncIterator[None]:
        """Around every change to a game and its announcement: a shutdown waits for these, and
        refuses new ones (the player is told to try again in a minute)."""
        if not self.accepting:
            raise UserError("shutting_down")
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    async def _accepting_check(self, interaction: discord.Interaction) -> bool:
        if self.accepting:
            return await self._options_fit(interaction)
        if interaction.type is discord.InteractionType.application_command:
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.send_message(t("shutting_down", interaction.locale), ephemeral=True)
        return False

    def install_signal_handlers(self) -> None:
        """SIGTERM (docker stop, systemctl stop) and SIGINT (Ctrl-C) shut down gracefully."""
        import signal
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, self._on_signal, sig.name)
            except (NotImplementedError, RuntimeError):   # pragma: no cover - Windows, or not the main thread
                return
            self._signals.append(sig)

    def _on_signal(self, name: str) -> None:
        self._shutdown_task = asyncio.create_task(self.shutdown(name), name="graceful-shutdown")

    def _remove_signal_handlers(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in self._signals:
            loop.remove_signal_handler(sig)
        self._signals.clear()

    async def shutdown(self, reason: str = "shutdown") -> None:
        """SIGTERM/SIGINT: take no new commands, stop the reminder loop, give the moves in
        flight ``shutdown_grace_seconds`` to be stored and announced, then close Discord and
        the database.  A move still running after that is stored or not (one transaction);
        if stored, the next start announces it."""
        if not self.accepting:
            return
        self.accepting = False
        log.info("%s: taking no new commands; %d move(s) in flight", reason, self._in_flight)
        if self._reminder_loop.is_running():
            self._reminder_loop.cancel()
        try:
            await asyncio.wait_for(self._idle.wait(), timeout=self.settings.shutdown_grace_seconds)
        except asyncio.TimeoutError:
            log.warning("%d move(s) still in flight after %.0f s; closing anyway (stored moves are announced "
                        "at the next start)", self._in_flight, self.settings.shutdown_grace_seconds)
        await self.close()
        log.info("closed cleanly")

    # ----- announcements nobody saw -------------------------------------------------------------------
    async def _announce_pending_when_ready(self) -> None:
        await self.wait_until_ready()
        await self.announce_pending()
        await self.computers.resume()    # a computer's turn pending at the restart is played now
        await self.warm_caches()

    async def warm_caches(self) -> int:
        """Load the running games (state, record, players' settings) in the background after
        a start, so the first moves after a restart are not the slow ones."""
        started, loaded = time.perf_counter(), 0
        await self.workers.warm()
        try:
            games = await self.storage.list_games(status=ACTIVE)
        except StorageError:
            log.warning("could not list the running games to warm the caches", exc_info=True)
            return 0
        games.sort(key=lambda record: record.updated_at, reverse=True)   # the busiest first
        for record in games[: self.settings.game_cache_size]:
            try:
                await self.service.load(record.id)
                for player in record.players:
                    await self.storage.get_user_settings(player.user_id)
                loaded += 1
            except Exception:   # a game that cannot load is reported when played, not here
                log.warning("game %s could not be loaded while warming the caches", record.id, exc_info=True)
            await asyncio.sleep(0)   # never hold the loop: commands come first
        log.info("caches warmed: %d running games in %.1f s", loaded, time.perf_counter() - started)
        return loaded

    async def announce_pending(self, older_than: float | None = None) -> list[int]:
        """Post the news of games whose latest plies never reached their thread.  With
        ``older_than`` (seconds), only games untouched that long (a move being announced right
        now is not doubled).  Each (game, ply) is tried at most 3 times per process."""
        done: list[int] = []
        try:
            pending = await self.storage.unannounced()
        except StorageError:
            log.warning("could not read the games to announce", exc_info=True)
            return done
        now = self.clock()
        for record in pending:
            if older_than is not None and now - record.updated_at < older_than:
                continue
            key = (record.id, record.ply)
            if self._recovery_attempts.get(key, 0) >= 3:
                continue
            self._recovery_attempts[key] = self._recovery_attempts.get(key, 0) + 1
            try:
                async with self.work():
                    await self.game_cog(record.game).announce_recovered(record)
                done.append(record.id)
                log.info("game %s: announced plies %s-%s after the fact", record.id, record.announced_ply + 1,
                         record.ply)
            except discord.NotFound:
                await self.channel_gone(thread_id=record.thread_id or record.channel_id)
            except Exception:   # one game must not stop the others
                log.exception("game %s: could not announce its pending news", record.id)
        return done

    # ----- threads, channels and servers that disappear ---------------------------------------------
    async def channel_gone(self, *, thread_id: int | None = None, channel_id: int | None = None,
                           guild_id: int | None = None) -> list[int]:
        """The game's thread, its channel or the whole server is gone for the bot: nobody can
        see or play those games any more, so they end as abandoned (not paused: a paused game
        nobody can reach would wait for ever); reminders and deadlines stop with them."""
        try:
            ended = await self.storage.abandon_where(thread_id=thread_id, channel_id=channel_id,
                                                     guild_id=guild_id, now=self.clock())
        except StorageError:
            log.warning("could not end the games of a removed thread/channel/server", exc_info=True)
            return []
        for game_id in ended:
            self.service.forget(game_id)
        if ended:
            log.warning("games %s ended as abandoned: thread %s / channel %s / server %s is gone",
                        ended, thread_id, channel_id, guild_id)
        return ended

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.channel_gone(thread_id=payload.thread_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.channel_gone(channel_id=channel.id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from the server (or the server deleted)."""
        await self.channel_gone(guild_id=guild.id)

    # ----- operators ------------------------------------------------------------------------------------
    def record_move(self, game_id: int, ply: int, first_answer: float, total: float, how: str) -> None:
        self.move_latencies.append((first_answer, total))
        log.info("move game=%s ply=%s first_answer_ms=%d total_ms=%d via=%s", game_id, ply,
                 first_answer * 1000, total * 1000, how)

    async def status_figures(self) -> dict[str, Any]:
        now = self.clock()
        day_start = now - now % 86400
        figures: dict[str, Any] = dict(await self.storage.stats(day_start))
        latencies = list(self.move_latencies)
        figures["median_first_ms"] = round(statistics.median(a for a, _ in latencies) * 1000) if latencies else 0
        figures["median_total_ms"] = round(statistics.median(b for _, b in latencies) * 1000) if latencies else 0
        figures["reminders_due"] = await self.reminders.count_due(now)
        figures["guilds"] = len(self.guilds)
        figures["shards"] = self.shard_count or 1
        figures["uptime_h"] = round((time.time() - self.started_at) / 3600, 1)
        figures["in_flight"] = self._in_flight
        return figures

    async def sync_commands(self) -> int:
        """Register the slash commands with Discord (on request only: Discord limits how
        often commands may be created)."""
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))
        return len(synced)

    async def _reminder_tick(self) -> None:
        try:
            reports = await self.reminders.run_once()
            if reports:
                log.info("sent %d reminders", len(reports))
            await self.announce_pending(older_than=120)   # an announcement Discord refused for a while
        except Exception:  # a loop that raises stops for good
            log.exception("reminder pass failed")

    async def close(self) -> None:
        self.accepting = False
        self.computers.close()      # a turn cut short is played again at the next start
        self._remove_signal_handlers()
        if self._reminder_loop.is_running():
            self._reminder_loop.cancel()
        if self._recovery is not None and not self._recovery.done():
            self._recovery.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._recovery
        try:
            await super().close()
        finally:
            self.workers.close()
            await self.storage.close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember each user's client language (DMs and reminders use it), and that a user
        marked gone is back."""
        language = language_of(interaction.locale)
        user_id = interaction.user.id
        try:   # the storage keeps settings in memory: no database read for a known user
            settings = await self.storage.get_user_settings(user_id)
            if settings.language != language or settings.gone:
                settings.language = language
                settings.gone = False   # seen again: reminders resume
                await self.storage.save_user_settings(settings)
            self._languages[user_id] = language
        except StorageError:
            log.warning("could not store the language of user %s", user_id, exc_info=True)

    async def user_language(self, user_id: int) -> str:
        if user_id in self._languages:
            return self._languages[user_id]
        return language_of((await self.storage.get_user_settings(user_id)).language)

    async def send_private(self, user_id: int, message: Msg) -> bool:
        """Private news by DM in the user's language; False when their DMs are closed (the
        news stays available through the game's private commands)."""
        try:
            await DiscordReminderSender(self).dm(user_id, tr(message, await self.user_language(user_id)))
            return True
        except DMClosed:
            log.info("user %s has closed DMs: a private notice was not delivered", user_id)
            return False
        except UserGone:
            log.info("user %s is gone: a private notice was not delivered", user_id)
            return False
        except discord.HTTPException:
            log.warning("could not DM user %s", user_id, exc_info=True)
            return False

    async def apply_deadline_default(self, game_id: int, game: str, user_id: int, expected_ply: int) -> bool:
        try:
            async with self.work():
                return await self.game_cog(game).apply_deadline_default(game_id, user_id, expected_ply)
        except discord.NotFound:
            # The thread went away while the bot was not looking: the game ends with it (the
            # default move stays stored, the game is abandoned, its deadlines stop).
            record = await self.storage.get_game(game_id)
            if record is not None:
                await self.channel_gone(thread_id=record.thread_id or record.channel_id)
            return False

    async def _options_fit(self, interaction: discord.Interaction) -> bool:
        """A slash command's raw options of the wrong type, or a required one missing (a raw
        payload; Discord's client sends neither) are refused before the command runs, with a
        sentence naming the option, through the error handler below."""
        command = interaction.command
        if interaction.type is not discord.InteractionType.application_command \
                or not isinstance(command, app_commands.Command):
            return True
        problem = option_problem(command, interaction.data or {})
        if problem is None:
            return True
        await self.on_app_command_error(interaction, OptionProblem(problem))
        return False

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        locale = interaction.locale
        if isinstance(original, UserError):
            text = original.text(language_of(locale))
        elif isinstance(error, OptionProblem):
            text = tr(error.msg, locale)
        elif isinstance(error, app_commands.TransformerError):
            text = tr(self._transformer_refusal(interaction, error), locale)
        elif isinstance(error, app_commands.CommandSignatureMismatch):
            # the command Discord holds differs from this bot's (a sync pending): the
            # player's client is out of date, nothing went wrong on the bot's side
            text = t("command_out_of_date", locale)
        elif isinstance(error, app_commands.CheckFailure):
            text = t("not_allowed", locale)
        else:
            record = None
            try:
                record = await self.service.game_in_thread(interaction.channel_id)
            except Exception:  # noqa: BLE001 - the top-level guard's log line; the error it reports matters
                pass
            log.error("unexpected error in %s (game %s, user %s)",
                      interaction.command.qualified_name if interaction.command else "?",
                      record.id if record else "-", interaction.user.id, exc_info=original)
            text = t("internal_error", locale)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text[:2000], ephemeral=True)
            else:
                await interaction.response.send_message(text[:2000], ephemeral=True)
        except discord.HTTPException:
            log.warning("could not deliver an error message to user %s", interaction.user.id)

    @staticmethod
    def _transformer_refusal(interaction: discord.Interaction, error: app_commands.TransformerError) -> Msg:
        """The refusal of a value a transformer rejected, naming its option when the raw
        options show which one it was."""
        value = str(error.value)[:100]
        for option in leaf_options(interaction.data or {}):
            if option.get("value") == error.value and option.get("name"):
                return Msg("bad_option_value_named", value=value, option=option_label(str(option["name"])))
        return Msg("bad_option_value", value=value)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        log.exception("error in event %s", event_method)


def create_bot(settings: Settings, **kwargs: Any) -> BoardGameBot:
    return BoardGameBot(settings, **kwargs)
