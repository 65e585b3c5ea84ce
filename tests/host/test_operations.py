"""Issue 26: months on real Discord.  Nothing stored stays silent, departed players can be
replaced, deleted threads/channels/servers leave no zombie game, one process per database,
DMs respect the player and are paced, SIGTERM loses and silences nothing, and the
operator's tools.  Everything through the test Discord (bot.harness)."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

from bot.app import create_bot
from bot.config import Settings
from bot.harness import Harness
from bot.i18n import t
from bot.storage import ABANDONED

from .test_cogs import ALICE, BOB, CAROL, CHANNEL, one_text, started_game


async def picked(harness):
    """A started toy game where alice picked secretly: bob's pick is the next move."""
    thread, _ = await started_game(harness)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    return thread


async def sigterm_while_drawing(harness, monkeypatch, seconds: float):
    """Bob's pick (after alice's) with a board that takes ``seconds`` to draw; SIGTERM arrives
    once the move is stored, while it is drawn: (the thread, the mark before the move, the
    move's task)."""
    import time

    import bot.cogs.base as base
    thread = await picked(harness)
    real = base.render_parts
    monkeypatch.setattr(base, "render_parts", lambda *args, **kwargs: time.sleep(seconds) or real(*args, **kwargs))
    harness.bot.install_signal_handlers()
    mark = harness.mark()
    move = asyncio.create_task(harness.slash(BOB, "toy move", channel_id=thread, text="pick 2"))
    while (await harness.bot.storage.get_game(1)).ply < 2:
        await asyncio.sleep(0.01)
    await harness.sigterm()
    return thread, mark, move


def texts_in(harness, channel_id):
    return "\n".join(message.content or "" for message in harness.messages_in(channel_id))


# ----- 1. nothing stored stays silent ----------------------------------------------------------------
async def test_a_move_whose_first_answer_came_too_late_is_announced_with_the_bot_token(harness):
    thread = await picked(harness)
    harness.late_first_answer()
    mark = harness.mark()
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    record = await harness.bot.storage.get_game(1)
    assert record.ply == 2 and record.announced_ply == 2
    assert harness.notified_since(mark) == [ALICE]            # alice is told it is her turn
    posted = [s for s in harness.sent_since(mark) if s.kind == "message" and s.channel_id == thread]
    # the news and the board by the bot's own token (the toy's picture did not change: the post
    # links to where it was last shown instead of attaching it again)
    assert posted and "picks a bonus" in posted[-1].content
    assert posted[-1].files or "/channels/" in posted[-1].content
    assert not [e for e in harness.errors]


async def test_a_move_stored_before_a_crash_is_announced_at_the_next_start(harness, tmp_path, clock):
    thread = await picked(harness)
    # The process dies between storing bob's move and announcing it.
    await harness.bot.service.submit(1, BOB, "pick 2")
    assert (await harness.bot.storage.unannounced())[0].id == 1
    mark = harness.mark()
    await harness.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False,
                                     clock=clock))
    await harness.settle()
    assert t("recovered_news", "en") in texts_in(harness, thread)
    assert harness.notified_since(mark) == [ALICE]
    assert await harness.bot.storage.unannounced() == []
    await harness.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False,
                                     clock=clock))
    await harness.settle()
    assert harness.notified_since(mark) == [ALICE]             # announced once, not at every start


async def test_a_move_recovered_after_a_crash_brings_the_news_it_made(harness, tmp_path, clock, monkeypatch):
    """A move stored before a crash is announced at the next start with the public news stored
    with it (what it did), as the thread would have shown it, not the move line alone."""
    from rules.messages import Msg, render

    from .toy_game import GAME, ToyGame
    monkeypatch.setattr(ToyGame, "events", lambda self, before, move, after: [
        Msg("toy.status.counter", counter=after.counter, target=after.target)] if move.kind == "pick" else [])
    thread = await picked(harness)
    await harness.bot.service.submit(1, BOB, "pick 2")           # the process dies before announcing it
    await harness.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False,
                                     clock=clock))
    await harness.settle()
    posted = texts_in(harness, thread)
    recovered = posted[posted.index(t("recovered_news", "en")):]
    news = render(Msg("toy.status.counter", counter=0, target=GAME.new_game({"players": 2}, 1).target), "en")
    assert t("event_line", "en", event=news) in recovered


