"""Planetarium's hidden draws through the kit (issue 27 #6): ``reveals_information`` (what undo
refuses) follows from the mechanics recorded on ``rng`` (a rules.kit.Chance), and answers as the
hand-written comparison of decks, discards and hands it replaced did, on every move of random
playouts (PL-DRAW-1..5, PL-SETUP-6/7, PL-CARD-1, PL-REPL-1)."""
from __future__ import annotations

import random

import pytest

from rules.kit import Chance
from rules.planetarium import GAME
from rules.planetarium.state import GameState


def old_reveals_information(before: GameState, after: GameState) -> bool:
    """The hand-written comparison Planetarium used before the kit recorded its draws."""
    if before.rng is not None and after.rng is not None and \
            (before.rng.seed, before.rng.counter) != (after.rng.seed, after.rng.counter):
        return True
    if before.decks != after.decks or before.discards != after.discards:
        return True
    return any(old.hand != new.hand or old.drawn_finals != new.drawn_finals
               or old.setup_discarded != new.setup_discarded
               for old, new in zip(before.players, after.players))


@pytest.mark.parametrize("players", (2, 3, 4))
def test_reveals_information_answers_as_the_hand_written_comparison(players: int) -> None:
    rng = random.Random(players)
    counted = {True: 0, False: 0}
    for seed in (1, 2):
        state = GAME.new_game({"players": players}, seed)
        assert isinstance(state.rng, Chance)
        for _ in range(400):
            if GAME.is_over(state):
                break
            seat = rng.choice(sorted(GAME.waiting_for(state)))
            move = GAME.random_move(state, seat, rng)
            assert move is not None
            after = GAME.apply(state, move)
            answer = GAME.reveals_information(state, move, after)
            assert answer == old_reveals_information(state, after), GAME.format_move(move)
            counted[answer] += 1
            state = after
    assert counted[True] > 20 and counted[False] > 20


def test_PL_DRAW_a_draw_is_recorded_by_the_kit() -> None:
    """The deals of the setup and each card drawn are counted as revealed on ``rng``."""
    state = GAME.new_game({"players": 2}, 4)
    assert state.rng is not None and state.rng.revealed == 2 * 3 * 2      # two cards of each deck per seat
