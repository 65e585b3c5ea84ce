"""Planetarium as a Hungarian newcomer typed it (docs/newcomer-report-2026-11-27c.md): a node that
does not exist says which nodes its orbit has; a refusal shows the forms of the verb typed (PL-NOTATION)."""
from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.messages import render

from .helpers import GAME, started


def _refusal(text: str) -> IllegalMove:
    state = started(2)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, state.active, text)
    return caught.value


def test_PL_NOTATION_a_node_past_its_orbits_end_names_the_orbits_nodes():
    """C-P2: ``mozgat A II-9`` was answered "II-9 nem mező (ilyen alakú: IV-3)": it is written
    like IV-3, the orbit just has eight nodes."""
    refusal = _refusal("mozgat A II-9")
    assert render(refusal.msg, "hu").startswith(
        "Ezt nem értem: „mozgat A II-9” (nincs „II-9” mező: a II. pálya mezői: II-1–II-8).")
    assert "az V. pálya mezői: V-1–V-12" in render(_refusal("mozgat V-13 V-1").msg, "hu")
    assert "I-től VII-ig" in render(_refusal("mozgat IX-1 IX-2").msg, "hu")


def test_PL_NOTATION_a_misread_discard_shows_the_discard_forms_only():
    """C-P1: ``eldob`` alone listed every form of the game (about 500 characters)."""
    text = render(_refusal("eldob").msg, "hu")
    assert text.endswith("Megengedett alakok: eldob <végső lap> / megtart <végső lap> (előkészületkor és „húz végső” után).")
    assert "kijátszik" not in text and len(text) < 200


def test_PL_MOV_every_one_step_matter_move_reads_in_the_same_words():
    """C-P3: in one list of suggestions "anyagtokent mozgat: VII-13 → VII-14" stood beside "a II-1
    mező anyagtokenjét a II-2 mezőre mozgatja": the long node names did not fit the phrase's budget.
    The Hungarian phrase "... mezőre viszi" fits for every pair of nodes, so every one-step matter
    move reads alike."""
    from rules.planetarium import texts
    from rules.planetarium.data import board
    nodes = list(board().orbit)
    keys = {texts.phrase(f"mv {a} {b}").key for a in nodes for b in nodes if a != b}
    assert keys == {"planetarium.phrase.mv_matter"}
    assert render(texts.phrase("mv VII-13 VII-14"), "hu") == "a VII-13 mező anyagtokenjét a VII-14 mezőre viszi"
