"""The server's reads and writes: SQLAlchemy Core, on one connection per thread.

Every change of a table is one transaction: the event row, keyed by (table, version),
the projections it changes (the table's status and result, its seats), and on
PostgreSQL a ``pg_notify`` that other server processes hear at commit. Either all of it
is stored or none; a second writer that saw the same version finds the key taken and
fails with ``Stale``. A plain move is one statement: the event (and on PostgreSQL, where
it runs in autocommit, its notification, through a data-modifying CTE: atomic by itself,
one round trip). Reads are single statements too (each one snapshot).

Where it runs: the hall calls ``append`` and ``create`` on the event loop for SQLite
(one writer in one process; a WAL commit without fsync costs tens of microseconds, less
than a hop to a thread) and the reads in its database thread. On PostgreSQL (a network
round trip) the hot statements, a move's change and the log read, run on the event loop
through ``append_async`` and ``events_after_async`` (a few async connections of their
own: a hop to a thread and back cost more CPU than the statement); everything else runs
in the hall's pool of database threads. Each thread keeps its own connection (in
autocommit on PostgreSQL), so a hot path pays no pool checkout; the rare changes of
several statements take a pooled connection. The hot statements skip SQLAlchemy's
per-execution bookkeeping (``Compiled``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

from meeple.store.tables import ServerEvent, ServerSeat, ServerTable

TABLES = ServerTable.__table__
SEATS = ServerSeat.__table__
EVENTS = ServerEvent.__table__

#: the table columns a change may set (projections), and the seat columns
WRITABLE = frozenset({"status", "result"})
SEAT_WRITABLE = frozenset({"kind", "bot", "name", "token_hash"})
#: what a table's immutable setup is (read once per process; never changes after creation)
SETUP = ("id", "game", "players", "options", "seed", "salt", "commitment", "rules_version", "clock",
         "runner", "created_at")

#: one event, as the bind parameters of every statement that stores one
EVENT_PARAMS = {
    "table_id": EVENTS.c.table_id.type, "version": EVENTS.c.version.type, "kind": EVENTS.c.kind.type,
    "seat": EVENTS.c.seat.type, "action": EVENTS.c.action.type, "data": EVENTS.c.data.type, "at": EVENTS.c.at.type,
}
INSERT_EVENT = EVENTS.insert()
EVENTS_AFTER = (
    sa.select(EVENTS.c.version, EVENTS.c.kind, EVENTS.c.seat, EVENTS.c.action, EVENTS.c.data, EVENTS.c.at)
    .where(EVENTS.c.table_id == sa.bindparam("p_id"), EVENTS.c.version > sa.bindparam("p_after"))
    .order_by(EVENTS.c.version)
)
NOTIFY = sa.select(sa.func.pg_notify(sa.bindparam("p_channel", type_=sa.String),
                                     sa.bindparam("p_payload", type_=sa.String)))


@functools.cache
def _project(columns: frozenset[str]) -> sa.Update:
    """The table row's projections a change sets (built once each: a statement built per
    call costs SQLAlchemy more than the database's own work)."""
    return (
        TABLES.update()
        .where(TABLES.c.id == sa.bindparam("p_id"))
        .values(**{c: sa.bindparam(f"p_{c}", type_=TABLES.c[c].type) for c in sorted(columns)})
    )


@functools.cache
def _seat_update(columns: frozenset[str]) -> sa.Update:
    return (
        SEATS.update()
        .where(SEATS.c.table_id == sa.bindparam("p_table"), SEATS.c.seat == sa.bindparam("p_seat"))
        .values(**{c: sa.bindparam(f"p_{c}", type_=SEATS.c[c].type) for c in sorted(columns)})
    )


@functools.cache
def _append_in_one(columns: frozenset[str]) -> sa.Select:
    """PostgreSQL: the event, the row's projections and the notification as one statement
    (data-modifying CTEs), so a change costs one round trip and is atomic by itself."""
    added = (
        EVENTS.insert()
        .from_select(list(EVENT_PARAMS), sa.select(*(sa.bindparam(k, type_=t) for k, t in EVENT_PARAMS.items())))
        .returning(EVENTS.c.table_id)
        .cte("added")
    )
    last = added
    if columns:
        last = (
            TABLES.update()
            .where(TABLES.c.id == added.c.table_id)
            .values(**{c: sa.bindparam(f"p_{c}", type_=TABLES.c[c].type) for c in sorted(columns)})
            .returning(TABLES.c.id)
            .cte("projected")
        )
    return sa.select(sa.func.pg_notify(sa.bindparam("p_channel", type_=sa.String),
                                       sa.bindparam("p_payload", type_=sa.String))).select_from(last)


