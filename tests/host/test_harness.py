"""The Discord harness drives a real discord.py bot (its real login, setup_hook, command tree,
views and dynamic items) from genuine gateway payloads, and records what the bot sends."""

from __future__ import annotations

import io
import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.harness import Harness, HarnessTimeout, Sent
from rules.messages import catalogue

ALICE, BOB, CAROL = 2_000_000_000_000_000_001, 2_000_000_000_000_000_002, 2_000_000_000_000_000_003
FRUITS = ["apple", "apricot", "banana", "blueberry", "cherry"]


def tiny_png() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (3, 2), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:count:(?P<n>\d+)"):
    """A button whose state lives in its custom_id, so it works after a restart."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"+1 ({n})", style=discord.ButtonStyle.primary, custom_id=f"demo:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1} by {interaction.user.name}", view=view)


class Demo(commands.Cog):
    group = app_commands.Group(name="demo", description="harness demo")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.calls: list[tuple[str, tuple]] = []
        self.dm_errors: list[discord.HTTPException] = []

    @group.command(description="repeat text")
    async def echo(self, interaction: discord.Interaction, text: str, secret: bool = False) -> None:
        self.calls.append(("echo", (text, secret)))
        await interaction.response.send_message(text, ephemeral=secret)

    @group.command(description="count from n")
    async def count(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 10]) -> None:
        self.calls.append(("count", (n,)))
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(n))
        await interaction.response.send_message(f"count {n}", view=view)

    @group.command(description="who is that")
    async def who(self, interaction: discord.Interaction, user: discord.Member) -> None:
        self.calls.append(("who", (user,)))
        await interaction.response.send_message(f"{user.display_name} is a {type(user).__name__}")

    @group.command(description="pick a fruit")
    async def pick(self, interaction: discord.Interaction, fruit: str) -> None:
        self.calls.append(("pick", (fruit,)))
        await interaction.response.send_message(f"you picked {fruit}")

    @pick.autocomplete("fruit")
    async def pick_fruit(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f.title(), value=f) for f in FRUITS if f.startswith(current)]

    @group.command(description="open a game thread with a board")
    async def board(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        await thread.send("the board", file=discord.File(io.BytesIO(tiny_png()), filename="board.png"))
        await interaction.edit_original_response(content=f"game in {thread.mention}")

    @group.command(description="where am I")
    async def where(self, interaction: discord.Interaction) -> None:
        ch = interaction.channel
        await interaction.response.send_message(f"in {ch.name} ({ch.type.name}, parent {getattr(ch, 'parent_id', None)})")

    @group.command(description="DM me")
    async def ping_me(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("psst, your turn")
        except discord.Forbidden as exc:
            self.dm_errors.append(exc)
            await interaction.response.send_message(f"cannot DM you ({exc.code})", ephemeral=True)
        else:
            await interaction.response.send_message("sent you a DM", ephemeral=True)

    @group.command(description="always fails")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @group.command(description="too long")
    async def long(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.channel.send("x" * 2001)
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"rejected {exc.status} {exc.code}")

    @group.command(description="defer then follow up")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("step 1", ephemeral=True)
        await interaction.edit_original_response(content="done")
        await interaction.followup.send("step 2", ephemeral=True)

    @group.command(description="choose in a menu")
    async def menu(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()  # default 180 s timeout: the harness must not wait for it
        select = discord.ui.Select(custom_id="demo:menu", options=[discord.SelectOption(label=x) for x in "abc"], max_values=2)

        async def chosen(inter: discord.Interaction) -> None:
            await inter.response.send_message(f"chose {'+'.join(select.values)}", ephemeral=True)

        select.callback = chosen
        view.add_item(select)
        await interaction.response.send_message("pick", view=view)

    @group.command(description="a button that fails")
    async def fragile(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        button = discord.ui.Button(label="break", custom_id="demo:fragile")

        async def pressed(inter: discord.Interaction) -> None:
            raise ValueError("button broke")

        button.callback = pressed
        view.add_item(button)
        await interaction.response.send_message("careful", view=view)


class NameModal(discord.ui.Modal, title="Name your game"):
    name = discord.ui.TextInput(label="Name", custom_id="name", min_length=2, max_length=20)
    notes = discord.ui.TextInput(label="Notes", custom_id="notes", required=False, style=discord.TextStyle.paragraph)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"named {self.name.value!r} notes {self.notes.value!r}")


class DemoExtra(commands.Cog):
    @app_commands.command(name="rename", description="opens a modal")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(name="nudge", description="DM a button to the caller")
    async def nudge(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        await interaction.user.send("your turn", view=view)
        await interaction.response.send_message("nudged", ephemeral=True)


def make_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    async def setup_hook() -> None:
        await bot.add_cog(Demo(bot))
        await bot.add_cog(DemoExtra())
        bot.add_dynamic_items(Counter)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def h():
    harness = Harness(make_bot())
    harness.add_user(ALICE, "alice")
    harness.add_user(BOB, "bob")
    await harness.start()
    try:
        yield harness
    finally:
        await harness.close()


def demo(h: Harness) -> Demo:
    cog = h.bot.get_cog("Demo")
    assert isinstance(cog, Demo)
    return cog


async def test_start_runs_setup_hook_and_knows_the_guild(h: Harness):
    assert h.bot.is_ready()
    guild = h.guild
    assert guild is not None and guild.get_channel(h.channel_id).name == "games"
    assert guild.me.id == h.application_id and guild.member_count == 3
    # without the members intent Discord sends only the bot's own member, as the fake does
    assert guild.get_member(ALICE) is None
    assert h.bot.tree.get_command("demo") is not None  # the cog was added by setup_hook
    await h.bot.change_presence(activity=discord.Game("Planetarium"))  # gateway commands work too
    assert h.sent[-1].route == "GATEWAY PRESENCE_UPDATE" and h.sent[-1].payload["activities"][0]["name"] == "Planetarium"


async def test_slash_reaches_the_callback_with_converted_options(h: Harness):
    out = await h.slash(ALICE, "demo echo", text="hello")
    assert demo(h).calls == [("echo", ("hello", False))]
    assert [s.kind for s in out] == ["response"]
    resp = out[0]
    assert resp.content == "hello" and not resp.ephemeral and resp.callback_type == 4
    assert resp.route.startswith("POST /interactions/") and resp.route.endswith("/callback")
    assert resp.message_id is not None
    assert h.messages_in(h.channel_id)[-1].content == "hello"


async def test_ephemeral_flag_is_recorded(h: Harness):
    out = await h.slash(ALICE, "demo echo", text="secret", secret=True)
    assert out[0].ephemeral
    assert demo(h).calls == [("echo", ("secret", True))]


async def test_integers_arrive_as_int_and_range_is_not_enforced(h: Harness):
    await h.slash(ALICE, "demo count", n=3)
    await h.slash(ALICE, "demo count", n=99)  # Range is only advertised to Discord
    assert demo(h).calls == [("count", (3,)), ("count", (99,))]
    assert all(type(args[0]) is int for _, args in demo(h).calls)


async def test_user_option_resolves_to_a_member(h: Harness):
    out = await h.slash(ALICE, "demo who", user=BOB)
    (name, (member,)) = demo(h).calls[0]
    assert isinstance(member, discord.Member) and member.id == BOB
    assert out[0].content == "bob is a Member"


async def test_unknown_command_or_option_fails_loudly(h: Harness):
    with pytest.raises(KeyError):
        await h.slash(ALICE, "demo nope")
    with pytest.raises(KeyError):
        await h.slash(ALICE, "demo echo", txt="typo")
    with pytest.raises(KeyError):
        await h.slash(ALICE, "demo echo")  # a required option is missing


async def test_autocomplete_answers_are_recorded(h: Harness):
    choices = await h.autocomplete(ALICE, "demo pick", "fruit", fruit="ap")
    assert choices == [{"name": "Apple", "value": "apple"}, {"name": "Apricot", "value": "apricot"}]
    assert h.sent[-1].kind == "autocomplete" and h.sent[-1].choices == choices
    assert demo(h).calls == []  # autocomplete never runs the command
    assert [c["value"] for c in await h.autocomplete(BOB, "demo pick", focused="fruit", fruit="b")] == ["banana", "blueberry"]
    assert [c["value"] for c in await h.autocomplete(BOB, "demo pick", focused="fruit")] == FRUITS  # nothing typed yet


async def test_click_dynamic_button_edits_the_message_and_survives_a_restart(h: Harness):
    out = await h.slash(ALICE, "demo count", n=3)
    msg_id = out[0].message_id
    assert out[0].custom_ids == ["demo:count:3"]

    clicked = await h.click(BOB, msg_id, "demo:count:3")
    assert [s.kind for s in clicked] == ["response"] and clicked[0].callback_type == 7
    assert clicked[0].message_id == msg_id
    assert h.message(msg_id).content == "count 4 by bob"
    assert h.message(msg_id).custom_ids == ["demo:count:4"]

    old_bot = h.bot
    await h.restart(make_bot())
    assert old_bot.is_closed() and h.bot is not old_bot and h.bot.is_ready()
    again = await h.click(ALICE, msg_id, "demo:count:4")
    assert again[0].ok and not again.errors
    assert h.message(msg_id).content == "count 5 by alice"


async def test_clicking_a_missing_button_is_refused(h: Harness):
    out = await h.slash(ALICE, "demo count", n=1)
    with pytest.raises(KeyError):
        await h.click(ALICE, out[0].message_id, "demo:count:9")


async def test_thread_with_a_png_then_a_command_inside_the_thread(h: Harness):
    out = await h.slash(ALICE, "demo board", name="Game 1")
    kinds = [s.kind for s in out]
    assert kinds[0] == "response" and out[0].callback_type == 5 and out[0].ephemeral
    thread_sent = out.of_kind("thread")[0]
    thread_id = thread_sent.thread_id
    assert h.threads[thread_id].name == "Game 1" and h.threads[thread_id].parent_id == h.channel_id
    assert h.threads[thread_id]["name"] == "Game 1" and h.threads[thread_id]["parent"] == h.channel_id
    posted = [s for s in out if s.kind == "message" and s.channel_id == thread_id]
    assert len(posted) == 1
    (filename, data), = posted[0].files
    assert filename == "board.png" and data == tiny_png()
    final = out.of_kind("edit_response")[0]
    assert final.content == f"game in <#{thread_id}>" and final.ephemeral
    # the thread is in the bot's cache: a command typed inside it sees it as its channel
    inside = await h.slash(BOB, "demo where", channel_id=thread_id)
    assert inside[0].content == f"in Game 1 (public_thread, parent {h.channel_id})"
    assert inside[0].channel_id == thread_id
    assert [m.content for m in h.messages_in(thread_id)] == ["the board", inside[0].content]


async def test_dm_to_open_and_closed_users(h: Harness):
    out = await h.slash(ALICE, "demo ping_me")
    dm = out.of_kind("dm")[0]
    assert dm.user_id == ALICE and dm.ok and dm.content == "psst, your turn"
    assert [m.content for m in h.dms_to(ALICE)] == ["psst, your turn"]

    h.set_dm_closed(BOB)
    out = await h.slash(BOB, "demo ping_me")
    (err,) = demo(h).dm_errors
    assert isinstance(err, discord.Forbidden) and err.code == 50007 and err.status == 403
    failed = out.of_kind("dm")[0]
    assert failed.status == 403 and not failed.ok and failed.user_id == BOB
    assert h.dms_to(BOB) == []
    assert out.of_kind("response")[0].content == "cannot DM you (50007)"


async def test_exception_in_a_command_is_recorded_and_does_not_hang(h: Harness):
    out = await h.slash(ALICE, "demo boom")
    assert list(out) == []
    assert len(out.errors) == 1
    assert isinstance(out.errors[0].original, RuntimeError) and str(out.errors[0].original) == "kaboom"
    assert h.errors == out.errors
    later = await h.slash(ALICE, "demo echo", text="still alive")
    assert later[0].content == "still alive" and later.errors == []


async def test_discord_limits_are_enforced_by_the_fake(h: Harness):
    out = await h.slash(ALICE, "demo long")
    rejected = out.of_kind("message")[0]
    assert rejected.status == 400
    assert out.of_kind("response")[0].content == "rejected 400 50035"


async def test_defer_followup_and_edit_of_the_original(h: Harness):
    out = await h.slash(ALICE, "demo slow")
    assert out[0].callback_type == 5
    # Discord: the first follow-up after a "thinking" defer edits the loading message and
    # keeps the defer's visibility, so this "ephemeral" follow-up is public
    assert [s.kind for s in out] == ["response", "followup", "edit_response", "followup"]
    assert out[1].content == "step 1" and not out[1].ephemeral
    assert out[1].message_id == out[0].message_id == out[2].message_id
    # later follow-ups are new messages with their own visibility
    assert out[3].ephemeral and out[3].message_id != out[0].message_id
    assert [(m.content, m.ephemeral) for m in h.messages_in(h.channel_id)] == [("done", False), ("step 2", True)]


async def test_unknown_routes_answer_an_empty_object(h: Harness):
    route = discord.http.Route("POST", "/guilds/{guild_id}/something-new", guild_id=h.guild_id)
    assert await h.bot.http.request(route, json={"x": 1}) == {}
    last: Sent = h.sent[-1]
    assert last.kind == "other" and last.route == f"POST /guilds/{h.guild_id}/something-new" and last.payload == {"x": 1}


async def test_two_harnessed_bots_do_not_see_each_other():
    a, b = Harness(make_bot()), Harness(make_bot())
    for harness in (a, b):
        harness.add_user(ALICE, "alice")
    async with a, b:
        await a.slash(ALICE, "demo echo", text="to a")
        await b.slash(ALICE, "demo echo", text="to b")
        assert [s.content for s in a.sent if s.kind == "response"] == ["to a"]
        assert [s.content for s in b.sent if s.kind == "response"] == ["to b"]


async def test_a_task_that_never_ends_is_reported_not_waited_for_forever():
    import asyncio

    bot = make_bot()

    @bot.tree.command(name="hang", description="never finishes")
    async def hang(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("working")
        await asyncio.Event().wait()

    harness = Harness(bot, timeout=2.0)   # the time the harness waits for a hung task, not a speed limit: a loaded machine needs more than 0.5 s to send "working"
    harness.add_user(ALICE, "alice")
    async with harness:
        with pytest.raises(HarnessTimeout) as info:
            await harness.slash(ALICE, "hang")
        assert [s.content for s in info.value.sent if s.kind == "response"] == ["working"]


async def test_select_values_reach_the_view_callback(h: Harness):
    out = await h.slash(ALICE, "demo menu")
    assert out[0].custom_ids == ["demo:menu"]
    chose = await h.click(BOB, out[0].message_id, "demo:menu", values=["a", "c"])
    assert chose[0].content == "chose a+c" and chose[0].ephemeral
    with pytest.raises(ValueError):
        await h.click(BOB, out[0].message_id, "demo:menu", values=["z"])


async def test_exception_in_a_button_callback_is_recorded(h: Harness):
    out = await h.slash(ALICE, "demo fragile")
    pressed = await h.click(BOB, out[0].message_id, "demo:fragile")
    assert list(pressed) == []
    assert [type(e.original) for e in pressed.errors] == [ValueError]


async def test_members_intent_bot_gets_members_and_late_joiners():
    intents = discord.Intents.default()
    intents.members = True
    bot = commands.Bot(command_prefix="!", intents=intents)
    harness = Harness(bot)
    harness.add_user(ALICE, "alice")
    async with harness:
        assert harness.guild.get_member(ALICE).name == "alice"
        harness.add_user(CAROL, "carol")  # joins while the bot runs: GUILD_MEMBER_ADD
        assert harness.guild.get_member(CAROL).name == "carol"
        await harness.guild.chunk()  # answered by the fake gateway
        assert harness.guild.chunked


async def test_command_parameters_describe_options(h: Harness):
    params = {p.name: p for p in h.command_parameters("demo echo")}
    assert params["text"].type is discord.AppCommandOptionType.string and params["text"].required
    assert params["secret"].type is discord.AppCommandOptionType.boolean and not params["secret"].required


async def test_modal_is_recorded_and_can_be_submitted(h: Harness):
    out = await h.slash(ALICE, "rename")
    assert out[0].callback_type == 9
    modal = h.last_modal(ALICE)
    assert modal["title"] == "Name your game"
    with pytest.raises(ValueError):
        await h.submit_modal(ALICE, {"name": "x"})  # shorter than min_length: Discord refuses
    with pytest.raises(KeyError):
        await h.submit_modal(ALICE, {"nmae": "Orion"})
    done = await h.submit_modal(ALICE, {"name": "Orion"})
    assert done[0].content == "named 'Orion' notes ''"


async def test_buttons_in_a_dm_can_be_clicked(h: Harness):
    await h.slash(BOB, "nudge")
    (dm,) = h.dms_to(BOB)
    assert dm.content == "your turn" and dm.custom_ids == ["demo:count:0"]
    clicked = await h.click(BOB, dm.message_id, "demo:count:0")
    assert clicked[0].ok and clicked[0].channel_id == h.dm_channel_of(BOB)
    assert h.message(dm.message_id).content == "count 1 by bob"


async def test_permissions_come_from_roles(h: Harness):
    h.add_user(CAROL, "carol", admin=True)
    guild = h.guild
    channel = guild.get_channel(h.channel_id)
    out = await h.slash(ALICE, "demo echo", text="x")
    assert out[0].ok
    alice = await guild.fetch_member(ALICE)
    carol = await guild.fetch_member(CAROL)
    assert not channel.permissions_for(alice).manage_threads and channel.permissions_for(alice).send_messages
    assert channel.permissions_for(carol).administrator
    assert guild.owner_id not in (ALICE, BOB, CAROL)


def test_fake_refuses_overlong_component_labels_and_duplicate_menu_values():
    from bot.harness import FakeDiscord
    fake = FakeDiscord()

    def menu(*values):
        return {"content": "x", "components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "m", "options": [{"label": v, "value": v} for v in values]}]}]}

    assert fake._validate_message(menu("a", "b"), []) is None
    assert fake._validate_message(menu("a", "a"), [])[0] == 400
    assert fake._validate_message(menu("a" * 101), [])[0] == 400
    button = {"content": "x", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "custom_id": "b", "label": "b" * 81}]}]}
    assert fake._validate_message(button, [])[0] == 400


async def test_the_console_answers_bad_typing_like_discords_client_and_loses_nothing(tmp_path):
    """Typing the client would not send gets a clear line, never a traceback, and the console
    goes on (the game in progress is kept)."""
    import io

    from bot.config import Settings
    from bot.console import console_main

    script = "\n".join([
        "/planetarium new players:2", "/planetarium log count:abc", "/planetarium new colour:red",
        "/planetarium new players:two", "/planetarium new players:3 seating:joined", "/gaia charge",
        "/reminders hours:abc", "/planetarium board public:maybe", "/planetarium log count:-5", "/status",
        "as bob", "click join", "as alice", "/planetarium start seating:joined", "/planetarium status",
    ]) + "\n"
    out = io.StringIO()
    stdin = io.StringIO(script)
    code = await console_main(Settings(database_path=str(tmp_path / "x.db")), db_path=None,
                              board_dir=str(tmp_path / "boards"), stdin=stdin, stdout=out)
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text
    for expected in ("count must be a whole number", "has no option colour", "players must be a whole number",
                     "has no option seating", "needs policy", "hours must be a number", "public is True or False",
                     "count must be between 1 and 50", "Unknown command /status", "has started"):
        assert expected in text, expected


async def test_the_console_answers_bad_typing_in_the_players_language(tmp_path):
    """Issue 24: a Hungarian client's refusals name the commands, options and choices as its
    client shows them (no English option names, no English sentence), and accept its words."""
    import io

    from bot.config import Settings
    from bot.console import console_main

    script = "\n".join([
        "/pulsar kezdés", "/planetarium új játékosok:kettő", "/planetarium új szín:piros",
        "/planetarium új játékosok:9", "/emlékeztetők bekapcsolva:talán", "/gaia töltés",
        "/planetarium új nyelv:Kínai",
    ]) + "\n"
    out = io.StringIO()
    code = await console_main(Settings(database_path=str(tmp_path / "x.db")), db_path=None,
                              board_dir=str(tmp_path / "boards"), stdin=io.StringIO(script), stdout=out, locale="hu")
    text = out.getvalue()
    hu = catalogue("hu")
    assert code == 0 and "Traceback" not in text
    for english in ("has no option", "must be", "needs", "True or False", "players", "abandon", "policy"):
        assert english not in text, english
    assert hu["name.start"] in text and hu["name.players"] in text and hu["name.policy"] in text
    assert "magyar" in text                       # the choices as the Hungarian client names them


def test_the_fake_discord_refuses_what_discord_refuses_in_a_message():
    from bot.harness import FakeDiscord
    world = FakeDiscord()
    channel = world.channel_id
    png = [(f"f{i}.png", b"x") for i in range(11)]
    assert world.handle("POST", f"/channels/{channel}/messages", body={"content": "x"}, files=png)[0] == 400
    empty_select = {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": []}]}
    assert world.handle("POST", f"/channels/{channel}/messages", body={"content": "x", "components": [empty_select]})[0] == 400
    twice = {"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                                       {"type": 2, "style": 1, "label": "b", "custom_id": "same"}]}
    assert world.handle("POST", f"/channels/{channel}/messages", body={"content": "x", "components": [twice]})[0] == 400


async def test_a_rate_limited_request_is_waited_out_and_a_late_first_reply_is_refused(h: Harness):
    h.rate_limit(r"^POST /channels/", times=2, retry_after=0.01)
    channel = h.bot.get_channel(h.world.channel_id) or await h.bot.fetch_channel(h.world.channel_id)
    await channel.send("after two 429s")
    assert [s.status for s in h.world.sent if s.route.startswith("POST /channels/")][-3:] == [429, 429, 200]
    h.world.first_reply_seconds = 0.0
    mark = h.mark()
    await h.slash(ALICE, "demo echo", text="late")
    assert [s.status for s in h.sent_since(mark) if s.kind == "response"] == [404]   # Unknown interaction
    h.world.first_reply_seconds = 3.0


async def test_a_dm_refused_for_no_mutual_server_counts_as_closed_dms(h: Harness):
    h.set_dm_closed(ALICE, code=50278)
    user = await h.bot.fetch_user(ALICE)
    with pytest.raises(discord.Forbidden) as refused:
        await user.send("hello")
    assert refused.value.code == 50278


async def test_the_console_presses_a_button_by_the_start_of_its_label_as_its_help_says(tmp_path):
    """Newcomer play-through 2026-11-27: the Hungarian help said `click csatlakozás` where the
    button reads [Csatlakozom]; the help's example now works, and so does a unique label start,
    and another form of the label's word (report 27g, H-26)."""
    import io

    from bot.config import Settings
    from bot.console import console_main

    hu = catalogue("hu")
    example = hu["console.help"].split("click ")[-1].split("\n")[0].split()[-1]
    script = "\n".join(["/planetarium új játékosok:4", "as bob", f"click {example}", "as carol", "click csatl",
                         "as dave", "click csatlakozás", "as alice", "click qq", "/planetarium állás"]) + "\n"
    out = io.StringIO()
    code = await console_main(Settings(database_path=str(tmp_path / "x.db")), db_path=None,
                              board_dir=str(tmp_path / "boards"), stdin=io.StringIO(script), stdout=out, locale="hu")
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text
    assert "(4/4): alice, bob, carol, dave" in text   # dave's `click csatlakozás`: the noun for [Csatlakozom] (H-26)
    assert text.count(hu["console.no_button"].split("{")[0]) == 1   # `click qq`: no such button, says which there are


