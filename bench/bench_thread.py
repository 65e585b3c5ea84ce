"""What a game's thread receives (figures, not limits): ``python bench/bench_thread.py [--game NAME]``.

Each game's random 3-player demo game (``python -m bot.demo GAME --players 3 --seed 7``) is
replayed through the console (``python -m bot console --seed 7``, the real cogs and the test
Discord, PNGs really encoded), and the board images the console received are counted: images
and MiB in all, per change of player (a line ``as NAME`` of the script: the next move is
someone else's) and KiB per move.

``--parts`` replays the same game in-process instead (no console, no PNG) and tells, for each
image position, on how many changes of player its pixels changed: where the images to post
come from, and so which renderer part to make calmer.
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


def part_changes(game: str, players: int = 3, seed: int = 7) -> tuple[int, list[int]]:
    """Changes of player, and for each image position the number of them that changed it."""
    import rules
    import renderers
    from bot.demo import PLAYER_NAMES, random_game_script
    from bot.service import pixel_digest
    from PIL import Image
    from renderers.common import ChatPart

    script, _state = random_game_script(game, players, seed)
    rules_game = rules.get_game(game)
    state = rules_game.new_game(rules_game.normalize_options({"players": players}), seed)
    draw = renderers.get_chat_renderer(game)
    names = list(PLAYER_NAMES[:players])

    def digests(state: object) -> list[str]:
        images = draw(rules_game.view(state, None), player_names=names, language="en")
        if isinstance(images, Image.Image):
            images = [images]
        placed = [item if isinstance(item, tuple) else (i, item) for i, item in enumerate(images)]
        return [pixel_digest(image.draw() if isinstance(image, ChatPart) else image)
                for _slot, image in sorted(placed, key=lambda item: item[0])]

    shown = digests(state)
    counts = [0] * len(shown)
    posts = 0
    current = "alice"
    lines = script.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"/{game} start"))
    for line in lines[start + 1:]:
        if line.startswith("as "):
            current = line[3:]
        elif line.startswith(f"/{game} move "):
            seat = names.index(current)
            state = rules_game.apply(state, rules_game.parse_move(state, seat, line.split(" ", 2)[2]))
            waiting = rules_game.waiting_for(state)
            if rules_game.is_over(state) or (waiting and min(waiting) != seat):
                posts += 1
                now = digests(state)
                if len(now) != len(counts):
                    counts += [0] * (len(now) - len(counts))
                for i, digest in enumerate(now):
                    if i >= len(shown) or shown[i] != digest:
                        counts[i] += 1
                shown = now
    return posts, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all five")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--parts", action="store_true", help="per image position: on how many changes of player it changed")
    args = parser.parse_args()
    if args.parts:
        for game in args.game or GAMES:
            posts, counts = part_changes(game, args.players, args.seed)
            print(f"{game}: {posts} changes of player, {sum(counts) / max(1, posts):.1f} changed images per change; "
                  "changed per position: " + ", ".join(f"{i}: {n}" for i, n in enumerate(counts, 1)), flush=True)
        return
    print("| game | moves | changes of player | images posted | per change of player | image KiB per move |")
    print("|---|---|---|---|---|---|")
    for game in args.game or GAMES:
        f = thread_figures(game, args.players, args.seed)
        print(f"| {game} | {f['moves']} | {f['changes']} | {f['images']} ({f['bytes'] / 2**20:.1f} MiB) | "
              f"{f['images'] / max(1, f['changes']):.1f} | {f['bytes'] / 1024 / max(1, f['moves']):.0f} |", flush=True)


if __name__ == "__main__":
    main()
