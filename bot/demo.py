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
from typing import Any

import rules

PLAYER_NAMES = ("alice", "bob", "carol", "dave")


def random_game_script(game_name: str, players: int, seed: int, choice_seed: int | None = None,
                       max_moves: int = 2000, options: dict[str, str] | None = None) -> tuple[str, object]:
    """The script and the final state it leads to (``options``: lobby options besides players)."""
    game = rules.get_game(game_name)
    chosen = game.normalize_options({**(options or {}), "players": players})
    state = game.new_game(chosen, seed)
    chooser = random.Random(seed if choice_seed is None else choice_seed)
    extra = "".join(f" {key}:{value}" for key, value in sorted((options or {}).items()))
    lines = [f"# {game.title}, {players} players: a random legal game.",
             f"# Replay it with: python -m bot console --seed {seed} < this-file",
             f"/{game_name} new players:{players}{extra}"]
    for name in PLAYER_NAMES[1:players]:
        lines += [f"as {name}", f"/{game_name} join"]
    lines += ["as alice", f"/{game_name} start seating:joined"]
    current = "alice"
    for _ in range(max_moves):
        if game.is_over(state):
            break
        seat = min(game.waiting_for(state))
        move = game.demo_move(state, seat, chooser)     # the game knows which moves make a game end
        if PLAYER_NAMES[seat] != current:
            current = PLAYER_NAMES[seat]
            lines.append(f"as {current}")
        lines.append(f"/{game_name} move {game.format_move(move)}")
        state = game.apply(state, move)
    else:
        raise RuntimeError(f"the game did not end within {max_moves} moves")
    lines.append(f"/{game_name} status")
    return "\n".join(lines) + "\n", state


def fixture_script(fixture: dict[str, Any]) -> str:
    """A console script that plays a recorded Gaia Project game (its moves after ``init``)
    through the bot; run it with ``python -m bot console --setup FIXTURE.json``."""
    players = fixture["players"]
    moves = [line for line in fixture["moves"] if not line.startswith("init ")]
    seat_of: dict[str, int] = {}
    for line in moves:   # "p1 faction terrans": faction names stand for seats in later lines
        words = line.split()
        if len(words) >= 3 and words[1] == "faction" and words[0][1:].isdigit():
            seat_of[words[2].rstrip(".")] = int(words[0][1:]) - 1
    lines = [f"# {fixture.get('name', 'recorded game')}: a recorded Gaia Project game ({players} players).",
             "# Replay it with: python -m bot console --setup <the fixture JSON> < this-file",
             f"/gaia new players:{players}"]
    for name in PLAYER_NAMES[1:players]:
        lines += [f"as {name}", "/gaia join"]
    lines += ["as alice", "/gaia start seating:joined"]
    current = "alice"
    for line in moves:
        actor = line.split()[0]
        seat = int(actor[1:]) - 1 if actor[1:].isdigit() and actor[0] == "p" else seat_of[actor]
        if PLAYER_NAMES[seat] != current:
            current = PLAYER_NAMES[seat]
            lines.append(f"as {current}")
        lines.append(f"/gaia move {line}")
    lines.append("/gaia status")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=rules.available_games())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a lobby option of the game (repeatable), e.g. --option eras=1-2")
    parser.add_argument("--fixture", help="gaia: write the moves of this recorded game instead of a random one")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option if "=" in item)
    if len(options) != len(args.option):
        parser.error("--option takes NAME=VALUE")
    if args.fixture:
        import json
        with open(args.fixture, encoding="utf-8") as handle:
            sys.stdout.write(fixture_script(json.load(handle)))
        return 0
    script, _ = random_game_script(args.game, args.players, args.seed, options=options)
    sys.stdout.write(script)
    return 0


if __name__ == "__main__":
    sys.exit(main())
