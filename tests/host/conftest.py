import sys

import pytest

import rules
from bot import cogs
from bot.service import GameService
from bot.storage_sqlite import SqliteStorage

from . import toy_game


@pytest.fixture
def toy_registered(monkeypatch):
    """Make the toy game a hosted game: rules core, renderer and cog."""
    monkeypatch.setitem(rules._GAME_MODULES, "toy", "tests.host.toy_game")
    monkeypatch.setitem(sys.modules, "renderers.toy", toy_game)
    monkeypatch.setitem(cogs.GAME_COGS, "toy", "tests.host.toy_cog:ToyCog")
    return toy_game.GAME


class FakeClock:
    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float = 0, seconds: float = 0) -> None:
        self.now += hours * 3600 + seconds


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def storage():
    store = SqliteStorage(":memory:", snapshot_every=5)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
def service(storage, clock, toy_registered):
    return GameService(storage, clock=clock, snapshot_every=5, seed_source=lambda: 1234)
