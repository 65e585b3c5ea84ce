"""Planetarium on Discord: everything comes from the shared game commands; the setup
discard and "draw F keep=…" are secret choices, which the shared move command already
confirms privately because the rules redact them from the public log."""
from __future__ import annotations


from ..i18n import ls
from .base import GameCog


class PlanetariumCog(GameCog, group_name="planetarium", group_description=ls("game.planetarium")):
    game_name = "planetarium"
