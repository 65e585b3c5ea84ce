"""Space Corp 2025-2300AD on Discord: the shared commands, and each player's standing auto-pass
orders for Edges (spec §9.3: a player may decline every reaction window of an Edge for good, so
the game does not wait for them).  The orders themselves are answered by the rules core; the
``autopass`` command (an ``edge`` and a policy) is generated from the ``autopass_<edge>`` specs."""
from __future__ import annotations

from typing import Any

from rules.spacecorp.read import DECLINE_ALWAYS

from ..i18n import ls, t
from .base import GameCog, StandingOrder, describe_preference, seat_line


class SpaceCorpCog(GameCog, group_name="spacecorp", group_description=ls("game.spacecorp")):
    game_name = "spacecorp"
    standing_orders = (StandingOrder("autopass", "autopass", which="edge"),)

    async def extra_status_lines(self, loaded: Any, language: str) -> list[str]:
        """Only the Edges each player always declines: ten "asks" per player would drown the status."""
        lines = [t("standing_orders", language)]
        for seat in range(len(loaded.record.players)):
            player = loaded.record.user_at(seat)
            if player is None or player.computer:    # a computer decides every window itself
                continue
            prefs = await self.preferences(player.user_id)
            passing = [describe_preference(spec, prefs.get(spec.name), language) for spec in self.game.preferences
                       if isinstance(prefs.get(spec.name), dict) and prefs[spec.name].get("choice") == DECLINE_ALWAYS]
            lines.append(f"- {seat_line(loaded, seat, language)}: "
                         + ("; ".join(passing) or t("spacecorp_orders_none", language)))
        return lines
