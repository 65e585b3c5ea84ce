"""Gaia Project on Discord: the shared commands, the game's lobby options, a pass command
with a booster menu, buttons for power charge offers, and each player's standing charge
policy (asynchronous games stall on charge decisions otherwise)."""
from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from ..i18n import ls, t
from ..service import LoadedGame, UserError
from .base import GameCog, MoveSelect, send, seat_line

CHARGE_POLICIES = ("ask", "free", "upto", "never")
PREF_KEY = "gaia_charge"
_AMOUNT = re.compile(r"^(\d+)pw$")


def charge_decision(policy: dict[str, Any], offers: list[str]) -> str | None:
    """The move a policy makes for a charge offer, or None to ask the player.  A charge of
    N power costs N-1 VP (GP-LEECH); Taklons' two-way offers always ask (their order matters)."""
    name = policy.get("policy", "ask")
    if name == "never":
        return "decline"
    if len(offers) != 1 or not (match := _AMOUNT.match(offers[0])):
        return None
    amount = int(match[1])
    if name == "free" and amount == 1:
        return f"charge {offers[0]}"
    if name == "upto" and amount <= int(policy.get("max", 1)):
        return f"charge {offers[0]}"
    return None


def describe_policy(policy: dict[str, Any], locale) -> str:
    name = policy.get("policy", "ask")
    return t(f"gaia_policy.{name}", locale, max=policy.get("max", 1))


RESOURCES = (("c", "c"), ("o", "o"), ("k", "k"), ("q", "q"))


def move_effect(before: dict, after: dict) -> str:
    """What a move costs and gains the mover, e.g. "-2c -1o, +3 VP" (for autocomplete)."""
    parts = []
    for key, unit in RESOURCES:
        change = after[key] - before[key]
        if change:
            parts.append(f"{change:+d}{unit}")
    spent = before["power"]["area3"] - after["power"]["area3"]
    if spent > 0:
        parts.append(f"-{spent}pw")
    if after["vp"] != before["vp"]:
        parts.append(f"{after['vp'] - before['vp']:+d} VP")
    return " ".join(parts)


