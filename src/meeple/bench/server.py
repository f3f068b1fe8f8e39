"""``meeple bench server``: persisted moves per second and latency of a real server.

A ``meeple serve`` subprocess runs on a free loopback port (database: a fresh SQLite
file unless ``--db`` names one). N clients, each on its own keep-alive connection, play
two-human Lost Cities tables with random legal moves: fetch the state of the seat to
move when the last answer was not its own, post a move with the version seen, start a
new table when a game ends. A move counts once the server answered 200, which it does
only after the move was committed to the database. The clients speak HTTP/1.1 over
asyncio streams directly: on a 2-core machine a heavier client would measure itself.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console

#: the issue's target on the 2-core machine (SQLite)
TARGET_MOVES_PER_S = 500
TARGET_P99_MS = 50.0
GAME = {"game": "lost-cities", "seats": ["human", "human"], "options": {"rounds": 3}}


class Connection:
    """One keep-alive HTTP/1.1 connection: just enough client for JSON requests."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Connection:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    async def request(self, method: str, path: str, token: str | None = None,
                      body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token is not None:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload) if payload else None

    def close(self) -> None:
        self.writer.close()


class Tally:
    def __init__(self) -> None:
        self.move_ms: list[float] = []
        self.get_ms: list[float] = []
        self.refused: dict[int, int] = {}
        self.tables: set[int] = set()
        self.games = 0
        self.counting = False


async def client(port: int, stop: float, tally: Tally, rng: random.Random) -> None:
    conn = await Connection.open(port)
    try:
        state: dict[str, Any] | None = None
        tokens: dict[int, str] = {}
        table = 0
        while time.perf_counter() < stop:
            if state is None or state["over"]:
                if state is not None and tally.counting:
                    tally.games += 1
                status, body = await conn.request("POST", "/api/tables", body=GAME)
                assert status == 201, body
                table, state = body["id"], body["table"]
                tokens = {int(k): v for k, v in body["tokens"].items()}
                tally.tables.add(table)
            seat = state["to_move"]
            if state["seat"] != seat:  # the last answer was the other seat's: fetch ours
                t = time.perf_counter()
                status, state = await conn.request("GET", f"/api/tables/{table}", tokens[seat])
                if tally.counting:
                    tally.get_ms.append(1000 * (time.perf_counter() - t))
            move = {"action": rng.choice(state["legal"]), "version": state["version"]}
            t = time.perf_counter()
            status, answer = await conn.request("POST", f"/api/tables/{table}/moves", tokens[seat], move)
            elapsed = 1000 * (time.perf_counter() - t)
            if status == 200:
                state = answer
                if tally.counting:
                    tally.move_ms.append(elapsed)
            else:
                tally.refused[status] = tally.refused.get(status, 0) + 1
                state = None if status == 404 else {**state, "seat": None}
    finally:
        conn.close()


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _drive(port: int, clients: int, seconds: float, warmup: float) -> tuple[Tally, float]:
    tally = Tally()
    start = time.perf_counter()
    stop = start + warmup + seconds
    rngs = [random.Random(i) for i in range(clients)]
    tasks = [asyncio.create_task(client(port, stop, tally, rng)) for rng in rngs]
    await asyncio.sleep(warmup)
    tally.counting = True
    measured_from = time.perf_counter()
    await asyncio.gather(*tasks)
    return tally, time.perf_counter() - measured_from


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--db", db,
         "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"meeple serve exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("meeple serve did not start within 120 s")


def run_server_bench(db: str | None, clients: int, seconds: float, console: Console,
                     as_json: bool = False, warmup: float = 2.0) -> dict[str, Any]:
    from meeple.store import normalize_url

    tmp = None
    if db is None:
        tmp = tempfile.TemporaryDirectory(prefix="meeple-bench-")
        db = f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}"
    url = normalize_url(db)
    port = _free_port()
    if not as_json:
        console.print(f"server bench: {clients} clients, {seconds:g} s (+{warmup:g} s warm-up), "
                      f"database {url.split('://')[0]}")
    proc = _start_server(url, port)
    try:
        cpu0 = _cpu_seconds(proc.pid)
        tally, elapsed = asyncio.run(_drive(port, clients, seconds, warmup))
        cpu1 = _cpu_seconds(proc.pid)
        persisted = asyncio.run(_persisted(port, tally.tables))
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        if tmp is not None:
            tmp.cleanup()
    moves = len(tally.move_ms)
    result = {
        "database": url.split("://")[0],
        "clients": clients,
        "seconds": round(elapsed, 2),
        "moves": moves,
        "moves_per_s": moves / elapsed,
        "move_p50_ms": _percentile(tally.move_ms, 0.50),
        "move_p99_ms": _percentile(tally.move_ms, 0.99),
        "move_max_ms": max(tally.move_ms, default=float("nan")),
        "get_p50_ms": _percentile(tally.get_ms, 0.50),
        "get_p99_ms": _percentile(tally.get_ms, 0.99),
        "games_finished": tally.games,
        "refused": tally.refused,
        "moves_in_database": persisted,
        # CPU the server process used per move (warm-up included, so slightly high): the
        # capacity of one free core is about 1000 / this, whatever the machine's load
        "server_cpu_ms_per_move": (
            None if cpu0 is None or cpu1 is None or not moves
            else 1000 * (cpu1 - cpu0) / (moves * (elapsed + warmup) / elapsed)
        ),
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "cpus": os.cpu_count(),
    }
    if as_json:
        print(json.dumps(result, indent=1))
        return result
    ok = result["moves_per_s"] >= TARGET_MOVES_PER_S and result["move_p99_ms"] < TARGET_P99_MS
    console.print(
        f"persisted moves/s {result['moves_per_s']:,.0f}  (target {TARGET_MOVES_PER_S} with p99 < "
        f"{TARGET_P99_MS:g} ms on SQLite: {'met' if ok else 'not met'})\n"
        f"move latency p50 {result['move_p50_ms']:.1f} ms, p99 {result['move_p99_ms']:.1f} ms, "
        f"max {result['move_max_ms']:.1f} ms; state fetch p50 {result['get_p50_ms']:.1f} ms, "
        f"p99 {result['get_p99_ms']:.1f} ms\n"
        f"{moves} moves in {elapsed:.1f} s, {tally.games} games finished, refused: {tally.refused or 'none'}; "
        f"moves stored in the database for the bench's tables: {persisted}"
    )
    if result["server_cpu_ms_per_move"] is not None:
        console.print(f"server CPU per move {result['server_cpu_ms_per_move']:.2f} ms "
                      f"(one free core: about {1000 / result['server_cpu_ms_per_move']:,.0f} moves/s); "
                      f"load average {result['load_average']:.1f} on {os.cpu_count()} CPUs")
    return result


async def _persisted(port: int, tables: set[int]) -> int:
    """The versions the server reports for the bench's tables (warm-up included)."""
    conn = await Connection.open(port)
    try:
        total = 0
        for table in sorted(tables):
            status, body = await conn.request("GET", f"/api/tables/{table}")
            if status == 200:
                total += body["version"]
        return total
    finally:
        conn.close()
