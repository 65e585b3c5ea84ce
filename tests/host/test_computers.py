"""Computer players on Discord (issue 29, the host side): computer seats in the lobby, their
turns thought out in the worker pool from their seat's view only and stored like a person's
move, a stand-in after a missed deadline, a moderator's substitution and its return, a
restart while a computer thinks, determinism by seed.  Tests assert catalogue texts."""
import asyncio
import threading

import pytest

import bot.computers as computers_module
import rules
from bot.app import create_bot
from bot.cogs.base import lobby_option_name
from bot.config import Settings
from bot.i18n import t
from rules.messages import Msg, render

from .test_cogs import ALICE, BOB, CAROL, CHANNEL, make_harness

ITERATIONS = 20      # simulations per decision: exact replays, fast tests


def configure(harness):
    harness.bot.computers.iterations = ITERATIONS
    return harness


@pytest.fixture
async def harness(tmp_path, toy_registered, clock):
    harness = configure(await make_harness(tmp_path, clock))
    yield harness
    await harness.close()


def public_text(sent):
    return "\n".join(s.content for s in sent if not s.ephemeral and s.content)


async def open_with_computers(harness, computers=1, players=2, game="toy", **options):
    await harness.slash(ALICE, f"{game} new", channel_id=CHANNEL, players=players, computers=computers, **options)
    thread = list(harness.threads)[-1]
    await harness.slash(ALICE, f"{game} start", channel_id=thread, seating="joined")
    await harness.bot.computers.idle()
    return thread


async def play_toy_to_the_end(harness, thread, user=ALICE):
    for _ in range(40):
        await harness.bot.computers.idle()
        loaded = await harness.bot.service.load(1)
        if loaded.game.is_over(loaded.state):
            return loaded
        seat = loaded.record.seat_of(user)
        assert seat in loaded.game.waiting_for(loaded.state)     # the computer never keeps us waiting
        await harness.slash(user, "toy move", channel_id=thread, text="pick 2" if loaded.state.picks[seat] is None else "add 1")
    raise AssertionError("the game did not end")


def assert_never_messaged_a_computer(harness):
    assert all(user_id > 0 for user_id in harness.notified_since(0))
    assert all(user_id > 0 for user_id in harness.world.dm_channels)
    rendered = " ".join(s.content or "" for s in harness.sent_since(0))
    assert "<@-" not in rendered


@pytest.mark.parametrize("language", ["en", "hu"])
async def test_ISSUE_29_a_whole_game_of_one_human_against_the_computer(harness, language):
    """A lobby with ``computers: 1`` starts with its creator alone; the computer's moves are
    posted in the thread as phrases of the game's language under its name "Computer 1 (Blue)"
    / "Számítógép 1 (Kék)"; nobody pings, reminds or DMs a computer."""
    harness.world.guild_locale = language
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, computers=1)
    thread = list(harness.threads)[-1]
    record = await harness.bot.storage.get_game(1)
    computer = next(p for p in record.players if p.computer)
    assert computer.user_id < 0 and computer.name == t("computer_name", language, number=1)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    loaded = await play_toy_to_the_end(harness, thread)
    entries = await harness.bot.storage.log(1)
    played = [entry for entry in entries if entry.user_id == computer.user_id]
    assert played and all(entry.seat == 1 for entry in played)
    posted = "\n".join(m.content for m in harness.messages_in(thread))
    name = t("seat_line", language, name=t("computer_name", language, number=1), label=Msg("toy.colour.blue"))
    for entry in played[1:]:                   # the first is the secret pick, redacted
        phrase = render(loaded.game.move_phrase(loaded.state, 1, entry.text), language)
        assert t("move_done", language, ply=0, player=name, move=phrase).split(". ", 1)[-1] in posted \
            or (name in posted and phrase in posted)
    assert t("game_over_standings", language) in posted
    assert_never_messaged_a_computer(harness)
    await harness.bot.reminders.run_once()
    assert_never_messaged_a_computer(harness)


