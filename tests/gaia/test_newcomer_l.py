"""Gaia Project's menus as a newcomer met them (docs/newcomer-report-2026-11-27e.md, L-1, L-3):
nothing decided blind.

- L-3: a label that takes a tech tile (a lab's, an academy's, ``qic1``'s, the Itars') says what
  the tile does, in brief ("income 4 credits", else in the image's abbreviations "income 4 c"):
  the tile's gist outlasts its position's words and every other saving (GP-TECH-1, GP-TECH-4).
- L-1: a lone ``decline`` says in the menu what it turns down: the charge offer (GP-LEECH-4) or
  the Itars' tile (GP-FAC-ITA-2).
"""
from __future__ import annotations

from typing import Any

import pytest

from rules.gaia.notation import parse_commands, split_actor
from rules.gaia.tables import FIELDS, TECH
from rules.gaia.texts import _tech_effect
from rules.messages import LANGUAGES, Msg, render

from tests.pulsar.test_label_length import host_label, playout_positions

# ----------------------------------------------------------------------------- L-3


def _tile_words(tile: str, language: str) -> tuple[str, ...]:
    """What a label may call a tile's effect: its gist (brief or in the image's abbreviations)
    or its full effect."""
    return (*_gists(tile, language), render(_tech_effect(tile), language))


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_GP_TECH_1_GP_TECH_4_every_label_taking_a_tile_says_what_it_does(players: int, seed: int) -> None:
    """Over a playout, every label (as the host shows it, both languages) with a ``tech`` or
    ``cover`` step names each tile's effect (42 of 185 lab and academy suggestions named a tile
    by its space alone: "techlapkát vesz: 1. szabad mező")."""
    blind, seen = [], 0
    for game, state, seats in playout_positions("gaia", players, seed, 3):
        for seat in seats:
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                tiles = [state["tech"][cmd[1]] for cmd in parse_commands(split_actor(text)[1])
                         if cmd[0] in ("tech", "cover")]
                if not tiles:
                    continue
                seen += 1
                for language in LANGUAGES:
                    label = host_label(game, state, seat, text, language)
                    blind += [f"{text}: {label}" for tile in tiles
                              if not any(words in label for words in _tile_words(tile, language))]
    assert seen > 50 and not blind, blind[:5]


def test_GP_TECH_1_the_description_does_not_repeat_the_tile_the_label_names() -> None:
    """"take tech tile “7 VP”; no research step: at once: 7 victory points" said the tile twice:
    a description leaves out the tile's effect when the label's words name its gist."""
    from rules.messages import message_keys
    checked = 0
    for game, state, seats in playout_positions("gaia", 2, 1, 3):
        for seat in seats:
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                phrase = game.move_phrase(state, seat, text)
                described = game.describe_move(state, seat, text)
                if phrase is None or not any(k.startswith("gaia.techgist") for k in message_keys(phrase)):
                    continue
                checked += 1
                assert described is None or not any(k.startswith("gaia.techfx") for k in message_keys(described)), text
    assert checked > 20


def _gists(tile: str, language: str) -> tuple[str, ...]:
    return tuple(render(Msg(key + tile), language) for key in ("gaia.techgist.", "gaia.techgist_short."))


@pytest.mark.parametrize("building", ["lab", "ac1", "ac2"])
def test_GP_TECH_1_GP_TECH_3_every_standard_tile_keeps_its_gist_beside_the_longest_hex(building: str) -> None:
    """Each of the 9 standard tiles, taken by a lab or an academy on a 5-character hex, with a
    step in each of the 6 areas: the label names what the tile does (its position is left to the
    research board image), within the autocomplete's 100 characters."""
    from rules.gaia.texts import move_phrase
    for tile in TECH:
        if tile.startswith("adv"):
            continue
        state = {"phase": "actions", "offer": None, "tech": {"free2": tile}}
        for field in FIELDS:
            phrase = move_phrase(state, f"hadsch-hallas build {building} 10A10. tech free2. up {field}")
            assert phrase is not None
            for language in LANGUAGES:
                label = render(phrase, language, label=True)
                assert len(label) <= 100 and any(gist in label for gist in _gists(tile, language)), label


