"""Every EVE: Conquests move label fits Discord by design: autocomplete choices and menu options
carry at most 100 characters (buttons 80) and the host clips a longer one.  Over seeded random
playouts of every player count, in both languages, every legal move's label (its phrase, then
what it does) fits, and no two different legal moves read alike.  A long phrase says the same
facts in fewer words (regions by code, brief wordings, design cards by code: ``reading.LEVELS``)
to leave room for its description; a description too long even so is shortened (the outpost
hint N15, the dice kept) or left out (a card's gist: the hand says it), never clipped."""
from __future__ import annotations

import re

import pytest

import rules
from rules.messages import LANGUAGES, render

from tests.pulsar.test_label_length import MENU_LIMIT, host_label, labels, labels_over, playout_positions


@pytest.mark.parametrize("seed", [0, 40])
def test_every_eve_label_fits_in_both_languages(seed: int) -> None:
    over = labels_over("eve", seed, 3)
    assert not over, "\n".join(over[:10])


def test_a_label_has_one_colon_at_most() -> None:
    """A label has its head's colon ("Helyezz le egységet: R12 Verge Vendor") or the host's before
    what the move does ("Draw a logistics card: costs 1 action"), never a second: no card gist
    with its own ("battle: +2 tactics", "lapka: …"), no field list in a move's words ("innen:
    R30; 1 egység ide: R01", "3 tartalék: R34", "earliest outpost: R05", "losses: you 1"), no die
    with its number before a colon ("1. kocka: sérülés 1"); a colon between digits would be a
    number's notation.  Over seeded playouts of every player count, in both languages."""
    game = rules.get_game("eve")
    shown = [(text, label) for players in range(game.min_players, game.max_players + 1)
             for _, text, label in labels("eve", players, 20 + players, 3)]
    piled = [f"[{text}] {label}" for text, label in shown if len(re.findall(r"(?<!\d):|:(?!\d)", label)) > 1]
    assert not piled, "\n".join(piled[:10])
    assert len(shown) > 1000 and sum(":" in label for _, label in shown) > 500


def test_no_two_legal_moves_read_alike() -> None:
    """Each position's legal moves keep distinct labels in every language (seeded playouts)."""
    for players in (2, 3, 4):
        for number, (game, state, seats) in enumerate(playout_positions("eve", players, players, 4)):
            if number >= 100:                                        # the first 400 moves
                break
            for seat in seats:
                texts = sorted({game.format_move(move) for move in game.legal_moves(state, seat)})
                for language in LANGUAGES:
                    shown = [host_label(game, state, seat, text, language) for text in texts]
                    assert len(set(shown)) == len(shown), [s for s in shown if shown.count(s) > 1][:4]


def test_EVE_LOG_4_a_card_move_keeps_the_card_name_regions_and_count() -> None:
    """Strategic Redeployment moving three units (the newcomer's 163-character Hungarian label):
    the card with its name, the source, the target and the count stay; the card's gist, too
    long beside them, is left to the hand's line (a card is chosen by its name)."""
    game = rules.get_game("eve")
    state = game.new_game({"players": 2}, 0)
    text = "play LG20 R34 > R10:3"
    phrase = game.move_phrase(state, 0, text)
    assert phrase is not None and phrase.params["card"].key == "eve.card_named"
    for language in LANGUAGES:
        shown = host_label(game, state, 0, text, language)
        assert len(shown) <= MENU_LIMIT, shown
        assert "20" in shown and "R34" in shown and "R10" in shown and "3" in shown, shown
        assert render(phrase.params["card"], language) in shown


def test_a_short_move_keeps_region_names() -> None:
    """The brief wordings are only for long labels: an expansion still names its region."""
    game = rules.get_game("eve")
    state = game.new_game({"players": 2}, 0)
    phrase = game.move_phrase(state, 0, "expand R34")
    assert phrase is not None and "The Bleak Lands" in render(phrase, "en")


def test_EVE_CMB_tac_spends_reserves_negation_and_cut_in_fewer_words() -> None:
    """A tactic spending a reserve unit, a negated damage and a shield cut: every part stays."""
    game = rules.get_game("eve")
    state = game.new_game({"players": 2}, 0)
    phrase = game.move_phrase(state, 0, "tac T1:R36 T2x1 T3x1")
    assert phrase is not None
    for language in LANGUAGES:
        shown = render(phrase, language, label=True)
        assert len(shown) <= MENU_LIMIT and "R36" in shown and "1" in shown, shown
    assert phrase.params["spent"].items[-1].key == "eve.phrase.tac_cut_brief"


def test_EVE_CMB_7_every_spending_of_five_tactic_actions_fits_with_the_rulebooks_verb() -> None:
    """"Használd fel a taktikai akciókat" (the rulebook: "a taktikai akciót felhasználva") took 9
    characters more than "Költs …", and three reserve units with a negated damage and a shield
    cut already reached 109: every spending of up to five actions (reserves from the regions with
    the longest names, the same region twice) fits, every region and count kept."""
    game = rules.get_game("eve")
    state = game.new_game({"players": 2}, 0)
    regions = ("R49", "R36", "R34", "R11", "R53")
    checked = 0
    for reserves in range(6):
        for negated in range(6 - reserves):
            for cut in range(6 - reserves - negated):
                for sources in {regions[:reserves], ("R49",) * reserves}:
                    steps = [f"T1:{code}" for code in sources] + [f"T{kind}x{count}" for kind, count
                                                                  in ((2, negated), (3, cut)) if count]
                    if not steps:
                        continue
                    text = "tac " + " ".join(steps)
                    phrase = game.move_phrase(state, 0, text)
                    assert phrase is not None and phrase.key == "eve.phrase.tac"
                    checked += 1
                    for language in LANGUAGES:
                        shown = host_label(game, state, 0, text, language)
                        assert len(shown) <= MENU_LIMIT, shown
                        assert all(code in shown for code in sources), shown
                        assert all(str(count) in shown for count in (reserves, negated, cut) if count), shown
    assert checked > 50
    assert render(game.move_phrase(state, 0, "tac T2x1"), "hu", label=True).startswith("Használd fel a taktikai")
