"""One message catalogue for every user-facing text of the host.

English lives in `data/i18n/en.json`.  A Hungarian catalogue is added by dropping
`data/i18n/hu.json` with the same keys: command names and descriptions are translated at
sync time by :class:`CatalogueTranslator`, replies at run time by :func:`t` with the
interaction's locale.  Missing keys fall back to English.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache
from typing import Any

import discord
from discord import app_commands

import data

log = logging.getLogger(__name__)
DEFAULT_LANGUAGE = "en"
# Discord's rule for command, group and option names (lower case where a case exists).
_NAME_PATTERN = re.compile(r"^[-_'\w]{1,32}$")


@lru_cache(maxsize=None)
def catalogue(language: str) -> dict[str, str]:
    try:
        return data.load_json("i18n", f"{language}.json")
    except FileNotFoundError:
        return {}


def language_of(locale: discord.Locale | str | None) -> str:
    if locale is None:
        return DEFAULT_LANGUAGE
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return value.split("-")[0].lower()


def t(key: str, locale: discord.Locale | str | None = None, **values: Any) -> str:
    """The text for ``key`` in the locale's language (English fallback), formatted."""
    text = catalogue(language_of(locale)).get(key) or catalogue(DEFAULT_LANGUAGE).get(key)
    if text is None:
        log.error("message key %r missing from the catalogue", key)
        text = key
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        log.error("message %r could not be formatted with %r", key, sorted(values))
        return text


def ls(key: str) -> app_commands.locale_str:
    """A command/parameter/choice string: English text now, translated at sync time."""
    return app_commands.locale_str(t(key), key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
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
