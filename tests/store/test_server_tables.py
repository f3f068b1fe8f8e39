"""The server's tables: the migrations build exactly the models, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from tests.server.databases import BACKENDS, database

from meeple.store import Base, open_engine, upgrade
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
                assert "server_0002" in heads
                diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
            mine = [d for d in diff if any(name in repr(d) for name in MINE)]  # other features test theirs
            assert mine == [], mine
        finally:
            engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_event_log_migration_gives_old_tables_their_creation_event(backend, tmp_path):
    """A table stored before server_0002 (no event 0, seats only in server_seats) rebuilds
    from the log alone after the upgrade: its seats and clocks as they stood."""
    from alembic import command
    from alembic.config import Config

    from meeple import games
    from meeple.server.config import ServerConfig
    from meeple.server.hall import Hall
    from meeple.store.engine import MIGRATIONS

    dealt = games.get("lost-cities").new(2, 5, colors=5, rounds=1, stall_rules="on")
    first_move = dealt.legal_actions()[0].text
    with database(backend, tmp_path) as url:
        engine = open_engine(url, migrate=False)
        try:
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            with engine.begin() as c:
                config.attributes["connection"] = c
                command.upgrade(config, "server_0001")
            with engine.begin() as c:
                c.execute(sa.text(
                    "insert into server_tables (id, game, players, options, seed, salt, commitment, "
                    "rules_version, status, version, clock, clocks, result, created_at, updated_at) values "
                    "(7, 'lost-cities', 2, '{\"colors\": 5, \"rounds\": 1, \"stall_rules\": \"on\"}', 5, 's', 'c', "
                    "null, 'playing', 1, '{\"initial\": 60, \"increment\": 0, \"on_timeout\": \"forfeit\"}', "
                    "'[50.0, 60.0]', null, :t, :t)"), {"t": "2026-12-01 10:00:00"})
                for seat, hashed in ((0, "a" * 64), (1, "b" * 64)):
                    c.execute(sa.text("insert into server_seats (table_id, seat, kind, name, token_hash) "
                                      "values (7, :s, 'human', :n, :h)"), {"s": seat, "n": f"p{seat}", "h": hashed})
                c.execute(sa.text("insert into server_events (table_id, version, kind, seat, action, at) "
                                  "values (7, 1, 'move', :s, :a, :t)"),
                          {"s": dealt.to_move, "a": first_move, "t": "2026-12-01 10:00:01"})
            upgrade(engine)  # as a server starting on the old database does
            with engine.connect() as c:
                first = c.execute(sa.text("select kind, data from server_events where table_id = 7 and version = 0")
                                  ).one()
                runner = c.execute(sa.text("select runner from server_tables where id = 7")).scalar_one()
                seats = c.execute(sa.text("select count(*) from server_seats where table_id = 7")).scalar_one()
            assert seats == 2, "rebuilding server_tables cascaded into its seats"
            data = first[1] if isinstance(first[1], dict) else __import__("json").loads(first[1])
            assert first[0] == "create" and runner
            assert [s["name"] for s in data["seats"]] == ["p0", "p1"] and data["clocks"] == [50.0, 60.0]

            import asyncio

            async def load():
                hall = Hall(engine, ServerConfig(bot_workers=1))
                try:
                    return await hall._load(7)
                finally:
                    hall._db_pool.shutdown()
                    hall.store.close()

            live = asyncio.run(load())
            assert [s.token_hash for s in live.seats] == ["a" * 64, "b" * 64]
            assert live.version == 1 and live.actions() == [first_move], "the old moves did not survive"
            assert live.status == "playing" and live.clocks.remaining == [50.0, 60.0]
        finally:
            engine.dispose()