class GaiaCog(GameCog, group_name="gaia", group_description=ls("game.gaia")):
    game_name = "gaia"

    @app_commands.command(name="new", description=ls("cmd.new"))
    @app_commands.describe(players=ls("param.players"), map=ls("param.gaia_map"), factions=ls("param.gaia_factions"),
                           turn_order=ls("param.gaia_turn_order"), rotate_sectors=ls("param.gaia_rotate"))
    @app_commands.choices(
        map=[app_commands.Choice(name=ls("choice.gaia_map.standard"), value="standard"),
             app_commands.Choice(name=ls("choice.gaia_map.method1"), value="method1"),
             app_commands.Choice(name=ls("choice.gaia_map.method2"), value="method2"),
             app_commands.Choice(name=ls("choice.gaia_map.method3"), value="method3")],
        factions=[app_commands.Choice(name=ls("choice.gaia_factions.choose"), value="choose"),
                  app_commands.Choice(name=ls("choice.gaia_factions.random"), value="random"),
                  app_commands.Choice(name=ls("choice.gaia_factions.first-game"), value="first-game")],
        turn_order=[app_commands.Choice(name=ls("choice.gaia_turn.clockwise"), value="clockwise"),
                    app_commands.Choice(name=ls("choice.gaia_turn.passOrder"), value="passOrder")])
    async def new(self, interaction: discord.Interaction, players: app_commands.Range[int, 2, 4] | None = None,
                  map: str | None = None, factions: str | None = None, turn_order: str | None = None,
                  rotate_sectors: bool | None = None) -> None:
        options = {"players": players, "map": map, "factions": factions, "turn_order": turn_order,
                   "rotate_sectors": rotate_sectors}
        await self.open_lobby(interaction, {key: value for key, value in options.items() if value is not None})

    @app_commands.command(name="pass", description=ls("cmd.gaia_pass"))
    async def pass_turn(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.load(record.id)
        seat = self.service.acting_seat(loaded, interaction.user.id)
        texts = [text for text in await self.service.legal_move_texts(loaded, seat, 400)
                 if " pass" in f" {text}"][:25]
        if not texts:
            raise UserError("gaia_cannot_pass")
        view = discord.ui.View(timeout=None)
        view.add_item(MoveSelect(record.id, loaded.record.ply, texts))
        await send(interaction, t("gaia_pass_choose", interaction.locale), ephemeral=True, view=view)

    @app_commands.command(name="charge", description=ls("cmd.gaia_charge"))
    @app_commands.describe(policy=ls("param.gaia_policy"), max=ls("param.gaia_policy_max"))
    @app_commands.choices(policy=[app_commands.Choice(name=ls("choice.gaia_policy.ask"), value="ask"),
                                  app_commands.Choice(name=ls("choice.gaia_policy.free"), value="free"),
                                  app_commands.Choice(name=ls("choice.gaia_policy.upto"), value="upto"),
                                  app_commands.Choice(name=ls("choice.gaia_policy.never"), value="never")])
    async def charge(self, interaction: discord.Interaction, policy: str,
                     max: app_commands.Range[int, 1, 6] | None = None) -> None:
        if policy not in CHARGE_POLICIES:
            raise UserError("gaia_bad_policy", allowed=", ".join(CHARGE_POLICIES))
        if max is not None and not 1 <= max <= 6:
            raise UserError("gaia_bad_policy_max")
        if policy == "upto" and max is None:
            raise UserError("gaia_policy_needs_max")
        settings = await self.bot.storage.get_user_settings(interaction.user.id)
        settings.prefs[PREF_KEY] = {"policy": policy, "max": max or 1}
        await self.bot.storage.save_user_settings(settings)
        await send(interaction, t("gaia_policy_saved", interaction.locale,
                                  policy=describe_policy(settings.prefs[PREF_KEY], interaction.locale)), ephemeral=True)

    # ----- hooks of the shared move flow ---------------------------------------------------------
    def autocomplete_label(self, loaded: LoadedGame, seat: int, text: str) -> str:
        """A complete move shows its cost: "build m 3A3 (-2c -1o)"."""
        try:
            after = loaded.game.apply(loaded.state, loaded.game.parse_move(loaded.state, seat, text))
        except Exception:   # a partial completion ("build m") is not a move yet
            return text
        before_player, after_player = loaded.state["players"][seat], after["players"][seat]
        if before_player is None or after_player is None:   # no faction yet: nothing to count
            return text
        effect = move_effect(before_player, after_player)
        return f"{text} ({effect})" if effect else text

    def quick_choices(self, loaded: LoadedGame) -> tuple[int, list[str]] | None:
        """Buttons for small decisions (Gaia has no hidden information, so anyone may see
        them): a charge offer, or any moment where the one seat to act has 2-5 choices
        (brainstone, income order, a setup booster...)."""
        offer = loaded.state.get("offer")
        if offer:
            return offer["seat"], [f"charge {text}" for text in offer["offers"]] + ["decline"]
        waiting = loaded.game.waiting_for(loaded.state)
        if len(waiting) != 1:
            return None
        seat = next(iter(waiting))
        texts = []
        for move in loaded.game.legal_moves(loaded.state, seat):
            texts.append(loaded.game.format_move(move))
            if len(texts) > 5:
                return None
        return (seat, texts) if len(texts) >= 2 else None

    async def automatic_move(self, loaded: LoadedGame) -> tuple[int, str, str] | None:
        offer = loaded.state.get("offer")
        if not offer:
            return None
        player = loaded.record.user_at(offer["seat"])
        policy = (await self.bot.storage.get_user_settings(player.user_id)).prefs.get(PREF_KEY, {})
        decision = charge_decision(policy, offer["offers"])
        if decision is None:
            return None
        return offer["seat"], decision, t("gaia_policy_reason", None, name=player.name,
                                          policy=describe_policy(policy, None))

    async def extra_status_lines(self, loaded: LoadedGame, locale) -> list[str]:
        lines = [t("gaia_policies", locale)]
        for seat in range(len(loaded.record.players)):
            player = loaded.record.user_at(seat)
            policy = (await self.bot.storage.get_user_settings(player.user_id)).prefs.get(PREF_KEY, {})
            lines.append(f"- {seat_line(loaded, seat)}: {describe_policy(policy, locale)}")
        return lines
