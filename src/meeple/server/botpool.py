"""Bots think in worker processes: search is CPU-bound and would stall the event loop.

A request carries the position (pickled) and the bot spec; the worker builds the bot,
caps its think time, and answers with the move in notation. The server then commits
that move exactly as it commits a human's.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from meeple import bots
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.state import State


def think(spec: str, state: State, seed: int, max_seconds: float) -> str:
    """The move ``spec`` chooses in ``state`` (runs in a worker process)."""
    bot = bots.get(spec, state.game, seed=seed)
    if hasattr(bot, "seconds"):  # a search bot: never think longer than the server allows
        own = bot.seconds
        bot.seconds = max_seconds if own is None else min(own, max_seconds)
    return str(bot.choose(state))


def advise(world: State, seed: int, seconds: float, top: int) -> dict[str, Any]:
    """The search bot's ``top`` moves in ``world`` (runs in a worker process).

    ``world`` is already a determinization for the seat to move: the worker never
    holds the hidden state, and the search only samples worlds that seat cannot tell
    from it.
    """
    bot = ISMCTSBot(world.game, seed=seed, seconds=seconds)
    candidates = bot.analyse(world, top=top)
    return {
        "simulations": bot.last_iterations,
        "moves": [
            {"action": str(c.action), "visits": c.visits, "win": None if math.isnan(c.value) else round(c.value, 3)}
            for c in candidates
        ],
    }


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
        seed = random.getrandbits(32)
        return await self._run(think, spec, state, seed, self.max_seconds)

    async def advise(self, world: State, seconds: float, top: int = 3) -> dict[str, Any]:
        """``advise`` in a worker, at most ``max_seconds`` of search."""
        seed = random.getrandbits(32)
        return await self._run(advise, world, seed, min(seconds, self.max_seconds), top)

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except BrokenProcessPool:
            self._pool = None
            return await loop.run_in_executor(self._executor(), fn, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
