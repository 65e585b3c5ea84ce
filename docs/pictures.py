"""Draw the README's pictures (docs/*.png) with today's renderers, from fixed seeded positions:
rerunning it writes the same files.

    python docs/pictures.py [game ...]       # games: planetarium gaia eve pulsar spacecorp (default: all)

Each position is a game started with a fixed seed and played by a fixed playout (the public view,
English, the players named alice, bob, carol, dave). Which README picture comes from where:

- Planetarium: 2 players, game seed 5, ``tests/renderers/playout.playout(2, 5, 120, rseed=5)``
  (120 greedy moves: cards on every planet, the track half full).
  ``planetarium-board.png`` the full picture (1600 x 1000); ``planetarium-board-left.png`` and
  ``planetarium-board-right.png`` the board's halves as the thread shows them (848 x 1600).
- Gaia Project: 4 players, seed 7, 107 random moves (``random.Random(7)``: a random waiting
  seat, then ``GAME.random_move``; 70 % of that game).
  ``gaia-map.png`` and ``gaia-boards.png`` the full picture's two images; ``gaia-map-1.png``,
  ``gaia-map-2.png``, ``gaia-map-3.png`` the thread's three map parts.
- EVE: Conquests: 4 players, seed 24, 452 random moves as Gaia's (92 % of that game).
  ``eve-map.png``, ``eve-calendar.png``, ``eve-empires.png`` the full picture's three images;
  ``eve-map-part-1.png`` and ``eve-map-part-4.png`` the thread's star map parts 1 and 4 (the
  README shows part 1; part 4 is kept in docs/ beside it).
- Pulsar 2849: 3 players, seed 3, 36 random moves as Gaia's (drafting in round 3).
  ``pulsar-cluster.png``, ``pulsar-dice.png``, ``pulsar-players.png`` the full picture's three
  images.
- Space Corp: 3 players, seed 3 (the Mariners era), 50 random moves (``random.Random(3)``: the
  lowest waiting seat, then ``GAME.random_move``).
  ``spacecorp-map.png`` the map's two parts stacked (the first with the players' names);
  ``spacecorp-players.png`` the business display above the players' panels.

Each picture is also written 420 px wide (a phone's width, Pillow's LANCZOS) to
``$TMPDIR/readme-pictures-420/`` for a look at what a phone shows.
"""
from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import renderers  # noqa: E402
import rules  # noqa: E402
from renderers.common import ChatPart, to_png  # noqa: E402

DOCS = ROOT / "docs"
NAMES = ["alice", "bob", "carol", "dave"]
LANGUAGE = "en"
PULSAR_PLIES = 36         # Pulsar: drafting in round 3 (the cluster picture of a051415 and f00edd8)


