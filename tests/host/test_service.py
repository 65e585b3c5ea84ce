"""The game service through the toy game: lobby, turns, refusals, undo, resign, loading."""
import asyncio

import pytest

from rules.messages import Msg
from bot.service import UserError
from bot.storage import ABANDONED, ACTIVE, FINISHED

ALICE, BOB, CAROL = 11, 22, 33


async def lobby(service, players=2, **options):
    record = await service.create_lobby("toy", guild_id=1, channel_id=2, creator_id=ALICE, creator_name="alice",
                                        options={"players": players, **options})
    await service.attach_thread(record.id, 500 + record.id)
    return record


async def started(service, target=10):
    record = await lobby(service, target=target)
    await service.join(record.id, BOB, "bob")
    loaded = await service.start(record.id, ALICE, "joined")
    return loaded


async def refused(key, coroutine):
    with pytest.raises(UserError) as caught:
        await coroutine
    assert caught.value.key == key
    return caught.value


async def test_lobby_rules(service):
    record = await lobby(service)
    await refused("bad_options", service.create_lobby("toy", guild_id=1, channel_id=2, creator_id=ALICE,
                                                      creator_name="a", options={"players": 9}))
    await refused("already_joined", service.join(record.id, ALICE, "alice"))
    await refused("too_few_players", service.start(record.id, ALICE))
    await service.join(record.id, BOB, "bob")
    await refused("lobby_full", service.join(record.id, CAROL, "carol"))
    await refused("only_creator_start", service.start(record.id, BOB))
    await refused("creator_cannot_leave", service.leave(record.id, ALICE))
    await service.leave(record.id, BOB)
    await refused("not_in_lobby", service.leave(record.id, BOB))
    await service.join(record.id, BOB, "bob")
    loaded = await service.start(record.id, ALICE, "joined")
    assert [p.name for p in loaded.record.players] == ["alice", "bob"]
    await refused("not_a_lobby", service.join(record.id, CAROL, "carol"))
    await refused("cancel_started", service.cancel(record.id, ALICE))


async def test_simultaneous_secret_choice_then_turns(service):
    loaded = await started(service)
    game_id = loaded.record.id
    assert loaded.game.waiting_for(loaded.state) == {0, 1}
    outcome = await service.submit(game_id, BOB, "pick 3", interaction_id=1)
    assert outcome.waiting_seats == {0} and outcome.newly_waiting_seats == set()
    # the secret pick is redacted in what others see
    assert outcome.loaded.game.redact_move(outcome.loaded.state, 1, outcome.move_text) == Msg("toy.redacted_pick")
    outcome = await service.submit(game_id, ALICE, "pick 1", interaction_id=2)
    # alice acts again at once; she just moved, so she is not pinged about it
    assert outcome.waiting_seats == {0} and outcome.newly_waiting_seats == set()
    await refused("not_your_turn", service.submit(game_id, BOB, "add 1", interaction_id=3))
    error = await refused("illegal_move_rule", service.submit(game_id, ALICE, "add 7", interaction_id=4))
    assert error.values["reason"].key == "toy.err.not_allowed" and error.values["rule"] == "TOY-3"
    error = await refused("illegal_move_rule", service.submit(game_id, ALICE, "jump", interaction_id=5))
    assert error.values["reason"] == Msg("toy.err.unreadable", text="jump")
    await refused("empty_move", service.submit(game_id, ALICE, "  ", interaction_id=6))
    await refused("not_seated", service.submit(game_id, CAROL, "add 1", interaction_id=7))
    record = await service.record(game_id)
    assert record.ply == 2   # refusals changed nothing


async def test_duplicate_interaction_is_applied_once(service):
    loaded = await started(service)
    game_id = loaded.record.id
    await service.submit(game_id, ALICE, "pick 1", interaction_id=77)
    await refused("duplicate_interaction", service.submit(game_id, BOB, "pick 2", interaction_id=77))
    assert (await service.record(game_id)).ply == 1


