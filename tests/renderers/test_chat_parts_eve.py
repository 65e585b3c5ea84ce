"""Issue 26 (capacity): EVE's chat renderer gives all its images (the four map parts, the
calendar with the political map, the empires) as ``ChatPart``s, which the host neither draws
nor encodes when the thread shows an image of the same inputs.  The proof that the inputs
decide the pixels (else a stale picture stays in a player's thread): over random playouts of
2-4 players in both languages, at every pair of consecutive positions, a part whose inputs
digest is unchanged draws the same pixels, and one whose pixels changed has another digest; and
hardly ever does a digest change with the pixels unchanged (which would post a picture the
thread shows already).  Drawn parts are the pictures of before (issue 25's chat images)."""
from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from renderers import eve as er

from .test_chat_parts import _Position as _Parts

GAME = rules.get_game("eve")

# (players, language, seed, plies): the preparation (HQs, units, outposts, seals) and the
# first months' rounds and battles.
PLAYOUTS = [
    (2, "hu", 3, 150),
    (3, "en", 4, 150),
    (4, "hu", 5, 150),
    (4, "en", 6, 150),
]


def _views(players: int, seed: int, plies: int) -> list[Any]:
    """The public view after every ply of a seeded random playout (to its end, or ``plies``)."""
    state = GAME.new_game(GAME.normalize_options({"players": players}), seed)
    rng = random.Random(seed)
    views = [GAME.view(state, None)]
    while not GAME.is_over(state) and len(views) <= plies:
        state = GAME.apply(state, rng.choice(list(GAME.legal_moves(state, min(GAME.waiting_for(state))))))
        views.append(GAME.view(state, None))
    return views


def _position(view: Any, names: list[str], language: str) -> _Parts:
    """One position's parts (the shared proof's helper); every EVE chat image is a part."""
    position = _Parts("eve", view, names, language)
    assert not position.plain
    return position


@pytest.mark.parametrize(("players", "language", "seed", "plies"), PLAYOUTS)
def test_equal_inputs_draw_equal_pixels_and_changed_pixels_change_the_digest(players, language, seed, plies):
    """Issue 26 item 9: each EVE ``ChatPart``'s inputs fully decide its pixels (the host shows
    the thread's image again when they are unchanged), across every kind of move of a playout:
    a map part's inputs are its own quarter's regions and the labels reaching into it, not the
    whole map's, so a move changes the digests of the parts it changes the pixels of."""
    names = [f"Player {seat + 1}" for seat in range(players)]
    views = _views(players, seed, plies)
    previous = _position(views[0], names, language)
    kept = changed = needless = 0
    for view in views[1:]:
        current = _position(view, names, language)
        assert current.parts.keys() == previous.parts.keys()
        for slot in current.parts:
            if current.digests[slot] == previous.digests[slot]:
                assert current.pixels(slot) == previous.pixels(slot), (slot, "stale picture")
                kept += 1
            else:
                changed += 1
                needless += current.pixels(slot) == previous.pixels(slot)
        previous = current
    assert kept > changed          # most of the images are ones a move does not change
    assert needless <= max(2, changed // 20), (needless, changed)


def test_the_parts_draw_the_same_pictures_as_before():
    """The parts' drawings are byte-identical to the images the thread got before issue 26:
    ``draw_map_parts``, and the narrow calendar and empires."""
    state = GAME.new_game(GAME.normalize_options({"players": 3}), 8)
    rng = random.Random(8)
    for _ in range(120):
        state = GAME.apply(state, rng.choice(list(GAME.legal_moves(state, min(GAME.waiting_for(state))))))
    view = GAME.view(state, None)
    names = ["ann", "bob", "cy"]
    for language in ("en", "hu"):
        parts = [part.draw().tobytes() for part in er.render_for_chat(view, player_names=names, language=language)]
        before = [*er.draw_map_parts(view, language, names),
                  er.draw_calendar(view, language, er.CHAT_PANEL_W, er.CHAT_LEAST),
                  er.draw_empires(view, names, language, er.CHAT_PANEL_W, er.CHAT_LEAST)]
        assert parts == [image.tobytes() for image in before]


def test_the_map_is_drawn_once_for_the_parts_that_are_drawn():
    """A part the host draws is drawn in its own window (a third of the map's cost); the first
    two such, then any more parts are cut from one whole drawing (tests/renderers/
    test_eve_map_window.py proves the pixels the same)."""
    view = GAME.view(GAME.new_game(GAME.normalize_options({"players": 2}), 1), None)
    calls: list[bool] = []
    original = er._draw_chat_map

    def counting(*args: Any) -> Any:
        calls.append(len(args) > 4 and args[4] is not None)      # drawn in a window
        return original(*args)

    er._draw_chat_map = counting
    try:
        parts = er.render_for_chat(view, language="en")
        assert not calls                  # giving the parts draws nothing
        parts[3].draw(), parts[0].draw()
        assert calls == [True, True]
        parts[1].draw(), parts[2].draw()
        assert calls == [True, True, False]
    finally:
        er._draw_chat_map = original
