"""The commands every game shares.  A game's cog subclasses :class:`GameCog` with its
``group_name`` and only adds what is specific to that game."""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import inspect
import io
import json
import logging
import re
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable, ClassVar, Mapping, Optional, Self, Sequence

import discord
from discord import app_commands
from discord.ext import commands

import rules
from rules.base import OptionSpec, PreferenceSpec
from rules.messages import LANGUAGES, Join, Msg, fold_word, from_json, has_key, language_of, mentions, render

from .. import lookup
from ..i18n import ls, t, tr
from ..service import (HOST_OPTIONS, BoardPart, LoadedGame, MoveOutcome, UserError, game_language, is_computer_id,
                       name_text, render_parts)
from ..storage import ACTIVE, LOBBY, GameRecord, LogEntry, PlayerRecord, ShownImage, StorageError

if TYPE_CHECKING:
    from ..app import BoardGameBot

log = logging.getLogger(__name__)
CONTENT_LIMIT = 2000
IMAGE_CACHE_SIZE = 128     # rendered positions kept (a few per active game)
# What the bot needs in a channel to host a game there (checked before a lobby opens).
GAME_PERMISSIONS = ("view_channel", "send_messages", "create_public_threads", "send_messages_in_threads",
                    "attach_files", "read_message_history")
ALLOWED_NO_ONE = discord.AllowedMentions.none()


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """``text`` within ``limit`` characters: cut after a whole word when one ends in the last
    quarter (an autocomplete label cut mid-word reads as a typo), and marked with "…"."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit * 3 // 4:
        cut = cut[:space].rstrip(" ,;:·(–-")
    return cut + "…"


def as_files(files: list[tuple[str, bytes]]) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in files]


class BoardPost(list[tuple[str, bytes]]):
    """The images a thread post attaches, and what the thread shows once it is posted:
    ``shown`` maps each attached image's position to the digest of its pixels.
    :meth:`GameCog.post_in_thread` and :meth:`GameCog.reply_and_ping` record them with the
    message that carried them, so the next post can leave out what did not change."""

    def __init__(self, files: list[tuple[str, bytes]], game_id: int, shown: dict[int, str]):
        super().__init__(files)
        self.game_id = game_id
        self.shown = shown


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}/{message_id}"


def ping_text(loaded: LoadedGame | None, ping_ids: list[int], language: str) -> str:
    """The ping: "your turn", or what the pinged players must decide when the game says so
    (``decision_prompt``: a reaction window, a choice owed outside the turn)."""
    prompt = loaded.game.decision_prompt(loaded.state) if loaded is not None else None
    many = "_many" if len(ping_ids) > 1 else ""    # "ti következtek" for several players
    if prompt is None:
        return t("turn_ping" + many, language, mentions=mention_list(ping_ids))
    return t("decision_ping" + many, language, mentions=mention_list(ping_ids), what=prompt)


def mention_list(user_ids: list[int]) -> str:
    return " ".join(f"<@{user_id}>" for user_id in user_ids)


def pings(user_ids: list[int]) -> discord.AllowedMentions:
    """Exactly these users may be notified: never a role or @everyone (texts carry display
    names users choose, which may look like role mentions)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user_id) for user_id in user_ids])


