"""Gaia Project's menus as a newcomer met them (docs/newcomer-report-2026-11-27e.md, L-1, L-3):
nothing decided blind.

- L-3: a label that takes a tech tile (a lab's, an academy's, ``qic1``'s, the Itars') says what
  the tile does, in brief ("income 4 credits", else in the image's abbreviations "income 4 c"):
  the tile's gist outlasts its position's words and every other saving (GP-TECH-1, GP-TECH-4).
"""
from __future__ import annotations

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
