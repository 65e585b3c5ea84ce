"""Planetarium end to end: a whole game from a console script, and a whole 3-player game
through the Discord harness with a check after every move that no hand card or deck
order leaks into a public message."""
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

from .script_play import open_game, script_moves

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "planetarium-2p.txt"
CARD_ID = re.compile(r"\b[LHF]\d\d\b(?!/)")   # not the "H13/U12" habitability sums
GAME = rules.get_game("planetarium")


def expected_final(script: str, seed: int):
    """Replay the script's moves through the rules core alone."""
    state = GAME.new_game(GAME.normalize_options({"players": 2}), seed)
    current = "alice"
    for line in script.splitlines():
        if line.startswith("as "):
            current = line[3:].strip()
        elif line.startswith("/planetarium move "):
            seat = PLAYER_NAMES.index(current)
            state = GAME.apply(state, GAME.parse_move(state, seat, line[len("/planetarium move "):]))
    return state


async def test_the_example_script_replays_a_whole_game_in_the_console(tmp_path):
    script = EXAMPLE.read_text()
    final = expected_final(script, 9)
    assert GAME.is_over(final)
    out = io.StringIO()
    code = await console_main(Settings(), db_path=str(tmp_path / "c.db"), board_dir=str(tmp_path / "boards"),
                              stdin=io.StringIO(script), stdout=out, seed=9)
    text = out.getvalue()
    assert code == 0
    assert "not allowed" not in text and "Sorry" not in text and "not your turn" not in text.lower()
    standings = text[text.rindex("Final standings:"):]
    winner = PLAYER_NAMES[GAME.winners(final)[0]]
    scores = GAME.scores(final)
    assert re.search(rf"1\. {winner} \(\w+\): {max(scores)} 🏆", standings)
    assert len(list((tmp_path / "boards").glob("*.png"))) > 100


def one_reply(sent) -> str:
    return "\n".join(item.content for item in sent if item.content)


def test_the_example_script_is_what_the_demo_generator_writes():
    script, _ = random_game_script("planetarium", 2, 9)
    assert script == EXAMPLE.read_text()


HUNGARIAN_WORDS = (("draw ", "húz "), ("discard ", "dobd el "), ("pass", "passz"), ("mv ", "mozgat "),
                   ("play ", "kijátszik "), ("done", "kész"))


def in_hungarian(move: str) -> str:
    """The move as a Hungarian player may type it (the log still shows the notation)."""
    for english, hungarian in HUNGARIAN_WORDS:
        if move.startswith(english):
            return hungarian + move[len(english):]
    return move


@pytest.mark.slow
async def test_a_three_player_game_through_discord_keeps_hands_secret(tmp_path, monkeypatch):
    """A mixed table on a Hungarian server: alice and bob read Hungarian (alice types her moves
    in Hungarian), carol English.  The thread and its images are Hungarian with no English
    phrase; carol's private replies are English; no hand card or deck order ever leaks."""
    from bot.i18n import t
    from tests.renderers.text_spy import record_texts

    from .language_check import english_leaks, notation_leaks

    drawn = record_texts(monkeypatch)
    seed = 7
    script, final = random_game_script("planetarium", 3, seed)
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    bot.service.seed_source = lambda: seed
    harness = Harness(bot, guild_id=1, channel_id=100)
    harness.world.guild_locale = "hu"
    users = {name: 500 + index for index, name in enumerate(PLAYER_NAMES[:3])}
    for name, user_id in users.items():
        harness.add_user(user_id, name, locale="en-US" if name == "carol" else "hu")
    await harness.start()
    try:
        thread = await open_game(harness, users, "planetarium", 3)
        game_id = (await bot.storage.game_by_thread(thread)).id
        moves = 0
        typed = lambda player, move: in_hungarian(move) if player == "alice" else move   # noqa: E731
        async for line, move, sent in script_moves(harness, users, "planetarium", thread, script, typed):
            moves += 1
            state = (await bot.service.load(game_id)).state
            secret = {card for player in state.players for card in player.hand} | \
                     {card for deck in state.decks.values() for card in deck}
            assert not sent.errors, (line, sent.errors)
            for item in sent:
                if item.ephemeral or item.kind == "autocomplete":
                    continue
                leaked = set(CARD_ID.findall(item.content or "")) & secret
                assert not leaked, (line, item.content)
            assert any(item.content for item in sent if not item.ephemeral), line   # images only as the turn passes
        text = "\n".join(item.content or "" for item in sent)
        assert GAME.is_over(state) and t("game_over_standings", "hu") in text
        winners = [PLAYER_NAMES[seat] for seat in GAME.winners(final)]
        assert re.search(rf"1\. {winners[0]} \(\w+\): {max(GAME.scores(final))} 🏆", text)
        # the public log and status never show a hand either
        replies = list(await harness.slash(users["bob"], "planetarium log", channel_id=thread, count=50))
        replies += await harness.slash(users["bob"], "planetarium status", channel_id=thread)
        for item in replies:
            assert item.content and not set(CARD_ID.findall(item.content)) & secret
        assert moves == script.count("/planetarium move ")
        public = [item.content for item in harness.world.sent if item.content and not item.ephemeral]
        assert drawn, "the board images were drawn and read"
        assert english_leaks(public + [text for text, _ in drawn]) == []
        carol = one_reply(await harness.slash(users["carol"], "planetarium status", channel_id=thread))
        assert "Game over" in carol           # carol reads English
        log = one_reply(await harness.slash(users["alice"], "planetarium log", channel_id=thread, count=50))
        # the log reads in the reader's words, not the stored notation (issue 24)
        assert notation_leaks([log] + public, "planetarium") == []
    finally:
        await harness.close()
