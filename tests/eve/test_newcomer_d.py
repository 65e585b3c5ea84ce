"""Newcomer report 2026-11-27d (a Hungarian evening with EVE: Conquests against the computer)."""
from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.eve import GAME
from rules.eve.moves import format_move
from rules.messages import render

from .helpers import CALDARI, GALLENTE, in_round, new, play
from .test_rules import _battle, faces


def _hand(state, seat, cards):   # type: ignore[no-untyped-def]
    for card in cards:
        for deck in state.decks.values():
            if card in deck.pile:
                deck.pile.remove(card)
        state.hands.cards[seat].append(card)


def _refusal(text: str, players: int = 2) -> IllegalMove:
    state = new(players)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, text)
    return caught.value


def test_EVE_CARD_DEV_E_the_suggestions_look_into_three_squares() -> None:
    """D-E1 (DEV-E, Intelligence Dossier): the card lets a player look into up to three squares,
    but every suggestion named one square ("kijátszik F17 VIO-A"), so a newcomer taking one saw a
    third of what the card gives. The suggestions name three squares with a card to see."""
    state = in_round(new(4), CALDARI, "P")
    _hand(state, CALDARI, ["DV15"])
    plays = [move for move in GAME.legal_moves(state, CALDARI) if move.kind == "play" and move.arg == "DV15"]
    assert plays and all(len(move.params) == 3 for move in plays)
    assert len({move.params for move in plays}) == len(plays)
    for move in plays[:5]:                 # each one is accepted as it is written
        GAME.apply(state, GAME.parse_move(state, CALDARI, format_move(move)))


def test_EVE_CARD_4_a_card_played_wrongly_is_shown_with_its_own_code_and_example() -> None:
    """D-E2 (EVE-CARD-4): `kijátszik F22 extra` said "Ezt a kártyát így kell kijátszani (DV22):
    kijátszik H12": the English id and another card's example. The refusal names the card as the
    reader writes it, with its name, and plays this very card."""
    error = _refusal("kijátszik F22 extra")
    assert error.msg.key == "eve.err.play_arguments" and error.rule == "EVE-CARD-4"
    hungarian = render(error.msg, "hu")
    assert "DV22" not in hungarian and "H12" not in hungarian
    assert "F22 (Távoli megszerzés)" in hungarian and hungarian.endswith("`kijátszik F22`.")
    assert render(error.msg, "en").endswith("`play DV22`.")


@pytest.mark.parametrize(("typed", "word"), [("mozgat R06 > R11:", "R11:"), ("taktika T3x", "T3x")])
def test_a_missing_number_names_the_word_it_is_missing_from(typed: str, word: str) -> None:
    """D-E3 (eve.err.missing_number): `mozgat R06 > R11:` was answered "„” itt nem szám."; the
    reply names the word the number is missing from and shows it with one."""
    error = _refusal(typed)
    assert error.msg.key == "eve.err.missing_number"
    assert error.msg.params["word"] == word and error.msg.params["example"] == word + "1"


def test_EVE_POL_1_a_second_reveal_word_that_is_no_square_is_named_as_such() -> None:
    """D-E4 (EVE-POL-1, EVE-POL-4): `felfed VIO-B extra` was told to reveal "előbb „felfed VIO-B”,
    aztán „felfed extra”"; a word that is no square is refused as no square."""
    error = _refusal("felfed VIO-B extra")
    assert error.msg.key == "eve.err.no_square" and error.rule == "EVE-POL-1"
    assert _refusal("felfed VIO-B CIÁ-A").msg.key == "eve.err.reveal_one"


def test_EVE_CMB_1_a_combat_card_is_told_with_what_it_does() -> None:
    """D-E5 (EVE-CMB-1): "Harci kártyák – Amarr: T32 (Roncsmentők)." and nothing of what the card
    does, while the other side decides its dice on it; each card played now has its text beside it
    (as a card played in a round had)."""
    state = _battle(faces(1) + faces(0))
    _hand(state, GALLENTE, ["PR01", "PR05"])
    state = play(state, GALLENTE, "attack R48 > R59")
    after = play(state, GALLENTE, "cards PR01 PR05")
    texts = [event for event in GAME.events(state, None, after) if event.key == "eve.event.card_text"]
    assert [event.params["text"].key for event in texts] == ["eve.card_text.PRD-A", "eve.card_text.PRD-B"]
    assert "Erőd +2" in render(texts[0], "hu") and render(texts[0], "hu").startswith("T01 (")