async def test_a_console_game_kept_with_db_resumes_after_a_restart(tmp_path):
    import io

    from bot.config import Settings
    from bot.console import console_main

    async def run(script: str) -> str:
        out = io.StringIO()
        await console_main(Settings(database_path=str(tmp_path / "x.db")), db_path=str(tmp_path / "keep.db"),
                           board_dir=str(tmp_path / "boards"), stdin=io.StringIO(script), stdout=out)
        return out.getvalue()

    await run("/planetarium new players:2\nas bob\nclick join\nas alice\n/planetarium start seating:joined\n")
    text = await run("/games\nchannel 1\n/planetarium status\n")
    assert "No such channel" not in text and "Waiting for: alice" in text and "Traceback" not in text
    await run("channel 1\n/planetarium board\n")
    images = sorted(p.name for p in (tmp_path / "boards").iterdir())
    assert images[0].startswith("run1-") and images[-1].startswith("run2-")   # a new run never overwrites


def _bare_world():
    """A test Discord checking with its own rules only (not the OpenAPI description the
    conftest adds), so each test below shows the harness itself refusing."""
    from bot.harness import FakeDiscord
    world = FakeDiscord()
    world.request_validator = None
    return world


def _row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


def _post(world, body: dict, files=()) -> int:
    return world.handle("POST", f"/channels/{world.channel_id}/messages", body=body, files=list(files))[0]