def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Threads or Manage Server, server-wide or given in this channel by a permission
    override (``interaction.permissions`` is what Discord resolved for the channel)."""
    for permissions in (getattr(interaction, "permissions", None), getattr(interaction.user, "guild_permissions", None)):
        if permissions is not None and (permissions.manage_threads or permissions.manage_guild):
            return True
    return False


class LongValues:
    """Discord carries at most 100 characters in an autocomplete or menu value, but some
    moves are longer (a Gaia federation: 104).  Such a move is offered as a short token
    ("~" and 16 hex digits of its hash) and the token is turned back into the move when it
    comes back.  Tokens live in this process (the latest ``size``); one from before a
    restart is refused with a request to pick the move again, never guessed."""

    PREFIX = "~"

    def __init__(self, size: int = 20_000):
        self.size = size
        self._texts: OrderedDict[str, str] = OrderedDict()

    def value_for(self, text: str) -> str:
        if len(text) <= 100 and not text.startswith(self.PREFIX):
            return text
        token = self.PREFIX + hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()
        self._texts[token] = text
        self._texts.move_to_end(token)
        while len(self._texts) > self.size:
            self._texts.popitem(last=False)
        return token

    def resolve(self, value: str) -> str:
        if not re.fullmatch(r"~[0-9a-f]{16}", value.strip()):
            return value
        try:
            return self._texts[value.strip()]
        except KeyError:
            raise UserError("move_value_expired") from None


LONG_VALUES = LongValues()


# Discord drops an interaction not answered within 3 s of its creation: a move that is not
# stored by then (a busy game or database) is answered first.
FIRST_ANSWER_SECONDS = 2.0


def first_answer_budget(interaction: discord.Interaction) -> float:
    """Seconds left before the first answer must go out (of FIRST_ANSWER_SECONDS, counted
    from the interaction's creation as far as the clocks agree)."""
    elapsed = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return max(0.2, FIRST_ANSWER_SECONDS - min(max(elapsed, 0.0), FIRST_ANSWER_SECONDS))


class FirstAnswer:
    """Watches an interaction's first answer: if the work before it (reading the game,
    storing the move) is still running when the budget is spent, a private "thinking" answer
    goes out, so a busy game or database never costs the interaction.  The normal path asks
    :meth:`defer` instead; one lock keeps the two from both answering."""

    def __init__(self, interaction: discord.Interaction):
        self.interaction = interaction
        self.lock = asyncio.Lock()
        self.early = False          # the watchdog answered (privately) before the work was done
        self.alive = True           # False: Discord refused the first answer (too late)
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def of(cls, interaction: discord.Interaction) -> "FirstAnswer":
        """The interaction's watchdog, started on first use."""
        answer = interaction.extras.get("first_answer")
        if answer is None:
            answer = interaction.extras["first_answer"] = cls(interaction)
            answer._timer = asyncio.get_running_loop().call_later(first_answer_budget(interaction), answer._fire)
        return answer

    def _fire(self) -> None:
        """The budget is spent: answer now.  A timer until then, a task only from here on:
        nearly every interaction stops its watchdog before, and a timer costs the event loop
        less than a task started and cancelled for every command (issue 26)."""
        self._timer = None
        self._task = asyncio.create_task(self._answer_early(), name=f"first-answer-{self.interaction.id}")

    async def _answer_early(self) -> None:
        async with self.lock:
            if not self.interaction.response.is_done():
                self.early = True
                self.alive = await defer_in_time(self.interaction, ephemeral=True)

    async def defer(self, *, ephemeral: bool) -> bool:
        """Defer now unless the watchdog did; True when the interaction can still be answered."""
        self.stop()
        async with self.lock:
            if self.early or self.interaction.response.is_done():
                return self.alive
            self.alive = await defer_in_time(self.interaction, ephemeral=ephemeral)
            return self.alive

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is not None and not self.lock.locked():
            self._task.cancel()


async def defer_in_time(interaction: discord.Interaction, *, ephemeral: bool) -> bool:
    """Defer ("thinking"); False when the interaction is gone (10062: answered too late) or
    was answered already: the caller then tells the thread with the bot's own token."""
    try:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        return True
    except discord.NotFound:
        log.warning("interaction %s expired before its first answer", interaction.id)
    except discord.HTTPException as error:
        log.warning("interaction %s could not be deferred: %s", interaction.id, error)
    return False


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


def user_language(interaction: discord.Interaction) -> str:
    """Replies only this user sees are in their client's language."""
    return language_of(interaction.locale)


def player_name(player: PlayerRecord | None, language: str) -> str:
    """A player's name for a reader: a computer's in the reader's language ("Számítógép 1")."""
    return name_text(player, language)


def lobby_option_name(name: str, language: str) -> str:
    """An option as a lobby lists it: its label ("automatic income"), and where the name one
    types in the lobby command differs from it, that name once ("automatic income
    (`auto_income`)", "first game (`first_game`)"), so the lobby's words can be typed back
    (newcomer H-2; report 2026-11-28b H-1: "first game" alone did not say to type
    ``first_game``)."""
    typed = t(f"name.{name}", language) if has_key(f"name.{name}") else name
    if not has_key(f"option_label.{name}"):
        return typed
    label = t(f"option_label.{name}", language)
    return label if label == typed else t("option_named", language, label=label, option=typed)


def info_head(found: rules.Component, language: str) -> str:
    """/info's heading: the name, its kind and its code, each said once ("**BI-1c technológia**",
    not "BI-1c technológia (technológia, `BI-1c`)", report 27g P-9): a code the name shows as a
    word of its own, as it is typed, is not repeated, nor a kind the name already says."""
    name, kind, code = tr(found.name, language), t(found.kind, language), render(found.shown_code(), language)
    has_code = re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", name) is not None   # as it is typed
    has_kind = kind.casefold() in name.casefold()
    key = {(False, False): "info_head", (False, True): "info_head_code",
           (True, False): "info_head_kind", (True, True): "info_head_bare"}[has_code, has_kind]
    return t(key, language, name=name, kind=kind, id=code)


def seat_line(loaded: LoadedGame, seat: int, language: str) -> str:
    name = player_name(loaded.record.user_at(seat), language)
    return t("seat_line", language, name=name, label=loaded.game.seat_label(loaded.state, seat))


def waiting_text(loaded: LoadedGame, language: str, shown: Sequence[Msg] = ()) -> str:
    """Whom the game waits for, and what when it is not a plain turn start (``waiting_hint``).
    ``shown``: the game's status lines printed above it (``/status``): a step one of them
    names already (the same message, e.g. "now: the Research draws") is said there once, and
    this line names whom only."""
    if loaded.record.status != ACTIVE:   # resigned or abandoned games wait for nobody
        return ""
    seats = sorted(loaded.game.waiting_for(loaded.state))
    if not seats:
        return ""
    players = ", ".join(seat_line(loaded, seat, language) for seat in seats)
    hint = loaded.game.waiting_hint(loaded.state)     # what is awaited within a turn (public)
    if hint is None or any(mentions(line, hint) for line in shown):
        return t("waiting_for", language, players=players)
    return t("waiting_for_what", language, players=players, what=hint)


def move_words(loaded: LoadedGame, seat: int, text: str, language: str, *, secret_shown: bool = False,
               label: bool = False, own: bool = False) -> str:
    """A stored move as a reader reads it: a secret choice redacted (unless ``secret_shown``:
    its maker reading it), the rest in words of the reader's language, in full (``full_phrase``:
    a thread line, the log) or as a label says it (``label``: ``move_phrase``, fitted to
    Discord's label limits); the notation itself only where the game has no phrase for it.
    ``own``: told to the mover as the choice they made, in full but in their menu's words
    ("Build a mine on 1A5", not the thread's "builds a mine on 1A5")."""
    game = loaded.game
    voice = label or own
    shown: str | Msg = text if secret_shown else game.redact_move(loaded.state, seat, text)
    if isinstance(shown, Msg):
        return tr(shown, language, label=voice)
    phrase = (game.move_phrase if label else game.full_phrase)(loaded.state, seat, shown)
    return tr(phrase, language, label=voice) if phrase is not None else shown


def move_label(loaded: LoadedGame, seat: int, text: str, language: str) -> str:
    """A suggested move as its chooser reads it on one line (autocomplete, a button, the
    console's ``?`` list): the move in words, then what it does unless that says the same."""
    return move_labels(loaded, seat, [text], language)[0]


def move_labels(loaded: LoadedGame, seat: int, texts: Sequence[str], language: str) -> list[str]:
    """:func:`move_label` of each of a list's moves, the list's descriptions joined one way:
    where one move's words have a colon of their own, every description of the list goes in
    brackets (or after a dash), not some after a colon and some in brackets ("no research step
    (-6 c, -6 o)" beside "research: terra (-6 c, -4 o)")."""
    described = [_described(loaded, seat, text, language) for text in texts]
    apart = any(":" in words for words, description, said in described if description is not None)
    return [words if description is None or said is None else
            tr(with_description(words, description, said, apart), language, label=True)
            for words, description, said in described]


def menu_option(loaded: LoadedGame, seat: int, text: str, language: str) -> tuple[str, str | None]:
    """A suggested move as a select menu's option: the move in words (the option's label) and
    what it does (its description, the grey line Discord shows under the label), each within
    Discord's 100 characters; None where the move says it all (see :func:`move_label`)."""
    words, _description, said = _described(loaded, seat, text, language)
    return clip(words, 100), clip(said, 100) if said else None


def _described(loaded: LoadedGame, seat: int, text: str, language: str) -> tuple[str, Msg | None, str | None]:
    """A suggested move's words, what it does (``describe_move``) and that as the reader reads
    it; no description where there is none or it repeats the words (never the same thing twice)."""
    words = move_words(loaded, seat, text, language, secret_shown=True, label=True)
    description = loaded.game.describe_move(loaded.state, seat, text)
    if description is None:
        return words, None, None
    said = tr(description, language, label=True)
    if said.casefold() in words.casefold():
        return words, None, None
    return words, description, said


def with_description(words: str, description: Msg | str, said: str, apart: bool = False) -> Msg:
    """A move's words and what it does (``said``: the description as the reader reads it) as
    one label with one colon at most: after a colon-free move, a colon ("Build a mine on 1A5:
    -2 ore"); after a move whose words already have one (a label's head, "Válaszd ezt a fajt:
    Terranok"), or any move of a list where one has (``apart``), the description in
    parentheses, or after a dash where the words end in a parenthesis or the description has
    one (no brackets in brackets)."""
    if ":" not in words and not apart:
        return Msg("move_with_description", move=words, description=description)
    if words.endswith(")") or "(" in said:
        return Msg("move_with_description_dash", move=words, description=description)
    return Msg("move_with_description_aside", move=words, description=description)


def score_line(loaded: LoadedGame, seat: int, score: int, language: str,
               breakdown: list[list[Any]] | None) -> str:
    """One player's score on one line, with its parts when the game explains it
    ("alice (Blue): 42 = goals 12, stations 8, track penalty -3")."""
    player = seat_line(loaded, seat, language)
    parts = breakdown[seat] if breakdown is not None and seat < len(breakdown) else []
    shown = [part for part in parts if part.points]
    if not shown:
        return t("score_row", language, player=player, score=score)
    return t("score_row_parts", language, player=player, score=score,
             parts=Join([Msg("score_part", label=part.label, points=part.points) for part in shown]))


def _option_annotation(spec: OptionSpec) -> Any:
    if spec.kind == "int":
        return Optional[app_commands.Range[int, spec.min if spec.min is not None else 0,
                                           spec.max if spec.max is not None else 10_000]]
    if spec.kind == "bool":
        return Optional[bool]
    return Optional[str]


def lobby_command(game_name: str, specs: tuple[OptionSpec, ...]) -> app_commands.Command[Any, ..., None]:
    """The ``new`` command of a game, its options generated from the game's option specs and
    the host's (language, decision deadline): declared once, in the rules."""
    async def new(self: "GameCog", interaction: discord.Interaction, **options: Any) -> None:
        await self.open_lobby(interaction, {name: value for name, value in options.items() if value is not None})

    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                  inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    parameters += [inspect.Parameter(spec.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                     annotation=_option_annotation(spec)) for spec in specs]
    new.__signature__ = inspect.Signature(parameters)   # type: ignore[attr-defined]
    new.__qualname__ = f"{game_name}.new"
    new = app_commands.describe(**{spec.name: ls(spec.description) for spec in specs})(new)
    choices = {spec.name: [app_commands.Choice(name=ls(spec.choice_key(choice)), value=choice)
                           for choice in spec.choices] for spec in specs if spec.kind == "choice"}
    if choices:
        new = app_commands.choices(**choices)(new)
    return app_commands.Command(name="new", description=ls("cmd.new"), callback=new)


@dataclass(frozen=True)
class StandingOrder:
    """A game's standing-order command, generated from the rules' preference specs as ``new``
    is from the option specs: ``command`` is its name, ``prefs`` the name of the
    :class:`~rules.base.PreferenceSpec` it sets, or, with ``which``, the common start of several
    (``autopass`` sets ``autopass_EG-HACK`` ...: a ``which`` parameter chooses the one).

    Everything else follows from the specs and one naming pattern of the host catalogue, with
    ``<g>`` the game: description ``cmd.<g>_<command>``; a ``policy`` parameter (``param.<g>_policy``)
    offering the spec's choices (``choice.<g>_policy.<choice>``); for a spec with a ``max``, an
    optional ``max`` (``param.<g>_policy_max``, 1..max), required by the choices whose description
    takes the number (``<description>.<choice>_n``: ``<g>_policy_needs_max``, out of range
    ``<g>_bad_policy_max``); ``which`` labelled ``<g>.<which>.<value>`` (``param.<g>_<which>``,
    refused with ``<g>_bad_<which>``); a policy not offered is refused with ``<g>_bad_policy``;
    the saved order is confirmed with ``<g>_policy_saved``."""

    command: str
    prefs: str
    which: str = ""

    def specs(self, preferences: tuple[PreferenceSpec, ...]) -> dict[str, PreferenceSpec]:
        """The specs this command sets, by the value that picks each (``""`` without ``which``)."""
        if not self.which:
            return {"": spec for spec in preferences if spec.name == self.prefs}
        start = self.prefs + "_"
        return {spec.name[len(start):]: spec for spec in preferences if spec.name.startswith(start)}


def _needs_number(spec: PreferenceSpec, choice: str) -> bool:
    """Whether ``choice`` of ``spec`` is described with its number ("up to 3 power")."""
    return bool(spec.max) and has_key(f"{spec.description}.{choice}_n")


def standing_order_command(game_name: str, order: StandingOrder,
                           preferences: tuple[PreferenceSpec, ...]) -> app_commands.Command[Any, ..., None]:
    """The command that stores one standing order of the user (see :class:`StandingOrder`)."""
    specs = order.specs(preferences)
    if not specs:
        raise ValueError(f"{game_name} declares no preference {order.prefs!r} for /{order.command}")
    first = next(iter(specs.values()))
    if any(spec.choices != first.choices or spec.max != first.max for spec in specs.values()):
        raise ValueError(f"/{game_name} {order.command}: its preferences differ in choices")
    keys = f"{game_name}_policy"

    async def callback(self: "GameCog", interaction: discord.Interaction, **given: Any) -> None:
        which = given.get(order.which, "") if order.which else ""
        spec = specs.get(which) if isinstance(which, str) else None
        if spec is None:                    # Discord only advertises the choices: check them again
            raise UserError(f"{game_name}_bad_{order.which}", allowed=", ".join(specs))
        policy, number = given.get("policy"), given.get("max")
        if policy not in spec.choices:
            raise UserError(f"{game_name}_bad_policy", allowed=", ".join(spec.choices))
        stored: dict[str, Any] = {"choice": policy}
        if spec.max:
            if number is not None and not 1 <= number <= spec.max:
                raise UserError(f"{game_name}_bad_policy_max")
            if number is None and _needs_number(spec, policy):
                raise UserError(f"{keys}_needs_max")
            stored["max"] = number or 1
        await self.save_preference(interaction, spec, stored, f"{keys}_saved")

    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                  inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    described = {"policy": ls(f"param.{keys}")}
    choices = {"policy": [app_commands.Choice(name=ls(f"choice.{keys}.{choice}"), value=choice)
                          for choice in first.choices]}
    if order.which:
        parameters.append(inspect.Parameter(order.which, inspect.Parameter.KEYWORD_ONLY, annotation=str))
        described[order.which] = ls(f"param.{game_name}_{order.which}")
        choices[order.which] = [app_commands.Choice(name=ls(f"{game_name}.{order.which}.{value}"), value=value)
                                for value in specs]
    parameters.append(inspect.Parameter("policy", inspect.Parameter.KEYWORD_ONLY, annotation=str))
    if first.max:
        parameters.append(inspect.Parameter("max", inspect.Parameter.KEYWORD_ONLY, default=None,
                                            annotation=Optional[app_commands.Range[int, 1, first.max]]))
        described["max"] = ls(f"param.{keys}_max")
    callback.__signature__ = inspect.Signature(parameters)   # type: ignore[attr-defined]
    callback.__qualname__ = f"{game_name}.{order.command}"
    callback = app_commands.describe(**described)(callback)
    callback = app_commands.choices(**choices)(callback)
    return app_commands.Command(name=order.command, description=ls(f"cmd.{game_name}_{order.command}"),
                                callback=callback)


async def report_component_error(interaction: discord.Interaction, error: Exception) -> None:
    """Buttons and menus do not pass through the command tree's error handler."""
    await interaction.client.on_app_command_error(interaction, error)  # type: ignore[attr-defined]


async def move_from_component(interaction: discord.Interaction, game_id: int, ply: int,
                              chosen: Callable[["GameCog", GameRecord], Awaitable[str]]) -> None:
    """Menus and buttons made for one position: refuse them once the game moved on, else
    make the chosen move (confirmed privately, announced in the thread)."""
    bot: BoardGameBot = interaction.client  # type: ignore[assignment]
    answer = FirstAnswer.of(interaction)
    try:
        record = await bot.service.record(game_id)
        if record.ply != ply:
            raise UserError("menu_outdated")
        cog = bot.game_cog(record.game)
        # the ply is checked again inside the game's lock: a double click applies once
        await cog.make_move(interaction, record, await chosen(cog, record), announce_separately=True,
                            expected_ply=ply)
    except Exception as error:  # noqa: BLE001 - a component's top-level guard: every error answered
        answer.stop()
        await report_component_error(interaction, error)
    finally:
        answer.stop()


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"lobby:(?P<action>join|leave|start|computer):(?P<game_id>\d{1,15})"):
    """Join/leave/start and "Add a computer" (the creator's, issue 29) buttons on the lobby
    message; they keep working after a restart."""

    def __init__(self, action: str, game_id: int, language: str = "en"):
        styles = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                  "start": discord.ButtonStyle.primary, "computer": discord.ButtonStyle.secondary}
        super().__init__(discord.ui.Button(label=t(f"button.{action}", language), style=styles[action],
                                           custom_id=f"lobby:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(match["action"], int(match["game_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BoardGameBot = interaction.client  # type: ignore[assignment]
        try:
            record = await bot.service.record(self.game_id)
            await bot.game_cog(record.game).lobby_action(interaction, record, self.action, "random")
        except Exception as error:  # noqa: BLE001 - a component's top-level guard: every error answered
            await report_component_error(interaction, error)


class StaleComponent(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"(?!lobby:(?:join|leave|start|computer):\d{1,15}$)(?!move:\d{1,15}:\d{1,9}$)"
                     r"(?!mvb:\d{1,15}:\d{1,9}:\d$)(?!confirm:(?:resign|abandon):\d{1,15}:\d{1,20}$)"
                     r"(?:lobby|move|mvb|confirm):.*"):
    """Any other custom id of ours (tampered, or from an older version): answered with a
    refusal instead of silence.  The pattern excludes the real ones."""

    def __init__(self, custom_id: str = "lobby:x"):
        super().__init__(discord.ui.Button(label="-", custom_id=custom_id[:100]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await report_component_error(interaction, UserError("menu_outdated"))


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                    template=r"confirm:(?P<action>resign|abandon):(?P<game_id>\d{1,15}):(?P<user_id>\d{1,20})"):
    """"Yes, really" under a resign or abandon request; only the user who asked can press it."""

    def __init__(self, action: str, game_id: int, user_id: int, language: str = "en"):
        super().__init__(discord.ui.Button(label=t(f"button.confirm_{action}", language),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"confirm:{action}:{game_id}:{user_id}"))
        self.action, self.game_id, self.user_id = action, game_id, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(match["action"], int(match["game_id"]), int(match["user_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: BoardGameBot = interaction.client  # type: ignore[assignment]
        try:
            if interaction.user.id != self.user_id:
                raise UserError("not_your_button")
            record = await bot.service.record(self.game_id)
            await bot.game_cog(record.game).confirmed(interaction, record, self.action)
        except Exception as error:  # noqa: BLE001 - a component's top-level guard: every error answered
            await report_component_error(interaction, error)


def lobby_view(game_id: int, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "computer"):
        view.add_item(LobbyButton(action, game_id, language))
    return view


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"move:(?P<game_id>\d{1,15}):(?P<ply>\d{1,9})"):
    """A menu of legal moves (when there are few), offered with private information."""

    def __init__(self, game_id: int, ply: int, options: list[str] | None = None,
                 labels: Sequence[tuple[str, str | None]] | None = None, language: str = "en"):
        options = options or ["-"]
        labels = labels or [(text, None) for text in options]
        # each option's label and, on a line of its own, its description (None: none sent;
        # Discord refuses an empty one)
        choices = [discord.SelectOption(label=clip(label, 100), value=LONG_VALUES.value_for(text),
                                        description=clip(description, 100) if description else None)
                   for text, (label, description) in zip(options, labels)]
        super().__init__(discord.ui.Select(custom_id=f"move:{game_id}:{ply}", placeholder=t("select.move", language),
                                           options=choices[:25]))
        self.game_id = game_id
        self.ply = ply

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(int(match["game_id"]), int(match["ply"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def chosen(cog: "GameCog", record: GameRecord) -> str:
            data: Mapping[str, Any] = interaction.data or {}
            values = data.get("values") or []
            if not values:
                raise UserError("empty_move")
            return str(values[0])

        await move_from_component(interaction, self.game_id, self.ply, chosen)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"mvb:(?P<game_id>\d{1,15}):(?P<ply>\d{1,9}):(?P<index>\d)"):
    """One of a few public choices (e.g. accept or decline a power charge), shown as buttons
    under the move announcement.  The choice is looked up again when clicked."""

    def __init__(self, game_id: int, ply: int, index: int, label: str = "-"):
        super().__init__(discord.ui.Button(label=clip(label, 80), custom_id=f"mvb:{game_id}:{ply}:{index}",
                                           style=discord.ButtonStyle.primary if index == 0 else discord.ButtonStyle.secondary))
        self.game_id, self.ply, self.index = game_id, ply, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(int(match["game_id"]), int(match["ply"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def chosen(cog: "GameCog", record: GameRecord) -> str:
            choices = cog.quick_choices(await cog.service.load(record.id))
            if choices is None or self.index >= len(choices[1]):
                raise UserError("menu_outdated")
            return choices[1][self.index]

        await move_from_component(interaction, self.game_id, self.ply, chosen)


def stored_news(loaded: LoadedGame, entry: LogEntry) -> list[Msg]:
    """The public news stored with a logged move (what it did, as the thread said it), in the
    game's present words: a move stored by older rules has its news re-derived
    (``Game.stored_events``).  None stored (another kind of entry, or a move stored before
    news were kept): none."""
    if not entry.news:
        return []
    stored = [from_json(news) for news in json.loads(entry.news)]
    return stored if entry.seat is None else loaded.game.stored_events(entry.seat, entry.text, stored)


class GameCog(commands.GroupCog):
    """Shared lobby, move and information commands.  Subclass with
    ``class XCog(GameCog, group_name="x", group_description=...)`` and set ``game_name``;
    a game without special commands needs no cog of its own (see :func:`cog_class`).

    Languages: replies only one user sees are in that user's client language; posts in the
    game's thread and board images in the game's language (a lobby option)."""

    game_name: ClassVar[str] = ""
    #: The lobby command, generated per game from its option specs (see ``__init_subclass__``).
    new: ClassVar[app_commands.Command[Any, ..., None]]
    #: The game's standing-order commands, generated from its preference specs (``__init_subclass__``).
    standing_orders: ClassVar[tuple[StandingOrder, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game_name and "new" not in cls.__dict__ and cls.game_name in rules.available_games():
            game = rules.get_game(cls.game_name)
            cls.new = lobby_command(cls.game_name, tuple(spec for spec in game.options if spec.lobby)
                                    + HOST_OPTIONS)
        if cls.game_name and "standing_orders" in cls.__dict__:
            preferences = tuple(rules.get_game(cls.game_name).preferences)
            for order in cls.standing_orders:
                setattr(cls, f"standing_{order.command}",
                        standing_order_command(cls.game_name, order, preferences))

    def __init__(self, bot: "BoardGameBot"):
        self.bot = bot
        self.service = bot.service
        self.game = rules.get_game(self.game_name)
        super().__init__()
        # Games live in server threads: the commands are not offered in DMs at all.
        group = self.__cog_app_commands_group__
        if group is not None:
            group.guild_only = True
            group.allowed_contexts = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)

    # ----- helpers -------------------------------------------------------------------------------
    async def game_here(self, interaction: discord.Interaction) -> GameRecord:
        record = await self.service.game_in_thread(interaction.channel_id)
        if record is None:
            raise UserError("no_game_here", game=self.game_name)
        if record.game != self.game_name:
            raise UserError("other_game_here", game=record.game)
        return record

    async def board_parts(self, loaded: LoadedGame, seat: int | None = None, language: str | None = None,
                          *, shown: dict[int, str] | None = None) -> list[BoardPart]:
        """The board images of a position, drawn once per position, viewer and language: the
        move reply, /board and every spectator share them.  An image whose pixels equal the
        digest ``shown`` gives for its position may come unencoded (``data`` None): drawn to
        be compared, never posted."""
        language = language or game_language(loaded.record)
        shown = shown or {}
        names = loaded.names(language)       # a computer's name in the image's language
        key = (loaded.record.id, loaded.record.ply, seat, language, tuple(names))
        cached: list[BoardPart] | None = self.bot.image_cache.get(key)
        if cached is not None and all(part.data is not None or shown.get(part.position) == part.digest
                                      for part in cached):
            self.bot.image_cache.move_to_end(key)
            return cached
        view = loaded.game.view(loaded.state, seat)
        # Drawn in the bot's worker pool (urgent: a person waits): in production worker
        # processes, so drawing and encoding leave the event loop's process and its lock.
        parts = await self.bot.workers.run(render_parts, loaded.record.game, view, names, language, shown,
                                           affinity=loaded.record.id)   # the game's home process: its caches
        if cached is not None and [p.digest for p in cached] == [p.digest for p in parts]:
            parts = [part if part.data is not None else old for part, old in zip(parts, cached)]
        self.bot.image_cache[key] = parts
        self.bot.image_cache.move_to_end(key)
        while len(self.bot.image_cache) > IMAGE_CACHE_SIZE:
            self.bot.image_cache.popitem(last=False)
        return parts

    async def board_files(self, loaded: LoadedGame, seat: int | None = None,
                          language: str | None = None) -> list[tuple[str, bytes]]:
        """Every board image of a position (what `board` shows)."""
        return [(part.name, part.data) for part in await self.board_parts(loaded, seat, language)
                if part.data is not None]

    async def thread_board(self, loaded: LoadedGame, *, everything: bool = False) -> tuple[BoardPost, str]:
        """The images a thread post attaches: those whose pixels differ from what the thread
        last showed at their position (all of them with ``everything``), and a line naming
        the others, each with a link to the post that showed it ("" when none)."""
        record = loaded.record
        remembered = {} if everything else await self.bot.storage.shown_images(record.id)
        digests = {position: image.digest for position, image in remembered.items()}
        parts = await self.board_parts(loaded, shown=digests)
        changed = [part for part in parts if digests.get(part.position) != part.digest]
        unchanged = [remembered[part.position] for part in parts if digests.get(part.position) == part.digest]
        post = BoardPost([(part.name, part.data) for part in changed if part.data is not None], record.id,
                         {part.position: part.digest for part in changed})
        if not unchanged:
            return post, ""
        by_post: dict[tuple[int, int], list[int]] = {}   # one link per post: "[images 2 and 5](...)"
        for image in unchanged:
            by_post.setdefault((image.channel_id, image.message_id), []).append(image.position)
        links = [Msg("board_part_link", number=numbers[0], url=jump_url(record.guild_id, *where)) if len(numbers) == 1
                 else Msg("board_parts_link", numbers=Join([Msg("board_part_number", number=n) for n in numbers], "and"),
                          url=jump_url(record.guild_id, *where))
                 for where, numbers in by_post.items()]
        return post, t("board_unchanged", game_language(record), parts=Join(links, "and"))

    @staticmethod
    def shown_in(files: list[tuple[str, bytes]], channel_id: int | None, message_id: int | None) -> list[ShownImage]:
        """The board images a thread post attached (a :class:`BoardPost`'s), as shown there now."""
        if not isinstance(files, BoardPost) or channel_id is None or message_id is None:
            return []
        return [ShownImage(position, digest, channel_id, message_id) for position, digest in sorted(files.shown.items())]

    async def remember_post(self, files: list[tuple[str, bytes]], channel_id: int | None,
                            message_id: int | None) -> None:
        """After a thread post that attached board images: the thread now shows them there."""
        shown = self.shown_in(files, channel_id, message_id)
        if shown and isinstance(files, BoardPost):
            await self.bot.storage.remember_shown_images(files.game_id, shown)

    async def after_post(self, files: list[tuple[str, bytes]], channel_id: int | None, message_id: int | None,
                         announce: tuple[GameRecord, int] | None) -> None:
        """What a thread post leaves behind: the board images it attached remembered as shown
        there, and with ``announce`` (the game, a ply) the news up to that ply marked announced,
        in the same write (issue 26: one transaction after a move's post, not two)."""
        if announce is None:
            await self.remember_post(files, channel_id, message_id)
        else:
            await self.mark_announced(*announce, shown=self.shown_in(files, channel_id, message_id))

    def limit(self, interaction: discord.Interaction, kind: str) -> None:
        """Refuse (with the wait) a user who asks too often; nothing else is done."""
        wait = self.bot.rate_limiter.check(interaction.user.id, kind)
        if wait:
            raise UserError("rate_limited", seconds=max(1, round(wait)))

    def lobby_text(self, record: GameRecord, language: str) -> str:
        players = ", ".join(player_name(p, language) for p in record.players) or "-"
        seats = record.options.get("players", self.game.max_players)
        shown = []
        for spec in tuple(self.game.options) + HOST_OPTIONS:
            value = record.options.get(spec.name, spec.default)
            if spec.name == "computers":     # added and removed in the lobby: the seats they fill now
                value = sum(1 for p in record.players if p.computer)
            if spec.name == "players" or not spec.lobby:
                continue          # every option a lobby could set is shown, defaults too: what you join
            if spec.kind == "choice":
                value = t(spec.choice_key(str(value)), language)
            elif spec.kind == "bool":
                value = t("yes" if value else "no", language)
            elif spec.name == "deadline":
                value = t("deadline_hours", language, hours=value) if value else t("off", language)
            elif has_key(spec.choice_key(str(value))):   # a number with a meaning ("0 = suggested")
                value = t(spec.choice_key(str(value)), language)
            shown.append(t("option_shown", language, name=lobby_option_name(spec.name, language), value=value))
        return t("lobby", language, title=self.game.title_msg(), game_id=record.id, players=players,
                 count=len(record.players), seats=seats, options="\n".join(shown) or "-", game=self.game_name,
                 creator=f"<@{record.creator_id}>")

    # ----- lobby -------------------------------------------------------------------------------------
    async def open_lobby(self, interaction: discord.Interaction, options: dict[str, Any]) -> None:
        if interaction.guild is None:
            raise UserError("guild_only")
        self.limit(interaction, "lobby")
        if isinstance(interaction.channel, discord.Thread):
            raise UserError("new_in_thread")
        missing = [name for name in GAME_PERMISSIONS if not getattr(interaction.app_permissions, name, False)]
        if missing:   # say exactly what is missing before anything exists
            raise UserError("bot_missing_permissions",
                            permissions=Join([Msg(f"perm.{name}") for name in missing], "and"))
        if "language" not in options:   # the server's preferred language, unless the creator chose
            options["language"] = language_of(interaction.guild_locale)
        channel_id = interaction.channel_id
        assert channel_id is not None, "a slash command always comes from a channel"
        record = await self.service.create_lobby(
            self.game_name, guild_id=interaction.guild_id, channel_id=channel_id,
            creator_id=interaction.user.id, creator_name=interaction.user.display_name, options=options)
        language = game_language(record)
        await interaction.response.send_message(self.lobby_text(record, language), view=lobby_view(record.id, language),
                                                allowed_mentions=ALLOWED_NO_ONE)
        message = await interaction.original_response()
        try:
            # the longest auto-archive (7 days): moves are days apart, and nobody can run
            # commands in an archived thread (reminders reopen it, see bot.reminders)
            thread = await message.create_thread(name=t("thread_name", language, title=self.game.title_msg(),
                                                         game_id=record.id), auto_archive_duration=10080)
            await self.service.attach_thread(record.id, thread.id)
            await thread.send(t("thread_welcome", language, game=self.game_name, title=self.game.title_msg(),
                                creator=f"<@{interaction.user.id}>"),
                              allowed_mentions=pings([interaction.user.id]))
        except discord.HTTPException:
            # Permissions changed between the check and now (or the channel forbids threads):
            # close the lobby and take its buttons away, and say so truthfully.
            log.warning("game %s: could not open its thread", record.id, exc_info=True)
            await self.service.cancel(record.id, interaction.user.id)
            await interaction.edit_original_response(content=t("cancelled", language, game_id=record.id), view=None)
            await interaction.followup.send(t("no_thread_permission", user_language(interaction)), ephemeral=True)

    # ``computer: True`` on join and leave: the creator adds or removes a computer seat
    # (issue 29).  The same two commands everyone knows, one option as on ``substitute``:
    # before the start computers are alike, so nobody has to pick which one leaves.
    @app_commands.command(name="join", description=ls("cmd.join"))
    @app_commands.describe(computer=ls("param.join_computer"))
    async def join(self, interaction: discord.Interaction, computer: bool = False) -> None:
        await self.lobby_action(interaction, await self.game_here(interaction), "computer" if computer else "join",
                                "random")

    @app_commands.command(name="leave", description=ls("cmd.leave"))
    @app_commands.describe(computer=ls("param.leave_computer"))
    async def leave(self, interaction: discord.Interaction, computer: bool = False) -> None:
        await self.lobby_action(interaction, await self.game_here(interaction),
                                "remove_computer" if computer else "leave", "random")

    @app_commands.command(name="start", description=ls("cmd.start"))
    @app_commands.describe(seating=ls("param.seating"))
    @app_commands.choices(seating=[app_commands.Choice(name=ls("choice.seating.random"), value="random"),
                                   app_commands.Choice(name=ls("choice.seating.joined"), value="joined")])
    async def start(self, interaction: discord.Interaction, seating: str = "random") -> None:
        await self.lobby_action(interaction, await self.game_here(interaction), "start", seating)

    async def lobby_action(self, interaction: discord.Interaction, record: GameRecord, action: str, seating: str) -> None:
        user = interaction.user
        language = game_language(record)
        if action in ("join", "leave", "computer", "remove_computer"):
            if action == "join":
                record = await self.service.join(record.id, user.id, user.display_name)
                notice = t("joined", language, name=user.display_name, count=len(record.players),
                           seats=record.options.get("players"))
            elif action == "computer":
                record, computer = await self.service.add_computer(record.id, user.id)
                notice = t("joined", language, name=player_name(computer, language), count=len(record.players),
                           seats=record.options.get("players"))
            elif action == "remove_computer":
                record, computer = await self.service.remove_computer(record.id, user.id)
                notice = t("left", language, name=player_name(computer, language))
            else:
                record = await self.service.leave(record.id, user.id)
                notice = t("left", language, name=user.display_name)
            if interaction.message is not None and record.thread_id and interaction.channel_id != record.thread_id:
                # A button on the lobby message in the main channel: the lobby message shows the
                # new list of players, and the notice goes to the game's thread, not the channel.
                await interaction.response.edit_message(content=self.lobby_text(record, language),
                                                        view=lobby_view(record.id, language),
                                                        allowed_mentions=ALLOWED_NO_ONE)
                await self.post_in_thread(record, notice, [])
            else:
                await send(interaction, notice)
                await self.refresh_lobby(record, language)
        else:
            # Refusals must come before deferring: after a public defer, Discord shows even an
            # "ephemeral" follow-up to everyone.
            async with self.bot.work():
                loaded = await self.service.start(record.id, user.id, seating)
                in_thread = interaction.channel_id == loaded.record.thread_id
                answered = await defer_in_time(interaction, ephemeral=not in_thread)
                order = ", ".join(seat_line(loaded, seat, language) for seat in range(len(loaded.record.players)))
                waiting_ids = await self.present([loaded.record.user_id_at(seat)
                                                  for seat in sorted(loaded.game.waiting_for(loaded.state))])
                text = t("started", language, title=self.game.title_msg(), order=order) + "\n"
                seats, count = loaded.record.options.get("players"), len(loaded.record.players)
                if isinstance(seats, int) and count < seats:     # a lobby's players is its most seats
                    text += t("started_fewer", language, seats=seats, count=count) + "\n"
                text += waiting_text(loaded, language) + "\n" + t("started_hint", language, game=self.game_name)
                files, _unchanged = await self.thread_board(loaded, everything=True)
                announce = (loaded.record, 0)
                if in_thread and answered:
                    await self.reply_and_ping(interaction, text, files, None, waiting_ids, language, loaded,
                                              announce=announce)
                else:   # the Start button on the lobby message (or a lost interaction): told in the thread
                    await self.post_in_thread(loaded.record, text, files, ping_ids=waiting_ids, loaded=loaded,
                                              announce=announce)
                    if answered:
                        await interaction.followup.send(t("started_see_thread", user_language(interaction),
                                                          thread=f"<#{loaded.record.thread_id}>"), ephemeral=True)

    async def refresh_lobby(self, record: GameRecord, language: str) -> None:
        """The lobby message shows the players after a change made by a command (the thread
        was started from that message, so it has the thread's id)."""
        if record.thread_id is None:
            return
        try:
            channel = self.bot.get_channel(record.channel_id) or await self.bot.fetch_channel(record.channel_id)
            await channel.get_partial_message(record.thread_id).edit(  # type: ignore[union-attr]
                content=self.lobby_text(record, language), view=lobby_view(record.id, language),
                allowed_mentions=ALLOWED_NO_ONE)
        except discord.HTTPException:   # deleted or out of reach: the thread was told all the same
            log.warning("game %s: could not update its lobby message", record.id, exc_info=True)

    async def post_in_thread(self, record: GameRecord, text: str, files: list[tuple[str, bytes]],
                             view: discord.ui.View | None = None, ping_ids: list[int] | None = None,
                             loaded: LoadedGame | None = None, *, announce: tuple[GameRecord, int] | None = None) -> None:
        """A new message in the game's thread (new messages notify: the ping goes in it; with
        ``loaded``, the ping names the decision the game waits for).  Board images it
        attaches (a :class:`BoardPost`) are remembered as shown in it; with ``announce``
        (the game, a ply), once posted, the news up to that ply is marked announced (:meth:`after_post`)."""
        thread_id = record.thread_id or record.channel_id
        channel = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise TypeError(f"game {record.id}: channel {thread_id} takes no messages")
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if ping_ids:
            ping = ping_text(loaded, ping_ids, game_language(record))
            text = clip(text, CONTENT_LIMIT - len(ping) - 1) + "\n" + ping
        message = await channel.send(clip(text), files=as_files(files), allowed_mentions=pings(ping_ids or []),
                                     **extra)
        await self.after_post(files, message.channel.id, message.id, announce)

    async def reply_and_ping(self, interaction: discord.Interaction, text: str, files: list[tuple[str, bytes]],
                             view: discord.ui.View | None, ping_ids: list[int], language: str,
                             loaded: LoadedGame | None = None, *, announce: tuple[GameRecord, int] | None = None) -> None:
        """Put ``text`` into the deferred ("thinking") reply, then ping in a new message:
        Discord turns the first follow-up into an edit of the reply, and edits notify nobody.
        Board images it attaches (a :class:`BoardPost`) are remembered as shown in the reply;
        with ``announce`` (the game, a ply), after the ping, in the write that marks the news announced."""
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        message = await interaction.edit_original_response(content=clip(text), attachments=as_files(files),
                                                           allowed_mentions=ALLOWED_NO_ONE, **extra)
        if announce is None:
            await self.remember_post(files, interaction.channel_id, message.id)
        if ping_ids:
            await interaction.followup.send(clip(ping_text(loaded, ping_ids, language)),
                                            allowed_mentions=pings(ping_ids))
        if announce is not None:
            await self.after_post(files, interaction.channel_id, message.id, announce)

    @app_commands.command(name="cancel", description=ls("cmd.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        await self.service.cancel(record.id, interaction.user.id)
        await send(interaction, t("cancelled", game_language(record), game_id=record.id))

    # ----- playing ---------------------------------------------------------------------------------
    @app_commands.command(name="move", description=ls("cmd.move"))
    @app_commands.describe(text=ls("param.move_text"))
    async def move(self, interaction: discord.Interaction, text: str) -> None:
        answer = FirstAnswer.of(interaction)   # the watchdog covers reading the game too
        try:
            await self.make_move(interaction, await self.game_here(interaction), text)
        finally:
            answer.stop()

    @move.autocomplete("text")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            record = await self.service.game_in_thread(interaction.channel_id)
            if record is None or record.status != ACTIVE or record.game != self.game_name:
                return []
            loaded = await self.service.load(record.id)
            texts = self.service.complete(loaded, interaction.user.id, current, 25)
            seat = loaded.record.seat_of(interaction.user.id)
            language = user_language(interaction)
            labels = self.autocomplete_labels(loaded, seat, texts, language)
        except Exception:   # autocomplete must answer something within 3 s, never an error
            log.exception("autocomplete failed in channel %s", interaction.channel_id)
            return []
        return [app_commands.Choice(name=clip(label, 100), value=LONG_VALUES.value_for(loaded.game.localize_move(text, language)))
                for text, label in zip(texts, labels)]

    def autocomplete_labels(self, loaded: LoadedGame, seat: int | None, texts: Sequence[str], language: str) -> list[str]:
        """What autocomplete and buttons show for suggested moves: each move in words of the
        reader's language and what it does, on one line, joined alike (:func:`move_labels`;
        the value sent is the notation)."""
        if seat is None:
            return [move_words(loaded, 0, text, language, secret_shown=True, label=True) for text in texts]
        return move_labels(loaded, seat, texts, language)

    def menu_options(self, loaded: LoadedGame, seat: int, texts: Sequence[str], language: str
                     ) -> list[tuple[str, str | None]]:
        """A select menu's options for suggested moves: each move in words and what it does
        on the line under it (:func:`menu_option`)."""
        return [menu_option(loaded, seat, text, language) for text in texts]

    async def make_move(self, interaction: discord.Interaction, record: GameRecord, text: str,
                        *, announce_separately: bool = False, expected_ply: int | None = None) -> None:
        """Validate and store a move (and the automatic answers it triggers), then show the
        new board in the game's thread.  Nothing stored stays silent: when the interaction is
        gone (its first answer came too late), the thread is told with the bot's own token."""
        started = time.perf_counter()
        answer = FirstAnswer.of(interaction)
        text = LONG_VALUES.resolve(text)   # a long move offered as a short token
        try:
            async with self.bot.work():
                await self._make_move(interaction, record, text, answer, started, announce_separately, expected_ply)
        finally:
            answer.stop()

    async def _make_move(self, interaction: discord.Interaction, record: GameRecord, text: str, answer: "FirstAnswer",
                         started: float, announce_separately: bool, expected_ply: int | None) -> None:
        loaded_before = await self.service.load(record.id)
        seat = loaded_before.record.seat_of(interaction.user.id)
        await self.refresh_name(interaction, loaded_before.record)
        # Store first (fast), defer after: a refusal then stays private, and only the slow
        # part (standing orders, rendering) runs after the defer.  But when the game or the
        # database is busy, the first answer cannot wait: the watchdog defers privately in
        # time and the announcement goes to the thread.  A secret choice is confirmed
        # privately; the thread only learns that it was made.
        first = await self.service.submit(record.id, interaction.user.id, text, interaction.id,
                                          expected_ply=expected_ply)
        secret = self._is_secret(first)
        answered = await answer.defer(ephemeral=secret or announce_separately)
        separately = secret or announce_separately or answer.early
        first_answer = time.perf_counter() - started
        outcomes = [first]
        outcomes += await self.run_automatic_moves(outcomes[-1])
        announcement, files, ping_ids = await self.announcement(outcomes)
        ping_ids = await self.present(ping_ids)
        buttons = self.choice_buttons(outcomes[-1].loaded)
        last = outcomes[-1].loaded
        announce = (last.record, outcomes[-1].ply)    # marked once posted, in one write with the images
        try:
            if not answered:
                # The interaction is gone: its token can say nothing, the bot's own can.
                await self.post_in_thread(last.record, announcement, files, buttons, ping_ids, last, announce=announce)
            elif separately:
                await interaction.edit_original_response(
                    content=clip(t("move_private_ok" if secret else "move_ok_posted", user_language(interaction),
                                   move=move_words(loaded_before, seat if seat is not None else 0,
                                                   outcomes[0].move_text, user_language(interaction),
                                                   secret_shown=True, own=True))))
                await self.post_in_thread(last.record, announcement, files, buttons, ping_ids, last, announce=announce)
            else:
                await self.reply_and_ping(interaction, announcement, files, buttons, ping_ids,
                                          game_language(last.record), last, announce=announce)
        except RuntimeError:
            if not self.bot.is_closed():
                raise
            # Closed under us (SIGTERM, the grace over): stored, not announced; the next start
            # announces it.
            log.warning("game %s: ply %s stored; the bot closed before announcing it", record.id, outcomes[-1].ply)
            return
        except discord.HTTPException as error:
            # The move is stored: say so, and why nobody saw it (a permission, most likely).
            # It stays marked unannounced: the reminder loop and the next start try again.
            log.warning("game %s: move stored but not announced: %s", record.id, error)
            if answered:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.edit_original_response(
                        content=t("move_saved_not_posted", user_language(interaction),
                                  move=move_words(loaded_before, seat if seat is not None else 0, outcomes[0].move_text,
                                                  user_language(interaction), secret_shown=True),
                                  reason=error.text or str(error.status)), attachments=[], view=None)
        await self.deliver_notices(outcomes, interaction if answered else None)
        self.bot.record_move(record.id, outcomes[0].ply, first_answer, time.perf_counter() - started,
                             "interaction" if answered else "bot-token")

    async def present(self, user_ids: list[int]) -> list[int]:
        """Those worth pinging: not the players Discord told us are gone (left every server
        shared with the bot, or deleted their account) until they are seen again, and never
        a computer player."""
        return [user_id for user_id in user_ids
                if not is_computer_id(user_id) and not (await self.bot.storage.get_user_settings(user_id)).gone]

    async def mark_announced(self, record: GameRecord, ply: int, shown: list[ShownImage] | None = None) -> None:
        """The news up to ``ply`` of the game ``record`` reached the thread (with ``shown``: the
        board images its post attached, in the same write)."""
        try:
            await self.bot.storage.mark_announced(record.id, ply, shown)
        except StorageError:   # the next start announces it again: a repeat, never a silence
            log.warning("game %s: could not record that ply %s was announced", record.id, ply, exc_info=True)
        # every announced change may leave the game waiting for a computer seat: its turn (only a
        # game with a computer player has one: the others start no task to find that out)
        if any(player.computer for player in record.players):
            self.bot.computers.schedule(record.id)

    async def refresh_name(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Display names are stored at join: a player seen under a new one is renamed (in
        all their running games, one write, only when it changed)."""
        name = interaction.user.display_name
        for player in record.players:
            if player.user_id == interaction.user.id and player.name != name:
                await self.bot.storage.rename_player(interaction.user.id, name)
                break

    async def announce_recovered(self, record: GameRecord) -> None:
        """The news of plies that were stored but never reached the thread (the process was
        killed between the two, or Discord refused the post): the moves made, the board,
        and a ping for whoever must act now."""
        loaded = await self.service.load(record.id)
        language = game_language(loaded.record)
        numbers = await self.service.move_numbers(record.id)
        entries = [entry for entry in await self.bot.storage.log(record.id, after_ply=max(record.announced_ply, 0))
                   if entry.kind == "move" and entry.ply in numbers]
        finished = loaded.record.status != ACTIVE
        waiting = set() if finished else set(loaded.game.waiting_for(loaded.state))
        outcomes = [MoveOutcome(loaded, entry.seat if entry.seat is not None else 0, entry.text, entry.ply,
                                finished and index == len(entries) - 1, waiting, waiting,
                                events=stored_news(loaded, entry))
                    for index, entry in enumerate(entries)]
        header = t("recovered_news", language)
        if outcomes:
            text, files, ping_ids = await self.announcement(outcomes)
        else:
            ping_ids = [loaded.record.user_id_at(seat) for seat in sorted(waiting)]
            text = (await self.final_text(loaded, language)) if finished else waiting_text(loaded, language)
            files, unchanged = await self.thread_board(loaded)
            text = "\n".join(line for line in (text, unchanged) if line)
        ping_ids = await self.present(ping_ids)
        await self.post_in_thread(loaded.record, header + "\n" + text, files,
                                  self.choice_buttons(loaded) if not finished else None, ping_ids, loaded,
                                  announce=(loaded.record, loaded.record.ply))

    async def deliver_notices(self, outcomes: list[MoveOutcome], interaction: discord.Interaction | None) -> None:
        """Private news goes to its seat only: the mover gets it as an ephemeral follow-up,
        anyone else by DM (in the language last seen from them)."""
        for outcome in outcomes:
            for notice in outcome.notices:
                player = outcome.loaded.record.user_at(notice.seat)
                if player is None or player.computer:
                    continue
                if interaction is not None and player.user_id == interaction.user.id:
                    await interaction.followup.send(clip(tr(notice.msg, user_language(interaction))), ephemeral=True)
                else:
                    await self.bot.send_private(player.user_id, notice.msg)

    def quick_choices(self, loaded: LoadedGame) -> tuple[int, list[str]] | None:
        """(seat, up to 5 move texts) to offer as public buttons under the announcement.
        Only for choices that reveal nothing (the buttons are seen by everyone)."""
        return loaded.game.public_choices(loaded.state)

    def choice_buttons(self, loaded: LoadedGame) -> discord.ui.View | None:
        choices = self.quick_choices(loaded)
        if not choices or not 0 < len(choices[1]) <= 5:
            return None
        player = loaded.record.user_at(choices[0])
        if player is None or player.computer:   # a computer decides by itself: nobody can press them
            return None
        view = discord.ui.View(timeout=None)
        language = game_language(loaded.record)
        labels = self.autocomplete_labels(loaded, choices[0], choices[1], language)
        for index, label in enumerate(labels):   # "charge 3pw: -2 VP"
            view.add_item(MoveButton(loaded.record.id, loaded.record.ply, index, label))
        return view

    async def save_preference(self, interaction: discord.Interaction, spec: Any, stored: dict[str, Any],
                              saved_key: str) -> None:
        """Store one standing order of the user for this game (all their games of it) and confirm
        it privately with ``saved_key`` (its ``policy`` value describes the order)."""
        settings = await self.bot.storage.get_user_settings(interaction.user.id)
        settings.prefs.setdefault(self.game_name, {})[spec.name] = stored
        await self.bot.storage.save_user_settings(settings)
        language = user_language(interaction)
        await send(interaction, t(saved_key, language, policy=describe_preference(spec, stored, language)),
                   ephemeral=True)

    async def preferences(self, user_id: int) -> dict[str, Any]:
        """The user's standing orders for this game (``{preference: {"choice", "max"}}``)."""
        prefs = (await self.bot.storage.get_user_settings(user_id)).prefs.get(self.game_name, {})
        return prefs if isinstance(prefs, dict) else {}

    async def run_automatic_moves(self, outcome: MoveOutcome, limit: int = 50) -> list[MoveOutcome]:
        """The moves players' standing orders make after ``outcome`` (e.g. accepting power)."""
        done: list[MoveOutcome] = []
        for _ in range(limit):   # a bound, in case two orders kept answering each other
            if outcome.finished:
                break
            automatic = await self.service.automatic(outcome.loaded.record.id, self.preferences)
            if automatic is None:
                break
            outcome = automatic
            done.append(outcome)
        return done

    async def apply_deadline_default(self, game_id: int, user_id: int, expected_ply: int) -> bool:
        """The decision deadline of ``user_id`` passed: make the rules' default move for them
        (or, with the lobby option ``on_timeout: computer``, the computer's choice, told to
        them by DM) and announce it in the thread.  False when the game moved on meanwhile."""
        record = await self.service.record(game_id)
        if record.options.get("on_timeout") == "computer":
            outcome = await self.bot.computers.stand_in(game_id, user_id, expected_ply)
            if outcome is None:
                return False
            await self.announce_bot_moves(outcome)
            await self.tell_stood_in(outcome, user_id)
            return True
        outcome = await self.service.apply_default(game_id, user_id, expected_ply)
        if outcome is None:
            return False
        await self.announce_bot_moves(outcome)
        return True

    async def tell_stood_in(self, outcome: MoveOutcome, user_id: int) -> None:
        """The absent player learns by DM, in their language, what the computer played for them."""
        loaded = outcome.loaded     # their own move: shown whole, secret or not
        phrase = loaded.game.full_phrase(loaded.state, outcome.seat, outcome.move_text)
        shown: Msg | str = phrase if phrase is not None else outcome.move_text
        await self.bot.send_private(user_id, Msg("stand_in_dm", game=Msg(f"{loaded.record.game}.title"),
                                                 game_id=loaded.record.id, move=shown))

    async def announce_bot_moves(self, outcome: MoveOutcome) -> None:
        """Announce a move the bot made (a deadline's default, a computer player's choice)
        and the standing orders it triggers, in the thread, with the pings and private news."""
        outcomes = [outcome] + await self.run_automatic_moves(outcome)
        announcement, files, ping_ids = await self.announcement(outcomes)
        ping_ids = await self.present(ping_ids)
        await self.post_in_thread(outcomes[-1].loaded.record, announcement, files,
                                  self.choice_buttons(outcomes[-1].loaded), ping_ids, outcomes[-1].loaded,
                                  announce=(outcomes[-1].loaded.record, outcomes[-1].ply))
        await self.deliver_notices(outcomes, None)

    @staticmethod
    def _is_secret(outcome: MoveOutcome) -> bool:
        """Whether a stored move is a secret choice: its notation redacted for the others, as of
        the position it was made in (the move as stored: not parsed a second time)."""
        game = outcome.loaded.game
        return game.redact_move(outcome.before, outcome.seat, outcome.move_text) != outcome.move_text

    async def announcement(self, outcomes: list[MoveOutcome]) -> tuple[str, list[tuple[str, bytes]], list[int]]:
        """The thread's post after moves, in the game's language, its board images, and the
        players to ping (those who now have to act and did not before).

        Board images come only when the turn passes (a move made someone other than its mover
        wait who did not before, and they still wait) or the game ends; a sub-step of one
        player's turn gets its lines only, and nothing is drawn for it.  Of the images, only
        those that differ from what the thread last showed are attached; a line links to
        where the others are."""
        last = outcomes[-1].loaded
        language = game_language(last.record)
        numbers = await self.service.move_numbers(last.record.id)
        lines = []
        for outcome in outcomes:
            # redacted as of now, like /log: a secret revealed by a later move may be shown
            shown = move_words(last, outcome.seat, outcome.move_text, language)
            line = t("move_done", language, ply=numbers.get(outcome.ply, outcome.ply), player=seat_line(outcome.loaded, outcome.seat, language),
                     move=shown)
            if outcome.automatic_reason:
                line += " " + t("automatic_move", language, reason=outcome.automatic_reason)
            lines.append(line)
            lines += [t("event_line", language, event=event) for event in outcome.events]
        ping_ids: list[int] = []
        newly: set[int] = set()
        if not outcomes[-1].finished:
            newly = set().union(*(o.newly_waiting_seats for o in outcomes)) & outcomes[-1].waiting_seats
            ping_ids = [last.record.user_id_at(seat) for seat in sorted(newly)]
        # The turn passes when a move makes someone other than its mover newly wait (the
        # mover's own further steps, or others still deciding, are not a new turn).
        passes = any(seat != o.seat for o in outcomes for seat in o.newly_waiting_seats & newly)
        if outcomes[-1].finished:
            lines.append(await self.final_text(last, language))
        else:
            lines.append(waiting_text(last, language))
        files: list[tuple[str, bytes]] = []
        if outcomes[-1].finished or passes:
            files, unchanged = await self.thread_board(last)
            lines.append(unchanged)   # last: a long post loses these links first, not the news
        return "\n".join(line for line in lines if line), files, ping_ids

    async def final_text(self, loaded: LoadedGame, language: str) -> str:
        standings = await self.service.standings(loaded)
        rows = []
        for index, standing in enumerate(standings, 1):
            place = 1 if standing.winner else index      # a shared win is a shared first place
            mark = " 🏆" if standing.winner else (" " + t("resigned_mark", language) if standing.resigned else "")
            rows.append(t("standing_row", language, place=place,
                          name=player_name(loaded.record.user_at(standing.seat), language),
                          label=loaded.game.seat_label(loaded.state, standing.seat), score=standing.score) + mark)
        breakdown = loaded.game.score_breakdown(loaded.game.view(loaded.state, None))
        if breakdown is not None:
            rows.append(t("score_breakdown_header", language))
            rows += [score_line(loaded, standing.seat, standing.score, language, breakdown) for standing in standings]
        return t("game_over_standings", language) + "\n" + "\n".join(rows)

    @app_commands.command(name="board", description=ls("cmd.board"))
    @app_commands.describe(public=ls("param.public"))
    async def board(self, interaction: discord.Interaction, public: bool = False) -> None:
        record = await self.game_here(interaction)
        self.limit(interaction, "board")
        loaded = await self.service.load(record.id)
        await interaction.response.defer(thinking=True, ephemeral=not public)
        language = game_language(record) if public else user_language(interaction)
        # Every image, always; a public board is what the thread shows from now on (an
        # ephemeral one, seen by one player, changes nothing of that).
        files: list[tuple[str, bytes]] = (
            (await self.thread_board(loaded, everything=True))[0] if public
            else await self.board_files(loaded, language=language))
        message = await interaction.followup.send(clip(t("board_caption", language, title=self.game.title_msg(),
                                                         game_id=record.id, ply=loaded.record.ply) + "\n" +
                                                       waiting_text(loaded, language)),
                                                  files=as_files(files), ephemeral=not public,
                                                  allowed_mentions=ALLOWED_NO_ONE, wait=True)
        if public:
            await self.remember_post(files, interaction.channel_id, message.id)

    @app_commands.command(name="info", description=ls("cmd.info"))
    @app_commands.describe(thing=ls("param.info_thing"))
    async def info(self, interaction: discord.Interaction, thing: str) -> None:
        """What a card, tile, technology, region... is and does (only to the asker)."""
        language = user_language(interaction)
        # a place of this thread's game first (a map hex; a tech tile's space, the tile lying there
        # in this game), else a component, named exactly or found
        named = lookup.exact_match(self.game_name, thing, language)
        found = named.component if named is not None else None
        in_game = False
        if found is None or self.describes_places:   # a game without places of its own is not loaded
            in_game, here = await self.location_here(interaction, thing)
            if here is None and named is None:
                named = lookup.find_match(self.game_name, thing, language)
            found = here or (named.component if named is not None else None)
        if found is None:
            close = lookup.ranked(self.game_name, thing, 10, language)
            hint = None if in_game or close else self.game.location_hint(thing)
            if hint is not None:       # a map hex asked outside a running game
                await send(interaction, tr(hint, language), ephemeral=True)
                return
            if not close:
                raise UserError("info_unknown", thing=thing, title=self.game.title_msg())
            # several match ("forgóerőmű": small, medium, large): each with its gist; found only
            # inside other names ("O2" in "Idő2"), they are offered as guesses, not as matches
            head = "info_several" if min(rank for rank, _comp in close) <= 2 else "info_inside"
            await send(interaction, "\n".join([t(head, language, thing=thing, title=self.game.title_msg())] +
                                              ["- " + self.component_label(comp, language) for _rank, comp in close]),
                       ephemeral=True)
            return
        lines = [info_head(found, language), tr(found.text, language)]
        if named is not None and found is named.component and named.language is not None:
            # found by another language's code or name: the reader's own is in the heading
            lines.insert(1, t("info_foreign_name" if named.named else "info_foreign_code", language, thing=thing,
                              notation=Msg(f"language_name.{named.language}"),
                              shown=found.name if named.named else found.shown_code()))
        if found.stand_in:
            lines.append(t("info_stand_in", language))
        await send(interaction, "\n".join(lines), ephemeral=True)

    @property
    def describes_places(self) -> bool:
        """Whether this game describes places of a running game (``describe_location`` is its
        own, not the contract's default None): only then can a component's name be a place too."""
        return type(self.game).describe_location is not rules.Game.describe_location

    async def view_here(self, interaction: discord.Interaction) -> tuple[Any, int | None] | None:
        """The asker's view of the started game of this kind this thread runs, and the asker's
        seat (None: a spectator); None outside such a game."""
        record = await self.service.game_in_thread(interaction.channel_id)
        if record is None or record.game != self.game_name or record.status == LOBBY:
            return None
        try:
            loaded = await self.service.load(record.id)
        except UserError:           # cancelled, or stored by newer rules
            return None
        seat = loaded.record.seat_of(interaction.user.id)
        return loaded.game.view(loaded.state, seat), seat

    async def location_here(self, interaction: discord.Interaction,
                            thing: str) -> tuple[bool, rules.Component | None]:
        """Whether this thread runs a started game of this kind, and ``thing`` as a place of it
        (a map hex) described as the asker sees it (None: it names no place)."""
        here = await self.view_here(interaction)
        if here is None:
            return False, None
        found: rules.Component | None = self.game.describe_location(*here, thing)
        return True, found

    @info.autocomplete("thing")
    async def info_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        language = user_language(interaction)
        matched = lookup.matches(self.game_name, current, 25, language)
        found = [match.component for match in matched]
        wanted = fold_word(current).strip()
        if wanted and not (matched and matched[0].rank == 0):     # nothing named exactly
            here = await self.view_here(interaction)
            if here is not None:        # "1B1": that hex first; "1B": the hexes so named, after the components
                place = self.game.describe_location(*here, current)
                codes = [code for code in self.game.location_codes(here[0])
                         if fold_word(code).startswith(wanted) and (place is None or code != place.id)]
                room = 25 - len(found) - (place is not None)
                places = [self.game.describe_location(*here, code) for code in codes[:max(0, room)]]
                found = ([place] if place is not None else []) + found[:24 if place is not None else 25] + \
                    [comp for comp in places if comp is not None]
        return [app_commands.Choice(name=clip(self.component_label(comp, language), 100),
                                    value=self.typed_code(comp, language))
                for comp in found[:25]]

    def typed_code(self, comp: rules.Component, language: str) -> str:
        """What a reader of ``language`` types for ``comp`` (``T32`` for a Hungarian reader
        where the id is ``PR32``), when the lookup finds it by that; else the id."""
        code = render(comp.shown_code(), language)
        return code if code != comp.id and lookup.find_code(self.game_name, code, language) == comp else comp.id

    @staticmethod
    def component_label(comp: rules.Component, language: str) -> str:
        """``PR22 · Damage Control: re-roll dice`` in the reader's language."""
        if comp.gist is None:
            return t("info_choice", language, id=comp.shown_code(), name=comp.name)
        return t("info_choice_gist", language, id=comp.shown_code(), name=comp.name, gist=comp.gist)

    @app_commands.command(name="status", description=ls("cmd.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        language = user_language(interaction)
        if record.status == LOBBY:
            await send(interaction, self.lobby_text(record, language), ephemeral=True)
            return
        loaded = await self.service.load(record.id)
        lines = [t("status_header", language, title=self.game.title_msg(), game_id=record.id,
                   status=t(f"status.{record.status}", language),
                   ply=len(await self.service.move_numbers(record.id)))]   # the moves that stand
        if record.status == ACTIVE:     # an ended game's scores are its results, told once below
            scores = loaded.game.scores(loaded.state)
            breakdown = loaded.game.score_breakdown(loaded.game.view(loaded.state, None))
            lines += ["- " + score_line(loaded, seat, scores[seat], language, breakdown)
                      for seat in range(len(scores))]
        status_lines = loaded.game.status_lines(loaded.game.view(loaded.state, None))
        lines += [tr(line, language) for line in status_lines]
        if record.status == ACTIVE:     # the step a status line names is not said again (waiting_text)
            lines.append(waiting_text(loaded, language, status_lines))
            lines += await self.extra_status_lines(loaded, language)
        else:
            lines.append(await self.final_text(loaded, language))
        await send(interaction, "\n".join(line for line in lines if line), ephemeral=True)

    async def extra_status_lines(self, loaded: LoadedGame, language: str) -> list[str]:
        """Each player's standing orders, when the game has any."""
        if not loaded.game.preferences:
            return []
        lines = [t("standing_orders", language)]
        for seat in range(len(loaded.record.players)):
            player = loaded.record.user_at(seat)
            if player is None or player.computer:    # a computer decides everything itself
                continue
            prefs = await self.preferences(player.user_id)
            described = [t("standing_order_named", language, name=Msg(f"{spec.description}.status"),
                           choice=describe_preference(spec, prefs.get(spec.name), language))
                         if has_key(f"{spec.description}.status")      # the choice alone does not say of what
                         else describe_preference(spec, prefs.get(spec.name), language)
                         for spec in loaded.game.preferences]
            lines.append(f"- {seat_line(loaded, seat, language)}: " + "; ".join(described))
        return lines

    @app_commands.command(name="hand", description=ls("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.load(record.id)
        seat = loaded.record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("not_seated")
        language = user_language(interaction)
        lines = [tr(line, language) for line in loaded.game.private_lines(loaded.game.view(loaded.state, seat), seat)]
        view = None
        if record.status == ACTIVE and seat in loaded.game.waiting_for(loaded.state):
            texts = await self.service.legal_move_texts(loaded, seat, 26)
            if 0 < len(texts) <= 25:
                view = discord.ui.View(timeout=None)
                view.add_item(MoveSelect(record.id, loaded.record.ply, texts,
                                         self.menu_options(loaded, seat, texts, language), language))
        await send(interaction, "\n".join(lines) or t("nothing_private", language), ephemeral=True, view=view)

    @app_commands.command(name="log", description=ls("cmd.log"))
    @app_commands.describe(count=ls("param.log_count"))
    async def log_command(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 15) -> None:
        record = await self.game_here(interaction)
        if record.status == LOBBY:
            raise UserError("not_started")
        if type(count) is not int:   # Range is only advertised; a raw payload may carry anything
            raise UserError("bad_whole_number", name="count")
        count = max(1, min(50, count))
        language = user_language(interaction)
        loaded = await self.service.load(record.id)
        entries = await self.service.recent_log(record.id, count)
        numbers = await self.service.move_numbers(record.id)
        lines = []
        for entry in entries:
            who = seat_line(loaded, entry.seat, language) if entry.seat is not None else "-"
            if entry.kind == "move" and entry.ply not in numbers:
                # A move taken back never happened: its text stays unknown for good (it may
                # have been a secret choice that later moves no longer redact).
                text = t("log_taken_back", language)
            elif entry.kind == "move" and entry.seat is not None:   # a move is stored with its seat
                text = move_words(loaded, entry.seat, entry.text, language)
            else:
                text = t(f"log_kind.{entry.kind}", language)
            number = f"{numbers[entry.ply]:>4}." if entry.ply in numbers else "    –"
            lines.append(f"{number} {who}: {text}")
            if entry.kind == "move" and entry.ply in numbers:
                # what the move did, as the thread said it (the card "draw O1" took)
                lines.extend("      ↳ " + tr(news, language) for news in stored_news(loaded, entry))
        budget = CONTENT_LIMIT - 8   # the code fence
        while len(lines) > 1 and len("\n".join(lines)) > budget:
            lines.pop(0)   # too long for one message: the newest entries matter most
        body = "\n".join(lines) or t("log_empty", language)
        await send(interaction, "```\n" + clip(body, budget) + "\n```", ephemeral=True)

    @app_commands.command(name="undo", description=ls("cmd.undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        async with self.bot.work():
            loaded = await self.service.undo(record.id, interaction.user.id, interaction.id)
            answered = await defer_in_time(interaction, ephemeral=False)
            language = game_language(record)
            seat = loaded.record.seat_of(interaction.user.id)
            if seat is None:   # the service refuses an undo from anyone without a seat
                raise UserError("not_seated")
            files, unchanged = await self.thread_board(loaded)
            text = "\n".join(line for line in (t("undone", language, player=seat_line(loaded, seat, language)),
                                                waiting_text(loaded, language), unchanged) if line)
            if answered:
                message = await interaction.followup.send(clip(text), files=as_files(files),
                                                          allowed_mentions=ALLOWED_NO_ONE, wait=True)
                await self.remember_post(files, interaction.channel_id, message.id)
            else:
                await self.post_in_thread(loaded.record, text, files)
            await self.mark_announced(loaded.record, loaded.record.ply)

    @app_commands.command(name="resign", description=ls("cmd.resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.load(record.id)
        self.service.check_can_resign(loaded, interaction.user.id)   # refuse now, not after the click
        await self.ask_confirmation(interaction, record, "resign")

    async def ask_confirmation(self, interaction: discord.Interaction, record: GameRecord, action: str) -> None:
        """Ending a game cannot be undone: ask once more, privately, with a button."""
        language = user_language(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(ConfirmButton(action, record.id, interaction.user.id, language))
        await send(interaction, t(f"confirm_{action}", language, game_id=record.id), ephemeral=True, view=view)

    async def confirmed(self, interaction: discord.Interaction, record: GameRecord, action: str) -> None:
        language = game_language(record)
        async with self.bot.work():
            if action == "resign":
                loaded = await self.service.resign(record.id, interaction.user.id, interaction.id)
                text = t("resigned", language, name=interaction.user.display_name) + "\n" + \
                    await self.final_text(loaded, language)
            else:
                if record.guild_id is not None and interaction.guild_id != record.guild_id:
                    raise UserError("game_not_found", game_id=record.id)
                await self.service.abandon(record.id, interaction.user.id, is_moderator(interaction))
                text = t("abandoned", language, game_id=record.id)
            with contextlib.suppress(discord.NotFound):   # a late click: the thread is still told
                await interaction.response.edit_message(content=t("done", user_language(interaction)), view=None)
            try:
                await self.post_in_thread(record, text, [])
            except discord.NotFound:   # abandoning a game whose thread is gone: nothing to tell
                if action == "resign":
                    raise
                return
            if action == "resign":
                await self.mark_announced(loaded.record, loaded.record.ply)

    @app_commands.command(name="substitute", description=ls("cmd.substitute"))
    @app_commands.describe(old=ls("param.old"), new=ls("param.new"), computer=ls("param.computer"))
    async def substitute(self, interaction: discord.Interaction, old: str, new: Optional[discord.User] = None,
                         computer: bool = False) -> None:
        """``old`` is any player of the game, present or not: picked from the game's players
        (autocomplete), or given as a mention or a user id, for a player who left the server
        or deleted their account.  ``new`` must be someone who can be seen now; or
        ``computer: True`` hands the seat to a computer player (issue 29)."""
        record = await self.game_here(interaction)
        if new is None and not computer:
            raise UserError("substitute_needs_new")
        if new is not None and computer:
            raise UserError("substitute_computer_and_person")
        if new is not None and new.bot:
            raise UserError("substitute_bot")
        old_id = player_id(record, old)
        language = game_language(record)
        before = {p.user_id for p in record.players}
        replaced = next(p for p in record.players if p.user_id == old_id)
        async with self.bot.work():
            record = await self.service.substitute(record.id, interaction.user.id, is_moderator(interaction), old_id,
                                                   new.id if new is not None else None,
                                                   new.display_name if new is not None else "")
            newcomer = next((p for p in record.players if p.user_id not in before), None)
            # the newcomer is pinged (a person); the one replaced only if still in the server
            ping_ids = [new.id] if new is not None else []
            if not replaced.computer and (interaction.guild is None or interaction.guild.get_member(old_id)
                                          or await self._is_member(interaction.guild, old_id)):
                ping_ids.append(old_id)
            text = t("substituted", language,
                     old=player_name(replaced, language) if replaced.computer else f"<@{old_id}>",
                     new=f"<@{new.id}>" if new is not None else player_name(newcomer, language),
                     actor=f"<@{interaction.user.id}>")
            try:
                await send(interaction, text, mentions=pings(ping_ids))
            except discord.NotFound:   # the interaction is gone: the thread is told all the same
                await self.post_in_thread(record, text, [], ping_ids=ping_ids)
            await self.mark_announced(record, record.ply)

    async def _is_member(self, guild: discord.Guild, user_id: int) -> bool:
        try:
            await guild.fetch_member(user_id)
            return True
        except discord.NotFound:
            return False

    @substitute.autocomplete("old")
    async def substitute_autocomplete(self, interaction: discord.Interaction,
                                      current: str) -> list[app_commands.Choice[str]]:
        record = await self.service.game_in_thread(interaction.channel_id)
        if record is None:
            return []
        current = current.strip().lower()
        language = user_language(interaction)     # a computer named in the reader's language
        return [app_commands.Choice(name=clip(player_name(player, language), 100), value=str(player.user_id))
                for player in record.players
                if any(current in name.lower() for name in known_names(player)) or current in str(player.user_id)][:25]

    @app_commands.command(name="abandon", description=ls("cmd.abandon"))
    @app_commands.describe(game=ls("param.abandon_game"))
    async def abandon(self, interaction: discord.Interaction, game: Optional[app_commands.Range[int, 1, 1_000_000_000]] = None) -> None:
        """In a game's thread: that game.  Anywhere in the server with ``game``: that game by
        its number (a moderator closing a game whose thread is gone or archived)."""
        if game is None:
            record = await self.game_here(interaction)
        else:
            if type(game) is not int:
                raise UserError("bad_whole_number", name="game")
            found = await self.bot.storage.get_game(game)
            if found is None or found.guild_id != interaction.guild_id:   # other servers' games stay unseen
                raise UserError("game_not_found", game_id=game)
            record = found
        self.service.check_can_abandon(record, interaction.user.id, is_moderator(interaction))
        await self.bot.game_cog(record.game).ask_confirmation(interaction, record, "abandon")


def known_names(player: PlayerRecord) -> list[str]:
    """The names a player may be called by: a computer's in every language ("Computer 1",
    "Számítógép 1"), whichever the game was opened in."""
    return [player.name] + [name_text(player, language) for language in LANGUAGES]


def player_id(record: GameRecord, given: str) -> int:
    """The user id of a player of ``record`` named by id, mention or display name."""
    text = given.strip()
    match = re.fullmatch(r"<@!?(\d{1,20})>|(-?\d{1,20})", text)
    if match:
        user_id = int(match[1] or match[2])
        if any(player.user_id == user_id for player in record.players):
            return user_id
    named = [player.user_id for player in record.players
             if any(name.casefold() == text.casefold() for name in known_names(player))]
    if len(named) == 1:
        return named[0]
    raise UserError("substitute_not_player")


def describe_preference(spec: Any, stored: Any, language: str) -> str:
    """A standing order as text, e.g. "accepts charges of up to 3 power"."""
    stored = stored if isinstance(stored, dict) else {}
    choice = stored.get("choice", spec.default)
    if choice not in spec.choices:
        choice = spec.default
    key = f"{spec.description}.{choice}"
    if spec.max and has_key(f"{key}_n"):   # the same choice with its number ("up to 3 power")
        key = f"{key}_n"
    return t(key, language, max=stored.get("max", 1))


def cog_class(game_name: str) -> type[GameCog]:
    """The cog of a registered game: its own (``bot.cogs.<game>``) when it has special
    commands, else a plain GameCog made for it, so registering a game in :mod:`rules` is
    all it takes to host it."""
    import importlib
    from . import GAME_COGS

    target = GAME_COGS.get(game_name)
    if target is None:
        try:
            module = importlib.import_module(f"{__package__}.{game_name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__package__}.{game_name}":
                raise
        else:
            found = [value for value in vars(module).values()
                     if isinstance(value, type) and issubclass(value, GameCog) and value.game_name == game_name]
            if found:
                return found[0]
        return type(f"{game_name.title()}Cog", (GameCog,), {"game_name": game_name, "__module__": __name__},
                    group_name=game_name, group_description=ls(f"game.{game_name}"))
    module_name, class_name = target.split(":")
    found = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(found, type) and issubclass(found, GameCog)):
        raise TypeError(f"{target} is not a game cog")
    return found
