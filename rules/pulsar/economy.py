"""Pulsar 2849: gyrodynes and construction awards (spec §6.2), modifier purchases (§6.6), the
production phase (§5.3 PR-1..PR-5) and the final scoring steps that need no player decision
(§7.3 FS-3..FS-8).  Dice payment itself is checked by the caller (the action's die value)."""
from __future__ import annotations

from rules.base import IllegalMove

from . import describe
from . import dice as dm
from .data import tables
from .dice import median_value
from .state import GameState, Gyrodyne

SIZE_VP = {"S": 1, "M": 2, "L": 3}          # PR-5 printed VP (§8.3)


def lose_vp(state: GameState, seat: int, amount: int) -> None:
    """Score floor (§7): a score never drops below 0."""
    state.players[seat].score(-amount, "penalties")


def gyro_take(state: GameState, seat: int, size: str) -> None:
    """ACT-GYRO-TAKE: into the reserve; not when the size is sold out."""
    if state.gyro_supply[size] < 1:
        raise IllegalMove("pulsar.err.gyro_sold_out", "ACT-GYRO-TAKE", size=describe.size_name(size))
    state.gyro_supply[size] -= 1
    state.players[seat].gyro_reserve[size] += 1


def gyro_place(state: GameState, seat: int, size: str, pulsar: str) -> None:
    """ACT-GYRO-PLACE (free), then AWARD-2/3: every second placed tile of a size wins the top
    remaining award of that size."""
    player = state.players[seat]
    if state.pulsars.get(pulsar) != seat or pulsar in state.gyros:
        raise IllegalMove("pulsar.err.gyro_pulsar", "ACT-GYRO-PLACE", pulsar=describe.loc(pulsar))
    if player.gyro_reserve[size] < 1:
        raise IllegalMove("pulsar.err.gyro_reserve", "ACT-GYRO-PLACE", size=describe.size_name(size))
    player.gyro_reserve[size] -= 1
    state.gyros[pulsar] = Gyrodyne(size)
    placed = sum(1 for p, g in state.gyros.items() if state.pulsars.get(p) == seat and g.size == size)
    while placed // 2 > state.award_holders[size].count(seat) and state.awards[size]:
        value = state.awards[size].pop(0)
        state.award_holders[size].append(seat)
        player.awards.append(value)
        player.score(value, "awards")


def gyro_spin(state: GameState, seat: int, pulsar: str) -> None:
    """ACT-GYRO-SPIN: an own gyrodyne under construction starts spinning."""
    gyro = state.gyros.get(pulsar)
    if gyro is None or state.pulsars.get(pulsar) != seat or gyro.spinning:
        raise IllegalMove("pulsar.err.gyro_spin", "ACT-GYRO-SPIN", pulsar=describe.loc(pulsar))
    gyro.spinning = True
    from .actions import trigger
    trigger(state, seat, "gyro_spin")


def take_cost(size: str) -> int:
    return tables().gyro_costs[size][0]


def spin_cost(size: str) -> int:
    return tables().gyro_costs[size][1]


def buy_mod(state: GameState, seat: int, kind: str, die: int) -> None:
    """MOD-BUY-1: a 1 or a 2 buys a ±1 token, a 2 buys a +2 token."""
    if (kind == "pm1" and die not in (1, 2)) or (kind == "p2" and die != 2):
        raise IllegalMove("pulsar.err.buy_mod", "MOD-BUY-1", die=die)
    state.players[seat].mods[kind] += 1


def new_turn_order(state: GameState) -> None:
    """PR-1: rockets follow the initiative ranking (two players: all four markers)."""
    state.order = [int(marker.split(":")[0]) for marker in dm.ranking(state.tracks["initiative"])]


def engineering_income(state: GameState) -> None:
    """PR-2: by engineering rank (D-MOVE-7)."""
    income = tables().by_players[state.player_count].engineering_income
    for marker, (kind, amount) in zip(dm.ranking(state.tracks["engineering"]), income):
        player = state.players[int(marker.split(":")[0])]
        if kind == "cubes":
            player.cubes += amount
        else:
            player.score(amount, "engineering")


