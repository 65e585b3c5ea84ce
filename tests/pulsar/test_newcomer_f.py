"""Newcomer report 2026-11-27f (an English-speaking evening; Pulsar's first two rounds): G-10,
a die bent by a token read "with a silver 5 with a −1 token" (two "with"s in one move).
G-8 (a flight's choice says what it reaches) is in ``test_flight_outlook.py``."""
from __future__ import annotations

import pytest

from rules.messages import render
from rules.pulsar import phrases


@pytest.mark.parametrize("text", ["patent BI-1b s5-1", "fly s2-1 H24>J23", "hq HQ1-1.2b s6-1",
                                  "fly s6+2~DI-1a:+1 J26>S25>J69>S68>J72>J73>S75>J77>P78>J79"])
def test_A_MOD_1_a_die_bent_by_a_token_is_paid_with_once(text: str) -> None:
    """G-10 (A-MOD-1): the die and its token are one payment: "with a silver 5 and a −1 token",
    in the thread's line and in a label, in full words and in short ones."""
    for full in (True, False):
        shown = render(phrases.phrase(text, full), "en", label=not full)
        assert shown.casefold().count("with") == 1, shown
        assert "\u2212" in shown or "+" in shown, shown
