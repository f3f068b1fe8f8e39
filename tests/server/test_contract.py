"""Every route's answers against ``/openapi.json``: each status it gives is documented, and
each body matches the documented schema (issue 26: the contract is enforced, not only shown).

The test drives every documented operation, successes and refusals, and fails if one is
left out, so a new route must come with its case here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from meeple import games
from tests.server.play import auth, create, get, play_to_end, wait_for, watch


class Contract:
    """Calls routes through a test client and checks each answer against the spec."""

    def __init__(self, client) -> None:
        self.client = client
        self.spec = client.get("/openapi.json").json()
        self.seen: set[tuple[str, str]] = set()

    def schema(self, ref: dict[str, Any]) -> Draft202012Validator:
        return Draft202012Validator({**ref, "components": self.spec["components"]})

    def call(self, method: str, template: str, status: int, path: dict[str, Any] | None = None, **kwargs: Any):
        url = template.format(**(path or {}))
        r = self.client.request(method.upper(), url, **kwargs)
        assert r.status_code == status, (method, url, r.status_code, r.text)
        op = self.spec["paths"][template][method]
        documented = op["responses"]
        assert str(status) in documented, f"{method.upper()} {template} answers {status}, not documented"
        content = documented[str(status)].get("content", {}).get("application/json", {})
        if "schema" in content and content["schema"]:
            errors = sorted(self.schema(content["schema"]).iter_errors(r.json()), key=str)
            assert not errors, f"{method.upper()} {template} {status}: {errors[0].message}"
        self.seen.add((method, template))
        return r


@pytest.fixture
def contract(client):
    return Contract(client)


def test_every_route_answers_what_its_documentation_says(contract, client):
    c = contract
    c.call("get", "/api/games", 200)
    for name in games.names():
        c.call("get", "/api/games/{name}/glossary", 200, {"name": name})
    c.call("get", "/api/games/{name}/glossary", 404, {"name": "chess"})

    body = {"game": "lost-cities", "seats": ["human", "human"], "options": {"rounds": 1}}
    table = c.call("post", "/api/tables", 201, json=body).json()
    tid, tokens = table["id"], {int(k): v for k, v in table["tokens"].items()}
    c.call("post", "/api/tables", 422, json={**body, "seats": ["robot"]})
    c.call("get", "/api/tables", 200)
    c.call("get", "/api/tables", 422, params={"status": "done"})
    t = {"table_id": tid}
    c.call("get", "/api/tables/{table_id}", 200, t)
    c.call("get", "/api/tables/{table_id}", 401, t, headers={"Authorization": "Basic x"})
    c.call("get", "/api/tables/{table_id}", 403, t, headers=auth("nope"))
    c.call("get", "/api/tables/{table_id}", 404, {"table_id": 999})
    c.call("get", "/api/tables/{table_id}", 422, {"table_id": "abc"})

    first = get(client, tid)["to_move"]
    me, other = tokens[first], tokens[1 - first]
    legal = get(client, tid, me)["legal"]
    moves = "/api/tables/{table_id}/moves"
    c.call("post", moves, 401, t, json={"action": legal[0], "version": 0})
    c.call("post", moves, 403, t, headers=auth(other), json={"action": legal[0], "version": 0})
    c.call("post", moves, 409, t, headers=auth(me), json={"action": legal[0], "version": 7})
    c.call("post", moves, 422, t, headers=auth(me), json={"action": "fly", "version": 0})
    c.call("post", moves, 404, {"table_id": 999}, headers=auth(me), json={"action": legal[0], "version": 0})
    hint = "/api/tables/{table_id}/hint"
    c.call("get", hint, 200, t, headers=auth(me), params={"top": 2})
    c.call("get", hint, 401, t)
    c.call("get", hint, 403, t, headers=auth(other))
    c.call("get", hint, 422, t, headers=auth(me), params={"top": 99})
    play = next(a for a in legal if a.startswith(("play", "discard")))
    c.call("post", moves, 200, t, headers=auth(me), json={"action": play, "version": 0})
    undo = "/api/tables/{table_id}/undo"
    c.call("post", undo, 200, t, headers=auth(me), json={"version": 1})
    c.call("post", undo, 422, t, headers=auth(me), json={"version": 2})
    c.call("post", undo, 401, t, json={"version": 2})
    c.call("post", undo, 403, t, headers=auth(other), json={"version": 2})
    c.call("post", undo, 409, t, headers=auth(me), json={"version": 1})
    c.call("get", "/api/tables/{table_id}/record", 409, t)
    c.call("get", "/api/tables/{table_id}/story", 200, t, headers=auth(me))
    c.call("get", "/api/tables/{table_id}/story", 403, t, headers=auth("nope"))
    frame = "/api/tables/{table_id}/replay/{ply}"
    c.call("get", frame, 200, {**t, "ply": 0})
    c.call("get", frame, 403, {**t, "ply": 0}, params={"seat": 1 - first})
    c.call("get", frame, 422, {**t, "ply": 40})

    waiting = c.call("post", "/api/tables", 201, json={**body, "seats": ["human", "open"]}).json()
    w = {"table_id": waiting["id"]}
    c.call("post", "/api/tables/{table_id}/join", 200, w, json={"name": "Bea"})
    c.call("post", "/api/tables/{table_id}/join", 409, w, json={})
    c.call("post", "/api/tables/{table_id}/join", 404, {"table_id": 999}, json={})
    c.call("post", "/api/tables/{table_id}/join", 422, w, json={"seat": "first"})

    final = play_to_end(client, tid, tokens, random.Random(5))
    c.call("get", hint, 409, t, headers=auth(me))
    record = c.call("get", "/api/tables/{table_id}/record", 200, t).json()
    c.call("get", frame, 200, {**t, "ply": len(final["log"])}, params={"seat": 1})
    uploaded = c.call("post", "/api/replays", 200, json=record).json()
    c.call("post", "/api/replays", 422, json={**record, "actions": None})
    c.call("post", "/api/replays", 413, content=b"{" + b" " * 70_000 + b"}",
           headers={"content-type": "application/json"})
    c.call("get", "/api/replays/{key}/{ply}", 200, {"key": uploaded["id"], "ply": 3}, params={"seat": 0})
    c.call("get", "/api/replays/{key}/{ply}", 404, {"key": "record:none", "ply": 3})

    c.call("get", "/api/lessons", 200)
    lesson = c.call("post", "/api/lessons/{game}", 201, {"game": "lost-cities"}, json={"name": "Ada"}).json()
    c.call("post", "/api/lessons/{game}", 404, {"game": "chess"})
    c.call("post", "/api/lessons/{game}", 422, {"game": "lost-cities"}, json={"seed": 1})
    lt = {"table_id": lesson["id"]}
    c.call("get", "/api/lessons/tables/{table_id}", 200, lt)
    c.call("get", "/api/lessons/tables/{table_id}", 404, t)
    c.call("get", "/api/lessons/tables/{table_id}", 422, {"table_id": 0})
    learner = auth(lesson["tokens"]["0"])
    step = wait_for(client, lesson["id"], lambda s: s["to_move"] == 0, lesson["tokens"]["0"])
    lmoves = "/api/lessons/tables/{table_id}/moves"
    wrong = next(a for a in step["legal"] if a != "play YH")
    c.call("post", lmoves, 422, lt, headers=learner, json={"action": wrong, "version": step["version"]})
    c.call("post", lmoves, 401, lt, json={"action": "play YH", "version": step["version"]})
    c.call("post", lmoves, 403, lt, headers=auth("nope"), json={"action": "play YH", "version": step["version"]})
    c.call("post", lmoves, 409, lt, headers=learner, json={"action": "play YH", "version": step["version"] + 5})
    c.call("post", lmoves, 404, t, headers=learner, json={"action": "play YH", "version": 0})
    c.call("post", lmoves, 200, lt, headers=learner, json={"action": "play YH", "version": step["version"]})

    documented = {(m, p) for p, ops in c.spec["paths"].items() for m in ops}
    assert documented - c.seen == set(), f"routes the contract test does not call: {documented - c.seen}"


def test_websocket_messages_match_their_documented_schema(contract, client):
    table_id, tokens = create(client, "lost-cities", ["human", "bot:random"], options={"rounds": 1})
    schema = contract.schema({"$ref": "#/components/schemas/WsMessage"})
    spectator, seat = watch(client, table_id), watch(client, table_id, tokens[0])
    try:
        messages = [seat.receive_json(), spectator.receive_json()]
        for _ in range(6):  # the seat's arrival, perhaps behind the bot's first moves (play, draw)
            messages.append(spectator.receive_json())
            if messages[-1]["type"] == "presence":
                break
        assert {m["type"] for m in messages} == {"state", "presence"}
        with client.websocket_connect(f"/ws/tables/{table_id}") as refused:
            refused.send_json({"type": "auth", "token": "nope"})
            messages.append(refused.receive_json())
        for message in messages:
            errors = list(schema.iter_errors(message))
            assert not errors, (message["type"], errors[0].message)
    finally:
        spectator.__exit__(None, None, None)
        seat.__exit__(None, None, None)
