"""Two real ``meeple serve`` processes on one PostgreSQL database (issue 23, defect 8).

Join through A, play through B; sockets on both hear every change in order; bots move
exactly once; SIGKILL of either process loses no acknowledged move, and the other takes
over its bots and clocks. The servers log every request (``--access-log``): no token
appears in their logs.
"""

from __future__ import annotations

import random

import pytest
import sqlalchemy as sa

from tests.server.databases import database
from tests.server.play import auth
from tests.server.procs import Server, Socket

FAST = ("--lease-seconds", "0.3", "--access-log")
LC1 = {"game": "lost-cities", "options": {"rounds": 1}}


@pytest.fixture
def pg(tmp_path):
    with database("postgresql", tmp_path) as url:
        yield url


@pytest.fixture
def servers(pg, tmp_path):
    started: list[Server] = []

    def start(name: str) -> Server:
        server = Server(pg, tmp_path / f"{name}.log", *FAST)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def create(server: Server, seats: list[str], **extra) -> tuple[int, dict[int, str]]:
    r = server.client.post("/api/tables", json={**LC1, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], {int(k): v for k, v in body["tokens"].items()}


def play(server: Server, table_id: int, token: str, rng: random.Random) -> dict:
    """One random legal move of the token's seat, through ``server``; its answer."""
    mine = server.client.get(f"/api/tables/{table_id}", headers=auth(token)).json()
    assert mine["legal"], mine
    r = server.client.post(f"/api/tables/{table_id}/moves", headers=auth(token),
                           json={"action": rng.choice(mine["legal"]), "version": mine["version"]})
    assert r.status_code == 200, r.text
    return r.json()


def events(pg: str, table_id: int) -> list[tuple[int, str, str | None]]:
    engine = sa.create_engine(pg)
    try:
        with engine.connect() as c:
            return [tuple(r) for r in c.execute(sa.text(
                "select version, kind, action from server_events where table_id = :t order by version"),
                {"t": table_id})]
    finally:
        engine.dispose()


def test_two_processes_agree_and_take_over_each_other(servers, pg, tmp_path):
    a, b = servers("a"), servers("b")
    rng = random.Random(23)

    # ---- a join through A is seen by B, which plays; sockets on both hear every move -------
    table, tokens = create(b, ["human", "open"])
    joined = a.client.post(f"/api/tables/{table}/join", json={"name": "Bea"})
    assert joined.status_code == 200, joined.text
    tokens[1] = joined.json()["token"]
    assert b.client.get(f"/api/tables/{table}").json()["status"] == "playing"
    on_a = Socket(a, table)
    on_a.states_until(lambda s: True)  # A has registered it: B's presence flip reaches it
    on_b = Socket(b, table, tokens[0])
    last = None
    for i in range(12):
        seat = b.client.get(f"/api/tables/{table}").json()["to_move"]
        last = play(b if i % 3 else a, table, tokens[seat], rng)
    for sock in (on_a, on_b):
        versions = [s["version"] for s in sock.states_until(lambda s: s["version"] == last["version"])]
        assert versions == list(range(versions[0], last["version"] + 1)), "a move was missed or out of order"
    assert a.client.get(f"/api/tables/{table}").json()["log"] == last["log"]
    # seat 0's socket is on B: A's spectator heard it come, and A shows it connected
    assert on_a.hears_presence((0, True))
    assert a.client.get(f"/api/tables/{table}").json()["seats"][0]["connected"]

    # ---- a bots' table runs in one process: every bot move stored once, heard by both -------
    bots, _ = create(a, ["bot:random", "bot:greedy"])
    watch_a, watch_b = Socket(a, bots), Socket(b, bots)
    final = watch_b.states_until(lambda s: s["over"])[-1]
    heard_a = [s["version"] for s in watch_a.states_until(lambda s: s["over"])]
    assert heard_a == sorted(heard_a) and heard_a[-1] == final["version"]
    stored = events(pg, bots)
    assert [v for v, _, _ in stored] == list(range(final["version"] + 1))
    assert [x for _, kind, x in stored if kind == "move"] == final["log"] == final["log"][: final["version"]]

    # ---- SIGKILL of A: nothing acknowledged is lost, B takes over A's bots and clocks -------
    clocked, clock_tokens = create(a, ["human", "bot:random"],
                                   clock={"initial": 5, "on_timeout": "bot:random"})
    mine = Socket(a, clocked, clock_tokens[0])
    acked: list[list[str]] = []
    while len(acked) < 4:
        mine.states_until(lambda s: s["to_move"] == 0)
        acked.append(play(a, clocked, clock_tokens[0], rng)["log"])
    runner, _ = create(a, ["bot:greedy", "bot:random"])
    watch_runner = Socket(b, runner)
    watch_runner.states_until(lambda s: s["version"] >= 2)
    a.kill()
    watch_clocked = Socket(b, clocked)
    # the human never moves again: B's clock hands the seat to a bot, and B's bots finish both games
    ended = watch_clocked.states_until(lambda s: s["over"])[-1]
    assert ended["log"][: len(acked[-1])] == acked[-1], "an acknowledged move was lost"
    assert ended["seats"][0]["kind"] == "bot"
    assert watch_runner.states_until(lambda s: s["over"])[-1]["over"]

    # ---- and the other way: a new A takes over what B ran -------------------------------------
    later, _ = create(b, ["bot:greedy", "bot:greedy"])
    a2 = servers("a2")
    Socket(a2, later).states_until(lambda s: s["version"] >= 2)
    b.kill()
    assert Socket(a2, later).states_until(lambda s: s["over"])[-1]["over"]

    # ---- no token was ever written to a log ----------------------------------------------------
    logs = "".join((tmp_path / f"{name}.log").read_text() for name in ("a", "b", "a2"))
    assert "GET /api/tables" in logs  # the access log was on
    for token in [*tokens.values(), *clock_tokens.values()]:
        assert token not in logs
