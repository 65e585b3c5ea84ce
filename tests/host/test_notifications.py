"""Turn pings must really notify: Discord notifies only for mentions in newly created
messages (the first follow-up after a "thinking" defer is an edit, and edits notify nobody),
and only whom ``allowed_mentions`` names; display names chosen by users must never ping a
role or @everyone."""
import pytest

from .test_cogs import ALICE, BOB, CHANNEL


async def test_the_next_player_is_notified_after_a_deferred_move_and_after_start(harness):
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2)
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    mark = harness.mark()
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    assert sorted(harness.notified_since(mark)) == [ALICE, BOB]         # both pick secretly now
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    mark = harness.mark()
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    assert harness.notified_since(mark) == [ALICE]                      # alice's turn
    mark = harness.mark()
    await harness.slash(ALICE, "toy move", channel_id=thread, text="add 1")
    assert harness.notified_since(mark) == [BOB]


async def test_a_display_name_cannot_ping_a_role_or_everyone(harness):
    harness.add_user(44, "<@&555> @everyone")
    await harness.slash(44, "toy new", channel_id=CHANNEL, players=2)
    thread = list(harness.threads)[-1]
    mark = harness.mark()
    await harness.slash(ALICE, "toy join", channel_id=thread)
    await harness.slash(44, "toy start", channel_id=thread, seating="joined")
    await harness.slash(44, "toy move", channel_id=thread, text="pick 1")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 2")
    pings = harness.pings_since(mark)
    assert pings and all(not note["roles"] and not note["everyone"] for note in pings)
    assert set(harness.notified_since(mark)) <= {44, ALICE}


async def test_game_threads_outlive_days_without_moves_and_reminders_reopen_them(harness, clock):
    """Threads archive when idle (Discord's default after a day) and nobody can run commands
    in an archived thread; moves are days apart, so game threads use the longest auto-archive
    and a reminder reopens the thread it points to."""
    from bot.harness import ThreadArchived

    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2)
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    clock.advance(hours=3 * 24)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")   # still open after 3 days
    clock.advance(hours=8 * 24)
    with pytest.raises(ThreadArchived):
        await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    await harness.bot.reminders.run_once()                   # bob is reminded: his thread opens again
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")


@pytest.mark.parametrize("denied", ["create_public_threads", "send_messages_in_threads", "attach_files"])
async def test_a_missing_permission_is_named_and_leaves_no_live_lobby(harness, denied):
    harness.world.bot_denied = {denied}
    sent = await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2)
    text = "\n".join(s.content or "" for s in sent)
    from bot.i18n import t
    assert t(f"perm.{denied}", "en") in text, text
    assert await harness.bot.storage.list_games(status="lobby") == []
    assert not any(s.components for s in sent if s.ok and not s.ephemeral)   # no Join/Start left to press


async def test_a_move_saved_but_not_announced_is_reported_truthfully(harness):
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2)
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    harness.world.bot_denied = {"send_messages_in_threads"}      # taken away mid-game
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")   # a secret: posted separately
    text = "\n".join(s.content or "" for s in sent)
    assert "is saved, but I could not post it" in text and "nothing was changed" not in text.lower()
    assert (await harness.bot.storage.get_game(1)).ply == 1


async def test_one_user_flooding_boards_is_slowed_and_renders_are_shared(harness, clock, monkeypatch):
    import bot.cogs.base as base
    renders = []
    real = base.render_parts
    monkeypatch.setattr(base, "render_parts", lambda *args, **kw: renders.append(args[0]) or real(*args, **kw))
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2)
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    answers = [await harness.slash(BOB, "toy board", channel_id=thread) for _ in range(10)]
    refused = ["wait" in (s.content or "") for sent in answers for s in sent if s.content]
    assert refused.count(True) == 4 and all(s.ephemeral for sent in answers[6:] for s in sent if s.content)
    assert len(renders) == 1                          # the start's image, shared by every board
    await harness.slash(ALICE, "toy board", channel_id=thread)   # another user is not slowed
    clock.advance(seconds=60)
    assert not any("wait" in (s.content or "") for s in await harness.slash(BOB, "toy board", channel_id=thread))