def test_EVE_CMB_4_the_first_dice_suggestion_rolls_the_whole_strength() -> None:
    """D-E6 (EVE-CMB-4): the dice choices began with "kocka 0 sérülés, 0 pajzs, 0 taktika" (legal,
    but a newcomer who took the first suggestion rolled nothing and lost the region). The first
    choice now takes the whole strength (at most 5 a colour); no dice at all comes last."""
    state = play(_battle(faces(1) + faces(0)), GALLENTE, "attack R48 > R59")
    for seat in GAME.waiting_for(state):
        dice = [move.counts for move in GAME.legal_moves(state, seat) if move.kind == "dice"]
        strength = state.combat.strength[seat]
        assert sum(dice[0]) == min(strength, 15) and dice[-1] == (0, 0, 0)
        assert [sum(counts) for counts in dice] == sorted((sum(counts) for counts in dice), reverse=True)


def test_EVE_CMB_5_a_wrong_dice_word_is_quoted_as_typed() -> None:
    """D-E8 (EVE-CMB-5): `kocka 0 sérülés, 0 pajzs, 0 taktik` was answered "„0taktik”: ezen a
    helyen ..." (a word never typed: the number glued to the cut word); the reply quotes "0 taktik",
    and the Hungarian forms with and without the space are still read."""
    state = play(_battle(faces(1) + faces(0)), GALLENTE, "attack R48 > R59")
    seat = min(GAME.waiting_for(state))
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, seat, "kocka 0 sérülés, 0 pajzs, 0 taktik")
    assert caught.value.msg.key == "eve.err.dice_words" and caught.value.msg.params["value"] == "0 taktik"
    for text in ("kocka 1 sérülés, 0 pajzs, 0 taktika", "kocka 1sérülés 0pajzs 0taktika", "dice 1d 0s 0t"):
        assert GAME.parse_move(state, seat, text).counts == (1, 0, 0)


def test_EVE_CARD_3_a_discard_label_keeps_the_cards_name_and_what_it_does() -> None:
    """D-E9 (EVE-CARD-3, EVE-RND-2): a lone discard read "egy plusz akcióért eldobja ezt a kártyát:
    F08 (Beépített ügynök)" without what the card does (the English gist did not fit beside it),
    while other discards said it. Every card's discard, alone, keeps the card's name and its gist."""
    from rules.eve import describe, labels
    from rules.eve.data import tables

    state = in_round(new(2), CALDARI, "D")
    for card in tables().cards:
        wording = labels.fit(state, CALDARI, (f"discard {card}",), describe.description_candidates)
        assert wording.level < labels.CARD_CODES and wording.description is not None, card


def test_EVE_CMB_4_the_computer_weighs_only_selections_that_roll_every_die_it_may() -> None:
    """D-C1 (EVE-CMB-4/8, §18.6): a die's faces are 0-2 and every total only helps its side, so
    the computer weighs only the dice selections of the most dice the seat may roll (min of
    its strength and 15, at most 5 a colour); the player and the random player keep them all.
    With the ~50 selections equal one move ahead, the search drew one at random and attacks
    rolled nothing."""
    from rules.players import ComputerPlayer

    state = play(_battle(faces(1) + faces(0)), GALLENTE, "attack R48 > R59")
    for seat in sorted(GAME.waiting_for(state)):
        strength = state.combat.strength[seat]
        legal = [move for move in GAME.legal_moves(state, seat) if move.kind == "dice"]
        weighed = [move for move in GAME.search_moves(state, seat) if move.kind == "dice"]
        assert len(weighed) < len(legal) and (0, 0, 0) in [move.counts for move in legal]
        assert {sum(move.counts) for move in weighed} == {min(strength, 15)}
        for seed in range(3):
            chosen = ComputerPlayer(seed=seed, iterations=10).choose(GAME, GAME.view(state, seat), seat)
            assert chosen.kind == "dice" and sum(chosen.counts) == min(strength, 15)
