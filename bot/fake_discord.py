"""The fake Discord the harness talks to: an in-memory world that answers REST calls.

:class:`FakeDiscord` holds one guild with one text channel, its members, roles, threads, DMs,
messages and interactions. ``handle()`` answers one REST call (method, path, query, JSON body,
files) with Discord's status and JSON, refusing what Discord refuses (message, embed,
component, modal and command-sync limits, permissions, archived and locked threads, closed
DMs, rate limits); ``sink`` receives the gateway events the server would push. It knows
nothing of the transport: :mod:`bot.harness` serves it in process and
:mod:`bot.harness_loopback` over real sockets.

:func:`command_payload_error` is Discord's check of one application command in a bulk
overwrite. :mod:`bot.harness` re-exports the public names.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
import logging
import re
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import discord

from bot.harness_records import Json, Sent, ThreadArchived, ThreadInfo, ThreadLocked, _walk_components

_log = logging.getLogger(__name__)

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


def _bad_select_option(options: List[Json]) -> Optional[Json]:
    """Discord's answer to a string select's option it refuses (else None): a label and a value
    of 1-100 characters; a description, when there is one, of 1-100 (an empty string is
    refused: a description is omitted instead); an emoji a custom one (its id) or a Unicode
    emoji (a name such as "black_nib" is refused, with the button's error code)."""
    for i, option in enumerate(options):
        for key in ("label", "value"):
            if not isinstance(option.get(key), str) or not 1 <= len(option[key]) <= 100:
                return _form_error(f"components.options.{i}.{key}", "BASE_TYPE_BAD_LENGTH",
                                   "Must be between 1 and 100 in length.")
        description = option.get("description")
        if description is not None and (not isinstance(description, str) or not 1 <= len(description) <= 100):
            return _form_error(f"components.options.{i}.description", "BASE_TYPE_BAD_LENGTH",
                               "Must be between 1 and 100 in length.")
        emoji = option.get("emoji")
        if emoji is not None and not (isinstance(emoji, dict) and (emoji.get("id") or _unicode_emoji(emoji.get("name")))):
            return _form_error(f"components.options.{i}.emoji.name", "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")
    return None


def _unicode_emoji(name: Any) -> bool:
    """A name Discord may take for a Unicode emoji: a few characters, not all ASCII (a shortcode
    such as "black_nib" is the client's, not the API's)."""
    return isinstance(name, str) and 0 < len(name) <= 32 and not name.isascii()


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
            problem = _bad_select_option(options)
            if problem is not None:
                return 400, problem
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
            except Exception as exc:  # noqa: BLE001 - a bug in the fake must not look like a Discord answer
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

    @staticmethod
    def _interaction_sent(kind: str, route: str, info: Optional[Json], data: Json, files: List[Tuple[str, bytes]],
                          origin: Optional[int], body: Any, **extra: Any) -> Sent:
        """The record of an interaction's answer or edit: its message ``data``, the channel and
        interaction it belongs to (the request's own, else the token's)."""
        return Sent(kind, route, channel_id=info["channel_id"] if info else None, content=data.get("content"),
                    embeds=list(data.get("embeds") or []), components=list(data.get("components") or []),
                    files=list(files), interaction_id=origin if origin is not None else (info["id"] if info else None),
                    payload=body, **extra)

    def _r_callback(self, *, route: str, body: Any, files: List[Tuple[str, bytes]], origin: Optional[int], iid: str, token: str, **_: Any) -> Tuple[int, Any]:
        info = self._interaction_for(token)
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        kind = "autocomplete" if ctype == 8 else "response"
        sent = self._interaction_sent(kind, route, info, data, files, origin, body,
                                      ephemeral=bool(int(data.get("flags") or 0) & EPHEMERAL), callback_type=ctype)
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
        sent = self._interaction_sent(kind, route, info, body, files, origin, body, message_id=mid)
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
