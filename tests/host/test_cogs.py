"""The shared game commands through discord.py's real command tree (the harness feeds
genuine INTERACTION_CREATE payloads and records what the bot sends), using the toy game so
the host is proven independently of any real game."""
import dataclasses

import pytest

from bot.app import create_bot
from bot.config import Settings
from bot.harness import Harness

ALICE, BOB, CAROL = 11, 22, 33
CHANNEL = 100


def contents(sent, *, ephemeral=None):
    return [s.content or "" for s in sent if s.kind != "autocomplete" and (ephemeral is None or s.ephemeral == ephemeral)]


def one_text(sent):
    texts = [c for c in contents(sent) if c]
    assert texts, sent
    return "\n".join(texts)


async def make_harness(tmp_path, clock, name="bot.db"):
    bot = create_bot(Settings(database_path=str(tmp_path / name)), start_reminders=False, clock=clock)
    harness = Harness(bot, guild_id=1, channel_id=CHANNEL)
    for user_id, user_name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
        harness.add_user(user_id, user_name)
    await harness.start()
    return harness


async def open_game(harness, players=2):
    sent = await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=players)
    [thread_id] = list(harness.threads)
    return thread_id, sent


async def started_game(harness):
    thread, _ = await open_game(harness)
    await harness.slash(BOB, "toy join", channel_id=thread)
    sent = await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    return thread, sent


async def test_new_opens_a_lobby_with_buttons_and_a_thread(harness):
    thread, sent = await open_game(harness)
    lobby = next(s for s in sent if s.kind == "response")
    assert "lobby #1" in lobby.content and not lobby.ephemeral
    labels = [c["label"] for row in lobby.components for c in row["components"]]
    assert labels == ["Join", "Leave", "Start", "Add a computer"]
    welcome = harness.messages_in(thread)
    assert welcome and "/toy start" in welcome[-1].content


@pytest.mark.parametrize("language", ["en", "hu"])
async def test_a_lobby_lists_an_option_by_its_label_and_once_by_the_name_one_types(harness, language):
    """Newcomer H-2: the lobby said "faction auction", but `/gaia new` takes `auction:`.  An
    option whose label differs from the command's option name shows that name once, in
    the lobby's language ("decision deadline (`deadline`)"); one whose label is its name
    ("language") is not repeated."""
    from bot.i18n import t
    sent = await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, language=language)
    lobby = next(s for s in sent if s.kind == "response").content
    deadline = t("option_named", language, label=t("option_label.deadline", language),
                 option=t("name.deadline", language))
    assert t("option_shown", language, name=deadline, value=t("off", language)) in lobby, lobby
    assert f"`{t('name.deadline', language)}`" in deadline and t("option_label.deadline", language) in deadline
    shown = [line for line in lobby.splitlines() if line.startswith("- " + t("option_label.language", language) + ":")]
    assert len(shown) == 1 and "`" not in shown[0], lobby


def test_a_lobby_option_whose_label_is_not_what_one_types_names_it_once():
    """Report 2026-11-28b H-1: "first game: no" did not say to type ``first_game``; an option
    whose label differs from its typed name in any way (a separator too) names it, in both
    languages; one typed as it reads ("language", "nyelv") does not."""
    from bot.cogs.base import lobby_option_name
    from bot.i18n import t
    for language in ("en", "hu"):
        for name in ("first_game", "balanced_start", "auto_income"):
            assert f"`{t(f'name.{name}', language)}`" in lobby_option_name(name, language)
        assert "`" not in lobby_option_name("language", language)


async def test_lobby_buttons_and_commands(harness):
    thread, sent = await open_game(harness)
    lobby = next(s for s in sent if s.kind == "response")
    join = next(c["custom_id"] for row in lobby.components for c in row["components"] if c["label"] == "Join")
    clicked = await harness.click(BOB, lobby.message_id, join, channel_id=CHANNEL)
    assert "joined (2/2)" in one_text(clicked)
    # the lobby message itself is updated; the notice goes to the thread, not the main channel
    update = next(s for s in clicked if s.kind == "response")
    assert "bob" in update.content and update.components
    notice = next(s for s in clicked if s.kind == "message")
    assert notice.channel_id == thread and "joined (2/2)" in notice.content
    refusal = await harness.slash(CAROL, "toy join", channel_id=thread)
    assert "full" in one_text(refusal) and all(s.ephemeral for s in refusal if s.content)
    assert "Only the player who opened" in one_text(await harness.slash(BOB, "toy start", channel_id=thread))
    start = await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    public = [s for s in start if not s.ephemeral and s.files]
    assert public and public[0].files[0][0].endswith(".png")
    ping = next(s for s in start if not s.ephemeral and s.content and f"<@{ALICE}>" in s.content)
    assert f"<@{BOB}>" in ping.content and ping.kind == "followup"   # a new message: it notifies


