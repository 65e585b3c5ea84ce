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
import datetime as _dt
import itertools
import json
import logging
import os
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import discord
from discord import app_commands
from discord.ext import commands as _commands
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

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
]

_log = logging.getLogger(__name__)

#: A JSON object as Discord sends and receives it (payloads, messages, components).
Json = Dict[str, Any]

DEFAULT_APPLICATION_ID = 1_300_000_000_000_000_001
DEFAULT_GUILD_ID = 1_300_000_000_000_000_002
DEFAULT_CHANNEL_ID = 1_300_000_000_000_000_003
ADMIN_ROLE_ID = 1_300_000_000_000_000_004
BOT_ROLE_ID = 1_300_000_000_000_000_005
OWNER_ID = 1_300_000_000_000_000_006  # owns the guild; not a member the tests talk as

EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
IS_COMPONENTS_V2 = 1 << 15

MAX_FILE_SIZE = 10 * 1024 * 1024  # the default attachment_size_limit (all files of one request)
MAX_THREAD_NAME = 100
_SELECT_TYPES = (3, 5, 6, 7, 8)  # string, user, role, mentionable and channel selects
_DISCORD_DIR = os.path.dirname(discord.__file__)

# The interaction currently being handled (its id), inherited by every task the bot spawns
# while handling it, so each outgoing call is attributed to the interaction that caused it.
_ORIGIN: contextvars.ContextVar[Optional[int]] = contextvars.ContextVar("harness_origin", default=None)


def _wire(obj: Any) -> Any:
    """Round-trip through JSON: only what Discord could have sent gets through."""
    return json.loads(json.dumps(obj))


def _iso(when: Optional[_dt.datetime] = None) -> str:
    when = when or _dt.datetime.now(_dt.timezone.utc)
    return when.isoformat()


def _everyone_permissions() -> int:
    p = discord.Permissions.none()
    p.update(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        read_message_history=True,
        add_reactions=True,
        attach_files=True,
        embed_links=True,
        use_application_commands=True,
        use_external_emojis=True,
        change_nickname=True,
    )
    return p.value


# --------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------


@dataclass
class Sent:
    """One outgoing call of the bot, as Discord received it.

    ``kind`` is one of "response" (interaction callback), "followup", "edit_response" (edit of
    ``@original``), "message" (channel message), "dm", "thread" (thread creation),
    "edit_message", "autocomplete", "other". ``status`` is what the fake Discord answered
    (a DM to a user with closed DMs is recorded with status 403); ``ok`` says it was 2xx.
    """

    kind: str
    route: str
    channel_id: Optional[int] = None
    user_id: Optional[int] = None
    content: Optional[str] = None
    embeds: List[Json] = field(default_factory=list)
    components: List[Json] = field(default_factory=list)
    files: List[Tuple[str, bytes]] = field(default_factory=list)
    ephemeral: bool = False
    message_id: Optional[int] = None
    thread_id: Optional[int] = None
    callback_type: Optional[int] = None
    interaction_id: Optional[int] = None
    status: int = 200
    payload: Any = None
    response: Any = None

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def custom_ids(self) -> List[str]:
        """Every custom_id in the components, in order (buttons, selects, nested v2)."""
        return [c["custom_id"] for c in _walk_components(self.components) if "custom_id" in c]

    @property
    def choices(self) -> List[Json]:
        """The choices of an autocomplete answer."""
        if self.kind != "autocomplete" or not isinstance(self.payload, dict):
            return []
        return list((self.payload.get("data") or {}).get("choices") or [])

    def __repr__(self) -> str:  # short and readable in assertion messages
        bits = [f"kind={self.kind!r}", f"route={self.route!r}"]
        if self.status != 200:
            bits.append(f"status={self.status}")
        if self.content is not None:
            bits.append(f"content={self.content!r}")
        if self.embeds:
            bits.append(f"embeds={len(self.embeds)}")
        if self.files:
            bits.append(f"files={[n for n, _ in self.files]}")
        if self.components:
            bits.append(f"custom_ids={self.custom_ids}")
        if self.ephemeral:
            bits.append("ephemeral")
        if self.message_id:
            bits.append(f"message_id={self.message_id}")
        return f"Sent({', '.join(bits)})"


@dataclass
class Raised:
    """An exception raised inside the bot while it handled an interaction (or an event)."""

    interaction_id: Optional[int]
    where: str
    error: BaseException

    @property
    def original(self) -> BaseException:
        """The exception the command itself raised (unwrapping discord.py's wrappers)."""
        err = self.error
        while isinstance(err, (app_commands.CommandInvokeError, _commands.CommandInvokeError)) and getattr(
            err, "original", None
        ) is not None:
            err = err.original
        return err


class Outcome(List[Sent]):
    """What one interaction caused: a list of :class:`Sent`, plus ``errors`` raised meanwhile."""

    def __init__(self, items: Iterable[Sent] = (), *, interaction_id: Optional[int] = None, errors: Sequence[Raised] = ()):
        super().__init__(items)
        self.interaction_id = interaction_id
        self.errors: List[Raised] = list(errors)

    def of_kind(self, *kinds: str) -> List[Sent]:
        return [s for s in self if s.kind in kinds]

    @property
    def first(self) -> Sent:
        if not self:
            raise AssertionError(f"the bot sent nothing (errors: {self.errors!r})")
        return self[0]


class Choices(List[Json]):
    """The choices an autocomplete answered (``{"name": ..., "value": ...}``), plus the
    ``outcome`` (its :class:`Sent` records and ``errors``)."""

    def __init__(self, items: Iterable[Json] = (), *, outcome: Optional[Outcome] = None):
        super().__init__(items)
        self.outcome = outcome if outcome is not None else Outcome()
        self.errors = self.outcome.errors


@dataclass
class ThreadInfo:
    """A thread: ``info.name`` / ``info.parent_id``, or as a mapping ``info["name"]``,
    ``info["parent_id"]`` (also ``info["parent"]``)."""

    name: str
    parent_id: int
    type: int = 11
    archived: bool = False
    locked: bool = False

    def __getitem__(self, key: str) -> Any:
        if key == "parent":
            key = "parent_id"
        if key not in self.__dataclass_fields__:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def keys(self) -> List[str]:
        return list(self.__dataclass_fields__)


class HarnessTimeout(asyncio.TimeoutError):
    """The bot did not finish within the harness's bounded timeout."""

    def __init__(self, message: str, *, pending: Sequence[asyncio.Task[Any]] = (), sent: Sequence[Sent] = ()):
        super().__init__(message)
        self.pending = list(pending)
        self.sent = list(sent)


def _walk_components(components: Iterable[Json]) -> Iterable[Json]:
    for comp in components or ():
        if not isinstance(comp, dict):
            continue
        yield comp
        yield from _walk_components(comp.get("components") or ())
        if isinstance(comp.get("accessory"), dict):
            yield from _walk_components([comp["accessory"]])
        if isinstance(comp.get("component"), dict):  # label (modals)
            yield from _walk_components([comp["component"]])


# --------------------------------------------------------------------------------------
# The fake Discord (transport independent)
# --------------------------------------------------------------------------------------


def _error(code: int, message: str, errors: Optional[Json] = None) -> Json:
    body: Dict[str, Any] = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    return body


def _form_error(path: str, code: str, message: str) -> Json:
    node: Dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".")):
        node = {part: node}
    return _error(50035, "Invalid Form Body", node)


def _bad_channel_name(body: Json) -> Optional[Json]:
    """Discord's answer to a channel or thread name outside 1-100 characters (else None)."""
    name = body.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_THREAD_NAME:
        return _form_error("name", "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MAX_THREAD_NAME} in length.")
    return None


