"""WebSocket pushes: the seat's own state after every change, in order; the token in the
first message, never in the URL; presence as a small frame."""

from __future__ import annotations

import random

from tests.server.play import closed_with, create, get, play_to_end, states, watch


def test_pushes_arrive_in_order_for_seats_and_spectators(client):
    table_id, tokens = create(client, "lost-cities", ["human", "bot:greedy"], options={"rounds": 1})
    seat0, watcher = watch(client, table_id, tokens[0]), watch(client, table_id)
    try:
        first = seat0.receive_json()
        assert first["type"] == "state" and first["table"]["seat"] == 0
        final = play_to_end(client, table_id, tokens, random.Random(1))
        for ws, seat in ((seat0, 0), (watcher, None)):
            seen = states(ws, lambda s: s["over"])
            assert all(s["seat"] == seat for s in seen)
            versions = [s["version"] for s in seen]
            assert versions == sorted(versions), "a push arrived out of order"
            assert set(range(versions[0], final["version"] + 1)) <= set(versions), "a change was not pushed"
    finally:
        seat0.__exit__(None, None, None)
        watcher.__exit__(None, None, None)


def test_a_push_is_what_get_returns_and_connections_are_shown(client):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    ws = watch(client, table_id, tokens[1])
    try:
        pushed = ws.receive_json()["table"]
        assert pushed == get(client, table_id, tokens[1])
        assert pushed["seats"][1]["connected"] and not pushed["seats"][0]["connected"]
    finally:
        ws.__exit__(None, None, None)


def test_a_wrong_token_or_table_closes_the_socket(client):
    table_id, _ = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    for table, token, code in ((table_id, "nope", 4403), (4242, None, 4404), (2**63, None, 4404)):
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json({"type": "auth", "token": token})
            msg, closed = closed_with(ws)
            assert msg["type"] == "error" and msg["detail"] and closed == code
