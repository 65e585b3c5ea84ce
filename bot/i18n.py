"""Texts for Discord: the shared message catalogue (:mod:`rules.messages`) plus what only
Discord needs, the translator of command names and descriptions.

Replies only one user sees use that user's locale (``interaction.locale``); posts in a
game's thread use the game's language; DMs the language last seen from the user.  Missing
texts fall back to English.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands

from rules.messages import DEFAULT_LANGUAGE, Msg, catalogue, language_of, render

log = logging.getLogger(__name__)
# Discord's rule for command, group and option names (lower case where a case exists).
_NAME_PATTERN = re.compile(r"^[-_'\w]{1,32}$")


def t(key: str, locale: discord.Locale | str | None = None, **values: Any) -> str:
    """The text for ``key`` in the locale's language (English fallback), formatted; values
    may be messages themselves (translated in the same language)."""
    return render(Msg(key, **values), language_of(locale))


def tr(message: Msg | str, locale: discord.Locale | str | None = None, *, label: bool = False) -> str:
    """A message value (or notation, unchanged) as text in the locale's language; ``label``:
    offered to the reader as their own choice (its keys' label variants, see ``label_key``)."""
    return render(message, language_of(locale), label=label)


def ls(key: str) -> app_commands.locale_str:
    """A command/parameter/choice string: English text now, translated at sync time."""
    return app_commands.locale_str(t(key), key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        names = (app_commands.TranslationContextLocation.command_name,
                 app_commands.TranslationContextLocation.group_name,
                 app_commands.TranslationContextLocation.parameter_name)
        if key is None and context.location in names:
            key = f"name.{string.message}"    # command, group and option names: "name.<english name>"
        language = language_of(locale)
        if key is None or language == DEFAULT_LANGUAGE:
            return None
        text = catalogue(language).get(key)
        if text is None:
            return None
        if context.location in (app_commands.TranslationContextLocation.command_name,
                                app_commands.TranslationContextLocation.group_name,
                                app_commands.TranslationContextLocation.parameter_name):
            if text != text.lower() or not _NAME_PATTERN.match(text):
                # Discord would reject the whole sync; keep the English name instead.
                log.warning("translation %r for %s is not a valid command name; ignored", text, key)
                return None
        return text
