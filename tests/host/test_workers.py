"""The worker pool (bot/workers.py): urgent work first, background lanes taken in turn."""
from __future__ import annotations

import asyncio
import threading

import pytest

from bot.workers import Workers, home_slot


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


def _pid_after(seconds: float) -> int:
    import os
    import time
    time.sleep(seconds)
    return os.getpid()


def _keys_by_home() -> tuple[int, int]:
    """Two game ids, the first at home in slot 0 of two, the second in slot 1."""
    first = next(key for key in range(1, 100) if home_slot(key, 2) == 0)
    second = next(key for key in range(1, 100) if home_slot(key, 2) == 1)
    return first, second


def test_a_games_jobs_go_to_its_home_process():
    """Affinity (issue 26): a game's drawings meet the caches of one process."""
    zero, one = _keys_by_home()

    async def scenario() -> tuple[set[int], set[int], int]:
        workers = Workers(processes=2)
        try:
            await workers.warm()
            at_zero = {await workers.run(_pid_after, 0.0, affinity=zero) for _ in range(4)}
            at_one = {await workers.run(_pid_after, 0.0, affinity=one) for _ in range(4)}
            background = await workers.run(_pid_after, 0.0, lane=one)       # a lane is its affinity
            assert workers.pids() and set(workers.pids()) == at_zero | at_one
            return at_zero, at_one, background
        finally:
            workers.close()

    at_zero, at_one, background = asyncio.run(scenario())
    assert len(at_zero) == 1 and len(at_one) == 1 and at_zero != at_one
    assert {background} == at_one


def test_no_process_idles_while_a_job_waits_for_its_busy_home():
    """Work-conserving: the home is busy, the other process free: the job runs there at once."""
    zero, _ = _keys_by_home()

    async def scenario() -> tuple[int, int, list[int]]:
        workers = Workers(processes=2)
        try:
            await workers.warm()
            finished: list[int] = []

            async def timed(seconds: float, name: int) -> int:
                pid = await workers.run(_pid_after, seconds, affinity=zero)
                finished.append(name)
                return pid

            long = asyncio.ensure_future(timed(1.5, 1))
            await asyncio.sleep(0.05)
            short = await timed(0.0, 2)
            return await long, short, finished
        finally:
            workers.close()

    long, short, finished = asyncio.run(scenario())
    assert long != short and finished == [2, 1]


def test_a_free_process_takes_the_waiting_job_whose_home_it_is(monkeypatch):
    """When both processes are busy, the one that frees takes a waiting job of its own games
    before the queue's first job (whose home is the other, still busy), at most PASSES times; then
    that first job, rather than idle while its home is busy."""
    import bot.workers
    monkeypatch.setattr(bot.workers, "PASSES", 1)
    zero, one = _keys_by_home()

    async def scenario() -> list[str]:
        workers = Workers(processes=2)
        order: list[str] = []
        try:
            await workers.warm()
            pid_zero = await workers.run(_pid_after, 0.0, affinity=zero)

            async def job(name: str, seconds: float, key: int) -> int:
                pid = await workers.run(_pid_after, seconds, affinity=key)
                order.append(name)
                return pid

            busy_zero = asyncio.ensure_future(job("busy0", 0.4, zero))
            busy_one = asyncio.ensure_future(job("busy1", 1.6, one))
            await asyncio.sleep(0.1)
            waiting_one = asyncio.ensure_future(job("wait1", 0.0, one))      # first in the queue
            await asyncio.sleep(0)
            waiting_zero = asyncio.ensure_future(job("wait0", 0.0, zero))
            pids = await asyncio.gather(busy_zero, busy_one, waiting_one, waiting_zero)
            assert pids[3] == pid_zero and pids[2] == pid_zero    # then the first job: no process idles
            return order
        finally:
            workers.close()

    order = asyncio.run(scenario())
    assert order.index("wait0") < order.index("wait1") < order.index("busy1")


def test_the_first_job_is_passed_over_at_most_passes_times():
    """Affinity never starves the queue's first job: a free process takes its own games' jobs
    before it at most PASSES times, then takes it (a pure test of the choice)."""
    import bot.workers
    from bot.workers import _Job

    async def scenario() -> list[tuple[str, int]]:
        workers = Workers(processes=2)
        loop = asyncio.get_running_loop()
        jobs = [_Job(_square, (n,), loop.create_future(), home) for n, home in enumerate((1, 0, 0, 0, 0))]
        workers._urgent.extend(jobs)
        taken = []
        for _ in range(len(jobs)):
            picked = workers._next_urgent([0])
            assert picked is not None
            taken.append((f"job{picked[0].args[0]}", picked[1]))
        return taken

    passes = bot.workers.PASSES
    taken = asyncio.run(scenario())
    assert [name for name, _ in taken[:passes]] == [f"job{n}" for n in range(1, passes + 1)]
    assert taken[passes] == ("job0", 0)
