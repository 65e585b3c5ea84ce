"""Space Corp 2025-2300AD on Discord: the shared commands, and each player's standing auto-pass
orders for Edges (spec §9.3: a player may decline every reaction window of an Edge for good, so
the game does not wait for them).  The orders themselves are answered by the rules core."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from rules.spacecorp.read import DECLINE_ALWAYS, PLAYED_EDGES

from ..i18n import ls, t
from ..service import UserError
from .base import GameCog, describe_preference, seat_line


class SpaceCorpCog(GameCog, group_name="spacecorp", group_description=ls("game.spacecorp")):
    game_name = "spacecorp"

    @app_commands.command(name="autopass", description=ls("cmd.spacecorp_autopass"))
    @app_commands.describe(edge=ls("param.spacecorp_edge"), policy=ls("param.spacecorp_policy"))
    @app_commands.choices(edge=[app_commands.Choice(name=ls(f"spacecorp.edge.{edge}"), value=edge)
                                for edge in PLAYED_EDGES],
                          policy=[app_commands.Choice(name=ls("choice.spacecorp_policy.ask"), value="ask"),
                                  app_commands.Choice(name=ls("choice.spacecorp_policy.pass"), value="pass")])
    async def autopass(self, interaction: discord.Interaction, edge: str, policy: str) -> None:
        spec = next((spec for spec in self.game.preferences if spec.name == f"autopass_{edge}"), None)
        if spec is None:                    # Discord only advertises the choices: check them again
            raise UserError("spacecorp_bad_edge", allowed=", ".join(PLAYED_EDGES))
        if policy not in spec.choices:
            raise UserError("spacecorp_bad_policy", allowed=", ".join(spec.choices))
        await self.save_preference(interaction, spec, {"choice": policy}, "spacecorp_policy_saved")

    async def extra_status_lines(self, loaded: Any, language: str) -> list[str]:
        """Only the Edges each player always declines: ten "asks" per player would drown the status."""
        lines = [t("standing_orders", language)]
        for seat in range(len(loaded.record.players)):
            prefs = await self.preferences(loaded.record.user_at(seat).user_id)
            passing = [describe_preference(spec, prefs.get(spec.name), language) for spec in self.game.preferences
                       if isinstance(prefs.get(spec.name), dict) and prefs[spec.name].get("choice") == DECLINE_ALWAYS]
            lines.append(f"- {seat_line(loaded, seat, language)}: "
                         + ("; ".join(passing) or t("spacecorp_orders_none", language)))
        return lines
