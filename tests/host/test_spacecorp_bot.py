"""Space Corp through the bot: the example script through the console (Hungarian), a 3-player
game through the test Discord in which no public message names a card hidden in a hand, and the
standing auto-pass orders for Edges (the rules answer with them: tests/spacecorp/test_edges.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.spacecorp import moves as mv
from bot.demo import random_game_script

from .language_check import english_leaks
from .script_play import console_replay_reaches_the_winner, hungarian_harness, open_game, script_moves

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "spacecorp-3p.txt"
TWO_ERAS = Path(__file__).resolve().parents[2] / "examples" / "spacecorp-2eras-3p.txt"
THREE_ERAS = Path(__file__).resolve().parents[2] / "examples" / "spacecorp-3eras-3p.txt"
# a card id; "T1" followed by "termelési" is the Hungarian production value of a tile, not a Time card
GAME = rules.get_game("spacecorp")


def test_the_example_script_is_what_the_demo_generator_writes():
    script, final = random_game_script("spacecorp", 3, 4)
    assert script == EXAMPLE.read_text() and GAME.is_over(final)
    assert "/spacecorp move edge " in script and "/spacecorp move decline" in script   # Edges are played


async def test_the_example_script_plays_a_whole_game_in_the_console_in_hungarian(tmp_path):
    _, final = random_game_script("spacecorp", 3, 4)
    text = await console_replay_reaches_the_winner(tmp_path, EXAMPLE.read_text(), 4, GAME, final)
    assert "Reakcióablak" in text


def test_the_two_era_example_is_what_the_demo_generator_writes():
    script, final = random_game_script("spacecorp", 3, 5, options={"eras": "1-2"})
    assert script == TWO_ERAS.read_text() and GAME.is_over(final) and final.era == "E2"
    for command in ("choose legacy=@", "choose progress=", "/spacecorp move idea ", "/spacecorp move edge "):
        assert command in script                                         # Legacy, Progress cards, ideas, Edges


async def test_the_two_era_example_plays_through_the_console_in_hungarian_to_the_winner(tmp_path):
    _, final = random_game_script("spacecorp", 3, 5, options={"eras": "1-2"})
    text = await console_replay_reaches_the_winner(tmp_path, TWO_ERAS.read_text(), 5, GAME, final)
    assert "Örökölt Termelés" in text and "Kezdődik: Bolygókutatók (2. kor)." in text


def test_the_three_era_example_is_what_the_demo_generator_writes():
    script, final = random_game_script("spacecorp", 3, 11, options={"eras": "1-3"})
    assert script == THREE_ERAS.read_text() and GAME.is_over(final) and final.era == "E3"
    for command in ("choose legacy=@", "choose progress=", "/spacecorp move colonize ", " bases=D3-",
                    "/spacecorp move edge "):
        assert command in script                                 # Legacy, Progress, colonies, star systems, Edges


async def test_the_three_era_example_plays_through_the_console_in_hungarian_to_the_winner(tmp_path):
    _, final = random_game_script("spacecorp", 3, 11, options={"eras": "1-3"})
    text = await console_replay_reaches_the_winner(tmp_path, THREE_ERAS.read_text(), 11, GAME, final)
    assert "Kezdődik: Csillagutazók (3. kor)." in text and "kolonizál" in text


@pytest.mark.slow
@pytest.mark.parametrize("options,seed", [({}, 5), ({"eras": "1-2"}, 5), ({"eras": "1-3"}, 11)],
                         ids=["mariners", "two-eras", "three-eras"])
async def test_SC_CARD_9_a_three_player_game_through_discord_never_shows_a_hidden_hand_card(tmp_path, options, seed):
    script, final = random_game_script("spacecorp", 3, seed, options=options)
    bot, harness, users = hungarian_harness(tmp_path, seed, 3, 900)
    await harness.start()
    try:
        thread = await open_game(harness, users, "spacecorp", 3, **options)
        game_id = (await bot.storage.game_by_thread(thread)).id
        state = (await bot.service.load(game_id)).state
        holder_of = {user_id: name for name, user_id in users.items()}
        dms = prompts = 0
        async for line, move, sent in script_moves(harness, users, "spacecorp", thread, script):
            before_public = {card for card in state.offer if card} | set(state.discards)
            state = (await bot.service.load(game_id)).state
            pings = [item.content for item in sent if item.content and "<@" in item.content and not item.ephemeral]
            if state.windows and not state.pending and pings:           # the ping names the decision
                assert any(word in text for text in pings                   # in the reader's notation
                           for word in ("`decline`", "`elutasít`", "infra-discard", "infra-dobás")), (line, pings)
                prompts += 1
            for seat, hand in enumerate(state.hands.cards):
                secret = set(hand) - before_public
                for item in sent:
                    if item.kind == "autocomplete" or not item.content:
                        continue
                    named = mv.cards_named(item.content) & secret   # either language's card codes
                    if not named:
                        continue
                    # only the holder may read it: a DM to them, or their own ephemeral reply
                    assert item.kind == "dm" or item.ephemeral, (line, item.content)
                    if item.kind == "dm":
                        dms += 1
                        assert holder_of[item.user_id] == ("alice", "bob", "carol")[seat], (line, item.content)
        assert GAME.is_over(state) and GAME.scores(state) == GAME.scores(final)
        assert dms > 0                                                   # draws reached their owners privately
        assert prompts > 0                                               # reaction windows were pinged as such
        public = [item.content for item in harness.world.sent if item.content and not item.ephemeral
                  and item.kind != "dm"]
        assert english_leaks(public) == []
    finally:
        await harness.close()


async def test_an_auto_pass_order_is_saved_and_shown_in_status(tmp_path):
    bot, harness, users = hungarian_harness(tmp_path, 1, 3, 950, english=("alice", "bob", "carol"))
    await harness.start()
    try:
        thread = await open_game(harness, users, "spacecorp", 3)
        saved = await harness.slash(users["bob"], "spacecorp autopass", channel_id=thread, edge="EG-HACK",
                                    policy="pass")
        assert "Hack: always declines" in saved[0].content and saved[0].ephemeral
        status = "\n".join(item.content for item in await harness.slash(users["alice"], "spacecorp status",
                                                                          channel_id=thread))
        assert "Hack: always declines" in status and "asks for every Edge" in status
        bad = await harness.slash(users["bob"], "spacecorp autopass", channel_id=thread, edge="EG-NOPE",
                                  policy="pass")
        assert bad[0].ephemeral and "EG-HACK" in bad[0].content
        prefs = (await bot.storage.get_user_settings(users["bob"])).prefs["spacecorp"]
        assert prefs == {"autopass_EG-HACK": {"choice": "pass"}}                   # the bad one changed nothing
    finally:
        await harness.close()


async def test_the_active_player_is_told_who_decides_on_an_open_window(tmp_path):
    script, _ = random_game_script("spacecorp", 3, 4)
    bot, harness, users = hungarian_harness(tmp_path, 4, 3, 980, english=("alice", "bob", "carol"))
    await harness.start()
    try:
        thread = await open_game(harness, users, "spacecorp", 3)
        game_id = (await bot.storage.game_by_thread(thread)).id
        async for _line, _move, _sent in script_moves(harness, users, "spacecorp", thread, script):
            state = (await bot.service.load(game_id)).state
            if state.windows and state.windows[-1].waiting[0] != state.turn.seat:
                break
        active = ("alice", "bob", "carol")[state.turn.seat]
        reply = await harness.slash(users[active], "spacecorp move", channel_id=thread, text="pass")
        assert reply[0].ephemeral and reply[0].content.startswith("It is not your move: ")
        assert "is deciding whether to play an Edge" in reply[0].content
    finally:
        await harness.close()
