"""Fixtures: a database per test (SQLite and PostgreSQL), the app on it, a test client."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.config import ServerConfig
from meeple.store import open_engine
from tests.server.databases import BACKENDS, database

#: bots think at most this long per move in tests
BOT_SECONDS = 0.1


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    with database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def engine(db_url):
    engine = open_engine(db_url)
    yield engine
    engine.dispose()


class FakeTime:
    """A wall clock the test moves by hand (clocks are read through the hall's ``now``)."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def fake_time():
    return FakeTime()


@pytest.fixture
def make_client(engine):
    """``make_client(now=None, **config)``: a started TestClient on the test's database."""
    clients = []

    def make(now=None, **config):
        app = create_app(engine, ServerConfig(**{"bot_seconds": BOT_SECONDS, **config}), now=now)
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client):
    return make_client()
