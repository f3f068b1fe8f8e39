"""Shared pieces of the arena tests: a fresh SQLite store and a report without timings."""

import pytest

from meeple.arena.storage import Store


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "arena.sqlite3"))
    yield s
    s.close()


def tables(report: dict) -> dict:
    """What must not depend on how the games were run: all but the name, the timings and
    the files written."""
    return {k: v for k, v in report.items() if k not in ("run", "name", "files")}
