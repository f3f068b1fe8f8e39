"""Refusals name the problem and change nothing; double submissions apply once."""

from __future__ import annotations

import threading
from datetime import datetime

import pytest
import sqlalchemy as sa

from meeple import games
from tests.server.play import auth, create, get

LC = {"game": "lost-cities", "options": {"rounds": 1}}


def two_humans(client):
    return create(client, "lost-cities", ["human", "human"], options={"rounds": 1})


def events(engine, table_id):
    """The changes after the table's creation (event 0)."""
    with engine.connect() as c:
        return c.execute(sa.text("select version, kind, seat, action from server_events "
                                 "where table_id = :i and version > 0 order by version"), {"i": table_id}).fetchall()


def test_games_lists_players_options_and_bots(client):
    body = client.get("/api/games").json()
    assert [g["name"] for g in body] == games.names()
    lc = body[0]
    assert (lc["min_players"], lc["max_players"]) == (2, 2)
    rounds = next(o for o in lc["options"] if o["name"] == "rounds")
    assert rounds["default"] == 3 and rounds["choices"] == [1, 2, 3, 4, 5]
    assert {b["name"] for b in lc["bots"]} == {"random", "greedy", "ismcts"}
    lewis_clark = next(g for g in body if g["name"] == "lewis-clark")
    planner = next(b for b in lewis_clark["bots"] if b["name"] == "planner")  # it plans whole turns
    assert {"worlds", "candidates", "max_seconds"} <= set(planner["params"])
    r = client.post("/api/tables", json={**LC, "seats": ["human", "bot:planner"]})
    assert r.status_code == 422 and "no whole turns to plan" in r.text


def test_creating_a_table_hands_out_a_token_per_human_seat(client):
    r = client.post("/api/tables", json={**LC, "seats": ["human", "bot:greedy"], "names": ["Ann", None]})
    assert r.status_code == 201
    body = r.json()
    assert set(body["tokens"]) == {"0"} and len(body["tokens"]["0"]) >= 43  # 256 bits
    table = body["table"]
    assert table["seat"] == 0 and table["version"] == 0 and table["status"] == "playing"
    assert table["seats"][0] == {"seat": 0, "kind": "human", "bot": None, "name": "Ann", "connected": False}
    assert table["seats"][1]["kind"] == "bot" and table["seats"][1]["bot"] == "greedy"
    assert len(table["commitment"]) == 64 and table["seed"] is None


def test_tokens_are_stored_hashed(client, engine):
    table_id, tokens = two_humans(client)
    with engine.connect() as c:
        stored = [r[0] for r in c.execute(sa.text("select token_hash from server_seats where table_id = :i"),
                                          {"i": table_id})]
    assert tokens[0] not in stored and tokens[1] not in stored
    assert all(len(h) == 64 for h in stored)


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "chess", "seats": ["human"]}, "no game called 'chess'"),
    ({**LC, "seats": ["human"]}, "played by 2 players"),
    ({**LC, "seats": ["human", "human"], "players": 3}, "played by 2 players"),
    ({"game": "little-town", "seats": ["human", "human"], "players": 3}, "give one seat per player"),
    ({**LC, "seats": ["human", "robot"]}, "a seat is human, open or bot:NAME"),
    ({**LC, "seats": ["human", "bot:genius"]}, "no bot called 'genius'"),
    ({**LC, "seats": ["human", "bot:ismcts:depth=3"]}, "no parameter 'depth"),
    ({"game": "lost-cities", "seats": ["human", "human"], "options": {"rounds": 9}}, "allowed values: 1, 2, 3, 4, 5"),
    ({"game": "lost-cities", "seats": ["human", "human"], "options": {"speed": 1}}, "no option 'speed'"),
    ({**LC, "seats": ["human", "human"], "clock": {"initial": 60, "on_timeout": "cry"}}, "forfeit or bot:NAME"),
    ({**LC, "seats": ["human", "human"], "clock": {"initial": -1}}, "clock.initial"),
    ({**LC, "seats": ["human", "human"], "colour": "red"}, "colour"),
    ({**LC, "seats": []}, "seats"),
])
def test_bad_tables_are_refused_with_the_reason(client, body, says):
    before = client.get("/api/tables").json()
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert says in r.json()["detail"]
    assert client.get("/api/tables").json() == before


