"""Newcomer report N16 (console only): ``? /gaia MARK`` (an unknown subcommand) is answered
with an example of the game the player named (``? /gaia lépés``), never another game's."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from bot.app import create_bot
from bot.config import Settings
from bot.console import MAIN_CHANNEL_ID, Console
from bot.harness import Harness


@pytest.fixture
async def console(tmp_path: Path) -> Any:
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    harness = Harness(bot, guild_id=4242, channel_id=MAIN_CHANNEL_ID)
    await harness.start()
    made = Console(bot, harness, io.StringIO(), tmp_path / "boards", "hu")
    await made.learn_commands()
    made.act_as_silently("alice")
    made.user = "alice"
    yield made
    await harness.close()


@pytest.mark.parametrize("typed,example", [("gaia MARK", "? /gaia lépés"), ("eve MARK", "? /eve lépés"),
                                           ("gaia", "? /gaia lépés")])
async def test_an_unknown_command_gets_an_example_of_the_game_named(console, monkeypatch, typed, example):
    told: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(console, "tell", lambda key, **values: told.append((key, values)))
    await console.suggest(typed)
    assert told == [("console.suggest_how", {"example": example})]


async def test_without_a_game_named_the_example_is_a_real_command(console, monkeypatch):
    told: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(console, "tell", lambda key, **values: told.append((key, values)))
    await console.suggest("MARK")
    (key, values), = told
    assert key == "console.suggest_how" and values["example"].startswith("? /") and " " in values["example"]
