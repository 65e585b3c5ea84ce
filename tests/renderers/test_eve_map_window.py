"""Issue 26 (capacity): EVE's chat map part is drawn in its own window (only the regions,
labels and names that may reach the part's box; about a third of the whole map), with its
header and its mask of the other quarters kept per process.  The proof that the pictures are
those of before, pixel for pixel: over random playouts of 2-4 players in both languages, every
map part drawn the fast way (``render_for_chat``: the first two parts in their windows, any
more from one whole drawing; kept headers and masks) equals the part cut from the whole map with
its header and mask drawn in place (``_map_part(..., plain=True)``, the drawing of before)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import ImageChops

import rules
from renderers import eve as er

from .test_chat_parts_eve import _views   # the seeded playout's public views

GAME = rules.get_game("eve")

PLAYOUTS = [
    (2, "hu", 13, 120),
    (3, "en", 14, 120),
    (4, "hu", 15, 120),
    (4, "en", 16, 120),
]



def _plain_parts(view: Any, names: list[str], language: str) -> list[Any]:
    labels = er.map_labels(view, language)
    named = er.name_labels(view, language, labels)
    whole = er._draw_chat_map(view, language, labels, named)
    return [er._map_part(view, whole, labels, named, index, names, language, plain=True)
            for index in range(len(er.chat_boxes()))]


@pytest.mark.parametrize(("players", "language", "seed", "plies"), PLAYOUTS)
def test_a_part_drawn_in_its_window_is_the_part_cut_from_the_whole_map(players, language, seed, plies):
    """Issue 26: the windowed drawing, kept header and kept mask give the same pixels."""
    names = [f"Player {seat + 1}" for seat in range(players)]
    rng = random.Random(seed)
    for ply, view in enumerate(_views(players, seed, plies)):
        if ply % 6:
            continue
        plain = _plain_parts(view, names, language)
        parts = er._map_chat_parts(view, language, names)
        order = list(range(len(parts)))
        rng.shuffle(order)          # any order: the first two in windows, the rest from the whole map
        for index in order:
            fast = parts[index].draw()
            assert fast.size == plain[index].size
            assert ImageChops.difference(fast, plain[index]).getbbox() is None, (ply, index)


def test_a_windowed_part_draws_less_than_the_whole_map():
    """The window leaves out what cannot reach it (so it pays): fewer regions' pixels inked."""
    view = _views(4, 16, 40)[-1]
    labels = er.map_labels(view, "en")
    named = er.name_labels(view, "en", labels)
    left, top, right, bottom = er.chat_boxes()[0]
    k = er.CHAT_K
    window = er._draw_chat_map(view, "en", labels, named, (left * k, top * k, right * k, bottom * k))
    whole = er._draw_chat_map(view, "en", labels, named)
    assert ImageChops.difference(window, whole).getbbox() is not None
