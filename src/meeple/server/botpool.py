"""Bots think in worker processes: search is CPU-bound and would stall the event loop.

A request carries the position (pickled) and the bot spec; the worker builds the bot,
caps its think time, and answers with the move in notation. The server then commits
that move exactly as it commits a human's.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from meeple import bots
from meeple.core.state import State


def think(spec: str, state: State, seed: int, max_seconds: float) -> str:
    """The move ``spec`` chooses in ``state`` (runs in a worker process)."""
    bot = bots.get(spec, state.game, seed=seed)
    if hasattr(bot, "seconds"):  # a search bot: never think longer than the server allows
        own = bot.seconds
        bot.seconds = max_seconds if own is None else min(own, max_seconds)
    return str(bot.choose(state))


class BotPool:
    """A process pool that is rebuilt if a worker dies."""

    def __init__(self, workers: int, max_seconds: float) -> None:
        self.workers = max(1, workers)
        self.max_seconds = max_seconds
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: the server process runs threads (database, event loop), fork is unsafe then
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
        return self._pool

    async def choose(self, spec: str, state: State) -> str:
        loop = asyncio.get_running_loop()
        seed = random.getrandbits(32)
        try:
            return await loop.run_in_executor(self._executor(), think, spec, state, seed, self.max_seconds)
        except BrokenProcessPool:
            self._pool = None
            return await loop.run_in_executor(self._executor(), think, spec, state, seed, self.max_seconds)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
