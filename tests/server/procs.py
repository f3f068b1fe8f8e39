"""Real ``meeple serve`` processes for the tests, and a WebSocket that collects what it hears.

A test waits on what a server says (a frame, an answer), each wait with a clear timeout:
never a speed assertion, never a sleep that hopes the server was quick enough.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

#: the longest a test waits for a server to start, a bot to move or a frame to arrive
PATIENCE = 120.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``meeple serve`` in a subprocess, on a free port, its log in a file."""

    def __init__(self, db_url: str, log: Path, *extra: str) -> None:
        self.port = free_port()
        self.log = log
        self.url = f"http://127.0.0.1:{self.port}"
        with open(log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "meeple.cli", "serve", "--port", str(self.port), "--db", db_url,
                 "--no-browser", "--bot-seconds", "0.1", "--log-level", "info", *extra],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        self.client = httpx.Client(base_url=self.url, timeout=30)
        end = time.monotonic() + PATIENCE
        while True:  # the one wait on a process that does not speak yet: its port
            try:
                if self.client.get("/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None:
                raise AssertionError(f"meeple serve exited: {log.read_text()[-3000:]}")
            assert time.monotonic() < end, "meeple serve did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.client.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.client.close()


class Socket:
    """A WebSocket on a real server: authenticated by its first message, its frames
    collected by a thread so a test can wait for the one it needs."""

    def __init__(self, server: Server, table_id: int, token: str | None = None) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}", open_timeout=30)
        self.ws.send(json.dumps({"type": "auth", "token": token}))
        self.frames: queue.Queue[dict[str, Any] | None] = queue.Queue()
        #: the presence frames heard so far: (seat, connected)
        self.presence: list[tuple[int, bool]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                self.frames.put(json.loads(text))
        except Exception:  # the socket closed (its server died): the waiter hears None
            pass
        self.frames.put(None)

    def states_until(self, ready: Callable[[dict[str, Any]], bool], timeout: float = PATIENCE
                     ) -> list[dict[str, Any]]:
        """Every state frame up to the first that is ``ready`` (presence frames skipped)."""
        end = time.monotonic() + timeout
        seen: list[dict[str, Any]] = []
        while True:
            frame = self.frames.get(timeout=max(0.01, end - time.monotonic()))
            assert frame is not None, f"the socket closed after {[s['version'] for s in seen]}"
            if frame["type"] == "presence":
                self.presence.append((frame["seat"], frame["connected"]))
            if frame["type"] != "state":
                continue
            seen.append(frame["table"])
            if ready(frame["table"]):
                return seen

    def hears_presence(self, entry: tuple[int, bool], timeout: float = PATIENCE) -> bool:
        """Whether the presence frame ``(seat, connected)`` came or comes within ``timeout``
        (it may follow the last state frame a test waited for; state frames are skipped)."""
        end = time.monotonic() + timeout
        while entry not in self.presence:
            try:
                frame = self.frames.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                return False
            if frame is None:
                return False
            if frame["type"] == "presence":
                self.presence.append((frame["seat"], frame["connected"]))
        return True

    def close(self) -> None:
        self.ws.close()
