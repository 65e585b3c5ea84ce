"""The message catalogue: every key the code uses exists, every message formats with the
values the code passes, and the translator protects Discord's naming rules."""
import re
from pathlib import Path

import discord
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
    assert t("not_seated", "de") == t("not_seated", "en-US") == catalogue("en")["not_seated"]
    assert t("not_seated", "hu") == catalogue("hu")["not_seated"] != catalogue("en")["not_seated"]


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


async def test_the_whole_command_tree_syncs_with_valid_hungarian_names_and_descriptions(tmp_path, clock):
    """Discord rejects a whole sync for one bad localisation: the fake Discord refuses what it
    refuses, and the real tree, translated, passes."""
    from bot.app import create_bot
    from bot.config import Settings
    from bot.harness import Harness

    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False, clock=clock)
    harness = Harness(bot, guild_id=1, channel_id=100)
    await harness.start()
    try:
        assert await bot.sync_commands() > 3
        synced = harness.world.commands[None]
        move = next(c for c in synced if c["name"] == "planetarium")
        sub = next(o for o in move["options"] if o["name"] == "move")
        assert sub["description_localizations"]["hu"] != sub["description"]
        assert sub["name_localizations"]["hu"] == catalogue("hu")["name.move"]

        def unnamed(items, path=""):        # every command, subcommand and option has a Hungarian name
            for item in items:
                where = f"{path}/{item['name']}"
                if "hu" not in (item.get("name_localizations") or {}):
                    yield where
                yield from unnamed(item.get("options") or [], where)
        assert list(unnamed(synced)) == []
    finally:
        await harness.close()


def test_the_fake_discord_refuses_what_discord_refuses_in_a_sync():
    from bot.harness import command_payload_error

    good = {"name": "lépés", "description": "x" * 100, "options": [
        {"type": 3, "name": "szöveg", "description": "d", "choices": [{"name": "é" * 100, "value": "v"}]}]}
    assert command_payload_error(good, "0") is None
    assert command_payload_error(dict(good, name="Lépés"), "0")[0] == "0.name"
    assert command_payload_error(dict(good, name="két szó"), "0")[0] == "0.name"
    assert command_payload_error(dict(good, description_localizations={"hu": "y" * 101}), "0")
    assert command_payload_error(dict(good, name_localizations={"hu": "x" * 33}), "0")
    assert command_payload_error(dict(good, options=[{"type": 3, "name": f"o{i}", "description": "d"}
                                                     for i in range(26)]), "0")
    huge = dict(good, description_localizations={f"l{i}": "z" * 100 for i in range(90)})
    assert command_payload_error(huge, "0")[1].startswith("Command exceeds")


async def test_game_commands_are_server_only_and_admin_is_for_administrators(tmp_path, clock):
    from bot.app import create_bot
    from bot.config import Settings
    from bot.harness import Harness

    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False, clock=clock)
    harness = Harness(bot, guild_id=1, channel_id=100)
    await harness.start()
    try:
        await bot.sync_commands()
        synced = {c["name"]: c for c in harness.world.commands[None]}
        for game in ("planetarium", "gaia"):
            assert synced[game]["contexts"] == [0] and synced[game]["dm_permission"] is False
        assert str(synced["admin"]["default_member_permissions"]) == "8" and synced["admin"]["contexts"] == [0]
        assert synced["help"].get("contexts") in (None, [0, 1, 2])     # /help works in DMs too
    finally:
        await harness.close()
