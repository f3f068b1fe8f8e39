"""The fast path (server/fastpath.py) answers exactly as the FastAPI routes would.

A query string sends a request on to FastAPI (the routes ignore unknown parameters), so
each case is asked both ways and the answers compared: status, body and headers.
"""

from __future__ import annotations

import random

import pytest

from meeple.server import fastpath
from tests.server.play import auth, create, get

GAME = ("lost-cities", ["human", "human"])


@pytest.fixture
def answered(monkeypatch):
    """How many answers the fast path rendered (each success renders one state)."""
    calls = []
    real = fastpath.state_json

    def counting(table):
        calls.append(table["version"])
        return real(table)

    monkeypatch.setattr(fastpath, "state_json", counting)
    return calls


def both(client, method: str, path: str, **kwargs):
    """The answer of the fast path and the answer of FastAPI's route, to the same request."""
    fast = client.request(method, path, **kwargs)
    routed = client.request(method, f"{path}?via=fastapi", **kwargs)
    return fast, routed


def same(fast, routed) -> None:
    assert fast.status_code == routed.status_code, (fast.text, routed.text)
    assert fast.content == routed.content
    assert sorted(fast.headers.items()) == sorted(routed.headers.items())


@pytest.mark.parametrize("who", ["seat", "other seat", "spectator"])
def test_a_state_is_the_routes_answer_byte_for_byte(client, answered, who):
    table, tokens = create(client, *GAME)
    token = {"seat": tokens[0], "other seat": tokens[1], "spectator": None}[who]
    fast, routed = both(client, "GET", f"/api/tables/{table}", headers=auth(token) if token else {})
    same(fast, routed)
    assert fast.status_code == 200
    assert answered == [0]  # the first answer was the fast path's, the second FastAPI's


@pytest.mark.parametrize(("path", "headers", "status"), [
    ("/api/tables/{table}", {"Authorization": "Bearer not-a-token"}, 403),
    ("/api/tables/{table}", {"Authorization": "Basic abc"}, 401),
    ("/api/tables/{table}", {"Authorization": "Bearer " + "x" * 300}, 422),
    ("/api/tables/999999", {}, 404),
    ("/api/tables/0", {}, 422),
    ("/api/tables/99999999999", {}, 422),
    ("/api/tables/{table}", {"Accept-Language": "fr"}, 200),
])
def test_a_refused_read_is_the_routes_refusal(client, path, headers, status):
    table, _ = create(client, *GAME)
    fast, routed = both(client, "GET", path.format(table=table), headers=headers)
    same(fast, routed)
    assert fast.status_code == status


def test_a_move_answers_the_state_the_route_shows_next(client, answered):
    table, tokens = create(client, *GAME)
    seat = get(client, table)["to_move"]
    state = get(client, table, tokens[seat])
    r = client.post(f"/api/tables/{table}/moves", headers=auth(tokens[seat]),
                    json={"action": state["legal"][0], "version": state["version"]})
    assert r.status_code == 200
    assert answered == [0, 0, 1]  # the two reads, then the move's answer
    routed = client.get(f"/api/tables/{table}?via=fastapi", headers=auth(tokens[seat]))
    assert r.content == routed.content
    assert sorted(r.headers.items()) == sorted(routed.headers.items())


@pytest.mark.parametrize(("body", "content_type", "status"), [
    (b'{"action": "play R7"}', "application/json", 422),  # no version
    (b'{"action": "play R7", "version": 0, "x": 1}', "application/json", 422),  # an unknown field
    (b'{"action": "play R7", "version": 0', "application/json", 422),  # not JSON
    (b'["play R7", 0]', "application/json", 422),  # not an object
    (b'{"action": "play R7", "version": 0}', "text/plain", 422),  # not declared JSON
    (b'{"action": "play\\u0000R7", "version": 0}', "application/json", 422),  # not printable
    (b'{"action": "no such move", "version": 0}', "application/json; charset=utf-8", 422),  # refused by the game
    (b'{"action": "play R7", "version": 5}', "application/json", 409),  # stale
])
def test_a_refused_move_is_the_routes_refusal_and_changes_nothing(client, body, content_type, status):
    table, tokens = create(client, *GAME)
    seat = get(client, table)["to_move"]
    before = get(client, table, tokens[seat])
    headers = {**auth(tokens[seat]), "Content-Type": content_type}
    fast, routed = both(client, "POST", f"/api/tables/{table}/moves", content=body, headers=headers)
    same(fast, routed)
    assert fast.status_code == status
    assert get(client, table, tokens[seat]) == before


def test_moves_without_a_token_or_by_the_wrong_seat_are_refused_alike(client):
    table, tokens = create(client, *GAME)
    seat = get(client, table)["to_move"]
    state = get(client, table, tokens[seat])
    move = {"action": state["legal"][0], "version": state["version"]}
    for headers, status in (({}, 401), (auth(tokens[1 - seat]), 403)):
        fast, routed = both(client, "POST", f"/api/tables/{table}/moves", json=move, headers=headers)
        same(fast, routed)
        assert fast.status_code == status
    assert get(client, table, tokens[seat]) == state


def test_a_whole_game_through_the_fast_path_matches_the_routes_at_every_step(client, answered):
    table, tokens = create(client, *GAME, options={"rounds": 1})
    rng = random.Random(3)
    state = get(client, table, tokens[0])
    while not state["over"]:
        seat = state["to_move"]
        mine = get(client, table, tokens[seat])
        for token in (*tokens.values(), None):
            same(*both(client, "GET", f"/api/tables/{table}", headers=auth(token) if token else {}))
        r = client.post(f"/api/tables/{table}/moves", headers=auth(tokens[seat]),
                        json={"action": rng.choice(mine["legal"]), "version": mine["version"]})
        assert r.status_code == 200, r.text
        state = r.json()
    same(*both(client, "GET", f"/api/tables/{table}"))
    assert len(answered) > 3 * state["version"]