async def test_ISSUE_29_too_many_computers_leave_no_seat_for_the_creator(harness):
    sent = await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, computers=2)
    assert t("too_many_computers", "en", seats=2) in "\n".join(s.content for s in sent if s.content)
    assert await harness.bot.storage.get_game(1) is None


async def test_ISSUE_29_a_stand_in_plays_an_absent_players_decision_after_the_deadline(harness, clock):
    """``on_timeout: computer``: after the deadline the computer decides for the absent
    player; the thread says so, and the player gets a DM in their language with the move."""
    harness.set_locale(BOB, "hu")
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, deadline=4, on_timeout="computer")
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 3")
    clock.advance(hours=4.1)
    mark = harness.mark()
    await harness.bot.reminders.run_once()
    await harness.bot.computers.idle()
    posted = public_text(harness.sent_since(mark))
    assert t("automatic_stand_in", "en", name="bob", hours=4) in posted
    [entry] = [e for e in await harness.bot.storage.log(1) if e.user_id == BOB]
    assert entry.text.startswith("pick ")
    dm = harness.dms_to(BOB)[-1].content
    assert dm == t("stand_in_dm", "hu", game=Msg("toy.title"), game_id=1,
                   move=Msg("toy.phrase.pick", value=entry.text.split()[1]))
    await harness.bot.reminders.run_once()
    assert len([e for e in await harness.bot.storage.log(1) if e.user_id == BOB]) == 1   # once


async def test_ISSUE_29_a_moderator_hands_a_seat_to_the_computer_and_back(harness):
    harness.add_user(CAROL + 100, "mod", admin=True)
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2)
    thread = list(harness.threads)[-1]
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 1")
    refused = await harness.slash(CAROL + 100, "toy substitute", channel_id=thread, old=str(BOB))
    assert t("substitute_needs_new", "en") in "\n".join(s.content for s in refused if s.content)
    mark = harness.mark()
    await harness.slash(CAROL + 100, "toy substitute", channel_id=thread, old=str(BOB), computer=True)
    await harness.bot.computers.idle()
    record = await harness.bot.storage.get_game(1)
    assert record.user_at(1).computer and record.user_at(1).user_id == -1
    text = public_text(harness.sent_since(mark))
    computer = t("computer_name", "en", number=1)
    assert t("substituted", "en", old=f"<@{BOB}>", new=computer, actor=f"<@{CAROL + 100}>") in text
    assert t("seat_line", "en", name=computer, label=Msg("toy.colour.blue")) in text   # it played bob's pick
    log = await harness.bot.storage.log(1)
    assert [e.kind for e in log if e.user_id == -1] == ["substitute", "move"]
    # back to a person, the same way: named by the id autocomplete offers
    mark = harness.mark()
    await harness.slash(CAROL + 100, "toy substitute", channel_id=thread, old="-1", new=CAROL)
    await harness.bot.computers.idle()
    record = await harness.bot.storage.get_game(1)
    assert record.user_at(1).user_id == CAROL and not record.user_at(1).computer
    loaded = await harness.bot.service.load(1)
    if 1 in loaded.game.waiting_for(loaded.state):
        assert CAROL in harness.notified_since(mark)
    assert_never_messaged_a_computer(harness)