def test_GP_TECH_4_an_advanced_tile_keeps_its_gist_when_covering_a_tile() -> None:
    """Each of the 15 advanced tiles covering any standard tile, from a lab on a short hex with a
    step in AI: the advanced tile's gist stays (the covered tile, the player's own, may be named
    by its space). Longer lines (an academy, a 5-character hex, "terraformálás") may still name
    the advanced tile by its space."""
    from rules.gaia.texts import move_phrase
    for advanced in (tile for tile in TECH if tile.startswith("adv")):
        for tile in (tile for tile in TECH if not tile.startswith("adv")):
            state = {"phase": "actions", "offer": None, "tech": {"free2": tile, "adv-eco": advanced}}
            phrase = move_phrase(state, "hadsch-hallas build lab 3A5. tech adv-eco. cover free2. up int")
            assert phrase is not None
            for language in LANGUAGES:
                label = render(phrase, language, label=True)
                assert len(label) <= 100 and any(gist in label for gist in _gists(advanced, language)), label


def test_GP_TECH_4_an_advanced_tile_with_a_cover_keeps_its_gist_in_any_research_area() -> None:
    """"Építs kutatólabort: 3A5; techlapka: „3 pont/új keresk. áll.”; takard le: szabad2; kutatás:
    terraformálás" took 104 characters, and the tile went by its space ("kül-gazd"): before a tile
    loses its gist, the research step names its area by the image's code ("kutatás: terra").
    Every advanced tile, covering every standard one, from a lab on a short hex, with a step in
    every area: the advanced tile's gist stays in both languages (over all buildings, hexes and
    areas, 96% of the lines keep it, 76% before)."""
    from rules.gaia.texts import move_phrase
    from rules.messages import message_keys
    spaces = ("free1", "free2", "free3", *FIELDS)
    standard = [tile for tile in TECH if not tile.startswith("adv")]
    coded = 0
    for advanced in (tile for tile in TECH if tile.startswith("adv")):
        for space, tile in zip(spaces, standard):
            state = {"phase": "actions", "offer": None, "tech": {space: tile, "adv-eco": advanced}}
            for field in FIELDS:
                phrase = move_phrase(state, f"hadsch-hallas build lab 3A5. tech adv-eco. cover {space}. up {field}")
                assert phrase is not None
                coded += f"gaia.field_code.{field}" in message_keys(phrase)
                for language in LANGUAGES:
                    label = render(phrase, language, label=True)
                    assert len(label) <= 100 and any(gist in label for gist in _gists(advanced, language)), label
    assert coded          # the test bites: some lines fit only by the area's code
    state = {"phase": "actions", "offer": None, "tech": {"free2": "tech3", "adv-eco": "advtech15"}}
    phrase = move_phrase(state, "hadsch-hallas build lab 3A5. tech adv-eco. cover free2. up terra")
    # since newcomer 27i I-20 the brief lab is "labort" (the rulebook's help word), which leaves
    # room for the area in words here
    assert phrase is not None and render(phrase, "hu", label=True) == (
        "Építs labort: 3A5; lapka: „3 pont/új keresk. áll.”; takard le: szabad2; kutatás: terraformálás")


# ----------------------------------------------------------------------------- L-1


def _decline_label(state: Any, seat: int, language: str) -> str:
    from rules.gaia import GAME
    return host_label(GAME, state, seat, "decline", language)


