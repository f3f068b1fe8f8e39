"""Who runs a table's bots and clock: one process per table, taken over when it dies.

On PostgreSQL a process runs a table while it holds the table's advisory lock, a
session lock on a connection kept for that purpose: when the process dies its
connection closes and its locks are free at once. Every ``lease_seconds`` each process
tries to take the locks of playing tables with bots or a clock that nobody holds (one
statement), so a dead process's tables are taken over within that time. If the lease
connection drops, the process has lost every lease: it stops running those tables,
reconnects with backoff, and takes what is free again. Two processes can both believe
they run a table only for the moments a connection takes to be found dead, and even
then a move is stored once: the version guard refuses the second.

SQLite is one process: it runs every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

import sqlalchemy as sa
from sqlalchemy import Engine

from meeple.server.storage import TABLES

log = logging.getLogger("meeple.server")


class LocalLeases:
    """One process on the database: every table is its own."""

    shared = False

    def holds(self, table_id: int) -> bool:
        return True

    async def claim(self, table_id: int) -> bool:
        return True

    async def release(self, table_id: int) -> None:
        return None

    async def sweep(self) -> list[int]:
        return []

    def close(self) -> None:
        return None


class PgLeases:
    """Advisory locks ``(space, table)`` on one connection, used from one thread."""

    shared = True

    def __init__(self, engine: Engine, space: int) -> None:
        self.engine = engine
        self.space = space
        self.held: set[int] = set()
        self._conn: sa.Connection | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="meeple-lease")

    def holds(self, table_id: int) -> bool:
        return table_id in self.held

    def _connection(self) -> sa.Connection:
        if self._conn is None:
            self._conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        return self._conn

    def _lost(self) -> list[int]:
        """The connection broke: its locks are gone with it."""
        if self._conn is not None:
            try:
                self._conn.invalidate()
                self._conn.close()
            except Exception:  # already broken
                pass
            self._conn = None
        lost, self.held = sorted(self.held), set()
        return lost

    async def _call(self, fn, *args):  # type: ignore[no-untyped-def]
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    def _try(self, ids: Iterable[int]) -> list[int]:
        candidates = sa.select(TABLES.c.id).where(TABLES.c.id.in_(list(ids))).cte("candidates").prefix_with(
            "MATERIALIZED")
        return self._take(candidates)

    def _orphans(self) -> list[int]:
        candidates = (
            sa.select(TABLES.c.id)
            .where(TABLES.c.status == "playing", TABLES.c.runner.is_(True), TABLES.c.id.not_in(self.held))
            .cte("candidates").prefix_with("MATERIALIZED")  # the lock is tried on these rows only
        )
        return self._take(candidates)

    def _take(self, candidates: sa.CTE) -> list[int]:
        query = sa.select(candidates.c.id).where(sa.func.pg_try_advisory_lock(self.space, candidates.c.id))
        got = list(self._connection().execute(query).scalars())
        self.held.update(got)
        return got

    def _unlock(self, table_id: int) -> None:
        self.held.discard(table_id)
        self._connection().execute(sa.select(sa.func.pg_advisory_unlock(self.space, table_id)))

    async def claim(self, table_id: int) -> bool:
        """Take the table's lease now (a table this process just created); False if taken."""
        try:
            return table_id in await self._call(self._try, [table_id])
        except sa.exc.DBAPIError as err:
            log.warning("taking the lease of table %s failed: %s", table_id, err)
            await self._call(self._lost)
            return False

    async def release(self, table_id: int) -> None:
        if table_id not in self.held:
            return
        try:
            await self._call(self._unlock, table_id)
        except sa.exc.DBAPIError:
            await self._call(self._lost)

    async def sweep(self) -> list[int]:
        """Take every free lease of a playing table with bots or a clock; the new ones.

        Raises ``LeasesLost`` (with the tables) if the lease connection broke.
        """
        try:
            return await self._call(self._orphans)
        except sa.exc.DBAPIError as err:
            lost = await self._call(self._lost)
            raise LeasesLost(lost, str(err)) from err

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
        self._thread.shutdown(wait=False)


class LeasesLost(Exception):
    def __init__(self, tables: list[int], why: str) -> None:
        super().__init__(why)
        self.tables = tables
