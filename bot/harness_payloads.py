"""What Discord's client sends when a person uses the bot: interaction ``data`` payloads.

:func:`build_command_data` turns a command path ("game move") and options into the ``data``
of an APPLICATION_COMMAND or AUTOCOMPLETE interaction, from the bot's own command tree;
:func:`build_component_data` is a click on a button or a choice in a select of a message;
:func:`build_modal_data` the submission of a modal the bot showed. Each refuses what the
client would not let a person send (an unknown option, a disabled button, an empty required
field). :mod:`bot.harness` re-exports the public names.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import discord
from discord import app_commands

from bot.fake_discord import FakeDiscord, _content_type
from bot.harness_records import Json, _walk_components

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
