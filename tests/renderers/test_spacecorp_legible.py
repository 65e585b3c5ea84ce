"""Newcomer report C-S9: Space Corp's table (the Offer and every player's panel) is legible when a
phone shows it 420 px wide: a panel's lines (the bases left, the HQ boxes' Infra values, the
genetics and idea lines, the teams at the HQ, the Progress cards, the Legacy Production) are
drawn at ``PANEL_MIN`` or more (20 px at 800: capitals about 7.6 px high there), and nothing is
shortened with an ellipsis, in every era and both languages."""
from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

import renderers.spacecorp as sc
from rules.spacecorp.engine import GAME
from tests.renderers.text_spy import record_texts

PHONE_SCALE = 420 / sc.WIDTH


def position(eras: str, players: int, seed: int, plies: int):
    state = GAME.new_game({"players": players, "eras": eras}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
    return GAME.view(state, None)


def panel_texts(monkeypatch, view, language: str) -> list[tuple[str, int]]:
    """(text, font size) of every text the players' panels draw (the Offer excluded)."""
    seen = record_texts(monkeypatch)
    sc.draw_players(view, [player.seat for player in view.players], None, language)
    return seen


CASES = [("1", 3, 3, 30), ("2", 4, 9, 60), ("3", 3, 8, 90), ("1", 2, 5, 0),
         ("2-3", 3, 4, 113)]          # the last: era 3 with Progress cards and a Legacy Production pair


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("eras, players, seed, plies", CASES)
def test_C_S9_every_panel_text_is_at_least_panel_min(monkeypatch, language, eras, players, seed, plies):
    seen = panel_texts(monkeypatch, position(eras, players, seed, plies), language)
    assert seen and min(size for _text, size in seen) >= sc.PANEL_MIN
    assert sc.PANEL_MIN * PHONE_SCALE >= 10.5           # a font of 10.5 px on a phone: capitals ~7.6 px


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("eras, players, seed, plies", CASES)
def test_C_S9_panel_texts_are_whole(monkeypatch, language, eras, players, seed, plies):
    """The larger lines are not bought with cut texts: the bases take a third line when a list
    needs it (Hungarian), an Infra value too long for its box wraps (``Védett Mozgás`` / ``10``)."""
    seen = panel_texts(monkeypatch, position(eras, players, seed, plies), language)
    assert not [text for text, _size in seen if text.endswith("…")]


def test_C_S9_the_bases_take_three_lines_only_when_a_list_needs_them():
    view = position("2", 4, 9, 60)
    assert sc.bases_rows(view, "hu") == 3 and sc.bases_rows(view, "en") == 2
    assert sc.panel_height(view, "hu") == sc.panel_height(view, "en") + sc.BASES_LINE_H


@pytest.mark.parametrize("language", ["hu", "en"])
def test_C_S9_a_base_and_its_count_stay_on_one_line(monkeypatch, language):
    """The bases left wrap between bases, never inside one ("Research" / "Base 2")."""
    view = position("2", 4, 9, 60)
    texts = [text.replace("\u00a0", " ") for text, _size in panel_texts(monkeypatch, view, language)]
    for player in view.players:
        for kind, count in player.bases.items():
            item = sc._t(language, "base_count", base=sc.Msg(f"spacecorp.base.{kind}"), n=count)
            assert " " in item and any(item in text for text in texts), item


def map_texts(monkeypatch, view, language: str) -> list[tuple[str, int]]:
    """(text, font size) of every text the map's parts draw (E1 / E2: two parts, E3: three)."""
    seen = record_texts(monkeypatch)
    for part in range(1, len(sc.layout_of(view).heights) + 1):
        sc.draw_map_part(view, part, language, ["alice", "bob", "carol", "dave"])
    return seen


MAP_CASES = CASES + [("1", 4, 6, 80), ("2", 3, 4, 30)]


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("eras, players, seed, plies", MAP_CASES)
def test_C_S9_every_map_text_is_at_least_map_text_and_whole(monkeypatch, language, eras, players, seed, plies):
    """The map at 420 px (the C-S9 round left site names, costs, tiles, teams, region names,
    tabs and the surcharges at 17-18 px): every text at ``MAP_TEXT`` (20 px: 10.5 px on a
    phone) or more, none cut with an ellipsis; a site whose costs do not fit one line (``é7
    gravitáció +1`` on a narrow moon) writes its build cost by its name, a tile or base name too
    long for a line wraps."""
    seen = map_texts(monkeypatch, position(eras, players, seed, plies), language)
    assert seen and min(size for _text, size in seen) >= sc.MAP_TEXT
    assert sc.MAP_TEXT * PHONE_SCALE >= 10.5
    assert not [text for text, _size in seen if text.endswith("…")]


@pytest.mark.parametrize("language", ["hu", "en"])
def test_C_S9_a_gravity_site_keeps_its_costs_and_its_name_whole(monkeypatch, language):
    """E2's Titan, Triton and Pluto: the build cost and the gravity both drawn, whole."""
    view = position("2", 4, 9, 60)
    texts = {text for text, _size in map_texts(monkeypatch, view, language)}
    for site in ("titan", "triton", "pluto"):
        assert sc._say(language, f"site.{site}") in texts, site
    assert sc._t(language, "build", n=7) in texts and sc._t(language, "gravity", n=1) in texts


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("eras, players, seed, plies", MAP_CASES)
def test_C_S9_the_goals_are_at_least_panel_min_and_the_offer_names_wrap(monkeypatch, language, eras, players, seed,
                                                                        plies):
    """The goals image (the era's line, the contracts, the Side Board) at ``PANEL_MIN`` or more
    (19 px before); the Offer writes a card's name at 20 px, on two lines when one does not
    hold it (``Inflatable Habitat`` was fitted down to 17 px)."""
    view = position(eras, players, seed, plies)
    seen = record_texts(monkeypatch)
    sc.draw_goals(view, None, language)
    assert seen and min(size for _text, size in seen) >= sc.PANEL_MIN
    seen.clear()
    sc.draw_offer(ImageDraw.Draw(Image.new("RGB", (sc.WIDTH, sc.OFFER_SECTION_H))), view, 0, language)
    names = [text for text, size in seen if any(text in sc.card_name(card, language) for card in view.offer if card)]
    assert not [text for text, _size in seen if text.endswith("…")]
    assert {size for text, size in seen if text in names} <= {19, 20}


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("eras, players, seed, plies", MAP_CASES + [("3", 3, 1, 40), ("1-3", 3, 2, 150)])
def test_the_offer_boxes_label_and_card_code_are_at_least_panel_min(monkeypatch, language, eras, players, seed, plies):
    """The Offer's box label (``kínálat1``, what ``húz kínálat1`` names) beside a long card code
    (``Cs32#1``) was fitted down to 17 px; both now at ``PANEL_MIN`` (20 px) or more, whole: the
    labels regular where bold ones do not fit beside the codes, every box's label alike."""
    view = position(eras, players, seed, plies)
    seen = record_texts(monkeypatch)
    sc.draw_offer(ImageDraw.Draw(Image.new("RGB", (sc.WIDTH, sc.OFFER_SECTION_H))), view, 0, language)
    labels = [sc.offer_code(code).text(language) for code in sc.OFFER]
    codes = [sc.card_code(card).text(language) for card in view.offer if card]
    sizes = [size for text, size in seen if text in labels + codes]
    assert codes and len(sizes) == len(labels) + len(codes) and min(sizes) >= sc.PANEL_MIN, seen[:8]
    bold = all(sc.label_fits_bold((sc.WIDTH - 52) / 4, label, card, language) for label, card in zip(labels, view.offer))
    assert bold or language == "hu"          # English's O1..O4 always fit in bold


def test_a_long_code_beside_kinalat_keeps_both_at_panel_min_in_the_narrowest_case(monkeypatch):
    longest = max((sc.card_code(f"{card}#1").text("hu") for card in sc.tables().cards), key=sc.font(sc.PANEL_MIN, True).getlength)
    seen = record_texts(monkeypatch)
    sc.draw_card_box(ImageDraw.Draw(Image.new("RGB", (200, 180))), (0, 0, 187, 176), "kínálat4",
                     next(f"{card}#1" for card in sc.tables().cards if sc.card_code(f"{card}#1").text("hu") == longest), "hu")
    assert seen[0] == ("kínálat4", sc.PANEL_MIN) and seen[1] == (longest, sc.PANEL_MIN), seen[:2]


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("eras, players, seed, plies", [("3", 3, 8, 90), ("2-3", 3, 4, 113), ("3", 2, 5, 0)])
def test_C_S9_the_colonies_are_at_least_panel_min_an_ability_on_two_lines(monkeypatch, language, eras, players, seed,
                                                                          plies):
    """E3's colonies image: titles, abilities and the era-end scale at ``PANEL_MIN`` or more (the
    abilities were 17-18 px); an ability too long for its half-width box takes a second line."""
    view = position(eras, players, seed, plies)
    assert view.era == "E3"
    seen = record_texts(monkeypatch)
    sc.draw_colonies(view, None, language)
    assert seen and min(size for _text, size in seen) >= sc.PANEL_MIN
    assert not [text for text, _size in seen if text.endswith("…")]


@pytest.mark.parametrize("eras, players, seed", [("1", 4, 3), ("1", 4, 7), ("2", 4, 2), ("2", 4, 9)])
def test_C_S9_the_larger_print_keeps_a_sites_teams_inside_its_region(monkeypatch, eras, players, seed):
    """Sites are taller (E1's Earth–Moon rows +24 px, E2's rows +23 px, E2 part 1's Inner Solar
    System strip lower) so a tile, a base on two lines and a row of teams fit at MAP_TEXT: a
    team's chip ends inside its region (before: up to 18 px over the site's bottom, across the
    region's edge); each part at most 1200 px."""
    current: dict[str, Any] = {}
    over: list[tuple[str, float]] = []
    draw_site, draw_team = sc.draw_site, sc.draw_team

    def site(draw, view, site_id, teams, language, layout=None):
        current["box"], current["id"] = (layout or sc.layout_of(view)).sites[site_id], site_id
        draw_site(draw, view, site_id, teams, language, layout)
        current.clear()

    def team(draw, view, x, y, *args, **kwargs):
        if current and y + sc.TEAM_H > current["box"][3] + 6:
            over.append((current["id"], y + sc.TEAM_H - current["box"][3]))
        draw_team(draw, view, x, y, *args, **kwargs)

    monkeypatch.setattr(sc, "draw_site", site)
    monkeypatch.setattr(sc, "draw_team", team)
    state = GAME.new_game({"players": players, "eras": eras}, seed)
    rng = random.Random(seed)
    for ply in range(140):
        if GAME.is_over(state) or not GAME.waiting_for(state):
            break
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
        if ply % 20 == 19:
            view = GAME.view(state, None)
            for language in ("hu", "en"):
                parts = [sc.draw_map_part(view, part, language) for part in (1, 2)]
                assert all(image.height <= 1200 for image in parts)
    assert not over
