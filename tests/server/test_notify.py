"""Two servers on one PostgreSQL database, in this process: a move made through A reaches
B's sockets from the event its notification carries, without B reading the log, and
what B pushes is what B's log read gives."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.config import ServerConfig
from meeple.store import open_engine
from tests.server.databases import database
from tests.server.play import auth, create, get, states, watch


@pytest.fixture
def two(tmp_path):
    with database("postgresql", tmp_path) as url:
        engine = open_engine(url)
        with TestClient(create_app(engine, ServerConfig())) as a, TestClient(create_app(engine, ServerConfig())) as b:
            yield a, b
        engine.dispose()


def test_b_applies_the_notified_moves_without_reading_the_log(two, monkeypatch):
    a, b = two
    hall = b.app.state.hall
    table, tokens = create(a, "lost-cities", ["human", "human"], options={"rounds": 1})
    ws = watch(b, table)
    try:
        assert states(ws, lambda s: True)[-1]["version"] == 0
        reads = []
        real = hall._catch_up

        async def counting(live):
            reads.append(live.version)
            return await real(live)

        monkeypatch.setattr(hall, "_catch_up", counting)
        rng = random.Random(5)
        for _ in range(12):
            seat = get(a, table)["to_move"]
            mine = get(a, table, tokens[seat])
            r = a.post(f"/api/tables/{table}/moves", headers=auth(tokens[seat]),
                       json={"action": rng.choice(mine["legal"]), "version": mine["version"]})
            assert r.status_code == 200, r.text
            version = r.json()["version"]
            pushed = states(ws, lambda s, v=version: s["version"] >= v)
            assert [s["version"] for s in pushed] == list(range(pushed[0]["version"], version + 1))
        assert reads == []  # every move came with its notification
        monkeypatch.undo()
        assert pushed[-1] == get(b, table)  # B's log read agrees with what it applied
    finally:
        ws.__exit__(None, None, None)
