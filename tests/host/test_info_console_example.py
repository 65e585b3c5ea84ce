"""Newcomer report N16 (console only): ``? /gaia MARK`` (an unknown subcommand) is answered
with an example of the game the player named (``? /gaia lépés``), never another game's."""
from __future__ import annotations

from typing import Any

import pytest



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
