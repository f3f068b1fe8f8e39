"""The game server's tables: a table's setup, its seats, and every accepted change.

The event log is the only owner of a table: ``server_events`` holds every change from
version 0 (the table's creation: its seats and clocks) on, and a table is rebuilt by
replaying them onto the setup row's immutable part (game, players, options, seed). A
table's version is its last event's. ``status`` and ``result`` of ``server_tables`` and
the rows of ``server_seats`` are projections kept in the same transaction as the event
that changes them, for listing tables and finding the ones to run; nothing rebuilds a
table from them. The primary key ``(table_id, version)`` of ``server_events`` is the
optimistic lock: two writers that both saw version N cannot both store N + 1.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from meeple.store.base import Base


class ServerTable(Base):
    """One game table: what is played, the secret deal and its public commitment."""

    __tablename__ = "server_tables"
    __table_args__ = (Index("ix_server_tables_creator_created_at", "creator", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: the deal; never sent to a client before the game is over
    seed: Mapped[int] = mapped_column(BigInteger)
    salt: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    #: the rules version the game was started under (None: the game declares none)
    rules_version: Mapped[str | None] = mapped_column(String(40), nullable=True)
    #: waiting (open seats left), playing, over (a projection of the log)
    status: Mapped[str] = mapped_column(String(10), index=True)
    #: the time control ({"initial", "increment", "on_timeout"}) or None
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: when the game is over: {"scores", "winners", "forfeit"} (a projection of the log)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: SHA-256 of the creating client's address (the tables-per-minute limit); never the address
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: the table has bots or a clock: while it plays, one server process runs them (a lease)
    runner: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ServerSeat(Base):
    """Who sits in one seat: a human (by the hash of their token), a bot, or nobody yet."""

    __tablename__ = "server_seats"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("server_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: human, bot or open
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    name: Mapped[str | None] = mapped_column(String(60), nullable=True)
    #: SHA-256 of the seat's bearer token (hex); the token itself is never stored
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ServerEvent(Base):
    """One accepted change of a table, numbered by the version it created."""

    __tablename__ = "server_events"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("server_tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: create (version 0), join, move, undo, timeout (a bot took the seat), forfeit, resume
    kind: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: the move in notation (kind move), the bot that took over (kind timeout)
    action: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: what else the change carries: seats (create), name and token hash (join), the
    #: clocks after it, the result when it ended the game
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
