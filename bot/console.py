"""A local console that plays through the real cogs, without Discord.

Type slash commands as text (``/planetarium new players:2``), act as different players
(``as bob``), see the bot's replies as text; board images are written to a folder.  When
standard input is not a terminal the console reads a script: one command per line, lines
starting with ``#`` ignored, so a whole game can be replayed from a file.
"""
from __future__ import annotations

import asyncio
import functools
import itertools
import os
import re
import shlex
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Callable, TextIO

import discord
from discord import app_commands

from .app import BoardGameBot, create_bot
from .config import Settings
from .harness import Harness, ThreadArchived, ThreadLocked
from rules.messages import LANGUAGES, Msg, catalogue, fold_word, language_of, render

@functools.cache
def _english_names() -> dict[str, list[str]]:
    """Every command and option name in every language the bot speaks -> the English names
    it stands for (built once: the catalogues do not change while the console runs)."""
    names: dict[str, list[str]] = {}
    for language in LANGUAGES:
        for key, text in catalogue(language).items():
            if key.startswith("name."):
                names.setdefault(text.lower(), []).append(key[5:])
    return names


def english_name(word: str, among: "list[str] | None" = None) -> str:
    """A command or option name as typed in any language the bot speaks, as its English
    name (``lépés`` -> ``move``); unknown words come back unchanged.  With ``among``, only
    those names are considered (the options of one command)."""
    names = _english_names()
    for name in names.get(word.lower(), []) or names.get(word.lower().replace("-", "_"), []):
        if among is None or name in among:
            return name
    plain = word.lower().replace("-", "_")
    return plain if among is not None and plain in among else word


def _labels_as_names(text: str, names: list[str]) -> str:
    """``első játék:igen`` as the lobby lists the option ("első játék: nem"), a label of several
    words, read as its name (``first_game:igen``; report 27h): the option reader's names are
    single words."""
    for name in names:
        for language in LANGUAGES:
            label = catalogue(language).get(f"option_label.{name}", "")
            if " " in label:
                text = re.sub(rf"(?<!\S){re.escape(label)}:", f"{name}:", text, flags=re.IGNORECASE)
    return text


class ConsoleInputError(Exception):
    """Typed input Discord's client would not send: shown to the player in the player's
    language, nothing happens."""

    def __init__(self, key: str, **values: Any):
        super().__init__(key)
        self.message = Msg(key, **values)


GUILD_ID = 4242
#: Simulations per decision of a computer player when the console runs with ``--seed``: its
#: moves then depend on the seed and the position only, so a script with computers replays.
SEEDED_COMPUTER_ITERATIONS = 10
MAIN_CHANNEL_ID = 100
FIRST_USER_ID = 1001