def test_the_fake_discord_refuses_overlong_embed_titles_and_field_values():
    world = _bare_world()
    assert _post(world, {"embeds": [{"title": "t" * 256, "fields": [{"name": "n", "value": "v" * 1024}]}]}) == 200
    assert _post(world, {"embeds": [{"title": "t" * 257}]}) == 400
    assert _post(world, {"embeds": [{"title": "t", "fields": [{"name": "n", "value": "v" * 1025}]}]}) == 400
    assert _post(world, {"embeds": [{"title": "t", "fields": [{"name": "n" * 257, "value": "v"}]}]}) == 400


def test_the_fake_discord_refuses_a_button_without_label_or_emoji_and_a_select_beside_a_button():
    world = _bare_world()
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert _post(world, {"components": [_row(select), _row({"type": 2, "style": 1, "custom_id": "b", "label": "b"})]}) == 200
    assert _post(world, {"components": [_row({"type": 2, "style": 1, "custom_id": "b"})]}) == 400
    assert _post(world, {"components": [_row({"type": 2, "style": 1, "custom_id": "b", "emoji": {"name": "🚀"}})]}) == 200
    assert _post(world, {"components": [_row(select, {"type": 2, "style": 1, "custom_id": "b", "label": "b"})]}) == 400


def test_the_fake_discord_refuses_a_select_placeholder_over_150_characters():
    world = _bare_world()

    def menu(placeholder: str) -> dict:
        return {"components": [_row({"type": 3, "custom_id": "s", "placeholder": placeholder,
                                     "options": [{"label": "a", "value": "a"}]})]}

    assert _post(world, menu("p" * 150)) == 200
    assert _post(world, menu("p" * 151)) == 400