async def test_a_busy_database_gets_a_first_answer_in_time_and_the_move_in_the_thread(harness, monkeypatch):
    import bot.cogs.base as base
    monkeypatch.setattr(base, "FIRST_ANSWER_SECONDS", 0.3)
    thread = await picked(harness)
    held = asyncio.Event()

    async def backup_holding_the_database():
        async with harness.bot.storage._lock:
            held.set()
            await asyncio.sleep(1.0)

    holder = asyncio.create_task(backup_holding_the_database())
    await held.wait()
    mark = harness.mark()
    sent = await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    await holder
    first = [s for s in sent if s.kind == "response"][0]
    assert first.ok and first.callback_type == 5 and first.ephemeral   # answered privately, in time
    assert harness.notified_since(mark) == [ALICE]
    assert (await harness.bot.storage.get_game(1)).announced_ply == 2


async def test_every_move_logs_one_line_with_its_game_ply_and_latency(harness, caplog):
    thread = await picked(harness)
    with caplog.at_level(logging.INFO, logger="bot.app"):
        await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("move game=")]
    assert len(lines) == 1 and "game=1 ply=2" in lines[0] and "first_answer_ms=" in lines[0]


# ----- 2. a departed player's seat ----------------------------------------------------------------------
async def test_the_seat_of_a_player_who_left_the_server_can_be_handed_on(harness, clock):
    thread = await picked(harness)
    harness.member_leaves(BOB, delete_account=True)
    clock.advance(hours=73)
    choices = await harness.autocomplete(ALICE, "toy substitute", "old", channel_id=thread, old="bo")
    assert [c["value"] for c in choices] == [str(BOB)]
    mark = harness.mark()
    sent = await harness.slash(ALICE, "toy substitute", channel_id=thread, old=str(BOB), new=CAROL)
    assert "takes over" in one_text(sent)
    assert harness.notified_since(mark) == [CAROL]              # nobody pings the departed
    record = await harness.bot.storage.get_game(1)
    assert record.seat_of(CAROL) == 1 and record.seat_of(BOB) is None
    assert record.announced_ply == record.ply
    await harness.slash(CAROL, "toy move", channel_id=thread, text="pick 2")


async def test_a_departed_player_gets_no_more_reminders(harness, clock):
    await picked(harness)
    harness.member_leaves(BOB)
    clock.advance(hours=13)
    reports = await harness.bot.reminders.run_once()
    assert reports == []
    assert (await harness.bot.storage.get_user_settings(BOB)).gone
    assert await harness.bot.game_cog("toy").present([ALICE, BOB]) == [ALICE]   # no turn pings either
    mark = harness.mark()
    clock.advance(hours=25)
    assert await harness.bot.reminders.run_once() == []
    assert not [s for s in harness.sent_since(mark) if s.user_id == BOB] and BOB not in harness.notified_since(mark)
    harness.add_user(BOB, "bob")                                # back in the server, and seen
    harness.set_dm_closed(BOB, False)
    await harness.slash(BOB, "games", channel_id=CHANNEL)
    assert not (await harness.bot.storage.get_user_settings(BOB)).gone


# ----- 3. threads, channels and servers that disappear ---------------------------------------------------
@pytest.mark.parametrize("what", ["thread", "channel", "server"])
async def test_a_removed_thread_channel_or_server_ends_its_games(harness, clock, what):
    thread = await picked(harness)
    if what == "thread":
        harness.delete_channel(thread)
    elif what == "channel":
        harness.delete_channel(CHANNEL)
    else:
        harness.remove_bot_from_guild()
    await harness.settle()
    record = await harness.bot.storage.get_game(1)
    assert record.status == ABANDONED
    assert await harness.bot.storage.waiting() == []            # no reminders, no deadlines
    if what != "server":
        text = one_text(await harness.slash(ALICE, "games", channel_id=CHANNEL if what == "thread" else None)
                        if what == "thread" else await _games_elsewhere(harness))
        assert "#1" not in text


async def _games_elsewhere(harness):
    other = harness.world.new_id()
    harness.world.channels[other] = dict(harness.world.channels.get(CHANNEL) or _text_channel(harness, other),
                                         id=str(other))
    return await harness.slash(ALICE, "games", channel_id=other)


def _text_channel(harness, channel_id):
    return {"id": str(channel_id), "type": 0, "guild_id": str(harness.guild_id), "name": "other", "position": 1,
            "permission_overwrites": [], "parent_id": None, "nsfw": False, "topic": None,
            "rate_limit_per_user": 0, "last_message_id": None, "flags": 0}


