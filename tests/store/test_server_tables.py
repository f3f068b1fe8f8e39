"""The server's tables: the migrations build exactly the models, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from meeple.store import Base, open_engine
from meeple.store.tables import ServerEvent, ServerSeat, ServerTable
from tests.server.databases import BACKENDS, database

MINE = {ServerTable.__tablename__, ServerSeat.__tablename__, ServerEvent.__tablename__}


def _table_of(diff) -> str | None:
    for item in diff if isinstance(diff, list) else [diff]:
        for part in item[1:] if isinstance(item, tuple) else ():
            name = getattr(part, "name", None) if not isinstance(part, str) else part
            table = getattr(part, "table", None)
            if table is not None:
                return table.name
            if name in MINE:
                return name
    return None


@pytest.mark.parametrize("backend", BACKENDS)
def test_migrated_schema_matches_the_models(backend, tmp_path):
    with database(backend, tmp_path) as url:
        engine = open_engine(url)
        try:
            with engine.connect() as c:
                assert MINE <= set(sa.inspect(c).get_table_names())
                heads = {r[0] for r in c.execute(sa.text("select version_num from alembic_version"))}
                assert "server_0001" in heads
                diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
            mine = [d for d in diff if _table_of(d) in MINE]
            assert mine == [], mine
        finally:
            engine.dispose()