def test_the_fake_discord_refuses_files_over_the_upload_limit_together():
    """Two 6 MiB files are over the default 10 MiB upload limit of a bot without boosts."""
    from bot.harness import MAX_FILE_SIZE
    world = _bare_world()
    six = b"\0" * (6 * 1024 * 1024)
    assert MAX_FILE_SIZE == 10 * 1024 * 1024
    assert _post(world, {"content": "one"}, [("a.png", six)]) == 200
    assert _post(world, {"content": "two"}, [("a.png", six), ("b.png", six)]) == 413


def test_the_fake_discord_refuses_a_thread_name_over_100_characters():
    world = _bare_world()
    path = f"/channels/{world.channel_id}/threads"
    assert world.handle("POST", path, body={"name": "n" * 101, "type": 11})[0] == 400
    status, thread = world.handle("POST", path, body={"name": "n" * 100, "type": 11})
    assert status == 201
    assert world.handle("PATCH", f"/channels/{thread['id']}", body={"name": "m" * 101})[0] == 400
    assert world.handle("PATCH", f"/channels/{thread['id']}", body={"name": "short"})[0] == 200


def test_the_fake_discord_refuses_an_option_description_over_100_characters():
    world = _bare_world()

    def command(description: str) -> list:
        return [{"name": "demo", "description": "d", "type": 1, "options": [
            {"name": "text", "description": description, "type": 3}]}]

    path = f"/applications/{world.application_id}/commands"
    assert world.handle("PUT", path, body=command("o" * 100))[0] == 200
    assert world.handle("PUT", path, body=command("o" * 101))[0] == 400
    assert world.handle("PUT", path, body=command(""))[0] == 400


