"""Planetarium (Stéphane Vachon, 2017): the pure rules core.  ``GAME`` is the contract object."""
from .engine import PlanetariumGame
from .moves import Move

GAME = PlanetariumGame()

__all__ = ["GAME", "Move", "PlanetariumGame"]
