"""How server processes hear each other: PostgreSQL LISTEN/NOTIFY, or nothing on SQLite.

On PostgreSQL every commit of a change notifies ``TABLE:VERSION`` on one channel (inside
the change's transaction, so it is heard exactly when the change is visible), followed
by the event itself when it is small (a move): a process that watches the table and is
at the version before applies it without reading the log. The
channel is named after the database and the schema, so servers (and test runs) in other
schemas never hear each other. Each process listens on a connection of its own and, on
a notification for a table it caches, watches or runs, reads the log from its version
on and pushes every new version to its sockets in order. A dropped listening
connection is reconnected with backoff; after a reconnect the process catches up with
every table it holds, since notifications sent meanwhile are lost.

Presence travels the same way (``p:TABLE:SEAT:COUNT:PROCESS``), and a process that
starts says hello (``h:PROCESS``) so the others tell it their sockets.

SQLite is one process: the writer pushes to its own sockets, and nothing is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Engine

log = logging.getLogger("meeple.server")
#: reconnect delays: first, and the most it grows to
BACKOFF = (0.2, 30.0)


def namespace(engine: Engine) -> str:
    """``database/schema`` of a PostgreSQL engine: what two processes must share to meet."""
    with engine.connect() as c:
        db, schema = c.execute(sa.select(sa.func.current_database(), sa.func.current_schema())).one()
    return f"{db}/{schema}"


def channel_name(space: str) -> str:
    """The LISTEN/NOTIFY channel of a namespace (an identifier under PostgreSQL's 63 bytes)."""
    return "meeple_" + hashlib.sha256(space.encode()).hexdigest()[:24]


def lock_space(space: str) -> int:
    """The first key of a namespace's advisory locks (a signed 32-bit integer)."""
    return int.from_bytes(hashlib.sha256(space.encode()).digest()[:4], "big", signed=True)


@dataclass
class Handlers:
    """What the hall does with what it hears."""

    #: a change: table, version, and the event as ``storage.notice`` wrote it (None: read the log)
    change: Callable[[int, int, str | None], None]
    presence: Callable[[int, int, str, int], None]
    hello: Callable[[str], None]
    connected: Callable[[], Awaitable[None]]


class Listener:
    """LISTEN on the namespace's channel for the process's life, reconnecting with backoff."""

    def __init__(self, engine: Engine, channel: str, process: str) -> None:
        # the engine's own connection arguments (a URL rendered back to text would turn the
        # spaces of ``options`` into "+", which libpq does not read as spaces)
        _args, self.connect_args = engine.dialect.create_connect_args(engine.url)
        self.channel = channel
        self.process = process
        self.task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    def start(self, handlers: Handlers) -> None:
        self.task = asyncio.get_running_loop().create_task(self._listen(handlers))

    async def _listen(self, handlers: Handlers) -> None:
        import psycopg
        from psycopg import sql

        delay = BACKOFF[0]
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    **{**self.connect_args, "autocommit": True, "application_name": f"meeple-{self.process}"}
                ) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    delay = BACKOFF[0]
                    await handlers.connected()
                    self.ready.set()
                    await self._hear(conn, handlers)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # a dropped connection: never a silent stop
                self.ready.clear()
                log.warning("listening for other server processes failed (%s); reconnecting in %.1f s",
                            err, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF[1])

    async def _hear(self, conn: Any, handlers: Handlers) -> None:
        """Dispatch notifications until the connection fails (raises).

        The socket is watched by the event loop for the connection's life and every
        notification that arrived is read at once through libpq: psycopg's ``notifies()``
        registers and unregisters the socket for each one (80 us of CPU a notification,
        here 20 us; every process hears every change)."""
        pgconn, encoding = conn.pgconn, conn.info.encoding
        loop = asyncio.get_running_loop()
        failed: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            try:
                pgconn.consume_input()  # never blocks: reads what arrived
                while (note := pgconn.notifies()) is not None:
                    self._dispatch(note.extra.decode(encoding), handlers)
            except Exception as err:  # a closed connection
                loop.remove_reader(fd)
                if not failed.done():
                    failed.set_exception(err)

        fd = pgconn.socket
        loop.add_reader(fd, readable)
        try:
            readable()  # any that arrived with the LISTEN's answer
            await failed
        finally:
            loop.remove_reader(fd)

    def _dispatch(self, payload: str, handlers: Handlers) -> None:
        try:
            parts = payload.split(":")
            if parts[0] == "p":
                _, table, seat, count, process = parts
                if process != self.process:
                    handlers.presence(int(table), int(seat), process, int(count))
            elif parts[0] == "h":
                if parts[1] != self.process:
                    handlers.hello(parts[1])
            else:
                table, version, *event = payload.split(":", 2)  # the event's JSON may hold colons
                handlers.change(int(table), int(version), event[0] if event else None)
        except (ValueError, IndexError):
            log.warning("an unreadable notification on %s: %r", self.channel, payload[:100])

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