def track_penalties(state: GameState) -> None:
    """PR-3: -1 per marker on the second-to-last space, -2 on the last (floor 0)."""
    for track in state.tracks.values():
        for index, penalty in ((len(track) - 2, 1), (len(track) - 1, 2)):
            for marker in track[index]:
                lose_vp(state, int(marker.split(":")[0]), penalty)


def gyro_production(state: GameState, row_bonus: int | str) -> None:
    """PR-5: each spinning gyrodyne scores its VP plus the time row's bonus (M: the median)."""
    bonus = median_value(state.median or 0) if row_bonus == "M" else int(row_bonus)
    for pulsar, gyro in state.gyros.items():
        if gyro.spinning:
            state.players[state.pulsars[pulsar]].score(SIZE_VP[gyro.size] + bonus, "gyrodynes")


def purple(state: GameState, seat: int, name: str) -> int:
    """The sum of the first argument of the player's purple technologies called ``name`` (or
    how many there are, for a term without arguments)."""
    techs = tables().technologies
    return sum(int(effect.args[0]) if effect.args else 1 for tech in state.players[seat].patents
               for effect in techs[tech].effects if effect.name == name)


def size_table(state: GameState, seat: int) -> int:
    """FS-1, PUR-SIZES(v1, v2, v3): v<n> VP for n distinct sizes among the player's spinning
    gyrodynes (AIII as printed: three gyrodynes X, Y, Z; x1 4, x2 8, x3 16 VP)."""
    sizes = len({gyro.size for pulsar, gyro in state.gyros.items() if gyro.spinning and state.pulsars.get(pulsar) == seat})
    techs = tables().technologies
    return sum(int(effect.args[sizes - 1]) for tech in state.players[seat].patents for effect in techs[tech].effects
               if effect.name == "PUR-SIZES" and sizes)


def board_stations(state: GameState, seat: int) -> int:
    """The player's stations on planets of the cluster board (markers only: EFF-VP-PER, GOAL-3)."""
    return sum(1 for system in state.systems.values() for who in system.planets.values() if who == str(seat))


def stations(state: GameState, seat: int) -> int:
    """FS-7: own markers on planets + kept extra-station tiles + PUR-STATIONS technologies."""
    return board_stations(state, seat) + len(state.players[seat].kept_exploration) + purple(state, seat, "PUR-STATIONS")


def final_scoring_fixed(state: GameState) -> None:
    """FS-3..FS-7 (the steps without decisions), after PR-1 of round 8."""
    by_players = tables().by_players[state.player_count]
    for player in state.players:
        seat = player.seat
        owned = [p for p, who in state.pulsars.items() if who == seat]
        player.score(sum(1 for p in owned if not (p in state.gyros and state.gyros[p].spinning)), "pulsars")  # FS-3
        player.score(sum(1 for p in owned if p in state.gyros and not state.gyros[p].spinning)
                     + sum(player.gyro_reserve.values()), "unfinished_gyrodynes")                       # FS-4
        player.score((player.cubes // 2) * (2 if purple(state, seat, "PUR-CUBE-BOOST") else 1), "cubes")  # FS-5
        counted = stations(state, seat)
        player.score(tables().station_score(counted) + counted * purple(state, seat, "PUR-STATION-BOOST"), "stations")
        player.score(size_table(state, seat), "purple")                                                # FS-1
    final = by_players.final_order_vp
    for space, seat in enumerate(state.order):                                                    # FS-6
        state.players[seat].score(final[space] if space < len(final) else 0, "turn_order")


def winners(state: GameState) -> list[int]:
    """FS-8: most VP; a tie goes to the tied player whose (frontmost) rocket stands further back."""
    best = max(player.vp for player in state.players)
    tied = [player.seat for player in state.players if player.vp == best]
    front = {seat: state.order.index(seat) for seat in tied}
    return [max(tied, key=lambda seat: front[seat])]
