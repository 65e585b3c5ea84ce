"""The message catalogue: every key the code uses exists, every message formats with the
values the code passes, and the translator protects Discord's naming rules."""
import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.i18n import CatalogueTranslator, catalogue, t

BOT = Path(__file__).resolve().parents[2] / "bot"
KEY_USE = re.compile(r"""(?:\bt|\bls|UserError)\(\s*["']([a-z_.]+)["']""")


def used_keys():
    keys = set()
    for path in BOT.rglob("*.py"):
        keys.update(KEY_USE.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_key_used_in_the_code_is_in_the_english_catalogue():
    missing = sorted(key for key in used_keys() - set(catalogue("en")) if not key.endswith("."))
    assert missing == []
    assert len(used_keys()) > 60


def test_every_message_is_within_discord_limits():
    for key, text in catalogue("en").items():
        limit = 100 if key.startswith(("cmd.", "param.", "game.")) else 2000
        assert len(text) <= limit, key


def test_missing_values_never_raise():
    assert "{" in t("lobby_full")   # logged, returned unformatted rather than crashing a reply


def test_unknown_language_falls_back_to_english():
    assert t("not_seated", "hu") == t("not_seated", "en-US") == catalogue("en")["not_seated"]


async def test_translator_ignores_invalid_command_names(monkeypatch):
    from bot import i18n
    monkeypatch.setattr(i18n, "catalogue", lambda language: {"cmd.x": "Lépés Most", "param.y": "lépés",
                                                              "cmd.z": "Egy leírás"} if language == "hu" else {})
    translator = CatalogueTranslator()

    class Context:
        def __init__(self, location):
            self.location = location

    loc = app_commands.TranslationContextLocation
    name = app_commands.locale_str("x", key="cmd.x")
    assert await translator.translate(name, discord.Locale.hungarian, Context(loc.command_name)) is None
    param = app_commands.locale_str("y", key="param.y")
    assert await translator.translate(param, discord.Locale.hungarian, Context(loc.parameter_name)) == "lépés"
    description = app_commands.locale_str("z", key="cmd.z")
    assert await translator.translate(description, discord.Locale.hungarian,
                                      Context(loc.command_description)) == "Egy leírás"
    assert await translator.translate(description, discord.Locale.american_english,
                                      Context(loc.command_description)) is None
