"""What each suggested action is worth to the seat taking it, for ordering autocomplete (issue 29).

A newcomer takes the first line autocomplete offers; offered cheapest first, two such players
researched and drew every turn and built nothing.  Here each action is valued by the seat's
own projected profit (:func:`rules.spacecorp.evaluation.projected`) after its turn is played
out with the default answers (Research draws from the pile, contracts fulfilled, no transport,
windows declined), plus what its teams stand ready to do next:

* a team on a site it could build on now (explored, no base, a base type it may place):
  ``BUILD_PROSPECT`` of what that base would add to the projection;
* a team on a site still to be explored: ``EXPLORE_PROSPECT``.

So a Move towards an unexplored site, the Explore that opens a site to a base and the Build
itself each show their worth, and leaving a site the team could build on costs it.

Fair by construction: the values are worked out on a full state sampled from the seat's view
(``game.view`` then ``game.sample_state`` with a fixed seed), never on the host's full state,
so the other hands and the order of the pile and the stacks never change the order.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from rules.base import IllegalMove

from .data import tables
from .evaluation import projected
from .moves import BuildSpot, Move
from .state import PLAY, GameState

if TYPE_CHECKING:
    from .engine import SpaceCorpGame

SEED = 29                   # the sample's seed: the same view always gives the same order
BUILD_PROSPECT = 0.5        # share of a base's worth a team standing where it could build it adds
EXPLORE_PROSPECT = 0.8      # T a team standing on a site still to explore adds
TURN_STEPS = 12             # at most this many default answers finish the turn
IDLE = ("pioneer", "orion")  # sites whose teams never act again this era (SC-MOV-11/22/33)


def seat_sample(game: SpaceCorpGame, state: GameState, seat: int) -> GameState:
    """A full state built only from what ``seat`` may see (its view, the hidden parts sampled
    with a fixed seed)."""
    return game.sample_state(game.view(state, seat), seat, random.Random(SEED))


def standing(game: SpaceCorpGame, state: GameState, seat: int) -> float:
    """The seat's projected profit and its teams' prospects."""
    return projected(state, seat) + prospects(game, state, seat)


def prospects(game: SpaceCorpGame, state: GameState, seat: int) -> float:
    """What the seat's teams stand ready to do: build (a share of the base's worth, the best
    base type) or explore, each site counted once."""
    if state.phase != PLAY:
        return 0.0
    sites = tables().maps[state.era].sites
    player = state.players[seat]
    base = None
    total = 0.0
    seen = set()
    for team, site_id in sorted(player.teams.items()):
        if site_id is None or site_id in seen or team in player.teams_out:
            continue
        seen.add(site_id)
        site = sites[site_id]
        if site.kind in IDLE or site.build is None or game._bases_at(state, site_id):
            continue
        tiles = state.tiles.get(site_id, [])
        if site.explore is not None and site.boxes and not tiles:
            total += EXPLORE_PROSPECT
        elif len(tiles) >= len(site.boxes):
            if base is None:
                base = projected(state, seat)
            best = 0.0
            for spot in game._build_spots(state, seat, team, site):
                best = max(best, _base_worth(game, state, seat, spot, base))
            total += BUILD_PROSPECT * best
    return total


def _base_worth(game: SpaceCorpGame, state: GameState, seat: int, spot: BuildSpot, base: float) -> float:
    """What the bases ``spot`` places would add to the seat's projection (paid for nothing)."""
    try:
        plan = game._build_plan(state, seat, spot)
    except IllegalMove:
        return 0.0
    bases = dict(state.bases)
    for key, kind in plan:
        bases[key] = (seat, kind)
    return projected(replace(state, bases=bases), seat) - base


def turn_out(game: SpaceCorpGame, state: GameState, seat: int, move: Move) -> GameState | None:
    """The state after ``move`` and the rest of the seat's turn with the default answers
    (None if the move is refused there)."""
    try:
        after = game.apply(state, move)
    except IllegalMove:
        return None
    for _step in range(TURN_STEPS):
        if after.phase != PLAY or after.turn.seat != seat:
            break
        waiting = game.waiting_for(after)
        if not waiting:
            break
        mover = min(waiting)
        answer = game.default_move(after, mover)
        if answer is None:
            break
        try:
            after = game.apply(after, answer)
        except IllegalMove:
            break
    return after


def worths(game: SpaceCorpGame, state: GameState, seat: int, moves: list[Move]) -> list[float]:
    """Each move's worth to ``seat`` (its standing after the move's turn minus now), worked
    out on the seat's sample; a move refused there is worth nothing."""
    sample = seat_sample(game, state, seat)
    now = standing(game, sample, seat)
    values = []
    for move in moves:
        after = turn_out(game, sample, seat, move)
        values.append(0.0 if after is None else standing(game, after, seat) - now)
    return values
