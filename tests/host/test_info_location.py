"""``/<game> info`` on a place only a running game can describe (newcomer report N5: ``/gaia
info 1B1``): the contract's ``describe_location`` and ``location_hint`` default to None, and
the host asks them in a game's thread, through the strict test Discord."""
import random

import pytest

import rules
from rules.base import Game
from rules.messages import Msg, render

from .test_cogs import one_text
from .test_gaia_bot import CHANNEL, fixture, gaia_harness


@pytest.mark.parametrize("name", rules.available_games())
def test_games_that_have_no_places_of_their_own_answer_none(name):
    """The default: every game that does not describe places answers None for any text."""
    game = rules.get_game(name)
    if type(game).describe_location is not Game.describe_location:
        pytest.skip(f"{name} describes its places")
    state = game.new_game(game.normalize_options({}), 3)
    for text in ("1B1", "R08", "-2x4", "anything"):
        assert game.describe_location(game.view(state, 0), 0, text) is None
        assert game.location_hint(text) is None
    assert list(game.location_codes(game.view(state, 0))) == []


async def hex_answer(harness, user, channel, thing="1B1"):
    sent = await harness.slash(user, "gaia info", channel_id=channel, thing=thing)
    assert not sent.errors
    assert all(item.ephemeral for item in sent if item.content)
    return one_text(sent)


@pytest.mark.parametrize("locale,language", [("en-US", "en"), ("hu", "hu")])
async def test_gaia_info_on_a_hex_in_the_games_thread_describes_it(tmp_path, locale, language):
    """GP-MAP-4: in the thread of a started game, ``1B1`` names a hex of that game's map: its
    planet, sector and who built there, in the asker's language."""
    recorded = fixture("spec-fullgame-2p")
    harness, thread, users = await gaia_harness(tmp_path, recorded, locale=locale)
    try:
        game_id = (await harness.bot.storage.game_by_thread(thread)).id
        state = (await harness.bot.service.load(game_id)).state
        expected = rules.get_game("gaia").describe_location(state, 0, "1B1")
        answer = await hex_answer(harness, users["alice"], thread)
        assert render(expected.name, language) in answer
        assert render(Msg("gaia.kind.hex"), language) in answer and "`1B1`" in answer
        assert render(expected.text, language) in answer
        assert render(Msg("gaia.place.sector", sector="1"), language) in answer
        # autocomplete offers the hex typed, first, with its planet
        choices = await harness.autocomplete(users["bob"], "gaia info", focused="thing", channel_id=thread,
                                             thing="1b1")
        assert choices[0]["value"] == "1B1" and render(expected.name, language) in choices[0]["name"]
        # the hexes whose names start with what is typed, in the map's order (GP-MAP-4)
        choices = await harness.autocomplete(users["bob"], "gaia info", focused="thing", channel_id=thread,
                                             thing="1B")
        assert [choice["value"] for choice in choices] == [f"1B{n}" for n in range(6)]
    finally:
        await harness.close()


async def test_gaia_info_on_a_hex_outside_a_game_says_it_needs_a_games_thread(tmp_path):
    recorded = fixture("spec-fullgame-2p")
    harness, _thread, users = await gaia_harness(tmp_path, recorded)
    try:
        answer = await hex_answer(harness, users["alice"], CHANNEL)
        assert answer == render(Msg("gaia.info.hex_needs_game", hex="1B1"), "en")
        # a component is still found outside a game
        assert render(Msg("gaia.comp.booster.name", n="3"), "en") in await hex_answer(
            harness, users["alice"], CHANNEL, "booster3")
    finally:
        await harness.close()


def test_a_random_gaia_position_describes_every_hex_without_error():
    """Every hex of a played position reads in both languages, for every seat and a spectator."""
    game = rules.get_game("gaia")
    state = game.new_game(game.normalize_options({"players": 3}), 11)
    rng = random.Random(4)
    for _ in range(120):
        seats = sorted(game.waiting_for(state))
        if not seats or game.is_over(state):
            break
        move = game.random_move(state, seats[0], rng)
        if move is None:
            break
        state = game.apply(state, move)
    from rules.gaia import engine as E
    assert sorted(game.location_codes(state)) == sorted(E.minfo(state).name.values())
    assert len(game.location_codes(state)) == 19 * len(state["placement"])
    for name in game.location_codes(state):
        for seat in (None, 0, 1, 2):
            found = game.describe_location(state, seat, name)
            assert found is not None and found.id == name
            for language in ("en", "hu"):
                assert "{" not in render(found.text, language)


async def test_info_autocomplete_offers_the_code_the_reader_types(tmp_path):
    """Newcomer D-H2: a Hungarian reader's ``/eve infó`` choices carry the Hungarian card code
    as their value (``T32``, what the label shows and a Hungarian player types), an English
    reader's the English one (``PR32``); either finds the same card."""
    from bot.app import create_bot
    from bot.config import Settings
    from bot.harness import Harness

    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    harness = Harness(bot, guild_id=1, channel_id=100)
    harness.add_user(501, "anna", locale="hu")
    harness.add_user(502, "carol", locale="en-US")
    await harness.start()
    try:
        hungarian = await harness.autocomplete(501, "eve info", focused="thing", channel_id=100, thing="T32")
        english = await harness.autocomplete(502, "eve info", focused="thing", channel_id=100, thing="PR32")
        assert hungarian[0]["value"] == "T32" and hungarian[0]["name"].startswith("T32")
        assert english[0]["value"] == "PR32" and english[0]["name"].startswith("PR32")
        for user, value in ((501, "T32"), (502, "PR32")):
            answer = one_text(await harness.slash(user, "eve info", channel_id=100, thing=value))
            assert "PR32" in answer or "T32" in answer
    finally:
        await harness.close()


@pytest.mark.parametrize("locale,language", [("en-US", "en"), ("hu", "hu")])
async def test_gaia_info_on_a_tech_tile_space_names_the_tile_lying_there_in_the_games_thread(tmp_path, locale, language):
    """Newcomer report 27i, I-24 (GP-TECH-1): ``free1`` is a component (the research board's
    first standard space) and, in a game, a place with a tile on it: in the game's thread the
    place as it is in this game outranks the component's general text (which points to the
    image); outside a game the component answers."""
    recorded = fixture("spec-fullgame-2p")
    harness, thread, users = await gaia_harness(tmp_path, recorded, locale=locale)
    try:
        game_id = (await harness.bot.storage.game_by_thread(thread)).id
        state = (await harness.bot.service.load(game_id)).state
        game = rules.get_game("gaia")
        place = game.describe_location(game.view(state, 0), 0, "free1")
        component = game.component("free1")
        assert place is not None and component is not None and place.text != component.text
        answer = await hex_answer(harness, users["alice"], thread, "free1")
        assert render(place.text, language) in answer and render(component.text, language) not in answer
        outside = await hex_answer(harness, users["alice"], CHANNEL, "free1")
        assert render(component.text, language) in outside
    finally:
        await harness.close()
