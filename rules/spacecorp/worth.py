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

The seat's own projection, not ``evaluate`` (its lead over the best other seat): a newcomer
reads the first line as what earns them most; with three or four players the lead would rank
the same action differently as the leader changes and put a move that holds the leader back
above one that earns; and it needs the projection of one seat, not of all.

Fair by construction: the values are worked out on a full state sampled from the seat's view
(``game.view`` then ``game.sample_state`` with a fixed seed), never on the host's full state,
so the other hands and the order of the pile and the stacks never change the order.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from rules.base import IllegalMove

from .data import Site, tables
from .evaluation import projected
from .moves import Explore, Move, Special
from .state import PLAY, GameState, split_spot

if TYPE_CHECKING:
    from .engine import SpaceCorpGame

SEED = 29                   # the sample's seed: the same view always gives the same order
BUILD_PROSPECT = 0.5        # share of a base's worth a team standing where it could build it adds
EXPLORE_PROSPECT = 0.8      # T a team standing on a site still to explore adds
EXPLORE_SAMPLES = 4         # samples of the hidden stacks an Explore is valued on
TURN_STEPS = 12             # at most this many default answers finish the turn
IDLE = ("pioneer", "orion")  # sites whose teams never act again this era (SC-MOV-11/22/33)


def seat_sample(game: SpaceCorpGame, view: GameState, seat: int, salt: int = 0) -> GameState:
    """A full state built only from what ``seat`` may see (its ``view``, the hidden parts
    sampled with a fixed seed: ``SEED + salt``)."""
    return game.sample_state(view, seat, random.Random(SEED + salt))


class Worth:
    """The seat's standing (projected profit and its teams' prospects) in states reached from
    one position.  What a base would add is worked out once per site, tiles and base supply,
    at that position (the share of the era left as it is now)."""

    def __init__(self, game: SpaceCorpGame, now: GameState, seat: int) -> None:
        self.game = game
        self.now = now
        self.seat = seat
        self.now_projected = projected(now, seat)
        self.base_worths: dict[tuple[str, tuple[str, ...], tuple[tuple[str, int], ...]], float] = {}

    def standing(self, state: GameState) -> float:
        return projected(state, self.seat) + self.prospects(state)

    def prospects(self, state: GameState) -> float:
        """What the seat's teams stand ready to do: build (a share of the best base's worth)
        or explore, each site counted once."""
        if state.phase != PLAY:
            return 0.0
        sites = tables().maps[state.era].sites
        player = state.players[self.seat]
        based = {split_spot(spot)[0] for spot in state.bases}
        total = 0.0
        seen = set()
        for team, site_id in sorted(player.teams.items()):
            if site_id is None or site_id in seen or site_id in based or team in player.teams_out:
                continue
            seen.add(site_id)
            site = sites[site_id]
            if site.kind in IDLE or site.build is None:
                continue
            tiles = state.tiles.get(site_id, [])
            if site.explore is not None and site.boxes and not tiles:
                total += EXPLORE_PROSPECT
            elif len(tiles) >= len(site.boxes):
                total += BUILD_PROSPECT * self.base_worth(state, team, site)
        return total

    def base_worth(self, state: GameState, team: str, site: Site) -> float:
        """What the best base ``team`` may put on ``site`` adds to the seat's projection now."""
        key = (site.id, tuple(state.tiles.get(site.id, [])), tuple(sorted(state.players[self.seat].bases.items())))
        if key not in self.base_worths:
            best = 0.0
            for spot in self.game._build_spots(state, self.seat, team, site):
                try:
                    plan = self.game._build_plan(state, self.seat, spot)
                except IllegalMove:
                    continue
                bases = dict(self.now.bases)
                for spot_key, kind in plan:
                    bases[spot_key] = (self.seat, kind)
                tiles = {**self.now.tiles, site.id: list(state.tiles.get(site.id, []))}
                best = max(best, projected(replace(self.now, bases=bases, tiles=tiles), self.seat) - self.now_projected)
            self.base_worths[key] = best
        return self.base_worths[key]


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
        answer = game.default_move(after, min(waiting))
        if answer is None:
            break
        try:
            after = game.apply(after, answer)
        except IllegalMove:
            break
    return after


def worths(game: SpaceCorpGame, state: GameState, seat: int, moves: list[Move],
           view: GameState | None = None) -> list[float]:
    """Each move's worth to ``seat`` (its standing after the move's turn minus now), worked
    out on the seat's sample (of ``view``, the seat's view of ``state``); an Explore or a
    Special (a probe explores too), whose tiles the sample draws, on ``EXPLORE_SAMPLES``
    samples, averaged (one sample's tile is luck).  A move refused there is worth nothing."""
    samples: list[tuple[GameState, Worth, float]] = []
    seen = game.view(state, seat) if view is None else view

    def sample(index: int) -> tuple[GameState, Worth, float]:
        while len(samples) <= index:
            drawn = seat_sample(game, seen, seat, len(samples))
            worth = Worth(game, drawn, seat)
            samples.append((drawn, worth, worth.standing(drawn)))
        return samples[index]

    values = []
    for move in moves:
        total = 0.0
        count = EXPLORE_SAMPLES if isinstance(move, (Explore, Special)) else 1
        for index in range(count):
            drawn, worth, now = sample(index)
            after = turn_out(game, drawn, seat, move)
            total += 0.0 if after is None else worth.standing(after) - now
        values.append(total / count)
    return values