async def test_commands_outside_a_game_thread_say_where_to_go(harness):
    text = one_text(await harness.slash(ALICE, "toy move", channel_id=CHANNEL, text="add 1"))
    assert "no game in this channel" in text.lower()


async def test_secret_choice_is_confirmed_privately_and_redacted_publicly(harness):
    thread, _ = await started_game(harness)
    sent = await harness.slash(BOB, "toy move", channel_id=thread, text="pick 3")
    private = [s for s in sent if s.ephemeral and s.content]
    public = [s for s in sent if not s.ephemeral and s.content and s.kind != "autocomplete"]
    assert any("Pick a bonus (3)" in s.content for s in private)   # the move in its menu words, to its maker only
    assert public and all("pick 3" not in s.content for s in public) and "pick ?" in public[0].content
    log = one_text(await harness.slash(ALICE, "toy log", channel_id=thread))
    assert "pick ?" in log and "pick 3" not in log


async def test_an_undone_secret_choice_stays_secret_in_the_log(harness):
    thread, _ = await started_game(harness)
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 3")
    undo = await harness.slash(BOB, "toy undo", channel_id=thread)
    assert all("pick 3" not in s.content for s in undo if s.content and not s.ephemeral)
    log = one_text(await harness.slash(ALICE, "toy log", channel_id=thread))
    assert "(a move that was taken back)" in log and "pick 3" not in log
    assert log.count("(a move that was taken back)") == 1 and log.count(": undo") == 1   # one line each
    status = one_text(await harness.slash(ALICE, "toy status", channel_id=thread))
    assert "(in progress, 0 moves)" in status           # the moves that stand, not the log's entries
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    assert "(in progress, 1 move)" in one_text(await harness.slash(ALICE, "toy status", channel_id=thread))

async def test_wrong_turn_illegal_move_and_not_seated_change_nothing(harness):
    thread, _ = await started_game(harness)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    assert "not your turn" in one_text(await harness.slash(BOB, "toy move", channel_id=thread, text="add 1"))
    text = one_text(await harness.slash(ALICE, "toy move", channel_id=thread, text="add 9"))
    assert "not allowed" in text and "add 1" in text and "TOY-3" in text
    assert "not playing" in one_text(await harness.slash(CAROL, "toy move", channel_id=thread, text="add 1"))
    status = one_text(await harness.slash(ALICE, "toy status", channel_id=thread))
    assert "2 moves" in status and "Waiting for: alice" in status


async def test_autocomplete_offers_the_legal_moves_that_match(harness):
    thread, _ = await started_game(harness)
    choices = await harness.autocomplete(ALICE, "toy move", focused="text", channel_id=thread, text="pi")
    assert [c["value"] for c in choices] == ["pick 1", "pick 2", "pick 3"]
    assert await harness.autocomplete(CAROL, "toy move", focused="text", channel_id=thread, text="") == []


async def test_hand_is_private_and_offers_a_menu_of_moves(harness):
    thread, _ = await started_game(harness)
    sent = await harness.slash(ALICE, "toy hand", channel_id=thread)
    reply = next(s for s in sent if s.content)
    assert reply.ephemeral and "secret bonus" in reply.content
    menu = reply.components[0]["components"][0]
    assert [o["value"] for o in menu["options"]] == ["pick 1", "pick 2", "pick 3"]
    chosen = await harness.click(ALICE, reply.message_id, menu["custom_id"], channel_id=thread, values=["pick 2"])
    assert any("Pick a bonus (2)" in (s.content or "") and s.ephemeral for s in chosen)   # as the menu offered it
    assert any("pick ?" in (s.content or "") and not s.ephemeral for s in chosen)
    again = await harness.click(ALICE, reply.message_id, menu["custom_id"], channel_id=thread, values=["pick 2"])
    assert "out of date" in one_text(again)


