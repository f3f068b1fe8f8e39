"""PostgreSQL connections dropped under a running server (issue 23, defect 4): the bots of a
bot-only table and a running clock carry on once the database answers again; nothing
stops silently."""

from __future__ import annotations

import secrets

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.config import ServerConfig
from meeple.store import open_engine
from tests.server.databases import database
from tests.server.play import create, get, states, watch


@pytest.fixture
def server(tmp_path):
    """A server on its own schema whose connections all carry one application name."""
    with database("postgresql", tmp_path) as url:
        name = f"meeple-drop-{secrets.token_hex(4)}"
        engine = open_engine(f"{url}&application_name={name}")
        app = create_app(engine, ServerConfig(bot_seconds=0.1, lease_seconds=0.2))
        with TestClient(app) as client:
            yield client, name, url
        engine.dispose()


def drop_connections(url: str, *names: str) -> int:
    """Terminate every connection of the server under test (as a database restart would)."""
    admin = sa.create_engine(url)
    try:
        with admin.begin() as c:
            return len(c.execute(sa.text(
                "select pg_terminate_backend(pid) from pg_stat_activity where application_name = any(:n)"),
                {"n": list(names)}).fetchall())
    finally:
        admin.dispose()


def test_bots_and_clocks_survive_dropped_connections(server):
    client, name, url = server
    hall = client.app.state.hall
    bots_id, _ = create(client, "lost-cities", ["bot:greedy", "bot:random"], options={"rounds": 1})
    bots_ws = watch(client, bots_id)
    assert not states(bots_ws, lambda s: s["version"] >= 3)[-1]["over"]
    clocked_id, _ = create(client, "lost-cities", ["human", "human"], options={"rounds": 1},
                           clock={"initial": 1, "on_timeout": "forfeit"})
    clock_ws = watch(client, clocked_id)
    try:
        assert not states(clock_ws, lambda s: True)[-1]["over"]
        dropped = drop_connections(url, name, f"meeple-{hall.process}")
        assert dropped >= 2, "the server under test had no connection to drop"
        # nobody sends anything: the bots and the clock must find the database again
        final = states(bots_ws, lambda s: s["over"])[-1]
        assert final["winners"] and final["log"] == get(client, bots_id)["log"]
        flagged = states(clock_ws, lambda s: s["over"])[-1]
        assert flagged["forfeit"] in (0, 1)
    finally:
        bots_ws.__exit__(None, None, None)
        clock_ws.__exit__(None, None, None)
