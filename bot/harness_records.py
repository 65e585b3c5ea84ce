"""What the strict test Discord hands back to a test.

Each outgoing call of the bot is recorded as a :class:`Sent`; an interaction's calls are an
:class:`Outcome` (with the :class:`Raised` errors of the bot meanwhile), an autocomplete's
answer is :class:`Choices`; threads are described by :class:`ThreadInfo`. The exceptions a
test meets when it asks for what Discord's client would not let a person do live here too
(:class:`ThreadArchived`, :class:`ThreadLocked`), and :class:`HarnessTimeout`.

These are plain records over wire JSON: no transport, no bot. :mod:`bot.harness` re-exports
every public name.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from discord import app_commands
from discord.ext import commands as _commands

#: A JSON object as Discord sends and receives it (payloads, messages, components).
Json = Dict[str, Any]


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



class ThreadArchived(Exception):
    """A test tried to run a slash command in an archived thread (Discord's client refuses)."""

    reason = "archived"


class ThreadLocked(ThreadArchived):
    """A test tried to run a slash command in a locked thread without Manage Threads (the
    client offers no message box there). A ThreadArchived for old handlers, with its own
    reason: a locked thread stays locked when the bot posts, an archived one reopens."""

    reason = "locked"