@dataclass(frozen=True)
class Compiled:
    """A hot statement compiled once for the engine's dialect and run on the driver's own
    cursor. The SQL, the order of its parameters and every value's conversion (JSON,
    datetimes) are SQLAlchemy's, taken from the compilation and the column types; what is
    skipped is SQLAlchemy's per-execution bookkeeping, which cost more CPU than the
    database's own work (0.14 ms a statement on PostgreSQL, 0.03 ms on SQLite)."""

    sql: str
    #: the parameters' order for a positional style (SQLite's ``?``); None: by name (psycopg)
    order: tuple[str, ...] | None
    #: bind name -> its type's conversion for this dialect
    convert: tuple[tuple[str, Callable[[Any], Any]], ...]
    #: result columns: name and its type's conversion (None: as the driver gives it)
    columns: tuple[tuple[str, Callable[[Any], Any] | None], ...]

    @classmethod
    def of(cls, statement: sa.Executable, dialect: sa.Dialect) -> Compiled:
        compiled = statement.compile(dialect=dialect)
        convert = []
        for name, bind in compiled.binds.items():
            fn = dialect.type_descriptor(bind.type).bind_processor(dialect)
            if fn is not None:
                convert.append((name, fn))
        columns = ()
        if isinstance(statement, sa.Select):
            columns = tuple((c.key, dialect.type_descriptor(c.type).result_processor(dialect, None))
                            for c in statement.selected_columns)
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        return cls(compiled.string, order, tuple(convert), columns)

    def params(self, values: dict[str, Any]) -> Any:
        if self.convert:
            values = dict(values)
            for name, fn in self.convert:
                values[name] = fn(values[name])
        return values if self.order is None else [values[name] for name in self.order]

    def rows(self, fetched: list[Any]) -> list[dict[str, Any]]:
        out = []
        for row in fetched:
            out.append({name: value if fn is None else fn(value)
                        for (name, fn), value in zip(self.columns, row, strict=True)})
        return out


class AsyncDriver:
    """PostgreSQL's hot statements (a move's change, the log read) on the event loop, on
    a few connections of their own in autocommit: no hop to a database thread and back
    (the threads spent 0.57 ms of CPU a move switching for statements of about 35 us). A
    connection that fails, or whose statement was abandoned (its caller cancelled), is
    closed; the next statement opens another."""

    def __init__(self, engine: Engine, size: int) -> None:
        # the engine's own connection arguments (a URL rendered back to text would turn
        # the spaces of ``options`` into "+", which libpq does not read as spaces)
        _args, self.connect_args = engine.dialect.create_connect_args(engine.url)
        self.dialect = engine.dialect
        self.idle: list[Any] = []
        self.slots = asyncio.Semaphore(size)
        self.closed = False

    async def run(self, compiled: Compiled, values: dict[str, Any]) -> list[dict[str, Any]]:
        import psycopg

        params = compiled.params(values)
        async with self.slots:
            conn, cursor = self.idle.pop() if self.idle else (None, None)
            try:
                if conn is None or cursor is None:
                    conn = await psycopg.AsyncConnection.connect(**{**self.connect_args, "autocommit": True})
                    cursor = conn.cursor()  # kept with its connection: a cursor is built once
                await cursor.execute(compiled.sql, params)
                rows = compiled.rows(await cursor.fetchall()) if compiled.columns else []
            except psycopg.Error as err:
                broken = conn is None or conn.broken or conn.closed
                if conn is not None and broken:
                    with contextlib.suppress(Exception):  # already broken
                        await conn.close()
                    conn = None
                raise DBAPIError.instance(compiled.sql, params, err, psycopg.Error,
                                          connection_invalidated=broken, dialect=self.dialect) from err
            finally:
                if conn is not None:
                    if self.closed or conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                        with contextlib.suppress(Exception):  # shutting down, or a statement left running
                            await conn.close()
                    else:
                        self.idle.append((conn, cursor))
        return rows

    async def close(self) -> None:
        self.closed = True
        idle, self.idle = self.idle, []
        for conn, _cursor in idle:
            with contextlib.suppress(Exception):  # at shutdown: a broken one is already gone
                await conn.close()


class Stale(Exception):
    """Another change was stored first: the version the writer saw is no longer current."""


