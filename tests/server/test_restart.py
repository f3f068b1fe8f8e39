"""A real ``meeple serve`` killed with SIGKILL mid-game loses nothing it acknowledged."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from tests.server.play import PATIENCE, auth, create, get, play_to_end, wait_for


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``meeple serve`` in a subprocess, on a free port."""

    def __init__(self, db_url: str, port: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--db", db_url,
             "--bot-seconds", "0.1", "--log-level", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        end = time.monotonic() + PATIENCE
        while True:
            try:
                if self.client.get("/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None:
                raise AssertionError(f"meeple serve exited: {self.proc.stderr.read().decode()}")
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


@pytest.fixture
def servers(db_url):
    started: list[Server] = []

    def start() -> Server:
        server = Server(db_url, free_port())
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def test_sigkill_mid_game_then_restart_resumes_every_table(servers):
    server = servers()
    c = server.client
    human_id, tokens = create(c, "lost-cities", ["human", "bot:greedy"], options={"rounds": 1})
    acked: list[str] = []
    rng = random.Random(11)
    while len(acked) < 12:
        state = wait_for(c, human_id, lambda s: s["to_move"] == 0, tokens[0])
        action = rng.choice(state["legal"])
        r = c.post(f"/api/tables/{human_id}/moves", headers=auth(tokens[0]),
                   json={"action": action, "version": state["version"]})
        assert r.status_code == 200
        acked.append((r.json()["version"], action))
    # the bots' table starts last, so a slow machine cannot finish it before the kill
    bots_id, _ = create(c, "lewis-clark", ["bot:greedy", "bot:greedy"], options={"turn_limit": 30})
    bots_seen = wait_for(c, bots_id, lambda s: s["version"] >= 3)
    assert not bots_seen["over"], "the bots' table ended before the kill: the test would prove nothing"
    server.kill()

    server = servers()
    c = server.client
    human = get(c, human_id, tokens[0])
    for version, action in acked:  # every acknowledged move is there, at its version
        assert human["log"][version - 1] == action
    assert human["version"] >= acked[-1][0]
    bots_now = get(c, bots_id)
    assert bots_now["log"][: len(bots_seen["log"])] == bots_seen["log"]
    final = play_to_end(c, human_id, tokens, rng)
    assert final["over"] and final["log"][: len(human["log"])] == human["log"]
    bots_final = wait_for(c, bots_id, lambda s: s["over"])  # the bots resumed by themselves
    assert bots_final["version"] > bots_seen["version"]