async def test_ISSUE_29_a_restart_while_the_computer_thinks_plays_its_move_once(tmp_path, toy_registered, clock,
                                                                              monkeypatch):
    release = threading.Event()
    started = threading.Event()
    real = computers_module.decide

    def slow_decide(*args):
        started.set()
        release.wait(10)
        return real(*args)

    monkeypatch.setattr(computers_module, "decide", slow_decide)
    first = configure(await make_harness(tmp_path, clock))
    await first.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, computers=1)
    thread = list(first.threads)[-1]
    await first.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    await asyncio.to_thread(started.wait, 10)       # the computer is thinking about its pick
    second = await first.restart(create_bot(Settings(database_path=str(tmp_path / "bot.db")),
                                            start_reminders=False, clock=clock))
    try:
        configure(second)
        release.set()                               # the first bot's job ends; nobody takes its answer
        for _ in range(100):
            await asyncio.sleep(0.02)
            await second.bot.computers.idle()
            if any(e.user_id == -1 for e in await second.bot.storage.log(1)):
                break
        await asyncio.sleep(0.1)
        await second.bot.computers.idle()
        log = await second.bot.storage.log(1)
        assert [(e.seat, e.kind) for e in log if e.user_id == -1] == [(1, "move")]
    finally:
        await second.close()


async def test_ISSUE_29_the_same_seed_and_moves_give_the_same_computer_moves(harness):
    harness.bot.service.seed_source = lambda: 4242
    logs = []
    for game_id in (1, 2):
        await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, computers=1)
        thread = list(harness.threads)[-1]
        await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
        for _ in range(40):
            await harness.bot.computers.idle()
            loaded = await harness.bot.service.load(game_id)
            if loaded.game.is_over(loaded.state):
                break
            text = "pick 2" if loaded.state.picks[0] is None else "add 1"
            await harness.slash(ALICE, "toy move", channel_id=thread, text=text)
        logs.append([(e.seat, e.text) for e in await harness.bot.storage.log(game_id)])
    assert logs[0] == logs[1] and any(seat == 1 for seat, _ in logs[0])


async def test_ISSUE_29_the_computers_job_gets_only_its_seats_view(harness, monkeypatch):
    """The job's arguments hold the seat's view and nothing of the state; a state with other
    hidden parts (the human's secret pick) gives the same view, hence the same choice."""
    calls = []
    real_run = harness.bot.workers.run

    async def spy(fn, *args, lane=None, **options):
        calls.append((fn, args, lane))
        return await real_run(fn, *args, lane=lane, **options)

    monkeypatch.setattr(harness.bot.workers, "run", spy)
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, computers=1)
    thread = list(harness.threads)[-1]
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    await harness.bot.computers.idle()
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 3")
    await harness.slash(ALICE, "toy move", channel_id=thread, text="add 1")
    await harness.bot.computers.idle()
    computer_calls = [(args, lane) for fn, args, lane in calls if fn is computers_module.decide]
    assert computer_calls and all(lane == 1 for _, lane in computer_calls)
    game = rules.get_game("toy")
    for args, _lane in computer_calls:
        game_name, view, seat, seed, budget, iterations = args
        assert (game_name, seat, iterations) == ("toy", 1, ITERATIONS)
        assert game.dump_state(game.view(view, seat)) == game.dump_state(view)   # a view, not a state
    # the first decision (its pick) was made before alice's secret pick was known: hidden parts
    # replaced by another state's give the same view and the same move
    args = computer_calls[0][0]
    state = game.new_game({"players": 2}, 4242)
    other = game.apply(state, game.parse_move(state, 0, "pick 1"))
    if game.dump_state(game.view(other, 1)) == game.dump_state(args[1]):
        assert computers_module.decide(*args) == computers_module.decide("toy", game.view(other, 1), *args[2:])
    sampled = game.sample_state(args[1], 1, __import__("random").Random(99))
    assert computers_module.decide(*args) == computers_module.decide("toy", game.view(sampled, 1), *args[2:])


