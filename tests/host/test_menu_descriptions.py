"""A select menu's option carries the move's words as its label and what the move does as its
description, the grey line Discord shows under the label on every client (desktop and phone),
each within Discord's 100 characters: nothing is cut to fit the other.  Autocomplete choices and
buttons have no description field: they keep the one-line label ("Pass with booster 3: +1 ore").
The test Discord refuses what Discord refuses in a select option: a label or value outside
1-100 characters, a description over 100 or empty (Discord refuses "": it is omitted instead),
an emoji that is neither a custom one nor a Unicode emoji."""
from __future__ import annotations

import io
from types import SimpleNamespace

import pytest

import tests.host.toy_game as toy
from bot.cogs.base import menu_option, move_label
from rules.messages import Msg, render

from .test_cogs import ALICE, BOB, started_game
from .test_harness import _bare_world, _post, _row

LONG = "x" * 60 + " " + "y" * 60      # a description of 121 characters


def _menu(sent):
    reply = next(item for item in sent if item.components)
    return reply, reply.components[0]["components"][0]


@pytest.mark.parametrize("locale,language", [("en-US", "en"), ("hu", "hu")])
async def test_the_hand_menu_puts_each_moves_description_on_its_own_line(harness, monkeypatch, locale, language):
    """/hand's private menu of moves: the label says the move ("Pick a bonus (2)"), the
    description what it does, never glued to the label; one longer than 100 characters is
    clipped to 100 on its own line and never sent longer (the test Discord would refuse it)."""
    def describe_move(self, state, seat, text):
        return Msg("toy.phrase.add", value=text[-1]) if text != "pick 3" else LONG

    monkeypatch.setattr(toy.ToyGame, "describe_move", describe_move)
    thread, _ = await started_game(harness)
    harness.set_locale(ALICE, locale)
    sent = await harness.slash(ALICE, "toy hand", channel_id=thread)
    assert not sent.errors
    reply, menu = _menu(sent)
    options = {option["value"]: option for option in menu["options"]}
    assert list(options) == ["pick 1", "pick 2", "pick 3"]
    words = render(Msg("toy.phrase.pick", value=2), language, label=True)
    described = render(Msg("toy.phrase.add", value=2), language, label=True)
    assert options["pick 2"]["label"] == words and options["pick 2"]["description"] == described
    assert described not in options["pick 2"]["label"]                     # not on the label's line too
    assert len(options["pick 3"]["description"]) <= 100 and options["pick 3"]["description"].endswith("…")
    # autocomplete has no description field: the move and what it does on one line, as before
    choices = await harness.autocomplete(ALICE, "toy move", focused="text", channel_id=thread, text="pick 2")
    joined = render(Msg("move_with_description", move=Msg("toy.phrase.pick", value=2),
                        description=Msg("toy.phrase.add", value=2)), language, label=True)
    assert [choice["name"] for choice in choices] == [joined]
    # the option chosen is the move made
    chosen = await harness.click(ALICE, reply.message_id, menu["custom_id"], channel_id=thread, values=["pick 2"])
    assert any(words in (item.content or "") and item.ephemeral for item in chosen)


async def test_a_move_without_a_description_sends_none_not_an_empty_one(harness):
    """The toy game describes no move: its options carry no description key at all (an empty
    string is refused by Discord)."""
    thread, _ = await started_game(harness)
    sent = await harness.slash(ALICE, "toy hand", channel_id=thread)
    assert not sent.errors
    _reply, menu = _menu(sent)
    assert all("description" not in option for option in menu["options"])


def test_a_description_that_repeats_the_words_is_left_out():
    """Never the same thing twice: a description the move's words already say gives the option
    no description, as the one-line label gives none."""
    game = SimpleNamespace(redact_move=lambda state, seat, text: text, move_phrase=lambda state, seat, text: None,
                           describe_move=lambda state, seat, text: text.split()[-1])
    loaded = SimpleNamespace(game=game, state=None)
    assert menu_option(loaded, 0, "pick 2", "en") == ("pick 2", None)
    assert move_label(loaded, 0, "pick 2", "en") == "pick 2"


