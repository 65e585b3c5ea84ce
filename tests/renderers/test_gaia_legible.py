"""Newcomer report N13: the players' image and the shared board of the chat layout (800 px
wide, shown about 420 px wide on a phone) write the boosters' effects, the resources' units and
the federation tokens' rewards large enough to read there, and an unheld booster is not called
"szabad" like the free tech tiles (szabad1..3)."""
from __future__ import annotations

import json
import os
import re

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
        _income, _short, effect = gr._in(language, gr._booster_text, bid)
        for word in effect.split():          # "passz: 1 pont / bánya", wrapped over lines
            assert any(word in text for text in large), (bid, word)
    for kind in ("c", "o", "k", "q"):       # the unit beside each amount, not a letter in a token
        unit = render(Msg(f"gaia.render.reward.{kind}"), language)
        assert any(text == unit and size >= 20 for text, size in sizes), unit
    for tok in view["fed_supply"]:
        assert any(reads_as_the_rulebook(text, tok, language) for text in large), tok


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


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_terraforming_tracks_federation_token_is_written_at_the_floor(monkeypatch, view, language):
    """The token on level 5 of terraforming until someone reaches it (GP-RES-terra-5): any
    token the setup may put there (one of fed1..fed6; the Gleens' own never is) at 18 px or
    more, its amounts apart."""
    shared = dict(view)
    for tok in sorted(set(FED_TOKENS) - {"gleens"}):
        shared["terra_fed"] = tok
        seen = record_texts(monkeypatch)
        gr._in(language, lambda: gr._render_shared(shared))
        sizes = [size for text, size in seen if reads_as_the_rulebook(text, tok, language)]
        assert sizes and min(sizes) >= gr.SMALL_PRINT, (tok, seen[-3:])


# The federation tokens' rewards as the rulebook writes them (small3's review: "8pont 1KTK" was
# glued): each amount a number, a space and its unit ("8 pont", "1 KTK"; "2 tudás", or where the
# room asks for it the image's own abbreviation "2 tu"), amounts on their own lines or apart
# after a comma ("7 pont, 2 érc"); never a number glued to its unit.
def reads_as_the_rulebook(text, tok, language):
    """Whether ``text`` is token ``tok``'s reward written apart, in words or abbreviated."""
    pieces = [piece for line in text.split("\n") for piece in line.split(", ")]
    reward = FED_TOKENS[tok]["reward"]
    for short in (False, True):
        parts = gr._in(language, gr.token_reward_parts, reward, short)
        if pieces == parts or len(parts) == 1 and " ".join(pieces) == parts[0]:     # "12" over "pont"
            return True
    return False


def test_a_token_reward_is_amounts_from_the_catalogue_a_space_between_number_and_unit():
    assert gr._in("hu", gr.token_reward_parts, "8vp,q") == ["8 pont", "1 KTK"]
    assert gr._in("hu", gr.token_reward_parts, "6vp,2k") == ["6 pont", "2 tudás"]
    assert gr._in("hu", gr.token_reward_parts, "6vp,2k", True) == ["6 pont", "2 tu"]
    assert gr._in("hu", gr.token_reward_parts, "8vp,2t") == ["8 pont", "2 energiajelölő"]
    assert gr._in("en", gr.token_reward_parts, "7vp,6c") == ["7 VP", "6 credits"]
    assert gr._in("en", gr.token_reward_parts, "o,k,2c") == ["1 ore", "1 knowledge", "2 credits"]
    for language in ("hu", "en"):
        for tok, info in FED_TOKENS.items():
            for short in (False, True):
                for part in gr._in(language, gr.token_reward_parts, info["reward"], short):
                    number, unit = part.split(" ", 1)
                    assert number.isdigit() and unit and not unit[0].isdigit(), (tok, part)


def test_the_fixtures_show_tokens_held_by_players_the_gleens_three_part_one_among_them():
    held = {tok for name in FLOOR_FIXTURES for player in fixture_view(name)["players"] if player
            for tok in (fed["id"] for fed in player.get("feds") or ())}
    assert {"gleens", "fed1"} <= held and len(held) >= 4, held


