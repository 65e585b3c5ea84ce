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
        "Ezt nem értem: „mozgat A II-9” (nincs „II-9” mező: a II. pályán II-1-től II-8-ig vannak mezők).")
    assert "az V. pályán V-1-től V-12-ig vannak mezők" in render(_refusal("mozgat V-13 V-1").msg, "hu")
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


def _out_of_markers(seed: int, ply: int):
    """The position after ``ply`` moves of a seeded random playout, with the active player's
    markers all on cards (PL-CARD-5: each play moves one from a card, or none)."""
    import random

    from rules.kit import clone
    state = GAME.new_game({"players": 2}, seed)
    rng = random.Random(seed)
    for _ in range(ply):
        state = GAME.apply(state, GAME.random_move(state, rng.choice(sorted(GAME.waiting_for(state))), rng))
    state = clone(state)
    state.players[state.active].markers_supply = 0
    return state, state.active


def _marker_key(phrase) -> str:
    """The key the phrase says its marker option with."""
    extras = phrase.params["extras"]
    return next(item.key for item in extras.items if "marker" in item.key)


@pytest.mark.parametrize("seed,ply", [(0, 205), (0, 339)])
def test_PL_CARD_5_one_decisions_card_plays_read_in_one_wording_keeping_every_name_that_fits(seed: int, ply: int):
    """C-P3: the play list mixed "kijátssza a H02 lapot ... a jelölőjét a ... lapról teszi át" with
    "kijátssza az Óceánok (H02) lapot ..." and "jelölő innen: ...", each label fitted alone.  Now
    the plays of one decision say their marker's move in one wording; a play names its card by id
    only when no wording that keeps the name fits its label (a name kept where it fits outweighs
    one wording); every label within 100 characters in both languages."""
    from rules.messages import LANGUAGES
    from rules.planetarium import texts

    from tests.pulsar.test_label_length import MENU_LIMIT, host_label
    state, seat = _out_of_markers(seed, ply)
    plays = [text for text in GAME.complete(state, seat, "play", 25) if " marker=" in text]
    assert len(plays) >= 3
    phrases = {text: GAME.move_phrase(state, seat, text) for text in plays}
    moved = [text for text in plays if "marker=from:" in text]
    assert len({_marker_key(phrases[text]) for text in moved}) == 1, [render(phrases[t], "hu") for t in moved]
    named = {text for text in plays if phrases[text].key == "planetarium.phrase.play_extra"}
    for text in plays:
        card = text.split()[1]
        fits_with_name = any(wording.key == "planetarium.phrase.play_extra"
                             and all(len(render(wording, language)) <= texts.play_room(text)[language]
                                     for language in LANGUAGES)
                             for wording in texts.play_wordings(text))
        assert (text in named) == fits_with_name, text
        for language in LANGUAGES:
            label = host_label(GAME, state, seat, text, language)
            assert len(label) <= MENU_LIMIT, label
            if text in named:
                assert render(texts.P(f"card.{card}"), language) in label, label
    assert named and len(named) < len(plays)      # the position mixes both: the test bites


def test_PL_GRAV_1_the_gravity_hint_reads_alike_after_every_play_of_a_decision():
    """The hint after a gravity card's play ("may also take a matter token by gravity") is worded
    alike across the decision, and the phrase leaves room for it (it was clipped at 126
    characters after a play moving a marker)."""
    from rules.messages import LANGUAGES

    from tests.pulsar.test_label_length import MENU_LIMIT, host_label
    state, seat = _out_of_markers(3, 457)
    plays = [text for text in GAME.complete(state, seat, "play", 25) if " marker=" in text]
    hinted = [GAME.describe_move(state, seat, text) for text in plays]
    keys = {hint.key for hint in hinted if hint is not None}
    assert len(keys) == 1 and keys <= {"planetarium.describe.can_grav", "planetarium.describe.can_grav_words"}
    for text in plays:
        for language in LANGUAGES:
            label = host_label(GAME, state, seat, text, language)
            assert len(label) <= MENU_LIMIT and text.split()[1] in label, label