async def test_PL_SETUP_6_planetariums_hand_menu_says_what_each_discard_keeps_under_it(tmp_path):
    """PL-SETUP-6: the opening discard of a final card from a hand of two, offered in /hand's menu to a Hungarian
    and an English player: each option is the discard in words, the card kept and its points on
    the line under it; the one-line label (autocomplete) still joins them."""
    from bot.cogs.base import move_words
    from .script_play import hungarian_harness, open_game

    bot, harness, users = hungarian_harness(tmp_path, 4, 2, 900, english=("bob",))
    await harness.start()
    try:
        thread = await open_game(harness, users, "planetarium", 2)
        loaded = await bot.service.load((await bot.storage.game_by_thread(thread)).id)
        for name, language in (("alice", "hu"), ("bob", "en")):
            sent = await harness.slash(users[name], "planetarium hand", channel_id=thread)
            assert not sent.errors
            _reply, menu = _menu(sent)
            seat = loaded.record.seat_of(users[name])
            assert len(menu["options"]) == 2
            for option in menu["options"]:
                words = move_words(loaded, seat, option["value"], language, secret_shown=True, label=True)
                said = render(loaded.game.describe_move(loaded.state, seat, option["value"]), language, label=True)
                assert option["label"] == words and option["description"] == said
                # the one-line label joins them (the description in lower case after the colon)
                assert said not in option["label"]
                assert said.casefold() in move_label(loaded, seat, option["value"], language).casefold()
    finally:
        await harness.close()


def test_the_test_discord_refuses_what_discord_refuses_in_a_select_option():
    world = _bare_world()

    def menu(**option) -> dict:
        return {"components": [_row({"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a", **option}]})]}

    assert _post(world, menu(description="d" * 100)) == 200
    assert _post(world, menu(description=None)) == 200                   # null: no description
    assert _post(world, menu(description="d" * 101)) == 400
    assert _post(world, menu(description="")) == 400                     # omitted, never empty
    assert _post(world, menu(label="")) == 400 and _post(world, menu(value="")) == 400
    assert _post(world, menu(label="l" * 101)) == 400 and _post(world, menu(value="v" * 101)) == 400
    assert _post(world, menu(emoji={"name": "🚀"})) == 200 and _post(world, menu(emoji={"id": "1", "name": "x"})) == 200
    assert _post(world, menu(emoji={"name": "rocket"})) == 400            # a shortcode is the client's
    too_many = {"components": [_row({"type": 3, "custom_id": "s",
                                     "options": [{"label": str(n), "value": str(n)} for n in range(26)]})]}
    assert _post(world, too_many) == 400


@pytest.mark.parametrize("locale,language", [("en-US", "en"), ("hu", "hu")])
async def test_the_console_shows_a_menus_descriptions_under_its_options(harness, monkeypatch, tmp_path, locale,
                                                                          language):
    """The console draws a menu as Discord does: each option on its own line, its description
    (in the reader's language) on the line under it; a menu without descriptions stays one line."""
    from bot.console import Console

    monkeypatch.setattr(toy.ToyGame, "describe_move", lambda self, state, seat, text: Msg("toy.phrase.add", value=2)
                        if text == "pick 2" else None)
    thread, _ = await started_game(harness)
    harness.set_locale(ALICE, locale)
    out = io.StringIO()
    console = Console(harness.bot, harness, out, tmp_path / "boards", language)
    console.users, console.user, console.channel_id = {"alice": ALICE}, "alice", thread
    console.show(await harness.slash(ALICE, "toy hand", channel_id=thread))
    lines = out.getvalue().splitlines()
    head = render(Msg("console.menu_lines", menu=""), language).rstrip("\n")
    start = lines.index(head)
    words = [render(Msg("toy.phrase.pick", value=n), language, label=True) for n in (1, 2, 3)]
    assert lines[start + 1:start + 5] == [f"      1) {words[0]}", f"      2) {words[1]}",
                                          "         " + render(Msg("toy.phrase.add", value=2), language, label=True),
                                          f"      3) {words[2]}"]
    await console.choose("2")                                           # chosen by its number, as before
    assert words[1] in out.getvalue().split(head)[-1]
    # without descriptions: the one-line menu, as before
    monkeypatch.setattr(toy.ToyGame, "describe_move", lambda self, state, seat, text: None)
    harness.set_locale(BOB, locale)
    console.users["bob"], console.user = BOB, "bob"
    console.show(await harness.slash(BOB, "toy hand", channel_id=thread))
    assert out.getvalue().splitlines()[-1] == render(
        Msg("console.menu", menu="  ".join(f"{n}) {word}" for n, word in enumerate(words, 1))), language)
