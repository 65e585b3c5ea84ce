"""Issue 26 (capacity): EVE's empires image keeps each empire's panel per process and pastes it
when a move left that empire alone (most moves change one empire).  The proof that the picture
is the one of before, pixel for pixel: over consecutive positions of random playouts of 2-4
players in both languages, the image with kept panels equals the image with every panel drawn
(``kept=False``), at the chat's width and text floor and at the full picture's."""
from __future__ import annotations


import pytest
from PIL import ImageChops

import rules
from renderers import eve as er

from .test_chat_parts_eve import _views   # the seeded playout's public views

GAME = rules.get_game("eve")

PLAYOUTS = [
    (2, "hu", 23, 140),
    (3, "en", 24, 140),
    (4, "hu", 25, 140),
    (4, "en", 26, 140),
]



@pytest.mark.parametrize(("players", "language", "seed", "plies"), PLAYOUTS)
def test_kept_panels_draw_the_image_of_every_panel_drawn(players, language, seed, plies):
    names = [f"Player {seat + 1}" for seat in range(players)]
    er._PANELS.clear()
    pasted = 0
    for ply, view in enumerate(_views(players, seed, plies)):
        for width, least in ((er.CHAT_PANEL_W, er.CHAT_LEAST), (er.WIDTH, 0)):
            before = len(er._PANELS)
            kept = er.draw_empires(view, names, language, width, least)
            pasted += players - (len(er._PANELS) - before)
            plain = er.draw_empires(view, names, language, width, least, kept=False)
            assert kept.size == plain.size
            assert ImageChops.difference(kept, plain).getbbox() is None, (ply, width)
    assert pasted > players * 50          # most panels come back (the saving is real)
