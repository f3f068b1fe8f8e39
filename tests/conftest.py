"""Suite-wide guards: a run that collects no tests, or skips a whole area, fails loudly.

pytest exits with code 5 when nothing is collected, but a misconfigured path or an
import-time skip can still quietly drop one area (the server, the browser, the games).
Every folder of ``tests/`` that holds test files must contribute collected tests to a
full run.

Runs are deterministic: tests that play many random games take fixed seeds
(``tests/seeds.py``), and a test written with Hypothesis (a real strategy, not a seed
loop) runs derandomized, without an example database, so two runs test the same cases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parent

try:
    from hypothesis import settings
except ImportError:  # pragma: no cover - the test extra installs it
    pass
else:
    settings.register_profile("meeple", derandomize=True, database=None, deadline=None)
    settings.load_profile("meeple")


def _areas() -> set[str]:
    return {p.relative_to(ROOT).parts[0] for p in ROOT.rglob("test_*.py") if len(p.relative_to(ROOT).parts) > 1}


def pytest_collection_finish(session: pytest.Session) -> None:
    args = [Path(a.split("::")[0]).resolve() for a in session.config.args]
    if args != [ROOT.resolve()] and args != [ROOT.parent.resolve()]:
        return  # a partial run: the developer chose what to run
    seen = {Path(item.fspath).relative_to(ROOT).parts[0] for item in session.items}
    missing = sorted(_areas() - seen)
    if not session.items or missing:
        raise pytest.UsageError(
            f"the full test run collected no tests from: {', '.join(missing) or 'anywhere'}; "
            "a whole area is silently missing (an import-time skip or a bad path?)"
        )
