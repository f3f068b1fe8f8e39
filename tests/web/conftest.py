"""Fixtures for the browser client: a real ``meeple serve`` on a free port with a
temporary SQLite file, and Debian's Chromium driven by Playwright (no browser download).

Chromium is found at ``/usr/bin/chromium`` (``$MEEPLE_CHROMIUM`` overrides). Without it
the browser tests are skipped on a developer's machine, and fail under CI (``CI`` set),
where ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.web.server import Server

CHROMIUM = os.environ.get("MEEPLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: screenshots of every board, for people to look at (git-ignored)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


def _need_browser() -> None:
    missing = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing = "the playwright package (pip install -e '.[test]')"
    if missing is None and not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        missing = f"Chromium at {CHROMIUM} (apt-get install -y chromium)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests need {missing}; .ci/run installs it")
        pytest.skip(f"browser tests need {missing}")


@pytest.fixture(scope="session")
def browser():
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for a test module's games."""
    _need_browser()
    srv = Server(tmp_path_factory.mktemp("web") / "meeple.sqlite3")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def context(browser):
    """A fresh browser profile (cookies, local storage), English, reduced motion."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US", reduced_motion="reduce")
    yield ctx
    ctx.close()
