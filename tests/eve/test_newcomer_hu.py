"""What a Hungarian newcomer met in EVE (newcomer report 2026-11-27, N6 N7 N8 N10 N17): the
battle ping's example, the end-of-round schedule choice, two-word region names, the battle's
outcome, the Hungarian card codes.  Named by rule ID; asserting keys and values."""
from __future__ import annotations

import random

import pytest

from rules.eve import GAME
from rules.eve.state import DICE, Seal
from rules.messages import render

from .helpers import AMARR, GALLENTE, FixedDice, clear, hold, in_round, new, play, refused
from .test_rules import faces


def _duel(attacker_units: int, defender_units: int):
    """Gallente attacks Amarr's R59 from R48 (no agents: nobody has the intel advantage)."""
    state = new(4)
    clear(state)
    hold(state, GALLENTE, "R48", attacker_units)
    hold(state, AMARR, "R59", defender_units)
    hold(state, AMARR, "R57", 1)
    state = in_round(state, GALLENTE, "L")
    state.streams = FixedDice(faces(*[1] * 30))
    return play(state, GALLENTE, "attack R48 > R59")


@pytest.mark.parametrize("units", [1, 2, 3, 6, 11, 16])
def test_EVE_CMB_4_the_dice_pings_example_is_legal_for_each_side_it_pings(units):
    """N7: the example was 5 damage and 1 tactics whatever the strength; it is now a legal
    choice for the weakest pinged side, and the ping names each side's strength."""
    state = _duel(units, 1)
    assert state.combat is not None and state.combat.step == DICE
    prompt = GAME.decision_prompt(state)
    assert prompt is not None and prompt.key == "eve.prompt.dice"
    example = prompt.params["example"]
    assert example.key == "eve.example.dice_counts"
    counts = (example.params["d"], example.params["s"], example.params["t"])
    assert sum(counts) == 1 and max(counts) <= 5                  # Amarr has strength 1
    strengths = [part.params["strength"] for part in prompt.params["strengths"].items]
    assert sorted(strengths) == sorted([units, 1])
    typed = render(example, "hu")
    assert typed == "kocka 1 sérülés, 0 pajzs, 0 taktika"
    for seat in sorted(GAME.waiting_for(state)):                  # typed as shown, both accept it
        state = GAME.apply(state, GAME.parse_move(state, seat, typed))


def test_EVE_CMB_4_a_strong_sides_example_fills_colours_in_order():
    from rules.eve.describe import dice_example
    assert dice_example(7).params == {"d": 5, "s": 2, "t": 0}
    assert dice_example(16).params == {"d": 5, "s": 5, "t": 5}


def test_EVE_CMB_4_the_static_example_is_legal_for_the_smallest_strength():
    state = _duel(3, 1)
    error = refused(state, AMARR, "kocka 1")
    assert "kocka 1 sérülés, 0 pajzs, 0 taktika" in render(error.msg, "hu")
    play(state, AMARR, "kocka 1 sérülés, 0 pajzs, 0 taktika")


# ----- N17: the end-of-round schedule choice reads differently for each choice (EVE-SCH-4) -------------
def _production_round():
    state = new(4)
    clear(state)
    hold(state, AMARR, "R59", 2, outpost="P")
    state = in_round(state, AMARR, "P", actions=0)
    player = state.players[AMARR]
    player.schedule["P"], player.storage["P"] = 1, 0              # level 2, its one tile on the schedule
    return state


def test_EVE_SCH_4_end_and_end_tiles_0_are_different_sentences():
    state = _production_round()
    phrases = {text: GAME.move_phrase(state, AMARR, text) for text in ("end", "end tiles=0", "end tiles=1")}
    assert phrases["end"].key == "eve.phrase.end"
    assert phrases["end tiles=0"].key == "eve.phrase.end_empty"
    assert phrases["end tiles=1"].key == "eve.phrase.end_tiles" and phrases["end tiles=1"].params == {"tiles": 1}
    for language in ("en", "hu"):
        assert len({render(phrase, language) for phrase in phrases.values()}) == 3


def test_EVE_SCH_4_CAL_4_the_suggestion_shows_the_new_level_and_the_seals_months():
    state = _production_round()
    same = GAME.describe_move(state, AMARR, "end")
    lowered = GAME.describe_move(state, AMARR, "end tiles=0")
    assert same is not None and same.key == "eve.describe.end_same" and same.params["level"] == 2
    assert lowered is not None and lowered.key == "eve.describe.end_level"
    assert (lowered.params["before"], lowered.params["after"]) == (2, 1)
    # the months shown are the months the seal then moves (EVE-CAL-4)
    for text, described in (("end", same), ("end tiles=0", lowered)):
        after = play(state, AMARR, text)
        months = [i + 1 for i, queue in enumerate(after.calendar) if Seal(AMARR, "P") in queue]
        assert months == [state.month + described.params["months"]], (text, months)
    assert lowered.params["months"] > same.params["months"]       # a lower level moves the seal further