@pytest.mark.parametrize("language", ["hu"])     # English: the toy game above (a real game costs a minute)
async def test_ISSUE_29_a_whole_space_corp_game_against_the_computer(harness, language):
    """A real game to its end: alice (playing random legal moves here) against one computer
    with a small number of simulations; every computer move is posted as a phrase."""
    import random

    from rules.players import RandomPlayer

    harness.world.guild_locale = language
    harness.bot.computers.iterations = 4
    harness.bot.service.seed_source = lambda: 11
    thread = await open_with_computers(harness, game="spacecorp")
    me = RandomPlayer(seed=3)
    random.seed(0)
    for _ in range(400):
        await harness.bot.computers.idle()
        loaded = await harness.bot.service.load(1)
        if loaded.game.is_over(loaded.state):
            break
        seat = loaded.record.seat_of(ALICE)
        assert seat in loaded.game.waiting_for(loaded.state)
        move = me.choose(loaded.game, loaded.game.view(loaded.state, seat), seat)
        await harness.slash(ALICE, "spacecorp move", channel_id=thread, text=loaded.game.format_move(move))
    loaded = await harness.bot.service.load(1)
    assert loaded.game.is_over(loaded.state)
    posted = "\n".join(m.content for m in harness.messages_in(thread))
    assert t("game_over_standings", language) in posted
    computer_moves = [e for e in await harness.bot.storage.log(1) if e.user_id == -1 and e.kind == "move"]
    assert len(computer_moves) >= 5
    name = t("computer_name", language, number=1)
    assert posted.count(f"{name} (") >= len(computer_moves)
    assert_never_messaged_a_computer(harness)


@pytest.mark.parametrize("language", ["en", "hu"])
async def test_a_game_started_with_fewer_players_than_its_lobby_had_seats_says_so(harness, language):
    """A lobby's ``players`` is its most seats: its creator may start with fewer (here alone
    with one computer in a lobby of three), and the start's post says the game is for those
    who joined (newcomer C-H2: "Seats: alice, Computer 1" and not a word of the third seat)."""
    harness.world.guild_locale = language
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=3, computers=1)
    thread = list(harness.threads)[-1]
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    posted = "\n".join(m.content for m in harness.messages_in(thread))
    assert t("started_fewer", language, seats=3, count=2) in posted
    loaded = await harness.bot.service.load(1)
    assert len(loaded.record.players) == 2


async def test_a_full_lobby_starts_without_a_word_of_seats(harness):
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, computers=1)
    thread = list(harness.threads)[-1]
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    posted = "\n".join(m.content for m in harness.messages_in(thread))
    loaded = await harness.bot.service.load(1)
    assert len(loaded.record.players) == 2 and t("started_hint", "en", game="toy") in posted
    assert t("started_fewer", "en", seats=2, count=1).split(";")[0] not in posted


@pytest.mark.parametrize("game", ["spacecorp", "pulsar"])
async def test_ISSUE_29_status_lists_no_standing_order_of_a_computer(harness, game):
    """A computer decides every window itself: ``status`` lists the people's standing orders
    only (newcomer C-H1: "Computer 1: asks for every Edge"), in Space Corp's own status lines
    as in the host's."""
    harness.bot.service.seed_source = lambda: 11
    thread = await open_with_computers(harness, game=game)
    status = "\n".join(item.content for item in await harness.slash(ALICE, f"{game} status", channel_id=thread))
    orders = status[status.index(t("standing_orders", "en")):].splitlines()[1:]
    assert len(orders) == 1 and t("computer_name", "en", number=1) not in orders[0] and "alice" in orders[0].lower()


async def test_ISSUE_29_one_decision_is_stored_once(harness):
    """The same computer decision offered twice (a restart, a race) is stored once: the
    expected ply and the idempotency id per game, ply and seat."""
    harness.bot.computers.iterations = ITERATIONS
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=2, computers=1)
    thread = list(harness.threads)[-1]
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    await harness.bot.computers.idle()
    [entry] = [e for e in await harness.bot.storage.log(1) if e.user_id == -1]
    assert await harness.bot.service.computer_move(1, 1, entry.text, entry.ply - 1) is None
    assert len([e for e in await harness.bot.storage.log(1) if e.user_id == -1]) == 1


