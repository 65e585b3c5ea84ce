"""Computer players against each other and the baselines (issue 29).

    python -m bot.arena GAME --seats computer,random --games N --seed S [--budget-ms B]
                        [--iterations I] [--players P] [--option name=value ...]

plays N games of GAME between the named seat kinds (``computer``, ``greedy``, ``random``),
rotating the seating (game i puts kind k at seat (k + i) mod P), each game with its own seed
(S + i).  ``--players P`` plays P seats: the last kind named fills the seats not named.  Every
seat decides from its own view only; the move goes through its text, as a person's does.
It prints, for each kind, ``<kind> won W of N`` (a game won by several kinds counts half for
each, rounded down at the end) and, when a computer played, ``decision time: median M ms,
max X ms`` (wall clock) and ``decision CPU time: median M ms, max X ms`` (the process's own
CPU time, which a busy shared machine inflates far less).  ``--iterations`` gives the computer
a number of simulations instead of a time budget: the games then replay exactly.  ``--first K``
starts at game index K (seed S + K, seating rotated by K), so a long run can be cut into
pieces whose results add up to the one run.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

import rules
from rules.players import KINDS, ComputerPlayer, make_player

MAX_PLIES = 5000


@dataclass
class ArenaResult:
    """The outcome of an arena run: wins per kind (halves for shared wins), the games played,
    the computer's decision times in ms, the games that did not end."""

    kinds: list[str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    decision_ms: list[float] = field(default_factory=list)
    decision_cpu_ms: list[float] = field(default_factory=list)
    unfinished: int = 0
    scores: list[list[int]] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"{kind} won {math.floor(self.wins.get(kind, 0.0))} of {self.games}" for kind in _unique(self.kinds)]
        if self.decision_ms:
            out.append(f"decision time: median {statistics.median(self.decision_ms):.0f} ms, "
                       f"max {max(self.decision_ms):.0f} ms")
        if self.decision_cpu_ms:
            out.append(f"decision CPU time: median {statistics.median(self.decision_cpu_ms):.0f} ms, "
                       f"max {max(self.decision_cpu_ms):.0f} ms")
        if self.unfinished:
            out.append(f"unfinished games (no winner counted): {self.unfinished}")
        return out


def _unique(items: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(items))


def credit(result: ArenaResult, seating: Sequence[str], winners: Sequence[int]) -> None:
    """Count one finished game: each kind among the winners gets 1 / (number of such kinds)."""
    result.games += 1
    kinds = _unique([seating[seat] for seat in sorted(winners)])
    for kind in kinds:
        result.wins[kind] = result.wins.get(kind, 0.0) + 1.0 / len(kinds)


def seating_for(kinds: Sequence[str], players: int, game_index: int) -> list[str]:
    """The kind at each seat in game ``game_index``: ``kinds`` padded with its last kind to
    ``players`` seats, rotated by the game's index."""
    padded = list(kinds) + [kinds[-1]] * (players - len(kinds))
    return [padded[(seat - game_index) % players] for seat in range(players)]


def play_one(game_name: str, seating: Sequence[str], seed: int, budget_ms: int, iterations: int | None,
             options: dict[str, Any] | None = None, computer: dict[str, Any] | None = None,
             check: Any = None, cpu_times: list[float] | None = None) -> tuple[Any, list[float], bool]:
    """One game: (final state, the computers' decision times in ms, whether it ended).
    ``computer``: further ComputerPlayer settings; ``check(state, seat, move)`` sees every
    decision before it is played (tests); ``cpu_times`` receives each computer decision's
    CPU time in ms."""
    game = rules.get_game(game_name)
    state = game.new_game(game.normalize_options({**(options or {}), "players": len(seating)}), seed)
    seats = [make_player(kind, seed=seed * 31 + seat, budget_ms=budget_ms, iterations=iterations, **(computer or {}))
             for seat, kind in enumerate(seating)]
    times: list[float] = []
    for _ply in range(MAX_PLIES):
        if game.is_over(state):
            return state, times, True
        seat = min(game.waiting_for(state))
        player = seats[seat]
        started, started_cpu = time.perf_counter(), time.process_time()
        move = player.choose(game, game.view(state, seat), seat)
        if isinstance(player, ComputerPlayer):
            times.append((time.perf_counter() - started) * 1000)
            if cpu_times is not None:
                cpu_times.append((time.process_time() - started_cpu) * 1000)
        if move is None:
            raise RuntimeError(f"seat {seat} ({seating[seat]}) found no move in a game that waits for it")
        if check is not None:
            check(state, seat, move)
        state = game.apply(state, game.parse_move(state, seat, game.format_move(move)))
    return state, times, False


def run_arena(game_name: str, kinds: Sequence[str], games: int, seed: int, budget_ms: int = 2000,
              iterations: int | None = None, players: int | None = None,
              options: dict[str, Any] | None = None, progress: Any = None,
              computer: dict[str, Any] | None = None, first: int = 0) -> ArenaResult:
    """Games ``first`` .. ``first + games - 1``: game i has seed ``seed + i`` and the seating
    rotated by i (``seating_for``)."""
    game = rules.get_game(game_name)
    for kind in kinds:
        if kind not in KINDS:
            raise ValueError(f"unknown seat kind {kind!r}; known: {', '.join(KINDS)}")
    count = players or len(kinds)
    if not game.min_players <= count <= game.max_players or len(kinds) > count:
        raise ValueError(f"{game_name} plays {game.min_players}-{game.max_players} seats, not {count}")
    result = ArenaResult(list(kinds))
    for index in range(first, first + games):
        seating = seating_for(kinds, count, index)
        final, times, ended = play_one(game_name, seating, seed + index, budget_ms, iterations, options, computer,
                                       cpu_times=result.decision_cpu_ms)
        result.decision_ms += times
        result.scores.append(list(game.scores(final)))
        if ended:
            credit(result, seating, game.winners(final))
        else:
            result.games += 1
            result.unfinished += 1
        if progress is not None:
            progress(index, seating, game.scores(final), game.winners(final) if ended else [])
    return result


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=rules.available_games())
    parser.add_argument("--seats", default="computer,random", help="seat kinds, comma separated")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game's index (seed S + K)")
    parser.add_argument("--budget-ms", type=int, default=2000, help="the computer's time per decision")
    parser.add_argument("--iterations", type=int, help="simulations per decision instead of a time budget")
    parser.add_argument("--players", type=int, help="seats (the last kind named fills the rest)")
    parser.add_argument("--option", action="append", default=[], help="a lobby option, name=value")
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    kinds = [kind.strip() for kind in args.seats.split(",") if kind.strip()]
    options = dict(item.split("=", 1) for item in args.option)

    def progress(index: int, seating: Sequence[str], scores: Sequence[int], winners: Sequence[int]) -> None:
        if args.verbose:
            print(f"game {index + 1}: {' '.join(f'{k}={s}' for k, s in zip(seating, scores))} "
                  f"winners {list(winners)}", flush=True)

    try:
        result = run_arena(args.game, kinds, args.games, args.seed, args.budget_ms, args.iterations,
                           args.players, options, progress, first=args.first)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    for line in result.lines():
        print(line)
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
