"""Drive a real discord.py bot without Discord.

The harness runs the bot's own code path end to end: the real ``bot.login()`` (so
``setup_hook`` and cog loading run), genuine gateway payloads fed to discord.py's own
parsers (READY, GUILD_CREATE, INTERACTION_CREATE, THREAD_CREATE, ...), and every outgoing
REST call answered by :class:`FakeDiscord`, a small in-memory Discord that answers with
Discord-shaped JSON and records each call as a :class:`Sent`.

Only two methods are intercepted, and only for the harnessed bot:

* ``bot.http.request`` (an instance attribute on this bot's ``HTTPClient``): login, command
  sync, channel messages, DMs, threads;
* ``AsyncWebhookAdapter.request``: every interaction callback, follow-up and edit of the
  original response. discord.py shares one adapter between all clients, so the harness
  installs a dispatcher that recognises this bot by its aiohttp session and hands every other
  session to the original method untouched.

Everything that crosses the boundary goes through ``json.dumps``/``json.loads``, so only wire
JSON gets in or out. :class:`FakeDiscord` knows nothing of the transport: the loopback server
in :mod:`bot.harness_loopback` serves the same object over real sockets.

The harness is split along its seams; this module keeps the in-process transport and the
:class:`Harness` a test drives, and re-exports the public names of the others:

* :mod:`bot.harness_records` - what a test gets back (:class:`Sent`, :class:`Outcome`, ...);
* :mod:`bot.fake_discord` - the in-memory Discord and its refusals (:class:`FakeDiscord`);
* :mod:`bot.harness_payloads` - the interaction data Discord's client sends (commands,
  clicks, modal submissions), built from the bot's own command tree.

Typical use::

    bot = make_bot()                       # a commands.Bot whose setup_hook adds the cogs
    async with Harness(bot) as h:
        h.add_user(1001, "alice")
        sent = await h.slash(1001, "planetarium new", players=3)
        assert sent[0].kind == "response"
        await h.click(1001, sent[0].message_id, "join:1")
        await h.restart(make_bot())        # same fake Discord, a fresh bot process
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import os
import re
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import discord
from discord import app_commands
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.fake_discord import (
    DEFAULT_APPLICATION_ID,
    DEFAULT_CHANNEL_ID,
    DEFAULT_GUILD_ID,
    MAX_FILE_SIZE,
    FakeDiscord,
    _error,
    _wire,
    command_payload_error,
)
from bot.harness_payloads import (
    _find_command,
    build_command_data,
    build_component_data,
    build_modal_data,
    find_component,
)
from bot.harness_records import (
    Choices,
    HarnessTimeout,
    Json,
    Outcome,
    Raised,
    Sent,
    ThreadArchived,
    ThreadInfo,
    ThreadLocked,
)

__all__ = [
    "DEFAULT_APPLICATION_ID",
    "DEFAULT_CHANNEL_ID",
    "DEFAULT_GUILD_ID",
    "FakeDiscord",
    "Harness",
    "Choices",
    "HarnessTimeout",
    "Outcome",
    "Raised",
    "Sent",
    "ThreadArchived",
    "ThreadInfo",
    "ThreadLocked",
    # re-exported from the modules the harness is split into (tests import them from here)
    "Json",
    "MAX_FILE_SIZE",
    "build_command_data",
    "build_component_data",
    "build_modal_data",
    "command_payload_error",
    "find_component",
    "split_api_path",
]

_DISCORD_DIR = os.path.dirname(discord.__file__)

# The interaction currently being handled (its id), inherited by every task the bot spawns
# while handling it, so each outgoing call is attributed to the interaction that caused it.
_ORIGIN: contextvars.ContextVar[Optional[int]] = contextvars.ContextVar("harness_origin", default=None)


# --------------------------------------------------------------------------------------
# The in-process transport
# --------------------------------------------------------------------------------------


class _FakeResponse:
    """Enough of aiohttp's response for discord.py's HTTPException."""

    def __init__(self, status: int, method: str, url: str) -> None:
        import http

        self.status = status
        try:
            self.reason = http.HTTPStatus(status).phrase
        except ValueError:
            self.reason = "Unknown"
        self.headers: Dict[str, str] = {"Content-Type": "application/json"}
        self.method = method
        self.url = url


def _raise_for(status: int, data: Any, method: str, url: str) -> None:
    # _FakeResponse has the attributes discord.py's exceptions read of an aiohttp response
    # (status, reason, headers, method, url); the stubs ask for aiohttp's or requests' class
    # itself. Typed Any rather than ignored per call: without requests installed (a fresh
    # virtual environment) that union is already Any and the ignores were "unused" errors.
    response: Any = _FakeResponse(status, method, url)
    if status == 403:
        raise discord.Forbidden(response, data)
    if status == 404:
        raise discord.NotFound(response, data)
    if status >= 500:
        raise discord.DiscordServerError(response, data)
    raise discord.HTTPException(response, data)


def _read_form(form: Optional[Iterable[Dict[str, Any]]]) -> Tuple[Any, List[Tuple[str, bytes]]]:
    payload: Any = None
    files: List[Tuple[str, bytes]] = []
    for part in form or ():
        value: Any = part.get("value")
        if part.get("name") == "payload_json":
            payload = json.loads(value if isinstance(value, str) else bytes(value).decode())
            continue
        if hasattr(value, "read"):
            data = value.read()
        elif isinstance(value, str):
            data = value.encode()
        else:
            data = bytes(value)
        files.append((part.get("filename") or part.get("name") or "file", data))
    return payload, files


def split_api_path(url: str) -> Tuple[str, Dict[str, str]]:
    """``https://discord.com/api/v10/channels/1?x=y`` -> (``/channels/1``, {"x": "y"})."""
    import yarl

    u = yarl.URL(url)
    path = re.sub(r"^/api(/v\d+)?", "", u.path) or "/"
    return path, {k: v for k, v in u.query.items()}