async def test_a_thread_deleted_while_the_bot_was_away_is_found_by_the_reminder_pass(harness, clock, tmp_path):
    thread = await picked(harness)
    await harness.close()
    harness.delete_channel(thread, while_offline=True)          # no event: the bot was offline
    await harness.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False,
                                     clock=clock))
    clock.advance(hours=13)
    assert await harness.bot.reminders.run_once() == []
    assert (await harness.bot.storage.get_game(1)).status == ABANDONED
    assert harness.dms_to(BOB) == []                            # no DM with a dead link


async def test_a_moderator_abandons_a_game_by_number_from_another_channel(harness):
    await picked(harness)
    harness.add_user(77, "mod")
    refused = one_text(await harness.slash(CAROL, "toy abandon", channel_id=CHANNEL, game=1))
    assert "creator or a moderator" in refused
    harness.world.allow_in_channel(CHANNEL, 77, manage_threads=True)   # a channel override only
    sent = await harness.slash(77, "toy abandon", channel_id=CHANNEL, game=1)
    [confirm] = [s for s in sent if s.custom_ids]
    await harness.click(77, confirm.message_id, confirm.custom_ids[0])
    assert (await harness.bot.storage.get_game(1)).status == ABANDONED
    assert "does not exist" in one_text(await harness.slash(77, "toy abandon", channel_id=CHANNEL, game=99))


# ----- 4. one instance per database ------------------------------------------------------------------------
async def test_a_second_process_on_the_same_database_refuses_to_start(harness, tmp_path):
    from bot.storage_sqlite import InstanceRunning, SqliteStorage
    second = SqliteStorage(tmp_path / "bot.db", exclusive=True)
    with pytest.raises(InstanceRunning, match="already using"):
        await second.open()
    await harness.close()
    await second.open()                                         # free once the first has stopped
    await second.close()


def test_the_second_process_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    import fcntl

    from bot.__main__ import main
    database = tmp_path / "bot.db"
    holder = open(str(database) + ".lock", "a+")
    fcntl.flock(holder.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    monkeypatch.setenv("DISCORD_TOKEN", "x.y.z")
    monkeypatch.setenv("DATABASE_PATH", str(database))
    try:
        assert main(["--env-file", str(tmp_path / "none.env")]) == 4
    finally:
        holder.close()
    error = capsys.readouterr().err.strip()
    assert error.startswith("Not starting: another bot process") and "\n" not in error


def test_without_a_token_the_start_speaks_the_language_asked_for(tmp_path, monkeypatch, capsys):
    """Newcomer report 2026-11-27b R1: ``python -m bot --locale hu`` without a token said why in
    English.  The lines are catalogue texts, in the language of ``--locale``."""
    from bot.__main__ import main
    from bot.i18n import t
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.db"))
    monkeypatch.setattr("sys.stdin", open(tmp_path.joinpath("in.txt").as_posix(), "w+"))   # no terminal
    assert main(["--locale", "hu", "--env-file", str(tmp_path / "none.env")]) == 1
    error = capsys.readouterr().err
    assert t("cli.no_token", "hu") in error and t("cli.no_terminal", "hu") in error
    assert "DISCORD_TOKEN" in error and "No Discord token" not in error


async def test_two_overlapping_reminder_passes_send_one_reminder(harness, clock):
    await picked(harness)
    clock.advance(hours=13)
    first, second = await asyncio.gather(harness.bot.reminders.run_once(), harness.bot.reminders.run_once())
    assert len(first) + len(second) == 1
    assert len(harness.dms_to(BOB)) == 1


# ----- 5. DMs respect the player ---------------------------------------------------------------------------
async def deadline_game(harness, clock):
    thread = (await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, deadline=8))
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    return thread


async def test_deadline_warnings_honour_the_opt_out_but_the_deadline_still_applies(harness, clock):
    thread = await deadline_game(harness, clock)
    await harness.slash(BOB, "reminders", channel_id=CHANNEL, enabled=False)
    clock.advance(hours=6.5)
    await harness.bot.reminders.run_once()
    assert harness.dms_to(BOB) == []
    clock.advance(hours=2)
    await harness.bot.reminders.run_once()
    assert (await harness.bot.storage.get_game(1)).ply == 2     # bob's default pick was made
    assert harness.dms_to(BOB) == []
    assert thread


