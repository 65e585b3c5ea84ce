"""EVE: Conquests through the bot: a whole 4-player game through the command tree with the
test Discord (hands, deck orders and sealed dice never in a public message), and the example
script through the console."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from rules.messages import Msg, render
from bot.demo import random_game_script

from .language_check import english_leaks
from .script_play import console_replay_reaches_the_winner, hungarian_harness, open_game, script_moves

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "eve-4p.txt"
CARD_ID = re.compile(r"\b(?:DV|PR|LG)\d\d\b")
GAME = rules.get_game("eve")


def test_the_example_script_is_what_the_demo_generator_writes():
    script, final = random_game_script("eve", 4, 31)
    assert script == EXAMPLE.read_text()
    assert GAME.is_over(final)


async def test_the_example_script_plays_a_whole_game_in_the_console_in_hungarian(tmp_path):
    _, final = random_game_script("eve", 4, 31)
    await console_replay_reaches_the_winner(tmp_path, EXAMPLE.read_text(), 31, GAME, final)


@pytest.mark.slow
async def test_a_four_player_game_through_discord_keeps_hands_and_dice_secret(tmp_path):
    seed = 3
    script, final = random_game_script("eve", 4, seed)
    bot, harness, users = hungarian_harness(tmp_path, seed, 4, 600, english=("dave",))
    await harness.start()
    try:
        thread = await open_game(harness, users, "eve", 4)
        game_id = (await bot.storage.game_by_thread(thread)).id
        moves = 0
        async for line, move, sent in script_moves(harness, users, "eve", thread, script):
            moves += 1
            state = (await bot.service.load(game_id)).state
            secret = {card for hand in state.hands.cards for card in hand} | \
                     {card for deck in state.decks.values() for card in deck.pile}
            sealed = move.startswith("dice ") and state.combat is not None and state.combat.step == "dice"
            for item in sent:
                if item.ephemeral or item.kind == "autocomplete":
                    continue
                content = item.content or ""
                assert not set(CARD_ID.findall(content)) & secret, (line, content)
                assert not (sealed and move in content), (line, content)
        assert moves == script.count("/eve move ") and GAME.is_over(state)
        assert GAME.scores(state) == GAME.scores(final)
        replies = list(await harness.slash(users["bob"], "eve log", channel_id=thread, count=50))
        replies += await harness.slash(users["bob"], "eve status", channel_id=thread)
        for item in replies:
            assert item.content and not set(CARD_ID.findall(item.content)) & secret
        # a Hungarian server: the thread speaks Hungarian only (dave's own replies are English)
        public = [item.content for item in harness.world.sent if item.content and not item.ephemeral]
        assert english_leaks(public) == []
    finally:
        await harness.close()


@pytest.mark.slow
async def test_EVE_CMB_5_a_hungarian_client_gets_dice_values_in_words_and_sending_one_seals_the_dice(tmp_path):
    """Issue 24: at the dice step a Hungarian player's autocomplete offers "kocka 5 sérülés,
    0 pajzs, 1 taktika" (words with spaces, never "5sérülés" or "5d"), finds the choice as it is
    typed, and the value sent back is accepted as the move."""
    seed = 3
    script, _final = random_game_script("eve", 4, seed)
    bot, harness, users = hungarian_harness(tmp_path, seed, 4, 700)
    await harness.start()
    try:
        thread = await open_game(harness, users, "eve", 4)
        record = await bot.storage.game_by_thread(thread)
        chooser = None
        async for _line, _move, _sent in script_moves(harness, users, "eve", thread, script):
            state = (await bot.service.load(record.id)).state
            if state.combat is not None and state.combat.step == "dice":
                seat = min(GAME.waiting_for(state))
                record = await bot.storage.game_by_thread(thread)
                chooser = next(user for user in users.values() if record.seat_of(user) == seat)
                break
        assert chooser is not None
        choices = await harness.autocomplete(chooser, "eve move", focused="text", channel_id=thread, text="kocka 1 ")
        values = [choice["value"] for choice in choices]
        assert values and all(re.fullmatch(r"kocka 1 sérülés, \d pajzs, \d taktika", value) for value in values), values
        wording = render(Msg("eve.phrase.dice", d=1, s=0, t=0), "hu", label=True)   # the chooser's own choice
        assert all(choice["name"].startswith(wording.split(" ")[0] + " ") and "kockát" in choice["name"] for choice in choices)
        await harness.slash(chooser, "eve move", channel_id=thread, text=values[0])
        after = (await bot.service.load(record.id)).state
        assert seat not in GAME.waiting_for(after) or after.combat is None or after.combat.step != "dice"
    finally:
        await harness.close()


async def test_a_lobby_says_what_a_number_with_a_meaning_means(tmp_path):
    """Newcomer report 2026-11-27b E3: a Trinity lobby listed "győzelmipont-cél: 0", a target of
    0 VP to a reader; an option's number with a catalogue text (``eve.param.vp_target.0``) is
    shown as that text."""
    from bot.cogs.base import lobby_option_name
    from bot.i18n import t
    bot, harness, users = hungarian_harness(tmp_path, 7, 2, 900)
    await harness.start()
    try:
        sent = await harness.slash(users["alice"], "eve new", channel_id=100, players=2)
        lobby = "\n".join(s.content for s in sent if s.content)
        assert ": " + t("eve.param.vp_target.0", "hu") in lobby
        zeros = [line for line in lobby.splitlines() if line.endswith(": 0")]
        assert zeros == [t("option_shown", "hu", name=lobby_option_name("computers", "hu"), value=0)]   # a count
    finally:
        await harness.close()
