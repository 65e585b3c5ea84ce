"""The toy game's cog: nothing but the shared commands (what every game gets for free)."""
from bot.cogs.base import GameCog


class ToyCog(GameCog, group_name="toy", group_description="A toy game for tests"):
    game_name = "toy"
