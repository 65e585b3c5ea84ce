"""Issues 23 and 24 for EVE: every component has a text, moves read as sentences in both
languages, the notation in Hungarian words parses back, names work in autocomplete, the score
comes by category, no blind Damage Control choice, refusals name the real reason."""
from __future__ import annotations

import random

import pytest

from rules.eve import GAME
from rules.eve import moves as mv
from rules.eve import reading
from rules.eve.data import tables
from rules.messages import LANGUAGES, Msg, check_message, render

from .helpers import AMARR, GALLENTE, give_cards, in_round, new, play, refused
from .test_rules import _battle, _board, _hand, faces


# ----- components (/eve info) ---------------------------------------------------------------------
def test_every_id_of_the_data_tables_is_a_component_with_texts_in_both_languages():
    tab = tables()
    ids = {comp.id for comp in GAME.components()}
    assert set(tab.cards) | set(tab.regions) | set(tab.squares) <= ids
    assert reading.shown_ids() == ids
    for comp in GAME.components():
        for part in (comp.name, comp.text, comp.gist):
            check_message(part, comp.id)
            for language in LANGUAGES:
                assert render(part, language).strip() and "{" not in render(part, language), (comp.id, language)


def test_PRD_G_damage_control_reads_as_a_card_with_its_effect_and_timing():
    comp = GAME.component("pr22")
    assert comp is not None and comp.kind == "eve.kind.card" and comp.stand_in and "PRD-G" in comp.aliases
    assert "Damage Control" in render(comp.name) and "Kárelhárítás" in render(comp.name, "hu")
    assert "re-roll" in render(comp.text) and "battle" in render(comp.text)
    assert len(render(comp.gist, "hu")) <= 70


def test_EVE_DEF_1_regions_are_components_found_by_code_with_name_ring_and_neighbours():
    comp = GAME.component("R12")
    assert comp is not None and "Verge Vendor" in comp.aliases
    text = render(comp.text, "hu")
    assert "Színe: zöld" in text and "1 győzelmi pont" in text and "Csillagkapuk" in text


# ----- moves in words, in both languages ---------------------------------------------------------
@pytest.mark.parametrize("verb", mv.VERBS)
def test_every_verb_reads_as_a_sentence_and_its_hungarian_words_parse_back(verb):
    text = mv.EXAMPLES[verb]
    canonical = mv.format_move(mv.parse_move(0, text))
    phrase = GAME.move_phrase(new(4), 0, canonical)
    assert phrase is not None and phrase.key.startswith("eve.phrase.")
    check_message(phrase)
    for language in LANGUAGES:
        assert "{" not in render(phrase, language)
        local = GAME.localize_move(canonical, language)
        assert GAME.format_move(GAME.parse_move(new(4), 0, local)) == canonical, (canonical, local)
    hungarian = GAME.localize_move(canonical, "hu")
    assert hungarian.split()[0] == reading.HU_VERB[verb]


def test_issue_24_hungarian_codes_for_types_and_dice_never_the_english_letters():
    assert GAME.localize_move("outpost R24 P", "hu") == "előőrs R24 T"
    assert GAME.localize_move("seal L tiles=1", "hu") == "pecsét H lapka=1"
    assert GAME.localize_move("dice 5d 0s 1t", "hu") == "kocka 5 sérülés, 0 pajzs, 1 taktika"
    assert GAME.localize_move("ask shd", "hu") == "kérdez pajzs"
    assert GAME.localize_move("takefrom sched", "hu") == "elvesz jegyzék"
    assert GAME.localize_move("reroll none", "hu") == "újradob semmi"
    state = new(4)
    assert GAME.format_move(GAME.parse_move(state, 0, "elooors R24 t")) == "outpost R24 P"
    assert GAME.format_move(GAME.parse_move(state, 0, "kocka 2ser 1p 0takt")) == "dice 2d 1s 0t"


def test_EVE_CARD_1_EVE_POL_1_hungarian_card_and_square_codes_never_the_english_ones():
    """Issue 24: a design card is F/T/H + its number to a Hungarian (fejlesztés, termelés, hadvezetés:
    DV12 is F12, PR07 T07, LG05 H05) and the cián nebula's squares are CIÁ-A..C (VIO and MAG read
    the same); both are typed (accents optional) and read back to the stored notation."""
    assert GAME.localize_move("play DV15 VIO-B CYA-A MAG-C", "hu") == "kijátszik F15 VIO-B CIÁ-A MAG-C"
    assert GAME.localize_move("discard PR07", "hu") == "eldob T07"
    assert GAME.localize_move("play LG05 seal=caldari:P", "hu") == "kijátszik H05 pecsét=caldari:T"
    assert GAME.localize_move("reveal CYA-C", "hu") == "felfed CIÁ-C"
    state = new(4)
    for typed, canonical in (("kijátszik f15 vio-b cia-a mag-c", "play DV15 VIO-B CYA-A MAG-C"),
                             ("eldob T07", "discard PR07"), ("felfed cián-c", "reveal CYA-C"),
                             ("play LG05 seal=caldari:P", "play LG05 seal=caldari:P")):
        assert GAME.format_move(GAME.parse_move(state, 0, typed)) == canonical
    phrase = GAME.move_phrase(state, 0, "play DV15 VIO-B CYA-A MAG-C")
    assert "F15" in render(phrase, "hu") and "CIÁ-A" in render(phrase, "hu") and "DV15" not in render(phrase, "hu")
    assert "DV15" in render(phrase, "en") and "CYA-A" in render(phrase, "en")
    assert render(GAME.component("PR07").shown_code(), "hu") == "T07" and "T07" in GAME.component("PR07").aliases
    assert "CIÁ-B" in render(GAME.component("CYA-B").name, "hu")
    error = refused(state, 0, "reveal XYZ-A")
    assert error.msg.key == "eve.err.no_square" and "CIÁ-A" in render(error.msg, "hu")


