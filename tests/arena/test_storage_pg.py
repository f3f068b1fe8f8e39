"""Tournament storage on PostgreSQL ($MEEPLE_TEST_PG), in a schema of its own that the test
creates and drops (other features' tests share the database)."""

import os
import uuid

import pytest
import sqlalchemy as sa

from meeple.arena.backends import SerialBackend
from meeple.arena.schedule import Plan
from meeple.arena.storage import Store
from meeple.arena.tournament import run_tournament
from meeple.store import normalize_url

from .conftest import tables

URL = os.environ.get("MEEPLE_TEST_PG")
pytestmark = pytest.mark.skipif(not URL, reason="set MEEPLE_TEST_PG to a PostgreSQL URL to run")


@pytest.fixture
def pg_store():
    schema = f"arena_test_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(normalize_url(URL))
    with admin.begin() as c:  # unreachable server: this fails, never skips
        c.execute(sa.text(f'create schema "{schema}"'))
    store = Store(f"{normalize_url(URL)}?options=-csearch_path%3D{schema}")
    try:
        yield store, admin, schema
    finally:
        store.close()
        with admin.begin() as c:
            c.execute(sa.text(f'drop schema "{schema}" cascade'))
        admin.dispose()


def test_a_tournament_is_stored_and_resumed_on_postgresql(pg_store, tmp_path):
    store, admin, schema = pg_store
    assert store.engine.dialect.name == "postgresql"
    plan = Plan("lost-cities", ("random", "greedy"), 2, 4, seed=4, options={"rounds": 1})
    report, games = run_tournament(plan, store, "pg", SerialBackend(), live=False)
    with admin.connect() as c:
        n = c.execute(sa.text(f'select count(*) from "{schema}".arena_games')).scalar()
        seeds = c.execute(sa.text(f'select seed from "{schema}".arena_games order by idx')).scalars().all()
    assert n == 4 and seeds == [o.seed for o in games] and max(seeds) > 2**31  # 48-bit seeds fit
    again, _ = run_tournament(plan, store, "pg", SerialBackend(), resume=True, live=False)
    assert again["run"]["played"] == 0 and tables(again) == tables(report)
    sqlite = Store(str(tmp_path / "same.sqlite3"))
    there, _ = run_tournament(plan, sqlite, "pg", SerialBackend(), live=False)
    sqlite.close()
    assert tables(there) == tables(report)
