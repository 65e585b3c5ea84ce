"""Pulsar 2849: the purple technologies a player uses by a decision at the final scoring (spec
§8.6.1 PUR-BUY and PUR-GOAL-ANY, §7.3 FS-1, GOAL-5, GOAL-6), both printed on side AIII:

* AIII-8a, PUR-BUY(2,9): two engineering cubes, "1x", 9 VP - once, at the end, 2 cubes for 9 VP;
* AIII-7b, PUR-GOAL-ANY: a goal tile with a question mark over a green check mark - one goal of
  the owner's choice counts as fulfilled for them.

Both are decided in the ``goals`` move with the goal bonuses (GOAL-5: before FS-5 counts the
cubes left), each item naming the technology: ``goals AIII-8a`` buys, ``goals AIII-7b=G3a`` names
the goal.  The goals' own conditions are counted here too (``goal_count``, ``fulfilled``: GOAL-1,
GOAL-3, GOAL-4), since the evaluation needs them as well as the engine.  Everything reads the state
and the move's items; only ``pay`` changes the state (the copy the engine's ``apply`` works on).

DESIGN DECISIONS (the pictures are the only source: *Interpretation* in the spec)
* PUR-BUY is a purchase, not a conversion the engine makes: the owner decides (cubes can buy goal
  bonuses instead, GOAL-1), and a player without the cubes simply does not buy.  "1x": once a
  game; naming it twice is refused.  Its VP are purple VP (FS-1), paid before the goal bonuses.
* PUR-GOAL-ANY names a goal of the game the owner does not fulfil (naming a fulfilled one would
  give nothing, so it is refused); that goal then counts as fulfilled for every end rule: its
  base VP, its bonuses may be bought (GOAL-1), PUR-GOAL-BOOST adds to it, GOAL-2 still lets only
  one gyrodyne goal score.  Without a choice the goal that adds the most VP counts (the first of
  the three tiles on a tie): the technology never goes unused because nobody typed a goal.
* The goal is asked for only when there is a choice (two or more goals not fulfilled).
"""
from __future__ import annotations

from typing import Iterable, Protocol, Sequence

from rules.base import IllegalMove

from .data import tables
from .state import GameState

BUY, GOAL_ANY = "PUR-BUY", "PUR-GOAL-ANY"


def goal_count(state: GameState, seat: int, metric: str) -> int:
    """What a goal's condition counts for the player (§8.10; GOAL-3, GOAL-4)."""
    mine = [p for p, who in state.pulsars.items() if who == seat]
    spinning = [state.gyros[p].size for p in mine if p in state.gyros and state.gyros[p].spinning]
    player = state.players[seat]
    return {"spinning_same_size": max([spinning.count(s) for s in "SML"] + [0]),
            "spinning_different_sizes": len(set(spinning)), "spinning_any": len(spinning),
            "operational_transmitters": sum(t.operational for t in player.transmitters),
            "markers_on_planets": sum(1 for s in state.systems.values() for w in s.planets.values() if w == str(seat)),
            "patents": len(player.patents), "hq_projects": len(player.hq_done),
            "gate_runs": sum(1 for used in player.gate_runs.values() if used)}.get(metric, 0)


def fulfilled(state: GameState, seat: int) -> list[str]:
    """The goals of the game whose condition the player fulfils (GOAL-1), in tile order."""
    goals = tables().goals
    return [g for g in state.goals if goal_count(state, seat, goals[g].metric) >= goals[g].at_least]


def purchases(state: GameState, seat: int) -> dict[str, tuple[int, int]]:
    """The player's PUR-BUY technologies: id -> (cubes, VP)."""
    techs = tables().technologies
    return {tech: (int(effect.args[0]), int(effect.args[1])) for tech in state.players[seat].patents
            for effect in techs[tech].effects if effect.name == BUY}


def goal_techs(state: GameState, seat: int) -> list[str]:
    """The player's PUR-GOAL-ANY technologies, in patent order."""
    techs = tables().technologies
    return [tech for tech in state.players[seat].patents if any(e.name == GOAL_ANY for e in techs[tech].effects)]


def is_gyro_goal(goal: str) -> bool:
    """GOAL-2: tiles G1 and G2 score gyrodynes."""
    return goal[:2] in ("G1", "G2")