class Console:
    def __init__(self, bot: BoardGameBot, harness: Harness, out: TextIO, board_dir: Path, locale: str = "en-US"):
        self.bot = bot
        self.locale = locale        # the client language of players created from now on
        self.harness = harness
        self.out = out
        self.board_dir = board_dir
        self.users: dict[str, int] = {}
        self.user = ""
        self.channel_id = MAIN_CHANNEL_ID
        self.buttons: list[tuple[int, int, str, str]] = []      # message id, channel, custom id, label
        # message, channel, custom id, values, labels, descriptions
        self.menu: tuple[int, int, str, list[str], list[str], list[str | None]] | None = None
        self.image_count = 0
        self.payloads: dict[str, dict[str, Any]] = {}    # the synced commands (learn_commands)
        # earlier runs' images stay: this run's files get the next free run number
        runs = [int(m[1]) for p in board_dir.glob("run*-*") if (m := re.match(r"run(\d+)-", p.name))]
        self.run_prefix = f"run{max(runs, default=0) + 1}-"

    # ----- users and channels ----------------------------------------------------------------
    def act_as(self, name: str) -> None:
        name = name.strip().lstrip("@").lower()
        if not re.fullmatch(r"[a-z0-9_]{1,32}", name):
            self.tell("console.bad_name")
            return
        if name not in self.users:
            self.act_as_silently(name)
        self.user = name
        self.tell("console.now_user", name=name)

    def user_id_of(self, text: str) -> int:
        name = text.strip().lstrip("@").lower()
        match = re.fullmatch(r"<@!?(\d+)>", text.strip())
        if match:
            return int(match[1])
        if name not in self.users:
            self.act_as_silently(name)
        return self.users[name]

    def act_as_silently(self, name: str) -> None:
        user_id = FIRST_USER_ID + len(self.users)
        self.users[name] = user_id
        self.harness.add_user(user_id, name, locale=self.locale)

    def channel_name(self, channel_id: int) -> str:
        if channel_id == MAIN_CHANNEL_ID:
            return "#main"
        thread = self.harness.threads.get(channel_id)
        return f"#{thread['name']}" if thread else f"#{channel_id}"

    def switch_channel(self, target: str) -> None:
        target = target.strip().lstrip("#")
        if target in ("main", str(MAIN_CHANNEL_ID)):
            self.channel_id = MAIN_CHANNEL_ID
        else:
            for thread_id, thread in self.harness.threads.items():
                if target in (str(thread_id), thread["name"]) or thread["name"].endswith(f"#{target}"):
                    self.channel_id = thread_id
                    break
            else:
                names = ", ".join(t["name"] for t in self.harness.threads.values()) or "-"
                self.tell("console.no_channel", names=names)
                return
        self.tell("console.now_in", channel=self.channel_name(self.channel_id))

    def set_locale(self, code: str) -> None:
        locale = {"hu": "hu", "en": "en-US"}.get(code.lower())
        if locale is None:
            self.tell("console.languages")
            return
        self.harness.set_locale(self.users[self.user], locale)
        self.tell("console.now_reads", name=self.user, language=Msg(f"console.language.{language_of(locale)}"))

    # ----- parsing -----------------------------------------------------------------------------
    def find_command(self, words: list[str]) -> tuple[Any, list[str]]:
        """The app command named by the leading words (English or localised names, as a
        Hungarian client shows them: ``/eve lépés``), and the words left over."""
        node: Any = self.bot.tree.get_command(english_name(words[0])) if words else None
        if node is None:
            return None, words
        used = 1
        while isinstance(node, app_commands.Group):
            if used >= len(words):
                return node, []
            child = node.get_command(english_name(words[used]))
            if child is None:
                return node, words[used:]
            node, used = child, used + 1
        return node, words[used:]

    async def learn_commands(self) -> None:
        """Register the command tree with the test Discord, as an operator does once, so the
        console shows command, option and choice names as a client in each language would."""
        await self.bot.sync_commands()
        self.payloads = {node["name"]: node for node in self.harness.world.commands.get(None, [])}

    def payload(self, path: str, option: str | None = None) -> dict[str, Any]:
        """The synced description of a command (``"pulsar move"``) or of one of its options."""
        words = path.split()
        node: dict[str, Any] = self.payloads.get(words[0], {}) if words else {}
        for word in words[1:] + ([option] if option else []):
            node = next((child for child in node.get("options") or [] if child["name"] == word), {})
        return node

    def language(self) -> str:
        return language_of(self.harness.world.locales.get(self.users.get(self.user, 0), self.locale))

    def local(self, node: dict[str, Any], fallback: str) -> str:
        """A synced name as the current player's client shows it."""
        if not node:
            return fallback
        shown: str = (node.get("name_localizations") or {}).get(self.language(), node["name"])
        return shown

    def command_shown(self, path: str) -> str:
        """``pulsar move`` as the player's client shows it (``pulsar lépés``)."""
        words = path.split()
        return " ".join(self.local(self.payload(" ".join(words[:i + 1])), word) for i, word in enumerate(words))

    def option_shown(self, command: app_commands.Command[Any, ..., Any], name: str) -> str:
        return self.local(self.payload(command.qualified_name, name), name)

    def choice_names(self, command: app_commands.Command[Any, ..., Any], param: app_commands.Parameter) -> list[tuple[Any, list[str]]]:
        """Each choice's value and every name a client may show for it, the player's first."""
        synced = {choice["value"]: choice for choice in self.payload(command.qualified_name, param.name).get("choices", [])}
        named = []
        for choice in param.choices:
            node = synced.get(choice.value, {})
            names = [self.local(node, choice.name), choice.name, *(node.get("name_localizations") or {}).values()]
            named.append((choice.value, names))
        return named

    def parse_options(self, command: app_commands.Command[Any, ..., Any], text: str) -> dict[str, Any]:
        """``name:value`` options as Discord's client would send them; what the client would
        not let anyone send (an unknown option, a word for a number, a value outside the
        choices or range, a missing required option) raises ConsoleInputError."""
        params = list(command.parameters)
        names = [param.name for param in params]
        shown = self.command_shown(command.qualified_name)
        options: dict[str, str] = {}
        if names and text.strip():
            text = _labels_as_names(text, names)
            # letters (a hyphen between, as the lobby writes "győzelmipont-cél") only: "T1:R29" is a move
            pattern = re.compile(r"(?:^|\s)([^\W\d]+(?:-[^\W\d]+)*):")
            found = list(pattern.finditer(text))
            named = [english_name(match[1], names) for match in found]
            unknown = [match[1] for match, name in zip(found, named) if name not in names]
            if unknown:
                raise ConsoleInputError("console.no_option", command=shown, option=unknown[0],
                                        names=", ".join(self.option_shown(command, name) for name in names))
            head = text[: found[0].start()] if found else text
            if head.strip():
                options[names[0]] = head.strip()
            for index, match in enumerate(found):
                end = found[index + 1].start() if index + 1 < len(found) else len(text)
                options[named[index]] = text[match.end():end].strip()
        elif text.strip():
            raise ConsoleInputError("console.no_options", command=shown)
        missing = [self.option_shown(command, param.name) for param in params
                   if param.required and param.name not in options]
        if missing:
            raise ConsoleInputError("console.needs", command=shown, names=", ".join(missing), example=missing[0])
        return {param.name: self.option_value(command, param, unquoted(options[param.name])) for param in params
                if param.name in options}

    def choice_value(self, command: app_commands.Command[Any, ..., Any], param: app_commands.Parameter, option: str,
                     raw: str) -> Any:
        """The choice ``raw`` names: its value or one of its names, whole or its first words,
        accents and case aside (``ülésrend:csatlakozás`` for "csatlakozás sorrendjében").
        A value no choice fits is refused with every value and its name (what to type); words
        that begin several names are refused with those."""
        named = self.choice_names(command, param)
        for choice_value, names in named:
            if raw == str(choice_value) or raw.lower() in (name.lower() for name in names):
                return choice_value
        typed = choice_words(raw)
        spellings = [(choice_value, [choice_words(text) for text in (str(choice_value), *names)])
                     for choice_value, names in named]
        for test in (lambda words: words == typed, lambda words: words[:len(typed)] == typed):
            found = [choice_value for choice_value, forms in spellings if typed and any(map(test, forms))]
            if len(found) == 1:
                return found[0]
            if found:
                listed = [(value, names) for value, names in named if value in found]
                raise ConsoleInputError("console.ambiguous_choice", option=option, value=raw,
                                        values=self.choices_listed(listed))
        raise ConsoleInputError("console.one_of", option=option, value=raw, values=self.choices_listed(named))

    def choices_listed(self, named: list[tuple[Any, list[str]]]) -> str:
        """Each choice as what to type: a code (a value with a digit) and its name in the
        player's language ("`1-2` – Mariners, then Planeteers (eras 1-2)"); else the name alone,
        which is typed as it reads ("`csatlakozás sorrendjében`", never the English value)."""
        return "; ".join(self.text("console.choice", value=str(value), label=names[0])
                         if any(char.isdigit() for char in str(value)) else self.text("console.choice_plain", value=names[0])
                         for value, names in named)

    def option_value(self, command: app_commands.Command[Any, ..., Any], param: app_commands.Parameter, raw: str) -> Any:
        kind = discord.AppCommandOptionType
        option = self.option_shown(command, param.name)
        if param.choices:
            return self.choice_value(command, param, option, raw)
        if param.type == kind.user:
            return self.user_id_of(raw)
        if param.type == kind.boolean:
            truth = {word: True for word in ("true", "yes", "1", "on", "igaz", "igen")}
            truth.update({word: False for word in ("false", "no", "0", "off", "hamis", "nem")})
            if raw.lower() not in truth:
                raise ConsoleInputError("console.boolean", option=option, value=raw)
            return truth[raw.lower()]
        if param.type in (kind.integer, kind.number):
            try:
                value: Any = int(raw) if param.type == kind.integer else float(raw)
            except ValueError:
                key = "console.whole_number" if param.type == kind.integer else "console.number"
                raise ConsoleInputError(key, option=option, value=raw) from None
            low, high = param.min_value, param.max_value
            if (low is not None and value < low) or (high is not None and value > high):
                raise ConsoleInputError("console.between", option=option, low=low, high=high)
            return value
        return raw

    # ----- output ------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def text(self, key: str, **values: Any) -> str:
        """A console text in the current player's language."""
        locale = self.harness.world.locales.get(self.users.get(self.user, 0), self.locale)
        return render(Msg(key, **values), language_of(locale))

    def tell(self, key: str, **values: Any) -> None:
        self.say(self.text(key, **values))

    def show(self, sent: list[Any]) -> None:
        for item in sent:
            if item.kind in ("autocomplete", "other", "thread"):
                continue
            if item.kind == "dm":
                where = self.text("console.where_dm", name=self.name_of(item.user_id))
            elif item.ephemeral:
                where = self.text("console.where_only", name=self.user)
            else:
                where = f"[{self.channel_name(item.channel_id or self.channel_id)}]"
            if item.content:
                self.say(f"{where} {self.readable(item.content)}")
            elif not item.files:
                continue
            for name, data in item.files:
                self.image_count += 1
                path = self.board_dir / f"{self.run_prefix}{self.image_count:03d}-{name}"
                path.write_bytes(data)
                self.tell("console.board_image", path=str(path))
            self.remember_components(item)

    def name_of(self, user_id: int | None) -> str:
        for name, known in self.users.items():
            if known == user_id:
                return name
        return str(user_id)

    def readable(self, content: str) -> str:
        return re.sub(r"<@!?(\d+)>", lambda m: "@" + self.name_of(int(m[1])), content)

    def remember_components(self, item: Any) -> None:
        rows = item.components or []
        buttons, menu = [], None
        for row in rows:
            for component in row.get("components", []):
                if component.get("type") == 2 and component.get("custom_id"):
                    buttons.append((item.message_id, item.channel_id, component["custom_id"], component.get("label", "")))
                elif component.get("type") == 3:
                    options = component.get("options", [])
                    values = [option["value"] for option in options]
                    labels = [option.get("label") or option["value"] for option in options]   # what Discord shows
                    described = [option.get("description") for option in options]   # grey, under the label
                    menu = (item.message_id, item.channel_id, component["custom_id"], values, labels, described)
        if buttons:
            self.buttons = buttons
            self.tell("console.buttons", buttons=" ".join(f"[{label}]" for *_, label in buttons))
        if menu:
            self.menu = menu
            if not any(menu[5]):
                self.tell("console.menu", menu="  ".join(f"{n}) {label}" for n, label in enumerate(menu[4], 1)))
                return
            # as Discord shows it: each option on its line, its description on the line under it
            self.tell("console.menu_lines", menu="\n".join(
                f"      {n}) {label}" + (f"\n         {description}" if description else "")
                for n, (label, description) in enumerate(zip(menu[4], menu[5]), 1)))

    # ----- one line ----------------------------------------------------------------------------
    async def handle(self, line: str) -> bool:
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        if line == "help":
            self.tell("console.help")
        elif line == "users":
            self.tell("console.players", names=", ".join(self.text("console.you", name=name) if name == self.user else name
                                                           for name in self.users))
        elif line.startswith("as "):
            self.act_as(line[3:])
        elif line.startswith("locale "):
            self.set_locale(line[7:].strip())
        elif line.startswith("channel "):
            self.switch_channel(line[8:])
        elif line.startswith("click "):
            await self.click(line[6:].strip().lower())
        elif line.startswith("choose "):
            await self.choose(line[7:].strip())
        elif line.startswith("?"):
            await self.suggest(line[1:].strip())
        elif line.startswith("/"):
            await self.slash(line[1:])
        else:
            self.tell("console.slash_first")
        return True

    async def slash(self, text: str) -> None:
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        command, _rest = self.find_command(words[:3])
        if isinstance(command, app_commands.Group):
            names = ", ".join(sorted((self.command_shown(child.qualified_name).split()[-1] for child in command.commands),
                                     key=lambda name: unicodedata.normalize("NFD", name)))   # á sorts with a
            self.tell("console.no_subcommand", command=self.command_shown(command.qualified_name), names=names)
            return
        if not isinstance(command, app_commands.Command):
            self.tell("console.unknown_command", command=text.split(" ")[0])
            return
        path = command.qualified_name
        remainder = text.strip()[len(path):].strip() if text.strip().startswith(path) else \
            " ".join(text.split()[len(path.split()):])
        try:
            options = self.parse_options(command, remainder)
        except ConsoleInputError as error:
            self.say(render(error.message, self.language()))
            return
        threads_before = set(self.harness.threads)
        mark = self.harness.mark()
        try:
            sent = await self.harness.slash(self.users[self.user], path, channel_id=self.channel_id, **options)
        except ThreadLocked:
            self.tell("console.locked")
            return
        except ThreadArchived:
            self.tell("console.archived")
            return
        self.show(sent)
        await self.show_computer_moves(mark, sent)
        new_threads = [thread_id for thread_id in self.harness.threads if thread_id not in threads_before]
        if new_threads:
            self.channel_id = new_threads[-1]
            self.tell("console.now_in_thread", channel=self.channel_name(self.channel_id))

    async def show_computer_moves(self, mark: int, shown: list[Any]) -> None:
        """Computer players answer after the command (they think in the worker pool): wait
        for them and show what they posted that the command's own answer did not."""
        await self.bot.computers.idle()
        seen = {id(item) for item in shown}
        self.show([item for item in self.harness.sent_since(mark) if id(item) not in seen])

    async def suggest(self, text: str) -> None:
        text = text.lstrip("/")
        words = text.split()
        command, _ = self.find_command(words[:3])
        if not isinstance(command, app_commands.Command):
            self.tell("console.suggest_how", example=self.suggest_example(command))
            return
        remainder = " ".join(text.split()[len(command.qualified_name.split()):])
        focused = next((p.name for p in command.parameters if p.autocomplete), None)
        if focused is None:
            self.tell("console.no_autocomplete", command=self.command_shown(command.qualified_name))
            return
        choices = await self.harness.autocomplete(self.users[self.user], command.qualified_name, focused=focused,
                                                  channel_id=self.channel_id, **{focused: remainder})
        if not choices:
            self.tell("console.no_suggestions")
        for choice in choices:   # what is typed (the value) and what it means (the label)
            shown = choice["value"] if choice["name"] == choice["value"] else f'{choice["value"]}   ({choice["name"]})'
            self.say("  " + shown)

    def suggest_example(self, node: Any) -> str:
        """``? /gaia lépés``: a command of the game the player named (``node``, its group)
        whose option autocomplete fills, ``move`` first, as the player's client shows it;
        without a game named, the first game's."""
        groups = [node] if isinstance(node, app_commands.Group) else \
            [group for group in self.bot.tree.get_commands() if isinstance(group, app_commands.Group)]
        for group in groups:
            commands = sorted(group.commands, key=lambda child: child.name != "move")
            for child in commands:
                if isinstance(child, app_commands.Command) and any(p.autocomplete for p in child.parameters):
                    return "? /" + self.command_shown(child.qualified_name)
        return "? /"

    async def click(self, label: str) -> None:
        """Press the button whose label (any case) or id is typed, or the only one whose
        label starts with what is typed (`click csatl` for [Csatlakozom]), or the only one
        whose label's word shares its stem with the typed word, accents aside (`click
        csatlakozás`, the noun, for [Csatlakozom], the verb)."""
        exact = [b for b in self.buttons if label in (b[3].lower(), b[2])]
        started = [b for b in self.buttons if label and b[3].lower().startswith(label)]
        stemmed = [b for b in self.buttons if label and same_stem(b[3], label)]
        found = exact or (started if len(started) == 1 else []) or (stemmed if len(stemmed) == 1 else [])
        if not found:
            self.tell("console.no_button", buttons=" ".join(f"[{b[3]}]" for b in self.buttons) or "-")
            return
        message_id, channel_id, custom_id, _label = found[0]
        mark = self.harness.mark()
        sent = await self.harness.click(self.users[self.user], message_id, custom_id, channel_id=channel_id)
        self.show(sent)
        await self.show_computer_moves(mark, sent)

    async def choose(self, choice: str) -> None:
        if self.menu is None:
            self.tell("console.no_menu")
            return
        message_id, channel_id, custom_id, values, labels, _described = self.menu
        value = values[int(choice) - 1] if choice.isdigit() and 0 < int(choice) <= len(values) else \
            dict(zip(labels, values)).get(choice, choice)
        if value not in values:
            self.tell("console.not_in_menu", values=", ".join(f"{n}) {label}" for n, label in enumerate(labels, 1)))
            return
        mark = self.harness.mark()
        sent = await self.harness.click(self.users[self.user], message_id, custom_id, channel_id=channel_id,
                                        values=[value])
        self.show(sent)
        await self.show_computer_moves(mark, sent)


