"""How much English notation a Hungarian player reads: a random 3-player game of each game
(``python -m bot.demo GAME --players 3 --seed 7``) replayed through the console as Hungarian
users (``--locale hu``); prints, per game, the bot's lines and how many of them hold a word of
the game's English notation, or a code of it (DV02, CYA-A, H37), that its Hungarian notation does not
use (issue 24's measure).

    python bench/bench_hungarian.py [GAME ...]
"""
from __future__ import annotations

import asyncio
import io
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.console import console_main  # noqa: E402
from bot.demo import random_game_script  # noqa: E402
from tests.host.language_check import _words, notation_words  # noqa: E402


def transcript(game: str, players: int = 3, seed: int = 7) -> list[str]:
    script, _final = random_game_script(game, players, seed)
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as boards:
        asyncio.run(console_main(Settings(), db_path=None, board_dir=boards, stdin=io.StringIO(script), stdout=out,
                                 seed=seed, locale="hu"))
    # the bot's lines: not the echoed input ("> ..."), not the console's own image paths
    return [line for line in out.getvalue().splitlines()
            if line.strip() and not line.startswith("> ") and "táblakép:" not in line]


def main(argv: list[str]) -> int:
    games = argv or rules.available_games()
    print("| game | bot lines | lines with English notation | words found |")
    print("|---|---|---|---|")
    for game in games:
        lines = transcript(game)
        words = notation_words(game)
        hits = [line for line in lines if words & set(_words(re.sub(r"<@\d+>", "", line)))]
        found = sorted({word for line in hits for word in words & set(_words(line))})
        print(f"| {game} | {len(lines)} | {len(hits)} | {', '.join(found[:12]) or '-'} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
