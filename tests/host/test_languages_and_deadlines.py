"""Languages (a user's client language for private replies, the game's language for the
thread, the last seen language for DMs), decision deadlines with the rules' default move,
private notices and lobby options generated from the rules' option specs, with the toy game."""

from bot.i18n import t
from rules.messages import Msg, render

from .test_cogs import ALICE, BOB, CHANNEL


async def start_toy(harness, **options):
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, **options)
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    return thread


def public_text(sent):
    return "\n".join(s.content for s in sent if not s.ephemeral and s.content)


def private_text(sent):
    return "\n".join(s.content for s in sent if s.ephemeral and s.content)


async def test_the_lobby_command_offers_the_rules_options_and_the_hosts(harness):
    names = [p.name for p in harness.command_parameters("toy new")]
    assert names == ["players", "target", "language", "deadline", "computers", "on_timeout"]
    language = next(p for p in harness.command_parameters("toy new") if p.name == "language")
    assert [c.value for c in language.choices] == ["en", "hu"]


async def test_a_hungarian_client_reads_its_refusals_in_hungarian_while_the_thread_stays_english(harness):
    assert t("not_your_turn", "hu", waiting="x") != t("not_your_turn", "en", waiting="x")
    harness.set_locale(BOB, "hu")
    thread = await start_toy(harness)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    refusal = await harness.slash(BOB, "toy move", channel_id=thread, text="add 1")
    assert private_text(refusal) == t("not_your_turn", "hu", waiting="alice")
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="add 2")
    assert t("waiting_for", "en", players="bob (Blue)") in public_text(sent)   # the game's language
    bad = await harness.slash(BOB, "toy move", channel_id=thread, text="jump")
    assert render(Msg("toy.err.unreadable", text="jump"), "hu") in private_text(bad)


async def test_a_hungarian_server_gets_a_hungarian_game_and_the_creator_may_choose(harness):
    harness.world.guild_locale = "hu"
    thread = await start_toy(harness)
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    assert t("waiting_for", "hu", players="bob (Kék)") in public_text(sent)
    english = await start_toy(harness, language="en")
    sent = await harness.slash(ALICE, "toy move", channel_id=english, text="pick 1")
    assert t("waiting_for", "en", players="bob (Blue)") in public_text(sent)


async def test_the_language_last_seen_from_a_user_is_stored_for_dms(harness):
    harness.set_locale(BOB, "hu")
    await harness.slash(BOB, "toy log", channel_id=CHANNEL)   # any interaction will do
    assert (await harness.bot.storage.get_user_settings(BOB)).language == "hu"
    harness.set_locale(BOB, "en-GB")
    await harness.slash(BOB, "help")
    assert (await harness.bot.storage.get_user_settings(BOB)).language == "en"


async def test_a_decision_deadline_warns_then_plays_the_default_once(harness, clock):
    harness.set_locale(BOB, "hu")
    thread = await start_toy(harness, deadline=4)
    await harness.slash(BOB, "toy hand", channel_id=thread)       # the bot learns bob reads Hungarian
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 3")
    clock.advance(hours=2)
    await harness.bot.reminders.run_once()
    assert not harness.dms_to(BOB)                                # 2 of 4 hours left: no warning yet
    clock.advance(hours=1.2)
    await harness.bot.reminders.run_once()
    [warning] = harness.dms_to(BOB)
    expected = t("deadline_warning", "hu", game=Msg("toy.title"), game_id=1, hours=1, link="https://discord.com")
    assert warning.content.split("https://")[0] == expected.split("https://")[0]
    await harness.bot.reminders.run_once()
    assert len(harness.dms_to(BOB)) == 1                          # warned once
    clock.advance(hours=1)
    mark = harness.mark()
    await harness.bot.reminders.run_once()
    posted = public_text(harness.sent_since(mark))
    assert "did not decide within 4 hours" in posted             # announced in the game's language
    record = await harness.bot.storage.get_game(1)
    assert record.ply == 2
    log = await harness.bot.storage.log(1)
    assert [(e.user_id, e.text) for e in log] == [(ALICE, "pick 3"), (BOB, "pick 1")]   # the toy's default
    clock.advance(hours=0.1)
    await harness.bot.reminders.run_once()
    assert (await harness.bot.storage.get_game(1)).ply == 2      # never applied twice


async def test_without_a_deadline_nobody_is_moved_for(harness, clock):
    await start_toy(harness)
    clock.advance(hours=500)
    await harness.bot.reminders.run_once()
    assert (await harness.bot.storage.get_game(1)).ply == 0


async def test_a_private_notice_reaches_only_its_player(harness):
    thread = await start_toy(harness)
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    await harness.slash(BOB, "toy move", channel_id=thread, text="pick 2")
    sent = await harness.slash(ALICE, "toy move", channel_id=thread, text="roll")
    private = private_text(sent)
    assert "Your die added" in private
    assert "Your die added" not in public_text(sent)
    assert not harness.dms_to(BOB)


async def test_a_whole_toy_game_for_hungarian_players_shows_no_english(harness, monkeypatch):
    """Every reply, post, DM and image label of a whole game, for Hungarian clients on a
    Hungarian server, comes from the Hungarian catalogue."""
    from tests.renderers.text_spy import record_texts

    from .language_check import english_leaks

    drawn = record_texts(monkeypatch)
    harness.world.guild_locale = "hu"
    harness.set_locale(ALICE, "hu")
    harness.set_locale(BOB, "hu")
    thread = await start_toy(harness)
    for user, text in ((ALICE, "pick 2"), (BOB, "pick 3"), (ALICE, "roll"), (BOB, "add 3"), (ALICE, "jump"),
                       (BOB, "add 1")):
        await harness.slash(user, "toy move", channel_id=thread, text=text)
    for command in ("toy status", "toy hand", "toy log", "toy board"):
        await harness.slash(ALICE, command, channel_id=thread)
    await harness.slash(ALICE, "help")
    await harness.slash(ALICE, "help", game="toy")
    await harness.slash(ALICE, "games")
    await harness.slash(ALICE, "reminders")
    while not (await harness.bot.storage.get_game(1)).status == "finished":
        record = await harness.bot.storage.get_game(1)
        loaded = await harness.bot.service.load(1)
        seat = next(iter(loaded.game.waiting_for(loaded.state)))
        await harness.slash(record.players[seat].user_id, "toy move", channel_id=thread, text="add 3")
    assert drawn, "the board images were drawn and read"
    shown = [s.content for s in harness.world.sent if s.content] + [text for text, _ in drawn]
    assert len(shown) > 30
    assert english_leaks(shown) == []