async def test_board_undo_resign_and_final_standings(harness):
    thread, _ = await started_game(harness)
    board = await harness.slash(ALICE, "toy board", channel_id=thread)
    assert any(s.files and s.ephemeral for s in board)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="add 3")
    assert "took back" in one_text(await harness.slash(ALICE, "toy undo", channel_id=thread))
    again = one_text(await harness.slash(ALICE, "toy move", channel_id=thread, text="add 2"))
    assert "**3.** alice" in again            # move numbers count the moves that stand: no gap after an undo
    log = one_text(await harness.slash(ALICE, "toy log", channel_id=thread))
    assert "   3. alice (Red): adds 2 to the counter" in log and "   4." not in log
    ask = await harness.slash(ALICE, "toy resign", channel_id=thread)
    assert "confirm" in one_text(ask) and all(s.ephemeral for s in ask if s.content)
    assert (await harness.bot.storage.get_game(1)).status == "active"        # nothing happens before the click
    button = next(s for s in ask if s.custom_ids)
    refused = await harness.click(BOB, button.message_id, button.custom_ids[0], channel_id=thread)
    assert "someone else" in one_text(refused)
    await harness.click(ALICE, button.message_id, button.custom_ids[0], channel_id=thread)
    final = harness.messages_in(thread)[-1].content
    assert "resigned" in final and "1. bob" in final and "Waiting for" not in final
    assert "over" in one_text(await harness.slash(BOB, "toy move", channel_id=thread, text="add 1"))
    assert "over" in one_text(await harness.slash(BOB, "toy leave", channel_id=thread))      # not "resign"
    assert "over" in one_text(await harness.slash(BOB, "toy resign", channel_id=thread))
    assert "Waiting for" not in one_text(await harness.slash(BOB, "toy board", channel_id=thread))


async def test_a_game_played_to_the_end_announces_the_winner(harness):
    thread, _ = await started_game(harness)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 1")
    for user in (ALICE, BOB, ALICE, BOB):
        sent = await harness.slash(user, "toy move", channel_id=thread, text="add 3")
    text = one_text(sent)
    assert "Game over" in text and "1. alice" in text and "🏆" in text
    assert "1. bob" in text and "2. bob" not in text        # 7 to 7: a shared win is a shared first place


async def test_out_of_range_values_from_a_raw_payload_are_checked_again(harness):
    thread, _ = await started_game(harness)
    assert "between 0.5 and 168" in one_text(await harness.slash(ALICE, "reminders", channel_id=CHANNEL, hours=9999.0))
    log = one_text(await harness.slash(ALICE, "toy log", channel_id=thread, count=999))
    assert "No moves yet" in log
    text = one_text(await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=9))
    assert "between 2 and 4" in text


async def test_the_log_keeps_a_moves_public_news_and_drops_it_with_an_undo(harness, monkeypatch):
    """/log says what a move did as the thread said it (newcomer report D19: the log line of
    Space Corp's `draw O1` could not say which card it took once the Offer had refilled); the
    news of a move taken back goes with it."""
    import tests.host.toy_game as toy
    from rules.messages import Msg, render

    def events(self, before, move, after):
        return [Msg("toy.status.counter", counter=after.counter, target=after.target)] if move.kind == "add" else []

    monkeypatch.setattr(toy.ToyGame, "events", events)
    thread, _ = await started_game(harness)
    for user, text in ((ALICE, "pick 1"), (BOB, "pick 2"), (ALICE, "add 2"), (BOB, "add 1")):
        await harness.slash(user, "toy move", channel_id=thread, text=text)
    await harness.slash(BOB, "toy undo", channel_id=thread)
    lines = one_text(await harness.slash(ALICE, "toy log", channel_id=thread)).strip("`\n").split("\n")
    news = [line for line in lines if "↳" in line]
    assert news == ["      ↳ " + render(Msg("toy.status.counter", counter=2, target=toy.GAME.new_game({"players": 2}, 1).target), "en")]
    assert lines[lines.index(news[0]) - 1].startswith("   3. ")


