"""A fake Discord over real loopback sockets.

The same :class:`~bot.harness.FakeDiscord` that answers the in-process harness is served by
an aiohttp web server on 127.0.0.1 (a random free port): REST under ``/api/v10`` and a
websocket gateway that sends HELLO, answers IDENTIFY with READY then GUILD_CREATE, acks
heartbeats, answers member chunk requests and can push any dispatch (INTERACTION_CREATE, ...).
A real bot started with ``bot.start(token)`` talks to it through discord.py's own HTTP client
and gateway code, multipart bodies and all.

    world = FakeDiscord(); world.add_user(1001, "alice")
    async with LoopbackDiscord(world) as server:
        with server.patched():      # a plain context manager
            runner = asyncio.create_task(bot.start(server.token))
            await server.wait_ready(bot)
            await server.push("INTERACTION_CREATE", world.interaction_payload(...))
            answer = await server.wait_for_sent(lambda s: s.kind == "response")
            await bot.close(); await runner

``patched()`` points ``discord.http.Route.BASE`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` at the server and restores them on exit.
Only 127.0.0.1 is ever bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from typing import Any, Callable, Iterator, List, Optional, Tuple

import discord
import yarl
from aiohttp import BodyPartReader, WSMsgType, web

from bot.harness import FakeDiscord, Json, Sent

__all__ = ["LoopbackDiscord"]

_log = logging.getLogger(__name__)

HELLO, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, REQUEST_MEMBERS, INVALID_SESSION, HEARTBEAT_ACK = 10, 1, 2, 3, 6, 8, 9, 11
DISPATCH = 0


class _Connection:
    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.identified = False
        self.intents = 0
        self.queue: "asyncio.Queue[Optional[Json]]" = asyncio.Queue()

    def dispatch(self, event: str, data: Any) -> None:
        self.seq += 1
        self.queue.put_nowait({"op": DISPATCH, "t": event, "s": self.seq, "d": data})

    def op(self, op: int, data: Any = None) -> None:
        self.queue.put_nowait({"op": op, "t": None, "s": None, "d": data})


class LoopbackDiscord:
    def __init__(self, world: Optional[FakeDiscord] = None, *, token: str = "loopback-token", timeout: float = 15.0) -> None:
        self.world = world or FakeDiscord()
        self.token = token
        self.timeout = timeout
        self.host = "127.0.0.1"
        self.port: Optional[int] = None
        self.identifies: List[Json] = []
        self.gateway_commands: List[Json] = []
        self._connections: List[_Connection] = []
        self._runner: Optional[web.AppRunner] = None
        self._identified = asyncio.Event()
        self._sent_changed = asyncio.Condition()
        self._sent_seen = 0
        self.world.sink = self._on_world_event

    # ----- addresses -----------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @contextlib.contextmanager
    def patched(self) -> Iterator["LoopbackDiscord"]:
        """Point discord.py at this server; restores the real endpoints afterwards."""
        if self.port is None:
            raise RuntimeError("start the server first")
        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.base_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    # ----- life cycle ----------------------------------------------------------------

    async def __aenter__(self) -> "LoopbackDiscord":
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        server = site._server  # the asyncio server: the kernel chose the port
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        for conn in list(self._connections):
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await conn.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self.world.sink == self._on_world_event:
            self.world.sink = None

    # ----- pushing and waiting -------------------------------------------------------

    async def push(self, event: str, data: Json) -> None:
        """Send one dispatch to every identified gateway connection."""
        payload = json.loads(json.dumps(data))
        conns = [c for c in self._connections if c.identified]
        if not conns:
            raise RuntimeError("no bot is connected to the gateway")
        for conn in conns:
            conn.dispatch(event, payload)

    async def wait_identified(self) -> None:
        await asyncio.wait_for(self._identified.wait(), timeout=self.timeout)

    async def wait_ready(self, bot: discord.Client) -> None:
        """Wait until the bot has identified and processed READY and GUILD_CREATE."""
        await self.wait_identified()
        await asyncio.wait_for(bot.wait_until_ready(), timeout=self.timeout)

    async def wait_for_sent(self, predicate: Callable[[Sent], bool], *, start: int = 0) -> Sent:
        """The first recorded call (from index ``start``) matching ``predicate``; waits for it."""

        def find() -> Optional[Sent]:
            return next((s for s in self.world.sent[start:] if predicate(s)), None)

        async def wait() -> Sent:
            async with self._sent_changed:
                found = find()
                while found is None:
                    await self._sent_changed.wait()
                    found = find()
                return found

        return await asyncio.wait_for(wait(), timeout=self.timeout)

    def _on_world_event(self, event: str, data: Json) -> None:
        for conn in self._connections:
            if conn.identified:
                conn.dispatch(event, data)

    async def _notify_sent(self) -> None:
        async with self._sent_changed:
            self._sent_changed.notify_all()

    # ----- REST ----------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        # interaction callbacks and webhook-token routes carry no bot token, as on Discord
        token_route = path.startswith("/interactions/") or re.match(r"^/webhooks/\d+/[^/]+", path)
        if not token_route and request.headers.get("Authorization") != f"Bot {self.token}":
            return _json_response(401, {"code": 0, "message": "401: Unauthorized"})
        body: Any = None
        files: List[Tuple[str, bytes]] = []
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):   # discord.py sends one flat form
                    raise ValueError(f"unexpected nested multipart part in {path}")
                if part.name == "payload_json":
                    body = json.loads(await part.text())
                else:
                    files.append((part.filename or part.name or "file", bytes(await part.read())))
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                if request.content_type != "application/json":
                    return _json_response(400, {"code": 50109, "message": "The request body contains invalid JSON."})
                body = json.loads(raw)
        status, data = self.world.handle(request.method, path, query=dict(request.query), body=body, files=files)
        await self._notify_sent()
        if data is None:
            return web.Response(status=status)
        return _json_response(status, data)

    # ----- gateway -------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws)
        self._connections.append(conn)
        sender = asyncio.create_task(self._sender(conn), name="loopback-gateway-sender")
        conn.op(HELLO, {"heartbeat_interval": 41250})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                await self._on_frame(conn, frame)
        finally:
            conn.queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(sender, timeout=1.0)
            self._connections.remove(conn)
        return ws

    async def _sender(self, conn: _Connection) -> None:
        while True:
            frame = await conn.queue.get()
            if frame is None or conn.ws.closed:
                return
            await conn.ws.send_str(json.dumps(frame))

    async def _on_frame(self, conn: _Connection, frame: Json) -> None:
        op = frame.get("op")
        data: Any = frame.get("d")
        if op == HEARTBEAT:
            conn.op(HEARTBEAT_ACK)
        elif op == IDENTIFY:
            if (data or {}).get("token") != self.token:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            self.identifies.append(data)
            conn.intents = int(data.get("intents") or 0)
            ready = self.world.ready_payload()
            ready["resume_gateway_url"] = self.gateway_url
            conn.identified = True
            conn.dispatch("READY", ready)
            members_intent = bool(conn.intents & discord.Intents(members=True).value)
            conn.dispatch("GUILD_CREATE", self.world.guild_payload(members_intent=members_intent))
            self._identified.set()
        elif op == RESUME:
            conn.op(INVALID_SESSION, False)
        elif op == REQUEST_MEMBERS:
            self.gateway_commands.append(frame)
            world = self.world
            ids = data.get("user_ids")
            if isinstance(ids, (str, int)):
                ids = [ids]
            members = [world.member_json(uid) for uid in world.members if ids is None or str(uid) in {str(i) for i in ids}]
            conn.dispatch(
                "GUILD_MEMBERS_CHUNK",
                {"guild_id": str(world.guild_id), "members": members, "chunk_index": 0, "chunk_count": 1, "not_found": [], "nonce": data.get("nonce")},
            )
        else:
            self.gateway_commands.append(frame)


def _json_response(status: int, data: Any) -> web.Response:
    # discord.py parses JSON only when Content-Type is exactly application/json
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})
