import sys

import pytest

import rules
from bot import cogs
from bot.service import GameService
from bot.storage_sqlite import SqliteStorage

from . import toy_game


_STUB_PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108020000009077"
                          "53de0000000c4944415408d763f8cfc000000301010018dd8db00000000049454e44ae426082")


@pytest.fixture(autouse=True)
def stub_png_encoding(request, monkeypatch):
    """End-to-end tests are about messages, not pictures: boards are still drawn (so a
    renderer failure shows), but PNG encoding, most of the CPU of a game played through
    Discord, returns a fixed 1x1 image.  Mark a test ``images`` to encode for real."""
    if request.node.get_closest_marker("images") is None:
        import renderers.common
        monkeypatch.setattr(renderers.common, "to_png", lambda image, **_: _STUB_PNG)


@pytest.fixture(autouse=True)
def discord_checks_request_bodies(monkeypatch):
    """The test Discord refuses (400) every request body Discord's OpenAPI description refuses."""
    from bot.harness import FakeDiscord
    from tests.discord_api_spec.validator import validate
    monkeypatch.setattr(FakeDiscord, "request_validator", staticmethod(validate))


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


@pytest.fixture
async def harness(tmp_path, toy_registered, clock):
    """The test Discord with the bot, the toy game and alice, bob and carol (a file can
    override it)."""
    from .test_cogs import make_harness
    harness = await make_harness(tmp_path, clock)
    yield harness
    await harness.close()


@pytest.fixture
async def console(tmp_path):
    """A Hungarian console acting as alice on a started test Discord (console tests)."""
    import io

    from bot.app import create_bot
    from bot.config import Settings
    from bot.console import MAIN_CHANNEL_ID, Console
    from bot.harness import Harness

    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    harness = Harness(bot, guild_id=4242, channel_id=MAIN_CHANNEL_ID)
    await harness.start()
    made = Console(bot, harness, io.StringIO(), tmp_path / "boards", "hu")
    await made.learn_commands()
    made.act_as_silently("alice")
    made.user = "alice"
    yield made
    await harness.close()
