"""Newcomer N-2 (report 2026-11-27e): the codes a Hungarian reader sees in ``/<game> info`` are
Hungarian.  A component without a printed code (a seal, a die, a matter token, a track) is listed
by its id, and an id that is a word is an English word (``seal-D``, ``die-dmg``, ``gas``): such a
component shows a Hungarian code (``Component.code``), and ``/info`` finds it by that code typed
with accents or without.  Checked for every registered game."""
from __future__ import annotations

import re

import pytest

import rules
from bot import lookup
from rules.messages import fold_word, render

#: ids that are words and stay the code a Hungarian reader sees, though the component's Hungarian
#: name does not use them as a word: each is the Hungarian notation's own short code as well
#: (rules/gaia/texts.py ``HU_SHORT``, printed on the Hungarian pictures' tech tile positions).
SAME_IN_HUNGARIAN = {
    ("gaia", "terra"): "the start of 'terraformálás'; the Hungarian short code of that track (`kutat terra`)",
    ("gaia", "nav"): "the start of 'navigáció'; the Hungarian short code of that track (`kutat nav`)",
    ("gaia", "gaia"): "the first word of 'Gaia projekt'; the Hungarian short code of that track (`kutat gaia`)",
}

#: a code made of letters, dashes and underscores only is a word (``seal-D``, ``tau_ceti``); one
#: with a digit is a card's or a space's printed code (``F13``, ``Cs32``, ``1A5``)
WORD = re.compile(r"[^\W\d]+(?:[-_][^\W\d]+)*")


def _words_of(name: str) -> set[str]:
    """The Hungarian name of a component as the words a code may take from it: the whole name
    as one word (``Tau Ceti`` -> ``tau_ceti``, ``tau-ceti``) and each of its words (``VIO-A
    négyzet`` -> ``vio-a``)."""
    folded = " ".join(fold_word(re.sub(r"[()'’.,]", " ", name)).split())
    return {folded.replace(" ", "_"), folded.replace(" ", "-"), *folded.split()}


@pytest.mark.parametrize("name", rules.available_games())
def test_a_hungarian_reader_sees_hungarian_codes_in_info_and_info_finds_them(name):
    game = rules.get_game(name)
    english = []
    for comp in game.components():
        shown = render(comp.shown_code(), "hu")
        if WORD.fullmatch(shown) and fold_word(shown) == fold_word(comp.id):
            # the id is a word shown to a Hungarian as it is: a word the Hungarian catalogue
            # uses for it (its name: "Amarr", "Sisyphus", "AI technológiatábla-oldal"), or listed
            if fold_word(shown) not in _words_of(render(comp.name, "hu")) and (name, comp.id) not in SAME_IN_HUNGARIAN:
                english.append(f"{comp.id} ({render(comp.name, 'hu')})")
        if comp.code is not None:
            for typed in (shown, fold_word(shown)):
                found = lookup.find(name, typed)
                assert found is not None and found.id == comp.id, (comp.id, typed, found and found.id)
    assert not english, f"{name}: English codes in the Hungarian /info list: {english}"
    for (game_name, ident), why in SAME_IN_HUNGARIAN.items():
        if game_name == name:
            assert why and game.component(ident) is not None, ident
