"""How good a Pulsar 2849 position looks for a seat, for the computer players (issue 29).

Everything in VP, as the game would stand after round 8 (spec §7):

* the VP scored so far;
* stations (FS-7), exactly as the final table counts them now (their own score grows fast);
* owned pulsars (FS-3) and gyrodynes: a spinning one scores its size every production phase
  still to come (PR-5), one under construction or in reserve 1 VP (FS-4) plus a share of
  what it will make once spinning;
* operational transmitters (their production each round, PR-4), patents and completed HQ
  projects (abilities that pay on), cubes (FS-5: one VP a pair) and die modifiers;
* the turn-order position (FS-6), weighted up as the rounds pass (an instant technology's VP are
  in the VP scored: AII-4a's EFF-VP-PER(station,1) is worth as many VP as the stations on planets
  when it is patented, so a player with more stations values it more);
* the end-game technologies a player uses by a decision (rules.pulsar.final_techs): a PUR-BUY
  purchase (AIII-8a: 2 cubes -> 9 VP) is worth its VP less what its cubes would score (FS-5),
  in full once the cubes are there, in part while they may still come; PUR-GOAL-ANY (AIII-7b)
  the base VP of the goal it would make count now (GOAL-6).

The value for a seat is its total minus the best other seat's.
"""
from __future__ import annotations

from . import final_techs as ft
from .data import tables
from .economy import SIZE_VP, stations
from .state import OVER, GameState

ROUNDS = 8


def projected(state: GameState, seat: int) -> float:
    player = state.players[seat]
    total = float(player.vp)
    if state.phase == OVER:
        return total
    left = max(0, ROUNDS - state.round + 1)          # production phases still to come
    total += tables().station_score(stations(state, seat))
    for pulsar, owner in state.pulsars.items():
        if owner != seat:
            continue
        gyro = state.gyros.get(pulsar)
        if gyro is None:
            total += 1.0                               # FS-3, and room for a gyrodyne
        elif gyro.spinning:
            total += (SIZE_VP[gyro.size] + 1) * left
        else:
            total += 1.0 + 0.4 * (SIZE_VP[gyro.size] + 1) * left
    total += sum(player.gyro_reserve.values()) * (1.0 + 0.2 * left)
    total += sum(1.2 * left for transmitter in player.transmitters if transmitter.operational)
    total += 0.3 * sum(len(transmitter.covered) for transmitter in player.transmitters if not transmitter.operational)
    total += 2.0 * len(player.patents) + 1.5 * len(player.hq_done)
    total += 0.5 * player.cubes + 0.6 * sum(player.mods.values())
    final = tables().by_players[state.player_count].final_order_vp
    spaces = [space for space, who in enumerate(state.order) if who == seat]
    position = sum(final[space] for space in spaces if space < len(final))
    total += position * (ROUNDS - left + 1) / ROUNDS
    return total + end_techs(state, seat, left)


def end_techs(state: GameState, seat: int, left: int) -> float:
    """What the end-game technologies will add (FS-1 PUR-BUY, GOAL-6 PUR-GOAL-ANY), as the state
    stands: a purchase the cubes already cover in full, one still short of cubes by the share
    they cover (more while production phases remain to bring cubes); the goal a PUR-GOAL-ANY
    would make count (the engine's own default, :func:`final_techs.claims`) at its base VP."""
    player = state.players[seat]
    value = 0.0
    for cost, vp in ft.purchases(state, seat).values():
        gain = vp - 0.5 * cost                       # the cubes' own FS-5 value is counted above
        covered = min(1.0, player.cubes / cost) if cost else 1.0
        value += gain * (1.0 if covered >= 1.0 else covered * (0.8 if left else 0.0))
    if ft.goal_techs(state, seat):
        goals = tables().goals
        value += sum(goals[goal].base_vp for goal in ft.claims(state, seat, ft.fulfilled(state, seat), ()).values())
    return value


def evaluate(state: GameState, seat: int) -> float:
    """The seat's projected lead over the best other seat."""
    mine = projected(state, seat)
    others = [projected(state, s) for s in range(len(state.players)) if s != seat]
    return mine - (max(others) if others else 0.0)