#: how many leading letters a typed word and a button's word share to be one word's two forms
#: ("csatlakoz-ás" / "csatlakoz-om"): Hungarian endings are short, stems rarely shorter
STEM = 6


def same_stem(label: str, typed: str) -> bool:
    """True when ``typed`` and ``label`` (accents and case aside) share their first
    :data:`STEM` letters, typed one word being at least that long: two forms of one word."""
    a, b = fold_word(label), fold_word(typed)
    return len(b) >= STEM and len(os.path.commonprefix([a, b])) >= STEM


def choice_words(text: str) -> list[str]:
    """A choice's value or name as words without case and accents, what a typed value is
    compared by: "Csak Bolygókutatók (2. kor)" -> ["csak", "bolygokutatok", "2", "kor"]."""
    return re.findall(r"\w+", fold_word(text))


def unquoted(value: str) -> str:
    """``old:"Computer 1"``: a newcomer quotes a value with spaces; Discord's client sends it bare."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _recorded_setup(from_setup: Callable[[dict[str, Any]], Any], record: dict[str, Any], options: dict[str, Any],
                    seed: int) -> Any:
    """A game started from ``record`` whatever its lobby options and seed."""
    return from_setup(record)


def prepare_recorded_setup(bot: BoardGameBot, path: str) -> None:
    """The next game started of each game that can read recorded setups (Gaia Project's
    fixtures) starts from the setup in ``path`` instead of its seed."""
    import json

    import rules

    with open(path, encoding="utf-8") as handle:
        record = json.load(handle)
    for name in rules.available_games():
        game = rules.get_game(name)
        from_setup = getattr(game, "from_setup", None)
        if from_setup is not None:
            bot.service.prepared_setups[name] = functools.partial(_recorded_setup, from_setup, record)


async def restore_threads(bot: BoardGameBot, harness: Harness) -> None:
    """A database kept with --db holds games whose threads this console's Discord has never
    seen: open them again (same ids), so `channel` enters them and commands work there."""
    import rules

    from .i18n import t
    from .service import game_language

    for status in ("lobby", "active"):
        for record in await bot.storage.list_games(status=status):
            if record.thread_id is None or record.thread_id in harness.world.channels:
                continue
            name = t("thread_name", game_language(record), title=rules.get_game(record.game).title_msg(),
                     game_id=record.id)
            thread = harness.world.create_thread(record.channel_id if record.channel_id in harness.world.channels
                                                 else MAIN_CHANNEL_ID,
                                                 {"name": name, "auto_archive_duration": 10080},
                                                 message_id=record.thread_id)
            harness.world.emit("THREAD_CREATE", thread)


async def console_main(settings: Settings, *, db_path: str | None, board_dir: str, stdin: TextIO,
                       stdout: TextIO, seed: int | None = None, setup_file: str | None = None,
                       locale: str = "en") -> int:
    interactive = stdin.isatty()
    board_path = Path(board_dir)
    board_path.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="boardgames-console-") as scratch:
        database = db_path or str(Path(scratch) / "console.db")
        bot = create_bot(settings.with_overrides(database_path=database), start_reminders=False)
        if seed is not None:   # fixed seeds make a script replay the same game every time
            seeds = itertools.count(seed)
            bot.service.seed_source = lambda: next(seeds)
            # ... computers included: a fixed number of simulations, never the clock
            bot.computers.iterations = SEEDED_COMPUTER_ITERATIONS
        if setup_file:
            prepare_recorded_setup(bot, setup_file)
        # a computer player's turn may think longer than the harness waits: the console waits
        # for it itself (Console.show_computer_moves)
        harness = Harness(bot, guild_id=GUILD_ID, channel_id=MAIN_CHANNEL_ID, ignore_tasks=("computer-",))
        client_locale = "hu" if locale == "hu" else "en-US"
        harness.world.guild_locale = client_locale    # a Hungarian server: games default to Hungarian
        await harness.start()
        console = Console(bot, harness, stdout, board_path, client_locale)
        await console.learn_commands()
        await restore_threads(bot, harness)
        console.act_as_silently("alice")
        console.user = "alice"
        try:
            if interactive:
                console.tell("console.welcome", path=f"{board_path}/")
                if db_path is None:
                    console.tell("console.temporary_db")
            while True:
                if interactive:
                    try:
                        line = await asyncio.to_thread(input, f"{console.user} {console.channel_name(console.channel_id)}> ")
                    except EOFError:
                        break
                else:
                    line = stdin.readline()
                    if not line:
                        break
                    if line.strip() and not line.lstrip().startswith("#"):
                        console.say(f"> {line.rstrip()}")
                if not await console.handle(line):
                    break
        finally:
            await harness.close()
    return 0
