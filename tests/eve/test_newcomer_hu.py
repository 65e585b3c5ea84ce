"""What a Hungarian newcomer met in EVE (newcomer report 2026-11-27, N6 N7 N8 N10 N17): the
battle ping's example, the end-of-round schedule choice, two-word region names, the battle's
outcome, the Hungarian card codes.  Named by rule ID; asserting keys and values."""
from __future__ import annotations

import pytest

from rules.eve import GAME
from rules.eve.state import DICE
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
