"""Space Corp 2025-2300AD (John Butterfield, GMT Games 2018): the rules core, in progress.

Only the static data and its typed loader (:mod:`rules.spacecorp.data`) exist so far; the game is
not registered in ``rules._GAME_MODULES`` until its rules core is complete.
"""
