"""Commands that are not tied to one game: /help, /reminders, /games, /admin sync."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import discord
from discord import app_commands
from discord.ext import commands

import rules
from rules.messages import LANGUAGES, fold_word, render

from ..i18n import ls, t
from ..service import UserError
from ..storage import ACTIVE, LOBBY
from .base import clip, send, user_language

if TYPE_CHECKING:
    from ..app import BoardGameBot


@lru_cache(maxsize=1)
def all_timezones() -> tuple[str, ...]:
    """Every IANA zone name, sorted: reading them scans the time zone database (about 20 ms),
    too slow to repeat on every keystroke of an autocomplete."""
    return tuple(sorted(available_timezones()))


COMMON_COMMANDS = ("new", "join", "leave", "start", "cancel", "move", "board", "status", "hand", "info", "log",
                   "undo", "resign", "substitute", "abandon")



def games_named(typed: str, hosted: list[str]) -> list[str]:
    """The hosted games ``typed`` names: by command name or by title in any language the bot
    speaks ("ŰrCégek", "planetárium"), whole (that one alone) or by the start of a word ("űr")."""
    wanted = fold_word(typed).strip()
    names = {game: [game] + [fold_word(render(rules.get_game(game).title_msg(), language)) for language in LANGUAGES]
             for game in hosted}
    exact = [game for game in hosted if wanted in names[game]]
    if exact:
        return exact[:1]
    return [game for game in hosted if any(word.startswith(wanted) for name in names[game]
                                            for word in name.replace("(", " ").split())]

class GeneralCog(commands.Cog):
    def __init__(self, bot: "BoardGameBot"):
        self.bot = bot

    @app_commands.command(name="help", description=ls("cmd.help"))
    @app_commands.describe(game=ls("param.help_game"))
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        language = user_language(interaction)
        hosted = self.bot.hosted_games()
        if game is None:
            games = "\n".join(t("help_game_line", language, title=rules.get_game(name).title_msg(), game=name)
                              for name in hosted)
            commands_text = "\n".join(f"- `{t('name.' + name, language)}`: {t('cmd.' + name, language)}"
                                      for name in COMMON_COMMANDS)
            await send(interaction, t("help_overview", language, games=games, commands=commands_text), ephemeral=True)
            return
        named = games_named(game, hosted)
        if len(named) != 1:
            raise UserError("unknown_game", game=game, games=", ".join(hosted))
        game = named[0]
        rules_game = rules.get_game(game)
        text = t("help_game", language, title=rules_game.title_msg(), game=game, summary=rules_game.rules_summary(),
                 notation=rules_game.notation_help(), low=rules_game.min_players, high=rules_game.max_players)
        if len(text) <= 2000:
            await send(interaction, text, ephemeral=True)
            return
        # a long help comes in whole paragraphs over several messages: the summary, then the
        # notation under its heading (not the heading twice, first over a lone "…")
        await send(interaction, clip(t("help_game_summary", language, title=rules_game.title_msg(), game=game,
                                       summary=rules_game.rules_summary(),
                                       low=rules_game.min_players, high=rules_game.max_players)), ephemeral=True)
        chunk = ""
        for paragraph in t("help_notation_only", language, notation=rules_game.notation_help()).split("\n"):
            if len(chunk) + len(paragraph) + 1 > 1900:
                await send(interaction, chunk, ephemeral=True)
                chunk = ""
            chunk += paragraph + "\n"
        if chunk.strip():
            await send(interaction, clip(chunk), ephemeral=True)

    @help.autocomplete("game")
    async def help_game_autocomplete(self, interaction: discord.Interaction, current: str
                                     ) -> list[app_commands.Choice[str]]:
        language = user_language(interaction)
        hosted = self.bot.hosted_games()
        return [app_commands.Choice(name=t("title_of", language, title=rules.get_game(name).title_msg()), value=name)
                for name in (games_named(current, hosted) if current.strip() else hosted)][:25]

    @app_commands.command(name="reminders", description=ls("cmd.reminders"))
    @app_commands.describe(enabled=ls("param.rem_enabled"), hours=ls("param.rem_hours"),
                           quiet_start=ls("param.rem_quiet_start"), quiet_end=ls("param.rem_quiet_end"),
                           timezone=ls("param.rem_timezone"))
    async def reminders(self, interaction: discord.Interaction, enabled: bool | None = None,
                        hours: app_commands.Range[float, 0.5, 168.0] | None = None,
                        quiet_start: app_commands.Range[int, 0, 23] | None = None,
                        quiet_end: app_commands.Range[int, 0, 23] | None = None,
                        timezone: str | None = None) -> None:
        locale = user_language(interaction)
        storage = self.bot.storage
        settings = await storage.get_user_settings(interaction.user.id)
        # Ranges are only advertised to Discord: check again.
        if hours is not None and not 0.5 <= hours <= 168:
            raise UserError("bad_hours")
        for value in (quiet_start, quiet_end):
            # a raw payload may carry a float or a bool where Discord's client sends a whole number
            if value is not None and (type(value) is not int or not 0 <= value <= 23):
                raise UserError("bad_quiet_hour")
        start = quiet_start if quiet_start is not None else settings.quiet_start
        end = quiet_end if quiet_end is not None else settings.quiet_end
        if start is not None and start == end:
            raise UserError("bad_quiet_same")
        if timezone is not None:
            try:
                ZoneInfo(timezone)
            except (ZoneInfoNotFoundError, ValueError):
                raise UserError("bad_timezone", zone=timezone) from None
            settings.timezone = timezone
        if enabled is not None:
            settings.reminders_enabled = enabled
            if enabled:
                settings.dm_closed = False   # the player says DMs work again: try them
        if hours is not None:
            settings.reminder_hours = hours
        if quiet_start is not None:
            settings.quiet_start = quiet_start
        if quiet_end is not None:
            settings.quiet_end = quiet_end
        await storage.save_user_settings(settings)
        quiet = (f"{settings.quiet_start:02d}:00-{settings.quiet_end:02d}:00"
                 if settings.quiet_start is not None and settings.quiet_end is not None else t("none", locale))
        await send(interaction, t("reminder_settings", locale,
                                  state=t("on" if settings.reminders_enabled else "off", locale),
                                  hours=settings.reminder_hours or self.bot.settings.reminder_after_hours,
                                  quiet=quiet, zone=settings.timezone,
                                  dms=t("dms_closed" if settings.dm_closed else "dms_ok", locale)), ephemeral=True)

    @reminders.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction, current: str
                                    ) -> list[app_commands.Choice[str]]:
        current = current.lower()
        zones = [zone for zone in all_timezones() if current in zone.lower()]
        preferred = [zone for zone in ("Europe/Budapest", "UTC") if zone in zones]
        return [app_commands.Choice(name=zone, value=zone) for zone in (preferred + [z for z in zones if z not in preferred])[:25]]

    @app_commands.command(name="games", description=ls("cmd.games"))
    async def games(self, interaction: discord.Interaction) -> None:
        locale = user_language(interaction)
        lines = []
        waiting = {row.game_id for row in await self.bot.storage.waiting(user_id=interaction.user.id)}
        for status in (ACTIVE, LOBBY):
            for record in await self.bot.storage.list_games(status=status, user_id=interaction.user.id):
                link = f"https://discord.com/channels/{record.guild_id or '@me'}/{record.thread_id or record.channel_id}"
                mark = " ⏳" if record.id in waiting else ""
                lines.append(t("my_games_line", locale, title=rules.get_game(record.game).title_msg(), game_id=record.id,
                               status=t(f"status.{record.status}", locale), link=link) + mark)
        text = t("my_games", locale)
        for index, line in enumerate(lines):   # whole lines only: the rest is counted
            more = "\n" + t("games_more", locale, count=len(lines) - index)
            if len(text) + 1 + len(line) + (len(more) if index < len(lines) - 1 else 0) > 2000:
                text += more
                break
            text += "\n" + line
        await send(interaction, text if lines else text + "\n" + t("no_games", locale), ephemeral=True)

    # Owners only (checked again in the command): hidden from members without Administrator,
    # and never offered in DMs.
    admin = app_commands.Group(name="admin", description=ls("cmd.admin"), guild_only=True,
                               default_permissions=discord.Permissions(administrator=True),
                               allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False,
                                                                               private_channel=False))

    @admin.command(name="sync", description=ls("cmd.admin_sync"))
    async def admin_sync(self, interaction: discord.Interaction) -> None:
        if interaction.user.id not in self.bot.settings.owner_ids:
            raise UserError("owner_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        count = await self.bot.sync_commands()
        await interaction.followup.send(t("synced", interaction.locale, count=count), ephemeral=True)

    @admin.command(name="status", description=ls("cmd.admin_status"))
    async def admin_status(self, interaction: discord.Interaction) -> None:
        """Health figures for the bot's owners: games, moves today, the median time to the
        first answer of a move, reminders due."""
        if interaction.user.id not in self.bot.settings.owner_ids:
            raise UserError("owner_only")
        figures = await self.bot.status_figures()
        await send(interaction, t("admin_status", interaction.locale, active=figures.get("games_active", 0),
                                  lobby=figures.get("games_lobby", 0), finished=figures.get("games_finished", 0),
                                  abandoned=figures.get("games_abandoned", 0), moves=figures["moves_since"],
                                  first=figures["median_first_ms"], total=figures["median_total_ms"],
                                  sampled=len(self.bot.move_latencies), waiting=figures["waiting"],
                                  due=figures["reminders_due"], guilds=figures["guilds"], shards=figures["shards"],
                                  in_flight=figures["in_flight"], uptime=figures["uptime_h"]), ephemeral=True)