def test_EVE_CMB_5_a_hungarian_s_in_the_damage_place_is_refused_not_read_as_shield():
    """In a secret, irreversible choice "s" (sérülés to a Hungarian) must never silently mean shield."""
    state = new(4)
    for text in ("kocka 5s 0p 1t", "dice 5s 0d 1t"):
        error = refused(state, 0, text)
        assert error.msg.key == "eve.err.dice_words" and error.rule == "EVE-CMB-5"
        assert "sérülés" in render(error.msg, "hu")


def test_EVE_CMB_5_the_hungarian_dice_value_reads_as_words_and_autocomplete_finds_it_as_typed():
    """Issue 24: the autocomplete value a Hungarian client sends for a dice choice is written as
    the help writes it (a number, a space, the rulebook's colour word), never glued
    ("5sérülés"); it parses back, and typing it word by word keeps finding the move."""
    from tests.test_hungarian_autocomplete import _through_the_host

    state = play(_battle(faces(2, 2, 2, 1, 1) + faces(1) + faces(2, 1) + faces(1, 1, 1)), GALLENTE, "attack R48 > R59")
    value = GAME.localize_move("dice 2d 3s 0t", "hu")
    assert value == "kocka 2 sérülés, 3 pajzs, 0 taktika"
    assert GAME.format_move(GAME.parse_move(state, AMARR, value)) == "dice 2d 3s 0t"
    for typed in ("kocka 2", "kocka 2 ", "kocka 2 sér", "kocka 2 sérülés, 3 ", "kocka 2 sérülés, 3 pajzs, 0 tak",
                  value, "kocka 2sérülés 3pajzs 0taktika", "dice 2d 3s 0t"):
        assert "dice 2d 3s 0t" in _through_the_host(GAME, state, AMARR, typed), typed
    assert "dice 2d 3s 0t" not in _through_the_host(GAME, state, AMARR, "kocka 3 ")
    assert render(GAME.move_phrase(state, AMARR, "dice 2d 3s 0t"), "hu") == "2 sérülés, 3 pajzs és 0 taktika kockát választ"


def test_the_dice_phrase_names_each_colour_in_words():
    phrase = GAME.move_phrase(new(4), 0, "dice 5d 0s 1t")
    assert render(phrase, "hu") == "5 sérülés, 0 pajzs és 1 taktika kockát választ"


# ----- names and variety in autocomplete ---------------------------------------------------------
def _hq_state():
    state = new(3, seed=5)
    while state.phase == "prep_reveal":
        seat = min(GAME.waiting_for(state))
        reveal = next(m for m in GAME.legal_moves(state, seat))
        state = GAME.apply(state, reveal)
    return state


def test_EVE_PREP_1_regions_are_offered_by_name_in_both_languages():
    """The finding eve-autocomplete-names: `hq ver` was accepted but not suggested."""
    state = _hq_state()
    seat = min(GAME.waiting_for(state))
    assert "hq R12" in GAME.complete(state, seat, "hq ver")
    assert "hq R08" in GAME.complete(state, seat, "székhely sinq")
    assert "hq R08" in GAME.complete(state, seat, "szekhely Sinq")
    assert GAME.complete(state, seat, "hq xyz") == []


def test_autocomplete_shows_every_kind_of_move_before_variants():
    state = in_round(_board(), GALLENTE, "L")
    offered = GAME.complete(state, GALLENTE, "")
    legal_kinds = {GAME.move_kind(GAME.format_move(m)) for m in GAME.legal_moves(state, GALLENTE)}
    assert {GAME.move_kind(text) for text in offered} == legal_kinds or len(offered) == 25
    assert {"draw", "move", "end"} <= {GAME.move_kind(text) for text in offered}


