"""Newcomer report C-S9: Planetarium's column (596 px wide, shown about 420 px wide on a phone)
writes its players' rows (hand and markers, the mat's G R W M / G K V F squares) and the
evolution track at ``COLUMN_MIN`` px or more (about 10.5 px there), in both languages, with the
turn shown (the full picture) and without (the chat's column)."""
from __future__ import annotations

import pytest

from renderers import planetarium as pl
from rules.messages import Msg, render
from rules.planetarium import GAME

from .playout import playout
from tests.renderers.text_spy import record_texts

PHONE_SCALE = 420 / (pl.WIDTH - pl.COLUMN_X0)


def drawn(monkeypatch, view, language: str, turn_shown: bool) -> list[tuple[str, int]]:
    """(text, font size) of every text the players' rows and the track draw (the header and
    the planets left out), every row and mat square drawn afresh."""
    seen = record_texts(monkeypatch)
    monkeypatch.setattr(pl, "_ROWS", {})
    monkeypatch.setattr(pl, "_draw_header", lambda *args, **kwargs: None)
    monkeypatch.setattr(pl, "_draw_planets", lambda *args, **kwargs: None)
    pl._mat_cell.cache_clear()
    pl._column_image(view, ["alice", "bob", "carol", "dave"][:len(view.players)], language, turn_shown)
    pl._mat_cell.cache_clear()
    return seen


POSITIONS = [(2, 5, 60), (3, 9, 120), (4, 7, 0), (4, 7, 200)]


@pytest.mark.parametrize("turn_shown", [False, True])
@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("players, seed, steps", POSITIONS)
def test_C_S9_rows_and_track_are_legible_on_a_phone(monkeypatch, players, seed, steps, language, turn_shown):
    view = GAME.view(playout(players, seed, steps, rseed=seed), None)
    seen = drawn(monkeypatch, view, language, turn_shown)
    assert seen and min(size for _text, size in seen) >= pl.COLUMN_MIN
    assert pl.COLUMN_MIN * PHONE_SCALE >= 10.5


@pytest.mark.parametrize("language", ["hu", "en"])
def test_C_S9_hand_and_markers_lines_and_empty_mat_letters_are_large(monkeypatch, language):
    """"kézben 5 (1 végső)" and "7 jelölő maradt" at HAND_SIZE (they fit between the name's room
    and the score); an empty mat square's letter (G K V F in Hungarian) at COLUMN_MIN or more."""
    view = GAME.view(playout(4, 7, 0, rseed=7), None)
    seen = drawn(monkeypatch, view, language, False)
    player = view.players[0]
    hand = render(Msg("planetarium.board.hand", hand=player.hand_count, finals=player.final_count), language)
    cubes = render(Msg("planetarium.board.cubes", markers=player.markers_supply), language)
    assert (hand, pl.HAND_SIZE) in seen and (cubes, pl.HAND_SIZE) in seen
    letters = {pl._code(kind, language) for kind in pl.MATTER_ORDER}
    assert {size for text, size in seen if text in letters} and \
        min(size for text, size in seen if text in letters) >= pl.COLUMN_MIN
