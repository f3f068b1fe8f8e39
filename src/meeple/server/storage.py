"""The server's reads and writes, synchronous SQLAlchemy Core (run in worker threads).

Every accepted change is one transaction: the event row, keyed by (table, version), and
the table row's new version, guarded by ``version = previous``. Either both are stored
or neither; a second writer that saw the same version fails with ``Stale``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

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


def append_event(
    engine: Engine,
    table_id: int,
    event: Event,
    changes: dict[str, Any],
    seat_changes: dict[int, dict[str, Any]] | None = None,
) -> None:
    """Store ``event`` as version ``event.version`` and apply ``changes`` to the table row."""
    stamp = now_utc()
    try:
        with engine.begin() as c:
            done = c.execute(
                TABLES.update()
                .where(TABLES.c.id == table_id, TABLES.c.version == event.version - 1)
                .values(version=event.version, updated_at=stamp, **changes)
            )
            if done.rowcount != 1:
                raise Stale(f"table {table_id} is no longer at version {event.version - 1}")
            c.execute(EVENTS.insert().values(
                table_id=table_id, version=event.version, kind=event.kind, seat=event.seat,
                action=event.action, at=stamp,
            ))
            for seat, values in (seat_changes or {}).items():
                c.execute(SEATS.update().where(SEATS.c.table_id == table_id, SEATS.c.seat == seat).values(**values))
    except IntegrityError as err:
        raise Stale(f"table {table_id} already has a version {event.version}") from err


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
