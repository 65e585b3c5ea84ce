"""The worker pool (bot/workers.py): urgent work first, background lanes taken in turn."""
from __future__ import annotations

import asyncio
import threading

import pytest

from bot.workers import Workers


def _record(log: list[str], gate: threading.Event, name: str) -> str:
    gate.wait(5)
    log.append(name)
    return name


def _fail() -> None:
    raise ValueError("boom")


def _square(x: int) -> int:
    return x * x


def _done_event() -> threading.Event:
    event = threading.Event()
    event.set()
    return event


def test_urgent_before_background_and_lanes_in_turn():
    async def scenario() -> list[str]:
        workers = Workers(processes=0, threads=1)
        log: list[str] = []
        gate = threading.Event()
        blocker = asyncio.ensure_future(workers.run(_record, log, gate, "first"))
        await asyncio.sleep(0)
        jobs = [asyncio.ensure_future(workers.run(_record, log, _done_event(), name, lane=lane))
                for name, lane in (("a1", "A"), ("a2", "A"), ("a3", "A"), ("b1", "B"))]
        urgent = asyncio.ensure_future(workers.run(_record, log, _done_event(), "person"))
        for _ in range(3):
            await asyncio.sleep(0)
        assert workers.pending() == 5 and workers.pending("A") == 3
        gate.set()
        await asyncio.wait_for(asyncio.gather(blocker, urgent, *jobs), 10)
        workers.close()
        return log

    log = asyncio.run(scenario())
    assert log[0] == "first"
    assert log[1] == "person"                      # a person's work jumps the queue
    assert log[2:] == ["a1", "b1", "a2", "a3"]     # lanes in turn: game B is not starved by A


def test_errors_reach_the_caller_and_processes_work():
    async def scenario() -> int:
        workers = Workers(processes=1)
        try:
            with pytest.raises(ValueError):
                await workers.run(_fail, lane="game-1")
            return await workers.run(_square, 7)
        finally:
            workers.close()

    assert asyncio.run(scenario()) == 49


def test_closed_pool_refuses_and_cancels_waiting_work():
    async def scenario() -> bool:
        workers = Workers(processes=0, threads=1)
        gate = threading.Event()
        first = asyncio.ensure_future(workers.run(_record, [], gate, "x"))
        await asyncio.sleep(0)
        waiting = asyncio.ensure_future(workers.run(_square, 3, lane="g"))
        await asyncio.sleep(0)
        workers.close()
        gate.set()
        await asyncio.gather(first, return_exceptions=True)
        with pytest.raises(RuntimeError):
            await workers.run(_square, 2)
        return waiting.cancelled() or isinstance(waiting.exception(), asyncio.CancelledError)

    assert asyncio.run(scenario())


def test_warming_starts_every_process_and_threads_need_none():
    async def scenario() -> tuple[int, int]:
        threads, processes = Workers(processes=0), Workers(processes=2)
        try:
            await threads.warm()
            await processes.warm()
            return (threads._pool is None, processes.pending())
        finally:
            threads.close()
            processes.close()

    assert asyncio.run(scenario()) == (True, 0)