# One dispatcher on the shared webhook adapter; sessions of harnessed bots go to their
# harness, every other session to discord.py's own method.
_WEBHOOK_SESSIONS: Dict[int, "Harness"] = {}
_ORIGINAL_WEBHOOK_REQUEST = AsyncWebhookAdapter.request


async def _webhook_dispatch(self: AsyncWebhookAdapter, route: Route, session: Any, **kwargs: Any) -> Any:
    harness = _WEBHOOK_SESSIONS.get(id(session))
    if harness is None or harness._session is not session:
        return await _ORIGINAL_WEBHOOK_REQUEST(self, route, session, **kwargs)
    return await harness._webhook_request(route, **kwargs)


def _install_webhook_dispatch() -> None:
    # The fake Discord replaces discord.py's request methods (method-assign is what it does).
    if AsyncWebhookAdapter.request is not _webhook_dispatch:
        AsyncWebhookAdapter.request = _webhook_dispatch  # type: ignore[method-assign]


def _uninstall_webhook_dispatch() -> None:
    if not _WEBHOOK_SESSIONS and AsyncWebhookAdapter.request is _webhook_dispatch:
        AsyncWebhookAdapter.request = _ORIGINAL_WEBHOOK_REQUEST  # type: ignore[method-assign]


class _FakeGateway:
    """Stands in for ``bot.ws`` so gateway commands (presence, member chunks) work."""

    def __init__(self, harness: "Harness") -> None:
        self._harness = harness
        self.open = True
        self.latency = 0.0
        self.shard_id = None
        self.session_id = "harness"
        self.sequence = 0

    def is_ratelimited(self) -> bool:
        return False

    async def change_presence(self, *, activity: Optional[discord.BaseActivity] = None,
                              status: Optional[discord.Status] = None, since: float = 0.0) -> None:
        payload = {"activities": [activity.to_dict()] if activity else [], "status": str(status or "online"), "since": since, "afk": False}
        self._harness.world._record(Sent("other", "GATEWAY PRESENCE_UPDATE", payload=_wire(payload), interaction_id=_ORIGIN.get()))

    async def request_chunks(self, guild_id: int, query: Optional[str] = None, *, limit: int,
                             user_ids: Optional[List[int]] = None, presences: bool = False,
                             nonce: Optional[str] = None) -> None:
        world = self._harness.world
        members = [world.member_json(uid) for uid in world.members if user_ids is None or uid in user_ids]
        if query:
            members = [m for m in members if m["user"]["username"].lower().startswith(query.lower())]
        if limit:
            members = members[:limit]
        data = {"guild_id": str(guild_id), "members": members, "chunk_index": 0, "chunk_count": 1, "not_found": [], "nonce": nonce}
        asyncio.get_running_loop().call_soon(self._harness.feed, "GUILD_MEMBERS_CHUNK", data)

    async def voice_state(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def close(self, code: int = 1000) -> None:
        self.open = False


class _ErrorLogHandler(logging.Handler):
    def __init__(self, harness: "Harness") -> None:
        super().__init__(level=logging.ERROR)
        self._harness = harness

    def emit(self, record: logging.LogRecord) -> None:
        if not record.exc_info or record.exc_info[1] is None:
            return
        origin = _ORIGIN.get()
        if origin is not None and origin not in self._harness._origins:
            return  # another harness's interaction
        if origin is None and not self._harness._running_task_is_ours():
            return
        self._harness._add_error(origin, f"log:{record.name}", record.exc_info[1])


_DEFAULT_WAIT_PREFIXES = ("CommandTree-invoker", "discord.py: ", "discord-ui-")


class Harness:
    """Drive ``bot`` (a ``commands.Bot`` whose cogs are added in ``setup_hook`` or before)
    against a :class:`FakeDiscord`. See the module docstring."""

    def __init__(
        self,
        bot: discord.Client,
        *,
        guild_id: int = DEFAULT_GUILD_ID,
        channel_id: int = DEFAULT_CHANNEL_ID,
        application_id: Optional[int] = None,
        world: Optional[FakeDiscord] = None,
        timeout: float = 15.0,
        ignore_tasks: Sequence[str] = (),
    ) -> None:
        if world is None:
            app_id = application_id or getattr(bot, "application_id", None) or DEFAULT_APPLICATION_ID
            world = FakeDiscord(guild_id=guild_id, channel_id=channel_id, application_id=app_id)
        self.world = world
        self.bot = bot
        self.timeout = timeout
        self.ignore_tasks = tuple(ignore_tasks)
        self.errors: List[Raised] = []
        self._origins: set[int] = set()
        self._session = None
        self._started = False
        self._tasks_at_start: set[asyncio.Task[Any]] = set()
        self._log_handler: Optional[_ErrorLogHandler] = None
        self._tree_on_error_wrapped = False

    # ----- convenience views ---------------------------------------------------------

    @property
    def guild_id(self) -> int:
        return self.world.guild_id

    @property
    def channel_id(self) -> int:
        return self.world.channel_id

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def sent(self) -> List[Sent]:
        return self.world.sent

    @property
    def threads(self) -> Dict[int, ThreadInfo]:
        """Threads the bot created (or that exist in the fake guild): id -> ThreadInfo."""
        return self.world.threads()

    @property
    def guild(self) -> Optional[discord.Guild]:
        return self.bot.get_guild(self.world.guild_id)

    def messages_in(self, channel_id: int) -> List[Sent]:
        """Current state (after edits, without deleted ones) of the messages the bot posted in
        a channel, thread or DM channel, oldest first; ephemeral ones are marked."""
        return self.world.messages_in(channel_id)

    def message(self, message_id: int) -> Sent:
        return self.world.snapshot(message_id)

    def dm_channel_of(self, user_id: int) -> Optional[int]:
        return self.world.dm_channels.get(user_id)

    def dms_to(self, user_id: int) -> List[Sent]:
        """DMs the bot delivered to a user (current state)."""
        ch = self.world.dm_channels.get(user_id)
        return self.world.messages_in(ch) if ch is not None else []

    def _tree(self) -> app_commands.CommandTree[Any]:
        """The bot's slash-command tree (a ``commands.Bot`` has one; a bare ``Client`` does not)."""
        tree = getattr(self.bot, "tree", None)
        if not isinstance(tree, app_commands.CommandTree):
            raise TypeError(f"{type(self.bot).__name__} has no command tree to drive")
        return tree

    def command_parameters(self, command: str) -> List[app_commands.Parameter]:
        """The parameters of ``/command`` ("game move"), as the tree declares them (name,
        display_name, type, required, choices, autocomplete...)."""
        _chain, leaf, _scope = _find_command(self._tree(), command, self.world.guild_id)
        return list(leaf.parameters)

    def mark(self) -> int:
        return len(self.world.sent)

    def notified_since(self, mark: int) -> List[int]:
        """The users Discord would have notified since ``mark`` (mentions in created messages
        that ``allowed_mentions`` permits; edits notify nobody)."""
        return self.world.notified_since(mark)

    def pings_since(self, mark: int) -> List[Json]:
        return [note for note in self.world.notifications if note["mark"] >= mark]

    def sent_since(self, mark: int) -> List[Sent]:
        return self.world.sent[mark:]

    # ----- users ---------------------------------------------------------------------

    def add_user(self, user_id: int, name: str, *, locale: str = "en-US", admin: bool = False) -> None:
        """A guild member with @everyone's permissions (``admin=True``: an Administrator
        role). The guild's owner is a separate user. After start(), the bot is told with
        GUILD_MEMBER_ADD."""
        is_new = user_id not in self.world.members
        self.world.add_user(user_id, name, locale=locale, admin=admin)
        if self._started and is_new:
            data = self.world.member_json(user_id)
            data["guild_id"] = str(self.world.guild_id)
            self.feed("GUILD_MEMBER_ADD", data)

    def set_locale(self, user_id: int, locale: str) -> None:
        self.world.locales[user_id] = locale

    def rate_limit(self, route_pattern: str, times: int = 1, retry_after: float = 0.05) -> None:
        """The next ``times`` requests matching ``route_pattern`` ("POST /channels/") get 429."""
        self.world.rate_limits.append([route_pattern, times, retry_after])

    def late_first_answer(self, times: int = 1) -> None:
        """The next ``times`` interactions reach the bot after Discord's 3 seconds."""
        self.world.late_interactions += times

    def delete_channel(self, channel_id: int, *, while_offline: bool = False) -> None:
        """Delete a thread or a channel (see FakeDiscord.delete_channel)."""
        self.world.delete_channel(channel_id, while_offline=while_offline)

    def remove_bot_from_guild(self) -> None:
        self.world.remove_bot_from_guild()

    def member_leaves(self, user_id: int, *, delete_account: bool = False) -> None:
        self.world.member_leaves(user_id, delete_account=delete_account)

    async def sigterm(self, timeout: Optional[float] = None) -> None:
        """Send this process a real SIGTERM (the bot must have installed its handler, as
        ``python -m bot`` does) and wait until the bot has closed."""
        import signal
        if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
            raise RuntimeError("no SIGTERM handler is installed: it would kill the test process")
        signal.raise_signal(signal.SIGTERM)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout or self.timeout)
        while not self.bot.is_closed():
            if loop.time() > deadline:
                raise HarnessTimeout("the bot did not close after SIGTERM")
            await asyncio.sleep(0.01)
        await self.settle()   # the shutdown itself, and whatever was in flight, run to their end

    def set_dm_closed(self, user_id: int, closed: bool = True, code: int = 50007) -> None:
        """Sending a DM to this user answers 403 with ``code``: 50007 (DMs closed) or 50278
        (no mutual server); opening the DM channel still works."""
        self.world.dm_error[user_id] = code
        if closed:
            self.world.dm_closed.add(user_id)
        else:
            self.world.dm_closed.discard(user_id)

    # ----- life cycle ----------------------------------------------------------------

    async def __aenter__(self) -> "Harness":
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        if self._started:
            raise RuntimeError("harness already started")
        bot = self.bot
        if getattr(bot, "application_id", None) not in (None, self.world.application_id):
            raise ValueError(f"bot.application_id {bot.application_id} differs from the fake Discord's {self.world.application_id}")
        self._tasks_at_start = set(asyncio.all_tasks())
        self.world.sink = self._sink
        clock = getattr(bot, "clock", None)
        if callable(clock):
            self.world.clock = clock   # threads archive on the bot's (fake) clock
        http = bot.http
        # Requests go to the fake Discord instead of the network: replacing the methods is the point.
        http.request = self._http_request  # type: ignore[method-assign]
        http.get_from_cdn = self._get_from_cdn  # type: ignore[method-assign]
        _install_webhook_dispatch()
        self._log_handler = _ErrorLogHandler(self)
        logging.getLogger().addHandler(self._log_handler)
        try:
            await asyncio.wait_for(bot.login("fake-token"), timeout=self.timeout)
            self._session = http._HTTPClient__session  # type: ignore[attr-defined]  # name-mangled private
            _WEBHOOK_SESSIONS[id(self._session)] = self
            self._wrap_tree_on_error()
            bot.ws = _FakeGateway(self)  # type: ignore[assignment]  # duck-typed stand-in for the gateway
            state = bot._connection
            if isinstance(bot, discord.AutoShardedClient):
                # one shard, as launch_shards would decide for a small bot (no /gateway/bot call)
                bot.shard_count = 1
                state.shard_count = 1
                bot._connection.shard_ids = [0]
            saved_timeout = state.guild_ready_timeout
            state.guild_ready_timeout = 0.01  # the only guild comes right after READY
            before = set(asyncio.all_tasks())
            try:
                self._started = True
                self.feed("READY", self.world.ready_payload())
                self.feed("GUILD_CREATE", self.world.guild_payload(members_intent=bot.intents.members))
                await asyncio.wait_for(bot.wait_until_ready(), timeout=self.timeout)
            finally:
                state.guild_ready_timeout = saved_timeout
            await self._settle(before, prefixes_only=True)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Close the bot (as a shutdown would) and remove the patches."""
        bot = self.bot
        self._started = False
        try:
            if not bot.is_closed():
                await asyncio.wait_for(bot.close(), timeout=self.timeout)
        finally:
            if self._session is not None:
                _WEBHOOK_SESSIONS.pop(id(self._session), None)
            _uninstall_webhook_dispatch()
            for name in ("request", "get_from_cdn"):
                bot.http.__dict__.pop(name, None)
            if self._tree_on_error_wrapped:
                tree = getattr(bot, "tree", None)
                if tree is not None:
                    tree.__dict__.pop("on_error", None)
                    if getattr(self, "_saved_tree_on_error", None) is not None:
                        tree.on_error = self._saved_tree_on_error
                self._tree_on_error_wrapped = False
            if self._log_handler is not None:
                logging.getLogger().removeHandler(self._log_handler)
                self._log_handler = None
            if self.world.sink == self._sink:
                self.world.sink = None
            await self._cancel_leftover_internal_tasks()

    async def restart(self, new_bot: discord.Client) -> "Harness":
        """Simulate a restart: close the current bot and start ``new_bot`` against the same fake
        Discord (users, channels, threads, messages, DMs and the ``sent`` log carry over)."""
        await self.close()
        self.bot = new_bot
        self._session = None
        await self.start()
        return self

    async def _cancel_leftover_internal_tasks(self) -> None:
        current = asyncio.current_task()
        leftovers = []
        for task in asyncio.all_tasks():
            if task in self._tasks_at_start or task is current or task.done():
                continue
            name = task.get_name()
            if name.startswith(("discord", "CommandTree")) or _coro_in_discord(task):
                task.cancel()
                leftovers.append(task)
        if leftovers:
            await asyncio.wait(leftovers, timeout=self.timeout)

    def _wrap_tree_on_error(self) -> None:
        tree = getattr(self.bot, "tree", None)
        if tree is None:
            return
        self._saved_tree_on_error = tree.__dict__.get("on_error")
        original = tree.on_error

        async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
            self._add_error(interaction.id, "tree.on_error", error)
            await original(interaction, error)

        tree.on_error = on_error
        self._tree_on_error_wrapped = True

    def _add_error(self, origin: Optional[int], where: str, error: BaseException) -> None:
        for known in self.errors:
            if known.error is error or getattr(known.error, "original", None) is error or getattr(error, "original", None) is known.error:
                return
        self.errors.append(Raised(origin, where, error))

    def _running_task_is_ours(self) -> bool:
        try:
            task = asyncio.current_task()
        except RuntimeError:
            return False
        return task is not None and task not in self._tasks_at_start

    # ----- feeding events ------------------------------------------------------------

    def feed(self, event: str, data: Json) -> None:
        """Feed one gateway dispatch to the bot, exactly as the gateway would."""
        if not self._started:
            return
        parser = self.bot._connection.parsers.get(event)
        if parser is None:
            raise KeyError(f"discord.py has no parser for {event}")
        parser(_wire(data))

    def _sink(self, event: str, data: Json) -> None:
        self.feed(event, data)

    def _feed_as(self, origin: int, event: str, data: Json) -> None:
        self._origins.add(origin)

        def run() -> None:
            _ORIGIN.set(origin)
            self.feed(event, data)

        contextvars.copy_context().run(run)

    async def _settle(self, before: set[asyncio.Task[Any]], *, prefixes_only: bool = False, sent_from: int = 0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        current = asyncio.current_task()
        while True:
            for _ in range(3):
                await asyncio.sleep(0)  # let freshly created tasks take their first step
            pending = [
                t
                for t in asyncio.all_tasks()
                if t not in before and t is not current and not t.done() and self._should_wait(t, prefixes_only)
            ]
            if not pending:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                names = [f"{t.get_name()} ({_coro_name(t)})" for t in pending]
                raise HarnessTimeout(
                    f"the bot was still busy after {self.timeout}s: {names}. A task that lives on "
                    f"by design can be listed in Harness(ignore_tasks=...).",
                    pending=pending,
                    sent=self.world.sent[sent_from:],
                )
            await asyncio.wait(pending, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)

    def _should_wait(self, task: asyncio.Task[Any], prefixes_only: bool) -> bool:
        name = task.get_name()
        if self.ignore_tasks and (name.startswith(self.ignore_tasks) or _coro_name(task).startswith(self.ignore_tasks)):
            return False
        if name.startswith(_DEFAULT_WAIT_PREFIXES):
            return not name.startswith("discord-ui-view-timeout")
        if prefixes_only or _coro_in_discord(task):
            return False  # discord.py's own timers: view timeouts, delete_after, task loops
        return True

    async def settle(self) -> None:
        """Wait until the bot's non-internal tasks started since ``start()`` are done."""
        await self._settle(self._tasks_at_start)

    async def _interact(self, payload: Json) -> Outcome:
        if not self._started:
            raise RuntimeError("call start() first")
        origin = int(payload["id"])
        mark = len(self.world.sent)
        errors_before = len(self.errors)
        before = set(asyncio.all_tasks())
        self._feed_as(origin, "INTERACTION_CREATE", payload)
        await self._settle(before, sent_from=mark)
        sent = [s for s in self.world.sent[mark:] if s.interaction_id == origin]
        errors = [e for e in self.errors[errors_before:] if e.interaction_id in (origin, None)]
        return Outcome(sent, interaction_id=origin, errors=errors)

    # ----- interactions --------------------------------------------------------------

    async def slash(self, user_id: int, command: str, /, *, channel_id: Optional[int] = None, **options: Any) -> Outcome:
        """Run ``/command`` ("game move", ...) as ``user_id`` in the text channel (or
        ``channel_id``: a thread or a DM channel) with ``options`` keyed by parameter name
        (Python or display name); returns what the bot sent because of it. The user's locale
        is the one given to ``add_user``/``set_locale``."""
        tree = self._tree()
        data = build_command_data(self.world, tree, command, options)
        payload = self.world.interaction_payload(type=2, user_id=user_id, channel_id=channel_id or self.world.channel_id, data=data)
        return await self._interact(payload)

    async def autocomplete(self, user_id: int, command: str, /, focused: str, *, channel_id: Optional[int] = None, **options: Any) -> "Choices":
        """Ask for the choices of option ``focused`` (its typed text in ``options[focused]``,
        default ""); returns the choices the bot answered ([] if it did not answer)."""
        tree = self._tree()
        data = build_command_data(self.world, tree, command, options, focused=focused)
        payload = self.world.interaction_payload(type=4, user_id=user_id, channel_id=channel_id or self.world.channel_id, data=data)
        outcome = await self._interact(payload)
        answers = [s for s in outcome if s.kind == "autocomplete" and s.ok]
        return Choices(answers[0].choices if answers else [], outcome=outcome)

    async def click(self, user_id: int, message_id: int, custom_id: str, *, channel_id: Optional[int] = None, values: Optional[Sequence[Any]] = None) -> Outcome:
        """Click a button (or choose ``values`` in a select) on a message the bot sent."""
        message = self.world.messages.get(int(message_id))
        if message is None:
            raise KeyError(f"no message {message_id} (deleted, or never sent by the bot)")
        data = build_component_data(self.world, message, custom_id, values)
        payload = self.world.interaction_payload(
            type=3, user_id=user_id, channel_id=channel_id or int(message["channel_id"]), data=data, message=message
        )
        return await self._interact(payload)

    def last_modal(self, user_id: int) -> Optional[Json]:
        """The ``data`` of the last modal the bot showed to ``user_id`` (custom_id, title,
        components), or None."""
        for shown in reversed(self.world.modals):
            if shown["user_id"] == user_id:
                modal: Json = shown["modal"]
                return modal
        return None

    async def submit_modal(self, user_id: int, values: Dict[str, Any], /, *, custom_id: Optional[str] = None, channel_id: Optional[int] = None) -> Outcome:
        """Fill in and submit the last modal the bot showed to ``user_id`` (or the one with
        ``custom_id``); ``values`` by field custom_id."""
        shown = None
        for entry in reversed(self.world.modals):
            if entry["user_id"] == user_id and (custom_id is None or entry["modal"].get("custom_id") == custom_id):
                shown = entry
                break
        if shown is None:
            raise KeyError(f"the bot showed no modal{' ' + repr(custom_id) if custom_id else ''} to user {user_id}")
        data = build_modal_data(shown["modal"], values)
        message = self.world.messages.get(shown["message_id"] or 0)
        payload = self.world.interaction_payload(
            type=5, user_id=user_id, channel_id=channel_id or shown["channel_id"], data=data, message=message
        )
        return await self._interact(payload)

    # ----- the two intercepted request methods ---------------------------------------

    async def _http_request(self, route: Route, *, files: Optional[Sequence[discord.File]] = None,
                            form: Optional[Iterable[Dict[str, Any]]] = None, **kwargs: Any) -> Any:
        if self.bot.is_closed():
            raise RuntimeError("Session is closed")   # what aiohttp says once the client closed
        path, query = split_api_path(route.url)
        params = kwargs.get("params") or {}
        query.update({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in params.items()})
        body: Any = None
        file_parts: List[Tuple[str, bytes]] = []
        if form:
            body, file_parts = _read_form(form)
        elif "json" in kwargs:
            body = json.loads(discord.utils._to_json(kwargs["json"]))
        elif isinstance(kwargs.get("data"), (str, bytes)):
            body = json.loads(kwargs["data"])
        await asyncio.sleep(0)  # a real request yields to the loop
        status, data = await self._handle_retrying(route.method, path, query, body, file_parts)
        data = _wire(data) if data is not None else ""
        if 200 <= status < 300:
            return data
        _raise_for(status, data, route.method, route.url)

    async def _webhook_request(self, route: Route, *, payload: Optional[Json] = None,
                               multipart: Optional[List[Dict[str, Any]]] = None,
                               files: Optional[Sequence[discord.File]] = None,
                               params: Optional[Dict[str, Any]] = None, **_kwargs: Any) -> Any:
        if self.bot.is_closed():
            raise RuntimeError("Session is closed")
        path, query = split_api_path(route.url)
        query.update({k: str(v) for k, v in (params or {}).items()})
        file_parts: List[Tuple[str, bytes]] = []
        body: Any = None
        if multipart:
            body, file_parts = _read_form(multipart)
        elif payload is not None:
            body = json.loads(discord.utils._to_json(payload))
        await asyncio.sleep(0)
        status, data = await self._handle_retrying(route.method, path, query, body, file_parts)
        data = _wire(data) if data is not None else ""
        if 200 <= status < 300:
            return data
        _raise_for(status, data, route.method, route.url)

    async def _handle_retrying(self, method: str, path: str, query: Dict[str, str], body: Any,
                               file_parts: List[Tuple[str, bytes]]) -> Tuple[int, Any]:
        """One request as discord.py makes it: a 429 is waited out (retry_after) and retried,
        at most 5 times, as discord.py's own request loops do."""
        for _attempt in range(5):
            status, data = self.world.handle(method, path, query=query, body=body, files=file_parts, origin=_ORIGIN.get())
            if status != 429:
                return status, data
            await asyncio.sleep(float((data or {}).get("retry_after", 1.0)))
        return status, data

    async def _get_from_cdn(self, url: str) -> bytes:
        try:
            return self.world.cdn[url]
        except KeyError:
            _raise_for(404, _error(0, "Not Found"), "GET", url)
            raise  # unreachable


def _coro_name(task: asyncio.Task[Any]) -> str:
    coro = task.get_coro()
    return getattr(coro, "__qualname__", None) or repr(coro)


def _coro_in_discord(task: asyncio.Task[Any]) -> bool:
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
    return bool(code and code.co_filename.startswith(_DISCORD_DIR))
