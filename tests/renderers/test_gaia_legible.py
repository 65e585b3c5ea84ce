"""Newcomer report N13: the players' image and the shared board of the chat layout (800 px
wide, shown about 420 px wide on a phone) write the boosters' effects, the resources' units and
the federation tokens' rewards large enough to read there, and an unheld booster is not called
"szabad" like the free tech tiles (szabad1..3)."""
from __future__ import annotations

import json
import os

import pytest

import renderers.gaia as gr
from rules.gaia import GAME
from rules.gaia.replay import replay_fixture
from rules.gaia.tables import FED_TOKENS
from rules.messages import Msg, render
from tests.renderers.text_spy import record_texts

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "gaia", "final-scoring.json")
PHONE_SCALE = gr.PHONE_W / gr.NARROW


@pytest.fixture(scope="module")
def view():
    with open(FIXTURE, encoding="utf-8") as fh:
        state = replay_fixture(json.load(fh))
    state["phase"], state["round"] = "actions", 4      # boosters and the supply as in play
    return GAME.view(state, None)


def drawn(monkeypatch, view, language):
    """(text, font size) of every text the players' images and the shared board draw."""
    seen = record_texts(monkeypatch)
    monkeypatch.setattr(gr, "_seat_image", gr._render_seat)     # every panel drawn, none kept from before
    gr._in(language, lambda: gr._player_images(view, None))
    gr._in(language, lambda: gr._render_shared(view))
    return seen


@pytest.mark.parametrize("language", ["hu", "en"])
def test_every_text_is_at_least_seven_pixels_tall_on_a_phone(monkeypatch, view, language):
    sizes = drawn(monkeypatch, view, language)
    assert min(size for _text, size in sizes) * PHONE_SCALE >= 6.8


@pytest.mark.parametrize("language", ["hu", "en"])
def test_booster_effects_units_and_federation_rewards_are_large(monkeypatch, view, language):
    sizes = drawn(monkeypatch, view, language)
    large = {text for text, size in sizes if size >= 14}
    for bid in view["boosters"]:
        _income, effect = gr._in(language, gr._booster_text, bid)
        for word in effect.split():          # "passz: 1 pont / bánya", wrapped over lines
            assert any(word in text for text in large), (bid, word)
    for kind in ("c", "o", "k", "q"):       # the unit beside each amount, not a letter in a token
        unit = render(Msg(f"gaia.render.reward.{kind}"), language)
        assert any(text == unit and size >= 20 for text, size in sizes), unit
    for tok, left in view["fed_supply"].items():
        reward = gr._in(language, gr._reward_text, FED_TOKENS[tok]["reward"])
        for part in reward.split():
            assert any(part.lstrip("0123456789") in text for text in large), (tok, part)


def test_an_unheld_booster_is_not_called_free_like_the_free_tech_tiles(monkeypatch, view):
    texts = [text for text, _size in drawn(monkeypatch, view, "hu")]
    assert None in view["boosters"].values()
    assert render(Msg("gaia.render.booster_free"), "hu") in texts
    assert "szabad" not in texts and "szabad1" in texts