def random_position(name: str, players: int, seed: int, plies: int) -> Any:
    """Gaia, EVE, Pulsar: ``plies`` random moves from a new game with the game's first
    conformance options; each move a random waiting seat's ``random_move``."""
    game = rules.get_game(name)
    options = {**(game.conformance_options[0] if game.conformance_options else {}), "players": players}
    state = game.new_game(options, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = rng.choice(sorted(game.waiting_for(state)))
        state = game.apply(state, game.random_move(state, seat, rng))
    return game.view(state, None)


def full_images(name: str, view: Any, players: int) -> list[Image.Image]:
    drawn = renderers.get_renderer(name)(view, player_names=NAMES[:players], language=LANGUAGE)
    return drawn if isinstance(drawn, list) else [drawn]


def chat_images(name: str, view: Any, players: int) -> list[Image.Image]:
    """The thread's images in the order it shows them (ChatParts drawn)."""
    drawn = renderers.get_chat_renderer(name)(view, player_names=NAMES[:players], language=LANGUAGE)
    items: Iterable[Any] = [drawn] if isinstance(drawn, Image.Image) else drawn
    out = []
    for item in items:
        image = item[1] if isinstance(item, tuple) else item
        out.append(image.draw() if isinstance(image, ChatPart) else image)
    return out


def stacked(images: list[Image.Image]) -> Image.Image:
    sheet = Image.new("RGB", (max(image.width for image in images), sum(image.height for image in images)),
                      (255, 255, 255))
    top = 0
    for image in images:
        sheet.paste(image, (0, top))
        top += image.height
    return sheet


def planetarium() -> dict[str, Image.Image]:
    sys.path.insert(0, str(ROOT / "tests" / "renderers"))
    from playout import playout

    from renderers import planetarium as pl
    from rules.planetarium import GAME

    view = GAME.view(playout(2, 5, 120, rseed=5), None)
    left, right = pl.render_board_parts(view, language=LANGUAGE)
    return {"planetarium-board": pl.render(view, player_names=NAMES[:2], language=LANGUAGE),
            "planetarium-board-left": left, "planetarium-board-right": right}


def gaia() -> dict[str, Image.Image]:
    view = random_position("gaia", 4, 7, 107)
    full, chat = full_images("gaia", view, 4), chat_images("gaia", view, 4)
    return {"gaia-map": full[0], "gaia-boards": full[1],
            "gaia-map-1": chat[0], "gaia-map-2": chat[1], "gaia-map-3": chat[2]}


def eve() -> dict[str, Image.Image]:
    view = random_position("eve", 4, 24, 452)
    full, chat = full_images("eve", view, 4), chat_images("eve", view, 4)
    return {"eve-map": full[0], "eve-calendar": full[1], "eve-empires": full[2],
            "eve-map-part-1": chat[0], "eve-map-part-4": chat[3]}


def pulsar() -> dict[str, Image.Image]:
    view = random_position("pulsar", 3, 3, PULSAR_PLIES)
    full = full_images("pulsar", view, 3)
    return {"pulsar-cluster": full[0], "pulsar-dice": full[1], "pulsar-players": full[2]}


def spacecorp() -> dict[str, Image.Image]:
    from renderers import spacecorp as sc
    from rules.spacecorp.engine import GAME

    state = GAME.new_game({"players": 3}, 3)
    rng = random.Random(3)
    for _ in range(50):
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    view = GAME.view(state, None)
    seats = [player.seat for player in view.players]
    return {"spacecorp-map": stacked([sc.draw_map_part(view, 1, LANGUAGE, NAMES[:3]),
                                      sc.draw_map_part(view, 2, LANGUAGE)]),
            "spacecorp-players": stacked([sc.draw_business(view, NAMES[:3], LANGUAGE),
                                          sc.draw_players(view, seats, NAMES[:3], LANGUAGE)])}


GAMES: dict[str, Callable[[], dict[str, Image.Image]]] = {
    "planetarium": planetarium, "gaia": gaia, "eve": eve, "pulsar": pulsar, "spacecorp": spacecorp}
PICTURES: dict[str, tuple[str, ...]] = {      # the README's pictures each game writes (tests/renderers/test_pictures.py)
    "planetarium": ("planetarium-board", "planetarium-board-left", "planetarium-board-right"),
    "gaia": ("gaia-map", "gaia-boards", "gaia-map-1", "gaia-map-2", "gaia-map-3"),
    "eve": ("eve-map", "eve-calendar", "eve-empires", "eve-map-part-1", "eve-map-part-4"),
    "pulsar": ("pulsar-cluster", "pulsar-dice", "pulsar-players"),
    "spacecorp": ("spacecorp-map", "spacecorp-players"),
}


def main(names: list[str]) -> None:
    unknown = [name for name in names if name not in GAMES]
    if unknown:
        raise SystemExit(f"unknown game(s) {', '.join(unknown)}; choose from {', '.join(GAMES)}")
    phone = Path(tempfile.gettempdir()) / "readme-pictures-420"
    phone.mkdir(exist_ok=True)
    for name in names or list(GAMES):
        pictures = GAMES[name]()
        assert tuple(pictures) == PICTURES[name], (name, tuple(pictures))
        for picture, image in pictures.items():
            path = DOCS / f"{picture}.png"
            path.write_bytes(to_png(image))
            small = image.convert("RGB").resize((420, round(image.height * 420 / image.width)), Image.LANCZOS)
            small.save(phone / f"{picture}.png")
            print(f"{path.relative_to(ROOT)}  {image.width} x {image.height}")
    print(f"420-px copies in {phone}")


if __name__ == "__main__":
    main(sys.argv[1:])
