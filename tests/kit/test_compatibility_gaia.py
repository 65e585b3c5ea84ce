"""Gaia's state copy and JSON through the kit's plumbing (issue 27 #5) instead of pickle: saved
games keep their stored JSON byte for byte and load back to the same state, the copy equals
pickle's, and a move made on a copy leaves the original untouched (only the parts no move
changes in place are shared).  Checked on random playouts (2-4 players, full states and views)
and along the 8 recorded games (tests/fixtures/gaia)."""
from __future__ import annotations

import json
import pickle
import random
from typing import Any, Iterator

import pytest

import rules
from rules.gaia import GAME
from rules.gaia.replay import replay_fixture
from rules.gaia.state import SHARED_PARTS, GaiaState, clone_state, state_from_json, state_to_json
from tests.gaia.conftest import FIXTURE_FILES, load_fixture
from tests.kit.legacy import gaia as legacy

from .test_compatibility import positions


def check_stored_json(value: GaiaState) -> None:
    """The dump is what pickle's copy was (the dict itself), byte for byte; it loads back to
    an equal state, which dumps to the same text again."""
    old_text = json.dumps(legacy.state_to_json(value))
    assert json.dumps(GAME.dump_state(value)) == old_text
    assert json.dumps(state_to_json(value)) == old_text
    loaded = GAME.load_state(json.loads(old_text))
    assert loaded == value == legacy.state_from_json(json.loads(old_text))
    assert json.dumps(GAME.dump_state(loaded)) == old_text


def shared_containers(a: Any, b: Any, path: str = "state") -> Iterator[str]:
    """Where the copy ``b`` holds the very list or dict the original ``a`` holds."""
    if isinstance(a, (list, dict)):
        if a is b:
            yield path
            return
        items = a.items() if isinstance(a, dict) else enumerate(a)
        for key, item in items:
            yield from shared_containers(item, b[key], f"{path}[{key!r}]")


def check_copy(state: GaiaState, rng: random.Random) -> None:
    """The copy equals pickle's, shares only SHARED_PARTS, and a move applied to it in place
    leaves the original as it was."""
    copied = clone_state(state)
    assert copied == legacy.clone_state(state) == state
    shared = sorted(path for path in shared_containers(state, copied)
                    if not any(path == f"state[{name!r}]" for name in SHARED_PARTS))
    assert shared == []
    waiting = sorted(GAME.waiting_for(state))
    if not waiting or GAME.is_over(state):
        return
    seat = rng.choice(waiting)
    move = GAME.random_move(state, seat, rng)
    if move is None:
        return
    snapshot = pickle.dumps(state)
    GAME.apply_inplace(copied, move)
    assert pickle.loads(snapshot) == state


@pytest.mark.parametrize("players", (2, 3, 4))
def test_gaia_random_playouts_store_load_and_copy_as_before(players: int) -> None:
    game = rules.get_game("gaia")
    rng = random.Random(players)
    checked = 0
    for seed in (1, 2):
        for state in positions("gaia", players, seed):
            for value in (state, game.view(state, None), game.view(state, seed % players)):
                check_stored_json(value)
            check_copy(state, rng)
            checked += 1
    assert checked > 15


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_gaia_recorded_games_store_load_and_copy_as_before(path: Any) -> None:
    """GP-RPL-1: along each recorded game (every 7th move and the end)."""
    rng = random.Random(27)
    seen: list[int] = []

    def visit(index: int, st: GaiaState) -> None:
        if index % 7 == 0:
            check_stored_json(st)
            check_copy(clone_state(st), rng)      # a copy: the replay goes on with the original
            seen.append(index)

    final = replay_fixture(load_fixture(path.name), visit)
    check_stored_json(final)
    assert state_from_json(state_to_json(final)) == final
    assert seen
