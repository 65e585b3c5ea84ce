"""How good a Gaia Project position looks for a seat, for the computer players (issue 29).

Everything is counted in VP (spec §8), as the game would stand at its end:

* the VP already scored (GP-SCORE-1..4);
* research: the final 4 VP per level from 3 up (GP-END-5), exactly; plus a little per level
  for what a level does meanwhile (range, terraforming, income);
* the two final scoring tiles (GP-END-1..4): the places the seat would take if the game
  ended now (the neutral player in a 2-player game, GP-END-3), weighted up as the rounds pass;
* the income still to come: each income source (GP-INC, ``income_events``) valued in VP times
  the income phases left;
* resources in hand at what they usually buy (GP-END-6 at the end: 1 VP per 3);
* structures and gaiaformers at a small flat value (round tiles, federations, adjacency).

The value for a seat is its total minus the best other seat's (its projected lead).
"""
from __future__ import annotations

import re
from typing import Any

from .engine import P, final_count, income_events, rank_vp
from .tables import FINAL_TILES

# what one unit is worth in VP while the game goes on (at the end: 1 VP per 3 of c/o/k)
UNIT_VP = {"c": 0.3, "o": 0.9, "k": 0.8, "q": 1.6, "pw": 0.12, "t": 0.35, "vp": 1.0}
ROUNDS = 6
_ITEM = re.compile(r"^(\d*)([a-z]+)$")


def _income_value(events: list[str]) -> float:
    total = 0.0
    for event in events:
        for item in str(event).split(","):
            match = _ITEM.match(item.strip())
            if match:
                total += int(match.group(1) or 1) * UNIT_VP.get(match.group(2), 0.0)
    return total


def _final_tiles(st: Any, seat: int) -> float:
    players = len(st["players"])
    total = 0.0
    for tile in st.get("final_scoring") or []:
        counts = [final_count(st, s, tile) if st["players"][s] else 0 for s in range(players)]
        if players == 2:
            counts.append(FINAL_TILES[tile]["neutral"])
        total += rank_vp(counts)[seat]
    return total


def projected(st: Any, seat: int) -> float:
    """The seat's VP now plus, in VP, what its position is worth by the end of the game."""
    p = P(st, seat)
    if not p:
        return 10.0
    if st["phase"] == "over":
        return float(p["vp"])
    total = float(p["vp"])
    done = max(0, min(ROUNDS, int(st.get("round") or 0)))
    left = ROUNDS - done                      # income phases still to come
    total += sum(4 * max(0, level - 2) + 0.6 * level * left / ROUNDS for level in p["research"].values())
    try:
        total += (0.4 + 0.6 * done / ROUNDS) * _final_tiles(st, seat)
        total += left * _income_value(income_events(st, seat))
    except (KeyError, ValueError, TypeError):   # a faction not chosen yet: no board to read
        pass
    power = p.get("power") or {}
    hand = (UNIT_VP["c"] * p.get("c", 0) + UNIT_VP["o"] * p.get("o", 0) + UNIT_VP["k"] * p.get("k", 0)
            + UNIT_VP["q"] * p.get("q", 0) + 0.3 * power.get("area3", 0) + 0.15 * power.get("area2", 0))
    at_end = (p.get("c", 0) + p.get("o", 0) + p.get("k", 0) + p.get("q", 0) + power.get("area3", 0)) / 3
    total += at_end + (hand - at_end) * left / ROUNDS if left else at_end
    buildings = sum((p.get("n") or {}).values())
    total += 0.8 * buildings + 0.5 * p.get("gf_total", 0) * left / ROUNDS
    return total


def evaluate(st: Any, seat: int) -> float:
    """The seat's projected lead over the best other seat (the VP lead once the game is over)."""
    players = range(len(st["players"]))
    mine = projected(st, seat)
    others = [projected(st, s) for s in players if s != seat]
    return mine - (max(others) if others else 0.0)
