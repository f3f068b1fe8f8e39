"""Databases for the server's tests: a fresh SQLite file, or a fresh PostgreSQL schema.

PostgreSQL is used when ``MEEPLE_TEST_PG`` holds its URL. Each use gets its own schema
(dropped afterwards), so test runs never collide with each other or with other
features' tests in the same database, and nothing outside that schema is touched.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
import sqlalchemy as sa

BACKENDS = ["sqlite", "postgresql"]
ENV = "MEEPLE_TEST_PG"


def pg_base() -> str:
    url = os.environ.get(ENV)
    if not url:
        pytest.skip(f"PostgreSQL tests need {ENV} (e.g. postgresql+psycopg://root@127.0.0.1:5432/test)")
    return url


@contextmanager
def database(backend: str, tmp: Path) -> Iterator[str]:
    """A URL of an empty database of ``backend`` that lives for the ``with`` block."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp / 'meeple.sqlite3'}"
        return
    base = pg_base()
    schema = f"meeple_server_test_{secrets.token_hex(6)}"
    admin = sa.create_engine(base)
    try:
        # set but unreachable must fail the test, never skip it
        with admin.begin() as c:
            c.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
        sep = "&" if "?" in base else "?"
        yield f"{base}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as c:
            c.execute(sa.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()
