"""Space Corp pictures (era 1): five 800-px images (four with two players) for new games and
random playouts of 2-4 players in English and Hungarian; the spectator view draws no card of a
hand; every label comes from the catalogue and stays readable when a phone shows the image
420 px wide; pieces are drawn where the state puts them."""
from __future__ import annotations

import random

import pytest
from PIL import ImageChops, ImageDraw, ImageFont

from renderers.spacecorp import MIN_TEXT, REGIONS, SEAT_RGB, SITES, render
from rules.spacecorp.data import tables
from rules.spacecorp.engine import GAME


def positions(players: int, seed: int, every: int = 10):
    """A new game, then every ``every``-th position of a random playout, and its end."""
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    out, plies = [state], 0
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.random_move(state, min(GAME.waiting_for(state)), rng))
        plies += 1
        if plies % every == 0:
            out.append(state)
    out.append(state)
    return out


def spy(monkeypatch) -> list[tuple[str, int]]:
    """Every (text, font size) the renderer draws from now on."""
    seen: list[tuple[str, int]] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, string, *args, **kwargs):
        fnt = kwargs.get("font")
        seen.append((string, fnt.size if isinstance(fnt, ImageFont.FreeTypeFont) else 0))
        return original(self, xy, string, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_draws_phone_width_images_in_both_languages(players, monkeypatch):
    seen = spy(monkeypatch)
    states = positions(players, seed=players + 5)
    assert len(states) >= 4 and GAME.is_over(states[-1])
    for state in states:
        hidden = set(GAME.hidden_in_view(state, None))
        for language in ("en", "hu"):
            seen.clear()
            images = render(GAME.view(state, None), player_names=[f"p{i}" for i in range(players)],
                            language=language)
            assert len(images) == 3 + (players + 1) // 2
            assert all(image.width == 800 and 300 <= image.height <= 1200 for image in images)
            texts = [text for text, _ in seen]
            assert texts and not any("spacecorp." in text for text in texts)
            drawn = " ".join(texts)
            hand_cards = {card for hand in state.hands.cards for card in hand}
            assert not any(card in drawn for card in hidden | hand_cards), "a hidden card is drawn"
            # readable at 420 px wide: no font under MIN_TEXT px at 800 (about 9 px there)
            assert min(size for _, size in seen) * 420 / 800 >= 8.9


def test_labels_come_from_the_requested_language():
    state = positions(3, seed=8)[-2]
    view = GAME.view(state, None)
    english = render(view, language="en")
    hungarian = render(view, language="hu")
    for one, other in zip(english, hungarian):
        assert ImageChops.difference(one, other).getbbox() is not None


def test_region_and_site_names_and_labels_are_drawn_from_the_catalogue(monkeypatch):
    from rules.messages import Msg
    from rules.messages import render as text_of
    seen = spy(monkeypatch)
    view = GAME.view(GAME.new_game({"players": 2}, 1), None)
    for language in ("en", "hu"):
        seen.clear()
        render(view, language=language)
        texts = {text for text, _ in seen}
        for site in SITES:
            assert text_of(Msg(f"spacecorp.site.{site}"), language) in texts
        assert text_of(Msg("spacecorp.render.offer"), language) in texts
        assert text_of(Msg("spacecorp.contract.E1.7"), language) in texts
    assert "Föld" in texts and "Kínálat" in texts


def test_bases_teams_and_claims_are_drawn_where_the_state_puts_them():
    state = next(s for s in reversed(positions(3, seed=3, every=1)) if s.bases and s.claims)
    view = GAME.view(state, None)
    image = render(view)[0]
    sites = tables().maps["E1"].sites
    part_one = {site for site in SITES if REGIONS[sites[site].region][0] == 1}
    for site, (owner, _) in view.bases.items():
        if site in part_one:
            x0, y0, x1, y1 = SITES[site]
            colour = SEAT_RGB[view.players[owner].colour]
            crop = image.crop((int(x0), int(y0), int(x1), int(y1)))
            assert any(pixel == colour for _, pixel in crop.getcolors(1 << 16)), site
    # a claimed site's box has the gold outline
    site = next(iter(view.claims))
    assert site in part_one
    x0, y0, x1, _ = SITES[site]
    assert image.getpixel((int((x0 + x1) / 2), int(y0) + 1)) == (245, 180, 20)


def test_a_highlighted_site_is_ringed():
    view = GAME.view(GAME.new_game({"players": 2}, 1), None)
    plain, lit = render(view)[0], render(view, highlight="explore B1@moon cards=M01#1/e")[0]
    box = ImageChops.difference(plain, lit).getbbox()
    x0, y0, x1, y1 = SITES["moon"]
    assert box is not None and box[0] >= x0 - 2 and box[2] <= x1 + 2


def test_min_text_is_readable_on_a_phone():
    assert MIN_TEXT * 420 / 800 >= 8.9


def test_the_header_names_who_may_play_an_edge_while_a_window_is_open():
    from rules.spacecorp.engine import GAME
    from renderers.spacecorp import header_text
    from tests.spacecorp.test_engine import game, hand_of, play
    state = game(3)
    hand_of(state, 0, "M17#1")
    hand_of(state, 1, "M25#1")
    state = play(state, 0, "research infra=self")
    view = GAME.view(state, None)
    assert header_text(view, ["ann", "bob", "cy"], "en") == "Mariners (era 1) · bob may play an Edge (ann declares Research)"
    assert "Hatást játszhat ki" in header_text(view, ["ann", "bob", "cy"], "hu")
