"""EVE: Conquests (White Wolf / CCP, 2009): the pure rules core.  ``GAME`` is the contract object.

Not yet registered in :mod:`rules` (the host does not offer it): design-card effects, the
renderer and the cog are still missing (issue 11)."""
from .engine import EveGame
from .moves import Move

GAME = EveGame()

__all__ = ["GAME", "EveGame", "Move"]