async def test_the_log_tells_stored_news_in_the_games_present_words(harness, monkeypatch):
    """An old move's stored news goes through the game's ``stored_events`` (Planetarium's news
    stored before report 27i's I-22 repeated the move's line): /log reads it as the game tells
    it now, with the move's seat and text."""
    import tests.host.toy_game as toy
    from rules.messages import Msg, render

    def events(self, before, move, after):
        return [Msg("toy.status.counter", counter=after.counter, target=after.target)] if move.kind == "add" else []

    seen = []

    def stored_events(self, seat, text, news):
        seen.append((seat, text))
        return [Msg("toy.status.counter", counter=99, target=item.params["target"]) for item in news]

    monkeypatch.setattr(toy.ToyGame, "events", events)
    monkeypatch.setattr(toy.ToyGame, "stored_events", stored_events)
    thread, _ = await started_game(harness)
    for user, text in ((ALICE, "pick 1"), (BOB, "pick 2"), (ALICE, "add 2")):
        await harness.slash(user, "toy move", channel_id=thread, text=text)
    lines = one_text(await harness.slash(ALICE, "toy log", channel_id=thread)).strip("`\n").split("\n")
    target = toy.GAME.new_game({"players": 2}, 1).target
    assert [line for line in lines if "↳" in line] == [
        "      ↳ " + render(Msg("toy.status.counter", counter=99, target=target), "en")]
    assert (0, "add 2") in seen


async def test_a_log_too_long_for_one_message_keeps_the_newest_entries(harness):
    thread, _ = await started_game(harness)
    service = harness.bot.service
    record = await service.game_in_thread(thread)
    long_a, long_b = "a" * 32, "b" * 32   # Discord's longest display names
    harness.add_user(44, long_a)
    harness.add_user(55, long_b)
    await service.substitute(record.id, ALICE, True, ALICE, 44, long_a)
    await service.substitute(record.id, ALICE, True, BOB, 55, long_b)
    await service.submit(record.id, 44, "pick 1")
    await service.submit(record.id, 55, "pick 2")
    for _ in range(25):   # 52 entries in all, each line about 60 characters
        await service.submit(record.id, 44, "add 1")
        await service.undo(record.id, 44)
    log = one_text(await harness.slash(44, "toy log", channel_id=thread, count=50))
    lines = log.strip("`\n").split("\n")
    assert len(log) <= 2000 and lines[-1].startswith("    – ") and lines[-1].endswith(": undo")
    assert all(line.endswith(("taken back)", ": undo", "pick ?", "picks a bonus (2)")) for line in lines)   # no line cut short

