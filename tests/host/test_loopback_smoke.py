"""Smoke test over real loopback sockets: a real bot started with ``bot.start(token)`` logs in
over HTTP, connects to a websocket gateway, receives a slash command and answers it through
discord.py's own HTTP client (JSON and multipart)."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.harness import FakeDiscord, build_command_data
from bot.harness_loopback import LoopbackDiscord

ALICE = 2_000_000_000_000_000_001
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


class Hello(commands.Cog):
    @app_commands.command(name="hello", description="say hello")
    async def hello(self, interaction: discord.Interaction, times: int) -> None:
        await interaction.response.send_message(f"hello {interaction.user.name} x{times}")

    @app_commands.command(name="picture", description="send a file")
    async def picture(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("here", file=discord.File(io.BytesIO(PNG), filename="p.png"))


def make_bot() -> commands.Bot:
    # guild_ready_timeout: how long discord.py waits for more GUILD_CREATEs after READY
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.1)

    async def setup_hook() -> None:
        await bot.add_cog(Hello())

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def test_real_bot_over_loopback_http_and_gateway():
    real_base = discord.http.Route.BASE
    real_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    world = FakeDiscord()
    world.add_user(ALICE, "alice")
    bot = make_bot()
    async with LoopbackDiscord(world) as server:
        assert server.base_url.startswith("http://127.0.0.1:")
        with server.patched():
            runner = asyncio.create_task(bot.start(server.token))
            try:
                await server.wait_ready(bot)
                assert server.identifies[0]["token"] == server.token
                assert bot.get_guild(world.guild_id).get_channel(world.channel_id).name == "games"

                data = build_command_data(world, bot.tree, "hello", {"times": 2})
                payload = world.interaction_payload(type=2, user_id=ALICE, channel_id=world.channel_id, data=data)
                await server.push("INTERACTION_CREATE", payload)
                answer = await server.wait_for_sent(lambda s: s.kind == "response")
                assert answer.ok and answer.content == "hello alice x2"
                assert answer.route == f"POST /interactions/{payload['id']}/{payload['token']}/callback"
                assert answer.interaction_id == int(payload["id"])

                mark = len(world.sent)
                data = build_command_data(world, bot.tree, "picture", {})
                payload = world.interaction_payload(type=2, user_id=ALICE, channel_id=world.channel_id, data=data)
                await server.push("INTERACTION_CREATE", payload)
                pic = await server.wait_for_sent(lambda s: s.kind == "response", start=mark)
                assert pic.content == "here" and pic.files == [("p.png", PNG)]
            finally:
                await asyncio.wait_for(bot.close(), timeout=10)
                await asyncio.wait_for(runner, timeout=10)
        assert bot.is_closed()
    assert discord.http.Route.BASE == real_base
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == real_gateway
