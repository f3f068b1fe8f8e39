"""Pushes grow linearly with the sockets, and the table cache is bounded without losing them."""

from __future__ import annotations

from tests.server.play import auth, create, get, watch


def test_a_connect_sends_one_frame_to_its_socket_only(client):
    """Issue 23, defect 6: each connect used to push the full state to every socket."""
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    spectators = [watch(client, table_id) for _ in range(12)]
    try:
        for ws in spectators:  # each got its own state, once
            first = ws.receive_json()
            assert first["type"] == "state" and first["table"]["version"] == 0
        seat = watch(client, table_id, tokens[0])
        mine = seat.receive_json()
        assert mine["type"] == "state" and mine["table"]["seats"][0]["connected"]
        second = watch(client, table_id, tokens[0])  # the seat's second socket flips nothing
        assert second.receive_json()["type"] == "state"
        mover = get(client, table_id)["to_move"]
        token = tokens[mover]
        move = get(client, table_id, token)["legal"][0]
        assert client.post(f"/api/tables/{table_id}/moves", headers=auth(token),
                           json={"action": move, "version": 0}).status_code == 200
        for ws in spectators:
            # one small presence frame (seat 0's first socket), then the move: nothing else
            assert ws.receive_json() == {"type": "presence", "seat": 0, "connected": True}
            moved = ws.receive_json()
            assert moved["type"] == "state" and moved["table"]["version"] == 1
        for ws in (seat, second):
            moved = ws.receive_json()
            assert moved["type"] == "state" and moved["table"]["version"] == 1
        second.__exit__(None, None, None)
        seat.__exit__(None, None, None)
        assert spectators[0].receive_json() == {"type": "presence", "seat": 0, "connected": False}
        assert not get(client, table_id)["seats"][0]["connected"]
    finally:
        for ws in spectators:
            ws.__exit__(None, None, None)


def test_the_cache_is_bounded_and_an_evicted_tables_sockets_still_hear_it(make_client):
    """Issue 23, defect 8: every table ever read stayed in memory; an evicted table's sockets
    went silent."""
    client = make_client(cache_tables=2)
    hall = client.app.state.hall
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    ws = watch(client, table_id)
    try:
        assert ws.receive_json()["table"]["version"] == 0
        for _ in range(3):
            create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
        assert len(hall.cache) <= 2 and table_id not in hall.cache
        mover = get(client, table_id)["to_move"]
        move = get(client, table_id, tokens[mover])["legal"][0]
        r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[mover]),
                        json={"action": move, "version": 0})
        assert r.status_code == 200, r.text
        pushed = ws.receive_json()
        assert pushed["type"] == "state" and pushed["table"]["version"] == 1 and pushed["table"]["log"] == [move]
        assert len(hall.cache) <= 2
    finally:
        ws.__exit__(None, None, None)