def utc(stamp: datetime) -> datetime:
    """A stored time as an aware UTC datetime (SQLite hands back naive ones, stored as UTC)."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Event:
    """One accepted change of a table, as stored: the next version and what it did."""

    version: int
    kind: str  # create, join, move, undo, timeout, forfeit, resume
    seat: int | None = None
    action: str | None = None
    data: dict[str, Any] | None = None
    at: datetime | None = None


#: the longest notification that carries its event (PostgreSQL refuses payloads of 8000 bytes)
NOTICE_MAX = 7000


def notice(table_id: int, event: Event) -> str:
    """The notification of a stored event: ``TABLE:VERSION``, and the event itself after
    another colon when it is small, so a process that watches the table applies it
    without reading the log back (it is sent with the event's own commit, in order)."""
    head = f"{table_id}:{event.version}"
    at = event.at.isoformat() if event.at is not None else None
    body = json.dumps([event.kind, event.seat, event.action, event.data, at], separators=(",", ":"))
    return head if len(head) + 1 + len(body) > NOTICE_MAX else f"{head}:{body}"


def from_notice(version: int, body: str) -> Event:
    """The event a notification carried (``notice``), as ``events_after`` reads it."""
    kind, seat, action, data, at = json.loads(body)
    return Event(version, kind, seat, action, data, None if at is None else utc(datetime.fromisoformat(at)))


def _events(rows: list[dict[str, Any]]) -> list[Event]:
    return [Event(r["version"], r["kind"], r["seat"], r["action"], r["data"], utc(r["at"])) for r in rows]


def _event_params(table_id: int, event: Event) -> dict[str, Any]:
    return {"table_id": table_id, "version": event.version, "kind": event.kind, "seat": event.seat,
            "action": event.action, "data": event.data, "at": event.at}


class Store:
    """The server's tables in one database (SQLite or PostgreSQL), through SQLAlchemy Core."""

    def __init__(self, engine: Engine, channel: str | None = None) -> None:
        self.engine = engine
        #: the LISTEN/NOTIFY channel commits are announced on (None: no other process listens)
        self.channel = channel
        self.postgres = engine.dialect.name == "postgresql"
        self._local = threading.local()
        self._all: list[sa.Connection] = []
        self._guard = threading.Lock()
        self._compiled: dict[Any, Compiled] = {}
        self._async: AsyncDriver | None = None

    # ---- connections ---------------------------------------------------------------
    def _connection(self) -> sa.Connection:
        """This thread's kept connection (SQLite: every statement; PostgreSQL: the
        autocommit one for single statements)."""
        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            conn = self.engine.connect()
            if self.postgres:
                conn = conn.execution_options(isolation_level="AUTOCOMMIT")
            self._local.conn = conn
            with self._guard:
                self._all.append(conn)
        return conn

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sa.Connection]:
        """Several statements in one transaction: on this thread's connection for SQLite, on
        a connection of the pool for PostgreSQL (rare: creating, joining, handing a seat over)."""
        try:
            if self.postgres:
                with self.engine.begin() as conn:
                    yield conn
            else:
                conn = self._connection()
                with conn.begin():
                    yield conn
        except (Stale, IntegrityError):
            raise
        except DBAPIError:
            self._drop()
            raise

    def _drop(self) -> None:
        """Forget this thread's connections after an error (the next call opens new ones)."""
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            with contextlib.suppress(Exception):  # already broken: nothing more to release
                conn.invalidate()
                conn.close()

    def _statement(self, statement: sa.Executable) -> Compiled:
        compiled = self._compiled.get(statement)
        if compiled is None:
            compiled = self._compiled[statement] = Compiled.of(statement, self.engine.dialect)
        return compiled

    def _driver(self, statement: sa.Executable, values: dict[str, Any], commit: bool = False
                ) -> list[dict[str, Any]]:
        """One hot statement on this thread's connection, through the driver (``Compiled``);
        ``commit``: SQLite's implicit transaction is committed (PostgreSQL's connection is in
        autocommit). A driver error is raised as SQLAlchemy's (``IntegrityError``, ...), the
        connection dropped when it is broken."""
        compiled = self._statement(statement)
        conn = self._connection()
        raw = conn.connection.dbapi_connection
        assert raw is not None
        params = compiled.params(values)
        cursor = raw.cursor()
        try:
            cursor.execute(compiled.sql, params)
            rows = compiled.rows(cursor.fetchall()) if compiled.columns else []
            if commit:
                raw.commit()
            return rows
        except self.engine.dialect.loaded_dbapi.Error as err:
            lost = self.engine.dialect.is_disconnect(err, raw, cursor)
            with contextlib.suppress(Exception):  # a broken connection cannot roll back
                raw.rollback()
            wrapped = DBAPIError.instance(compiled.sql, params, err, self.engine.dialect.loaded_dbapi.Error,
                                          connection_invalidated=lost, dialect=self.engine.dialect)
            if not isinstance(wrapped, IntegrityError):
                self._drop()
            raise wrapped from err
        finally:
            cursor.close()

    def _read(self, query: sa.Executable, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """One statement: one snapshot."""
        conn = self._connection()
        try:
            if self.postgres:
                return [dict(r) for r in conn.execute(query, params).mappings()]
            with conn.begin():
                return [dict(r) for r in conn.execute(query, params).mappings()]
        except DBAPIError:
            self._drop()
            raise

    def close(self) -> None:
        with self._guard:
            for conn in self._all:
                with contextlib.suppress(Exception):  # at shutdown: a broken one is already gone
                    conn.close()
            self._all.clear()

    # ---- writes ----------------------------------------------------------------------
    def create(self, row: dict[str, Any], seats: list[dict[str, Any]], event: Event) -> int:
        """Insert a table, its seats and its event 0 in one transaction; its id."""
        with self._transaction() as conn:
            table_id = conn.execute(
                TABLES.insert().values(**row, created_at=event.at).returning(TABLES.c.id)
            ).scalar_one()
            conn.execute(SEATS.insert(), [{"table_id": table_id, "seat": i, **s} for i, s in enumerate(seats)])
            conn.execute(INSERT_EVENT, _event_params(table_id, event))
        return table_id

    def append(self, table_id: int, event: Event, changes: dict[str, Any] | None = None,
               seat_changes: dict[int, dict[str, Any]] | None = None) -> None:
        """Store ``event`` as version ``event.version`` with the projections it changes;
        ``Stale`` if that version exists (the key of the event is the lock)."""
        changes = changes or {}
        if not changes.keys() <= WRITABLE or any(not v.keys() <= SEAT_WRITABLE for v in (seat_changes or {}).values()):
            raise ValueError(f"a change sets only {sorted(WRITABLE)} of a table and {sorted(SEAT_WRITABLE)} of a seat")
        try:
            if self.postgres and self.channel is not None and not seat_changes:
                self._append_in_one(table_id, event, changes)
                return
            if not self.postgres and not changes and not seat_changes:  # a move: one insert
                self._driver(INSERT_EVENT, _event_params(table_id, event), commit=True)
                return
            with self._transaction() as conn:
                conn.execute(INSERT_EVENT, _event_params(table_id, event))
                if changes:
                    conn.execute(_project(frozenset(changes)),
                                 {"p_id": table_id, **{f"p_{c}": v for c, v in changes.items()}})
                for seat, values in (seat_changes or {}).items():
                    conn.execute(_seat_update(frozenset(values)),
                                 {"p_table": table_id, "p_seat": seat, **{f"p_{c}": v for c, v in values.items()}})
                if self.channel is not None:  # heard by the other processes when this commits
                    conn.execute(NOTIFY, {"p_channel": self.channel, "p_payload": f"{table_id}:{event.version}"})
        except IntegrityError as err:
            raise Stale(f"table {table_id} already has a version {event.version}") from err

    def _append_in_one(self, table_id: int, event: Event, changes: dict[str, Any]) -> None:
        self._driver(_append_in_one(frozenset(changes)), {
            **_event_params(table_id, event), **{f"p_{c}": v for c, v in changes.items()},
            "p_channel": self.channel, "p_payload": notice(table_id, event),
        })

    # ---- the hot statements on the event loop (PostgreSQL) ------------------------------------
    def start_async(self, size: int) -> None:
        """Run ``append_async`` and ``events_after_async`` on the event loop from now on."""
        self._async = AsyncDriver(self.engine, size)

    async def append_async(self, table_id: int, event: Event, changes: dict[str, Any] | None = None) -> None:
        """``append`` of a change with no seat changes, on the event loop (PostgreSQL)."""
        changes = changes or {}
        if not changes.keys() <= WRITABLE:
            raise ValueError(f"a change sets only {sorted(WRITABLE)} of a table")
        try:
            await self._async.run(self._statement(_append_in_one(frozenset(changes))), {
                **_event_params(table_id, event), **{f"p_{c}": v for c, v in changes.items()},
                "p_channel": self.channel, "p_payload": notice(table_id, event),
            })
        except IntegrityError as err:
            raise Stale(f"table {table_id} already has a version {event.version}") from err

    async def events_after_async(self, table_id: int, version: int) -> list[Event]:
        """``events_after`` on the event loop (PostgreSQL)."""
        rows = await self._async.run(self._statement(EVENTS_AFTER), {"p_id": table_id, "p_after": version})
        return _events(rows)

    async def close_async(self) -> None:
        if self._async is not None:
            await self._async.close()

    def notify(self, payload: str) -> None:
        """Tell the other processes something that is no change of a table (presence)."""
        if self.channel is None:
            return
        conn = self._connection()
        try:
            conn.execute(NOTIFY, {"p_channel": self.channel, "p_payload": payload})
        except DBAPIError:
            self._drop()
            raise

    # ---- reads -----------------------------------------------------------------------
    def setup(self, table_id: int) -> dict[str, Any] | None:
        """The immutable part of a table's row (None: no such table)."""
        rows = self._read(sa.select(*(TABLES.c[k] for k in SETUP)).where(TABLES.c.id == table_id))
        if not rows:
            return None
        row = rows[0]
        row["created_at"] = utc(row["created_at"])
        return row

    def events_after(self, table_id: int, version: int) -> list[Event]:
        """The table's events after ``version``, in order: one statement, so one snapshot.

        Events are never changed once stored, and version N + 1 commits only after N (its
        row update waits for N's), so what one statement sees is a gap-free run.
        """
        return _events(self._driver(EVENTS_AFTER, {"p_id": table_id, "p_after": version}))

    def list_tables(self, status: str | None, game: str | None, limit: int, before: int | None
                    ) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """The newest tables first, each with its seats, version and last change (no secrets:
        no seed, salt or hashes). One statement (the page of tables, their last events and
        their seats), so rows and seats agree."""
        cols = [TABLES.c[k] for k in ("id", "game", "players", "options", "status", "result",
                                      "commitment", "clock", "created_at")]
        last = (sa.select(EVENTS.c.table_id, sa.func.max(EVENTS.c.version).label("version"),
                          sa.func.max(EVENTS.c.at).label("updated_at"))
                .group_by(EVENTS.c.table_id).subquery("last"))
        page = sa.select(*cols).order_by(TABLES.c.id.desc()).limit(limit)
        if status:
            page = page.where(TABLES.c.status == status)
        if game:
            page = page.where(TABLES.c.game == game)
        if before is not None:
            page = page.where(TABLES.c.id < before)
        page = page.subquery("page")
        query = (
            sa.select(page, last.c.version, last.c.updated_at, SEATS.c.seat, SEATS.c.kind, SEATS.c.bot,
                      SEATS.c.name)
            .join(last, last.c.table_id == page.c.id)
            .join(SEATS, SEATS.c.table_id == page.c.id)
            .order_by(page.c.id.desc(), SEATS.c.seat)
        )
        out: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        for r in self._read(query):
            if not out or out[-1][0]["id"] != r["id"]:
                row = {k: r[k] for k in (*(c.name for c in cols), "version", "updated_at")}
                row["created_at"], row["updated_at"] = utc(row["created_at"]), utc(row["updated_at"])
                out.append((row, []))
            out[-1][1].append({k: r[k] for k in ("seat", "kind", "bot", "name")})
        return out

    def open_tables(self) -> int:
        """Tables waiting for players or playing."""
        rows = self._read(sa.select(sa.func.count().label("n")).select_from(TABLES)
                          .where(TABLES.c.status.in_(("waiting", "playing"))))
        return int(rows[0]["n"])

    def created_since(self, creator: str, since: datetime) -> int:
        """Tables the client ``creator`` (a hash) created at or after ``since``."""
        rows = self._read(sa.select(sa.func.count().label("n")).select_from(TABLES)
                          .where(TABLES.c.creator == creator, TABLES.c.created_at >= since))
        return int(rows[0]["n"])

    def live_processes(self) -> set[str]:
        """The server processes connected to this PostgreSQL server (their listeners' names)."""
        activity = sa.table("pg_stat_activity", sa.column("application_name"))
        rows = self._read(sa.select(activity.c.application_name)
                          .where(activity.c.application_name.like("meeple-%")))
        return {r["application_name"][len("meeple-"):] for r in rows}

    def runner_tables(self) -> list[int]:
        """Playing tables with bots or a clock: someone must run them."""
        rows = self._read(sa.select(TABLES.c.id).where(TABLES.c.status == "playing", TABLES.c.runner.is_(True)))
        return [r["id"] for r in rows]
