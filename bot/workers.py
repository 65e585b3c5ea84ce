"""CPU work outside the event loop: drawing boards and computer players' thinking.

One pool of worker processes for the whole bot.  Work comes in two classes:

- **urgent** (a person is waiting: the board after a move, `board`): always dispatched first;
- **background** (a computer player's decision): queued per *lane* (a game id) and taken
  round-robin over the lanes, so one game with four computers cannot starve the others; at
  most ``processes - 1`` background jobs run at once when there are two or more processes, so
  a slot is always free for a person's board.

``processes=0`` runs the work in threads of this process instead (tests, the console, and
machines where starting processes is not wanted): the same queueing, no pickling.

A job is a module-level function and picklable arguments (it runs in another process).  An
exception raised by the job is raised again to the awaiting caller.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import multiprocessing
import os
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

URGENT = "urgent"
T = TypeVar("T")


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]


@dataclass
class Workers:
    """``await workers.run(fn, *args)`` (urgent) or ``await workers.run(fn, *args, lane=game_id)``
    (background, fair between lanes)."""

    processes: int = 0
    threads: int = 2
    _pool: concurrent.futures.Executor | None = None
    _urgent: deque[_Job] = field(default_factory=deque)
    _lanes: dict[Any, deque[_Job]] = field(default_factory=dict)
    _order: deque[Any] = field(default_factory=deque)
    _running: int = 0
    _running_background: int = 0
    _closed: bool = False
    _counter: itertools.count[int] = field(default_factory=itertools.count)

    @property
    def slots(self) -> int:
        return self.processes if self.processes > 0 else self.threads

    @property
    def background_slots(self) -> int:
        return max(1, self.slots - 1)

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes > 0:
                # forkserver/spawn: a fork of a process running an event loop and threads is unsafe
                method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=self.processes, mp_context=multiprocessing.get_context(method),
                    initializer=_start_process)
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=self.threads,
                                                                   thread_name_prefix="worker")
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any, lane: Any = URGENT) -> T:
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        job = _Job(fn, args, asyncio.get_running_loop().create_future())
        if lane == URGENT:
            self._urgent.append(job)
        else:
            if lane not in self._lanes:
                self._lanes[lane] = deque()
                self._order.append(lane)
            self._lanes[lane].append(job)
        self._dispatch()
        result: T = await job.future
        return result

    def pending(self, lane: Any = None) -> int:
        """Jobs waiting (not yet running): all of them, or one lane's."""
        if lane is None:
            return len(self._urgent) + sum(len(jobs) for jobs in self._lanes.values())
        return len(self._urgent) if lane == URGENT else len(self._lanes.get(lane, ()))

    def _next_background(self) -> _Job | None:
        for _ in range(len(self._order)):
            lane = self._order.popleft()
            jobs = self._lanes[lane]
            job = jobs.popleft()
            if jobs:
                self._order.append(lane)     # the lane goes to the back of the round
            else:
                del self._lanes[lane]
            if not job.future.cancelled():
                return job
        return None

    def _dispatch(self) -> None:
        while self._running < self.slots:
            background = False
            job = None
            while self._urgent and job is None:
                candidate = self._urgent.popleft()
                job = None if candidate.future.cancelled() else candidate
            if job is None and self._running_background < self.background_slots:
                job = self._next_background()
                background = job is not None
            if job is None:
                return
            self._start(job, background)

    def _start(self, job: _Job, background: bool) -> None:
        self._running += 1
        self._running_background += background
        loop = job.future.get_loop()
        done = loop.run_in_executor(self._executor(), job.fn, *job.args)

        def finished(task: asyncio.Future[Any]) -> None:
            self._running -= 1
            self._running_background -= background
            if not job.future.cancelled():
                if task.cancelled():
                    job.future.cancel()
                elif task.exception() is not None:
                    job.future.set_exception(task.exception())  # type: ignore[arg-type]
                else:
                    job.future.set_result(task.result())
            if not self._closed:
                self._dispatch()

        done.add_done_callback(finished)

    async def warm(self) -> None:
        """Start every worker process and import what drawing needs in each (the first board a
        cold process draws is otherwise seconds slower).  Threads need nothing."""
        if self.processes > 0 and not self._closed:
            await asyncio.gather(*(self.run(_warm_process) for _ in range(self.processes)))

    def close(self) -> None:
        """Refuse new work, cancel what waits, let running jobs finish in the background."""
        self._closed = True
        for job in list(self._urgent) + [job for jobs in self._lanes.values() for job in jobs]:
            job.future.cancel()
        self._urgent.clear()
        self._lanes.clear()
        self._order.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _start_process() -> None:
    """Every worker process, as it starts: it keeps the PNGs it encoded lately, so an image
    that comes back is not encoded again (bot.service.keep_encoded_images), and the palettes
    it chose lately, so an image of the same size that they fit is encoded without choosing
    one again (renderers.common.keep_palettes)."""
    from bot.service import keep_encoded_images
    from renderers.common import keep_palettes
    keep_encoded_images()
    keep_palettes()


def _warm_process() -> None:
    """Import every game and draw its opening board once in this worker process, so the first
    players after a start do not pay the cold caches (the first drawing costs 2-7 times a later
    one: bench/bench_load_results.txt)."""
    import time

    from bot.service import warm_drawing
    warm_drawing()
    time.sleep(0.2)      # held a moment, so that the other warm-up jobs reach the other processes


def default_processes() -> int:
    """Worker processes when the operator sets none: one per core (at least 1)."""
    return max(1, os.cpu_count() or 1)
