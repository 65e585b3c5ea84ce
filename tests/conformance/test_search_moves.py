"""The moves a computer player weighs (contract ``search_moves``, issue 29), for every
registered game alike: a non-empty part of the legal moves wherever a seat has legal moves, so
a game that leaves dominated moves out of the search never leaves its computer without a
choice nor gives it one the rules refuse."""
from __future__ import annotations

import pytest

import rules

from .test_games import cases, recorded_playout, toy  # noqa: F401  (toy: the host's toy game too)


@pytest.mark.parametrize("name,players,options", cases())
def test_search_moves_are_a_nonempty_part_of_the_legal_moves(name, players, options):
    game = rules.get_game(name)
    positions, played = recorded_playout(name, players, options, 1000 + players)
    checked = 0
    for state, ply in positions[::7]:
        for seat in sorted(game.waiting_for(state)):
            legal = [game.format_move(move) for move in game.legal_moves(state, seat)]
            weighed = [game.format_move(move) for move in game.search_moves(state, seat)]
            where = f"{name} ply {ply} ({played[ply - 1][1] if ply else 'start'}) seat {seat}"
            assert weighed and set(weighed) <= set(legal), where
            checked += 1
    assert checked