async def play_to_end(service, game_id):
    await service.submit(game_id, ALICE, "pick 2")
    await service.submit(game_id, BOB, "pick 1")
    turn = [ALICE, BOB]
    index = 0
    while True:
        outcome = await service.submit(game_id, turn[index % 2], "add 3")
        index += 1
        if outcome.finished:
            return outcome


async def test_game_to_the_end_and_standings(service):
    loaded = await started(service, target=10)
    outcome = await play_to_end(service, loaded.record.id)
    # counter 3,6,9,12: alice adds twice (6 + bonus 2 = 8), bob twice (6 + bonus 1 = 7)
    standings = await service.standings(outcome.loaded)
    assert [(s.name, s.score, s.winner) for s in standings] == [("alice", 8, True), ("bob", 7, False)]
    assert (await service.record(loaded.record.id)).status == FINISHED
    await refused("game_over", service.submit(loaded.record.id, ALICE, "add 1"))


async def test_loading_from_snapshot_plus_tail_equals_the_live_state(service, storage, toy_registered):
    loaded = await started(service, target=60)
    game_id = loaded.record.id
    await service.submit(game_id, ALICE, "pick 2")
    await service.submit(game_id, BOB, "pick 1")
    for index in range(12):   # snapshots every 5 plies
        await service.submit(game_id, (ALICE, BOB)[index % 2], "roll" if index % 3 else "add 2")
    live = (await service.load(game_id)).state
    service.forget(game_id)
    assert (await storage.latest_snapshot(game_id))[0] == 10
    reloaded = (await service.load(game_id)).state
    assert toy_registered.dump_state(reloaded) == toy_registered.dump_state(live)


async def test_undo_own_last_move_only(service, toy_registered):
    loaded = await started(service)
    game_id = loaded.record.id
    await service.submit(game_id, ALICE, "pick 2")
    await service.submit(game_id, BOB, "pick 1")
    before = (await service.load(game_id)).state
    await service.submit(game_id, ALICE, "add 2")
    await refused("undo_not_last", service.undo(game_id, BOB))
    undone = await service.undo(game_id, ALICE)
    assert toy_registered.dump_state(undone.state) == toy_registered.dump_state(before)
    await refused("undo_not_last", service.undo(game_id, ALICE))   # nothing of hers left to take back
    service.forget(game_id)
    assert toy_registered.dump_state((await service.load(game_id)).state) == toy_registered.dump_state(before)
    await service.submit(game_id, ALICE, "roll")
    await refused("undo_revealed", service.undo(game_id, ALICE))


async def test_resign_ends_the_game_and_ranks_the_resigner_last(service):
    loaded = await started(service)
    game_id = loaded.record.id
    await service.submit(game_id, ALICE, "pick 2")
    await service.submit(game_id, BOB, "pick 1")
    await service.submit(game_id, ALICE, "add 3")
    after = await service.resign(game_id, ALICE)
    standings = await service.standings(after)
    assert [(s.name, s.resigned, s.winner) for s in standings] == [("bob", False, True), ("alice", True, False)]
    assert after.record.status == FINISHED


async def test_substitute_and_abandon_need_creator_or_moderator(service):
    loaded = await started(service)
    game_id = loaded.record.id
    await refused("only_creator_or_moderator", service.substitute(game_id, BOB, False, BOB, CAROL, "carol"))
    await refused("substitute_not_player", service.substitute(game_id, ALICE, False, 99, CAROL, "carol"))
    await refused("substitute_already_player", service.substitute(game_id, ALICE, False, BOB, ALICE, "alice"))
    record = await service.substitute(game_id, BOB, True, BOB, CAROL, "carol")
    assert record.seat_of(CAROL) == 1 and record.seat_of(BOB) is None
    await service.submit(game_id, CAROL, "pick 1")   # the new player acts for the seat
    await refused("only_creator_or_moderator", service.abandon(game_id, CAROL, False))
    record = await service.abandon(game_id, ALICE, False)
    assert record.status == ABANDONED
    await refused("game_closed", service.submit(game_id, ALICE, "pick 1"))


