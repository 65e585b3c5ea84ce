"""Gaia Project on the host: recorded online games replayed through the console and the
Discord harness reach the recorded scores; charge offers get buttons; charge policies
answer for a player; pass offers a booster menu."""
import io
import json
import re
from pathlib import Path

import pytest

import rules
from rules.messages import Msg, render
from bot.app import create_bot
from bot.config import Settings
from bot.console import console_main
from bot.demo import PLAYER_NAMES, fixture_script
from bot.harness import Harness

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "gaia"
GAME = rules.get_game("gaia")
CHANNEL = 100


def fixture(name):
    return json.loads((FIXTURES / f"{name}.json").read_text())


async def console_replay(tmp_path, name):
    """The console's transcript of a recorded game played from its script."""
    out = io.StringIO()
    await console_main(Settings(), db_path=str(tmp_path / "c.db"), board_dir=str(tmp_path / "boards"),
                       stdin=io.StringIO(fixture_script(fixture(name))), stdout=out,
                       setup_file=str(FIXTURES / f"{name}.json"))
    text = out.getvalue()
    assert "not your turn" not in text and "not allowed" not in text and "Sorry" not in text
    return text


async def test_a_recorded_game_replayed_in_the_console_reaches_the_recorded_scores(tmp_path):
    recorded = fixture("spec-fullgame-2p")
    text = await console_replay(tmp_path, "spec-fullgame-2p")
    standings = text[text.rindex("Final standings:"):]
    for seat, expected in enumerate(recorded["expected"]["players"]):
        assert re.search(rf"{PLAYER_NAMES[seat]} \([^)]+\): {expected['vp']}\b", standings)


@pytest.mark.parametrize("name", ["all-families", "wavely-triangle-auction"])
async def test_GP_VAR_11_12_recorded_games_with_rotation_or_auction_replay_in_the_console(tmp_path, name):
    """all-families starts with "p4 rotate ..." (the last seat rotates before factions are
    chosen), wavely-triangle with a choose-then-bid auction: the console replays both to their
    recorded figures, as rules.gaia.replay does."""
    recorded = fixture(name)
    text = await console_replay(tmp_path, name)
    status = text[text.rindex("/gaia status"):]
    for expected in recorded["expected"]["players"]:
        faction = render(Msg("gaia.faction." + expected["faction"]), "en")
        credits = f"{expected['credits']} credit" + ("" if expected["credits"] == 1 else "s")
        assert re.search(rf"{re.escape(faction)}: {expected['vp']} VP, {credits}, "
                         rf"{expected['ore']} ore, {expected['knowledge']} knowledge, {expected['qic']} QIC", status), expected


async def gaia_harness(tmp_path, recorded, locale="en-US"):
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    bot.service.prepared_setups["gaia"] = lambda options, seed: GAME.from_setup(recorded)
    harness = Harness(bot, guild_id=1, channel_id=CHANNEL)
    harness.world.guild_locale = locale
    users = {name: 700 + index for index, name in enumerate(PLAYER_NAMES[:recorded["players"]])}
    for name, user_id in users.items():
        harness.add_user(user_id, name, locale=locale)
    await harness.start()
    await harness.slash(users["alice"], "gaia new", channel_id=CHANNEL, players=recorded["players"])
    thread = list(harness.threads)[-1]
    for name in PLAYER_NAMES[1:recorded["players"]]:
        await harness.slash(users[name], "gaia join", channel_id=thread)
    await harness.slash(users["alice"], "gaia start", channel_id=thread, seating="joined")
    return harness, thread, users


def recorded_moves(recorded):
    """(player name, line) for every move after init, faction names resolved to seats."""
    script = fixture_script(recorded)
    current = "alice"
    for line in script.splitlines():
        if line.startswith("as "):
            current = line[3:]
        elif line.startswith("/gaia move "):
            yield current, line[len("/gaia move "):]


