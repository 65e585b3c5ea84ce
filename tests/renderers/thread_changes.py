"""How many chat images a turn changes: a demo game's moves replayed, the images compared each
time the player to act changes (when the thread gets a post)."""
from __future__ import annotations

from typing import Any, Callable

import rules
from bot.demo import random_game_script


def images_changed_per_post(game_name: str, digests: Callable[[Any], list[bytes]], seed: int = 7,
                            players: int = 3) -> tuple[int, int]:
    """(posts, images changed in all) over a random ``players`` game of ``game_name``;
    ``digests`` gives a view's chat images as bytes."""
    game = rules.get_game(game_name)
    script, _ = random_game_script(game_name, players, seed)
    names = ["alice", "bob", "carol", "dave"][:players]
    state = game.new_game(game.normalize_options({"players": players}), seed)
    shown, changed, posts, current = digests(game.view(state, None)), 0, 0, "alice"
    lines = script.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"/{game_name} start"))
    for line in lines[start + 1:]:
        if line.startswith("as "):
            current = line[3:]
        elif line.startswith(f"/{game_name} move "):
            seat = names.index(current)
            state = game.apply(state, game.parse_move(state, seat, line.split(" ", 2)[2]))
            waiting = game.waiting_for(state)
            if game.is_over(state) or (waiting and min(waiting) != seat):
                now = digests(game.view(state, None))
                posts += 1
                changed += sum(1 for old, new in zip(shown, now) if old != new) + abs(len(now) - len(shown))
                shown = now
    return posts, changed
