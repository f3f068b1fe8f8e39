"""The bot pool: fair between tables, within the server's ceiling, cancellable."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable

import pytest

from meeple import games
from meeple.server.botpool import BotFailed, BotPool, FairQueue, Job

CEILING = 0.5


def test_the_queue_serves_tables_in_turn():
    async def run() -> list[tuple[Hashable, int]]:
        queue = FairQueue()
        for key, n in (("a", 1), ("a", 2), ("a", 3), ("b", 1), ("c", 1), ("b", 2)):
            queue.put(Job(key, print, (n,), 1.0))
        order = []
        while (job := queue.take()) is not None:
            order.append((job.key, job.args[0]))
        return order

    assert asyncio.run(run()) == [("a", 1), ("b", 1), ("c", 1), ("a", 2), ("b", 2), ("a", 3)]


@pytest.fixture
def position():
    return games.get("lost-cities").new(2, 3, rounds=1)


def test_a_huge_iterations_budget_stops_at_the_ceiling_and_a_cheap_bot_is_not_kept_waiting(position):
    """Issue 23, defect 3: iterations=1000000000 at one table pushed another table's random
    bot from milliseconds to seconds. The search stops at the ceiling (or its worker would
    be killed and the move fail), and the random bot answers while it runs."""

    async def run() -> tuple[str, str, bool]:
        pool = BotPool(workers=1, max_seconds=CEILING)
        await pool.start()
        try:
            search = asyncio.ensure_future(pool.choose(1, "ismcts:iterations=1000000000", position))
            await asyncio.sleep(0.05)  # the search is running
            quick = asyncio.ensure_future(pool.choose(2, "random", position))
            done, _ = await asyncio.wait({search, quick}, return_when=asyncio.FIRST_COMPLETED)
            quick_first = quick in done
            return await search, await quick, quick_first
        finally:
            pool.close()

    searched, random_move, quick_first = asyncio.run(run())
    legal = {a.text for a in position.legal_actions()}
    assert searched in legal and random_move in legal
    assert quick_first, "the random bot waited behind another table's search"


def test_a_cancelled_job_stops_its_worker(position):
    """A hint whose client left stops: its worker is replaced, the next job runs."""

    async def run() -> str:
        pool = BotPool(workers=1, max_seconds=30.0)
        await pool.start()
        try:
            hint = asyncio.ensure_future(pool.advise(1, position, 30.0))
            await asyncio.sleep(0.2)
            stuck = pool.search.workers[0]
            hint.cancel()
            with pytest.raises(asyncio.CancelledError):
                await hint
            assert not stuck.proc.is_alive(), "the cancelled search still runs"
            return await pool.choose(2, "ismcts:iterations=5", position)
        finally:
            pool.close()

    assert asyncio.run(run()) in {a.text for a in position.legal_actions()}


def test_a_worker_that_dies_fails_its_job_and_is_replaced(position):
    async def run() -> str:
        pool = BotPool(workers=1, max_seconds=CEILING)
        await pool.start()
        try:
            job = asyncio.ensure_future(pool.advise(1, position, 30.0))
            await asyncio.sleep(0.2)
            pool.search.workers[0].proc.kill()
            with pytest.raises(BotFailed):
                await job
            return await pool.choose(1, "ismcts:iterations=5", position)
        finally:
            pool.close()

    assert asyncio.run(run()) in {a.text for a in position.legal_actions()}


def test_one_hint_per_seat_at_a_time(make_client, monkeypatch):
    import threading

    from tests.server.play import auth, create, get

    client = make_client()
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    mover = get(client, table_id)["to_move"]
    hall = client.app.state.hall
    started, release = threading.Event(), threading.Event()

    async def slow(key, world, seconds, top=3):
        started.set()
        await asyncio.get_running_loop().run_in_executor(None, release.wait, 30)
        return {"simulations": 0, "moves": []}

    monkeypatch.setattr(hall.bots, "advise", slow)
    url, headers = f"/api/tables/{table_id}/hint", auth(tokens[mover])
    first: list[int] = []
    thread = threading.Thread(target=lambda: first.append(client.get(url, headers=headers).status_code))
    thread.start()
    assert started.wait(30), "the first hint never started"
    r = client.get(url, headers=headers)
    assert r.status_code == 429 and "one hint per seat" in r.json()["detail"]
    release.set()
    thread.join(30)
    assert first == [200]
    assert client.get(url, headers=headers).status_code == 200  # the seat may ask again


def test_a_worker_plans_a_planners_turn_once_not_once_per_decision(monkeypatch):
    """The server asks for one move at a time; the planner's plan for the whole turn is
    kept in the worker, so the later decisions of a turn cost no new planning. Other
    bots are built afresh for every move, and the kept planners are bounded."""
    from meeple.bots.planner import TurnPlanner
    from meeple.server import worker

    calls = []
    plan_turn = TurnPlanner._plan_turn
    monkeypatch.setattr(TurnPlanner, "_plan_turn", lambda self, s, seat: calls.append(s.ply) or plan_turn(self, s, seat))
    monkeypatch.setattr(worker, "_kept", {})
    state = games.get("lewis-clark").new(1, 5, difficulty=0)
    spec = "planner:candidates=4,worlds=1,explore=400"
    turn, decisions = state.turns, 0
    while state.turns == turn:
        state.apply(worker.think(spec, state, decisions, 2.0))
        decisions += 1
    assert decisions >= 3 and len(calls) == 1, (decisions, calls)
    assert list(worker._kept) == [("lewis-clark", spec, 2.0)]
    worker.think("greedy", state, 0, 2.0)
    assert len(worker._kept) == 1  # only bots that keep a plan are kept
    for n in range(worker.KEPT_BOTS + 3):
        worker.think(f"planner:candidates=2,worlds=1,explore={50 + n}", state, 0, 2.0)
    assert len(worker._kept) == worker.KEPT_BOTS
