"""Write a console script of a whole random (but legal, and reproducible) game.

    python -m bot.demo planetarium --players 2 --seed 1 > game.txt
    python -m bot console --seed 1 < game.txt

The console's first game gets seed ``--seed`` and the creator (alice) takes seat 1, the
others join in order (bob, carol, dave) and the game starts with ``seating:joined``, so
the script's moves are exactly the moves this module chose.
"""
from __future__ import annotations

import argparse
import random
import sys

import rules

PLAYER_NAMES = ("alice", "bob", "carol", "dave")
# Purely random play wanders for hundreds of turns; a demo that plays cards when it can
# looks like a real game and ends sooner.  Move texts starting with these are preferred.
PREFERRED_MOVES = {"planetarium": ("final", "play")}


def random_game_script(game_name: str, players: int, seed: int, choice_seed: int | None = None,
                       max_moves: int = 2000) -> tuple[str, object]:
    """The script and the final state it leads to."""
    game = rules.get_game(game_name)
    options = game.normalize_options({"players": players})
    state = game.new_game(options, seed)
    chooser = random.Random(seed if choice_seed is None else choice_seed)
    lines = [f"# {game.title}, {players} players: a random legal game.",
             f"# Replay it with: python -m bot console --seed {seed} < this-file",
             f"/{game_name} new players:{players}"]
    for name in PLAYER_NAMES[1:players]:
        lines += [f"as {name}", f"/{game_name} join"]
    lines += ["as alice", f"/{game_name} start seating:joined"]
    current = "alice"
    for _ in range(max_moves):
        if game.is_over(state):
            break
        seat = min(game.waiting_for(state))
        moves = list(game.legal_moves(state, seat))
        preferred = [m for m in moves if game.format_move(m).startswith(PREFERRED_MOVES.get(game_name, ()))]
        move = chooser.choice(preferred or moves)
        if PLAYER_NAMES[seat] != current:
            current = PLAYER_NAMES[seat]
            lines.append(f"as {current}")
        lines.append(f"/{game_name} move {game.format_move(move)}")
        state = game.apply(state, move)
    else:
        raise RuntimeError(f"the game did not end within {max_moves} moves")
    lines.append(f"/{game_name} status")
    return "\n".join(lines) + "\n", state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=rules.available_games())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    script, _ = random_game_script(args.game, args.players, args.seed)
    sys.stdout.write(script)
    return 0


if __name__ == "__main__":
    sys.exit(main())
