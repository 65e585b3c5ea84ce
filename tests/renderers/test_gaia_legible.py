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


# The house floor (small3): every text of the chat's shared board, players' images and legend at
# least SMALL_PRINT (18 px on 800 px: capitals about 6.9 px tall at 420 px), nothing shortened
# with "…" to get there; in positions with two, three and four players, two-row tile rows,
# boosters in two rows, passed seats' ranks in the header and the terraforming track's token.
FLOOR_FIXTURES = ("final-scoring", "adv-tech-pass", "spec-fullgame-2p", "taklons-leverage", "all-families")


def fixture_view(name, final=True):
    with open(os.path.join(os.path.dirname(FIXTURE), f"{name}.json"), encoding="utf-8") as fh:
        fixture = json.load(fh)
    return GAME.view(replay_fixture(fixture) if final else GAME.from_setup(fixture), None)


def drawn_chat(monkeypatch, view, language):
    """(text, font size) of every text the players' images, the legend and the shared board draw."""
    seen = drawn(monkeypatch, view, language)
    gr._in(language, lambda: gr._render_legend(view))
    return seen


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("name", FLOOR_FIXTURES)
def test_the_chat_boards_smallest_print_is_the_house_floor(monkeypatch, name, language):
    sizes = drawn_chat(monkeypatch, fixture_view(name), language)
    small = sorted({(size, text) for text, size in sizes if size < gr.SMALL_PRINT})
    assert not small, small
    assert gr.SMALL_PRINT * PHONE_SCALE >= 9.4          # 18 px on 800 px: 9.45 px at 420 px
    cut = {text for text, _size in sizes if text.endswith("…")} - {render(Msg("gaia.render.choosing_faction"), language)}
    assert not cut, cut


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_floor_holds_at_the_setup_and_in_round_four(monkeypatch, view, language):
    for position in (view, fixture_view("all-families", final=False)):
        sizes = drawn_chat(monkeypatch, position, language)
        assert min(size for _text, size in sizes) >= gr.SMALL_PRINT


def test_the_terraforming_tracks_federation_token_is_written_at_the_floor(monkeypatch, view):
    """The token on level 5 of terraforming until someone reaches it (GP-RES-terra-5): any
    token's reward, the Gleens' three-part one included, at 18 px or more."""
    shared = dict(view)
    for tok in sorted(FED_TOKENS):
        shared["terra_fed"] = tok
        seen = record_texts(monkeypatch)
        gr._in("hu", lambda: gr._render_shared(shared))
        reward = gr._in("hu", gr._reward_text, FED_TOKENS[tok]["reward"])
        sizes = [size for text, size in seen if text.replace("\n", "").replace(" ", "") == reward.replace(" ", "")]
        assert sizes and min(sizes) >= gr.SMALL_PRINT, (tok, reward, seen[-3:])