def test_listing_tables(client):
    a, _ = two_humans(client)
    b, _ = create(client, "little-town", ["human", "open", "bot:random"])
    rows = client.get("/api/tables").json()
    assert [r["id"] for r in rows[:2]] == [b, a]
    assert rows[0]["status"] == "waiting" and rows[0]["open_seats"] == [1]
    assert [r["id"] for r in client.get("/api/tables", params={"status": "waiting"}).json()] == [b]
    assert [r["id"] for r in client.get("/api/tables", params={"game": "lost-cities"}).json()] == [a]
    assert "seed" not in rows[0] and "salt" not in rows[0]
    r = client.get("/api/tables", params={"status": "done"})
    assert r.status_code == 422 and "waiting, playing or over" in r.json()["detail"]


def test_an_open_seat_is_joined_then_the_game_starts(client):
    table_id, tokens = create(client, "lost-cities", ["human", "open"], options={"rounds": 1})
    waiting = get(client, table_id, tokens[0])
    assert waiting["status"] == "waiting" and waiting["legal"] == []
    r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[0]),
                    json={"action": "draw deck", "version": 0})
    assert r.status_code == 409 and "waiting for seats [1]" in r.json()["detail"]
    r = client.post(f"/api/tables/{table_id}/join", json={"name": "Bea"})
    assert r.status_code == 200
    joined = r.json()
    assert joined["seat"] == 1 and joined["table"]["seats"][1]["name"] == "Bea"
    assert get(client, table_id, joined["token"])["seat"] == 1
    seat_tokens = {0: tokens[0], 1: joined["token"]}
    first = get(client, table_id)["to_move"]
    playing = get(client, table_id, seat_tokens[first])
    assert playing["status"] == "playing" and playing["legal"]
    r = client.post(f"/api/tables/{table_id}/join", json={})
    assert r.status_code == 409 and "no open seat" in r.json()["detail"]


def test_joining_a_seat_that_is_not_open(client):
    table_id, _ = create(client, "little-town", ["human", "open", "open"])
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    assert r.status_code == 409 and "open seats: 1, 2" in r.json()["detail"]


def mover(client, table_id, tokens):
    """The tokens of the seat to move and of the other seat (the first player is dealt)."""
    first = get(client, table_id)["to_move"]
    return tokens[first], tokens[1 - first], first


def test_refused_moves_change_nothing(client, engine):
    table_id, tokens = two_humans(client)
    me, other, first = mover(client, table_id, tokens)
    start = get(client, table_id, me)
    legal = start["legal"][0]
    url = f"/api/tables/{table_id}/moves"
    cases = [
        # (headers, body or raw, status, words in the detail)
        ({}, {"action": legal, "version": 0}, 401, "Authorization: Bearer"),
        ({"Authorization": "Basic abc"}, {"action": legal, "version": 0}, 401, "Bearer TOKEN"),
        (auth("not-a-token"), {"action": legal, "version": 0}, 403, "not a seat's token"),
        (auth(other), {"action": legal, "version": 0}, 403, f"seat {first}'s turn, not seat {1 - first}'s"),
        (auth(me), {"action": legal, "version": 5}, 409, "version 5 is stale"),
        (auth(me), {"action": "play Q11", "version": 0}, 422, "not an action"),
        (auth(me), {"action": "draw deck", "version": 0}, 422, "not legal"),
        (auth(me), {"action": legal}, 422, "version is required"),
        (auth(me), {"action": legal, "version": "zero"}, 422, "version"),
        (auth(me), {"action": legal, "version": 0, "extra": 1}, 422, "extra"),
        (auth(me), b'{"action": "play', 422, "not valid JSON"),
        (auth(me), b"[1, 2]", 422, "JSON object"),
    ]
    for headers, body, status, says in cases:
        if isinstance(body, bytes):
            r = client.post(url, headers={**headers, "Content-Type": "application/json"}, content=body)
        else:
            r = client.post(url, headers=headers, json=body)
        assert r.status_code == status, (body, r.text)
        assert says in r.json()["detail"], (body, r.json())
    r = client.post(url, headers=auth(me), json={"action": "draw deck", "version": 0})
    assert r.json()["legal"] == start["legal"]
    assert get(client, table_id, me) == start
    assert events(engine, table_id) == []


def test_oversized_bodies_are_refused_with_413(client):
    table_id, tokens = two_humans(client)
    big = {"action": "x" * 70_000, "version": 0}
    r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[0]), json=big)
    assert r.status_code == 413 and "64 KiB" in r.json()["detail"]

    def chunks():  # no Content-Length: the limit is counted as the body streams in
        for _ in range(100):
            yield b" " * 1024

    r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[0]), content=chunks())
    assert r.status_code == 413
    assert get(client, table_id)["version"] == 0


