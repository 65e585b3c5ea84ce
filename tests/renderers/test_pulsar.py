"""Pulsar 2849 pictures: three 800-px images for any view, both languages, pieces where the
state puts them."""
from __future__ import annotations

import random

import pytest
from PIL import ImageChops

from renderers.pulsar import SEATS, positions, render
from rules.pulsar import GAME


def position(players: int, plies: int, side: str = "A", seed: int = 4):
    state = GAME.new_game({"players": players, "cluster_side": side}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, GAME.random_move(state, rng.choice(sorted(GAME.waiting_for(state))), rng))
    return state


@pytest.mark.parametrize("players,plies,side", [(2, 0, "A"), (3, 60, "B"), (4, 110, "B"), (4, 5000, "A")])
def test_every_view_draws_three_phone_width_images_in_both_languages(players, plies, side):
    state = position(players, plies, side)
    for viewer in (None, 0):
        for language in ("en", "hu"):
            images = render(GAME.view(state, viewer), language=language)
            assert len(images) == 3 and all(image.width == 800 and image.height > 300 for image in images)


def test_a_claimed_pulsar_has_its_owners_ring_and_the_languages_differ():
    state = position(4, 110, "B")
    pulsar, owner = next(iter(state.pulsars.items()))
    x, y = positions()[pulsar]
    image = render(GAME.view(state, None))[0]
    assert image.getpixel((int(x + 15), int(y))) == SEATS[owner]
    english, hungarian = render(GAME.view(state, None), language="en")[2], render(GAME.view(state, None), language="hu")[2]
    assert ImageChops.difference(english, hungarian).getbbox() is not None