async def test_an_unexpected_error_gets_an_apology_not_a_traceback(harness, monkeypatch):
    thread, _ = await started_game(harness)

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(harness.bot.service, "submit", broken)
    text = one_text(await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1"))
    assert "Sorry" in text and "Traceback" not in text and "database on fire" not in text


async def test_substitute_needs_creator_or_moderator(harness, clock):
    thread, _ = await started_game(harness)
    text = one_text(await harness.slash(BOB, "toy substitute", channel_id=thread, old=BOB, new=CAROL))
    assert "creator or a moderator" in text
    text = one_text(await harness.slash(ALICE, "toy substitute", channel_id=thread, old=BOB, new=CAROL))
    assert "only a moderator" in text            # bob is playing: his hand is not the creator's to take
    clock.advance(hours=73)
    sent = await harness.slash(ALICE, "toy substitute", channel_id=thread, old=BOB, new=CAROL)
    assert "takes over" in one_text(sent) and not any(s.ephemeral for s in sent if s.content)   # announced
    log = one_text(await harness.slash(ALICE, "toy log", channel_id=thread))
    assert "substitute" in log
    assert "pick ?" in one_text(await harness.slash(CAROL, "toy move", channel_id=thread, text="pick 1"))


async def test_help_games_and_reminder_settings(harness):
    assert "/toy" in one_text(await harness.slash(ALICE, "help", channel_id=CHANNEL))
    assert "pick N" in one_text(await harness.slash(ALICE, "help", channel_id=CHANNEL, game="toy"))
    assert "Unknown game" in one_text(await harness.slash(ALICE, "help", channel_id=CHANNEL, game="chess"))
    assert "pick N" in one_text(await harness.slash(ALICE, "help", channel_id=CHANNEL, game="Toy"))   # its title
    thread, _ = await started_game(harness)
    assert "⏳" in one_text(await harness.slash(ALICE, "games", channel_id=CHANNEL))
    text = one_text(await harness.slash(ALICE, "reminders", channel_id=CHANNEL, hours=2.0, quiet_start=23,
                                        quiet_end=7, timezone="Europe/Budapest"))
    assert "after 2 h" in text and "23:00-07:00" in text and "Europe/Budapest" in text
    assert "not a time zone" in one_text(await harness.slash(ALICE, "reminders", channel_id=CHANNEL, timezone="Mars/Base"))



async def test_timezone_autocomplete(harness):
    choices = await harness.autocomplete(ALICE, "reminders", focused="timezone", channel_id=CHANNEL, timezone="")
    assert [c["value"] for c in choices[:2]] == ["Europe/Budapest", "UTC"] and len(choices) == 25
    choices = await harness.autocomplete(ALICE, "reminders", focused="timezone", channel_id=CHANNEL, timezone="budap")
    assert [c["value"] for c in choices] == ["Europe/Budapest"]

async def test_reminder_falls_back_to_a_thread_mention_when_dms_are_closed(harness, clock):
    thread, _ = await started_game(harness)
    harness.set_dm_closed(ALICE)
    clock.advance(hours=13)
    reports = await harness.bot.reminders.run_once()
    assert {(r.user_id, r.via) for r in reports} == {(ALICE, "mention"), (BOB, "dm")}
    mention = [s for s in harness.messages_in(thread) if f"<@{ALICE}>" in (s.content or "")]
    assert mention and "could not DM" in mention[-1].content
    assert any(s.kind == "dm" and s.user_id == BOB for s in harness.sent)


async def test_lobby_buttons_keep_working_after_a_restart(tmp_path, toy_registered, clock):
    first = await make_harness(tmp_path, clock)
    thread, sent = await open_game(first)
    lobby = next(s for s in sent if s.kind == "response")
    # a new process: new bot object, same database, same Discord
    second = await first.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")),
                                            start_reminders=False, clock=clock))
    try:
        join = next(c["custom_id"] for row in lobby.components for c in row["components"] if c["label"] == "Join")
        assert "joined (2/2)" in one_text(await second.click(BOB, lobby.message_id, join, channel_id=CHANNEL))
        assert "has started" in one_text(await second.slash(ALICE, "toy start", channel_id=thread))
    finally:
        await second.close()


async def test_standing_orders_answer_for_a_player_right_after_the_move(harness):
    settings = await harness.bot.storage.get_user_settings(BOB)
    settings.prefs["toy"] = {"autopick": {"choice": "2"}}
    await harness.bot.storage.save_user_settings(settings)
    thread, _ = await started_game(harness)
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 3")
    public = "\n".join(s.content for s in sent if not s.ephemeral and s.content)
    assert "(automatic: bob's standing order: standing pick 2)" in public
    assert "picks a bonus (2)" in public and "picks a bonus (3)" in public     # both revealed once everybody has picked
    assert f"<@{ALICE}>" in public                       # alice is to act next, and told so
    assert "Waiting for: alice" in one_text(await harness.slash(BOB, "toy status", channel_id=thread))


async def test_refusals_stay_private_even_for_commands_that_defer(harness):
    """After a public defer Discord shows every follow-up to all, so refusals must be sent
    before deferring: wrong turn, illegal move, undo of someone else's move, start by a non-creator."""
    thread, _ = await started_game(harness)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 1")
    for user, command, options in ((BOB, "toy move", {"text": "add 1"}), (ALICE, "toy move", {"text": "add 9"}),
                                   (ALICE, "toy undo", {}), (CAROL, "toy resign", {})):
        sent = await harness.slash(user, command, channel_id=thread, **options)
        replies = [item for item in sent if item.content]
        assert replies and all(item.ephemeral for item in replies), (command, replies)


async def test_the_reminder_loop_runs_by_itself_once_connected(tmp_path, toy_registered, clock):
    import asyncio
    bot = create_bot(Settings(database_path=str(tmp_path / "loop.db"), reminder_check_minutes=0.005),
                     clock=clock)   # reminders started as in production
    harness = Harness(bot, guild_id=1, channel_id=CHANNEL)
    for user_id, user_name in ((ALICE, "alice"), (BOB, "bob")):
        harness.add_user(user_id, user_name)
    ticked = asyncio.Event()
    run_once = bot.reminders.run_once

    async def run_once_and_tell():
        try:
            return await run_once()
        finally:
            ticked.set()

    bot.reminders.run_once = run_once_and_tell   # each pass of the loop is seen as it ends
    await harness.start()
    try:
        await started_game(harness)
        clock.advance(hours=13)
        for _ in range(2):   # a pass already under way may have read the clock before it moved
            ticked.clear()
            await asyncio.wait_for(ticked.wait(), timeout=30)   # the loop's next pass, 0.3 s away
            if harness.dms_to(ALICE):
                break
        assert harness.dms_to(ALICE) and "waiting for 13 h" in harness.dms_to(ALICE)[0].content
    finally:
        await harness.close()