def test_GP_LEECH_4_declining_a_charge_offer_says_the_charge_turned_down() -> None:
    """"Ne élj a lehetőséggel" alone: which opportunity? The menu and the button say the power
    not charged ("ne tölts fel 1 energiát")."""
    from .helpers import action_state, play
    st = action_state(["terrans", "xenos"], [(0, "m", "3A7"), (1, "m", "3A6")])
    st = play(st, 0, "build m 3B2.")
    assert st["offer"]["offers"] == ["1pw"]
    for language in LANGUAGES:
        label = _decline_label(st, 1, language)
        said = render(Msg("gaia.phrase.decline_charge", n=1), language, label=True)
        assert label.casefold().endswith(": " + said.casefold()), label
        assert len(label) <= 80
    assert _decline_label(st, 1, "hu") == "Ne élj a lehetőséggel: ne tölts fel 1 energiát"
    from rules.gaia import GAME
    described = GAME.describe_move(st, 1, "decline")
    assert described is not None and described.key == "gaia.phrase.decline_charge"
    # the thread and the log too: the move's news says what was declined (the stored line cannot)
    move = GAME.parse_move(st, 1, "decline")
    news = GAME.events(st, move, GAME.apply(st, move))
    assert Msg("gaia.event.declined_charge", n=1) in news       # a sentence of its own (27i I-23)
    assert render(news[0], "hu") == "Elutasítja az 1 energia feltöltését."


def test_GP_FAC_ITA_2_the_itars_decline_says_no_tile_is_taken() -> None:
    from rules.gaia import GAME

    from .helpers import itars_gaia_phase
    st = itars_gaia_phase()
    described = GAME.describe_move(st, 0, "decline")
    assert described is not None and described.key == "gaia.phrase.decline_tech"
    for language in LANGUAGES:
        label = _decline_label(st, 0, language)
        said = render(described, language, label=True)
        assert label.casefold().endswith(": " + said.casefold()) and len(label) <= 80, label


def test_GP_TECH_3_a_decline_in_a_longer_line_is_not_described_as_a_charge() -> None:
    """Only a lone "decline" answers an offer; a tile's research step declined keeps its own
    words ("kutatás nélkül")."""
    from rules.gaia.game import _declined
    state = {"offer": {"seat": 0, "hex": 0, "offers": ["2pw"]}, "players": [None, None]}
    assert _declined(state, 0, [["tech", "free1"], ["decline"]]) is None  # type: ignore[arg-type]
    assert _declined(state, 1, [["decline"]]) is None  # type: ignore[arg-type]
    declined = _declined(state, 0, [["decline"]])  # type: ignore[arg-type]
    assert declined is not None and declined.key == "gaia.phrase.decline_charge"


# ----------------------------------------------------------------------------- the income order


#: the word of "income" (the old wording said it once per step)
INCOME_WORD = {"en": "income", "hu": "bevétel"}


@pytest.mark.parametrize("text", ["taklons income 4pw. income 1t", "itars income 1t. income 2t. income 4pw"])
def test_GP_INC_6_an_income_order_says_take_the_income_once(text: str) -> None:
    """"Kapd meg bevételként: 4 energia, majd kapd meg bevételként: 1 energiajelölő" said the
    verb twice; the order says it once, the amounts in the order taken, in the button and the
    thread alike."""
    from rules.gaia.texts import full_phrase, move_phrase
    state = {"phase": "income", "offer": None, "tech": {}}
    button, thread = move_phrase(state, text), full_phrase(state, text)
    assert button is not None and thread is not None
    assert thread.key == "gaia.phrase.income_order"
    assert button.key in ("gaia.phrase.income_order", "gaia.phrase.brief.income_order")
    for language in LANGUAGES:
        for words in (render(button, language, label=True), render(thread, language)):
            assert words.casefold().count(INCOME_WORD[language]) == 1 and len(words) <= 100, words
    assert render(move_phrase(state, "taklons income 4pw. income 1t"), "hu", label=True) == \
        "Kapd meg bevételként előbb a 4 energiát, majd az 1 energiajelölőt"
    assert render(full_phrase(state, "taklons income 4pw. income 1t"), "hu") == \
        "bevételként előbb a 4 energiát kapja meg, majd az 1 energiajelölőt"
    assert render(move_phrase(state, "taklons income 4pw. income 1t"), "en", label=True) == \
        "Take the income 4 power first, then 1 power token"


def test_GP_INC_6_a_single_income_step_keeps_its_words() -> None:
    from rules.gaia.texts import move_phrase
    phrase = move_phrase({"phase": "income", "offer": None, "tech": {}}, "taklons income 4pw")
    assert phrase is not None and phrase.key == "gaia.phrase.income"
