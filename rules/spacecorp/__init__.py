"""Space Corp 2025-2300AD (John Butterfield, GMT Games 2018): the pure rules core.  ``GAME`` is the
contract object.  The Mariners era (E1) is written and played as the one-era game (SC-VAR-4);
eras 2 and 3 are not written yet (README, Status)."""
from .engine import GAME, SpaceCorpGame
from .moves import Move

__all__ = ["GAME", "Move", "SpaceCorpGame"]
