"""Pulsar 2849 (Vladimír Suchý, CGE 2017): the rules core, being built (issue 12).  Only the
game's data (:mod:`rules.pulsar.data`) exists so far; the game is not registered in
:mod:`rules` and the bot does not offer it."""
