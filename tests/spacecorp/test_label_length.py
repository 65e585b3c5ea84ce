"""Every Space Corp move label fits Discord by design: autocomplete choices and menu options
carry at most 100 characters (buttons 80) and the host clips a longer one.  Over seeded random
playouts of every player count, in both languages, every legal move's label (its phrase, then
the §9.4 preview) fits: a long action names its cards by code, its sources in brief words and a
move's legs without their origins (PHRASE_BUDGET); the preview drops the count of cards played,
then the rewarded opponents, and a Special's or Edge's effect (the hand says them) before it
would overflow."""
from __future__ import annotations

import re

import pytest

import rules
from rules.messages import LANGUAGES, Msg, render

from tests.pulsar.test_label_length import MENU_LIMIT, host_label, labels_over


@pytest.mark.parametrize("eras", ["1-2", "2-3"])
def test_every_spacecorp_label_fits_in_both_languages(eras: str) -> None:
    """Every era: Mariners, then Planeteers (Shielded cards, profit added), then Starfarers (star
    systems with several tile bases in one Build, colonies with their Colony Points)."""
    over = labels_over("spacecorp", 0, 3, [{"eras": eras}])
    assert not over, "\n".join(over[:10])


def test_MOVE_a_long_move_keeps_team_destination_cards_and_time_card() -> None:
    """A move with a card, Infra and a Time card doubling it (the newcomer's 165-character
    label): the team, the destination, the card code and the Time card stay."""
    game = rules.get_game("spacecorp")
    state = game.new_game({"players": 2}, 0)
    text = "move B1 sisyphus>em_l2 cards=M07#1/m infra=self time=T2:double"
    for language in LANGUAGES:
        phrase = game.move_phrase(state, 0, text)
        assert phrase is not None
        shown = render(phrase, language, label=True)
        assert len(shown) <= MENU_LIMIT, shown
        assert "07#1" in shown and "L2" in shown and "2" in shown, shown
        assert len(host_label(game, state, 0, text, language)) <= MENU_LIMIT


def test_a_preview_that_does_not_fit_is_left_out_not_clipped() -> None:
    """The Special card Near Space Probe on Halley's Comet: the phrase names the card and the
    target; its effect would overflow in both languages, so the label is the phrase alone."""
    game = rules.get_game("spacecorp")
    state = game.new_game({"players": 2}, 0)
    text = "special M21#2 target=halley"
    assert game.describe_move(state, 0, text) is None
    for language in LANGUAGES:
        assert len(host_label(game, state, 0, text, language)) <= MENU_LIMIT


@pytest.mark.parametrize("eras", ["1-2", "2-3"])
def test_SC_9_4_a_label_has_one_colon_at_most(eras: str) -> None:
    """Newcomer 27h: "Mozgass csapatot: Sárga 1 → Sisyphus (Ű01#1, saját Infra, Idő1: dupla):
    távolság: 6" had four colons; then "Játszd ki a Speciális kártyát: Ű21#2 (Közeliűr-szonda),
    cél: Deimos" and "Take the card in Offer box 1: M07#1 (Solar Sail) – Move 2 · Edge: Race" two.
    A label has its head's colon or the host's before the preview, not both: a Special's target
    after an arrow ("→ Deimos"), an Edge by its name ("Edge Race"), no field list with a colon
    (a colon between digits would be a number's notation)."""
    from tests.pulsar.test_label_length import labels

    game = rules.get_game("spacecorp")
    shown = [(text, label) for players in range(game.min_players, game.max_players + 1)
             for _, text, label in labels("spacecorp", players, players, 3, {"eras": eras})]
    piled = [f"[{text}] {label}" for text, label in shown if len(re.findall(r"(?<!\d):|:(?!\d)", label)) > 1]
    assert not piled, "\n".join(piled[:10])
    assert len(shown) > 1000 and sum(":" in label for _, label in shown) > 500


def test_SC_9_4_SC_VAL_11_the_preview_says_a_distance_and_a_cost_in_their_units() -> None:
    """The distance in movement points, a cost in the action's value (SC-VAL-11: V meets the
    distance, the explore or build cost); a Time card's use among the sources without a colon."""
    game = rules.get_game("spacecorp")
    state = game.new_game({"players": 2, "eras": "1-2"}, 2)
    text = "move B1 earth>moon cards=M01#1/m infra=self time=T1:double"
    preview = game.describe_move(state, 0, text)
    assert preview is not None and preview.key == "spacecorp.preview.move"
    assert render(preview, "hu") == "4 mozgáspont" and render(preview, "en") == "distance 4"
    label = host_label(game, state, 0, text, "hu")
    # the legs without their origin: the decision's wording, which its moves to Sisyphus need (newcomer 28 S1)
    # the sources after a dash, not in brackets (newcomer 28b N-17), so the preview takes the brackets
    assert label == "Mozgass csapatot: Kék 1 → Hold – Ű01#1, saját Infra, Idő1 dupla (4 mozgáspont)", label
    assert render(Msg("spacecorp.preview.explore", cost=2), "hu") == "2 értékbe kerül"
    assert render(Msg("spacecorp.preview.build", cost=3), "en") == "needs value 3"
