"""The commands every game shares.  A game's cog subclasses :class:`GameCog` with its
``group_name`` and only adds what is specific to that game."""
from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any, Awaitable, Callable, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import rules

from ..i18n import ls, t
from ..service import LoadedGame, MoveOutcome, UserError, render_png
from ..storage import ACTIVE, LOBBY, GameRecord

if TYPE_CHECKING:
    from ..app import BoardGameBot

log = logging.getLogger(__name__)
CONTENT_LIMIT = 2000
ALLOWED_NO_ONE = discord.AllowedMentions.none()


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def as_files(files: list[tuple[str, bytes]]) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in files]


def mention_list(user_ids: list[int]) -> str:
    return " ".join(f"<@{user_id}>" for user_id in user_ids)


def is_moderator(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    return bool(permissions and (permissions.manage_threads or permissions.manage_guild))


async def send(interaction: discord.Interaction, content: str, *, ephemeral: bool = False,
               files: list[tuple[str, bytes]] | None = None, view: discord.ui.View | None = None,
               mentions: discord.AllowedMentions = ALLOWED_NO_ONE) -> None:
    """Answer an interaction whether or not it was already answered or deferred."""
    kwargs: dict[str, Any] = {"content": clip(content), "ephemeral": ephemeral, "allowed_mentions": mentions}
    if files:
        kwargs["files"] = as_files(files)
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def seat_line(loaded: LoadedGame, seat: int) -> str:
    player = loaded.record.user_at(seat)
    name = player.name if player else "?"
    return f"{name} ({loaded.game.seat_label(loaded.state, seat)})"


def waiting_text(loaded: LoadedGame, locale) -> str:
    seats = sorted(loaded.game.waiting_for(loaded.state))
    if not seats:
        return ""
    return t("waiting_for", locale, players=", ".join(seat_line(loaded, seat) for seat in seats))


async def report_component_error(interaction: discord.Interaction, error: Exception) -> None:
    """Buttons and menus do not pass through the command tree's error handler."""
    await interaction.client.on_app_command_error(interaction, error)  # type: ignore[attr-defined]


async def move_from_component(interaction: discord.Interaction, game_id: int, ply: int,
                              chosen: Callable[["GameCog", GameRecord], Awaitable[str]]) -> None:
    """Menus and buttons made for one position: refuse them once the game moved on, else
    make the chosen move (confirmed privately, announced in the thread)."""
    bot: BoardGameBot = interaction.client  # type: ignore[assignment]
    try:
        record = await bot.service.record(game_id)
        if record.ply != ply:
            raise UserError("menu_outdated")
        cog = bot.game_cog(record.game)
        await cog.make_move(interaction, record, await chosen(cog, record), announce_separately=True)
    except Exception as error:
        await report_component_error(interaction, error)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"lobby:(?P<action>join|leave|start):(?P<game_id>\d+)"):
    """Join/leave/start buttons on the lobby message; they keep working after a restart."""

    def __init__(self, action: str, game_id: int):
        styles = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                  "start": discord.ButtonStyle.primary}
        super().__init__(discord.ui.Button(label=t(f"button.{action}"), style=styles[action],
                                           custom_id=f"lobby:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["action"], int(match["game_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BoardGameBot = interaction.client  # type: ignore[assignment]
        try:
            record = await bot.service.record(self.game_id)
            await bot.game_cog(record.game).lobby_action(interaction, record, self.action, "random")
        except Exception as error:
            await report_component_error(interaction, error)


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game_id))
    return view


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"move:(?P<game_id>\d+):(?P<ply>\d+)"):
    """A menu of legal moves (when there are few), offered with private information."""

    def __init__(self, game_id: int, ply: int, options: list[str] | None = None):
        choices = [discord.SelectOption(label=clip(text, 100), value=clip(text, 100)) for text in (options or ["-"])]
        super().__init__(discord.ui.Select(custom_id=f"move:{game_id}:{ply}", placeholder=t("select.move"),
                                           options=choices[:25]))
        self.game_id = game_id
        self.ply = ply

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["game_id"]), int(match["ply"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def chosen(cog: "GameCog", record: GameRecord) -> str:
            values = (interaction.data or {}).get("values") or []
            if not values:
                raise UserError("empty_move")
            return values[0]

        await move_from_component(interaction, self.game_id, self.ply, chosen)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mvb:(?P<game_id>\d+):(?P<ply>\d+):(?P<index>\d)"):
    """One of a few public choices (e.g. accept or decline a power charge), shown as buttons
    under the move announcement.  The choice is looked up again when clicked."""

    def __init__(self, game_id: int, ply: int, index: int, label: str = "-"):
        super().__init__(discord.ui.Button(label=clip(label, 80), custom_id=f"mvb:{game_id}:{ply}:{index}",
                                           style=discord.ButtonStyle.primary if index == 0 else discord.ButtonStyle.secondary))
        self.game_id, self.ply, self.index = game_id, ply, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["game_id"]), int(match["ply"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def chosen(cog: "GameCog", record: GameRecord) -> str:
            choices = cog.quick_choices(await cog.service.load(record.id))
            if choices is None or self.index >= len(choices[1]):
                raise UserError("menu_outdated")
            return choices[1][self.index]

        await move_from_component(interaction, self.game_id, self.ply, chosen)


class GameCog(commands.GroupCog):
    """Shared lobby, move and information commands.  Subclass with
    ``class XCog(GameCog, group_name="x", group_description=...)`` and set ``game_name``."""

    game_name: ClassVar[str] = ""

    def __init__(self, bot: "BoardGameBot"):
        self.bot = bot
        self.service = bot.service
        self.game = rules.get_game(self.game_name)
        super().__init__()

    # ----- helpers -------------------------------------------------------------------------------
    async def game_here(self, interaction: discord.Interaction) -> GameRecord:
        record = await self.service.game_in_thread(interaction.channel_id)
        if record is None:
            raise UserError("no_game_here", game=self.game_name)
        if record.game != self.game_name:
            raise UserError("other_game_here", game=record.game)
        return record

    async def board_files(self, loaded: LoadedGame, seat: int | None = None) -> list[tuple[str, bytes]]:
        view = loaded.game.view(loaded.state, seat)
        return await asyncio.to_thread(render_png, loaded.record.game, view, loaded.names())

    def lobby_text(self, record: GameRecord, locale) -> str:
        players = ", ".join(p.name for p in record.players) or "-"
        seats = record.options.get("players", self.game.max_players)
        defaults = {spec.name: spec.default for spec in self.game.options}
        options = ", ".join(f"{k}={v}" for k, v in record.options.items()
                            if k == "players" or v != defaults.get(k)) or "-"
        return t("lobby", locale, title=self.game.title, game_id=record.id, players=players,
                 count=len(record.players), seats=seats, options=options, game=self.game_name,
                 creator=f"<@{record.creator_id}>")

    # ----- lobby -------------------------------------------------------------------------------------
    @app_commands.command(name="new", description=ls("cmd.new"))
    @app_commands.describe(players=ls("param.players"))
    async def new(self, interaction: discord.Interaction,
                  players: app_commands.Range[int, 2, 4] | None = None) -> None:
        options = {} if players is None else {"players": players}
        await self.open_lobby(interaction, options)

    async def open_lobby(self, interaction: discord.Interaction, options: dict[str, Any]) -> None:
        locale = interaction.locale
        if interaction.guild is None:
            raise UserError("guild_only")
        if isinstance(interaction.channel, discord.Thread):
            raise UserError("new_in_thread")
        record = await self.service.create_lobby(
            self.game_name, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            creator_id=interaction.user.id, creator_name=interaction.user.display_name, options=options)
        await interaction.response.send_message(self.lobby_text(record, locale), view=lobby_view(record.id),
                                                allowed_mentions=ALLOWED_NO_ONE)
        message = await interaction.original_response()
        try:
            thread = await message.create_thread(name=t("thread_name", locale, title=self.game.title, game_id=record.id))
        except discord.HTTPException:
            log.warning("game %s: could not create a thread", record.id, exc_info=True)
            await self.service.cancel(record.id, interaction.user.id)
            await interaction.followup.send(t("no_thread_permission", locale), ephemeral=True)
            return
        await self.service.attach_thread(record.id, thread.id)
        await thread.send(t("thread_welcome", locale, game=self.game_name, title=self.game.title,
                            creator=f"<@{interaction.user.id}>"),
                          allowed_mentions=discord.AllowedMentions(users=True))

    @app_commands.command(name="join", description=ls("cmd.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await self.lobby_action(interaction, await self.game_here(interaction), "join", "random")

    @app_commands.command(name="leave", description=ls("cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.lobby_action(interaction, await self.game_here(interaction), "leave", "random")

    @app_commands.command(name="start", description=ls("cmd.start"))
    @app_commands.describe(seating=ls("param.seating"))
    @app_commands.choices(seating=[app_commands.Choice(name=ls("choice.seating.random"), value="random"),
                                   app_commands.Choice(name=ls("choice.seating.joined"), value="joined")])
    async def start(self, interaction: discord.Interaction, seating: str = "random") -> None:
        await self.lobby_action(interaction, await self.game_here(interaction), "start", seating)

    async def lobby_action(self, interaction: discord.Interaction, record: GameRecord, action: str, seating: str) -> None:
        locale = interaction.locale
        user = interaction.user
        if action == "join":
            record = await self.service.join(record.id, user.id, user.display_name)
            await send(interaction, t("joined", locale, name=user.display_name, count=len(record.players),
                                      seats=record.options.get("players")))
        elif action == "leave":
            record = await self.service.leave(record.id, user.id)
            await send(interaction, t("left", locale, name=user.display_name))
        else:
            # Refusals must come before deferring: after a public defer, Discord shows even an
            # "ephemeral" follow-up to everyone.
            loaded = await self.service.start(record.id, user.id, seating)
            in_thread = interaction.channel_id == loaded.record.thread_id
            await interaction.response.defer(thinking=True, ephemeral=not in_thread)
            order = ", ".join(seat_line(loaded, seat) for seat in range(len(loaded.record.players)))
            waiting_ids = [loaded.record.user_at(seat).user_id for seat in sorted(loaded.game.waiting_for(loaded.state))]
            text = t("started", locale, title=self.game.title, order=order) + "\n" + waiting_text(loaded, locale)
            text += "\n" + mention_list(waiting_ids) + "\n" + t("started_hint", locale, game=self.game_name)
            files = await self.board_files(loaded)
            if in_thread:
                await interaction.followup.send(clip(text), files=as_files(files),
                                                allowed_mentions=discord.AllowedMentions(users=True))
            else:   # the Start button on the lobby message: the game itself is told in its thread
                await self.post_in_thread(loaded.record, text, files)
                await interaction.followup.send(t("started_see_thread", locale, thread=f"<#{loaded.record.thread_id}>"),
                                                ephemeral=True)

    async def post_in_thread(self, record: GameRecord, text: str, files: list[tuple[str, bytes]],
                             view: discord.ui.View | None = None) -> None:
        thread_id = record.thread_id or record.channel_id
        channel = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await channel.send(clip(text), files=as_files(files), allowed_mentions=discord.AllowedMentions(users=True),
                           **extra)

    @app_commands.command(name="cancel", description=ls("cmd.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        await self.service.cancel(record.id, interaction.user.id)
        await send(interaction, t("cancelled", interaction.locale, game_id=record.id))

    # ----- playing ---------------------------------------------------------------------------------
    @app_commands.command(name="move", description=ls("cmd.move"))
    @app_commands.describe(text=ls("param.move_text"))
    async def move(self, interaction: discord.Interaction, text: str) -> None:
        await self.make_move(interaction, await self.game_here(interaction), text)

    @move.autocomplete("text")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            record = await self.service.game_in_thread(interaction.channel_id)
            if record is None or record.status != ACTIVE or record.game != self.game_name:
                return []
            loaded = await self.service.load(record.id)
            texts = self.service.complete(loaded, interaction.user.id, current, 25)
            seat = loaded.record.seat_of(interaction.user.id)
            labels = [self.autocomplete_label(loaded, seat, text) for text in texts]
        except Exception:   # autocomplete must answer something within 3 s, never an error
            log.exception("autocomplete failed in channel %s", interaction.channel_id)
            return []
        return [app_commands.Choice(name=clip(label, 100), value=clip(text, 100)) for text, label in zip(texts, labels)]

    def autocomplete_label(self, loaded: LoadedGame, seat: int, text: str) -> str:
        """What autocomplete shows for a suggested move (the value sent is ``text``)."""
        return text

    async def make_move(self, interaction: discord.Interaction, record: GameRecord, text: str,
                        *, announce_separately: bool = False) -> None:
        """Validate and store a move (and the automatic answers it triggers), then show the
        new board in the game's thread."""
        loaded_before = await self.service.load(record.id)
        seat = loaded_before.record.seat_of(interaction.user.id)
        secret = seat is not None and self._is_secret(loaded_before, seat, text)
        # Store first (fast), defer after: a refusal then stays private, and only the slow
        # part (standing orders, rendering) runs after the defer.  A secret choice is
        # confirmed privately; the thread only learns that it was made.
        outcomes = [await self.service.submit(record.id, interaction.user.id, text, interaction.id)]
        await interaction.response.defer(thinking=True, ephemeral=secret or announce_separately)
        outcomes += await self.run_automatic_moves(outcomes[-1])
        announcement, files = await self.announcement(outcomes, interaction.locale)
        extra: dict[str, Any] = {}
        if (buttons := self.choice_buttons(outcomes[-1].loaded)) is not None:
            extra["view"] = buttons
        if secret or announce_separately:
            await interaction.followup.send(clip(t("move_private_ok", interaction.locale, move=outcomes[0].move_text)),
                                            ephemeral=True)
            await self.post_in_thread(outcomes[-1].loaded.record, announcement, files, extra.get("view"))
        else:
            await interaction.followup.send(clip(announcement), files=as_files(files),
                                            allowed_mentions=discord.AllowedMentions(users=True), **extra)

    def quick_choices(self, loaded: LoadedGame) -> tuple[int, list[str]] | None:
        """(seat, up to 5 move texts) to offer as public buttons under the announcement.
        Only for choices that reveal nothing (the buttons are seen by everyone)."""
        return None

    def choice_buttons(self, loaded: LoadedGame) -> discord.ui.View | None:
        choices = self.quick_choices(loaded)
        if not choices or not 0 < len(choices[1]) <= 5:
            return None
        view = discord.ui.View(timeout=None)
        for index, text in enumerate(choices[1]):
            view.add_item(MoveButton(loaded.record.id, loaded.record.ply, index, text))
        return view

    async def automatic_move(self, loaded: LoadedGame) -> tuple[int, str, str] | None:
        """A move the bot makes for a waiting player by their standing instructions (seat,
        move text, reason shown in the thread), e.g. Gaia's charge policy.  None: ask them."""
        return None

    async def run_automatic_moves(self, outcome: MoveOutcome, limit: int = 50) -> list[MoveOutcome]:
        done: list[MoveOutcome] = []
        for _ in range(limit):   # a bound, in case two policies kept answering each other
            if outcome.finished:
                break
            automatic = await self.automatic_move(outcome.loaded)
            if automatic is None:
                break
            seat, text, reason = automatic
            player = outcome.loaded.record.user_at(seat)
            try:
                outcome = await self.service.submit(outcome.loaded.record.id, player.user_id, text, None)
            except UserError as error:
                log.warning("game %s: automatic move %r for seat %s refused: %s",
                            outcome.loaded.record.id, text, seat, error.key)
                break
            outcome.automatic_reason = reason
            done.append(outcome)
        return done

    def _is_secret(self, loaded: LoadedGame, seat: int, text: str) -> bool:
        try:
            move = loaded.game.parse_move(loaded.state, seat, text)
            shown = loaded.game.format_move(move)
        except rules.IllegalMove:
            return False
        return loaded.game.redact_move(loaded.state, seat, shown) != shown

    async def announcement(self, outcomes: list[MoveOutcome], locale) -> tuple[str, list[tuple[str, bytes]]]:
        last = outcomes[-1].loaded
        lines = []
        for outcome in outcomes:
            # redacted as of now, like /log: a secret revealed by a later move may be shown
            shown = last.game.redact_move(last.state, outcome.seat, outcome.move_text)
            line = t("move_done", locale, ply=outcome.ply, player=seat_line(outcome.loaded, outcome.seat), move=shown)
            if outcome.automatic_reason:
                line += " " + t("automatic_move", locale, reason=outcome.automatic_reason)
            lines.append(line)
        if outcomes[-1].finished:
            lines.append(await self.final_text(last, locale))
        else:
            lines.append(waiting_text(last, locale))
            newly = set().union(*(o.newly_waiting_seats for o in outcomes)) & outcomes[-1].waiting_seats
            if newly:
                lines.append(mention_list([last.record.user_at(seat).user_id for seat in sorted(newly)]))
        return "\n".join(line for line in lines if line), await self.board_files(last)

    async def final_text(self, loaded: LoadedGame, locale) -> str:
        standings = await self.service.standings(loaded)
        rows = []
        for place, standing in enumerate(standings, 1):
            mark = " 🏆" if standing.winner else (" " + t("resigned_mark", locale) if standing.resigned else "")
            rows.append(f"{place}. {standing.name} ({loaded.game.seat_label(loaded.state, standing.seat)}): "
                        f"{standing.score}{mark}")
        return t("game_over_standings", locale) + "\n" + "\n".join(rows)

    @app_commands.command(name="board", description=ls("cmd.board"))
    @app_commands.describe(public=ls("param.public"))
    async def board(self, interaction: discord.Interaction, public: bool = False) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.load(record.id)
        await interaction.response.defer(thinking=True, ephemeral=not public)
        await interaction.followup.send(clip(t("board_caption", interaction.locale, title=self.game.title,
                                               game_id=record.id, ply=loaded.record.ply) + "\n" +
                                             waiting_text(loaded, interaction.locale)),
                                        files=as_files(await self.board_files(loaded)), ephemeral=not public,
                                        allowed_mentions=ALLOWED_NO_ONE)

    @app_commands.command(name="status", description=ls("cmd.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        locale = interaction.locale
        if record.status == LOBBY:
            await send(interaction, self.lobby_text(record, locale), ephemeral=True)
            return
        loaded = await self.service.load(record.id)
        lines = [t("status_header", locale, title=self.game.title, game_id=record.id, status=record.status,
                   ply=record.ply)]
        scores = loaded.game.scores(loaded.state)
        lines += [f"- {seat_line(loaded, seat)}: {scores[seat]}" for seat in range(len(scores))]
        lines += loaded.game.status_lines(loaded.game.view(loaded.state, None))
        if record.status == ACTIVE:
            lines.append(waiting_text(loaded, locale))
        else:
            lines.append(await self.final_text(loaded, locale))
        lines += await self.extra_status_lines(loaded, locale)
        await send(interaction, "\n".join(line for line in lines if line), ephemeral=True)

    async def extra_status_lines(self, loaded: LoadedGame, locale) -> list[str]:
        """Game cogs add lines here (e.g. each player's automatic choices)."""
        return []

    @app_commands.command(name="hand", description=ls("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.load(record.id)
        seat = loaded.record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("not_seated")
        lines = loaded.game.private_lines(loaded.game.view(loaded.state, seat), seat) or [t("nothing_private", interaction.locale)]
        view = None
        if record.status == ACTIVE and seat in loaded.game.waiting_for(loaded.state):
            texts = await self.service.legal_move_texts(loaded, seat, 26)
            if 0 < len(texts) <= 25:
                view = discord.ui.View(timeout=None)
                view.add_item(MoveSelect(record.id, loaded.record.ply, texts))
        await send(interaction, "\n".join(lines), ephemeral=True, view=view)

    @app_commands.command(name="log", description=ls("cmd.log"))
    @app_commands.describe(count=ls("param.log_count"))
    async def log_command(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 15) -> None:
        record = await self.game_here(interaction)
        if record.status == LOBBY:
            raise UserError("not_started")
        count = max(1, min(50, count))   # Range is only advertised; a raw payload may carry anything
        loaded = await self.service.load(record.id)
        entries = await self.service.recent_log(record.id, count)
        lines = []
        for entry in entries:
            who = seat_line(loaded, entry.seat) if entry.seat is not None else "-"
            # an undo entry carries the text of the move it took back: as secret as that move
            text = loaded.game.redact_move(loaded.state, entry.seat, entry.text) if entry.kind in ("move", "undo") \
                else entry.text
            label = "" if entry.kind == "move" else f"[{entry.kind}] "
            lines.append(f"{entry.ply:>4}. {who}: {label}{text}")
        budget = CONTENT_LIMIT - 8   # the code fence
        while len(lines) > 1 and len("\n".join(lines)) > budget:
            lines.pop(0)   # too long for one message: the newest entries matter most
        body = "\n".join(lines) or t("log_empty", interaction.locale)
        await send(interaction, "```\n" + clip(body, budget) + "\n```", ephemeral=True)

    @app_commands.command(name="undo", description=ls("cmd.undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.undo(record.id, interaction.user.id, interaction.id)
        await interaction.response.defer(thinking=True)
        seat = loaded.record.seat_of(interaction.user.id)
        text = t("undone", interaction.locale, player=seat_line(loaded, seat)) + "\n" + waiting_text(loaded, interaction.locale)
        await interaction.followup.send(clip(text), files=as_files(await self.board_files(loaded)),
                                        allowed_mentions=ALLOWED_NO_ONE)

    @app_commands.command(name="resign", description=ls("cmd.resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.resign(record.id, interaction.user.id, interaction.id)
        await interaction.response.defer(thinking=True)
        text = t("resigned", interaction.locale, name=interaction.user.display_name) + "\n" + \
            await self.final_text(loaded, interaction.locale)
        await interaction.followup.send(clip(text), allowed_mentions=ALLOWED_NO_ONE)

    @app_commands.command(name="substitute", description=ls("cmd.substitute"))
    @app_commands.describe(old=ls("param.old"), new=ls("param.new"))
    async def substitute(self, interaction: discord.Interaction, old: discord.Member, new: discord.Member) -> None:
        record = await self.game_here(interaction)
        if new.bot:
            raise UserError("substitute_bot")
        await self.service.substitute(record.id, interaction.user.id, is_moderator(interaction), old.id, new.id,
                                      new.display_name)
        await send(interaction, t("substituted", interaction.locale, old=f"<@{old.id}>", new=f"<@{new.id}>"),
                   mentions=discord.AllowedMentions(users=[new]))

    @app_commands.command(name="abandon", description=ls("cmd.abandon"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        await self.service.abandon(record.id, interaction.user.id, is_moderator(interaction))
        await send(interaction, t("abandoned", interaction.locale, game_id=record.id))