class Overlong(commands.Cog):
    """Commands that answer what Discord refuses, to see the harness refuse it end to end."""
    group = app_commands.Group(name="overlong", description="answers Discord refuses")

    @group.command(description="an autocomplete choice name over 100 characters")
    async def choose(self, interaction: discord.Interaction, what: str) -> None:
        await interaction.response.send_message(what)

    @choose.autocomplete("what")
    async def choose_what(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name="n" * 101, value="v")] if current == "name" else [
            app_commands.Choice(name="n", value="v" * 101)]

    @group.command(description="a modal with a placeholder over 100 characters")
    async def form(self, interaction: discord.Interaction) -> None:
        modal = discord.ui.Modal(title="form")
        modal.add_item(discord.ui.TextInput(label="field", placeholder="p" * 101))
        await interaction.response.send_modal(modal)


async def test_overlong_autocomplete_choices_and_modal_placeholders_are_refused():
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    async def setup_hook() -> None:
        await bot.add_cog(Overlong())

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    h = Harness(bot)
    h.world.request_validator = None   # the harness's own checks, not the OpenAPI description's
    h.add_user(ALICE, "alice")
    async with h:
        for current in ("name", "value"):
            mark = h.mark()
            await h.autocomplete(ALICE, "overlong choose", focused="what", what=current)
            assert [s.status for s in h.sent_since(mark) if s.kind == "autocomplete"] == [400], current
        mark = h.mark()
        await h.slash(ALICE, "overlong form")
        assert [s.status for s in h.sent_since(mark) if s.kind == "response"] == [400]
        assert h.last_modal(ALICE) is None


