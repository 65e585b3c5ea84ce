"""The toy game's cog: the shared commands plus one standing order, so the host's
automatic-move mechanism is tested: a player may store a bonus to pick automatically."""
from bot.cogs.base import GameCog


class ToyCog(GameCog, group_name="toy", group_description="A toy game for tests"):
    game_name = "toy"

    async def automatic_move(self, loaded):
        for seat in sorted(loaded.game.waiting_for(loaded.state)):
            if not loaded.state.picks or loaded.state.picks[seat] is not None:
                continue
            player = loaded.record.user_at(seat)
            prefs = (await self.bot.storage.get_user_settings(player.user_id)).prefs
            if "toy_autopick" in prefs:
                return seat, f"pick {prefs['toy_autopick']}", f"{player.name}'s standing pick"
        return None