async def test_deadline_warnings_wait_for_the_end_of_quiet_hours(harness, clock):
    await deadline_game(harness, clock)
    hour = int(clock() // 3600 % 24)
    await harness.slash(BOB, "reminders", channel_id=CHANNEL, quiet_start=(hour + 6) % 24,
                        quiet_end=(hour + 7) % 24, timezone="UTC")
    clock.advance(hours=6.5)                                    # inside the warning window and quiet hours
    await harness.bot.reminders.run_once()
    assert harness.dms_to(BOB) == []
    clock.advance(hours=0.6)                                    # quiet hours over, deadline not yet
    await harness.bot.reminders.run_once()
    assert len(harness.dms_to(BOB)) == 1


async def test_a_reminder_pass_is_paced_and_reuses_the_stored_dm_channel(harness, clock):
    from bot.reminders import Pacer
    slept, now = [], [0.0]

    async def fake_sleep(seconds):
        slept.append(seconds)
        now[0] += seconds

    pacer = Pacer(2.0, sleep=fake_sleep, monotonic=lambda: now[0])
    for _ in range(12):
        await pacer.wait()
    assert len(slept) == 10 and all(0.2 <= s <= 0.75 for s in slept)   # 2 at once, then 2 a second + jitter
    assert 4.5 <= now[0] <= 6.5
    await picked(harness)
    clock.advance(hours=13)
    await harness.bot.reminders.run_once()
    channel = (await harness.bot.storage.get_user_settings(BOB)).dm_channel_id
    assert channel == harness.dm_channel_of(BOB)
    clock.advance(hours=25)
    mark = harness.mark()
    await harness.bot.reminders.run_once()
    calls = [s.route for s in harness.sent_since(mark)]
    assert f"POST /channels/{channel}/messages" in calls and "POST /users/@me/channels" not in calls


# ----- 6. graceful shutdown -------------------------------------------------------------------------------
async def test_sigterm_mid_move_finishes_and_announces_it_then_closes(harness, monkeypatch, tmp_path, clock):

    _thread, mark, move = await sigterm_while_drawing(harness, monkeypatch, 0.5)
    await move
    assert harness.notified_since(mark) == [ALICE]              # the move was announced
    assert harness.bot.storage._conn is None                    # and the database closed
    with sqlite3.connect(tmp_path / "bot.db") as db:
        assert db.execute("SELECT ply, announced_ply FROM games WHERE id = 1").fetchone() == (2, 2)
    await harness.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False,
                                     clock=clock))
    await harness.settle()
    assert harness.notified_since(mark) == [ALICE]              # nothing left to announce twice


async def test_commands_during_shutdown_are_refused_with_a_reason(harness):
    thread = await picked(harness)
    harness.bot.accepting = False
    text = one_text(await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2"))
    assert text == t("shutting_down", "en")
    assert (await harness.bot.storage.get_game(1)).ply == 1


# ----- 8. operator's tools ---------------------------------------------------------------------------------
async def test_admin_status_shows_the_figures_to_owners_only(tmp_path, toy_registered, clock):
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db"), owner_ids=frozenset({ALICE})),
                     start_reminders=False, clock=clock)
    async with Harness(bot, guild_id=1, channel_id=CHANNEL) as harness:
        for user_id, name in ((ALICE, "alice"), (BOB, "bob")):
            harness.add_user(user_id, name, admin=True)
        thread = await picked(harness)
        await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
        text = one_text(await harness.slash(ALICE, "admin status", channel_id=CHANNEL))
        assert "1 running" in text and "Moves today (UTC): 2" in text
        assert "Only the bot's owners" in one_text(await harness.slash(BOB, "admin status", channel_id=CHANNEL))


def test_backup_command_copies_a_live_database(tmp_path, monkeypatch, capsys):
    from bot.__main__ import main
    database = tmp_path / "live.db"
    writer = sqlite3.connect(database)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE t (x)")
    writer.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1000)])
    writer.commit()                                             # still open: the bot keeps running
    monkeypatch.setenv("DATABASE_PATH", str(database))
    target = tmp_path / "copy.db"
    assert main(["backup", str(target), "--env-file", str(tmp_path / "none.env")]) == 0
    assert "integrity ok" in capsys.readouterr().out
    with sqlite3.connect(target) as copy:
        assert copy.execute("SELECT count(*) FROM t").fetchone() == (1000,)
    assert main(["backup", str(target), "--env-file", str(tmp_path / "none.env")]) == 2   # never overwrites
    writer.close()


