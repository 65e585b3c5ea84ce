"""A thread's move line and the log say a move in full; only a label (autocomplete, a menu
option, a button) says a long move in fewer words to fit Discord's limits.  The fitting came
with the labels (tests/<game>/test_label_length.py); the fluent review of 2026-11-27 found the
brief forms in thread posts ("speciális akció: űrállomás; ..."), where no limit applies."""
from __future__ import annotations

import pytest

from rules.messages import LANGUAGES, render
from tests.pulsar.test_label_length import playout_positions

GAMES = ("gaia", "eve", "planetarium", "pulsar", "spacecorp")


@pytest.mark.parametrize("name", GAMES)
def test_the_full_phrase_is_never_shorter_than_the_labels_and_sometimes_longer(name):
    """Contract ``full_phrase``: the fullest wording of the same facts: at least as long as the
    label's phrase in every language, and longer for the moves the label had to shorten (each
    game has such moves: the label tests found them over the limit before the fitting)."""
    longer = 0
    for game, state, seats in playout_positions(name, 3, 5, 3):
        for seat in seats:
            for move in list(game.legal_moves(state, seat))[:60]:
                text = game.format_move(move)
                label, full = game.move_phrase(state, seat, text), game.full_phrase(state, seat, text)
                assert (label is None) == (full is None), text
                if label is None:
                    continue
                sizes = [(len(render(label, language)), len(render(full, language))) for language in LANGUAGES]
                assert all(short <= whole for short, whole in sizes), (text, sizes)
                longer += any(short < whole for short, whole in sizes)
    assert longer, f"{name}: no move read in fewer words on a label than in the thread"


def test_the_host_writes_a_thread_line_in_full_and_a_label_fitted():
    """bot/cogs/base.py ``move_words``: a thread post's move line, the log and a DM take
    ``full_phrase``; autocomplete, menus and buttons (``label=True``) take ``move_phrase``."""
    from types import SimpleNamespace

    from bot.cogs.base import move_words
    for game, state, seats in playout_positions("gaia", 3, 5, 3):
        for seat in seats:
            for move in game.legal_moves(state, seat):
                text = game.format_move(move)
                label, full = game.move_phrase(state, seat, text), game.full_phrase(state, seat, text)
                if label is None or render(label, "hu") == render(full, "hu"):
                    continue
                loaded = SimpleNamespace(game=game, state=state)
                assert move_words(loaded, seat, text, "hu") == render(full, "hu")
                assert move_words(loaded, seat, text, "hu", label=True) == render(label, "hu", label=True)
                return
    raise AssertionError("no Gaia move read in fewer words on a label")
