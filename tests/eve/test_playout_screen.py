"""The playouts' screen (issue 29, speed): ``random_move`` skips the checks of the moves
``_surely_refused`` and ``_blocked_kinds`` name, so the screen may only name moves the checks
refuse (EVE-OUT-2, EVE-LOG-5, EVE-DEV-3/4, EVE-PREP-2, EVE-CARD-2/4, EVE-RND-3, EVE-POL-5), and
``random_move`` must draw exactly the move it drew without the screen (the same random draws:
a seeded computer game plays the same moves)."""
from __future__ import annotations

import random

import pytest

from rules.eve import GAME, suggestions
from rules.eve.state import GameState


def positions(players: int, seed: int, moves: int, every: int) -> list[GameState]:
    """Every ``every``-th position of a seeded random game (preparation, rounds and battles)."""
    state = GAME.new_game({"players": players}, seed)
    rng = random.Random(seed)
    found = []
    for number in range(moves):
        if GAME.is_over(state):
            break
        if number % every == 0:
            found.append(state)
        seat = rng.choice(sorted(GAME.waiting_for(state)))
        move = GAME.random_move(state, seat, rng)
        assert move is not None
        state = GAME.apply(state, move)
    return found


POSITIONS = [(players, state) for players, seed in ((2, 3), (3, 4), (4, 5))
             for state in positions(players, seed, 900, 7)]


def test_EVE_RND_3_the_screen_names_only_moves_the_checks_refuse():
    screened = checked = 0
    for _players, state in POSITIONS:
        blocked = suggestions._blocked_kinds(state)
        for seat in sorted(GAME.waiting_for(state)):
            for move in GAME._candidates(state, seat):
                refused = move.kind in blocked or suggestions._surely_refused(state, move)
                if refused:
                    screened += 1
                    assert not GAME._legal(state, move), GAME.format_move(move)
                checked += 1
    assert screened > checked // 10          # the screen does screen (outposts, spent actions...)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_move_draws_what_it_drew_without_the_screen(players, monkeypatch):
    states = [state for count, state in POSITIONS if count == players]
    seats = [sorted(GAME.waiting_for(state)) for state in states]
    screened_rng, plain_rng = random.Random(players), random.Random(players)
    screened = [GAME.random_move(state, seat, screened_rng) for state, waiting in zip(states, seats) for seat in waiting]
    monkeypatch.setattr(suggestions, "_surely_refused", lambda state, move: False)
    monkeypatch.setattr(suggestions, "_blocked_kinds", lambda state: frozenset())
    plain = [GAME.random_move(state, seat, plain_rng) for state, waiting in zip(states, seats) for seat in waiting]
    assert screened == plain
    assert screened_rng.random() == plain_rng.random()     # the same draws were made


def test_a_rounds_kinds_are_generated_as_the_round_generates_them():
    """``_round_kind_candidates`` (random_move generates only the kinds it tries) yields each
    kind's moves exactly as ``_round_candidates`` does, in the same order (EVE-RND-3)."""
    rounds = 0
    for _players, state in POSITIONS:
        rnd = state.round
        if state.phase != "round" or rnd is None or rnd.reveals_due or rnd.pending_keep or rnd.peek:
            continue
        rounds += 1
        seat = rnd.seat
        every = list(GAME._round_candidates(state, seat))
        for kind in GAME._allowed_kinds(state) | {move.kind for move in every}:
            assert list(suggestions._round_kind_candidates(GAME, state, seat, kind)) == \
                [move for move in every if move.kind == kind], kind
    assert rounds > 50