@pytest.mark.parametrize("game_name", sorted(rules.available_games()))
def test_ISSUE_29_every_games_decision_job_pickles(game_name):
    """The worker pool runs the job in another process: its arguments (the view above all)
    must survive pickling unchanged, for every game."""
    import pickle

    game = rules.get_game(game_name)
    state = game.new_game(game.normalize_options({"players": 2}), 5)
    seat = min(game.waiting_for(state))
    args = (game_name, game.view(state, seat), seat, computers_module.decision_seed(5, seat), 50, 1)
    again = pickle.loads(pickle.dumps((computers_module.decide, args)))
    assert again[0] is computers_module.decide
    assert game.dump_state(again[1][1]) == game.dump_state(args[1])


async def test_ISSUE_29_two_computers_and_one_person(harness):
    """Several computer seats in one game take their turns one after another; the person is
    pinged only when it is theirs."""
    thread = await open_with_computers(harness, computers=2, players=3)
    record = await harness.bot.storage.get_game(1)
    assert sorted(p.user_id for p in record.players if p.computer) == [-2, -1]
    loaded = await play_toy_to_the_end(harness, thread)
    movers = {e.user_id for e in await harness.bot.storage.log(1) if e.kind == "move"}
    assert movers == {ALICE, -1, -2} and loaded.game.is_over(loaded.state)
    assert set(harness.notified_since(0)) == {ALICE}


# ----- loose ends: names in the reader's language, computers added and removed in the lobby ---------

def lobby_message(harness):
    """The lobby message (the thread was started from it: same id)."""
    return harness.message(list(harness.threads)[-1])


def button(message, label):
    return next(c["custom_id"] for row in message.components for c in row["components"] if c["label"] == label)


async def test_ISSUE_29_a_computer_is_named_in_each_readers_language(harness, monkeypatch):
    """A Hungarian game's computer (stored "Számítógép 1") is "Computer 1" for an English
    reader: the "not your turn" refusal, /status, the substitute autocomplete and the board
    images drawn for English; the thread of the Hungarian game says "Számítógép 1"."""
    monkeypatch.setattr(harness.bot.computers, "schedule", lambda game_id: None)   # it never moves here
    harness.world.guild_locale = "hu"
    thread = await open_with_computers(harness)
    record = await harness.bot.storage.get_game(1)
    assert record.user_at(1).name == t("computer_name", "hu", number=1)        # stored in the game's language
    await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 2")   # now only the computer is waited for
    english, hungarian = t("computer_name", "en", number=1), t("computer_name", "hu", number=1)
    refused = "\n".join(s.content for s in await harness.slash(ALICE, "toy move", channel_id=thread, text="pick 3")
                        if s.content)
    assert t("not_your_turn", "en", waiting=english) in refused and hungarian not in refused
    harness.set_locale(BOB, "hu")
    status = "\n".join(s.content for s in await harness.slash(BOB, "toy status", channel_id=thread) if s.content)
    assert hungarian in status and english not in status
    status = "\n".join(s.content for s in await harness.slash(ALICE, "toy status", channel_id=thread) if s.content)
    assert english in status and hungarian not in status
    choices = await harness.autocomplete(ALICE, "toy substitute", "old", channel_id=thread, old="comp")
    assert {"name": english, "value": "-1"} in [dict(c) for c in choices]
    choices = await harness.autocomplete(ALICE, "toy substitute", "old", channel_id=thread, old="számító")
    assert [c["value"] for c in choices] == ["-1"]             # found by either language's name
    posted = "\n".join(m.content or "" for m in harness.messages_in(thread) if not m.ephemeral)
    assert hungarian in posted and english not in posted      # the thread: the game's language
    drawn = []
    real_run = harness.bot.workers.run

    async def spy(fn, *args, lane=None, **options):      # options: the drawing's affinity (its game)
        drawn.append(args)
        return await real_run(fn, *args, lane=lane, **options)

    monkeypatch.setattr(harness.bot.workers, "run", spy)
    cog = harness.bot.game_cog("toy")
    loaded = await harness.bot.service.load(1)
    for language, name in (("en", english), ("hu", hungarian)):
        await cog.board_parts(loaded, None, language)
        game_name, _view, names, drawn_language, _shown = drawn[-1]
        assert (names[1], drawn_language) == (name, language)


