"""Newcomer report 2026-11-28c (a Hungarian newcomer against the computer): Planetarium."""
from __future__ import annotations

from rules.planetarium.state import PHASE_CARD

from .helpers import build
from .test_newcomer_i import _thread


def test_PL_GRAV_1_a_gravity_card_played_without_its_token_says_so_and_how() -> None:
    """P-1: the plain play of a gravity card (the line the suggestions offer first) took no
    token and said nothing: the newcomer never learnt the icon's token was there.  The thread
    now says that none was taken and what the play takes one with; with the option, as before."""
    state = build(phase=PHASE_CARD, matter={"IV-7": "R"}, mats={0: {"A": "G1 W1"}},
                  hands={0: ["L10", "L09", "H01", "H05", "F04"]})
    _line, keys, news = _thread(state, "play L10 A", "hu")
    assert "planetarium.event.gravity_unused" in keys
    said = news[keys.index("planetarium.event.gravity_unused")]
    assert "nem vett el anyagtokent" in said and "gravitáció=<mező>><bolygó>" in said
    _line, keys, news = _thread(state, "play L10 A grav=IV-7>C")
    assert "planetarium.event.gravity_unused" not in keys and "planetarium.event.gravity_kind" in keys
    plain = build(phase=PHASE_CARD, matter={"IV-7": "R"}, mats={0: {"A": "G1 R1"}},
                  hands={0: ["L01", "L09", "H01", "H05", "F04"]})
    _line, keys, _news = _thread(plain, "play L01 A")      # a card without the icon: nothing
    assert "planetarium.event.gravity_unused" not in keys