async def test_a_display_name_is_refreshed_when_the_player_is_seen(harness):
    thread = await picked(harness)
    harness.world.users[BOB]["global_name"] = "Robert"
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    record = await harness.bot.storage.get_game(1)
    assert record.user_at(1).name == "Robert"


async def test_a_move_longer_than_discord_carries_is_offered_as_a_short_token(harness, monkeypatch):
    """A Gaia federation reaches 104 characters; Discord carries at most 100 in a value."""
    thread = await picked(harness)
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    long_move = "add" + " " * 120 + "1"                         # 125 characters, a legal move
    monkeypatch.setattr(harness.bot.service, "complete", lambda loaded, user_id, prefix, limit=25: [long_move])
    choices = await harness.autocomplete(ALICE, "toy move", "text", channel_id=thread, text="add")
    value = choices[0]["value"]
    assert len(value) <= 100 and value.startswith("~")
    await harness.slash(ALICE, "toy move", channel_id=thread, text=value)
    assert (await harness.bot.storage.get_game(1)).ply == 3
    text = one_text(await harness.slash(BOB, "toy move", channel_id=thread, text="~" + "0" * 16))
    assert text == t("move_value_expired", "en")


# ----- 9. fewer transactions per move --------------------------------------------------------------------
async def test_a_move_costs_two_transactions_and_one_before_the_first_answer(harness, monkeypatch):
    from bot.storage_sqlite import SqliteStorage
    thread = await picked(harness)
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    transactions = []
    real, real_at_once = SqliteStorage._tx, SqliteStorage._at_once

    def note(write):
        first_answered = any(s.kind == "response" for s in harness.sent_since(mark))
        transactions.append(("write" if write else "read", "after" if first_answered else "before"))

    def counting(self, *, write=True):
        note(write)
        return real(self, write=write)

    async def counting_at_once(self, work, *, write=True):     # a transaction in one trip to the thread
        note(write)
        return await real_at_once(self, work, write=write)

    monkeypatch.setattr(SqliteStorage, "_tx", counting)
    monkeypatch.setattr(SqliteStorage, "_at_once", counting_at_once)
    mark = harness.mark()
    await harness.slash(ALICE, "toy move", channel_id=thread, text="add 1")
    assert (await harness.bot.storage.get_game(1)).ply == 3
    # store the move; once posted, mark it announced with the images the thread now shows (the turn
    # passed) in the same write
    assert len(transactions) <= 2, transactions
    assert [kind for kind, when in transactions if when == "before"] == ["write"]   # the move itself


async def test_sigterm_with_a_move_outlasting_the_grace_leaves_it_to_the_next_start(tmp_path, toy_registered, clock,
                                                                                   monkeypatch):
    """The supervisor will not wait for ever: a move still drawing when the grace is over is
    stored but not announced; the next start announces it."""

    import bot.cogs.base as base
    settings = Settings(database_path=str(tmp_path / "bot.db"), shutdown_grace_seconds=0.05)
    harness = Harness(create_bot(settings, start_reminders=False, clock=clock), guild_id=1, channel_id=CHANNEL)
    for user_id, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
        harness.add_user(user_id, name)
    await harness.start()
    try:
        real = base.render_parts
        thread, mark, move = await sigterm_while_drawing(harness, monkeypatch, 0.6)
        move.cancel()
        await asyncio.gather(move, return_exceptions=True)
        assert ALICE not in harness.notified_since(mark)        # not announced before the close
        monkeypatch.setattr(base, "render_parts", real)
        await harness.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False,
                                         clock=clock))
        await harness.settle()
        assert harness.notified_since(mark) == [ALICE]          # ... but at the next start
        assert t("recovered_news", "en") in texts_in(harness, thread)
    finally:
        await harness.close()


async def test_a_deadline_in_a_thread_deleted_while_the_bot_was_away_ends_the_game_quietly(harness, clock, tmp_path):
    thread = await deadline_game(harness, clock)
    await harness.close()
    harness.delete_channel(thread, while_offline=True)
    await harness.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False,
                                     clock=clock))
    clock.advance(hours=9)
    await harness.bot.reminders.run_once()
    assert (await harness.bot.storage.get_game(1)).status == ABANDONED
    clock.advance(hours=9)
    await harness.bot.reminders.run_once()                      # nothing more is tried
    assert not harness.errors
