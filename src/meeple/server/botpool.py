"""Bots and hints think in worker processes, shared fairly between tables.

Search is CPU-bound and would stall the event loop, so it runs in worker processes:
``workers`` of them for searching bots and hints (by default the machine's cores but
one), and one more for bots that do not search (random, greedy), so a cheap bot answers
while every search worker is busy. Each lane serves tables in turn (round robin), so one
table's queue of jobs never delays another table by more than one job per worker.

Every job has a ceiling: a move gets the server's ``bot_seconds`` through the bot's
constructor (``max_seconds``: ``iterations=1000000000`` stops there too), a hint its
budget. A worker still busy ``GRACE`` seconds after its ceiling is killed and replaced,
and so is a worker whose job was cancelled (a hint whose client left): nothing a client
asks for outlives its budget.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from meeple import bots
from meeple.core.state import State
from meeple.server import worker

log = logging.getLogger("meeple.server")
#: seconds a job may overrun its ceiling before its worker is killed
GRACE = 2.0


class BotFailed(Exception):
    """A job did not answer: the bot raised, or its worker died or overran its ceiling."""


@dataclass(eq=False)
class Job:
    key: Hashable  # who it is for (a table): the queue is fair between keys
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    ceiling: float
    future: asyncio.Future[Any] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class FairQueue:
    """Jobs by key, served round robin: each key's first job in turn, then its next."""

    def __init__(self) -> None:
        self._queues: OrderedDict[Hashable, deque[Job]] = OrderedDict()

    def __len__(self) -> int:
        return sum(len(q) for q in self._queues.values())

    def put(self, job: Job) -> None:
        self._queues.setdefault(job.key, deque()).append(job)

    def take(self) -> Job | None:
        if not self._queues:
            return None
        key, queue = self._queues.popitem(last=False)
        job = queue.popleft()
        if queue:
            self._queues[key] = queue  # its next job waits behind every other key's
        return job

    def remove(self, job: Job) -> bool:
        queue = self._queues.get(job.key)
        if queue is None or job not in queue:
            return False
        queue.remove(job)
        if not queue:
            del self._queues[job.key]
        return True


class _Worker:
    """One worker process and the job it is running."""

    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=worker.serve, args=(child,), daemon=True, name="meeple-bot")
        self.proc.start()
        child.close()
        #: started and waiting for work (a job's ceiling never pays for a worker's start)
        self.ready = False
        self.job: Job | None = None
        self.timer: asyncio.TimerHandle | None = None

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.conn.close()
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)


class Lane:
    """``size`` workers fed from one fair queue."""

    def __init__(self, name: str, size: int, ctx: Any) -> None:
        self.name, self.size, self.ctx = name, size, ctx
        self.queue = FairQueue()
        self.workers: list[_Worker] = []
        self.closed = False

    def submit(self, job: Job) -> None:
        self.queue.put(job)
        self._dispatch()

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.closed and len(self.queue):
            idle = next((w for w in self.workers if w.ready and w.job is None), None)
            if idle is None:
                if len(self.workers) < self.size:
                    self._spawn()  # it takes the next job when it says it is ready
                return
            job = self.queue.take()
            assert job is not None
            if job.future.done():  # cancelled while queued
                continue
            idle.job = job
            idle.conn.send((job.fn, job.args))
            idle.timer = loop.call_later(job.ceiling + GRACE, self._overran, idle)

    def _spawn(self) -> _Worker:
        w = _Worker(self.ctx)
        self.workers.append(w)
        asyncio.get_running_loop().add_reader(w.conn.fileno(), self._answered, w)
        return w

    def _answered(self, w: _Worker) -> None:
        try:
            status, value = w.conn.recv()
        except (EOFError, OSError):
            self._replace(w, "the worker process died")
            return
        if status == "ready":
            w.ready = True
            self._dispatch()
            return
        job, w.job = w.job, None
        if w.timer is not None:
            w.timer.cancel()
            w.timer = None
        if job is not None and not job.future.done():
            if status == "ok":
                job.future.set_result(value)
            else:
                job.future.set_exception(BotFailed(value))
        self._dispatch()

    def _overran(self, w: _Worker) -> None:
        log.error("a %s worker ran past its ceiling; it is replaced", self.name)
        self._replace(w, "it thought past the server's ceiling and was stopped")

    def cancel(self, job: Job) -> None:
        """Forget ``job``: out of the queue, or its worker replaced if it already runs."""
        if self.queue.remove(job):
            return
        for w in self.workers:
            if w.job is job:
                self._replace(w, "cancelled")
                return

    def _replace(self, w: _Worker, why: str) -> None:
        job, w.job = w.job, None
        if w in self.workers:
            self.workers.remove(w)
            asyncio.get_running_loop().remove_reader(w.conn.fileno())
        w.stop()
        if job is not None and not job.future.done():
            job.future.set_exception(BotFailed(why))
        if w.ready and not self.closed:
            self._spawn()  # a warm replacement (one that died starting is replaced on demand only)
        self._dispatch()

    def close(self) -> None:
        self.closed = True
        loop = asyncio.get_running_loop()
        for w in self.workers:
            loop.remove_reader(w.conn.fileno())
            if w.job is not None:
                w.job.future.cancel()
            w.stop()
        self.workers.clear()
        while (job := self.queue.take()) is not None:
            job.future.cancel()


class BotPool:
    """Moves and hints in worker processes, fair between tables, within the server's budget."""

    def __init__(self, workers: int, max_seconds: float) -> None:
        self.workers = max(1, workers)
        self.max_seconds = max_seconds
        # a fork server: the server runs threads (fork is unsafe then), and forking from a
        # process that already imported every game starts a worker in milliseconds
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["meeple.server.worker"])
        self.search = Lane("search", self.workers, ctx)
        self.quick = Lane("quick", 1, ctx)

    async def start(self) -> None:
        """Start the fork server and one worker per lane (off the event loop: it imports)."""
        loop = asyncio.get_running_loop()
        for lane in (self.quick, self.search):
            w = await loop.run_in_executor(None, _Worker, lane.ctx)
            lane.workers.append(w)
            loop.add_reader(w.conn.fileno(), lane._answered, w)

    async def choose(self, key: Hashable, spec: str, state: State) -> str:
        """The move the bot ``spec`` chooses (``key``: the table, for fairness)."""
        searching = bots.parse_spec(spec)[0] in bots.SEARCHING
        lane = self.search if searching else self.quick
        seed = random.getrandbits(32)
        return await self._run(lane, key, worker.think, (spec, state, seed, self.max_seconds), self.max_seconds)

    async def advise(self, key: Hashable, world: State, seconds: float, top: int = 3) -> dict[str, Any]:
        """The search's top moves in ``world`` (a determinization), at most ``max_seconds``."""
        budget = min(seconds, self.max_seconds)
        seed = random.getrandbits(32)
        return await self._run(self.search, key, worker.advise, (world, seed, budget, top), budget)

    async def _run(self, lane: Lane, key: Hashable, fn: Callable[..., Any], args: tuple[Any, ...],
                   ceiling: float) -> Any:
        job = Job(key, fn, args, ceiling)
        lane.submit(job)
        try:
            return await asyncio.shield(job.future)
        except asyncio.CancelledError:
            job.future.cancel()
            lane.cancel(job)  # the asker left: the job stops too
            raise

    def close(self) -> None:
        self.search.close()
        self.quick.close()
