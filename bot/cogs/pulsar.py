"""Pulsar 2849 on Discord: the shared commands, and each player's standing order for the
production step's "pay 1 cube for VP" transmitters (spec §9.3: parallel decisions may have
standing preferences such as "always buy").  The order itself lives in the rules core; the
``autobuy`` command is generated from its preference spec (``prod_buy``)."""
from __future__ import annotations

from ..i18n import ls
from .base import GameCog, StandingOrder


class PulsarCog(GameCog, group_name="pulsar", group_description=ls("game.pulsar")):
    game_name = "pulsar"
    standing_orders = (StandingOrder("autobuy", "prod_buy"),)
