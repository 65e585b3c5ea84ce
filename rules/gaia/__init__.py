"""Gaia Project rules core (base game, no Automa): see rules/gaia/game.py for the contract object."""
from .game import GAME, GaiaGame

__all__ = ["GAME", "GaiaGame"]