@pytest.mark.parametrize("language", ["en", "hu"])
async def test_ISSUE_29_the_creator_adds_and_removes_computers_in_the_lobby(harness, language):
    """The lobby's "Add a computer" button and ``join computer: True`` add a computer seat,
    ``leave computer: True`` removes the last one; the lobby message shows the players each
    time, the thread is told; only the creator may, and only while seats are free."""
    harness.world.guild_locale = language
    await harness.slash(ALICE, "toy new", channel_id=CHANNEL, players=3)
    thread = list(harness.threads)[-1]
    lobby = lobby_message(harness)
    assert [c["label"] for row in lobby.components for c in row["components"]][-1] == t("button.computer", language)
    name = [t("computer_name", language, number=n) for n in (1, 2)]
    # the button on the lobby message (in the channel): the message itself shows the new seat
    await harness.click(ALICE, lobby.message_id, button(lobby, t("button.computer", language)), channel_id=CHANNEL)
    lobby = lobby_message(harness)
    assert name[0] in lobby.content
    assert t("joined", language, name=name[0], count=2, seats=3) in "\n".join(
        m.content for m in harness.messages_in(thread))
    # the command in the thread: the lobby message is updated too
    sent = await harness.slash(ALICE, "toy join", channel_id=thread, computer=True)
    assert t("joined", language, name=name[1], count=3, seats=3) in "\n".join(s.content for s in sent if s.content)
    assert name[1] in lobby_message(harness).content
    record = await harness.bot.storage.get_game(1)
    assert sorted(p.user_id for p in record.players if p.computer) == [-2, -1]
    refused = await harness.slash(ALICE, "toy join", channel_id=thread, computer=True)
    assert t("lobby_full", "en", seats=3) in "\n".join(s.content for s in refused if s.content)
    # only the creator
    harness.add_user(BOB, "bob")
    refused = await harness.slash(BOB, "toy leave", channel_id=thread, computer=True)
    assert t("only_creator_computers", "en") in "\n".join(s.content for s in refused if s.content)
    refused = await harness.click(BOB, lobby.message_id, button(lobby_message(harness), t("button.computer", language)),
                                  channel_id=CHANNEL)
    assert t("only_creator_computers", "en") in "\n".join(s.content for s in refused if s.content)
    # removing: the last one added goes; the lobby message follows
    sent = await harness.slash(ALICE, "toy leave", channel_id=thread, computer=True)
    assert t("left", language, name=name[1]) in "\n".join(s.content for s in sent if s.content)
    lobby = lobby_message(harness)
    assert name[1] not in lobby.content and name[0] in lobby.content
    option = t("option_shown", language, name=lobby_option_name("computers", language), value=1)
    assert option in lobby.content                       # the option shows the seats computers fill now
    await harness.slash(ALICE, "toy leave", channel_id=thread, computer=True)
    refused = await harness.slash(ALICE, "toy leave", channel_id=thread, computer=True)
    assert t("no_computer_in_lobby", "en") in "\n".join(s.content for s in refused if s.content)
    record = await harness.bot.storage.get_game(1)
    assert not any(p.computer for p in record.players)
    # added again after the removals, then a game with it: it plays
    await harness.slash(ALICE, "toy join", channel_id=thread, computer=True)
    await harness.slash(BOB, "toy join", channel_id=thread)
    await harness.slash(ALICE, "toy start", channel_id=thread, seating="joined")
    await harness.bot.computers.idle()
    log = await harness.bot.storage.log(1)
    assert any(entry.user_id == -1 for entry in log)


