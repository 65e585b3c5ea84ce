"""The toy game's cog: only the shared commands (its standing order, a bonus picked
automatically, is the rules' ``auto_move``), so the host's generic cog is what is tested."""
from bot.cogs.base import GameCog
from bot.i18n import ls


class ToyCog(GameCog, group_name="toy", group_description=ls("toy.title")):
    game_name = "toy"
