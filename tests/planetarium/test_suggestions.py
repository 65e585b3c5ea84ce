"""Autocomplete's order (newcomer report D16): a newcomer takes the first line, so the first
lines are moves worth making; the order never changes which moves are legal (PL-BOT-5)."""
from __future__ import annotations

import pytest

from rules.messages import render
from rules.planetarium import moves as mv
from rules.planetarium.data import cards
from rules.planetarium.engine import playable_planets
from rules.planetarium.state import PHASE_CARD, PHASE_MOVE, PHASE_SETUP
from rules.planetarium.suggest import planet_distance

from .helpers import GAME, assert_illegal, build, play, started


def legal_texts(state, seat):
    return sorted(GAME.format_move(move) for move in GAME.iter_legal_moves(state, seat, expand_gravity=False))


def test_PL_MOV_9_first_suggestion_collects_the_matter_a_card_in_hand_needs():
    # L03 costs R1 M1; the mat area of A holds M1: the rock next to planet A completes it
    state = build(matter={"II-1": "R", "V-4": "W", "I-1": "G", "VII-3": "G"}, hands={0: ["L03", "H05", "F01"]},
                  mats={0: {"A": "M1"}})
    assert state.phase == PHASE_MOVE and state.active == 0
    assert "A" not in playable_planets(state, 0, "L03")
    first = GAME.complete(state, 0, "")[0]
    assert "A" in playable_planets(play(state, first), 0, "L03"), first


def test_PL_MOV_2_a_matter_move_nearer_a_planet_comes_before_one_round_orbit_I():
    # the report's token: from I-4 round orbit I (to I-1) or onto II-1, next to planet A (II-2)
    state = build(matter={"I-4": "G"}, hands={0: ["L02", "H05", "F01"]})
    assert [GAME.format_move(move) for move in GAME.legal_moves(state, 0)][:2] == ["mv I-4 I-1", "mv I-4 II-1"]
    assert GAME.complete(state, 0, "mv I-4") == ["mv I-4 II-1", "mv I-4 I-1"]
    assert planet_distance(state)["II-1"] < planet_distance(state)["I-1"]


def test_PL_BOT_5_the_order_keeps_every_legal_move_and_no_other():
    for seed in (1, 2, 3):
        state = started(2, seed=seed)
        for _ in range(12):                    # a few turns of first suggestions, every phase met
            seat = min(GAME.waiting_for(state))
            shown = GAME.complete(state, seat, "", limit=10_000)
            assert sorted(shown) == legal_texts(state, seat)
            state = play(state, shown[0], seat)


def test_PL_CARD_3_the_card_worth_more_is_offered_first_and_pass_stays_offered():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G2 R2 W2 M1"}}, hands={0: ["L02", "L03", "H05", "F01"]})
    shown = GAME.complete(state, 0, "")
    plays = [text for text in shown if text.startswith("play")]
    points = [cards()[text.split()[1]].points for text in plays]
    assert points == sorted(points, reverse=True) and points
    assert "pass" in shown


def test_PL_SETUP_6_the_setup_offers_to_discard_the_weaker_final_first():
    state = GAME.new_game({"players": 2}, 4)
    assert state.phase == PHASE_SETUP
    finals = [card for card in state.players[0].hand if card[0] == "F"]
    weaker = min(finals, key=lambda card: cards()[card].points)
    if cards()[finals[0]].points != cards()[finals[1]].points:
        assert GAME.complete(state, 0, "")[0] == f"discard {weaker}"
    assert GAME.parse_move(state, 0, GAME.complete(state, 0, "")[0]).kind == mv.DISCARD_FINAL


def test_hidden_information_the_order_reads_only_the_movers_own_hand():
    state = build(matter={"II-1": "R", "V-4": "W", "I-1": "G"}, hands={0: ["L03", "H05", "F01"], 1: ["L09", "H02", "F03"]},
                  mats={0: {"A": "M1"}})
    other = build(matter={"II-1": "R", "V-4": "W", "I-1": "G"}, hands={0: ["L03", "H05", "F01"], 1: ["L01", "H07", "F05"]},
                  mats={0: {"A": "M1"}})
    assert GAME.complete(state, 0, "") == GAME.complete(other, 0, "")


def test_D16_newcomers_who_always_take_the_first_line_play_cards_and_finish_the_game():
    """The report's newcomers circled matter round orbit I for ten turns and never played a card."""
    state = GAME.new_game({"players": 2}, 1)
    plays = 0
    for _ply in range(300):
        if GAME.is_over(state):
            break
        seat = min(GAME.waiting_for(state))
        text = GAME.complete(state, seat, "")[0]
        plays += text.startswith(("play", "final"))
        state = play(state, text, seat)
    assert GAME.is_over(state)
    assert plays >= 8


# ----- a near miss of a verb: "did you mean" (newcomer report, under D16) -----------------------------------
@pytest.mark.parametrize("typed, meant", [
    ("pas", "pass"), ("paszol", "pass"), ("plya L01 A", "play L01 A"), ("drwa I", "draw I"),
    ("mov II-1 II-2", "mv II-1 II-2"), ("keszz", "done"),
])
def test_PL_NOTATION_a_verb_near_a_known_one_is_refused_with_did_you_mean(typed, meant):
    state = started(2)
    error = assert_illegal(state, typed, rule="PL-NOTATION", key="planetarium.err.did_you_mean")
    assert error.msg.params["word"] == typed.split()[0]
    assert render(error.msg.params["suggestion"], "en") == meant
    assert "forms" not in error.msg.params          # not the whole notation list


def test_PL_NOTATION_did_you_mean_speaks_the_readers_words():
    error = assert_illegal(started(2), "pas", key="planetarium.err.did_you_mean")
    assert render(error.msg, "hu").endswith("„passzol”?")
    error = assert_illegal(started(2), "drwa I", key="planetarium.err.did_you_mean")
    assert "„húz kezdeti”" in render(error.msg, "hu")


@pytest.mark.parametrize("typed", ["xyz", "F03", "A", "jump II-1"])
def test_PL_NOTATION_a_word_near_no_verb_still_gets_the_forms(typed):
    error = assert_illegal(started(2), typed, rule="PL-NOTATION", key="planetarium.err.unreadable")
    assert error.msg.params["detail"].key == "planetarium.parse.unknown_verb"


def test_PL_TURN_1_a_missed_move_step_makes_the_move_offered_first_not_a_circle_round_orbit_I():
    state = build(matter={"II-1": "R", "V-4": "W", "I-1": "G", "VII-3": "G"}, hands={0: ["L03", "H05", "F01"]},
                  mats={0: {"A": "M1"}})
    default = GAME.default_move(state, 0)
    assert default is not None and GAME.format_move(default) == GAME.complete(state, 0, "")[0]