def test_unknown_tables_and_routes(client):
    for r in (client.get("/api/tables/999"), client.post("/api/tables/999/moves", json={"action": "x", "version": 0},
                                                           headers=auth("t")),
              client.get("/api/tables/999/record"), client.post("/api/tables/999/join", json={})):
        assert r.status_code == 404 and "no table 999" in r.json()["detail"]
    r = client.get("/api/nothing")
    assert r.status_code == 404 and "/docs" in r.json()["detail"]
    r = client.get("/api/tables/abc")
    assert r.status_code == 422 and "table_id" in r.json()["detail"]


def test_a_wrong_token_on_get_is_refused_not_treated_as_a_spectator(client):
    table_id, _ = two_humans(client)
    other_id, other_tokens = two_humans(client)
    r = client.get(f"/api/tables/{table_id}", headers=auth(other_tokens[0]))
    assert r.status_code == 403


def test_the_same_move_sent_twice_at_once_is_applied_once(client, engine):
    table_id, tokens = two_humans(client)
    me, _, first = mover(client, table_id, tokens)
    state = get(client, table_id, me)
    move = {"action": state["legal"][0], "version": 0}
    barrier = threading.Barrier(4)
    answers: list[int] = []

    def send():
        barrier.wait()
        r = client.post(f"/api/tables/{table_id}/moves", headers=auth(me), json=move)
        answers.append(r.status_code)

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 409, 409, 409]
    assert events(engine, table_id) == [(1, "move", first, move["action"])]
    assert get(client, table_id)["log"] == [move["action"]]


def test_the_database_refuses_a_second_event_with_the_same_version(engine, client):
    from meeple.server import storage

    table_id, tokens = two_humans(client)
    me, _, first = mover(client, table_id, tokens)
    state = get(client, table_id, me)
    r = client.post(f"/api/tables/{table_id}/moves", headers=auth(me),
                    json={"action": state["legal"][0], "version": 0})
    assert r.status_code == 200
    store = storage.Store(engine)
    try:
        with pytest.raises(storage.Stale):  # a second server that saw version 0 writes version 1
            store.append(table_id, storage.Event(1, "move", first, state["legal"][1], None,
                                                 storage.utc(datetime.now())), {})
    finally:
        store.close()
    assert len(events(engine, table_id)) == 1


def test_the_record_is_withheld_until_the_end(client):
    table_id, _ = two_humans(client)
    r = client.get(f"/api/tables/{table_id}/record")
    assert r.status_code == 409 and "when the game is over" in r.json()["detail"]


def test_openapi_documents_every_route_with_models(client):
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path, method in [("/api/games", "get"), ("/api/tables", "post"), ("/api/tables", "get"),
                         ("/api/tables/{table_id}", "get"), ("/api/tables/{table_id}/join", "post"),
                         ("/api/tables/{table_id}/moves", "post"), ("/api/tables/{table_id}/undo", "post"),
                         ("/api/tables/{table_id}/record", "get")]:
        op = paths[path][method]
        assert op.get("summary"), (path, method)
        assert "200" in op["responses"] or "201" in op["responses"]
    for model in ("TableState", "NewTable", "Move", "ErrorBody", "WsMessage", "GameInfo"):
        assert model in spec["components"]["schemas"], model
    assert "/ws/tables/{table_id}" in spec["info"]["description"]
    assert client.get("/docs").status_code == 200


def test_a_read_while_another_process_writes_is_one_gap_free_snapshot(engine, client):
    """Issue 23, defect 8: ``load_table`` read the row and the events in separate statements,
    so a move committed in between gave a torn table ("not legal" instead of 409). A reader
    on its own connection, while a writer appends version after version, must see every
    time a gap-free run from the version it asked after: never a hole, never a rewind."""
    from meeple.server import storage

    table_id, _ = two_humans(client)
    writer, reader = storage.Store(engine), storage.Store(engine)
    done, reading = threading.Event(), threading.Event()

    def write() -> None:
        try:
            # the reader reads first: on a loaded machine the writer could otherwise
            # finish all 200 versions before the reader's first read, and test nothing
            reading.wait(60)
            for version in range(1, 201):
                writer.append(table_id, storage.Event(version, "move", version % 2, f"m{version}", None,
                                                      storage.utc(datetime.now())), {})
        finally:
            done.set()

    thread = threading.Thread(target=write)
    thread.start()
    try:
        last, reads = 0, 0
        while not done.is_set() or last < 200:
            seen = [e.version for e in reader.events_after(table_id, 0)]
            assert seen == list(range(1, len(seen) + 1)), f"a torn read: {seen[-5:]}"
            assert len(seen) >= last, "a later read saw fewer events than an earlier one"
            last, reads = len(seen), reads + 1
            reading.set()
        assert last == 200 and reads > 1
    finally:
        thread.join()
        writer.close()
        reader.close()
