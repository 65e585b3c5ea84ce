"""EVE: Conquests pictures: three 800-px images for any view, both languages, pieces drawn
where the state puts them."""
from __future__ import annotations

import random

import pytest
from PIL import ImageChops

from renderers.eve import colour_of, node_positions, render
from rules.eve import GAME


def position(players: int, plies: int, seed: int = 11):
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    return state


@pytest.mark.parametrize("players,plies", [(2, 0), (2, 150), (3, 90), (4, 260), (4, 5000)])
def test_every_view_draws_three_phone_width_images_in_both_languages(players, plies):
    state = position(players, plies)
    for viewer in (None, 0):
        for language in ("en", "hu"):
            images = render(GAME.view(state, viewer), player_names=[f"p{i}" for i in range(players)],
                            language=language)
            assert len(images) == 3
            assert all(image.width == 800 and image.height > 300 for image in images)


def test_an_owned_region_is_drawn_in_its_owners_colour():
    state = position(4, 260)
    view = GAME.view(state, None)
    code = next(code for code, region in view.regions.items() if region.owner is not None)
    x, y = node_positions(False)[code]
    image = render(view)[0]
    pixel = image.getpixel((int(x), int(y) - 12))
    assert pixel == colour_of(view, view.regions[code].owner)


def test_a_highlighted_move_rings_its_regions_and_the_languages_differ():
    view = GAME.view(position(4, 260), None)
    plain, lit = render(view)[0], render(view, highlight="move R30 > R15:1")[0]
    box = ImageChops.difference(plain, lit).getbbox()
    x, y = node_positions(False)["R30"]
    assert box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]
    english, hungarian = render(view, language="en")[2], render(view, language="hu")[2]
    assert ImageChops.difference(english, hungarian).getbbox() is not None
