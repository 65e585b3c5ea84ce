"""Gaia Project rules core (base game, 2-4 players, no Automa).

Modules: ``game`` (the contract object ``GAME``), ``engine`` (rules), ``turns`` (who may say what in
each phase), ``notation`` (boardgamers move text, spec §12), ``setup`` (options/seed or a setup
record), ``board`` (hex geometry, sectors), ``federation`` (minimality check and search), ``moves``
(legal moves, completion, random moves), ``playout`` (random games, invariants), ``replay``
(``python -m rules.gaia.replay FILE.json``).

State (a plain JSON dict, described for the type checker by ``state.GaiaState``; hex keys are
``"q,r"`` axial coordinates, GP-MAP-1):

* ``map``: rows ``[q, r, planet, sector_tile, name]`` (planet letters of §10.11; ``name`` like
  ``4A10``); ``map_id``; ``placement``: sectors with rotation and centre.
* ``planet``: hex -> planet that changed during play (``g`` gaiaformed transdim, ``l`` Lost Planet).
* ``bld``: hex -> ``[seat, type]`` with type ``m ts lab PI ac1 ac2`` or ``lp`` (the Lost Planet mine);
  ``guest``: hex -> Lantids seat sharing the planet; ``gf``: hex -> seat of a gaiaformer;
  ``sat``: hex -> [seats with a satellite]; ``station``: hex -> Ivits seat (space station).
* ``players[seat]``: ``faction``, ``vp``, ``vp_src`` (VP by source; sums to ``vp``), ``c o k q``,
  ``power`` {area1, area2, area3, gaia} (regular tokens), ``brainstone`` (None or an area),
  ``tokens`` (tokens owned), ``research`` {terra nav int gaia eco sci}, ``n`` (buildings on the map
  per type incl. ``sp``), ``gf_total`` / ``gf_gaia`` (gaiaformers owned / in the Gaia area),
  ``techs`` [{id, pos, covered}], ``feds`` [{id, green}], ``booster``, ``used`` (special actions used
  this round), ``passed``, ``fed_hexes`` (hexes in the player's federations), ``ivits_feds``,
  ``inc_seq`` (income sources in acquisition order), ``income_todo`` / ``waiting`` / ``ask`` /
  ``tg_left`` (open income, brainstone and Gaia-phase decisions).
* ``round`` (0 during setup, 1-6), ``phase`` (rotate, factions, setup, boosters, income, gaia,
  actions, over), ``order`` (this round's turn order), ``passed`` (pass order), ``current`` (seat to
  act), ``offer`` (open passive-charge offer {seat, hex, offers}), ``leech_q`` (pending placements),
  ``queue`` (setup steps), ``round_scoring``, ``final_scoring``, ``boosters`` (id -> holder seat or
  None), ``tech`` (position -> tile id, incl. ``adv-*``), ``adv_taken``, ``fed_supply``,
  ``terra_fed``, ``used_actions`` (board actions taken this round), ``options``, ``rng``.
"""
from .game import GAME, GaiaGame

__all__ = ["GAME", "GaiaGame"]