async def test_stale_submission_from_another_process_is_refused(service, storage):
    loaded = await started(service)
    game_id = loaded.record.id
    # another process stores a move behind this service's back
    await storage.append(game_id, expected_ply=0, seat=1, user_id=BOB, kind="move", text="pick 1",
                         interaction_id=None, now=0, waiting_user_ids={ALICE})
    # this service still has the cached state at ply 0 but reloads because the ply moved on
    outcome = await service.submit(game_id, ALICE, "pick 2")
    assert outcome.ply == 2 and outcome.loaded.record.status == ACTIVE


async def test_two_processes_submitting_for_the_same_ply_apply_exactly_one(storage, clock, toy_registered):
    """Two services (as two bot processes) on one database: both validate against ply 0,
    the storage's expected-ply check lets exactly one through; the other gets a clear answer."""
    from bot.service import GameService

    first = GameService(storage, clock=clock, seed_source=lambda: 5)
    second = GameService(storage, clock=clock, seed_source=lambda: 5)
    loaded = await started(first)
    game_id = loaded.record.id
    arrived = []
    both_here = __import__("asyncio").Event()
    real_append = storage.append

    async def append_after_both_validated(*args, **kwargs):
        arrived.append(kwargs["expected_ply"])
        if len(arrived) == 2:
            both_here.set()
        await both_here.wait()
        return await real_append(*args, **kwargs)

    storage.append = append_after_both_validated
    results = await __import__("asyncio").gather(first.submit(game_id, ALICE, "pick 1", interaction_id=1),
                                                 second.submit(game_id, BOB, "pick 2", interaction_id=2),
                                                 return_exceptions=True)
    storage.append = real_append
    assert arrived == [0, 0]
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], UserError) and errors[0].key == "stale_move"
    assert (await storage.get_game(game_id)).ply == 1
    assert len(await storage.log(game_id)) == 1


async def test_concurrent_joins_never_overfill_the_lobby(service):
    """Two join clicks for the last seat: one gets it, the other is told the lobby is full
    (the capacity check and the insert used to interleave)."""
    record = await lobby(service)
    results = await asyncio.gather(service.join(record.id, BOB, "bob"), service.join(record.id, CAROL, "carol"),
                                   return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["GameRecord", "UserError"]
    assert [r.key for r in results if isinstance(r, UserError)] == ["lobby_full"]
    assert len((await service.record(record.id)).players) == 2


async def test_leave_while_starting_is_refused_cleanly(service):
    """A player leaving while the creator starts: either the game starts with them or the
    start sees the smaller lobby, never an internal error (start used to fail with the
    storage's NotSeated when the leave came first)."""
    for leave_first in (False, True):
        record = await lobby(service, players=3)
        await service.join(record.id, BOB, "bob")
        await service.join(record.id, CAROL, "carol")
        calls = [service.start(record.id, ALICE, "joined"), service.leave(record.id, CAROL)]
        if leave_first:
            calls.reverse()
        results = await asyncio.gather(*calls, return_exceptions=True)
        assert all(not isinstance(r, Exception) or isinstance(r, UserError) for r in results), results


async def test_rules_versions_are_stored_and_passed_to_games_that_ask(service, monkeypatch, toy_registered):
    from rules.base import OptionSpec

    game = toy_registered
    monkeypatch.setattr(type(game), "rules_version", 3)
    record = await lobby(service)
    assert record.rules_version == 3
    seen = {}
    real_new_game = type(game).new_game

    def new_game(self, options, seed):
        seen.update(options)
        return real_new_game(self, {k: v for k, v in options.items() if k != "rules_version"}, seed)

    monkeypatch.setattr(type(game), "options", game.options + (OptionSpec("rules_version", "int", 1, "toy.opt.target",
                                                                          min=1, max=99, lobby=False),))
    monkeypatch.setattr(type(game), "new_game", new_game)
    await service.join(record.id, BOB, "bob")
    await service.start(record.id, ALICE, "joined")
    assert seen["rules_version"] == 3
    monkeypatch.setattr(type(game), "rules_version", 2)      # an older bot meets a newer game
    await refused("rules_too_new", service.load(record.id))
