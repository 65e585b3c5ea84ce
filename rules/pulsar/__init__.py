"""Pulsar 2849 (Vladimír Suchý, CGE 2017): the pure rules core.  ``GAME`` is the contract object."""
from .engine import PulsarGame
from .moves import Move

GAME = PulsarGame()

__all__ = ["GAME", "Move", "PulsarGame"]