def _validate_modal(data: Json) -> Optional[Tuple[int, Json]]:
    """What Discord refuses in a modal: a title of 1-45 characters, at most 5 rows, text
    inputs with a label of at most 45 characters and a placeholder of at most 100."""
    if not 1 <= len(data.get("title") or "") <= 45:
        return 400, _form_error("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
    if len(data.get("components") or []) > 5:
        return 400, _form_error("data.components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for comp in _walk_components(data.get("components") or []):
        if comp.get("type") == 4 and len(comp.get("label") or "") > 45:
            return 400, _form_error("data.components", "BASE_TYPE_MAX_LENGTH", "label must be 45 or fewer in length.")
        if comp.get("type") == 4 and len(comp.get("placeholder") or "") > 100:
            return 400, _form_error("data.components", "BASE_TYPE_MAX_LENGTH", "placeholder must be 100 or fewer in length.")
        if comp.get("type") in _SELECT_TYPES and len(comp.get("placeholder") or "") > 150:
            return 400, _form_error("data.components", "BASE_TYPE_MAX_LENGTH", "placeholder must be 150 or fewer in length.")
    return None


class ThreadArchived(Exception):
    """A test tried to run a slash command in an archived thread (Discord's client refuses)."""

    reason = "archived"


class ThreadLocked(ThreadArchived):
    """A test tried to run a slash command in a locked thread without Manage Threads (the
    client offers no message box there). A ThreadArchived for old handlers, with its own
    reason: a locked thread stays locked when the bot posts, an archived one reopens."""

    reason = "locked"


_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def command_payload_error(cmd: Json, path: str) -> Optional[Tuple[str, str]]:
    """What Discord refuses in one application command of a bulk overwrite (the whole sync
    fails then): names 1-32 lower-case characters without spaces, descriptions 1-100, in
    every localisation too; at most 25 options and 25 choices; 8,000 characters in all."""
    def bad_name(name: Any) -> bool:
        return not isinstance(name, str) or not _COMMAND_NAME.match(name) or name != name.lower()

    def bad_text(text: Any, limit: int = 100) -> bool:
        return not isinstance(text, str) or not 1 <= len(text) <= limit

    total = 0

    def walk(node: Json, where: str, is_choice: bool = False, is_option: bool = False) -> Optional[Tuple[str, str]]:
        nonlocal total
        name = node.get("name")
        if is_choice:
            if bad_text(name):
                return f"{where}.name", "choice names are 1-100 characters"
        elif bad_name(name):
            return f"{where}.name", "Command name is invalid"
        for locale, text in (node.get("name_localizations") or {}).items():
            if (bad_text(text) if is_choice else bad_name(text)):
                return f"{where}.name_localizations.{locale}", "Command name is invalid"
        total += len(name or "") + sum(len(t) for t in (node.get("name_localizations") or {}).values())
        if not is_choice:
            # every option (sub-command, group or value) and every slash command needs a
            # description of 1-100 characters; context-menu commands (types 2, 3) have none
            needs_description = is_option or node.get("type", 1) == 1
            if needs_description and bad_text(node.get("description")):
                return f"{where}.description", "Must be between 1 and 100 in length."
            for locale, text in (node.get("description_localizations") or {}).items():
                if bad_text(text):
                    return f"{where}.description_localizations.{locale}", "Must be between 1 and 100 in length."
            total += len(node.get("description") or "") + sum(
                len(t) for t in (node.get("description_localizations") or {}).values())
        else:
            total += len(str(node.get("value", "")))
        options = node.get("options") or []
        choices = node.get("choices") or []
        if len(options) > 25 or len(choices) > 25:
            return f"{where}.options", "Must be 25 or fewer in length."
        for index, option in enumerate(options):
            if (error := walk(option, f"{where}.options.{index}", is_option=True)) is not None:
                return error
        for index, choice in enumerate(choices):
            if (error := walk(choice, f"{where}.choices.{index}", True)) is not None:
                return error
        return None

    error = walk(cmd, path)
    if error is None and total > 8000:
        return path, "Command exceeds maximum size (8000)"
    return error


class FakeDiscord:
    """An in-memory Discord: one guild with one text channel, its members, threads, DMs,
    messages and interactions. ``handle()`` answers one REST call; ``sink`` receives the
    gateway events the server would push (``sink(event_name, data)``).
    """

    def __init__(
        self,
        *,
        guild_id: int = DEFAULT_GUILD_ID,
        channel_id: int = DEFAULT_CHANNEL_ID,
        application_id: int = DEFAULT_APPLICATION_ID,
        guild_name: str = "Harness Guild",
        channel_name: str = "games",
        bot_name: str = "HarnessBot",
    ) -> None:
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.application_id = application_id
        self.guild_name = guild_name
        self.bot_user_id = application_id
        self.owner_id: int = OWNER_ID
        self.sent: List[Sent] = []
        self.users: Dict[int, Json] = {}
        self.members: Dict[int, Json] = {}
        self.locales: Dict[int, str] = {}
        self.guild_locale: str = "en-US"       # the server's preferred language
        # Permissions the server's admins did not give the bot (discord.Permissions names);
        # the REST calls that need them answer 403 / 50013 Missing Permissions.
        self.bot_denied: set[str] = set()
        self.notifications: List[Json] = []     # who each created message pinged (see _notify)
        self.rate_limits = []
        self.dm_error: Dict[int, int] = {}        # user id -> the error code of a refused DM (50007, 50278)
        self.clock: Callable[[], float] = time.time   # threads archive when idle on this clock
        self.thread_activity: Dict[int, float] = {}   # thread id -> last message (clock time)
        self.dm_closed: set[int] = set()
        self.channels: Dict[int, Json] = {}
        self.dm_channels: Dict[int, int] = {}  # user id -> DM channel id
        self.thread_members: Dict[int, set[int]] = {}
        self.messages: Dict[int, Json] = {}
        self.message_files: Dict[int, List[Tuple[str, bytes]]] = {}
        self.message_kind: Dict[int, str] = {}
        self.channel_messages: Dict[int, List[int]] = {}
        self.interactions: Dict[str, Json] = {}
        self.commands: Dict[Optional[int], List[Json]] = {}
        self.command_ids: Dict[Tuple[Optional[int], str], int] = {}
        self.cdn: Dict[str, bytes] = {}
        self.modals: List[Json] = []  # modals shown (callback type 9), newest last
        self.sink: Optional[Callable[[str, Json], None]] = None
        self._last_id = 0
        self._seq = itertools.count(1)

        self.roles: Dict[int, Json] = {
            guild_id: self._role(guild_id, "@everyone", _everyone_permissions(), position=0),
            ADMIN_ROLE_ID: self._role(ADMIN_ROLE_ID, "Admin", discord.Permissions.all().value, position=1),
            BOT_ROLE_ID: self._role(BOT_ROLE_ID, bot_name, discord.Permissions.all().value, position=2, managed=True),
        }
        self.bot_user = {
            "id": str(self.bot_user_id),
            "username": bot_name,
            "global_name": None,
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "public_flags": 0,
            "flags": 0,
            "verified": True,
            "mfa_enabled": False,
        }
        self.users[self.bot_user_id] = self.bot_user
        self.members[self.bot_user_id] = self._member_json(self.bot_user_id, roles=[BOT_ROLE_ID])
        self.channels[channel_id] = {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild_id),
            "name": channel_name,
            "position": 0,
            "permission_overwrites": [],
            "parent_id": None,
            "nsfw": False,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }

    # ----- ids and basic objects -----------------------------------------------------

    def new_id(self) -> int:
        """A genuine, strictly increasing snowflake."""
        now = discord.utils.time_snowflake(_dt.datetime.now(_dt.timezone.utc))
        self._last_id = max(self._last_id + 1, now)
        return self._last_id

    @staticmethod
    def _role(role_id: int, name: str, permissions: int, *, position: int, managed: bool = False) -> Json:
        return {
            "id": str(role_id),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": position,
            "permissions": str(permissions),
            "managed": managed,
            "mentionable": False,
            "flags": 0,
        }

    def add_user(self, user_id: int, name: str, *, locale: str = "en-US", member: bool = True, admin: bool = False) -> Json:
        user = {
            "id": str(user_id),
            "username": name,
            "global_name": name,
            "discriminator": "0",
            "avatar": None,
            "bot": False,
            "public_flags": 0,
        }
        self.users[user_id] = user
        self.locales[user_id] = locale
        if member:
            self.members[user_id] = self._member_json(user_id, roles=[ADMIN_ROLE_ID] if admin else [])
        return user

    def _member_json(self, user_id: int, *, roles: List[int]) -> Json:
        return {
            "roles": [str(r) for r in roles],
            "nick": None,
            "avatar": None,
            "banner": None,
            "joined_at": _iso(),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }

    def user_json(self, user_id: int) -> Json:
        try:
            return self.users[user_id]
        except KeyError:
            raise KeyError(f"unknown user {user_id}: call add_user() first") from None

    def member_json(self, user_id: int, *, with_user: bool = True, with_permissions: bool = False) -> Json:
        data = dict(self.members[user_id])
        if with_user:
            data["user"] = self.user_json(user_id)
        if with_permissions:
            data["permissions"] = str(self.permissions_of(user_id))
        return data

    def permissions_of(self, user_id: int) -> int:
        if user_id == self.bot_user_id and self.bot_denied:
            denied = discord.Permissions(**{name: True for name in self.bot_denied}).value
            return discord.Permissions.all().value & ~denied
        if user_id == self.owner_id:
            return discord.Permissions.all().value
        value = int(self.roles[self.guild_id]["permissions"])
        for role_id in self.members.get(user_id, {}).get("roles", []):
            value |= int(self.roles[int(role_id)]["permissions"])
        if value & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return value

    def channel_permissions(self, user_id: int, channel_id: int) -> int:
        """The member's permissions in a channel: the server's, plus the member overrides of
        the channel (of the parent channel, for a thread)."""
        value = self.permissions_of(user_id)
        ch = self.channels.get(channel_id) or {}
        if ch.get("type") in (10, 11, 12):
            ch = self.channels.get(int(ch["parent_id"])) or {}
        for overwrite in ch.get("permission_overwrites") or []:
            if int(overwrite["id"]) == user_id:
                value = (value & ~int(overwrite["deny"])) | int(overwrite["allow"])
        return value

    def is_thread(self, channel_id: int) -> bool:
        ch = self.channels.get(channel_id)
        return ch is not None and ch["type"] in (10, 11, 12)

    def is_dm(self, channel_id: int) -> bool:
        ch = self.channels.get(channel_id)
        return ch is not None and ch["type"] == 1

    def dm_user(self, channel_id: int) -> Optional[int]:
        for user_id, ch_id in self.dm_channels.items():
            if ch_id == channel_id:
                return user_id
        return None

    def threads(self) -> Dict[int, ThreadInfo]:
        out: Dict[int, ThreadInfo] = {}
        for ch_id, ch in self.channels.items():
            if ch["type"] in (10, 11, 12):
                meta = ch["thread_metadata"]
                out[ch_id] = ThreadInfo(ch["name"], int(ch["parent_id"]), ch["type"], meta["archived"], meta["locked"])
        return out

    def guild_channels(self) -> List[Json]:
        return [ch for ch in self.channels.values() if ch["type"] in (0, 2, 4, 5, 13, 15, 16)]

    def active_threads(self) -> List[Json]:
        out = []
        for ch in self.channels.values():
            if ch["type"] in (10, 11, 12) and not ch["thread_metadata"]["archived"]:
                thread = dict(ch)
                if self.bot_user_id in self.thread_members.get(int(ch["id"]), set()):
                    thread["member"] = self._thread_member(int(ch["id"]), self.bot_user_id)
                out.append(thread)
        return out

    def _thread_member(self, thread_id: int, user_id: int) -> Json:
        return {"id": str(thread_id), "user_id": str(user_id), "join_timestamp": _iso(), "flags": 0}

    # ----- gateway payloads ----------------------------------------------------------

    def ready_payload(self) -> Json:
        return {
            "v": 10,
            "user": self.bot_user,
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": f"harness-session-{self.new_id()}",
            "resume_gateway_url": "wss://gateway.invalid",
            "shard": [0, 1],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth_session_id_hash": "",
            "_trace": ["harness"],
        }

    def guild_payload(self, *, with_members: bool = True, members_intent: bool = True) -> Json:
        """GUILD_CREATE (or, without members, the REST guild). Without the members intent
        Discord sends only the bot's own member, as here."""
        uids = [uid for uid in self.members if members_intent or uid == self.bot_user_id]
        members = [self.member_json(uid) for uid in uids] if with_members else []
        data = {
            "id": str(self.guild_id),
            "name": self.guild_name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": list(self.roles.values()),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.guild_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
            "max_video_channel_users": 25,
        }
        if with_members:
            data.update(
                {
                    "joined_at": _iso(),
                    "large": False,
                    "unavailable": False,
                    "member_count": len(self.members),
                    "members": members,
                    "channels": [{k: v for k, v in ch.items() if k != "guild_id"} for ch in self.guild_channels()],
                    "threads": self.active_threads(),
                    "presences": [],
                    "voice_states": [],
                    "stage_instances": [],
                    "guild_scheduled_events": [],
                    "soundboard_sounds": [],
                }
            )
        return data

    def app_info(self) -> Json:
        owner = self.users.get(self.owner_id)
        return {
            "id": str(self.application_id),
            "name": self.bot_user["username"],
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": False,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": owner or {"id": str(self.owner_id), "username": "owner", "discriminator": "0", "avatar": None, "global_name": None},
            "team": None,
            "flags": 0,
            "bot": self.bot_user,
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
        }

    def emit(self, event: str, data: Json) -> None:
        if self.sink is not None:
            self.sink(event, _wire(data))

    # ----- interactions --------------------------------------------------------------

    def channel_for_interaction(self, channel_id: int, user_id: int) -> Json:
        ch = dict(self.channels[channel_id])
        if ch["type"] != 1:
            ch["permissions"] = str(self.channel_permissions(user_id, channel_id))
        return ch

    def interaction_payload(
        self,
        *,
        type: int,
        user_id: int,
        channel_id: int,
        data: Json,
        message: Optional[Json] = None,
        locale: Optional[str] = None,
    ) -> Json:
        if channel_id not in self.channels:
            raise KeyError(f"unknown channel {channel_id}: the text channel, a thread or a DM the bot opened")
        self.archive_idle_threads()
        channel = self.channels[channel_id]
        if type == 2 and channel["type"] in (10, 11, 12) and channel["thread_metadata"]["archived"]:
            raise ThreadArchived(f"thread {channel_id} is archived: Discord lets nobody run commands in it")
        if (type == 2 and channel["type"] in (10, 11, 12) and channel["thread_metadata"]["locked"]
                and not self.permissions_of(user_id) & discord.Permissions(manage_threads=True).value):
            raise ThreadLocked(f"thread {channel_id} is locked: only moderators can use it")
        interaction_id = self.new_id()
        token = f"harness-token-{interaction_id}"
        payload: Dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": type,
            "data": data,
            "channel_id": str(channel_id),
            "channel": self.channel_for_interaction(channel_id, user_id),
            "token": token,
            "version": 1,
            "app_permissions": str(self.permissions_of(self.bot_user_id)),
            "locale": locale or self.locales.get(user_id, "en-US"),
            "entitlements": [],
            "attachment_size_limit": MAX_FILE_SIZE,
        }
        if self.is_dm(channel_id):
            payload["user"] = self.user_json(user_id)
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        else:
            if user_id not in self.members:
                raise KeyError(f"user {user_id} is not a member of the guild: call add_user() first")
            payload["guild_id"] = str(self.guild_id)
            payload["guild"] = {"id": str(self.guild_id), "locale": self.guild_locale, "features": []}
            payload["guild_locale"] = self.guild_locale
            payload["member"] = self.member_json(user_id, with_permissions=True)
            payload["member"]["permissions"] = str(self.channel_permissions(user_id, channel_id))
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        if message is not None:
            payload["message"] = message
        self.interactions[token] = {
            "id": interaction_id,
            "type": type,
            "user_id": user_id,
            "channel_id": channel_id,
            "responded": False,
            "original_message_id": None,
            "component_message_id": int(message["id"]) if message is not None else None,
            "name": data.get("name"),
            "created": time.monotonic(),
        }
        if self.late_interactions > 0 and type != 4:
            # The bot gets this interaction only after Discord's 3 seconds (a slow gateway, a
            # busy loop): its first answer is refused with 10062, its token useless.
            self.late_interactions -= 1
            self.interactions[token]["created"] -= self.first_reply_seconds + 1
        wired: Json = _wire(payload)
        return wired

    # ----- messages ------------------------------------------------------------------

    def archive_idle_threads(self) -> None:
        """Discord archives a thread idle for its ``auto_archive_duration`` minutes."""
        now = self.clock()
        for thread_id, last in self.thread_activity.items():
            meta = self.channels[thread_id]["thread_metadata"]
            if not meta["archived"] and now - last >= meta["auto_archive_duration"] * 60:
                meta["archived"] = True
                meta["archive_timestamp"] = _iso()
                if self.sink is not None:
                    self.emit("THREAD_UPDATE", self.channels[thread_id])

    def _notify(self, message_id: int, channel_id: int, payload: Json) -> None:
        """Discord notifies mentioned users, roles and @everyone only when a message is
        created (never on an edit), and only as ``allowed_mentions`` permits (absent: all)."""
        content = payload.get("content") or ""
        allowed = payload.get("allowed_mentions")
        if allowed is None:
            parse, users, roles = {"users", "roles", "everyone"}, set(), set()
        else:
            parse = set(allowed.get("parse") or [])
            users = {str(u) for u in allowed.get("users") or []}
            roles = {str(r) for r in allowed.get("roles") or []}
        pinged_users = [int(m) for m in dict.fromkeys(re.findall(r"<@!?(\d+)>", content))
                        if "users" in parse or m in users]
        pinged_roles = [int(m) for m in dict.fromkeys(re.findall(r"<@&(\d+)>", content))
                        if "roles" in parse or m in roles]
        everyone = "everyone" in parse and ("@everyone" in content or "@here" in content)
        if pinged_users or pinged_roles or everyone:
            self.notifications.append({"mark": len(self.sent), "message_id": message_id, "channel_id": channel_id,
                                       "users": pinged_users, "roles": pinged_roles, "everyone": everyone})

    def notified_since(self, mark: int) -> List[int]:
        """Users notified (pinged) by messages created since ``mark`` (see Harness.mark)."""
        return [user for note in self.notifications if note["mark"] >= mark for user in note["users"]]

    def _mentions(self, content: Optional[str]) -> List[Json]:
        out: List[Json] = []
        for match in re.finditer(r"<@!?(\d+)>", content or ""):
            uid = int(match.group(1))
            if uid in self.users and all(int(u["id"]) != uid for u in out):
                user = dict(self.users[uid])
                if uid in self.members:
                    user["member"] = self.member_json(uid, with_user=False)
                out.append(user)
        return out

    def _attachments(self, channel_id: int, message_id: int, payload: Json, files: List[Tuple[str, bytes]], keep: List[Json]) -> List[Json]:
        described = {}
        for att in payload.get("attachments") or []:
            if isinstance(att, dict) and "id" in att:
                described[str(att["id"])] = att
        out = list(keep)
        for index, (filename, data) in enumerate(files):
            att_id = self.new_id()
            desc = described.get(str(index), {})
            url = f"https://cdn.discordapp.com/attachments/{channel_id}/{att_id}/{filename}"
            self.cdn[url] = data
            entry = {
                "id": str(att_id),
                "filename": filename,
                "size": len(data),
                "url": url,
                "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
                "content_type": _content_type(filename),
            }
            if desc.get("description"):
                entry["description"] = desc["description"]
            if filename.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".webp")):
                size = _image_size(data)
                if size:
                    entry["width"], entry["height"] = size
            out.append(entry)
        return out

    def _validate_message(self, payload: Json, files: List[Tuple[str, bytes]], *, edit: bool = False) -> Optional[Tuple[int, Json]]:
        content = payload.get("content")
        if content is not None and len(content) > 2000:
            return 400, _form_error("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
        embeds = payload.get("embeds") or []
        if len(embeds) > 10:
            return 400, _form_error("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
        total = 0
        for i, embed in enumerate(embeds):
            total += len(embed.get("title") or "") + len(embed.get("description") or "")
            total += len((embed.get("footer") or {}).get("text") or "") + len((embed.get("author") or {}).get("name") or "")
            for where, text, limit in (
                ("title", embed.get("title"), 256),
                ("description", embed.get("description"), 4096),
                ("footer.text", (embed.get("footer") or {}).get("text"), 2048),
                ("author.name", (embed.get("author") or {}).get("name"), 256),
            ):
                if len(text or "") > limit:
                    return 400, _form_error(f"embeds.{i}.{where}", "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
            fields = embed.get("fields") or []
            if len(fields) > 25:
                return 400, _form_error(f"embeds.{i}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            for j, f in enumerate(fields):
                for key, limit in (("name", 256), ("value", 1024)):
                    if not 1 <= len(f.get(key) or "") <= limit:
                        return 400, _form_error(f"embeds.{i}.fields.{j}.{key}", "BASE_TYPE_BAD_LENGTH",
                                                f"Must be between 1 and {limit} in length.")
                total += len(f.get("name") or "") + len(f.get("value") or "")
        if total > 6000:
            return 400, _form_error("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
        components = payload.get("components") or []
        v2 = bool((payload.get("flags") or 0) & IS_COMPONENTS_V2)
        if not v2 and len(components) > 5:
            return 400, _form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if not v2 and row.get("type") == 1 and len(row.get("components") or []) > 5:
                return 400, _form_error(f"components.{i}.components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for row in _walk_components(components):
            # an action row holds up to five buttons or one select menu, never both
            children = row.get("components") or [] if row.get("type") == 1 else []
            if any(c.get("type") in _SELECT_TYPES for c in children) and len(children) > 1:
                return 400, _form_error("components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                                        "The specified component exceeds the maximum width")
        ids = [comp["custom_id"] for comp in _walk_components(components) if comp.get("custom_id")]
        if len(ids) != len(set(ids)):
            return 400, _form_error("components", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        if len(files) > 10:
            return 400, _form_error("files", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
        for comp in _walk_components(components):
            if comp.get("type") == 3 and not comp.get("options"):
                return 400, _form_error("components", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            if len(comp.get("custom_id") or "") > 100:
                return 400, _form_error("components", "BASE_TYPE_MAX_LENGTH", "custom_id must be 100 or fewer in length.")
            if comp.get("type") == 3 and len(comp.get("options") or []) > 25:
                return 400, _form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            if comp.get("type") == 2 and len(comp.get("label") or "") > 80:
                return 400, _form_error("components", "BASE_TYPE_MAX_LENGTH", "label must be 80 or fewer in length.")
            if comp.get("type") == 2 and comp.get("style") != 6 and not comp.get("label") and not comp.get("emoji"):
                # only a premium button (style 6, an SKU) may go without both
                return 400, _form_error("components", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                                        "A button must have a label or an emoji")
            if comp.get("type") in _SELECT_TYPES and len(comp.get("placeholder") or "") > 150:
                return 400, _form_error("components", "BASE_TYPE_MAX_LENGTH", "placeholder must be 150 or fewer in length.")
            options = (comp.get("options") or []) if comp.get("type") == 3 else []
            if any(len(o.get("label") or "") > 100 or len(o.get("value") or "") > 100 for o in options):
                return 400, _form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
            if len({o.get("value") for o in options}) != len(options):
                return 400, _form_error("components", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                                        "Select component option values must be unique")
        # the upload limit (attachment_size_limit) holds for the request, all its files together
        if sum(len(data) for _name, data in files) > MAX_FILE_SIZE:
            return 413, _error(40005, "Request entity too large")
        if not edit and not (content or embeds or files or components or payload.get("sticker_ids") or payload.get("poll")):
            return 400, _error(50006, "Cannot send an empty message")
        return None

    def create_message(self, channel_id: int, payload: Json, files: List[Tuple[str, bytes]], *, kind: str, author_webhook: bool = False, interaction: Optional[Json] = None) -> Json:
        message_id = self.new_id()
        flags = int(payload.get("flags") or 0)
        message: Json = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": self.bot_user,
            "content": payload.get("content") or "",
            "timestamp": _iso(),
            "edited_timestamp": None,
            "tts": bool(payload.get("tts")),
            "mention_everyone": False,
            "mentions": self._mentions(payload.get("content")),
            "mention_roles": [],
            "attachments": self._attachments(channel_id, message_id, payload, files, []),
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": flags,
        }
        if not self.is_dm(channel_id):
            message["guild_id"] = str(self.guild_id)
            message["member"] = self.member_json(self.bot_user_id, with_user=False)
        if payload.get("message_reference"):
            ref = dict(payload["message_reference"])
            ref.setdefault("channel_id", str(channel_id))
            message["message_reference"] = ref
            message["type"] = 19
            ref_msg = self.messages.get(int(ref.get("message_id", 0) or 0))
            if ref_msg is not None:
                message["referenced_message"] = ref_msg
        if author_webhook and interaction is not None:
            message["webhook_id"] = str(self.application_id)
            message["application_id"] = str(self.application_id)
            message["type"] = 20 if interaction["type"] == 2 else 0
            message["interaction_metadata"] = {
                "id": str(interaction["id"]),
                "type": interaction["type"],
                "user": self.user_json(interaction["user_id"]),
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            }
            if interaction["type"] == 2 and interaction.get("name"):
                message["interaction_metadata"]["name"] = interaction["name"]
        self.messages[message_id] = message
        self.message_files[message_id] = list(files)
        if channel_id in self.thread_activity:
            self.thread_activity[channel_id] = self.clock()
        if not flags & EPHEMERAL:
            self._notify(message_id, channel_id, payload)
        self.message_kind[message_id] = kind
        self.channel_messages.setdefault(channel_id, []).append(message_id)
        if channel_id in self.channels:
            self.channels[channel_id]["last_message_id"] = str(message_id)
            if self.is_thread(channel_id):
                self.channels[channel_id]["message_count"] += 1
                self.channels[channel_id]["total_message_sent"] += 1
        return message

    def edit_message(self, message_id: int, payload: Json, files: List[Tuple[str, bytes]]) -> Json:
        message = self.messages[message_id]
        for key in ("content", "embeds", "components"):
            if key in payload:
                message[key] = payload[key] if payload[key] is not None else ([] if key != "content" else "")
        if "content" in payload:
            message["mentions"] = self._mentions(message["content"])
        if "flags" in payload and payload["flags"] is not None:
            message["flags"] = (message["flags"] & (EPHEMERAL | HAS_THREAD)) | int(payload["flags"])
        message["flags"] &= ~LOADING
        channel_id = int(message["channel_id"])
        if "attachments" in payload:
            keep_ids = {str(a["id"]) for a in payload["attachments"] or [] if isinstance(a, dict)}
            keep = [a for a in message["attachments"] if a["id"] in keep_ids]
            old_files = self.message_files.get(message_id, [])
            kept_files = [f for a, f in zip(message["attachments"], old_files) if a["id"] in keep_ids]
        else:
            keep = list(message["attachments"])
            kept_files = list(self.message_files.get(message_id, []))
        message["attachments"] = self._attachments(channel_id, message_id, payload, files, keep)
        self.message_files[message_id] = kept_files + list(files)
        message["edited_timestamp"] = _iso()
        return message

    def snapshot(self, message_id: int) -> Sent:
        """The current state of a message the bot posted, as a :class:`Sent`."""
        m = self.messages[message_id]
        channel_id = int(m["channel_id"])
        return Sent(
            kind=self.message_kind.get(message_id, "message"),
            route=f"GET /channels/{channel_id}/messages/{message_id}",
            channel_id=channel_id,
            user_id=self.dm_user(channel_id),
            content=m["content"],
            embeds=list(m["embeds"]),
            components=list(m["components"]),
            files=list(self.message_files.get(message_id, [])),
            ephemeral=bool(m["flags"] & EPHEMERAL),
            message_id=message_id,
            payload=m,
            response=m,
        )

    def messages_in(self, channel_id: int) -> List[Sent]:
        return [self.snapshot(mid) for mid in self.channel_messages.get(channel_id, []) if mid in self.messages]

    # ----- threads -------------------------------------------------------------------

    def create_thread(self, parent_id: int, payload: Json, *, message_id: Optional[int] = None) -> Json:
        thread_id = message_id if message_id is not None else self.new_id()
        thread_type = 11 if message_id is not None else int(payload.get("type") or 12)
        now = _iso()
        thread: Json = {
            "id": str(thread_id),
            "guild_id": str(self.guild_id),
            "parent_id": str(parent_id),
            "owner_id": str(self.bot_user_id),
            "type": thread_type,
            "name": payload.get("name") or "thread",
            "last_message_id": None,
            "message_count": 0,
            "total_message_sent": 0,
            "member_count": 1,
            "rate_limit_per_user": int(payload.get("rate_limit_per_user") or 0),
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int(payload.get("auto_archive_duration") or 4320),
                "archive_timestamp": now,
                "locked": False,
                "create_timestamp": now,
            },
        }
        if thread_type == 12:
            thread["thread_metadata"]["invitable"] = bool(payload.get("invitable", True))
        self.channels[thread_id] = thread
        self.thread_activity[thread_id] = self.clock()
        self.thread_members[thread_id] = {self.bot_user_id}
        if message_id is not None and message_id in self.messages:
            self.messages[message_id]["flags"] |= HAS_THREAD
            self.messages[message_id]["thread"] = thread
        event = dict(thread)
        event["newly_created"] = True
        event["member"] = self._thread_member(thread_id, self.bot_user_id)
        self.emit("THREAD_CREATE", event)
        return thread

    # ----- REST ----------------------------------------------------------------------

    def handle(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Dict[str, str]] = None,
        body: Any = None,
        files: Sequence[Tuple[str, bytes]] = (),
        origin: Optional[int] = None,
    ) -> Tuple[int, Any]:
        """Answer one REST call (path without the ``/api/v10`` prefix). Returns (status, JSON or
        None for 204). Every call is recorded in ``self.sent``."""
        method = method.upper()
        query = dict(query or {})
        body = _wire(body) if body is not None else None
        files = [(str(n), bytes(b)) for n, b in files]
        route = f"{method} {path}"
        for limit in self.rate_limits:
            pattern, remaining, retry_after = limit
            if remaining > 0 and re.search(pattern, route):
                limit[1] -= 1
                self._record(Sent("other", route, payload=body, status=429, interaction_id=origin))
                return 429, {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
        if self.request_validator is not None and body is not None:
            problem = self.request_validator(method, path, body)
            if problem is not None:   # Discord answers 400 to a body its API description refuses
                self._record(Sent("other", route, payload=body, status=400, interaction_id=origin,
                                  response={"error": problem}))
                return 400, _form_error("body", "INVALID_FORM_BODY", problem)
        for pattern_method, pattern, handler in self._routes():
            if pattern_method != method:
                continue
            match = pattern.fullmatch(path)
            if match is None:
                continue
            try:
                return handler(route=route, query=query, body=body if body is not None else {}, files=files, origin=origin, **{k: v for k, v in match.groupdict().items()})
            except Exception as exc:  # a bug in the fake must not look like a Discord answer
                _log.exception("fake Discord failed on %s", route)
                self._record(Sent("other", route, payload=body, status=500, interaction_id=origin, response={"error": repr(exc)}))
                return 500, _error(0, f"harness error: {exc!r}")
        sent = Sent("other", route, payload=body, interaction_id=origin, response={})
        self._record(sent)
        return 200, {}

    def _record(self, sent: Sent) -> Sent:
        self.sent.append(sent)
        return sent

    first_reply_seconds = 3.0     # Discord's deadline for an interaction's first answer
    late_interactions = 0         # the next this many interactions arrive too late to be answered

    # ----- things that disappear ------------------------------------------------------

    def _forget_channel(self, channel_id: int) -> Json:
        self.thread_activity.pop(channel_id, None)
        self.thread_members.pop(channel_id, None)
        return self.channels.pop(channel_id)

    def delete_channel(self, channel_id: int, *, while_offline: bool = False) -> None:
        """A moderator deletes a thread or a channel (a channel takes its threads with it;
        Discord sends one CHANNEL_DELETE for it, nothing for the threads).  ``while_offline``:
        the bot was not connected, so it hears nothing; the channel answers 404 from now on."""
        ch = self._forget_channel(channel_id)
        if ch["type"] in (10, 11, 12):
            if not while_offline:
                self.emit("THREAD_DELETE", {"id": ch["id"], "guild_id": ch["guild_id"],
                                            "parent_id": ch["parent_id"], "type": ch["type"]})
            return
        for thread_id in [cid for cid, c in self.channels.items() if c.get("parent_id") == str(channel_id)]:
            self._forget_channel(thread_id)
        if not while_offline:
            self.emit("CHANNEL_DELETE", ch)

    def remove_bot_from_guild(self) -> None:
        """The bot is kicked (or the server deleted): GUILD_DELETE without "unavailable"; its
        channels answer 404 from now on."""
        self.emit("GUILD_DELETE", {"id": str(self.guild_id)})
        for channel_id in [cid for cid, c in self.channels.items() if c.get("guild_id") == str(self.guild_id)]:
            self._forget_channel(channel_id)

    def member_leaves(self, user_id: int, *, delete_account: bool = False) -> None:
        """A member leaves the server (no GUILD_MEMBER_REMOVE: the bot has no members
        intent).  They share no server with the bot any more, so a DM answers 403 50278; a
        deleted account is unknown altogether (GET /users answers 404 10013)."""
        self.members.pop(user_id, None)
        self.dm_error[user_id] = 50278
        self.dm_closed.add(user_id)
        if delete_account:
            self.users.pop(user_id, None)

    def allow_in_channel(self, channel_id: int, user_id: int, **permissions: bool) -> None:
        """A permission override for one member in one channel (and its threads)."""
        value = discord.Permissions(**permissions).value
        self.channels[channel_id]["permission_overwrites"].append(
            {"id": str(user_id), "type": 1, "allow": str(value), "deny": "0"})
    # A Discord that is rate limiting: requests whose "METHOD path" matches get 429 (with
    # retry_after seconds) this many more times; see Harness.rate_limit.
    rate_limits: List[List[Any]]

    # (method, path, JSON body) -> what is wrong with the body, or None; the tests install one
    # that checks Discord's OpenAPI description (tests/discord_api_spec).
    request_validator: Optional[Callable[[str, str, Any], Optional[str]]] = None

    _route_table: Optional[List[Tuple[str, "re.Pattern[str]", str]]] = None

    def _routes(self) -> List[Tuple[str, "re.Pattern[str]", Callable[..., Tuple[int, Any]]]]:
        table = [
            ("GET", r"/users/@me", self._r_me),
            ("GET", r"/oauth2/applications/@me", self._r_app_info),
            ("GET", r"/applications/@me", self._r_app_info),
            ("PUT", r"/applications/(?P<app>\d+)/commands", self._r_put_commands),
            ("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self._r_put_commands),
            ("GET", r"/applications/(?P<app>\d+)/commands", self._r_get_commands),
            ("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self._r_get_commands),
            ("POST", r"/applications/(?P<app>\d+)/commands", self._r_post_command),
            ("POST", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self._r_post_command),
            ("POST", r"/channels/(?P<channel>\d+)/messages", self._r_post_message),
            ("GET", r"/channels/(?P<channel>\d+)/messages", self._r_history),
            ("GET", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", self._r_get_message),
            ("PATCH", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", self._r_patch_message),
            ("DELETE", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", self._r_delete_message),
            ("PUT", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)/reactions/(?P<emoji>[^/]+)/@me", self._r_reaction),
            ("POST", r"/channels/(?P<channel>\d+)/threads", self._r_thread_from_channel),
            ("POST", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)/threads", self._r_thread_from_message),
            ("PUT", r"/channels/(?P<channel>\d+)/thread-members/(?P<user>\d+|@me)", self._r_thread_member_add),
            ("DELETE", r"/channels/(?P<channel>\d+)/thread-members/(?P<user>\d+|@me)", self._r_thread_member_remove),
            ("GET", r"/channels/(?P<channel>\d+)", self._r_get_channel),
            ("PATCH", r"/channels/(?P<channel>\d+)", self._r_patch_channel),
            ("DELETE", r"/channels/(?P<channel>\d+)", self._r_delete_channel),
            ("POST", r"/users/@me/channels", self._r_create_dm),
            ("GET", r"/users/(?P<user>\d+)", self._r_get_user),
            ("GET", r"/guilds/(?P<guild>\d+)", self._r_get_guild),
            ("GET", r"/guilds/(?P<guild>\d+)/channels", self._r_guild_channels),
            ("GET", r"/guilds/(?P<guild>\d+)/threads/active", self._r_active_threads),
            ("GET", r"/guilds/(?P<guild>\d+)/members/(?P<user>\d+)", self._r_get_member),
            ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", self._r_callback),
            ("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)", self._r_webhook_get),
            ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)", self._r_webhook_patch),
            ("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)", self._r_webhook_delete),
            ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", self._r_followup),
        ]
        if FakeDiscord._route_table is None:
            FakeDiscord._route_table = [(m, re.compile(p), h.__name__) for m, p, h in table]
        return [(m, p, getattr(self, name)) for m, p, name in FakeDiscord._route_table]

    # login, application, commands

    def _r_me(self, *, route: str, origin: Optional[int], **_: Any) -> Tuple[int, Any]:
        self._record(Sent("other", route, interaction_id=origin, response=self.bot_user))
        return 200, self.bot_user

    def _r_app_info(self, *, route: str, origin: Optional[int], **_: Any) -> Tuple[int, Any]:
        info = self.app_info()
        self._record(Sent("other", route, interaction_id=origin, response=info))
        return 200, info

    def _command_echo(self, scope: Optional[int], cmd: Json) -> Json:
        key = (scope, cmd["name"])
        if key not in self.command_ids:
            self.command_ids[key] = self.new_id()
        out = dict(cmd)
        out.update(
            {
                "id": str(self.command_ids[key]),
                "application_id": str(self.application_id),
                "version": str(self.new_id()),
                "type": cmd.get("type", 1),
                "description": cmd.get("description", ""),
                "options": cmd.get("options", []),
                "default_member_permissions": cmd.get("default_member_permissions"),
                "nsfw": cmd.get("nsfw", False),
            }
        )
        if scope is not None:
            out["guild_id"] = str(scope)
        return out

    def _r_put_commands(self, *, route: str, body: Any, origin: Optional[int], guild: Optional[str] = None, **_: Any) -> Tuple[int, Any]:
        scope = int(guild) if guild else None
        for index, cmd in enumerate(body or []):
            if (error := command_payload_error(cmd, str(index))) is not None:
                return 400, _form_error(error[0], "APPLICATION_COMMAND_INVALID", error[1])
        echoed = [self._command_echo(scope, c) for c in (body or [])]
        self.commands[scope] = echoed
        self._record(Sent("other", route, payload=body, interaction_id=origin, response=echoed))
        return 200, echoed

    def _r_post_command(self, *, route: str, body: Any, origin: Optional[int], guild: Optional[str] = None, **_: Any) -> Tuple[int, Any]:
        scope = int(guild) if guild else None
        echoed = self._command_echo(scope, body)
        cmds = [c for c in self.commands.get(scope, []) if c["name"] != echoed["name"]]
        self.commands[scope] = cmds + [echoed]
        self._record(Sent("other", route, payload=body, interaction_id=origin, response=echoed))
        return 201, echoed

    def _r_get_commands(self, *, route: str, origin: Optional[int], guild: Optional[str] = None, **_: Any) -> Tuple[int, Any]:
        out = self.commands.get(int(guild) if guild else None, [])
        self._record(Sent("other", route, interaction_id=origin, response=out))
        return 200, out

    # channel messages

    def _r_post_message(self, *, route: str, body: Any, files: List[Tuple[str, bytes]], origin: Optional[int], channel: str, **_: Any) -> Tuple[int, Any]:
        channel_id = int(channel)
        dm_user = self.dm_user(channel_id)
        kind = "dm" if dm_user is not None else "message"
        sent = Sent(
            kind,
            route,
            channel_id=channel_id,
            user_id=dm_user,
            content=body.get("content"),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            files=list(files),
            ephemeral=False,
            interaction_id=origin,
            payload=body,
        )
        status, answer = self._message_create_answer(channel_id, body, files, kind, dm_user)
        sent.status, sent.response = status, answer
        if 200 <= status < 300:
            sent.message_id = int(answer["id"])
        self._record(sent)
        return status, answer

    def _message_create_answer(self, channel_id: int, body: Json, files: List[Tuple[str, bytes]], kind: str,
                               dm_user: Optional[int]) -> Tuple[int, Any]:
        if channel_id not in self.channels:
            return 404, _error(10003, "Unknown Channel")
        if dm_user is not None and dm_user in self.dm_closed:
            if self.dm_error.get(dm_user) == 50278:
                return 403, _error(50278, "Cannot send messages to this user due to having no mutual guilds")
            return 403, _error(50007, "Cannot send messages to this user")
        ch = self.channels[channel_id]
        self.archive_idle_threads()
        needed = "send_messages_in_threads" if ch["type"] in (10, 11, 12) else \
            ("send_messages" if dm_user is None else None)
        if needed in self.bot_denied or (files and dm_user is None and "attach_files" in self.bot_denied):
            return 403, _error(50013, "Missing Permissions")
        if ch["type"] in (10, 11, 12) and ch["thread_metadata"]["locked"]:
            return 403, _error(160005, "Thread is locked")   # not 50083: locked is not archived
        invalid = self._validate_message(body, files)
        if invalid:
            return invalid
        if ch["type"] in (10, 11, 12) and ch["thread_metadata"]["archived"]:
            ch["thread_metadata"]["archived"] = False  # sending unarchives, as on Discord
            self.emit("THREAD_UPDATE", ch)
        return 200, self.create_message(channel_id, body, files, kind=kind)

    def _r_history(self, *, route: str, query: Dict[str, str], origin: Optional[int], channel: str, **_: Any) -> Tuple[int, Any]:
        channel_id = int(channel)
        if channel_id not in self.channels:
            self._record(Sent("other", route, channel_id=channel_id, interaction_id=origin, status=404))
            return 404, _error(10003, "Unknown Channel")
        ids = [m for m in self.channel_messages.get(channel_id, []) if m in self.messages]
        ids = [m for m in ids if not self.messages[m]["flags"] & EPHEMERAL]
        if "before" in query:
            ids = [m for m in ids if m < int(query["before"])]
        if "after" in query:
            ids = [m for m in ids if m > int(query["after"])]
        limit = int(query.get("limit", 50))
        out = [self.messages[m] for m in reversed(ids)][:limit]
        self._record(Sent("other", route, channel_id=channel_id, interaction_id=origin, response=out))
        return 200, out

    def _r_get_message(self, *, route: str, origin: Optional[int], channel: str, message: str, **_: Any) -> Tuple[int, Any]:
        mid = int(message)
        m = self.messages.get(mid)
        status, answer = (200, m) if m is not None and int(m["channel_id"]) == int(channel) else (404, _error(10008, "Unknown Message"))
        self._record(Sent("other", route, channel_id=int(channel), message_id=mid, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_patch_message(self, *, route: str, body: Any, files: List[Tuple[str, bytes]], origin: Optional[int], channel: str, message: str, **_: Any) -> Tuple[int, Any]:
        mid = int(message)
        channel_id = int(channel)
        sent = Sent(
            "edit_message",
            route,
            channel_id=channel_id,
            user_id=self.dm_user(channel_id),
            content=body.get("content"),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            files=list(files),
            message_id=mid,
            interaction_id=origin,
            payload=body,
        )
        m = self.messages.get(mid)
        if m is None or int(m["channel_id"]) != channel_id:
            status, answer = 404, _error(10008, "Unknown Message")
        else:
            invalid = self._validate_message(body, files, edit=True)
            status, answer = invalid if invalid else (200, self.edit_message(mid, body, files))
        sent.status, sent.response = status, answer
        self._record(sent)
        return status, answer

    def _r_delete_message(self, *, route: str, origin: Optional[int], channel: str, message: str, **_: Any) -> Tuple[int, Any]:
        mid = int(message)
        existed = self.messages.pop(mid, None) is not None
        status, answer = (204, None) if existed else (404, _error(10008, "Unknown Message"))
        self._record(Sent("other", route, channel_id=int(channel), message_id=mid, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_reaction(self, *, route: str, origin: Optional[int], channel: str, message: str, emoji: str, **_: Any) -> Tuple[int, Any]:
        from urllib.parse import unquote

        mid = int(message)
        status, answer = (204, None) if mid in self.messages else (404, _error(10008, "Unknown Message"))
        self._record(
            Sent("other", route, channel_id=int(channel), message_id=mid, content=unquote(emoji), interaction_id=origin, status=status, payload={"emoji": unquote(emoji)}, response=answer)
        )
        return status, answer

    # threads

    def _r_thread_from_channel(self, *, route: str, body: Any, origin: Optional[int], channel: str, **_: Any) -> Tuple[int, Any]:
        parent_id = int(channel)
        sent = Sent("thread", route, channel_id=parent_id, content=body.get("name"), interaction_id=origin, payload=body)
        if parent_id not in self.channels or self.channels[parent_id]["type"] not in (0, 5, 15, 16):
            sent.status, sent.response = 404, _error(10003, "Unknown Channel")
        elif (bad := _bad_channel_name(body)) is not None:
            sent.status, sent.response = 400, bad
        else:
            thread = self.create_thread(parent_id, body)
            sent.thread_id = int(thread["id"])
            sent.status, sent.response = 201, thread
        self._record(sent)
        return sent.status, sent.response

    def _r_thread_from_message(self, *, route: str, body: Any, origin: Optional[int], channel: str, message: str, **_: Any) -> Tuple[int, Any]:
        parent_id, mid = int(channel), int(message)
        sent = Sent("thread", route, channel_id=parent_id, message_id=mid, content=body.get("name"), interaction_id=origin, payload=body)
        m = self.messages.get(mid)
        if "create_public_threads" in self.bot_denied or "send_messages" in self.bot_denied:
            sent.status, sent.response = 403, _error(50013, "Missing Permissions")
        elif m is None or int(m["channel_id"]) != parent_id:
            sent.status, sent.response = 404, _error(10008, "Unknown Message")
        elif mid in self.channels:
            sent.status, sent.response = 400, _error(160004, "A thread has already been created for this message")
        elif (bad := _bad_channel_name(body)) is not None:
            sent.status, sent.response = 400, bad
        else:
            thread = self.create_thread(parent_id, body, message_id=mid)
            sent.thread_id = int(thread["id"])
            sent.status, sent.response = 201, thread
        self._record(sent)
        return sent.status, sent.response

    def _r_thread_member_add(self, *, route: str, origin: Optional[int], channel: str, user: str, **_: Any) -> Tuple[int, Any]:
        thread_id = int(channel)
        user_id = self.bot_user_id if user == "@me" else int(user)
        if not self.is_thread(thread_id):
            status, answer = 404, _error(10003, "Unknown Channel")
        elif user_id not in self.members:
            status, answer = 404, _error(10007, "Unknown Member")
        else:
            self.thread_members[thread_id].add(user_id)
            self.channels[thread_id]["member_count"] = len(self.thread_members[thread_id])
            status, answer = 204, None
        self._record(Sent("other", route, channel_id=thread_id, user_id=user_id, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_thread_member_remove(self, *, route: str, origin: Optional[int], channel: str, user: str, **_: Any) -> Tuple[int, Any]:
        thread_id = int(channel)
        user_id = self.bot_user_id if user == "@me" else int(user)
        self.thread_members.get(thread_id, set()).discard(user_id)
        self._record(Sent("other", route, channel_id=thread_id, user_id=user_id, interaction_id=origin, status=204))
        return 204, None

    def _r_get_channel(self, *, route: str, origin: Optional[int], channel: str, **_: Any) -> Tuple[int, Any]:
        ch = self.channels.get(int(channel))
        status, answer = (200, ch) if ch is not None else (404, _error(10003, "Unknown Channel"))
        self._record(Sent("other", route, channel_id=int(channel), interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_patch_channel(self, *, route: str, body: Any, origin: Optional[int], channel: str, **_: Any) -> Tuple[int, Any]:
        channel_id = int(channel)
        ch = self.channels.get(channel_id)
        if ch is None:
            status, answer = 404, _error(10003, "Unknown Channel")
        elif "name" in body and (bad := _bad_channel_name(body)) is not None:
            status, answer = 400, bad
        else:
            for key in ("name", "topic", "rate_limit_per_user", "nsfw", "flags"):
                if key in body:
                    ch[key] = body[key]
            if "thread_metadata" in ch:
                for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                    if key in body:
                        ch["thread_metadata"][key] = body[key]
                if "archived" in body:
                    ch["thread_metadata"]["archive_timestamp"] = _iso()
                    self.thread_activity[channel_id] = self.clock()   # the idle time starts again
            self.emit("THREAD_UPDATE" if ch["type"] in (10, 11, 12) else "CHANNEL_UPDATE", ch)
            status, answer = 200, ch
        self._record(Sent("other", route, channel_id=channel_id, payload=body, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_delete_channel(self, *, route: str, origin: Optional[int], channel: str, **_: Any) -> Tuple[int, Any]:
        channel_id = int(channel)
        ch = self.channels.pop(channel_id, None)
        if ch is None:
            status, answer = 404, _error(10003, "Unknown Channel")
        else:
            status, answer = 200, ch
            if ch["type"] in (10, 11, 12):
                self.emit("THREAD_DELETE", {"id": ch["id"], "guild_id": ch["guild_id"], "parent_id": ch["parent_id"], "type": ch["type"]})
            else:
                self.emit("CHANNEL_DELETE", ch)
        self._record(Sent("other", route, channel_id=channel_id, interaction_id=origin, status=status, response=answer))
        return status, answer

    # users and DMs

    def _r_create_dm(self, *, route: str, body: Any, origin: Optional[int], **_: Any) -> Tuple[int, Any]:
        user_id = int(body.get("recipient_id", 0))
        if user_id not in self.users:
            status, answer = 400, _form_error("recipient_id", "NUMBER_TYPE_COERCE", "Value is not snowflake.")
        else:
            channel_id = self.dm_channels.get(user_id)
            if channel_id is None:
                channel_id = self.dm_channels[user_id] = self.new_id()
                self.channels[channel_id] = {
                    "id": str(channel_id),
                    "type": 1,
                    "last_message_id": None,
                    "flags": 0,
                    "recipients": [self.users[user_id]],
                }
            status, answer = 200, self.channels[channel_id]
        self._record(Sent("other", route, user_id=user_id, channel_id=self.dm_channels.get(user_id), payload=body, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_get_user(self, *, route: str, origin: Optional[int], user: str, **_: Any) -> Tuple[int, Any]:
        u = self.users.get(int(user))
        status, answer = (200, u) if u is not None else (404, _error(10013, "Unknown User"))
        self._record(Sent("other", route, user_id=int(user), interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_get_member(self, *, route: str, origin: Optional[int], guild: str, user: str, **_: Any) -> Tuple[int, Any]:
        uid = int(user)
        status, answer = (200, self.member_json(uid)) if uid in self.members and int(guild) == self.guild_id else (404, _error(10007, "Unknown Member"))
        self._record(Sent("other", route, user_id=uid, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_get_guild(self, *, route: str, origin: Optional[int], guild: str, **_: Any) -> Tuple[int, Any]:
        status, answer = (200, self.guild_payload(with_members=False)) if int(guild) == self.guild_id else (404, _error(10004, "Unknown Guild"))
        self._record(Sent("other", route, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_guild_channels(self, *, route: str, origin: Optional[int], guild: str, **_: Any) -> Tuple[int, Any]:
        out = self.guild_channels()
        self._record(Sent("other", route, interaction_id=origin, response=out))
        return 200, out

    def _r_active_threads(self, *, route: str, origin: Optional[int], guild: str, **_: Any) -> Tuple[int, Any]:
        threads = self.active_threads()
        members = [self._thread_member(int(t["id"]), self.bot_user_id) for t in threads]
        answer = {"threads": [{k: v for k, v in t.items() if k != "member"} for t in threads], "members": members}
        self._record(Sent("other", route, interaction_id=origin, response=answer))
        return 200, answer

    # interactions

    def _interaction_for(self, token: str) -> Optional[Json]:
        return self.interactions.get(token)

    def _r_callback(self, *, route: str, body: Any, files: List[Tuple[str, bytes]], origin: Optional[int], iid: str, token: str, **_: Any) -> Tuple[int, Any]:
        info = self._interaction_for(token)
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        kind = "autocomplete" if ctype == 8 else "response"
        sent = Sent(
            kind,
            route,
            channel_id=info["channel_id"] if info else None,
            content=data.get("content"),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            files=list(files),
            ephemeral=bool(int(data.get("flags") or 0) & EPHEMERAL),
            callback_type=ctype,
            interaction_id=origin if origin is not None else (info["id"] if info else None),
            payload=body,
        )
        status, answer = self._callback_answer(info, int(iid), ctype, data, files, sent)
        sent.status, sent.response = status, answer
        self._record(sent)
        return status, answer

    def _callback_answer(self, info: Optional[Json], iid: int, ctype: int, data: Json, files: List[Tuple[str, bytes]],
                         sent: Sent) -> Tuple[int, Any]:
        if info is None or info["id"] != iid:
            return 404, _error(10062, "Unknown interaction")
        if info["responded"]:
            return 400, _error(40060, "Interaction has already been acknowledged.")
        if time.monotonic() - info["created"] > self.first_reply_seconds:
            # Discord drops an interaction not answered (or deferred) within 3 seconds
            return 404, _error(10062, "Unknown interaction")
        if ctype == 8:
            if info["type"] != 4:
                return 400, _error(50035, "Invalid Form Body")
            choices = data.get("choices") or []
            if len(choices) > 25:
                return 400, _form_error("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            if any(not 1 <= len(c.get("name") or "") <= 100 or len(str(c.get("value", ""))) > 100 for c in choices):
                return 400, _form_error("data.choices", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        elif ctype in (4,):
            invalid = self._validate_message(data, files)
            if invalid:
                return invalid
        elif ctype == 7:
            invalid = self._validate_message(data, files, edit=True)
            if invalid:
                return invalid
        elif ctype == 9:
            invalid = _validate_modal(data)
            if invalid:
                return invalid
        info["responded"] = True
        ack = {
            "id": str(info["id"]),
            "type": info["type"],
            "response_message_loading": ctype == 5,
            "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL),
        }
        answer: Dict[str, Any] = {"interaction": ack}
        channel_id = info["channel_id"]
        if ctype in (4, 5):
            payload = dict(data)
            if ctype == 5:
                payload = {"content": "", "flags": LOADING | (int(data.get("flags") or 0) & EPHEMERAL)}
            message = self.create_message(channel_id, payload, files if ctype == 4 else [], kind="response", author_webhook=True, interaction=info)
            info["original_message_id"] = int(message["id"])
            info["ephemeral"] = bool(message["flags"] & EPHEMERAL)
            ack["response_message_id"] = message["id"]
            answer["resource"] = {"type": ctype, "message": message}
            sent.message_id = int(message["id"])
            sent.ephemeral = info["ephemeral"]
        elif ctype in (6, 7):
            mid = info.get("component_message_id")
            info["original_message_id"] = mid
            if mid is not None and mid in self.messages:
                message = self.edit_message(mid, data, files) if ctype == 7 else self.messages[mid]
                ack["response_message_id"] = str(mid)
                info["ephemeral"] = bool(message["flags"] & EPHEMERAL)
                answer["resource"] = {"type": ctype, "message": message} if ctype == 7 else {"type": ctype}
                sent.message_id = mid
                sent.ephemeral = info["ephemeral"]
            else:
                answer["resource"] = {"type": ctype}
        else:
            answer["resource"] = {"type": ctype}
            if ctype == 9:
                self.modals.append(
                    {"user_id": info["user_id"], "channel_id": channel_id, "modal": data, "message_id": info.get("component_message_id")}
                )
        return 200, answer

    def _webhook_message_id(self, info: Json, message: str) -> Optional[int]:
        if message == "@original":
            return info.get("original_message_id")
        return int(message)

    def _r_webhook_get(self, *, route: str, origin: Optional[int], token: str, message: str, **_: Any) -> Tuple[int, Any]:
        info = self._interaction_for(token)
        mid = self._webhook_message_id(info, message) if info else None
        m = self.messages.get(mid) if mid is not None else None
        status, answer = (200, m) if m is not None else (404, _error(10008, "Unknown Message"))
        self._record(Sent("other", route, channel_id=info["channel_id"] if info else None, message_id=mid, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_webhook_patch(self, *, route: str, body: Any, files: List[Tuple[str, bytes]], origin: Optional[int], token: str, message: str, **_: Any) -> Tuple[int, Any]:
        info = self._interaction_for(token)
        kind = "edit_response" if message == "@original" else "edit_message"
        mid = self._webhook_message_id(info, message) if info else None
        sent = Sent(
            kind,
            route,
            channel_id=info["channel_id"] if info else None,
            content=body.get("content"),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            files=list(files),
            message_id=mid,
            interaction_id=origin if origin is not None else (info["id"] if info else None),
            payload=body,
        )
        if info is None:
            status, answer = 401, _error(50027, "Invalid Webhook Token")
        elif mid is None or mid not in self.messages:
            status, answer = 404, _error(10008, "Unknown Message")
        else:
            invalid = self._validate_message(body, files, edit=True)
            status, answer = invalid if invalid else (200, self.edit_message(mid, body, files))
            if status == 200:
                sent.ephemeral = bool(answer["flags"] & EPHEMERAL)
        sent.status, sent.response = status, answer
        self._record(sent)
        return status, answer

    def _r_webhook_delete(self, *, route: str, origin: Optional[int], token: str, message: str, **_: Any) -> Tuple[int, Any]:
        info = self._interaction_for(token)
        mid = self._webhook_message_id(info, message) if info else None
        existed = mid is not None and self.messages.pop(mid, None) is not None
        status, answer = (204, None) if existed else (404, _error(10008, "Unknown Message"))
        self._record(Sent("other", route, channel_id=info["channel_id"] if info else None, message_id=mid, interaction_id=origin, status=status, response=answer))
        return status, answer

    def _r_followup(self, *, route: str, body: Any, files: List[Tuple[str, bytes]], query: Dict[str, str], origin: Optional[int], token: str, **_: Any) -> Tuple[int, Any]:
        info = self._interaction_for(token)
        sent = Sent(
            "followup",
            route,
            channel_id=info["channel_id"] if info else None,
            content=body.get("content"),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            files=list(files),
            ephemeral=bool(int(body.get("flags") or 0) & EPHEMERAL),
            interaction_id=origin if origin is not None else (info["id"] if info else None),
            payload=body,
        )
        if info is None:
            status, answer = 401, _error(50027, "Invalid Webhook Token")
        elif not info["responded"]:
            status, answer = 400, _error(10015, "Unknown Webhook")
        else:
            invalid = self._validate_message(body, files)
            original = self.messages.get(info.get("original_message_id") or 0)
            if invalid:
                status, answer = invalid
            elif original is not None and original["flags"] & LOADING:
                # Discord: the first follow-up after a "thinking" defer edits the loading
                # message instead of creating one, and keeps the defer's ephemeral state.
                body_kept = {k: v for k, v in body.items() if k != "flags"}
                message = self.edit_message(int(original["id"]), body_kept, files)
                status, answer = 200, message
                sent.message_id = int(message["id"])
                sent.ephemeral = bool(message["flags"] & EPHEMERAL)
                if query.get("wait") not in ("true", "True", "1"):
                    status, answer = 204, None
            else:
                message = self.create_message(info["channel_id"], body, files, kind="followup", author_webhook=True, interaction=info)
                status, answer = 200, message
                sent.message_id = int(message["id"])
                if query.get("wait") not in ("true", "True", "1"):
                    status, answer = 204, None
        sent.status, sent.response = status, answer
        self._record(sent)
        return status, answer


def _content_type(filename: str) -> str:
    import mimetypes

    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def _image_size(data: bytes) -> Optional[Tuple[int, int]]:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


# --------------------------------------------------------------------------------------
# Building interaction data from the bot's command tree
# --------------------------------------------------------------------------------------


def _find_command(tree: app_commands.CommandTree[Any], path: str, guild_id: int
                  ) -> Tuple[List[Union[app_commands.Command[Any, ..., Any], app_commands.Group]],
                             app_commands.Command[Any, ..., Any], Optional[int]]:
    """The command groups down to the command ``path`` names, that command, and its scope (the
    guild's id, or None for a global command)."""
    parts = path.split()
    if not parts:
        raise ValueError("empty command path")
    guild = discord.Object(guild_id)
    scope: Optional[int] = guild_id
    root = tree.get_command(parts[0], guild=guild)
    if root is None:
        scope = None
        root = tree.get_command(parts[0])
    if root is None:
        names = sorted({c.name for c in tree.get_commands()} | {c.name for c in tree.get_commands(guild=guild)})
        raise KeyError(f"no slash command {parts[0]!r} in the tree (known: {names})")
    chain = [root]
    for part in parts[1:]:
        current = chain[-1]
        if not isinstance(current, app_commands.Group):
            raise KeyError(f"{current.qualified_name!r} has no subcommand {part!r}")
        sub = current.get_command(part)
        if sub is None:
            raise KeyError(f"{current.qualified_name!r} has no subcommand {part!r} (known: {[c.name for c in current.commands]})")
        chain.append(sub)
    leaf = chain[-1]
    if isinstance(leaf, app_commands.Group):
        raise KeyError(f"{path!r} is a group; name one of its subcommands: {[c.name for c in leaf.commands]}")
    return chain, leaf, scope


def _option_value(world: FakeDiscord, param: app_commands.Parameter, value: Any, resolved: Json, *, raw: bool) -> Any:
    t = param.type
    if isinstance(value, app_commands.Choice):
        value = value.value
    elif param.choices and not any(c.value == value for c in param.choices):
        by_name = [c.value for c in param.choices if c.name == value]
        if by_name:
            value = by_name[0]
    if raw:  # the focused option of an autocomplete: what the user has typed so far
        return "" if value is None else str(value)
    if t is discord.AppCommandOptionType.string:
        return str(value)
    if t is discord.AppCommandOptionType.integer:
        return value if isinstance(value, int) and not isinstance(value, bool) else int(value)
    if t is discord.AppCommandOptionType.number:
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else float(value)
    if t is discord.AppCommandOptionType.boolean:
        return bool(value)
    if t in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        obj_id = int(getattr(value, "id", value))
        if obj_id in world.users:
            resolved.setdefault("users", {})[str(obj_id)] = world.user_json(obj_id)
            if obj_id in world.members:
                resolved.setdefault("members", {})[str(obj_id)] = world.member_json(obj_id, with_user=False, with_permissions=True)
            return str(obj_id)
        if obj_id in world.roles and t is discord.AppCommandOptionType.mentionable:
            resolved.setdefault("roles", {})[str(obj_id)] = world.roles[obj_id]
            return str(obj_id)
        raise KeyError(f"unknown user {obj_id} for option {param.display_name!r}: call add_user() first")
    if t is discord.AppCommandOptionType.role:
        obj_id = int(getattr(value, "id", value))
        resolved.setdefault("roles", {})[str(obj_id)] = world.roles[obj_id]
        return str(obj_id)
    if t is discord.AppCommandOptionType.channel:
        obj_id = int(getattr(value, "id", value))
        ch = world.channels[obj_id]
        entry: Json = {k: ch[k] for k in ("id", "name", "type", "parent_id", "thread_metadata") if k in ch}
        entry["permissions"] = str(discord.Permissions.all().value)
        resolved.setdefault("channels", {})[str(obj_id)] = entry
        return str(obj_id)
    if t is discord.AppCommandOptionType.attachment:
        if isinstance(value, discord.File):
            filename, data = value.filename, value.fp.read()
        else:
            filename, data = value
        att_id = world.new_id()
        url = f"https://cdn.discordapp.com/ephemeral-attachments/{world.channel_id}/{att_id}/{filename}"
        world.cdn[url] = bytes(data)
        resolved.setdefault("attachments", {})[str(att_id)] = {
            "id": str(att_id),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": _content_type(filename),
            "ephemeral": True,
        }
        return str(att_id)
    return value


def build_command_data(
    world: FakeDiscord,
    tree: app_commands.CommandTree,
    path: str,
    options: Dict[str, Any],
    *,
    focused: Optional[str] = None,
) -> Json:
    """The ``data`` of an APPLICATION_COMMAND (or, with ``focused``, AUTOCOMPLETE) interaction
    for ``path`` ("game move", "game admin kick", ...) with ``options`` keyed by parameter name
    (the Python name or the name shown in Discord)."""
    chain, command, scope = _find_command(tree, path, world.guild_id)
    resolved: Json = {}
    leaf_options: List[Json] = []
    params = {p.name: p for p in command.parameters}
    by_display = {p.display_name: p for p in command.parameters}
    remaining = dict(options)
    if focused is not None and focused not in params and focused not in by_display:
        raise KeyError(f"{path!r} has no option {focused!r}")
    for key, value in list(remaining.items()):
        param = params.get(key) or by_display.get(key)
        if param is None:
            raise KeyError(f"{path!r} has no option {key!r} (options: {[p.name for p in command.parameters]})")
    missing = [p.name for p in command.parameters if p.required and p.name not in remaining and p.display_name not in remaining and (focused not in (p.name, p.display_name))]
    if missing and focused is None:
        raise KeyError(f"{path!r} needs the options {missing}")
    for param in command.parameters:  # in declaration order, as Discord sends them
        key = param.name if param.name in remaining else param.display_name
        is_focused = focused is not None and focused in (param.name, param.display_name)
        if key not in remaining and not is_focused:
            continue
        value = remaining.get(key, "")
        if value is None and not is_focused:
            continue
        opt = {"name": param.display_name, "type": param.type.value, "value": _option_value(world, param, value, resolved, raw=is_focused)}
        if is_focused:
            opt["focused"] = True
        leaf_options.append(opt)
    # wrap in subcommand / group levels, innermost first
    inner: List[Json] = leaf_options
    for level in reversed(chain[1:]):
        opt_type = 2 if isinstance(level, app_commands.Group) else 1
        inner = [{"name": level.name, "type": opt_type, "options": inner}]
    root = chain[0]
    data: Dict[str, Any] = {
        "id": str(world.command_ids.setdefault((scope, root.name), world.new_id())),
        "name": root.name,
        "type": 1,
        "options": inner,
    }
    if scope is not None:
        data["guild_id"] = str(scope)
    if resolved:
        data["resolved"] = resolved
    return data


def find_component(message: Json, custom_id: str) -> Optional[Json]:
    for comp in _walk_components(message.get("components") or []):
        if comp.get("custom_id") == custom_id:
            return comp
    return None


def build_component_data(world: FakeDiscord, message: Json, custom_id: str, values: Optional[Sequence[Any]] = None) -> Json:
    comp = find_component(message, custom_id)
    if comp is None:
        ids = [c.get("custom_id") for c in _walk_components(message.get("components") or []) if c.get("custom_id")]
        raise KeyError(f"message {message['id']} has no component {custom_id!r} (it has {ids})")
    if comp.get("disabled"):
        raise ValueError(f"component {custom_id!r} is disabled: Discord would not let anyone click it")
    ctype = int(comp["type"])
    data: Dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
    if ctype in (3, 5, 6, 7, 8):
        vals = [str(getattr(v, "id", v)) for v in (values or [])]
        if ctype == 3:
            allowed = {o["value"] for o in comp.get("options") or []}
            unknown = [v for v in vals if v not in allowed]
            if unknown:
                raise ValueError(f"select {custom_id!r} has no options {unknown} (options: {sorted(allowed)})")
        data["values"] = vals
        resolved: Dict[str, Any] = {}
        for v in vals:
            if ctype in (5, 7) and int(v) in world.users:
                resolved.setdefault("users", {})[v] = world.user_json(int(v))
                if int(v) in world.members:
                    resolved.setdefault("members", {})[v] = world.member_json(int(v), with_user=False, with_permissions=True)
            elif ctype in (6, 7) and int(v) in world.roles:
                resolved.setdefault("roles", {})[v] = world.roles[int(v)]
            elif ctype == 8 and int(v) in world.channels:
                ch = world.channels[int(v)]
                channel: Json = {k: ch[k] for k in ("id", "name", "type", "parent_id", "thread_metadata") if k in ch}
                channel["permissions"] = str(discord.Permissions.all().value)
                resolved.setdefault("channels", {})[v] = channel
        if resolved:
            data["resolved"] = resolved
    elif values:
        raise ValueError(f"component {custom_id!r} is a button: it takes no values")
    return data


def build_modal_data(modal: Json, values: Dict[str, Any]) -> Json:
    """The ``data`` of a MODAL_SUBMIT for a modal the bot showed, with ``values`` by custom_id
    (text for text inputs, a list for selects). Refuses what Discord's client would refuse."""
    known = [c["custom_id"] for c in _walk_components(modal.get("components") or []) if "custom_id" in c]
    unknown = [k for k in values if k not in known]
    if unknown:
        raise KeyError(f"modal {modal.get('custom_id')!r} has no fields {unknown} (fields: {known})")

    def mirror(comp: Json) -> Optional[Json]:
        t = comp.get("type")
        if t == 1:
            return {"type": 1, "components": [m for m in (mirror(c) for c in comp.get("components") or []) if m]}
        if t == 18:
            inner = mirror(comp["component"])
            return {"type": 18, "component": inner} if inner else None
        if t == 4:
            cid = comp["custom_id"]
            value = values.get(cid, comp.get("value") or "")
            value = "" if value is None else str(value)
            if comp.get("required", True) and not value:
                raise ValueError(f"field {cid!r} is required")
            if value and len(value) < int(comp.get("min_length") or 0):
                raise ValueError(f"field {cid!r} needs at least {comp['min_length']} characters")
            if len(value) > int(comp.get("max_length") or 4000):
                raise ValueError(f"field {cid!r} takes at most {comp.get('max_length') or 4000} characters")
            return {"type": 4, "custom_id": cid, "value": value}
        if t in (3, 5, 6, 7, 8):
            chosen = values.get(comp["custom_id"], [])
            chosen = [str(getattr(v, "id", v)) for v in ([chosen] if isinstance(chosen, (str, int)) else chosen)]
            return {"type": t, "custom_id": comp["custom_id"], "values": chosen}
        if t == 10:
            return {"type": 10}
        return None

    comps = [m for m in (mirror(c) for c in modal.get("components") or []) if m]
    return {"custom_id": modal["custom_id"], "components": comps}


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
    # (status, reason, headers, method, url); the stubs ask for the aiohttp class itself.
    response = _FakeResponse(status, method, url)
    if status == 403:
        raise discord.Forbidden(response, data)  # type: ignore[arg-type]
    if status == 404:
        raise discord.NotFound(response, data)  # type: ignore[arg-type]
    if status >= 500:
        raise discord.DiscordServerError(response, data)  # type: ignore[arg-type]
    raise discord.HTTPException(response, data)  # type: ignore[arg-type]


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