def test_a_locked_thread_is_refused_as_locked_not_as_archived():
    """Issue 27: posting in a locked thread is refused with Discord's own code (160005 "Thread
    is locked", not 50083 "archived"); a member without Manage Threads cannot run a command
    there (ThreadLocked, with its own reason), a moderator still can."""
    from bot.harness import ThreadArchived, ThreadLocked
    world = _bare_world()
    world.add_user(ALICE, "alice")
    world.add_user(CAROL, "carol", admin=True)
    status, thread = world.handle("POST", f"/channels/{world.channel_id}/threads", body={"name": "game", "type": 11})
    thread_id = int(thread["id"])
    world.handle("PATCH", f"/channels/{thread_id}", body={"locked": True})
    status, answer = world.handle("POST", f"/channels/{thread_id}/messages", body={"content": "x"})
    assert (status, answer["code"]) == (403, 160005)
    with pytest.raises(ThreadLocked) as refused:
        world.interaction_payload(type=2, user_id=ALICE, channel_id=thread_id, data={"name": "demo", "type": 1})
    assert refused.value.reason == "locked" and isinstance(refused.value, ThreadArchived)
    assert world.interaction_payload(type=2, user_id=CAROL, channel_id=thread_id, data={"name": "demo", "type": 1})


async def test_over_real_sockets_too_files_over_the_upload_limit_and_a_long_thread_name_are_refused():
    """The loopback server answers from the same test Discord: two 6 MiB files in one message
    get 413 through discord.py's multipart upload, a thread name of 101 characters 400."""
    import asyncio

    from bot.harness import FakeDiscord
    from bot.harness_loopback import LoopbackDiscord

    world = FakeDiscord()
    world.add_user(ALICE, "alice")
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.1)
    six = b"\0" * (6 * 1024 * 1024)
    async with LoopbackDiscord(world) as server:
        with server.patched():
            runner = asyncio.create_task(bot.start(server.token))
            try:
                await server.wait_ready(bot)
                channel = bot.get_channel(world.channel_id)
                with pytest.raises(discord.HTTPException) as too_big:
                    await channel.send("two", files=[discord.File(io.BytesIO(six), filename=f"{n}.png") for n in "ab"])
                assert too_big.value.status == 413
                await channel.send("one", file=discord.File(io.BytesIO(six), filename="a.png"))
                with pytest.raises(discord.HTTPException) as too_long:
                    await channel.create_thread(name="n" * 101, type=discord.ChannelType.public_thread)
                assert too_long.value.status == 400
            finally:
                await asyncio.wait_for(bot.close(), timeout=10)
                await asyncio.wait_for(runner, timeout=10)
