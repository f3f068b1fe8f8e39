"""Helpers for driving tables through the HTTP API like a client would."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

#: the longest a test waits for bots or clocks before failing (never a speed assertion)
PATIENCE = 120.0


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client, game: str, seats: list[str], **extra: Any) -> tuple[int, dict[int, str]]:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], {int(k): v for k, v in body["tokens"].items()}


def get(client, table_id: int, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def wait_for(client, table_id: int, ready: Callable[[dict[str, Any]], bool], token: str | None = None
             ) -> dict[str, Any]:
    """Poll the table until ``ready(state)``; fail after PATIENCE seconds."""
    end = time.monotonic() + PATIENCE
    while True:
        state = get(client, table_id, token)
        if ready(state):
            return state
        assert time.monotonic() < end, f"table {table_id} never got ready: {state['status']} v{state['version']}"
        time.sleep(0.01)


def play_to_end(client, table_id: int, tokens: dict[int, str], rng: random.Random,
                on_move: Callable[[int, str, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Humans (the seats in ``tokens``) play random legal moves; bots play themselves."""
    while True:
        state = wait_for(client, table_id, lambda s: s["over"] or s["to_move"] in tokens)
        if state["over"]:
            return state
        seat = state["to_move"]
        mine = get(client, table_id, tokens[seat])
        assert mine["legal"], "the seat to move sees no legal moves"
        action = rng.choice(mine["legal"])
        r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[seat]),
                        json={"action": action, "version": mine["version"]})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == mine["version"] + 1
        if on_move is not None:
            on_move(seat, action, r.json())


def watch(client, table_id: int, token: str | None = None, **headers: str):
    """A WebSocket on the table, authenticated by its first message (the token never goes in the URL)."""
    ws = client.websocket_connect(f"/ws/tables/{table_id}", headers=dict(headers))
    ws.__enter__()
    ws.send_json({"type": "auth", "token": token})
    return ws


def states(ws, until: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The states a socket receives (presence frames skipped) until ``until(state)``."""
    got = []
    while True:
        msg = ws.receive_json()
        if msg["type"] == "presence":
            continue
        assert msg["type"] == "state", msg
        got.append(msg["table"])
        if until(msg["table"]):
            return got


def closed_with(ws) -> tuple[dict[str, Any], int]:
    """The error a refused socket sends, and the code it is closed with."""
    from starlette.websockets import WebSocketDisconnect

    msg = ws.receive_json()
    try:
        ws.receive_json()
    except WebSocketDisconnect as closed:
        return msg, closed.code
    raise AssertionError("the socket stayed open")


def secret_deal(engine, table_id: int) -> int:
    """The seed, read from the database as only the server may."""
    with engine.connect() as c:
        return c.execute(sa.text("select seed from server_tables where id = :i"), {"i": table_id}).scalar_one()
