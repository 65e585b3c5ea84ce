"""A move stored before report 27i's I-22 kept, with it, the events that repeat its line ("Blue
plays Ozone Layer (H11) on planet C: +9 points (39 in total)" under "plays Ozone Layer (H11)
on planet C: +9 points"); /log reads a move's stored news (bot/service.py keeps the messages,
keys and values, not their text).  ``stored_events`` tells them as a new move's: the news of an
old game reads like a new one's, and news stored since stays as it is."""
import json

import pytest

from rules.messages import from_json, render, to_json
from rules.planetarium.engine import event_messages
from rules.planetarium.state import PHASE_CARD

from .helpers import GAME, build, play
from .test_end import _trigger_position

#: The events the thread left out before I-22 (the rest was stored with the move).
OLD_RESTATING = frozenset(f"planetarium.event.{key}" for key in (
    "no_card", "planet_moved", "draws_initial", "draws_major", "draws_two_finals", "replaces",
    "ends_last_turn", "chose_setup", "keeps_final"))

HAND = ["L01", "L09", "H01", "H05", "F04"]


def _positions():
    rows = {"A": [("L11", 0, 0), ("L12", 0, 0)], "B": [("H16", 0, 0), ("H12", 0, 0)],
            "C": [("L13", 0, 0), ("H04", 0, 0)], "D": [("L14", 0, 0), ("L18", 0, 0)]}
    yield build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, hands={0: HAND}, track=4), "play L01 A"
    yield build(matter={"II-1": "R", "III-1": "W"}, planets={"C": "II-2"}), "mv II-1 II-2"
    yield build(phase=PHASE_CARD, matter={"IV-7": "R"}, mats={0: {"A": "G1 W1"}},
                hands={0: ["L10", "L09", "H01", "H05", "F04"]}), "play L10 A grav=IV-7>C"
    yield build(phase=PHASE_CARD, mats={0: {"A": "G1 R1"}}, rows=rows, hands={0: HAND}), "play L01 A marker=from:L14"
    yield play(_trigger_position(), "play H04 A"), "final F09 A from=H04"


@pytest.mark.parametrize("index", range(5))
def test_PL_CARD_6_PL_MOV_4_PL_GRAV_1_old_stored_news_reads_as_a_new_moves(index: int) -> None:
    state, text = list(_positions())[index]
    seat = state.active
    move = GAME.parse_move(state, seat, text)
    after = GAME.apply(state, move)
    stored = GAME.format_move(move)
    old = [event for event in event_messages(after) if event.key not in OLD_RESTATING]
    new = GAME.events(state, move, after)
    assert old != new                                   # the old record repeated the line
    # as bot/service.py stores and /log reads it: JSON of the messages
    reread = [from_json(item) for item in json.loads(json.dumps([to_json(m) for m in old], ensure_ascii=False))]
    for language in ("en", "hu"):
        assert [render(m, language) for m in GAME.stored_events(seat, stored, reread)] == \
            [render(m, language) for m in new]
        assert [render(m, language) for m in GAME.stored_events(seat, stored, new)] == \
            [render(m, language) for m in new]


def test_PL_CARD_6_stored_news_with_other_values_or_an_unreadable_move_stays_as_stored() -> None:
    from rules.messages import Msg
    odd = [Msg("planetarium.event.plays", card="L01")]        # a value the present news needs is missing
    assert GAME.stored_events(0, "play L01 A", odd) == odd
    assert GAME.stored_events(0, "not a move", odd) == odd
