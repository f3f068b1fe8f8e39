"""Fixed seeds for tests that play many random games: the same games on every run.

A test over many seeds is split into runs (``chunks``), each a test of its own named
by its seeds, and reports the seed that failed (``each``), so a failure is replayed
by running that one test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest


def chunks(n: int, size: int = 50, first: int = 0) -> list:
    """Seeds ``first`` to ``first + n - 1`` as pytest parameters of ``size`` seeds."""
    out = []
    for start in range(first, first + n, size):
        stop = min(first + n, start + size)
        out.append(pytest.param(range(start, stop), id=f"seeds-{start}-{stop - 1}"))
    return out


def each(seeds: Iterable[int], check: Callable[[int], object]) -> None:
    """``check(seed)`` for every seed; a failure names its seed."""
    for seed in seeds:
        try:
            check(seed)
        except AssertionError as err:
            raise AssertionError(f"seed {seed}: {err}") from err
