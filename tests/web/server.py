"""A real ``meeple serve`` process for the browser tests: started, killed and restarted
on the same port and database, as a user's server would be."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server.procs import PATIENCE, Socket, free_port


class Server:
    def __init__(self, db: Path, port: int | None = None, bot_seconds: float = 0.1) -> None:
        self.db = db
        self.port = port or free_port()
        self.bot_seconds = bot_seconds
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: float = 60.0) -> None:
        cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", str(self.port), "--db", str(self.db),
               "--no-browser", "--bot-seconds", str(self.bot_seconds), "--log-level", "warning"]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"meeple serve exited: {self.log.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        raise RuntimeError(f"meeple serve did not answer within {wait} s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: the server dies as in a crash."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def api(self, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"content-type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, headers=headers)
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def table(self, game: str, seats: list[str], **options: Any) -> tuple[int, dict[str, str]]:
        made = self.api("/api/tables", {"game": game, "seats": seats, "options": options})
        return made["id"], made["tokens"]

    def wait_for(self, table: int, ready: Callable[[dict[str, Any]], bool], token: str | None = None,
                 timeout: float = PATIENCE) -> dict[str, Any]:
        """The table's first state (as ``token``'s seat or a spectator sees it) for which
        ``ready`` holds, heard on the table's WebSocket: the server pushes every change,
        so the test waits for an event instead of polling."""
        socket = Socket(self, table, token)  # type: ignore[arg-type]  # it needs only .port
        try:
            return socket.states_until(ready, timeout)[-1]
        finally:
            socket.close()