# ----- N8: region names of several words (EVE-DEF-1) ---------------------------------------------------
@pytest.mark.parametrize(("typed", "canonical"), [
    ("székhely The Forge", "hq R11"),
    ("hq vale of the silent", "hq R36"),
    ("előőrs The Forge T", "outpost R11 P"),
    ("épít The Forge x2", "build R11 x2"),
    ("támad The Forge > Sinq Laison", "attack R11 > R08"),
    ("mozgat The Forge > Sinq Laison:2 R06:1", "move R11 > R08:2 R06:1"),
    ("outpost Sinq L", "outpost R08 L"),          # a one-word prefix and a type letter stay two words
])
def test_EVE_DEF_1_a_region_is_typed_by_its_whole_name_of_several_words(typed, canonical):
    assert GAME.format_move(GAME.parse_move(new(2, seed=5), 0, typed)) == canonical


def test_EVE_DEF_1_a_name_typed_in_part_is_refused_with_how_regions_are_written():
    error = refused(new(2, seed=5), 0, "székhely The Forge x")
    assert error.msg.key == "eve.err.region_arguments" and error.rule == "EVE-DEF-1"
    assert "The Forge" in render(error.msg, "hu") and "R11" in render(error.msg, "hu")
    assert refused(new(2, seed=5), 0, "hq The").msg.key == "eve.err.ambiguous_region"


# ----- N10: a battle says how it ended (EVE-CMB-9/10) -----------------------------------------------------
def _events(state, key):
    return [event["values"] for event in state.events if event["msg"] == key]


def test_EVE_CMB_9_a_battle_without_a_lost_region_says_the_attacker_was_repelled():
    state = _duel(1, 1)
    state = play(state, AMARR, "dice 0d 0s 0t")
    state = play(state, GALLENTE, "dice 0d 0s 0t")
    held = _events(state, "eve.event.battle_held")
    assert len(held) == 1 and not _events(state, "eve.event.battle_result")
    assert held[0]["attacker"]["msg"] == "eve.empire.gallente" and held[0]["defender"]["msg"] == "eve.empire.amarr"
    assert held[0]["target"] == "R59 Omist"


def test_EVE_CMB_10_a_taken_region_is_named_with_its_new_holder_once_the_battle_ends():
    from .test_rules import _battle
    state = _battle(faces(2, 2, 2, 1, 1) + faces(1) + faces(2, 1) + faces(1, 1, 1))   # spec T-4
    state = play(state, GALLENTE, "attack R48 > R59")
    state = play(state, AMARR, "dice 2d 3s 0t")
    state = play(state, GALLENTE, "ask dmg")
    state = play(state, GALLENTE, "dice 5d 0s 1t")
    state = play(state, GALLENTE, "tac T2x1")
    assert not _events(state, "eve.event.battle_result")          # the invasion is still to choose
    state = play(state, GALLENTE, "invade 3")
    result = _events(state, "eve.event.battle_result")
    assert len(result) == 1 and not _events(state, "eve.event.battle_held")
    assert result[0]["target"] == "R59 Omist" and result[0]["target_holder"]["msg"] == "eve.empire.gallente"
    assert result[0]["source_holder"]["msg"] == "eve.empire.gallente"


# ----- N6: /info shows the code the reader's notation uses (EVE-BOT: Hungarian notation) ----------------
def test_a_card_and_a_square_show_the_hungarian_code_and_the_name_does_not_repeat_it():
    card, square = GAME.component("LG26"), GAME.component("CYA-A")
    assert card is not None and square is not None
    assert render(card.shown_code(), "hu") == "H26" and render(card.shown_code(), "en") == "LG26"
    assert render(square.shown_code(), "hu") == "CIÁ-A" and render(square.shown_code(), "en") == "CYA-A"
    assert card.name.key == "eve.card.LOG-H" and "26" not in render(card.name, "hu")
    assert "H26" in card.aliases and "CIÁ-A" in square.aliases    # typed as shown, found


def test_EVE_PREP_2_status_says_which_placement_round_is_under_way():
    """Newcomer report N15: during placement the status said only "placing units"."""
    from rules.eve.describe import _step_name
    from rules.eve.state import PREP_PLACE

    state = GAME.new_game({"players": 2}, 5)
    rng = random.Random(5)
    while state.phase != PREP_PLACE:
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        state = GAME.apply(state, GAME.random_move(state, seat, rng))
    step = _step_name(GAME, state)
    assert step.key == "eve.step.prep_place_round" and step.params["round"] == 1 and step.params["rounds"] == 8
