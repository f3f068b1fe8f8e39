"""The server opened to strangers: each defect of issue 23 that one request could trigger,
tried as a stranger would, on SQLite and PostgreSQL (the ``client`` fixture runs both)."""

from __future__ import annotations

import json
import logging

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.seats import refused
from tests.server.play import auth, closed_with, create, get, watch

LC = {"game": "lost-cities", "options": {"rounds": 1}}


def two_humans(client):
    return create(client, "lost-cities", ["human", "human"], options={"rounds": 1})


def mover(client, table_id, tokens):
    first = get(client, table_id)["to_move"]
    return first, tokens[first]


# ---- 1: a running table's hands were readable through the upload replays -------------------
def test_a_tables_past_positions_are_not_reachable_as_an_upload(client):
    table_id, tokens = two_humans(client)
    seat, token = mover(client, table_id, tokens)
    move = get(client, table_id, token)["legal"][0]
    assert client.post(f"/api/tables/{table_id}/moves", headers=auth(token),
                       json={"action": move, "version": 0}).status_code == 200
    assert client.get(f"/api/tables/{table_id}/replay/1").status_code == 200  # the spectators' frame
    for key in (f"table:{table_id}:1", f"table:{table_id}:0", f"{table_id}:1"):
        for other in (0, 1):
            r = client.get(f"/api/replays/{key}/0?seat={other}")
            assert r.status_code == 404, (key, r.text)
            assert "hand" not in r.text
    r = client.get(f"/api/tables/{table_id}/replay/0?seat={1 - seat}")
    assert r.status_code == 403  # the only way to a seat's past view authenticates it


# ---- 2: a bot spec could make the server open a file -----------------------------------------
SERVER_ONLY = ["ismcts:net=/dev/stdin", "ismcts:net=/dev/tty", "ismcts:net=/dev/null", "ismcts:net=/etc/passwd",
               "ismcts:net=/no/such/file", "ismcts:net=../../x.npz", "ismcts:workers=64", "ismcts:workers=1",
               "ISMCTS:Net=/dev/null"]


@pytest.mark.parametrize("spec", SERVER_ONLY)
def test_files_and_workers_are_refused_with_one_identical_answer(client, monkeypatch, spec):
    from meeple.rl import network

    def never(*_args, **_kwargs):
        raise AssertionError("a client's request opened a network file")

    monkeypatch.setattr(network.Network, "load", never)
    answers = set()
    for body in ({**LC, "seats": ["human", f"bot:{spec}"]},
                 {**LC, "seats": ["human", "human"], "clock": {"initial": 60, "on_timeout": f"bot:{spec}"}}):
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, r.text
        answers.add(r.json()["detail"])
    assert answers == {refused(("default",))}
    assert client.get("/api/tables").json() == []


def test_the_shipped_network_is_named_not_a_file(client, monkeypatch):
    from meeple.rl import network

    monkeypatch.setattr(network.Network, "load", lambda *a, **k: pytest.fail("checking a spec loaded a network"))
    r = client.post("/api/tables", json={**LC, "seats": ["human", "bot:ismcts:net=default,iterations=5"]})
    assert r.status_code == 201, r.text
    r = client.post("/api/tables", json={"game": "lowlands", "seats": ["human", "bot:ismcts:net=default"]})
    assert r.status_code == 422 and "lost-cities only" in r.json()["detail"]


def test_a_bots_budget_is_capped_by_the_server_not_the_spec():
    """The ceiling goes through the bot's constructor: it caps seconds and stops a huge
    iterations budget too (the search loop reads both)."""
    from meeple import bots, games

    game = games.get("lost-cities")
    assert bots.get("ismcts:seconds=100000", game, max_seconds=2.0).seconds == 2.0
    huge = bots.get("ismcts:iterations=1000000000", game, max_seconds=2.0)
    assert (huge.iterations, huge.seconds) == (1_000_000_000, 2.0)
    assert bots.get("ismcts:seconds=0.5", game, max_seconds=2.0).seconds == 0.5
    with pytest.raises(Exception, match="max_seconds must be more than 0"):
        bots.get("ismcts", game, max_seconds=0)


