"""EVE: Conquests through the bot: a whole 4-player game through the command tree with the
test Discord (hands, deck orders and sealed dice never in a public message), and the example
script through the console."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import rules
from bot.app import create_bot
from bot.config import Settings
from bot.console import console_main
from bot.demo import PLAYER_NAMES, random_game_script
from bot.harness import Harness

from .language_check import english_leaks
from .script_play import open_game, script_moves

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "eve-4p.txt"
CARD_ID = re.compile(r"\b(?:DV|PR|LG)\d\d\b")
GAME = rules.get_game("eve")


def test_the_example_script_is_what_the_demo_generator_writes():
    script, final = random_game_script("eve", 4, 31)
    assert script == EXAMPLE.read_text()
    assert GAME.is_over(final)


async def test_the_example_script_plays_a_whole_game_in_the_console_in_hungarian(tmp_path):
    script = EXAMPLE.read_text()
    _, final = random_game_script("eve", 4, 31)
    out = io.StringIO()
    code = await console_main(Settings(), db_path=str(tmp_path / "c.db"), board_dir=str(tmp_path / "boards"),
                              stdin=io.StringIO(script), stdout=out, seed=31, locale="hu")
    text = out.getvalue()
    assert code == 0
    assert "Traceback" not in text and "Nem te következel" not in text
    winner = PLAYER_NAMES[GAME.winners(final)[0]]
    assert re.search(rf"1\. {winner} \(\w+\): {max(GAME.scores(final))} 🏆", text)


@pytest.mark.slow
async def test_a_four_player_game_through_discord_keeps_hands_and_dice_secret(tmp_path):
    seed = 3
    script, final = random_game_script("eve", 4, seed)
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    bot.service.seed_source = lambda: seed
    harness = Harness(bot, guild_id=1, channel_id=100)
    harness.world.guild_locale = "hu"
    users = {name: 600 + index for index, name in enumerate(PLAYER_NAMES)}
    for name, user_id in users.items():
        harness.add_user(user_id, name, locale="en-US" if name == "dave" else "hu")
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