async def test_a_recorded_three_player_game_through_discord_reaches_the_recorded_scores(tmp_path, monkeypatch):
    """Played by Hungarian players on a Hungarian server: the recorded figures are reached, and
    no English phrase reaches them (replies, posts, board image labels)."""
    from tests.renderers.text_spy import record_texts

    from .language_check import english_leaks, notation_leaks

    drawn = record_texts(monkeypatch)
    recorded = fixture("adv-tech-pass")
    harness, thread, users = await gaia_harness(tmp_path, recorded, locale="hu")
    try:
        for name, line in recorded_moves(recorded):
            sent = await harness.slash(users[name], "gaia move", channel_id=thread, text=line)
            assert not sent.errors
            public = [item for item in sent if not item.ephemeral and item.content]
            # a line for every move; images when the turn passes, only those that changed (issue 25)
            assert public and len(public[0].files) <= 10, (line, [item.content for item in sent])   # Discord's limit
        game_id = (await harness.bot.storage.game_by_thread(thread)).id
        state = (await harness.bot.service.load(game_id)).state
        assert [p["vp"] for p in state["players"]] == [p["vp"] for p in recorded["expected"]["players"]]
        status = "\n".join(item.content for item in await harness.slash(users["bob"], "gaia status", channel_id=thread))
        for seat, expected in enumerate(recorded["expected"]["players"]):
            label = render(GAME.seat_label(state, seat), "hu")
            assert f"{PLAYER_NAMES[seat]} ({label}): {expected['vp']}" in status
        for command in ("gaia hand", "gaia log"):
            await harness.slash(users["bob"], command, channel_id=thread)
        board = [item for item in await harness.slash(users["bob"], "gaia board", channel_id=thread) if item.files]
        # the map in two or three parts a phone can read, the players' panels, the shared board
        assert board and 6 <= len(board[0].files) <= 10    # map parts, a panel per player, the legend, the shared board
        assert drawn, "the board images were drawn and read"
        shown = [item.content for item in harness.world.sent if item.content] + [text for text, _ in drawn]
        assert english_leaks(shown) == []
        # moves in Hungarian words (issue 24); "terra" and "nav" are the images' short Hungarian
        # codes of two research areas too (they parse in Hungarian moves), "int." is intézet
        assert notation_leaks(shown, "gaia", frozenset({"terra", "nav", "int"})) == []
    finally:
        await harness.close()


async def play_until(harness, thread, users, recorded, count):
    sent = None
    for index, (name, line) in enumerate(recorded_moves(recorded)):
        if index == count:
            break
        sent = await harness.slash(users[name], "gaia move", channel_id=thread, text=line)
    return sent


async def test_a_charge_offer_gets_buttons_only_the_offered_player_can_use(tmp_path):
    recorded = fixture("nevla-leverage")   # move 9: nevlas build ts, terrans (bob) may charge 1
    harness, thread, users = await gaia_harness(tmp_path, recorded)
    try:
        sent = await play_until(harness, thread, users, recorded, 9)
        announcement = next(item for item in sent if item.components)
        labels = [c["label"] for row in announcement.components for c in row["components"]]
        charge_label = render(Msg("gaia.phrase.charge", n=1), "en", label=True)    # the offered player's own choice
        decline_label = render(Msg("gaia.phrase.decline"), "en", label=True)
        assert labels[0].startswith(charge_label) and labels[1].startswith(decline_label) and len(labels) == 2
        charge = announcement.components[0]["components"][0]["custom_id"]
        refused = await harness.click(users["alice"], announcement.message_id, charge, channel_id=thread)
        assert "not your turn" in "\n".join(item.content or "" for item in refused).lower()
        accepted = await harness.click(users["bob"], announcement.message_id, charge, channel_id=thread)
        assert any("charges 1 power" in (item.content or "") and not item.ephemeral for item in accepted)
        again = await harness.click(users["bob"], announcement.message_id, charge, channel_id=thread)
        assert "out of date" in "\n".join(item.content or "" for item in again)
    finally:
        await harness.close()


async def test_a_charge_policy_answers_for_the_player_and_shows_in_status(tmp_path):
    recorded = fixture("nevla-leverage")
    harness, thread, users = await gaia_harness(tmp_path, recorded)
    try:
        bad = await harness.slash(users["bob"], "gaia charge", channel_id=thread, policy="upto")
        assert "give max too" in bad[0].content
        saved = await harness.slash(users["bob"], "gaia charge", channel_id=thread, policy="upto", max=2)
        assert "up to 2 power" in saved[0].content and saved[0].ephemeral
        sent = await play_until(harness, thread, users, recorded, 9)
        public = "\n".join(item.content or "" for item in sent if not item.ephemeral)
        assert "bob (Terrans): charges 1 power" in public and "(automatic: bob's standing order: accept charges up to 2 power)" in public
        assert not any(item.components for item in sent)      # nothing left to ask
        status = "\n".join(item.content for item in await harness.slash(users["alice"], "gaia status", channel_id=thread))
        assert "bob (Terrans): power charge offers: accept charges up to 2 power" in status
    finally:
        await harness.close()


async def test_pass_offers_the_available_boosters_in_a_menu(tmp_path):
    recorded = fixture("nevla-leverage")
    harness, thread, users = await gaia_harness(tmp_path, recorded)
    try:
        await play_until(harness, thread, users, recorded, 8)     # nevlas (alice) to act in round 1
        assert "not your turn" in (await harness.slash(users["bob"], "gaia pass", channel_id=thread))[0].content.lower()
        sent = await harness.slash(users["alice"], "gaia pass", channel_id=thread)
        menu = sent[0].components[0]["components"][0]
        values = [option["value"] for option in menu["options"]]
        assert values and all(re.fullmatch(r"nevlas pass booster\d+", value) for value in values)
        chosen = await harness.click(users["alice"], sent[0].message_id, menu["custom_id"], channel_id=thread,
                                     values=[values[0]])
        number = re.search(r"booster(\d+)", values[0])[1]
        assert any(f"passes and takes booster {number} " in (item.content or "") and not item.ephemeral
                   for item in chosen)
    finally:
        await harness.close()


