"""Pulsar 2849 (Vladimír Suchý, CGE 2017): the rules core, being built (issue 12).  ``GAME`` is the
contract object; it is not registered in :mod:`rules` yet (no renderer, cog texts or example
game), so the bot does not offer it."""
from .engine import PulsarGame
from .moves import Move

GAME = PulsarGame()

__all__ = ["GAME", "Move", "PulsarGame"]