# ----- score by category ----------------------------------------------------------------------------
def test_EVE_DEF_10_the_score_comes_by_region_card_ring_and_adds_up():
    state = new(4)
    give_cards(state, AMARR, ["R01", "R24"])
    parts = GAME.score_breakdown(GAME.view(state, None))
    assert [part.points for part in parts[AMARR]] == [tables().regions["R01"].vp, tables().regions["R24"].vp]
    assert sum(part.points for part in parts[AMARR]) == GAME.scores(state)[AMARR]
    assert parts[GALLENTE][0].label == Msg("eve.score.no_cards") and parts[GALLENTE][0].points == 0


# ----- no blind decision; refusals name the reason ------------------------------------------------
def test_PRD_G_the_dice_faces_are_shown_numbered_as_reroll_numbers_them():
    state = _battle(faces(0, 2) + faces(0, 0) + faces(2, 2))
    state.regions["R59"].agents = []
    state.players[GALLENTE].supply += 2
    _hand(state, GALLENTE, ["PR22"])
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, GALLENTE, "cards PR22")
    state = play(play(state, GALLENTE, "dice 2d 0s 0t"), AMARR, "dice 2d 0s 0t")
    rolled = [event for event in GAME.events(state, None, state) if event.key == "eve.event.rolled"]
    assert "die 1: damage 0, die 2: damage 2" in render(rolled[0])
    status = [render(line, "hu") for line in GAME.status_lines(GAME.view(state, None)) if line.key == "eve.status.dice"]
    assert status and "1. kocka: sérülés 0" in status[0]
    prompt = GAME.decision_prompt(state)
    assert prompt is not None and "die 1: damage 0" in render(prompt) and "újradob" in render(prompt, "hu")
    label = GAME.describe_move(state, GALLENTE, "reroll 1")
    assert label is not None and render(label) == "re-rolls damage 0 on die 1"


def test_EVE_POL_4_reveal_two_squares_says_one_square_per_move():
    error = refused(new(3, seed=5), min(GAME.waiting_for(new(3, seed=5))), "reveal VIO-B CYA-A")
    assert error.msg.key == "eve.err.reveal_one" and error.rule == "EVE-POL-4"
    assert "felfed VIO-B" in render(error.msg, "hu")


def test_refusals_list_verbs_and_examples_in_the_readers_words():
    error = refused(new(4), 0, "xyzzy")
    assert "felfed" in render(error.msg, "hu") and "reveal" in render(error.msg, "en")
    error = refused(new(4), 0, "kocka 1")
    assert "kocka 1 sérülés, 0 pajzs, 0 taktika" in render(error.msg, "hu")


def test_the_hand_shows_each_cards_gist_and_when_it_is_played():
    state = in_round(_board(), GALLENTE, "L")
    _hand(state, GALLENTE, ["PR22", "LG26"])
    lines = GAME.private_lines(GAME.view(state, GALLENTE), GALLENTE)
    cards = [render(line) for line in lines if line.key == "eve.private.card"]
    assert any("PR22" in line and "re-roll" in line and "battle" in line for line in cards), cards
    assert len(cards) == 2


def test_every_move_of_a_random_game_reads_in_hungarian_without_english_verbs():
    state = new(3, seed=7)
    rng = random.Random(7)
    english = set(mv.VERBS) - {"pass"}
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = min(GAME.waiting_for(state))
        move = GAME.random_move(state, seat, rng)
        text = GAME.format_move(move)
        local = GAME.localize_move(text, "hu")
        assert local.split()[0] not in english, local
        phrase = render(GAME.move_phrase(state, seat, text), "hu")
        assert not set(phrase.split()) & english, phrase
        state = GAME.apply(state, move)


def test_EVE_POL_3_a_repeated_region_or_card_is_refused_as_repeated():
    state = in_round(_board(), GALLENTE, "D")
    error = refused(state, GALLENTE, "claim R59 R59")
    assert error.msg.key == "eve.err.repeated" and error.rule == "EVE-POL-3"
    assert refused(state, GALLENTE, "order DV03 DV03").msg.key == "eve.err.repeated"


def test_EVE_CMB_5_the_ping_asks_the_intel_side_for_its_question_then_the_dice():
    from .test_rules import _battle as battle
    state = battle(faces(2, 2, 2, 1, 1) + faces(1) + faces(2, 1) + faces(1, 1, 1))
    state = play(state, GALLENTE, "attack R48 > R59")
    assert GAME.decision_prompt(state).key == "eve.prompt.dice"           # Amarr commits first
    state = play(state, AMARR, "dice 2d 3s 0t")
    assert GAME.decision_prompt(state) == Msg("eve.prompt.ask")            # Gallente asks first
    state = play(state, GALLENTE, "ask dmg")
    assert GAME.decision_prompt(state).key == "eve.prompt.dice"


def test_EVE_POL_3_a_claim_suggestion_names_the_vp_it_gains():
    label = GAME.describe_move(new(4), 0, "claim R59 R56")
    regions = tables().regions
    assert label == Msg("eve.describe.claim", vp=regions["R59"].vp + regions["R56"].vp)
