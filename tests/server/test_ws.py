"""WebSocket pushes: the seat's own state after every change, in order."""

from __future__ import annotations

import random

from starlette.websockets import WebSocketDisconnect

from tests.server.play import create, get, play_to_end


def test_pushes_arrive_in_order_for_seats_and_spectators(client):
    table_id, tokens = create(client, "lost-cities", ["human", "bot:greedy"], options={"rounds": 1})
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as seat0, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        first = seat0.receive_json()
        assert first["type"] == "state" and first["table"]["seat"] == 0
        final = play_to_end(client, table_id, tokens, random.Random(1))
        for ws, seat in ((seat0, 0), (watcher, None)):
            versions = []
            while True:
                msg = ws.receive_json()
                assert msg["type"] == "state" and msg["table"]["seat"] == seat
                versions.append(msg["table"]["version"])
                if msg["table"]["over"]:
                    break
            assert versions == sorted(versions), "a push arrived out of order"
            assert set(range(versions[0], final["version"] + 1)) <= set(versions), "a change was not pushed"


def test_a_push_is_what_get_returns_and_connections_are_shown(client):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as ws:
        pushed = ws.receive_json()["table"]
        assert pushed == get(client, table_id, tokens[1])
        assert pushed["seats"][1]["connected"] and not pushed["seats"][0]["connected"]


def test_a_wrong_token_or_table_closes_the_socket(client):
    table_id, _ = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    for url, code in ((f"/ws/tables/{table_id}?token=nope", 4403), ("/ws/tables/4242", 4404)):
        with client.websocket_connect(url) as ws:
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["detail"]
            try:
                ws.receive_json()
                raise AssertionError("the socket stayed open")
            except WebSocketDisconnect as closed:
                assert closed.code == code
