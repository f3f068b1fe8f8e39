"""The server's reads and writes, synchronous SQLAlchemy Core (run in worker threads).

Every accepted change is one transaction: the event row, keyed by (table, version), and
the table row's new version, guarded by ``version = previous``. Either both are stored
or neither; a second writer that saw the same version fails with ``Stale``.
"""

from __future__ import annotations

import contextlib
import json
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Engine

from meeple.store.tables import ServerEvent, ServerSeat, ServerTable

TABLES = ServerTable.__table__
SEATS = ServerSeat.__table__
EVENTS = ServerEvent.__table__


class Stale(Exception):
    """Another change was stored first: the version the writer saw is no longer current."""


def now_utc() -> datetime:
    return datetime.now(UTC)


@dataclass
class Event:
    version: int
    kind: str  # move, undo, timeout, forfeit
    seat: int | None = None
    action: str | None = None


@dataclass
class Stored:
    """A table as read back from the database."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    events: list[Event] = field(default_factory=list)


def insert_table(engine: Engine, row: dict[str, Any], seats: list[dict[str, Any]]) -> int:
    stamp = now_utc()
    with engine.begin() as c:
        table_id = c.execute(
            TABLES.insert().values(**row, created_at=stamp, updated_at=stamp).returning(TABLES.c.id)
        ).scalar_one()
        c.execute(SEATS.insert(), [{"table_id": table_id, "seat": i, **s} for i, s in enumerate(seats)])
    return table_id


def load_table(engine: Engine, table_id: int) -> Stored | None:
    with engine.connect() as c:
        row = c.execute(TABLES.select().where(TABLES.c.id == table_id)).mappings().first()
        if row is None:
            return None
        seats = c.execute(SEATS.select().where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat))
        events = c.execute(
            sa.select(EVENTS.c.version, EVENTS.c.kind, EVENTS.c.seat, EVENTS.c.action)
            .where(EVENTS.c.table_id == table_id)
            .order_by(EVENTS.c.version)
        )
        return Stored(
            dict(row),
            [dict(s) for s in seats.mappings()],
            [Event(*e) for e in events],
        )


class EventWriter:
    """The hot path: store one event and the table row's new version, in one transaction.

    A move must be cheap to store (hundreds per second on SQLite), so this speaks the
    driver's own SQL on a connection each thread keeps open: SQLAlchemy Core costs about
    ten times as much per transaction as the database itself here.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.integrity = engine.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        self._local = threading.local()
        self._all: list[Any] = []

    def _sql(self, text: str) -> str:
        return text if self.sqlite else text.replace("?", "%s")

    def _stamp(self) -> Any:
        stamp = now_utc()
        # SQLAlchemy keeps SQLite datetimes as naive UTC text; PostgreSQL takes the object
        return stamp.replace(tzinfo=None).isoformat(" ") if self.sqlite else stamp

    def _connection(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self.engine.raw_connection()
            self._all.append(conn)
        return conn

    def append(self, table_id: int, event: Event, changes: dict[str, Any],
               seat_changes: dict[int, dict[str, Any]] | None = None) -> None:
        """Store ``event`` as version ``event.version``; ``Stale`` if that version exists."""
        stamp = self._stamp()
        sets = ["version = ?", "updated_at = ?"]
        values: list[Any] = [event.version, stamp]
        for column, value in changes.items():
            if column not in WRITABLE:
                raise ValueError(f"{column} is not a column the server changes")
            sets.append(f"{column} = ?")
            values.append(json.dumps(value) if column in JSON_COLUMNS and value is not None else value)
        conn = self._connection()
        try:
            cur = conn.cursor()
            cur.execute(self._sql(f"UPDATE server_tables SET {', '.join(sets)} WHERE id = ? AND version = ?"),
                        (*values, table_id, event.version - 1))
            if cur.rowcount != 1:
                conn.rollback()
                raise Stale(f"table {table_id} is no longer at version {event.version - 1}")
            cur.execute(self._sql("INSERT INTO server_events (table_id, version, kind, seat, action, at) "
                                  "VALUES (?, ?, ?, ?, ?, ?)"),
                        (table_id, event.version, event.kind, event.seat, event.action, stamp))
            for seat, seat_values in (seat_changes or {}).items():
                cols = ", ".join(f"{k} = ?" for k in seat_values if k in SEAT_WRITABLE)
                cur.execute(self._sql(f"UPDATE server_seats SET {cols} WHERE table_id = ? AND seat = ?"),
                            (*seat_values.values(), table_id, seat))
            conn.commit()
        except self.integrity as err:
            conn.rollback()
            raise Stale(f"table {table_id} already has a version {event.version}") from err
        except Stale:
            raise
        except Exception:
            self._local.conn = None  # a broken connection: the next call opens a new one
            with contextlib.suppress(Exception):
                conn.close()
            raise

    def close(self) -> None:
        for conn in self._all:
            with contextlib.suppress(Exception):
                conn.close()
        self._all.clear()


#: the table columns a change may set, and which of them hold JSON
WRITABLE = {"status", "clocks", "result"}
JSON_COLUMNS = {"clocks", "result"}
SEAT_WRITABLE = {"kind", "bot"}


def append_event(
    engine: Engine,
    table_id: int,
    event: Event,
    changes: dict[str, Any],
    seat_changes: dict[int, dict[str, Any]] | None = None,
) -> None:
    """One-off ``EventWriter.append`` (tests, tools); the server keeps a writer."""
    writer = EventWriter(engine)
    try:
        writer.append(table_id, event, changes, seat_changes)
    finally:
        writer.close()


def update_table(engine: Engine, table_id: int, changes: dict[str, Any]) -> None:
    with engine.begin() as c:
        c.execute(TABLES.update().where(TABLES.c.id == table_id).values(updated_at=now_utc(), **changes))


def take_seat(
    engine: Engine, table_id: int, seat: int, token_hash: str, name: str | None, changes: dict[str, Any]
) -> bool:
    """Fill an open seat (False if it was taken meanwhile); ``changes`` go to the table row."""
    with engine.begin() as c:
        done = c.execute(
            SEATS.update()
            .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat, SEATS.c.kind == "open")
            .values(kind="human", token_hash=token_hash, name=name)
        )
        if done.rowcount != 1:
            return False
        if changes:
            c.execute(TABLES.update().where(TABLES.c.id == table_id).values(updated_at=now_utc(), **changes))
        return True