def scoring(goals: Iterable[str], pick: str | None = None) -> list[str]:
    """GOAL-2: of two gyrodyne goals only one scores - the picked one, else the one worth more."""
    counted = list(dict.fromkeys(goals))
    gyro = [goal for goal in counted if is_gyro_goal(goal)]
    if len(gyro) < 2:
        return counted
    base = tables().goals
    keep = pick if pick in gyro else max(gyro, key=lambda g: base[g].base_vp)
    return [goal for goal in counted if not is_gyro_goal(goal) or goal == keep]


def claims(state: GameState, seat: int, fulfilled: Sequence[str], items: Iterable[str]) -> dict[str, str]:
    """PUR-GOAL-ANY (GOAL-6): technology -> the goal it makes count, as named (``AIII-7b=G3a``)
    or, without a name, the open goal that adds the most base VP (GOAL-2 applied)."""
    named = dict(item.split("=", 1) for item in items if "=" in item and not item.startswith("pick="))
    counted = list(fulfilled)
    chosen: dict[str, str] = {}
    for tech in goal_techs(state, seat):
        goal = named.get(tech) or best_open_goal(state, counted)
        if goal is not None:
            chosen[tech] = goal
            counted.append(goal)
    return chosen


def best_open_goal(state: GameState, counted: Sequence[str]) -> str | None:
    """The goal of the game not yet counted whose counting adds the most base VP (GOAL-2)."""
    base = tables().goals
    open_goals = [goal for goal in state.goals if goal not in counted]

    def worth(goal: str) -> int:
        return sum(base[g].base_vp for g in scoring([*counted, goal]))
    return max(open_goals, key=worth, default=None)


def choices(state: GameState, seat: int, fulfilled: Sequence[str]) -> list[str]:
    """The items the technologies add to the final decision: each PUR-BUY the cubes pay for, and
    each goal PUR-GOAL-ANY may name when two or more are open."""
    cubes = state.players[seat].cubes
    items = [tech for tech, (cost, _vp) in purchases(state, seat).items() if cubes >= cost]
    open_goals = [goal for goal in state.goals if goal not in fulfilled]
    if len(open_goals) > 1:
        items += [f"{tech}={goal}" for tech in goal_techs(state, seat) for goal in open_goals]
    return items


class Refuse(Protocol):
    """Builds a refusal of one ``goals`` item; ``tech`` names the technology a goal was named for."""

    def __call__(self, key: str, rule: str, item: str, tech: str = "") -> IllegalMove: ...


def check(state: GameState, seat: int, fulfilled: Sequence[str], items: Sequence[str], refuse: Refuse) -> int:
    """Refuse a technology item that cannot be used (``refuse(key, rule, item)`` builds the
    refusal); the cubes the purchases cost."""
    bought = purchases(state, seat)
    cost = 0
    for item in items:
        tech, equals, goal = item.partition("=")
        if tech not in tables().technologies:
            continue                                        # a goal bonus or pick=, the engine's part
        if equals:
            if tech not in goal_techs(state, seat):
                raise refuse("pulsar.err.goal_tech", "GOAL-6", tech)
            if goal not in state.goals or goal in fulfilled:
                raise refuse("pulsar.err.goal_claim", "GOAL-6", goal, tech)
            if sum(1 for other in items if other.startswith(f"{tech}=")) > 1:
                raise refuse("pulsar.err.goal_claim", "GOAL-6", goal, tech)
        else:
            if item not in bought:
                raise refuse("pulsar.err.goal_tech", "FS-1", item)
            if items.count(item) > 1:                       # "1x": once a game
                raise refuse("pulsar.err.goal_tech", "PUR-BUY", item)
            cost += bought[item][0]
    return cost


def is_tech_item(item: str) -> bool:
    """A ``goals`` item that names a technology (a purchase or a goal named by one)."""
    return item.partition("=")[0] in tables().technologies


def pay(state: GameState, seat: int, items: Iterable[str]) -> None:
    """FS-1, PUR-BUY: each named purchase the cubes still cover: cubes out, VP in."""
    player = state.players[seat]
    for tech, (cost, vp) in purchases(state, seat).items():
        if tech in items and player.cubes >= cost:
            player.cubes -= cost
            player.score(vp, "purple")


__all__ = ["BUY", "GOAL_ANY", "best_open_goal", "check", "choices", "claims", "fulfilled", "goal_count", "goal_techs",
           "is_gyro_goal", "is_tech_item", "pay", "purchases", "scoring"]
