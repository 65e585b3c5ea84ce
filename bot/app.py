"""The discord.py client: wires settings, storage, the game service, the cogs and the
reminder loop together.  The same object runs against Discord, the test harness and the
local console."""
from __future__ import annotations

import logging
import time
from collections import OrderedDict
from typing import Any, Callable

import discord
from discord import app_commands
from discord.ext import commands, tasks

import rules

from .cogs.base import ConfirmButton, GameCog, LobbyButton, MoveButton, MoveSelect, StaleComponent, cog_class
from .cogs.general import GeneralCog
from .config import Settings
from rules.messages import Msg, language_of

from .i18n import CatalogueTranslator, t, tr
from .ratelimit import RateLimiter
from .reminders import DMClosed, Reminders
from .service import GameService, UserError
from .storage import Storage, StorageError

log = logging.getLogger(__name__)


class DiscordReminderSender:
    def __init__(self, bot: "BoardGameBot"):
        self.bot = bot

    async def _user(self, user_id: int) -> discord.User:
        # Without the members intent get_user is often None.
        return self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)

    async def dm(self, user_id: int, text: str) -> None:
        user = await self._user(user_id)
        try:
            await user.send(text[:2000])
        except discord.Forbidden as error:
            raise DMClosed(str(error)) from error

    async def reopen(self, channel_id: int) -> None:
        """Unarchive a game thread, so the player a reminder sends there can use commands."""
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
                await channel.edit(archived=False)
        except discord.HTTPException:   # deleted, or no permission: the reminder still goes out
            log.warning("could not reopen thread %s", channel_id, exc_info=True)

    async def mention(self, channel_id: int, user_id: int, text: str) -> None:
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]))


class BoardGameBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, storage: Storage | None = None,
                 clock: Callable[[], float] = time.time, sync_on_start: bool = False,
                 start_reminders: bool = True, **kwargs):
        intents = discord.Intents.default()   # slash commands need no privileged intents
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())   # each message names whom it pings
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)
        if storage is None:
            from .storage_sqlite import SqliteStorage
            storage = SqliteStorage(settings.database_path, snapshot_every=settings.snapshot_every)
        self.settings = settings
        self.storage = storage
        self.clock = clock
        self.service = GameService(storage, clock=clock, snapshot_every=settings.snapshot_every,
                                   cache_size=settings.game_cache_size)
        self.reminders = Reminders(storage, settings, DiscordReminderSender(self), clock, deadlines=self)
        self._languages: dict[int, str] = {}   # user id -> language last seen (stored when it changes)
        self.rate_limiter = RateLimiter(clock)
        # (game id, ply, viewer seat, language, names) -> PNG files; see GameCog.board_files
        self.image_cache: OrderedDict[tuple[Any, ...], list[tuple[str, bytes]]] = OrderedDict()
        self.sync_on_start = sync_on_start
        self.start_reminders = start_reminders
        self._game_cogs: dict[str, GameCog] = {}
        self._reminder_loop = tasks.loop(minutes=settings.reminder_check_minutes)(self._reminder_tick)
        self._reminder_loop.before_loop(self.wait_until_ready)   # channels and users resolve once connected

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
        self.tree.on_error = self.on_app_command_error
        if self.sync_on_start:
            await self.sync_commands()
        if self.start_reminders:
            self._reminder_loop.start()

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
        except Exception:  # a loop that raises stops for good
            log.exception("reminder pass failed")

    async def close(self) -> None:
        if self._reminder_loop.is_running():
            self._reminder_loop.cancel()
        try:
            await super().close()
        finally:
            await self.storage.close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember each user's client language: DMs and reminders use it."""
        language = language_of(interaction.locale)
        user_id = interaction.user.id
        if self._languages.get(user_id) == language:
            return
        try:
            settings = await self.storage.get_user_settings(user_id)
            if settings.language != language:
                settings.language = language
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
        except discord.HTTPException:
            log.warning("could not DM user %s", user_id, exc_info=True)
            return False

    async def apply_deadline_default(self, game_id: int, game: str, user_id: int, expected_ply: int) -> bool:
        return await self.game_cog(game).apply_deadline_default(game_id, user_id, expected_ply)

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        locale = interaction.locale
        if isinstance(original, UserError):
            text = tr(original.msg, locale)
        elif isinstance(error, app_commands.TransformerError):
            text = t("bad_option_value", locale, value=str(error.value)[:100])
        elif isinstance(error, app_commands.CheckFailure):
            text = t("not_allowed", locale)
        else:
            record = None
            try:
                record = await self.service.game_in_thread(interaction.channel_id)
            except Exception:
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

    async def on_error(self, event_method: str, /, *args, **kwargs) -> None:
        log.exception("error in event %s", event_method)


def create_bot(settings: Settings, **kwargs) -> BoardGameBot:
    return BoardGameBot(settings, **kwargs)