async def test_start_button_on_the_lobby_message_starts_the_game_in_its_thread(harness):
    thread, sent = await open_game(harness)
    lobby = next(s for s in sent if s.kind == "response")
    buttons = {c["label"]: c["custom_id"] for row in lobby.components for c in row["components"]}
    await harness.click(BOB, lobby.message_id, buttons["Join"], channel_id=CHANNEL)
    started = await harness.click(ALICE, lobby.message_id, buttons["Start"], channel_id=CHANNEL)
    assert [s.content for s in started if s.content and s.ephemeral] == [f"Started: the game goes on in <#{thread}>."]
    in_thread = [s for s in harness.messages_in(thread) if "has started" in (s.content or "")]
    assert in_thread and in_thread[0].files
    assert not [s for s in harness.messages_in(CHANNEL) if "has started" in (s.content or "")]


@pytest.mark.parametrize("tampered", ["lobby:join:99999999999999999999999", "move:1:99999999999999999999",
                                      "mvb:1:0:x", "lobby:explode:1"])
async def test_a_tampered_component_id_gets_a_refusal_not_silence(harness, tampered):
    thread, sent = await open_game(harness)
    lobby = next(s for s in sent if s.kind == "response")
    message = harness.world.messages[lobby.message_id]
    message["components"][0]["components"][0]["custom_id"] = tampered
    answer = await harness.click(BOB, lobby.message_id, tampered, channel_id=CHANNEL)
    assert "out of date" in one_text(answer) and all(s.ephemeral for s in answer if s.content)


async def test_a_move_racing_abandon_is_told_the_game_was_abandoned(harness):
    thread, _ = await started_game(harness)
    service = harness.bot.service
    record = await service.game_in_thread(thread)
    loaded = await service.load(record.id)                  # the move was read before the abandon...
    await service.abandon(record.id, ALICE, False)
    from bot.service import UserError
    service._cache[record.id] = (loaded.record.ply, loaded.state)   # ...and still sees the game running
    with pytest.raises(UserError) as refused:
        await service._append(loaded.record, seat=0, user_id=ALICE, kind="move", text="pick 1", interaction_id=None,
                              waiting_seats=set(), snapshot=None, finished=False)
    assert refused.value.key == "game_closed" and refused.value.values["status"].key == "status.abandoned"


async def test_undo_from_a_snapshot_gives_the_same_state_as_a_full_replay(harness):
    thread, _ = await started_game(harness)
    service = harness.bot.service
    record = await service.game_in_thread(thread)
    await service.submit(record.id, ALICE, "pick 1")
    await service.submit(record.id, BOB, "pick 2")
    for turn in range(8):                                   # undos store snapshots: start from them
        await service.submit(record.id, ALICE if turn % 2 == 0 else BOB, "add 1")
        if turn % 3 == 0:
            await service.undo(record.id, ALICE if turn % 2 == 0 else BOB)
            await service.submit(record.id, ALICE if turn % 2 == 0 else BOB, "add 1")
    game = (await service.load(record.id)).game
    entries = await harness.bot.storage.log(record.id)
    replayed = await service.replay_log(game, await service.record(record.id), entries[:-1])
    assert game.dump_state(await service._state_before(game, await service.record(record.id), entries)) == \
        game.dump_state(replayed)


async def raw_slash(harness, user, command, channel, options, tampered):
    """A command whose option values are replaced after the client built them (a raw payload)."""
    from bot.harness import build_command_data
    data = build_command_data(harness.world, harness.bot.tree, command, options)
    leaf = data
    while leaf.get("options") and leaf["options"][0].get("type") in (1, 2):
        leaf = leaf["options"][0]
    for option in leaf.get("options", []):
        if option["name"] in tampered:
            option["value"] = tampered[option["name"]]
    payload = harness.world.interaction_payload(type=2, user_id=user, channel_id=channel, data=data)
    return await harness._interact(payload)