def list_tables(
    engine: Engine, status: str | None, game: str | None, limit: int, before: int | None
) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The newest tables first, each with its seats (no secrets: no seed, salt or hashes)."""
    cols = [TABLES.c[k] for k in ("id", "game", "players", "options", "status", "version", "result",
                                  "commitment", "clock", "created_at", "updated_at")]
    query = sa.select(*cols).order_by(TABLES.c.id.desc()).limit(limit)
    if status:
        query = query.where(TABLES.c.status == status)
    if game:
        query = query.where(TABLES.c.game == game)
    if before is not None:
        query = query.where(TABLES.c.id < before)
    with engine.connect() as c:
        rows = [dict(r) for r in c.execute(query).mappings()]
        by_table: dict[int, list[dict[str, Any]]] = {r["id"]: [] for r in rows}
        if rows:
            seats = c.execute(
                sa.select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.kind, SEATS.c.bot, SEATS.c.name)
                .where(SEATS.c.table_id.in_(list(by_table)))
                .order_by(SEATS.c.table_id, SEATS.c.seat)
            )
            for s in seats.mappings():
                by_table[s["table_id"]].append(dict(s))
    return [(r, by_table[r["id"]]) for r in rows]


def unfinished(engine: Engine) -> list[int]:
    """Tables a restarted server must resume (their bots and clocks run without a client)."""
    with engine.connect() as c:
        return list(c.execute(sa.select(TABLES.c.id).where(TABLES.c.status == "playing")).scalars())