def tokens_shown(view):
    """The federation tokens a position shows: the supply's, the terraforming track's, the players'."""
    held = {fed["id"] for player in view["players"] if player for fed in player.get("feds") or ()}
    return set(view.get("fed_supply") or {}) | {view.get("terra_fed")} - {None} | held


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("name", FLOOR_FIXTURES)
def test_every_federation_token_reads_as_the_rulebook_writes_it_at_the_floor(monkeypatch, name, language):
    """On the chat's shared board and players' images (and the full boards picture), every token's
    reward is written with its amounts apart ("8 pont" over "1 KTK", not "8pont 1KTK"), at
    SMALL_PRINT or more on the chat's images; the supply's wide tokens in words ("2 tudás")."""
    position = fixture_view(name)
    assert position["fed_supply"]
    sizes = drawn(monkeypatch, position, language)
    for tok in tokens_shown(position):
        written = [size for text, size in sizes if reads_as_the_rulebook(text, tok, language)]
        assert written and min(written) >= gr.SMALL_PRINT, (tok, written)
    tokens = [text for text, _size in sizes if any(text.replace("\n", "").replace(" ", "").replace(",", "") ==
              gr._in(language, gr._reward_text, info["reward"]).replace(" ", "") for info in FED_TOKENS.values())]
    assert tokens and not [text for text in tokens if re.search(r"\d[^\d\s]", text)], tokens     # "8pont"
    words = {text for text, _size in sizes}
    for tok in position["fed_supply"]:
        parts = gr._in(language, gr.token_reward_parts, FED_TOKENS[tok]["reward"])
        assert any(text.replace("\n", ", ") == ", ".join(parts) for text in words), (tok, parts)
    full = record_texts(monkeypatch)
    gr.render(position, language=language)
    for tok in tokens_shown(position):
        assert any(reads_as_the_rulebook(text, tok, language) for text, _size in full), tok


# No number glued to its unit anywhere on Gaia's images (gaiatexts: "7en", "1ér 1KTK",
# "+12kr", "action: 3k" were): a number is followed by a space, another digit, or punctuation
# ("1/6.", "18 / 12 / 6", "+1/típus"); the map's hex names ("3A10", "10C") are names, not amounts.
GLUED = re.compile(r"\d[^\d\s.,:;/)\]–+×%…-]")
HEX_NAME = re.compile(r"\d+[ABC]\d*")


def glued(texts):
    return sorted({text for text in texts if GLUED.search(text) and not HEX_NAME.fullmatch(text)})


def test_the_glue_check_catches_what_it_must():
    assert glued(["7en", "1ér 1KTK", "+12kr", "action: 3k", "3VP/fed", "1tu /"]) == \
        ["+12kr", "1tu /", "1ér 1KTK", "3VP/fed", "7en", "action: 3k"]
    assert not glued(["7 en", "1 ér 1 KTK", "+12 kr", "3 VP / mine", "6/6. forduló", "(18 / 12 / 6)", "3A10", "10C",
                      "3 pont +1/típus", "8 pont\n1 KTK"])


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("name", FLOOR_FIXTURES)
def test_no_gaia_image_glues_a_number_to_its_unit(monkeypatch, name, language):
    """Every text on the chat's images (players', shared board, legend) and the full picture
    writes its amounts apart ("7 en", "1 tudás, 1 érc", "+12 kr", "bev. 1 ér 1 en"), in the
    rulebook's words or the image's abbreviations, at SMALL_PRINT or more on the chat's images."""
    position = fixture_view(name)
    sizes = list(drawn_chat(monkeypatch, position, language))      # the chat's images only
    full = record_texts(monkeypatch)
    gr.render(position, language=language)
    assert not glued(text for text, _size in sizes + full)
    amounts = [(text, size) for text, size in sizes if re.search(r"\d \w", text)]
    assert len(amounts) > 20 and min(size for _text, size in amounts) >= gr.SMALL_PRINT, amounts


@pytest.mark.parametrize("language", ["hu", "en"])
def test_amounts_come_from_the_catalogue_a_space_between_number_and_unit(language):
    """The amounts of power actions, boosters, special actions and the income line: "2 kr 1 ér
    2 en" abbreviated, "2 kredit, 1 érc, 2 energia" in words; each a number, a space, its unit."""
    assert gr._in("hu", gr._amounts, "2c,o,2pw") == ["2 kr", "1 ér", "2 en"]
    assert gr._in("hu", gr._amounts, "2c,o,2pw", False) == ["2 kredit", "1 érc", "2 energia"]
    assert gr._in("en", gr._amounts, "k,2t", False) == ["1 knowledge", "2 power tokens"]
    assert gr._in("hu", gr._words_text, "k,o") == "1 tudás, 1 érc"
    for short in (True, False):
        for unit in gr.REWARD_WORDS:
            for n in (1, 2, 12):
                (amount,) = gr._in(language, gr._amounts, f"{n}{unit}", short)
                number, word = amount.split(" ", 1)
                assert number == str(n) and word and not word[0].isdigit(), amount
    keys = [f"gaia.render.tech_short.{tid}" for tid in gr.TECH] + [f"gaia.render.tech.{tid}" for tid in gr.TECH]
    assert not glued(render(Msg(key), language) for key in keys)


def test_left_to_build_counts_no_satellites_on_the_map(monkeypatch, view):
    """Newcomer P-1 (report 27e): "×8" under "Left to build" was the satellites already on the
    map (no supply runs out of them: GP-FED-3 takes power tokens); the map shows them and the
    final scoring counts them, the panel no longer does."""
    satellites = [sum(1 for owners in (view.get("sat") or {}).values() if seat in owners)
                  for seat in range(len(view["players"]))]
    assert any(satellites)
    texts = {text for text, _size in drawn(monkeypatch, view, "en")}
    assert not {f"×{n}" for n in satellites if n} & texts
