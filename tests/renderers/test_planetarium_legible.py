"""Newcomer report C-S9: Planetarium's column (596 px wide, shown about 420 px wide on a phone)
writes its players' rows (hand and markers, the mat's G R W M / G K V F squares) and the
evolution track at ``COLUMN_MIN`` px or more (about 10.5 px there), in both languages, with the
turn shown (the full picture) and without (the chat's column)."""
from __future__ import annotations

import copy

import pytest
from PIL import Image, ImageDraw

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


def planets_drawn(monkeypatch, view, language: str) -> list[tuple[str, int]]:
    """(text, font size) of every text the planets' panels draw: the kind and orbit, the
    habitability token and the card chips."""
    seen = record_texts(monkeypatch)
    pl._draw_planets(ImageDraw.Draw(Image.new("RGB", (pl.WIDTH - pl.COLUMN_X0, pl.HEIGHT))),
                     (8, 110 + 16 + len(view.players) * 86 + 124, pl.COLUMN_X1 - pl.COLUMN_X0, pl.HEIGHT - 8),
                     view, language)
    return seen


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("players, seed, steps", POSITIONS + [(4, 7, None), (2, 5, 120)])
def test_C_S9_habitability_tokens_and_card_chips_are_legible_on_a_phone(monkeypatch, players, seed, steps,
                                                                        language):
    """The planets' panels (small print the last round left at 11-13 px: the habitability token,
    the chips' ids, names and "final") write at COLUMN_MIN or more, nothing cut with …; the
    token keeps its side and both sums (two lines when one does not fit)."""
    view = GAME.view(playout(players, seed, steps, rseed=seed), None)
    seen = planets_drawn(monkeypatch, view, language)
    assert seen and min(size for _text, size in seen) >= pl.COLUMN_MIN
    assert not [text for text, _size in seen if "…" in text]
    texts = " ".join(text for text, _size in seen)
    for planet in view.planets.values():
        whole = render(Msg("planetarium.board.habitable" if planet.habitable else "planetarium.board.hostile",
                           h=planet.habitable_points, u=planet.uninhabitable_points), language)
        assert whole in texts, whole


@pytest.mark.parametrize("language", ["hu", "en"])
def test_C_S9_a_crowded_row_and_a_last_round_row_keep_their_print(monkeypatch, language):
    """Eight cards on a planet (chips in two lines) and final cards: ids, points and the
    habitability values still at COLUMN_MIN or more."""
    from rules.planetarium.state import PlayedCard

    view = copy.deepcopy(GAME.view(playout(4, 7, 200, rseed=7), None))
    view.planets["C"].row = [PlayedCard(f"L{i:02d}", 1, None) for i in range(1, 9)]
    view.planets["D"].row = [PlayedCard(card, 0, 1) for card in ("F01", "F14", "H09", "L16", "F03", "H15")]
    seen = planets_drawn(monkeypatch, view, language)
    assert {"L01", "L08", "F14"} <= {text for text, _size in seen}
    assert min(size for _text, size in seen) >= pl.COLUMN_MIN


def test_C_S9_a_token_breaks_between_its_side_and_its_sums():
    lines, fnt = pl.token_lines("✘ lakhatatlan ✔10 : ✘17", 158, 38)
    assert lines == ["✘ lakhatatlan", "✔10 : ✘17"] and fnt.size >= pl.COLUMN_MIN
    lines, fnt = pl.token_lines("✔ habitable ✔5 : ✘0", 300, 38)
    assert lines == ["✔ habitable ✔5 : ✘0"]
