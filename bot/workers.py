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
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

URGENT = "urgent"
PASSES = 2
"""How many times the first waiting urgent job may be passed over by a free process that takes a
waiting job whose home it is (so a game's drawings meet that process's caches); then the next
free process takes it.  It waits at most about PASSES drawings more, and no process idles while
a job waits.  (A bound in time, 50 ms, was tried: under load every queued job waits longer than
that, and half the jobs ran away from home, as with no affinity at all.)"""
T = TypeVar("T")


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    home: int | None = None          # the slot whose process keeps this job's caches (affinity)
    passed: int = 0                  # times a job behind it was taken first (PASSES)


def home_slot(affinity: Any, slots: int) -> int:
    """The slot of an affinity key (a game id): a stable hash, the same in every run."""
    return zlib.crc32(repr(affinity).encode()) % slots


@dataclass
class Workers:
    """``await workers.run(fn, *args)`` (urgent) or ``await workers.run(fn, *args, lane=game_id)``
    (background, fair between lanes).

    With worker processes, each slot is one process of its own, and a job may name an
    ``affinity`` (a game id; a background job's lane is its affinity unless it names one): the
    job's *home* is the slot :func:`home_slot` gives, so a game's drawings go to the process
    whose caches hold its last images (encoded PNGs by digest, Gaia's kept panels, EVE's placed
    labels).  Work-conserving: a free process takes the first waiting urgent job whose home it
    is; failing that, the first urgent job (whatever its home), so no process idles while a job
    waits; the first job is passed over at most :data:`PASSES` times."""

    processes: int = 0
    threads: int = 2
    affinity: bool = True            # False: every job goes to any free process (A/B in bench_load)
    _pool: concurrent.futures.Executor | None = None          # threads, shared by every slot
    _processes: list[concurrent.futures.ProcessPoolExecutor] = field(default_factory=list)
    _busy: list[bool] = field(default_factory=list)
    _urgent: deque[_Job] = field(default_factory=deque)
    _lanes: dict[Any, deque[_Job]] = field(default_factory=dict)
    _order: deque[Any] = field(default_factory=deque)
    _running: int = 0
    _running_background: int = 0
    _closed: bool = False
    _counter: itertools.count[int] = field(default_factory=itertools.count)
    at_home: int = 0                 # jobs with a home that ran there (figures: bench_load)
    away: int = 0                    # jobs with a home that ran elsewhere

    @property
    def slots(self) -> int:
        return self.processes if self.processes > 0 else self.threads

    @property
    def background_slots(self) -> int:
        return max(1, self.slots - 1)

    def _executor(self, slot: int) -> concurrent.futures.Executor:
        if self.processes > 0:
            if not self._processes:
                # forkserver/spawn: a fork of a process running an event loop and threads is unsafe
                method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
                context = multiprocessing.get_context(method)
                self._processes = [concurrent.futures.ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=_start_process)
                    for _ in range(self.processes)]
            return self._processes[slot]
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=self.threads,
                                                               thread_name_prefix="worker")
        return self._pool

    def pids(self) -> list[int]:
        """The worker processes' ids (started so far)."""
        return [pid for pool in self._processes for pid in getattr(pool, "_processes", None) or {}]

    async def run(self, fn: Callable[..., T], *args: Any, lane: Any = URGENT, affinity: Any = None) -> T:
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        if affinity is None and lane != URGENT:
            affinity = lane
        home = (home_slot(affinity, self.slots) if affinity is not None and self.processes > 0 and self.affinity
                else None)
        job = _Job(fn, args, asyncio.get_running_loop().create_future(), home)
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

    def _next_urgent(self, free: list[int]) -> tuple[_Job, int] | None:
        while self._urgent and self._urgent[0].future.cancelled():
            self._urgent.popleft()
        if not self._urgent:
            return None
        head = self._urgent[0]
        if head.home is None or head.home in free:
            self._urgent.popleft()
            return head, free[0] if head.home is None else head.home
        if head.passed < PASSES:
            for index, job in enumerate(self._urgent):
                if job.home in free and not job.future.cancelled():
                    del self._urgent[index]
                    head.passed += 1
                    return job, job.home
        self._urgent.popleft()
        return head, free[0]

    def _dispatch(self) -> None:
        while self._running < self.slots:
            if len(self._busy) < self.slots:
                self._busy = [False] * self.slots
            free = [slot for slot, busy in enumerate(self._busy) if not busy]
            picked = self._next_urgent(free)
            background = False
            if picked is None and self._running_background < self.background_slots:
                job = self._next_background()
                if job is not None:
                    picked = job, job.home if job.home in free else free[0]
                    background = True
            if picked is None:
                return
            self._start(*picked, background)

    def _start(self, job: _Job, slot: int, background: bool) -> None:
        self._running += 1
        self._running_background += background
        self._busy[slot] = True
        if job.home is not None:
            if job.home == slot:
                self.at_home += 1
            else:
                self.away += 1
        loop = job.future.get_loop()
        done = loop.run_in_executor(self._executor(slot), job.fn, *job.args)

        def finished(task: asyncio.Future[Any]) -> None:
            self._running -= 1
            self._running_background -= background
            self._busy[slot] = False
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
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(self._executor(slot), _warm_process)
                                   for slot in range(self.processes)))

    def close(self) -> None:
        """Refuse new work, cancel what waits, let running jobs finish in the background."""
        self._closed = True
        for job in list(self._urgent) + [job for jobs in self._lanes.values() for job in jobs]:
            job.future.cancel()
        self._urgent.clear()
        self._lanes.clear()
        self._order.clear()
        for pool in [*self._processes, *([self._pool] if self._pool is not None else [])]:
            pool.shutdown(wait=False, cancel_futures=True)


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
    from bot.service import warm_drawing
    warm_drawing()


def default_processes() -> int:
    """Worker processes when the operator sets none: one per core (at least 1)."""
    return max(1, os.cpu_count() or 1)
