"""``meeple serve`` opens the lobby in a graphical browser once it listens, and never
starts a browser where none can be shown (SSH, CI) or when told ``--no-browser``."""

from __future__ import annotations

import socket
import sys

import pytest

from meeple.web import opener


@pytest.mark.skipif(sys.platform != "linux", reason="the display rule is Linux's")
def test_no_display_no_browser(monkeypatch):
    monkeypatch.setattr(opener.sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not opener.can_open()
    assert opener.open_when_listening("127.0.0.1", 1, "http://127.0.0.1:1/") is None
    monkeypatch.setenv("DISPLAY", ":0")
    assert opener.can_open()
    monkeypatch.setattr(opener.sys.stdout, "isatty", lambda: False, raising=False)
    assert not opener.can_open()  # started by a program, not from a terminal


def test_the_lobby_opens_once_the_port_listens(monkeypatch):
    opened: list[str] = []
    monkeypatch.setattr(opener, "can_open", lambda: True)
    monkeypatch.setattr(opener.webbrowser, "open", lambda url, new=0: opened.append(url))
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        port = server.getsockname()[1]
        thread = opener.open_when_listening("127.0.0.1", port, f"http://127.0.0.1:{port}/", wait=0.6)
        thread.join(1.0)
        assert opened == []  # not listening yet: nothing opened, and it gave up
        server.listen()
        thread = opener.open_when_listening("127.0.0.1", port, f"http://127.0.0.1:{port}/", wait=5)
        thread.join(5)
    assert opened == [f"http://127.0.0.1:{port}/"]


def test_serve_has_a_no_browser_switch():
    from typer.testing import CliRunner

    from meeple.cli import app

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0 and "--no-browser" in result.output
