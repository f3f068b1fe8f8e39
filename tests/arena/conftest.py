"""Shared pieces of the arena tests: a fresh SQLite store, a report without timings and a
backend that stops as a Ctrl-C would."""

import pytest

from meeple.arena.backends import SerialBackend
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


class Interrupted(SerialBackend):
    """Plays ``n`` batches, then stops as a Ctrl-C would."""

    def __init__(self, n):
        self.n = n

    def run(self, batches):
        for k, outcomes in enumerate(super().run(batches)):
            if k == self.n:
                raise KeyboardInterrupt
            yield outcomes
