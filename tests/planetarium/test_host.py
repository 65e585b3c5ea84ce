"""Notation (spec §14), bad input, views (PL-BOT-1/3), persistence and the host helpers."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.kit import HIDDEN
from rules import IllegalMove
from rules.messages import message_keys
from rules.planetarium.state import PHASE_CARD, PHASE_KEEP_FINAL, PHASE_SETUP

from .helpers import GAME, Move, assert_illegal, build, dumped, mv, play, started, texts


def test_notation_is_tolerant_of_case_and_spaces():
    state = started(2)
    seat = state.active
    assert GAME.parse_move(state, seat, "  MV   ii-1  II-2 ") == Move(seat, mv.MOVE, path=("II-1", "II-2"))
    assert GAME.parse_move(state, seat, "mv a ii-3") == Move(seat, mv.MOVE, path=("A", "II-3"))
    assert GAME.parse_move(state, seat, "mv II-2 II-3") == Move(seat, mv.MOVE, path=("A", "II-3"))  # planet's node
    assert GAME.parse_move(state, seat, "Play h1 b  grav = iv-7 > c") == Move(
        seat, mv.PLAY, card="H01", planet="B", gravity=("IV-7", "C"))
    assert GAME.parse_move(state, seat, "play L06 a marker = from : l03").marker_from == "L03"
    assert GAME.parse_move(state, seat, "DRAW f").deck == "F"
    assert GAME.parse_move(state, seat, "draw major").deck == "M"


@pytest.mark.parametrize("text, why, forms", [
    ("", "empty", "forms"), ("jump II-1", "unknown_verb", "forms"), ("mv II-1", "mv_takes", "form.mv"),
    ("mv Q-1 II-2", "not_node_or_planet", "form.mv"), ("mv X-1 II-2", "no_such_orbit", "form.mv"),
    ("mv A II-9", "no_such_node", "form.mv"),
    ("play H99 A", "not_card", "form.play"), ("play H01", "planet_missing", "form.play"),
    ("play H01 E", "not_planet", "form.play"), ("play H01 A grav=IV-7", "grav_form", "form.play"),
    ("play H01 A colour=red", "unknown_option", "form.play"), ("draw X", "not_deck", "form.draw"),
    ("final F01 A to=H01", "final_form", "form.final"), ("pass now", "nothing_after", "form.pass"),
    ("eldob", "one_final", "form.discard"),
])
def test_PL_NOTATION_unreadable_text_says_why_and_which_forms_are_allowed(text, why, forms):
    """The allowed forms are the typed verb's (docs/newcomer-report-2026-11-27c.md C-P1: every
    refusal appended the whole notation), every form when the verb is unknown."""
    state = started(2)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, state.active, text)
    assert (caught.value.msg.key, caught.value.rule) == ("planetarium.err.unreadable", "PL-NOTATION")
    held = set(message_keys(caught.value.msg))
    assert {f"planetarium.parse.{why}", f"planetarium.notation.{forms}"} <= held
    if forms in ("forms", "form.mv"):
        assert "mv <from> <to>" in caught.value.message          # the forms, in notation
    if forms != "forms":
        assert "planetarium.notation.forms" not in held


def test_bad_input_wrong_seat_wrong_phase_leaves_state_unchanged():
    state = started(2)
    other = 1 - state.active
    assert_illegal(state, "mv II-1 II-2", seat=other, rule="PL-TURN-2", key="planetarium.err.not_your_turn", reasons=("planetarium.colour.blue", "planetarium.colour.red"))
    assert_illegal(state, "pass", rule="PL-TURN-1", key="planetarium.err.move_first", reasons=("planetarium.hint.move",))
    assert_illegal(state, "draw M", rule="PL-TURN-1", key="planetarium.err.move_first", reasons=("planetarium.hint.move",))
    card_state = build(phase=PHASE_CARD)
    assert_illegal(card_state, "mv II-1 II-2", rule="PL-TURN-1", key="planetarium.err.not_in_step", reasons=("planetarium.hint.card", "planetarium.step.card"))
    assert_illegal(card_state, "keep F01", rule="PL-TURN-1", key="planetarium.err.keep_when", reasons=("planetarium.hint.card",))
    assert_illegal(card_state, "final F01 A", rule="PL-CARD-1", key="planetarium.err.final_not_last", reasons=("planetarium.hint.card",))


def test_format_and_parse_round_trip_for_every_legal_move_of_random_games():
    rng = random.Random(4)
    for seed in range(6):
        state = GAME.new_game({"players": 2 + seed % 3}, seed)
        for _ in range(120):
            if GAME.is_over(state):
                break
            seat = min(GAME.waiting_for(state))
            legal = GAME.legal_moves(state, seat)
            for move in legal:
                assert GAME.parse_move(state, seat, GAME.format_move(move)) == move
            state = GAME.apply(state, rng.choice(legal))


def test_PL_BOT_1_views_hide_hands_deck_order_secret_choices_and_the_seed():
    state = build(players=3, phase=PHASE_CARD, mats={0: {"A": "G1 R1"}},
                  hands={0: ["L01", "L02", "H02", "F01", "F02"]})
    state = play(play(state, "play L01 A"), "draw F")
    assert state.phase == PHASE_KEEP_FINAL
    before = dumped(state)
    for seat in (None, 1, 2):
        view = GAME.view(state, seat)
        red = view.players[0]
        assert red.hand == [HIDDEN] * 4 and not red.hand_known and red.drawn_finals == [HIDDEN] * 2
        assert (red.hand_count, red.final_count) == (4, 2)
        assert all(view.decks[deck] == [HIDDEN] * len(pile) for deck, pile in state.decks.items())
        assert view.rng is None
        assert view.deck_sizes == {deck: len(pile) for deck, pile in state.decks.items()}
        assert view.discards == state.discards and view.nodes == state.nodes
        assert view.players[0].mat == state.players[0].mat
        for other in view.players:
            if other.seat != seat:
                assert set(other.hand) <= {HIDDEN} and len(other.hand) == other.hand_count
    own = GAME.view(state, 0)
    assert own.players[0].hand == state.players[0].hand and own.players[0].drawn_finals
    assert own.players[1].hand == [HIDDEN] * len(state.players[1].hand)
    assert dumped(state) == before                                      # views never alter the state


def test_views_are_accepted_by_the_host_helpers_and_dump():
    state = play(started(3), "mv II-1 II-2")
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert GAME.status_lines(view)
        assert json.dumps(GAME.dump_state(view))
        assert GAME.dump_state(GAME.load_state(GAME.dump_state(view))) == GAME.dump_state(view)
        assert GAME.dump_state(GAME.view(view, seat)) == GAME.dump_state(view)
        if seat is not None:
            assert str(GAME.private_lines(view, seat)[0]).startswith("Your hand (5 cards)")


def test_status_lines_are_public_and_never_name_hand_cards():
    state = play(started(4, seed=8), "mv II-1 II-2")
    lines = GAME.status_lines(GAME.view(state, None))
    text = "\n".join(map(str, lines))
    assert "Turn 1" in text and "Evolution track: 0/30" in text
    for player in state.players:
        assert f"{player.colour}: 0 points, 5 cards in hand (1 final)" in text
        for card in player.hand:
            assert card not in text


def test_private_lines_show_requirements_and_where_a_card_can_be_played():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    lines = "\n".join(map(str, GAME.private_lines(GAME.view(state, 0), 0)))
    assert "L01 Accretion (initial, 4 points, +4 uninhabitable; needs any planet, orbit I-VII, 1 gas and 1 rock) — playable now on A" in lines
    assert "L09 Polar Ice Cap" in lines and "not playable now" in lines
    assert "H05 Great Storm" in lines and "replaceable" in lines
    assert "F04 Desert World" in lines and "last round only" in lines
    assert [str(line) for line in GAME.private_lines(GAME.view(state, 1), 0)] == [
        "Your hand is not visible in this view."]


def test_PL_BOT_3_only_the_active_player_decides_outside_the_setup():
    setup = GAME.new_game({"players": 3}, 2)
    assert setup.phase == PHASE_SETUP and all(GAME.legal_moves(setup, seat) for seat in range(3))
    state = started(3)
    for seat in range(3):
        assert GAME.waiting_for(state) == {state.active}
        assert bool(GAME.legal_moves(state, seat)) == (seat == state.active)


def test_reveals_information_for_draws_plays_and_setup_but_not_for_movement():
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    moved = started(2)
    after_move = play(moved, "mv II-1 II-2")
    assert not GAME.reveals_information(moved, None, after_move)
    played = play(state, "play L01 A")
    assert GAME.reveals_information(state, None, played)                 # a hand card became public
    drawn = play(played, "draw I")
    assert GAME.reveals_information(played, None, drawn)
    passed = play(build(phase=PHASE_CARD), "pass")
    assert not GAME.reveals_information(build(phase=PHASE_CARD), None, passed)
    setup = GAME.new_game({"players": 2}, 3)
    chosen = play(setup, f"discard {[c for c in setup.players[0].hand if c[0] == 'F'][0]}", seat=0)
    assert not GAME.reveals_information(setup, None, chosen)             # nothing public yet
    last = play(chosen, f"discard {[c for c in chosen.players[1].hand if c[0] == 'F'][0]}", seat=1)
    assert GAME.reveals_information(chosen, None, last)                  # the discards are revealed


def test_dump_load_is_lossless_json():
    state = play(play(started(4, seed=3), "mv II-1 II-2"), "pass")
    data = GAME.dump_state(state)
    again = GAME.load_state(json.loads(json.dumps(data)))
    assert GAME.dump_state(again) == data
    assert again.rng == state.rng and again == state


def test_PL_BOT_5_autocomplete_offers_playable_cards_with_target_planets_and_options_on_request():
    state = build(phase=PHASE_CARD, hands={0: ["L06", "L01", "H02", "H05", "F01"]}, mats={0: {"A": "R1 G1"}},
                  matter={"VII-9": "W"})
    # the card worth more points first (L01: 4, L06: 2), see tests/planetarium/test_suggestions.py
    assert GAME.complete(state, 0, "play") == ["play L01 A", "play L06 A"]
    assert GAME.complete(state, 0, "pl") == ["play L01 A", "play L06 A"]
    assert GAME.complete(state, 0, "play L06 A grav") == [f"play L06 A grav=VII-9>{p}" for p in "ACBD"]
    assert GAME.complete(state, 0, "play L06 A ") == ["play L06 A"] + [f"play L06 A grav=VII-9>{p}" for p in "ACBD"]
    assert GAME.complete(state, 0, "re") == ["replace H05"]
    assert len(GAME.complete(started(2), 0 if started(2).active == 0 else 1, "", limit=5)) == 5


def test_help_texts():
    assert "final F03 C from=H10" in str(GAME.notation_help())
    assert "Planetarium" in str(GAME.rules_summary())
    assert GAME.complete(started(2), started(2).active, "zz") == []


def test_texts_helper_matches_legal_moves():
    state = started(2)
    assert len(texts(state)) == len(GAME.legal_moves(state, state.active))
    assert dumped(state) == dumped(GAME.load_state(GAME.dump_state(state)))


def test_log_line_follows_spec_14_and_keeps_the_setup_discard_secret():
    setup = GAME.new_game({"players": 2}, 3)
    secret = [c for c in setup.players[0].hand if c[0] == "F"][0]
    after = play(setup, f"discard {secret}", seat=0)
    line = GAME.log_line(setup, GAME.parse_move(setup, 0, f"discard {secret}"), after)
    assert line == "Setup Red discards a final card => Red chose a setup discard" and secret not in line
    state = build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: ["L01", "L09", "H01", "H05", "F04"]},
                  track=4)
    move = GAME.parse_move(state, 0, "play L01 A")
    line = GAME.log_line(state, move, GAME.apply(state, move))
    assert line.startswith(f"T{state.turn_no} Red play L01 A => the paid matter goes onto the evolution track: spaces 5 and 6 | "
                           "Red plays Accretion (L01) on planet A: +4 points (4 in total)")


WORDS = ["mv", "play", "final", "draw", "keep", "discard", "replace", "pass", "done", "none", "A", "b", "E",
         "II-1", "II-2", "IV-3", "III-2", "VII-16", "X-1", "L01", "H05", "F09", "F99", "grav=IV-7>C", "grav=II-2>A",
         "marker=none", "marker=from:L01", "from=H10", "keep=F01", "I", "M", "F", "=", ">", ""]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=6), phase_moves=st.integers(0, 12), seat=st.integers(0, 2))
def test_any_text_is_either_applied_or_refused_with_IllegalMove(words, phase_moves, seat):
    """Fuzz: whatever is typed, parse+apply raise nothing but IllegalMove and never alter the state."""
    state = GAME.new_game({"players": 3}, 5)
    rng = random.Random(phase_moves)
    for _ in range(phase_moves):
        current = min(GAME.waiting_for(state))
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state, current)))
    before = dumped(state)
    try:
        GAME.apply(state, GAME.parse_move(state, seat, " ".join(words)))
    except IllegalMove as error:
        assert error.message
    assert dumped(state) == before


def test_PL_BOT_1_setup_discard_is_redacted_until_everyone_has_chosen():
    """PL-BOT-1/PL-BOT-2: the secret setup discard never reaches the public log early."""
    from rules.planetarium import GAME

    state = GAME.new_game({"players": 2}, 5)
    first = next(iter(GAME.legal_moves(state, 0)))
    text = GAME.format_move(first)
    after = GAME.apply(state, first)
    assert str(GAME.redact_move(after, 0, text)) == "discards a final card"
    second = next(iter(GAME.legal_moves(after, 1)))
    revealed = GAME.apply(after, second)
    assert GAME.redact_move(revealed, 0, text) == text   # all chosen: revealed together