async def test_ISSUE_29_no_computer_is_added_or_removed_after_the_start(harness):
    thread = await open_with_computers(harness)
    for command in ("toy join", "toy leave"):
        refused = await harness.slash(ALICE, command, channel_id=thread, computer=True)
        text = "\n".join(s.content for s in refused if s.content)
        assert t("not_a_lobby", "en") in text or t("leave_started", "en") in text
    record = await harness.bot.storage.get_game(1)
    assert [p.user_id for p in record.players if p.computer] == [-1]


def test_ISSUE_29_a_computer_is_found_by_its_name_in_either_language():
    """``substitute old:"Computer 1"`` finds the computer of a Hungarian game (stored as
    "Számítógép 1") and the other way round; a person only by their own name."""
    from bot.cogs.base import player_id
    from bot.storage import GameRecord, PlayerRecord

    record = GameRecord(1, "toy", 1, 2, 3, ALICE, {"language": "hu"}, 5, "active", 0, 0.0, 0.0,
                        players=[PlayerRecord(ALICE, "alice", 0, 0.0),
                                 PlayerRecord(-1, t("computer_name", "hu", number=1), 1, 0.0, computer=True)])
    for given in (t("computer_name", "en", number=1), t("computer_name", "hu", number=1), "computer 1", "-1"):
        assert player_id(record, given) == -1
    assert player_id(record, "alice") == ALICE


async def test_ISSUE_29_a_console_script_with_a_computer_replays_the_same_with_the_same_seed(tmp_path):
    """With ``--seed`` the console's computers think a fixed number of simulations, never by
    the clock, so the same script gives the same computer moves (a newcomer's replay of a
    game against the computer failed when a typed move was legal in one run only)."""
    import io
    import re

    from bot.console import console_main

    async def run(script: str) -> str:
        out = io.StringIO()
        await console_main(Settings(database_path=str(tmp_path / "unused.db")), db_path=None,
                           board_dir=str(tmp_path / "boards"), stdin=io.StringIO(script), stdout=out, seed=5)
        text = "\n".join(line for line in out.getvalue().splitlines() if "board image" not in line)
        return re.sub(r"\d{15,}", "<id>", text)          # message links carry time-based snowflakes

    opening = "/planetarium new players:2 computers:1\n/planetarium start\n"
    offered = await run(opening + "? /planetarium move\n")
    move = next(line.split("   (")[0].strip() for line in offered.splitlines() if line.startswith("  discard "))
    script = opening + f"/planetarium move {move}\n/planetarium log count:20\n"
    first, second = await run(script), await run(script)
    assert "discards" in first.lower() and first == second


async def test_no_decision_buttons_are_posted_for_a_computers_decision(harness, monkeypatch):
    """Newcomer report N9: the post of a person's move carried buttons for the choice the
    computer seat was about to make (nobody can usefully press them); a person's decision
    still gets them."""
    import tests.host.toy_game as toy

    def public_choices(self, state):
        seats = sorted(self.waiting_for(state))
        return (seats[0], ["add 1"]) if seats and all(state.picks) else None

    monkeypatch.setattr(toy.ToyGame, "public_choices", public_choices)
    thread = await open_with_computers(harness)
    await play_toy_to_the_end(harness, thread)
    buttons = [c["custom_id"] for sent in harness.messages_in(thread) for row in sent.components
               for c in row.get("components", []) if c.get("custom_id", "").startswith("mvb:")]
    loaded = await harness.bot.service.load(1)
    computer_seat = next(player.seat for player in loaded.record.players if player.computer)
    mover = {entry.ply: entry.seat for entry in await harness.bot.service.recent_log(1, 100)}
    assert buttons, "a person's decision gets its buttons"
    # a button made at ply P offers the decision of whoever moves at ply P + 1: never the computer
    assert all(mover.get(int(custom.split(":")[2]) + 1) != computer_seat for custom in buttons), (buttons, mover)
