"""Gaia Project on Discord: the shared commands (the lobby's options come from the rules'
option specs), a pass command with a booster menu, and each player's standing charge policy
(asynchronous games stall on charge decisions otherwise).  The policy itself, the costs shown
in autocomplete and the buttons for small decisions all come from the rules core."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ..i18n import ls, t
from ..service import UserError
from .base import GameCog, MoveSelect, StandingOrder, send, user_language


class GaiaCog(GameCog, group_name="gaia", group_description=ls("game.gaia")):
    game_name = "gaia"
    standing_orders = (StandingOrder("charge", "charge"),)   # policy, and max for "up to"

    @app_commands.command(name="pass", description=ls("cmd.gaia_pass"))
    async def pass_turn(self, interaction: discord.Interaction) -> None:
        record = await self.game_here(interaction)
        loaded = await self.service.load(record.id)
        seat = self.service.acting_seat(loaded, interaction.user.id)
        texts = [text for text in await self.service.legal_move_texts(loaded, seat, 400)
                 if " pass" in f" {text}"][:25]
        if not texts:
            raise UserError("gaia_cannot_pass")
        language = user_language(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(MoveSelect(record.id, loaded.record.ply, texts, self.menu_options(loaded, seat, texts, language),
                                 language))
        await send(interaction, t("gaia_pass_choose", language), ephemeral=True, view=view)

    async def preferences(self, user_id: int) -> dict[str, Any]:
        prefs = dict(await super().preferences(user_id))
        if "charge" not in prefs:   # stored before standing orders moved into the rules
            legacy = (await self.bot.storage.get_user_settings(user_id)).prefs.get("gaia_charge")
            if isinstance(legacy, dict):
                prefs["charge"] = {"choice": legacy.get("policy", "ask"), "max": legacy.get("max", 1)}
        return prefs
