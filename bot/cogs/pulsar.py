"""Pulsar 2849 on Discord: the shared commands, and each player's standing order for the
production step's "pay 1 cube for VP" transmitters (spec §9.3: parallel decisions may have
standing preferences such as "always buy").  The order itself lives in the rules core."""
from __future__ import annotations


import discord
from discord import app_commands

from ..i18n import ls
from ..service import UserError
from .base import GameCog


class PulsarCog(GameCog, group_name="pulsar", group_description=ls("game.pulsar")):
    game_name = "pulsar"

    @app_commands.command(name="autobuy", description=ls("cmd.pulsar_autobuy"))
    @app_commands.describe(policy=ls("param.pulsar_policy"))
    @app_commands.choices(policy=[app_commands.Choice(name=ls("choice.pulsar_policy.ask"), value="ask"),
                                  app_commands.Choice(name=ls("choice.pulsar_policy.always"), value="always"),
                                  app_commands.Choice(name=ls("choice.pulsar_policy.never"), value="never")])
    async def autobuy(self, interaction: discord.Interaction, policy: str) -> None:
        spec = next(spec for spec in self.game.preferences if spec.name == "prod_buy")
        if policy not in spec.choices:      # Discord only advertises the choices: check them again
            raise UserError("pulsar_bad_policy", allowed=", ".join(spec.choices))
        await self.save_preference(interaction, spec, {"choice": policy}, "pulsar_policy_saved")
