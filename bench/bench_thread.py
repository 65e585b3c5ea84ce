"""What a game's thread receives (figures, not limits): ``python bench/bench_thread.py [--game NAME]``.

Each game's random 3-player demo game (``python -m bot.demo GAME --players 3 --seed 7``) is
replayed through the console (``python -m bot console --seed 7``, the real cogs and the test
Discord, PNGs really encoded), and the board images the console received are counted: images
and MiB in all, per change of player (a line ``as NAME`` of the script: the next move is
someone else's) and KiB per move.
"""
from __future__ import annotations

import argparse
import asyncio
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GAMES = ("planetarium", "gaia", "eve", "pulsar", "spacecorp")


def thread_figures(game: str, players: int = 3, seed: int = 7) -> dict[str, float]:
    from bot.config import Settings
    from bot.console import console_main
    from bot.demo import random_game_script

    script, _state = random_game_script(game, players, seed)
    lines = script.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"/{game} start"))
    moves = sum(1 for line in lines if line.startswith(f"/{game} move "))
    changes = sum(1 for line in lines[start:] if line.startswith("as "))
    with tempfile.TemporaryDirectory(prefix="bench-thread-") as scratch:
        boards = Path(scratch) / "boards"
        out = io.StringIO()
        asyncio.run(console_main(Settings(), db_path=None, board_dir=str(boards), stdin=io.StringIO(script),
                                 stdout=out, seed=seed))
        images = sorted(boards.glob("*.png"))
        size = sum(path.stat().st_size for path in images)
    return {"moves": moves, "changes": changes, "images": len(images), "bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all five")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print("| game | moves | changes of player | images posted | per change of player | image KiB per move |")
    print("|---|---|---|---|---|---|")
    for game in args.game or GAMES:
        f = thread_figures(game, args.players, args.seed)
        print(f"| {game} | {f['moves']} | {f['changes']} | {f['images']} ({f['bytes'] / 2**20:.1f} MiB) | "
              f"{f['images'] / max(1, f['changes']):.1f} | {f['bytes'] / 1024 / max(1, f['moves']):.0f} |", flush=True)


if __name__ == "__main__":
    main()
