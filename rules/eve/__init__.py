"""EVE: Conquests (White Wolf / CCP, 2009): the pure rules core.  ``GAME`` is the contract object."""
from .engine import EveGame
from .moves import Move

GAME = EveGame()

__all__ = ["GAME", "EveGame", "Move"]
