"""Open the lobby in the user's browser once ``meeple serve`` accepts connections.

Only a graphical browser is opened, and only for a server started from a terminal: on
Linux without a display (a server over SSH, CI) nothing is started, so a text browser
never takes over the terminal the server logs to, and a server started by a program
(tests, ``meeple bench server``, a service manager) opens nothing.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
import webbrowser


def can_open() -> bool:
    """Started from a terminal, and a graphical browser can be shown there: macOS,
    Windows, or a Linux with a display."""
    if not sys.stdout.isatty():
        return False
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _listening(host: str, port: int) -> bool:
    target = "127.0.0.1" if host in ("0.0.0.0", "") else ("::1" if host == "::" else host)
    try:
        with socket.create_connection((target, port), timeout=0.5):
            return True
    except OSError:
        return False


def open_when_listening(host: str, port: int, url: str, wait: float = 30.0) -> threading.Thread | None:
    """Open ``url`` in a browser as soon as ``host:port`` accepts, from a daemon thread."""
    if not can_open():
        return None

    def run() -> None:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if _listening(host, port):
                webbrowser.open(url, new=2)
                return
            time.sleep(0.2)

    thread = threading.Thread(target=run, name="meeple-open-browser", daemon=True)
    thread.start()
    return thread