async def test_autocomplete_proposes_legal_builds_with_their_cost(tmp_path):
    recorded = fixture("nevla-leverage")
    harness, thread, users = await gaia_harness(tmp_path, recorded)
    try:
        await play_until(harness, thread, users, recorded, 8)     # round 1, nevlas (alice) to act
        choices = await harness.autocomplete(users["alice"], "gaia move", focused="text", channel_id=thread,
                                             text="build m ")
        assert choices and all(c["value"].startswith("build m ") for c in choices)
        # a mine costs 2 credits and 1 ore plus any terraforming or range (GP-BLD); the label says so
        assert all(re.search(r"-\d+ credits, -\d+ ore", c["name"]) for c in choices), choices
        assert await harness.autocomplete(users["bob"], "gaia move", focused="text", channel_id=thread,
                                          text="build m ") == []   # not bob's turn
    finally:
        await harness.close()


async def test_small_decisions_get_buttons_too(tmp_path):
    recorded = fixture("nevla-leverage")   # after the setup mines, boosters are chosen: few choices
    harness, thread, users = await gaia_harness(tmp_path, recorded)
    try:
        sent = await play_until(harness, thread, users, recorded, 6)   # terrans (bob) picks a booster next
        announcement = next(item for item in sent if item.components)
        labels = [c["label"] for row in announcement.components for c in row["components"]]
        assert 2 <= len(labels) <= 5 and all(re.match(r"(Take )?[Bb]ooster \d+ \(", label) for label in labels)
        assert len({label.startswith("Take ") for label in labels}) == 1      # one wording for them all
        # the booster's gist is in the phrase already: the label says it once (and whole: a short gist)
        game = rules.get_game("gaia")
        for label in labels:
            gist = render(game.component("booster" + re.search(r"[Bb]ooster (\d+)", label)[1]).gist, "en")
            assert label.count(gist) == 1 and not label.endswith("…"), (label, gist)
    finally:
        await harness.close()


async def test_autocomplete_before_any_faction_is_chosen(tmp_path):
    """Regression: the cost label once failed while seats had no faction yet."""
    recorded = fixture("nevla-leverage")
    harness, thread, users = await gaia_harness(tmp_path, recorded)
    try:
        choices = await harness.autocomplete(users["alice"], "gaia move", focused="text", channel_id=thread,
                                             text="faction n")
        assert [c["value"] for c in choices] == ["faction nevlas"]
        lobby = next(item.content for item in harness.sent if item.kind == "response" and "lobby" in (item.content or ""))
        assert "strict_endings" not in lobby and "Players (1/2)" in lobby   # only what differs from the defaults
    finally:
        await harness.close()


async def test_GP_VAR_12_a_faction_auction_through_discord(tmp_path):
    """The lobby offers the auction; bids are moves like any other, refused with the allowed
    range, and the outbid player is the one asked next."""
    bot = create_bot(Settings(database_path=str(tmp_path / "bot.db")), start_reminders=False)
    harness = Harness(bot, guild_id=1, channel_id=CHANNEL)
    alice, bob = 801, 802
    harness.add_user(alice, "alice")
    harness.add_user(bob, "bob")
    await harness.start()
    try:
        await harness.slash(alice, "gaia new", channel_id=CHANNEL, players=2, auction="bid-while-choosing",
                            faction_variant="more-balanced")
        thread = list(harness.threads)[-1]
        await harness.slash(bob, "gaia join", channel_id=thread)
        await harness.slash(alice, "gaia start", channel_id=thread, seating="joined")
        await harness.slash(alice, "gaia move", channel_id=thread, text="faction lantids")
        refused = await harness.slash(bob, "gaia move", channel_id=thread, text="bid lantids 12")
        assert any("between 1 and 9" in (item.content or "") and item.ephemeral for item in refused)
        sent = await harness.slash(bob, "gaia move", channel_id=thread, text="bid lantids 2")
        assert any("<@801>" in (item.content or "") for item in sent)      # alice lost Lantids: her turn
        last = await harness.slash(alice, "gaia move", channel_id=thread, text="faction geodens")
        assert not any(item.ephemeral for item in last), [item.content for item in last]
        loaded = await bot.service.load((await bot.storage.game_by_thread(thread)).id)
        players = loaded.state["players"]
        assert [(p["faction"], p["bid"]) for p in players] == [("geodens", 0), ("lantids", 2)]
        assert players[1]["c"] == 15 and players[1]["power"]["area2"] == 2    # the "more balanced" Lantids
    finally:
        await harness.close()
