"""Turn reminders with a fake clock: due, repeat and cap, quiet hours, one digest for
several games, closed DMs falling back to thread mentions, and a restart in between."""
from bot.config import Settings
from bot.reminders import DMClosed, Reminders, in_quiet_hours
from bot.storage import UserSettings
from bot.storage_sqlite import SqliteStorage

ALICE, BOB = 11, 22
SETTINGS = Settings(reminder_after_hours=12, reminder_repeat_hours=24, reminder_max_count=2)


class RecordingSender:
    def __init__(self, closed=()):
        self.closed = set(closed)
        self.dms: list[tuple[int, str]] = []
        self.mentions: list[tuple[int, int, str]] = []
        self.attempts = 0

    async def dm(self, user_id, text):
        self.attempts += 1
        if user_id in self.closed:
            raise DMClosed("50007")
        self.dms.append((user_id, text))

    async def reopen(self, channel_id):
        self.reopened = getattr(self, "reopened", []) + [channel_id]

    async def mention(self, channel_id, user_id, text):
        self.mentions.append((channel_id, user_id, text))


async def active_game(storage, clock, thread_id, waiting):
    record = await storage.create_game(game="toy", guild_id=1, channel_id=2, thread_id=thread_id, creator_id=ALICE,
                                       creator_name="alice", options={"players": 2}, seed=1, now=clock())
    await storage.add_player(record.id, BOB, "bob", clock())
    await storage.start_game(record.id, [ALICE, BOB], {}, waiting, clock())
    return record.id


async def test_not_due_then_due_then_repeat_then_capped(storage, clock):
    await active_game(storage, clock, 900, {ALICE})
    sender = RecordingSender()
    reminders = Reminders(storage, SETTINGS, sender, clock)
    clock.advance(hours=11)
    assert await reminders.run_once() == [] and sender.dms == []
    clock.advance(hours=1)
    [report] = await reminders.run_once()
    assert report.via == "dm" and len(sender.dms) == 1 and "https://discord.com/channels/1/900" in sender.dms[0][1]
    assert await reminders.run_once() == []          # never twice for the same due time
    clock.advance(hours=23)
    assert await reminders.run_once() == []          # repeat interval not reached
    clock.advance(hours=1)
    assert len(await reminders.run_once()) == 1      # second reminder
    clock.advance(hours=48)
    assert await reminders.run_once() == [] and len(sender.dms) == 2   # cap of 2 reached


async def test_one_digest_lists_every_waiting_game(storage, clock):
    await active_game(storage, clock, 901, {ALICE})
    await active_game(storage, clock, 902, {ALICE, BOB})
    sender = RecordingSender()
    clock.advance(hours=13)
    reports = await Reminders(storage, SETTINGS, sender, clock).run_once()
    assert sorted(r.user_id for r in reports) == [ALICE, BOB]
    alice_text = dict(sender.dms)[ALICE]
    assert "901" in alice_text and "902" in alice_text and alice_text.count("\n- ") == 2


async def test_quiet_hours_in_the_players_time_zone(storage, clock):
    await active_game(storage, clock, 903, {ALICE})
    # the clock starts at 22:13 UTC = 23:13 in Budapest (winter time); the move comes in then
    await storage.save_user_settings(UserSettings(ALICE, quiet_start=23, quiet_end=7, timezone="Europe/Budapest"))
    settings = await storage.get_user_settings(ALICE)
    sender = RecordingSender()
    reminders = Reminders(storage, SETTINGS, sender, clock)
    clock.advance(hours=13)                          # 12:13 Budapest next day: not quiet
    assert not in_quiet_hours(settings, clock())
    clock.advance(hours=11)                          # 23:13 Budapest, waited 24 h: quiet
    assert in_quiet_hours(settings, clock())
    assert await reminders.run_once() == []
    clock.advance(hours=8)                           # 07:13 Budapest: quiet hours over
    assert len(await reminders.run_once()) == 1


async def test_reminders_turned_off_send_nothing(storage, clock):
    await active_game(storage, clock, 904, {ALICE})
    await storage.save_user_settings(UserSettings(ALICE, reminders_enabled=False))
    sender = RecordingSender()
    clock.advance(hours=30)
    assert await Reminders(storage, SETTINGS, sender, clock).run_once() == [] and sender.attempts == 0


async def test_personal_delay_overrides_the_default(storage, clock):
    await active_game(storage, clock, 905, {ALICE})
    await storage.save_user_settings(UserSettings(ALICE, reminder_hours=2))
    sender = RecordingSender()
    clock.advance(hours=2)
    assert len(await Reminders(storage, SETTINGS, sender, clock).run_once()) == 1


async def test_closed_dms_fall_back_to_one_mention_and_are_not_retried(storage, clock):
    await active_game(storage, clock, 906, {ALICE})
    sender = RecordingSender(closed={ALICE})
    reminders = Reminders(storage, SETTINGS, sender, clock)
    clock.advance(hours=12)
    [report] = await reminders.run_once()
    assert report.via == "mention" and sender.mentions == [(906, ALICE, sender.mentions[0][2])]
    assert f"<@{ALICE}>" in sender.mentions[0][2]
    assert (await storage.get_user_settings(ALICE)).dm_closed
    clock.advance(hours=24)
    await reminders.run_once()
    assert sender.attempts == 1 and len(sender.mentions) == 2   # no second DM attempt


async def test_restart_in_between_never_double_sends(tmp_path, clock):
    path = tmp_path / "bot.db"
    storage = SqliteStorage(path)
    await storage.open()
    await active_game(storage, clock, 907, {ALICE})
    clock.advance(hours=12)
    sender = RecordingSender()
    assert len(await Reminders(storage, SETTINGS, sender, clock).run_once()) == 1
    await storage.close()
    # the bot restarts: new storage connection, new reminder service
    storage = SqliteStorage(path)
    await storage.open()
    try:
        again = RecordingSender()
        reminders = Reminders(storage, SETTINGS, again, clock)
        clock.advance(hours=1)
        assert await reminders.run_once() == [] and again.dms == []
        clock.advance(hours=23)
        assert len(await reminders.run_once()) == 1
    finally:
        await storage.close()


async def test_a_failing_user_does_not_stop_the_others(storage, clock):
    await active_game(storage, clock, 908, {ALICE, BOB})

    class Flaky(RecordingSender):
        async def dm(self, user_id, text):
            if user_id == ALICE:
                raise RuntimeError("network down")
            await super().dm(user_id, text)

    sender = Flaky()
    clock.advance(hours=12)
    reports = await Reminders(storage, SETTINGS, sender, clock).run_once()
    assert [r.user_id for r in reports] == [BOB]


async def test_a_digest_of_many_games_fits_one_discord_message(storage, clock):
    for thread in range(60):
        await active_game(storage, clock, 2000 + thread, {ALICE})
    clock.advance(hours=12)
    sender = RecordingSender()
    [report] = await Reminders(storage, SETTINGS, sender, clock).run_once()
    text = sender.dms[0][1]
    assert len(report.game_ids) == 60 and len(text) <= 2000
    assert text.endswith("/games lists them all.") and "https://discord.com/channels/1/2000" in text
