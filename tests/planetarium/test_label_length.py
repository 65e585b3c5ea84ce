"""Every Planetarium move label fits Discord by design: autocomplete choices and menu options
carry at most 100 characters (buttons 80) and the host clips a longer one, dropping what the
player needs.  Over seeded random playouts of every player count, in both languages, every legal
move's label as the host builds it (its phrase, then what the move does) fits, and no two legal
moves of a seat get the same label.  A play with the gravity option (PL-GRAV-1) and a moved
marker (PL-CARD-5), a final card taking a marker off (PL-FIN-2) and a matter token moved across
three spaces (PL-MOV) say the same facts in fewer words when the full words are too long; what
a move does ("the metal hits planet D and goes to your mat") is kept."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

import rules
from rules.messages import LANGUAGES, Msg, render
from rules.planetarium import texts
from rules.planetarium.data import board, cards
from rules.planetarium.state import MATTER_KINDS, PHASE_CARD, PLANETS

from tests.planetarium.helpers import build
from tests.pulsar.test_label_length import BUTTON_LIMIT, MENU_LIMIT, host_label, playout_positions

GAME = rules.get_game("planetarium")
#: The longest space names on the board (VII-15): the worst case a label must hold.
LONGEST_NODES = sorted(board().orbit, key=len)[-3:]


def positions(players: int, seed: int, every: int) -> Iterator[tuple[int, list[tuple[int, str, dict[str, str]]]]]:
    """(seat, [(limit, move text, {language: label})]) for every waiting seat (and the public
    choices, with the button limit) at every ``every``-th position of a seeded random playout."""
    for _game, state, seats in playout_positions("planetarium", players, seed, every):
        for seat in seats:
            moves = [GAME.format_move(move) for move in GAME.legal_moves(state, seat)]
            yield seat, [(MENU_LIMIT, text, {language: host_label(GAME, state, seat, text, language)
                                             for language in LANGUAGES}) for text in moves]
        choices = GAME.public_choices(state)
        if choices:
            yield choices[0], [(BUTTON_LIMIT, text, {language: host_label(GAME, state, choices[0], text, language)
                                                     for language in LANGUAGES}) for text in choices[1]]


@pytest.mark.parametrize("seed", [0, 40])
def test_PL_GRAV_1_PL_FIN_2_PL_MOV_every_label_fits_and_tells_its_move_apart(seed: int) -> None:
    """2-4 players, both languages: every label within its limit, and one seat's legal moves
    never share a label (a player picks by the label)."""
    over: list[str] = []
    same: list[str] = []
    for players in range(GAME.min_players, GAME.max_players + 1):
        for _seat, offered in positions(players, seed + players, 3):
            over += [f"{len(label)} > {limit}: [{text}] {label}"
                     for limit, text, shown in offered for label in shown.values() if len(label) > limit]
            for language in LANGUAGES:
                seen: dict[str, str] = {}
                for _limit, text, shown in offered:
                    if seen.setdefault(shown[language], text) != text:
                        same.append(f"[{seen[shown[language]]}] and [{text}]: {shown[language]}")
    assert not over, "\n".join(over[:10])
    assert not same, "\n".join(same[:10])


def test_PL_GRAV_1_PL_CARD_5_every_play_phrase_fits_with_the_longest_options() -> None:
    """By design, not by the playouts' luck: every card on every planet, with the gravity option
    on the longest space names and its marker moved from any card, reads within 100 characters in
    both languages, keeping the card's id, the space, the area and the marker card's id."""
    node = LONGEST_NODES[-1]
    for card in cards():
        final = card[0] == "F"
        for planet in PLANETS:
            grav = f" grav={node}>{planet}" if cards()[card].gravity else ""
            for source in [None] + [source for source in cards() if source[0] != "F" and source != card]:
                if final:
                    text = f"final {card} {planet}" + (f" from={source}" if source else "")
                else:
                    text = f"play {card} {planet}{grav} marker=" + (f"from:{source}" if source else "none")
                phrase = texts.phrase(text)
                assert phrase is not None, text
                for language in LANGUAGES:
                    shown = render(phrase, language, label=True)
                    assert len(shown) <= MENU_LIMIT, (text, shown)
                    assert card in shown and (not grav or node in shown), (text, shown)
                    assert source is None or source in shown, (text, shown)


def test_PL_GRAV_1_a_long_gravity_play_keeps_both_card_names_where_they_fit() -> None:
    """Storm Vortex with the gravity option: the full card name stays, the gravity option in
    fewer words (the Hungarian wording was 125 characters)."""
    text = "play L18 D grav=II-7>A"
    for language in LANGUAGES:
        shown = host_label(GAME, GAME.new_game({"players": 2}, 1), 0, text, language)
        assert len(shown) <= MENU_LIMIT, shown
        assert "(L18)" in shown and "II-7" in shown and " A" in shown, shown
    assert render(texts.phrase(text), "hu").startswith("kijátssza a Viharörvény (L18) lapot")
    assert render(texts.phrase(text), "hu", label=True).startswith("Játszd ki a Viharörvény (L18) lapot")


def test_PL_FIN_2_a_final_card_keeps_the_card_its_marker_leaves_by_name() -> None:
    """The card the marker leaves tells one suggestion of a final card from another, so the
    played card goes by its id first."""
    phrase = texts.phrase("final F06 B from=L15")
    assert phrase is not None and phrase.key == "planetarium.phrase.final_from_short"
    for language in LANGUAGES:
        shown = render(phrase, language, label=True)
        assert len(shown) <= MENU_LIMIT and "F06" in shown and "L15" in shown, shown
    assert "az Árapályfűtés (L15) lapról" in render(phrase, "hu")
    assert "Tidal Heating (L15)" in render(phrase, "en")


def test_PL_MOV_a_matter_move_keeps_its_path_and_what_it_hits() -> None:
    """A matter move across three spaces says its path as arrows when the words leave no room
    for what it does; the collision (matter, planet, your mat) is never left out.  Worst case by
    design: the longest space names, every matter kind, every planet."""
    for via in (False, True):
        path = LONGEST_NODES if via else LONGEST_NODES[::2]
        phrase = texts.phrase("mv " + " ".join(path))
        assert phrase is not None
        if via:
            assert phrase.key == "planetarium.phrase.mv_matter_via_short"
        for matter in MATTER_KINDS:
            for planet in PLANETS:
                description = texts.P("describe.matter_collides", matter=texts.P(f"matter.{matter}"), planet=planet)
                for language in LANGUAGES:
                    shown = f"{render(phrase, language, label=True)}: {render(description, language, label=True)}"
                    assert len(shown) <= MENU_LIMIT, shown
                    assert all(node in shown for node in path), shown


def test_PL_GRAV_1_the_plain_play_of_a_gravity_card_always_says_how_to_use_the_icon() -> None:
    """Every gravity card on every planet: the hint (grav=) is fitted after the phrase, never
    left out and never clipped."""
    for card in (card for card in cards() if cards()[card].gravity):
        state = build(phase=PHASE_CARD, hands={0: [card]})
        for planet in PLANETS:
            text = f"play {card} {planet}"
            description = GAME.describe_move(state, 0, text)
            assert description is not None and description.key.startswith("planetarium.describe.can_grav"), text
            for language in LANGUAGES:
                shown = host_label(GAME, state, 0, text, language)
                assert len(shown) <= MENU_LIMIT
                assert render(Msg(f"planetarium.card.{card}"), language) in shown, shown   # its name even where its id gives way
