"""The server's tables: the migrations build exactly the models, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from tests.server.databases import BACKENDS, database

from meeple.store import Base, open_engine
from meeple.store.tables import ServerEvent, ServerSeat, ServerTable

MINE = {ServerTable.__tablename__, ServerSeat.__tablename__, ServerEvent.__tablename__}


@pytest.mark.parametrize("backend", BACKENDS)
def test_migrated_schema_matches_the_models(backend, tmp_path):
    with database(backend, tmp_path) as url:
        engine = open_engine(url)
        try:
            with engine.connect() as c:
                assert set(sa.inspect(c).get_table_names()) >= MINE
                heads = {r[0] for r in c.execute(sa.text("select version_num from alembic_version"))}
                assert "server_0001" in heads
                diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
            mine = [d for d in diff if any(name in repr(d) for name in MINE)]  # other features test theirs
            assert mine == [], mine
        finally:
            engine.dispose()