def refusal(key, language="en", *, option, value=None):
    """The catalogue sentence ``key`` naming ``option`` as the player's client shows it."""
    from bot.i18n import t
    from bot.raw_options import option_label
    values = {"option": option_label(option)} | ({} if value is None else {"value": value})
    return t(key, language, **values)


@pytest.mark.parametrize("command, options, tampered, key, option, shown", [
    ("reminders", {"timezone": "UTC"}, {"timezone": 5}, "option_needs.string", "timezone", "5"),
    ("reminders", {"hours": 2.0}, {"hours": "abc"}, "option_needs.number", "hours", "'abc'"),
    ("help", {"game": "toy"}, {"game": 5}, "option_needs.string", "game", "5"),
    ("gaia charge", {"policy": "ask", "max": 2}, {"max": "2"}, "option_needs.integer", "max", "'2'"),
    ("reminders", {"enabled": True}, {"enabled": "yes"}, "option_needs.boolean", "enabled", "'yes'"),
])
@pytest.mark.parametrize("language", ["en", "hu"])
async def test_a_raw_option_of_the_wrong_type_gets_a_sentence_naming_it(harness, command, options, tampered,
                                                                         key, option, shown, language):
    """Issue 27: a raw payload's option of the wrong type is refused before the command runs,
    in the player's language, naming the option: never "something went wrong", never silence."""
    harness.set_locale(ALICE, "hu" if language == "hu" else "en-US")
    before = await harness.bot.storage.get_user_settings(ALICE)
    sent = await raw_slash(harness, ALICE, command, CHANNEL, options, tampered)
    assert [s.content for s in sent if s.content] == [refusal(key, language, option=option, value=shown)]
    assert all(s.ephemeral for s in sent if s.content) and not harness.errors
    after = await harness.bot.storage.get_user_settings(ALICE)
    assert dataclasses.replace(after, language=before.language) == before   # only the language seen is noted


@pytest.mark.parametrize("language", ["en", "hu"])
async def test_a_required_option_left_out_is_named(harness, language):
    """``/gaia charge`` without its required policy (a raw payload) names the option."""
    from bot.harness import build_command_data
    harness.set_locale(ALICE, "hu" if language == "hu" else "en-US")
    data = build_command_data(harness.world, harness.bot.tree, "gaia charge", {"policy": "ask"})
    data["options"][0]["options"] = []
    sent = await harness._interact(harness.world.interaction_payload(type=2, user_id=ALICE, channel_id=CHANNEL, data=data))
    assert [s.content for s in sent if s.content] == [refusal("option_missing", language, option="policy")]


async def test_raw_payloads_with_wrong_types_are_refused_and_change_nothing(harness):
    """Discord's client sends whole numbers for integer options; a raw payload may not."""
    thread, _ = await started_game(harness)
    before = await harness.bot.storage.get_user_settings(ALICE)
    for tampered in ({"quiet_start": 5.5}, {"quiet_start": True}):
        sent = await raw_slash(harness, ALICE, "reminders", CHANNEL, {"quiet_start": 5}, tampered)
        assert all(s.ephemeral for s in sent if s.content)
        assert one_text(sent) == refusal("option_needs.integer", option="quiet_start", value=str(tampered["quiet_start"]))
    sent = await harness.slash(ALICE, "reminders", quiet_start=5, quiet_end=5)
    assert "differ" in one_text(sent)
    assert await harness.bot.storage.get_user_settings(ALICE) == before
    sent = await raw_slash(harness, ALICE, "toy log", thread, {"count": 2}, {"count": 2.5})
    assert "whole number" in one_text(sent)


def test_help_finds_a_game_by_its_title_in_either_language():
    """A newcomer's `/súgó játék:ŰrCégek` was refused: the help takes a game's command name or
    its title in any language, whole or by the start of a word."""
    from bot.cogs.general import games_named

    hosted = ["eve", "gaia", "planetarium", "pulsar", "spacecorp"]
    assert games_named("ŰrCégek", hosted) == ["spacecorp"] and games_named("űr", hosted) == ["spacecorp"]
    assert games_named("Planetárium", hosted) == ["planetarium"] and games_named("gaia projekt", hosted) == ["gaia"]
    assert games_named("chess", hosted) == [] and len(games_named("p", hosted)) > 1