# ---- 4 (both databases) and 9: bad input is a 4xx with a clear message ------------------------
BAD_TABLES = [
    ({**LC, "seats": ["human", "human"], "names": ["Ann\x00", None]}, 422, "printable"),
    ({**LC, "seats": ["human", "human"], "names": ["\ud800", None]}, 422, "names.0"),
    ({**LC, "seats": ["human", "bot:ismcts:" + "seed=1," * 40]}, 422, "at most 200"),
    ({**LC, "seats": ["human", "bot:greedy" + " " * 300]}, 422, "at most 200"),
    ({**LC, "seats": ["human", "human"], "clock": {"initial": 60, "on_timeout": "bot:" + "r" * 300}}, 422,
     "at most 200"),
    ({**LC, "seats": ["human", "human"], "players": None, "options": {"rounds": [1]}}, 422, "options.rounds"),
    ({**LC, "seats": ["human", "human"], "options": {"rounds": {"a": {"b": 1}}}}, 422, "options.rounds"),
    ({**LC, "seats": ["human", "human"], "players": 2**63}, 422, "players"),
    ({**LC, "seats": None}, 422, "seats"),
    ({"game": "lost\x00cities", "seats": ["human", "human"]}, 422, "printable"),
]


@pytest.mark.parametrize(("body", "status", "says"), BAD_TABLES, ids=range(len(BAD_TABLES)))
def test_bad_tables_are_4xx_on_every_database(client, body, status, says):
    r = client.post("/api/tables", content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code == status, r.text
    assert says in r.json()["detail"], r.json()
    assert client.get("/api/tables").json() == []


def test_ids_and_numbers_at_the_integer_limits_are_4xx(client):
    table_id, tokens = two_humans(client)
    seat, token = mover(client, table_id, tokens)
    for big in (2**31, 2**63, 2**64, -1):
        paging = f"/api/tables?before={big if big != 2**31 else 2**31 + 1}"
        for path in (f"/api/tables/{big}", f"/api/tables/{big}/story", f"/api/tables/{big}/record",
                     f"/api/tables/{big}/replay/0", paging, f"/api/tables/{table_id}/replay/{big}",
                     f"/api/tables/{table_id}/story?since={big}", f"/api/tables/{table_id}/replay/0?seat={big}"):
            r = client.get(path)
            assert 400 <= r.status_code < 500, (path, r.status_code, r.text)
            assert r.json()["detail"]
        for body in ({"action": "draw deck", "version": big}, {"action": "draw deck", "version": 0, "seat": big}):
            r = client.post(f"/api/tables/{table_id}/moves", headers=auth(token), json=body)
            assert 400 <= r.status_code < 500, r.text
        r = client.post(f"/api/tables/{table_id}/join", json={"seat": big})
        assert 400 <= r.status_code < 500, r.text
    assert get(client, table_id)["version"] == 0


BAD_UPLOADS = [
    {"game": "lost-cities", "players": 2, "seed": 1, "options": [1, 2], "actions": []},
    {"game": "lost-cities", "players": 2, "seed": 1, "actions": None},
    {"game": "lost-cities", "players": None, "seed": 1, "actions": []},
    {"game": "lost-cities", "players": 2, "seed": 2**80, "actions": []},
    {"game": "lost-cities", "players": 2, "seed": 1, "actions": ["\ud800"]},
    {"game": "lost-cities", "players": 2, "seed": 1, "actions": [], "seats": ["a"]},
    {"game": "lost-cities", "players": 9, "seed": 1, "actions": []},
    [1, 2, 3],
]


@pytest.mark.parametrize("body", BAD_UPLOADS, ids=range(len(BAD_UPLOADS)))
def test_bad_uploads_are_422(client, body):
    r = client.post("/api/replays", content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["detail"]


def test_deep_nesting_is_refused_before_it_is_parsed(client):
    deep = "[" * 100_00 + "]" * 100_00
    for path in ("/api/tables", "/api/replays", "/api/tables/1/moves"):
        r = client.post(path, content=deep, headers={"content-type": "application/json"})
        assert r.status_code == 422 and "max_depth" in r.json()["detail"], r.text
    brackets_in_text = json.dumps({**LC, "seats": ["human", "human"], "names": ["[[[[[[[[[[[[[[[[[[[[", None]})
    assert client.post("/api/tables", content=brackets_in_text,
                       headers={"content-type": "application/json"}).status_code == 201


def test_an_unexpected_error_is_a_500_with_an_id_in_the_log(client, monkeypatch, caplog):
    hall = client.app.state.hall

    async def broken(*_args, **_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(hall, "list_tables", broken)
    stranger = TestClient(client.app, raise_server_exceptions=False)  # as a real server answers
    with caplog.at_level(logging.ERROR, logger="meeple.server"):
        r = stranger.get("/api/tables")
    assert r.status_code == 500
    body = r.json()
    assert body["error_id"] in body["detail"] and "Traceback" not in r.text and "a bug" not in r.text
    assert any(body["error_id"] in rec.getMessage() and rec.exc_info for rec in caplog.records)


# ---- 5: tokens never in a URL -----------------------------------------------------------------
def test_a_token_in_the_websocket_url_is_refused(client):
    table_id, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws:
        msg, code = closed_with(ws)
        assert msg["type"] == "error" and "never goes in the URL" in msg["detail"] and code == 4400
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text("hello")
        assert "first message must be" in ws.receive_json()["detail"]


def test_a_socket_that_never_says_who_it_is_is_closed(make_client):
    client = make_client(ws_auth_seconds=0.2)
    table_id, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        msg, code = closed_with(ws)
        assert msg["type"] == "error" and "no first message" in msg["detail"] and code == 4401


# ---- 7: a seat handed to a bot ------------------------------------------------------------------
def test_on_timeout_is_read_case_insensitively_and_revokes_the_old_token(make_client, fake_time):
    client = make_client(now=fake_time)
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1},
                              clock={"initial": 10, "on_timeout": "Bot:Random"})
    first, token = mover(client, table_id, tokens)
    assert get(client, table_id)["clock"]["on_timeout"] == "bot:Random"
    fake_time.advance(11)
    legal = get(client, table_id, token)["legal"]
    r = client.post(f"/api/tables/{table_id}/moves", headers=auth(token), json={"action": legal[0], "version": 0})
    assert r.status_code == 409 and "clock ran out" in r.json()["detail"]
    state = get(client, table_id, token)  # the old token may still watch
    assert state["seat"] == first and state["seats"][first]["kind"] == "bot" and state["legal"] == []
    assert not state["over"], "Bot:random was read as forfeit"
    for path, body in (("moves", {"action": legal[0], "version": state["version"]}),
                       ("undo", {"version": state["version"]})):
        r = client.post(f"/api/tables/{table_id}/{path}", headers=auth(token), json=body)
        assert r.status_code in (403, 409), r.text
        if r.status_code == 403:
            assert "handed to bot:Random" in r.json()["detail"]
    r = client.get(f"/api/tables/{table_id}/hint", headers=auth(token))
    assert r.status_code in (403, 409)


# ---- 10: limits and headers ------------------------------------------------------------------------
def test_tables_per_client_per_minute_and_open_tables_are_limited(make_client):
    client = make_client(tables_per_minute=3)
    for _ in range(3):
        two_humans(client)
    r = client.post("/api/tables", json={**LC, "seats": ["human", "human"]})
    assert r.status_code == 429 and "tables_per_minute" in r.json()["detail"] and r.headers["retry-after"]
    other = make_client(max_open_tables=3)
    r = other.post("/api/tables", json={**LC, "seats": ["human", "human"]})
    assert r.status_code == 429 and "max_open_tables" in r.json()["detail"]


def test_sockets_per_table_are_limited(make_client):
    client = make_client(sockets_per_table=2)
    table_id, _ = two_humans(client)
    open_ = [watch(client, table_id), watch(client, table_id)]
    try:
        for ws in open_:
            assert ws.receive_json()["type"] == "state"
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "auth", "token": None})
            msg, code = closed_with(ws)
            assert msg["type"] == "error" and "sockets_per_table" in msg["detail"] and code == 4429
    finally:
        for ws in open_:
            ws.__exit__(None, None, None)


def test_the_client_pages_carry_security_headers(client):
    for path in ("/", "/tables/3", "/static/app.js"):
        r = client.get(path)
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    r = client.get("/api/games")
    assert r.headers["x-content-type-options"] == "nosniff"


def test_a_websocket_from_another_sites_page_is_refused(make_client):
    client = make_client(allowed_origins=("https://games.example",))
    table_id, _ = two_humans(client)
    evil = {"origin": "https://evil.example"}
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/ws/tables/{table_id}", headers=evil):
        pass
    for origin in ("http://testserver", "https://games.example"):
        ws = watch(client, table_id, None, origin=origin)
        try:
            assert ws.receive_json()["type"] == "state"
        finally:
            ws.__exit__(None, None, None)
