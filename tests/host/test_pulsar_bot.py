"""Pulsar 2849 through the bot: the example script through the console (Hungarian), and a
4-player game through the test Discord where hidden tiles and the sealed HQ sides never reach
a public message."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from bot.demo import random_game_script

from .language_check import english_leaks, notation_leaks
from .script_play import console_replay_reaches_the_winner, hungarian_harness, open_game, script_moves

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pulsar-3p.txt"
TILE_ID = re.compile(r"\b(?:PS\d\d|EX\d\d)\b")
GAME = rules.get_game("pulsar")


def test_the_example_script_is_what_the_demo_generator_writes():
    script, final = random_game_script("pulsar", 3, 1)
    assert script == EXAMPLE.read_text() and GAME.is_over(final)


async def test_the_example_script_plays_a_whole_game_in_the_console_in_hungarian(tmp_path):
    _, final = random_game_script("pulsar", 3, 1)
    await console_replay_reaches_the_winner(tmp_path, EXAMPLE.read_text(), 1, GAME, final)


@pytest.mark.slow
async def test_a_four_player_game_through_discord_keeps_hidden_tiles_and_hq_sides_secret(tmp_path):
    seed = 2
    script, final = random_game_script("pulsar", 4, seed)
    bot, harness, users = hungarian_harness(tmp_path, seed, 4, 700)
    await harness.start()
    try:
        thread = await open_game(harness, users, "pulsar", 4)
        game_id = (await bot.storage.game_by_thread(thread)).id
        async for line, move, sent in script_moves(harness, users, "pulsar", thread, script):
            state = (await bot.service.load(game_id)).state
            hidden = {s.tile for s in state.systems.values() if not s.revealed} | {state.unseen_tile} | \
                set(state.exploration.pile)
            sealed = move.startswith("hqside") and state.phase == "hq_side"
            for item in sent:
                if item.ephemeral or item.kind == "autocomplete":
                    continue
                content = item.content or ""
                assert not set(TILE_ID.findall(content)) & hidden, (line, content)
                assert not (sealed and move in content), (line, content)
        assert GAME.is_over(state) and GAME.scores(state) == GAME.scores(final)
        public = [item.content for item in harness.world.sent if item.content and not item.ephemeral]
        assert english_leaks(public) == []
        assert notation_leaks(public, "pulsar") == []     # moves read in Hungarian words (issue 24)
    finally:
        await harness.close()


async def test_a_standing_buy_order_is_saved_and_shown_in_status(tmp_path):
    bot, harness, users = hungarian_harness(tmp_path, 1, 3, 800, english=("alice", "bob", "carol"))
    await harness.start()
    try:
        thread = await open_game(harness, users, "pulsar", 3)
        saved = await harness.slash(users["bob"], "pulsar autobuy", channel_id=thread, policy="always")
        assert "always pays when possible" in saved[0].content and saved[0].ephemeral
        status = "\n".join(item.content for item in await harness.slash(users["alice"], "pulsar status",
                                                                          channel_id=thread))
        assert "always pays when possible" in status
    finally:
        await harness.close()


def test_PU_PB_1_the_standing_order_answers_the_production_decision():
    from rules.pulsar.state import OwnTransmitter
    state = GAME.new_game({"players": 3, "first_game": True}, 1)
    state.phase, state.pending = "production", [0]
    state.players[0].transmitters = [OwnTransmitter("TX-A07", [1, 2], True)]      # PROD-BUY(2)
    move, reason = GAME.auto_move(state, 0, {"prod_buy": {"choice": "always"}})
    assert GAME.format_move(move) == "prod TX-A07" and "TX" not in str(reason)
    move, _reason = GAME.auto_move(state, 0, {"prod_buy": {"choice": "never"}})
    assert GAME.format_move(move) == "prod none"
    assert GAME.auto_move(state, 0, {}) is None


async def test_PU_P_SETUP_17_the_thread_announces_every_side_and_the_hand_shows_ones_own(tmp_path):
    bot, harness, users = hungarian_harness(tmp_path, 1, 3, 900, english=("alice", "bob", "carol"))
    await harness.start()
    try:
        thread = await open_game(harness, users, "pulsar", 3)
        await harness.slash(users["alice"], "pulsar move", channel_id=thread, text="hqside 2")
        hand = "\n".join(item.content or "" for item in await harness.slash(users["alice"], "pulsar hand",
                                                                            channel_id=thread))
        assert "you chose side 2" in hand
        other = "\n".join(item.content or "" for item in await harness.slash(users["bob"], "pulsar hand",
                                                                             channel_id=thread))
        assert "you chose" not in other
        # choosing again says the side is sealed (P-SETUP-17), not "not your turn"
        again = await harness.slash(users["alice"], "pulsar move", channel_id=thread, text="hqside 1")
        refusal = "\n".join(item.content or "" for item in again)
        assert all(item.ephemeral for item in again if item.content)
        assert "cannot be changed" in refusal and "not your turn" not in refusal.lower(), refusal
        await harness.slash(users["bob"], "pulsar move", channel_id=thread, text="oldal 2")
        sent = await harness.slash(users["carol"], "pulsar move", channel_id=thread, text="hqside 1")
        public = "\n".join(item.content or "" for item in sent if not item.ephemeral)
        assert "A HQ-táblák oldalai felfedve: Piros 2, Zöld 2, Kék 1." in public, public   # the thread is Hungarian
    finally:
        await harness.close()


async def test_the_status_names_what_each_standing_order_is_about(tmp_path):
    """Newcomer report 2026-11-27b N5: "Állandó utasítások: - alice: mindig kérdez" did not say of
    what; an order whose choice alone does not say it is named (``<pref>.status``)."""
    from bot.i18n import t
    from rules.messages import Msg
    bot, harness, users = hungarian_harness(tmp_path, 3, 2, 950)
    await harness.start()
    try:
        await harness.slash(users["alice"], "pulsar new", channel_id=100, players=2, computers=1)
        thread = list(harness.threads)[-1]
        await harness.slash(users["alice"], "pulsar start", channel_id=thread)
        sent = await harness.slash(users["alice"], "pulsar status", channel_id=thread)
        text = "\n".join(s.content for s in sent if s.content)
        assert t("standing_order_named", "hu", name=Msg("pulsar.pref.prod_buy.status"),
                 choice=t("pulsar.pref.prod_buy.ask", "hu")) in text
    finally:
        await harness.close()
