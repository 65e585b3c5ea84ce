"""Raw slash-command options checked against the command's declared parameters.

Discord's client sends each option with the type the command declares, but discord.py passes
a raw payload's values through untouched: a number where text is declared, text where a
number is, a required option left out. ``option_problem`` finds the first such mismatch
before the command runs, so the player gets one clear sentence naming the option instead of
"something went wrong" (or silence). Generic: it knows parameter types, never a game.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

import discord
from discord import app_commands

from rules.messages import Msg, has_key

__all__ = ["OptionProblem", "leaf_options", "option_label", "option_problem"]

_Type = discord.AppCommandOptionType

# the key of the sentence that says what an option of each type takes
_NEEDS = {
    _Type.string: "option_needs.string",
    _Type.integer: "option_needs.integer",
    _Type.number: "option_needs.number",
    _Type.boolean: "option_needs.boolean",
}
_ID_TYPES = (_Type.user, _Type.channel, _Type.role, _Type.mentionable, _Type.attachment)


class OptionProblem(app_commands.AppCommandError):
    """A raw option the command cannot take; ``msg`` says which and why."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(str(msg))
        self.msg = msg


def option_label(name: str) -> Msg | str:
    """An option's name as the player's client shows it (``name.<option>`` in the catalogue)."""
    return Msg(f"name.{name}") if has_key(f"name.{name}") else name


def _fits(kind: _Type, value: Any) -> bool:
    if kind is _Type.string:
        return isinstance(value, str)
    if kind is _Type.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is _Type.number:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is _Type.boolean:
        return isinstance(value, bool)
    if kind in _ID_TYPES:
        return isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).isdigit()
    return True


def _shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 100 else text[:99] + "…"


def leaf_options(data: Mapping[str, Any]) -> Sequence[Mapping[str, Any]]:
    """The options of the sub-command that runs (below any sub-command groups)."""
    options: Sequence[Mapping[str, Any]] = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        options = options[0].get("options") or []
    return options


def option_problem(command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any]) -> Optional[Msg]:
    """The sentence refusing the first option of ``data`` (an interaction's raw data) that the
    command's parameters do not take, or None when every option fits."""
    given = {str(option.get("name")): option.get("value") for option in leaf_options(data)}
    for param in command.parameters:
        name = param.display_name
        label = option_label(name)
        if name not in given:
            if param.required:
                return Msg("option_missing", option=label)
            continue
        value = given[name]
        if not _fits(param.type, value):
            return Msg(_NEEDS.get(param.type, "option_needs.choice"), option=label, value=_shown(value))
    # a value of the right type outside the declared choices or range is the command's to
    # refuse: it can say what is allowed (Discord only advertises choices and ranges)
    return None
