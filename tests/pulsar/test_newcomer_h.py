"""Newcomer report 2026-11-27h (a Hungarian evening against the computer): the roll's news said
'1. forduló: a kockák: 1, 2, 3, …', a colon after a colon (D-ROLL-1)."""
from __future__ import annotations

from rules.messages import from_json, render
from rules.pulsar.setup import new_game, start_dice_phase


def test_D_ROLL_1_the_rolled_dice_read_with_one_colon_in_hungarian() -> None:
    state = new_game({"players": 2}, 3)
    state.events.clear()
    start_dice_phase(state)
    rolled = [msg for msg in map(from_json, state.events) if msg.key.startswith("pulsar.event.rolled")]
    assert len(rolled) == 1
    hungarian = render(rolled[0], "hu")
    first = hungarian.split(". A középjelző")[0]
    assert first.startswith("1. forduló – a kockák: ") and first.count(":") == 1, hungarian
