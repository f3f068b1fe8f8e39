"""The hot statements run through the driver (``storage.Compiled``) store and read
exactly what SQLAlchemy's own execution of the same statements does, on both databases."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from meeple.server import notify, storage

ROW = {"game": "lost-cities", "players": 2, "options": {"rounds": 3}, "seed": 7, "salt": "s", "commitment": "c",
       "rules_version": "2", "status": "playing", "clock": None, "result": None, "creator": None, "runner": False}
SEATS = [{"kind": "human", "bot": None, "name": "Ann", "token_hash": "a"},
         {"kind": "human", "bot": None, "name": None, "token_hash": "b"}]
AT = datetime(2026, 12, 3, 12, 30, 15, 123456, tzinfo=UTC)


@pytest.fixture
def store(engine):
    store = storage.Store(engine, notify.channel_name("test") if engine.dialect.name == "postgresql" else None)
    yield store
    store.close()


def through_sqlalchemy(engine, table_id: int, after: int) -> list[storage.Event]:
    with engine.connect() as conn:
        rows = conn.execute(storage.EVENTS_AFTER, {"p_id": table_id, "p_after": after}).mappings().all()
    return [storage.Event(r["version"], r["kind"], r["seat"], r["action"], r["data"], storage.utc(r["at"]))
            for r in rows]


def test_events_stored_and_read_through_the_driver_are_sqlalchemys(engine, store):
    first = storage.Event(0, "create", None, None, {"seats": SEATS, "clocks": None}, AT)
    table_id = store.create(ROW, SEATS, first)
    moves = [
        storage.Event(1, "move", 0, "play R7", None, AT),
        storage.Event(2, "move", 0, "draw deck", {"clocks": [12.5, None]}, AT.replace(microsecond=0)),
        storage.Event(3, "move", 1, "discard Y3", {"nested": {"é": [1, 2.5, None, True]}}, AT),
    ]
    for event in moves:
        store.append(table_id, event, {})
    store.append(table_id, storage.Event(4, "move", 0, "play B2", {"result": {"scores": [1, 2], "winners": [1]}}, AT),
                 {"status": "over", "result": {"scores": [1, 2], "winners": [1]}})
    expected = through_sqlalchemy(engine, table_id, -1)
    assert [e.version for e in expected] == [0, 1, 2, 3, 4]
    assert expected[1:4] == moves
    assert store.events_after(table_id, -1) == expected
    assert store.events_after(table_id, 2) == expected[3:]
    assert store.events_after(table_id, 4) == []
    with engine.connect() as conn:
        status, result = conn.execute(sa.select(storage.TABLES.c.status, storage.TABLES.c.result)
                                      .where(storage.TABLES.c.id == table_id)).one()
    assert (status, result) == ("over", {"scores": [1, 2], "winners": [1]})


def test_a_taken_version_is_stale_and_the_connection_stays_usable(store):
    table_id = store.create(ROW, SEATS, storage.Event(0, "create", None, None, {"seats": SEATS}, AT))
    store.append(table_id, storage.Event(1, "move", 0, "play R7", None, AT), {})
    with pytest.raises(storage.Stale):
        store.append(table_id, storage.Event(1, "move", 0, "play R8", None, AT), {})
    store.append(table_id, storage.Event(2, "move", 0, "draw deck", None, AT), {})
    assert [(e.version, e.action) for e in store.events_after(table_id, 0)] == [(1, "play R7"), (2, "draw deck")]


def test_the_event_loops_statements_on_postgresql_are_the_threads(engine, store):
    import asyncio

    if engine.dialect.name != "postgresql":
        pytest.skip("the event loop's statements are PostgreSQL's")
    table_id = store.create(ROW, SEATS, storage.Event(0, "create", None, None, {"seats": SEATS}, AT))

    async def play() -> list[storage.Event]:
        store.start_async(2)
        try:
            await store.append_async(table_id, storage.Event(1, "move", 0, "play R7", {"clocks": [1.5, None]}, AT))
            with pytest.raises(storage.Stale):
                await store.append_async(table_id, storage.Event(1, "move", 0, "play R8", None, AT))
            await store.append_async(table_id, storage.Event(2, "move", 1, "play B2", {"result": {"winners": [1]}}, AT),
                                     {"status": "over", "result": {"winners": [1]}})
            return await store.events_after_async(table_id, 0)
        finally:
            await store.close_async()

    got = asyncio.run(play())
    assert got == store.events_after(table_id, 0) == through_sqlalchemy(engine, table_id, 0)
    assert [(e.version, e.action, e.data) for e in got] == [
        (1, "play R7", {"clocks": [1.5, None]}), (2, "play B2", {"result": {"winners": [1]}})]


def test_the_event_loops_connections_keep_every_option_of_the_url(db_url):
    """``options`` with two settings (a space between them) reach the event loop's
    connections whole: its statements find the schema of the search path."""
    import asyncio

    from meeple.store import open_engine

    if not db_url.startswith("postgresql"):
        pytest.skip("the event loop's statements are PostgreSQL's")
    engine = open_engine(db_url + "%20-cwork_mem%3D8MB")
    store = storage.Store(engine, notify.channel_name("test"))
    try:
        table_id = store.create(ROW, SEATS, storage.Event(0, "create", None, None, {"seats": SEATS}, AT))

        async def read() -> tuple[list[storage.Event], str]:
            store.start_async(1)
            try:
                await store.append_async(table_id, storage.Event(1, "move", 0, "play R7", None, AT))
                events = await store.events_after_async(table_id, 0)
                conn, cursor = store._async.idle[0]
                await cursor.execute("show work_mem")
                return events, (await cursor.fetchone())[0]
            finally:
                await store.close_async()

        events, work_mem = asyncio.run(read())
        assert [e.action for e in events] == ["play R7"] and work_mem == "8MB"
    finally:
        store.close()
        engine.dispose()


def test_a_notification_carries_the_event_as_the_log_holds_it(engine, store):
    """What another process applies from a notification is what it would read back."""
    table_id = store.create(ROW, SEATS, storage.Event(0, "create", None, None, {"seats": SEATS}, AT))
    moves = [storage.Event(1, "move", 0, "play R7", None, AT),
             storage.Event(2, "move", 1, "draw: deck", {"clocks": [0.1, 12.25], "é": ["a:b", None, True]}, AT),
             storage.Event(3, "move", 0, "play B2", {"big": "x" * 8000}, AT)]
    for event in moves:
        store.append(table_id, event, {})
    stored = store.events_after(table_id, 0)
    notices = [storage.notice(table_id, e) for e in moves]
    assert notices[2] == f"{table_id}:3"  # too long to carry: the log is read instead
    for event, text in zip(stored[:2], notices[:2], strict=True):
        table, version, body = text.split(":", 2)
        assert (int(table), int(version)) == (table_id, event.version)
        assert storage.from_notice(event.version, body) == event


def test_a_statement_abandoned_by_its_caller_does_not_poison_the_next(engine, store):
    import asyncio

    if engine.dialect.name != "postgresql":
        pytest.skip("the event loop's statements are PostgreSQL's")
    table_id = store.create(ROW, SEATS, storage.Event(0, "create", None, None, {"seats": SEATS}, AT))
    slow = storage.Compiled.of(sa.select(sa.func.pg_sleep(sa.bindparam("s", type_=sa.Float))), engine.dialect)

    async def cancel_then_read() -> list[storage.Event]:
        store.start_async(1)
        try:
            task = asyncio.ensure_future(store._async.run(slow, {"s": 5.0}))
            await asyncio.sleep(0.3)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await store.append_async(table_id, storage.Event(1, "move", 0, "play R7", None, AT))
            return await store.events_after_async(table_id, 0)
        finally:
            await store.close_async()

    assert [e.action for e in asyncio.run(asyncio.wait_for(cancel_then_read(), 20))] == ["play R7"]
