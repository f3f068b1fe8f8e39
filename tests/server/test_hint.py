"""GET /api/tables/{id}/hint: the search bot's top moves for the seat to move, computed
from that seat's information only, and refused to everyone else."""

from __future__ import annotations

import random
import time

import pytest

from meeple import games
from meeple.bots.ismcts import Candidate, ISMCTSBot
from meeple.server import worker
from tests.server.play import auth, create, get


def two_humans(client):
    """A table of two humans: its id, the tokens, the seat to move and the other seat."""
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    mover = get(client, table_id)["to_move"]
    return table_id, tokens, mover, 1 - mover


def test_the_seat_to_move_gets_three_legal_moves_with_visits_and_win_chances(make_client):
    client = make_client(hint_seconds=0.05)
    table_id, tokens, mover, _ = two_humans(client)
    before = get(client, table_id, tokens[mover])
    r = client.get(f"/api/tables/{table_id}/hint", headers=auth(tokens[mover]))
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["id"], body["seat"], body["version"]) == (table_id, mover, before["version"])
    moves = body["moves"]
    assert len(moves) == 3
    assert {m["action"] for m in moves} <= set(before["legal"])
    assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    assert all(m["visits"] >= 1 and 0.0 <= m["win"] <= 1.0 for m in moves)
    assert body["simulations"] >= sum(m["visits"] for m in moves)
    assert not any(m["kept"] for m in moves)  # Lost Cities never defers to a plan
    # asking changes nothing
    assert get(client, table_id, tokens[mover]) == before
    r = client.get(f"/api/tables/{table_id}/hint?top=1", headers=auth(tokens[mover]))
    assert len(r.json()["moves"]) == 1


def test_hints_are_refused_to_spectators_other_seats_and_finished_games(make_client):
    client = make_client(hint_seconds=0.05)
    table_id, tokens, mover, other = two_humans(client)
    url = f"/api/tables/{table_id}/hint"
    r = client.get(url)
    assert r.status_code == 401 and "Bearer TOKEN" in r.json()["detail"]
    r = client.get(url, headers=auth("not-a-token"))
    assert r.status_code == 403 and "not a seat's token" in r.json()["detail"]
    r = client.get(url, headers=auth(tokens[other]))
    assert r.status_code == 403 and f"seat {mover}'s turn, not seat {other}'s" in r.json()["detail"]
    assert client.get("/api/tables/9999/hint", headers=auth(tokens[mover])).status_code == 404
    # play the round out with random moves, then ask again
    rng = random.Random(3)
    while True:
        state = get(client, table_id)
        if state["over"]:
            break
        seat = state["to_move"]
        mine = get(client, table_id, tokens[seat])
        client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[seat]),
                    json={"action": rng.choice(mine["legal"]), "version": mine["version"]})
    r = client.get(url, headers=auth(tokens[mover]))
    assert r.status_code == 409 and "is over" in r.json()["detail"]


def test_the_search_never_receives_the_true_state(make_client, monkeypatch):
    client = make_client(hint_seconds=0.05)
    table_id, tokens, mover, other = two_humans(client)
    hall = client.app.state.hall
    seen = []

    async def record(key, world, seconds, top=3):
        seen.append(world)
        return {"simulations": 0, "moves": []}

    monkeypatch.setattr(hall.bots, "advise", record)
    for _ in range(3):
        assert client.get(f"/api/tables/{table_id}/hint", headers=auth(tokens[mover])).status_code == 200
    true = hall.cache[table_id].state
    for world in seen:
        assert world is not true
        assert world.view(mover) == true.view(mover)  # the same position for the asking seat
    # the rival's hand and the deck are redrawn: what the seat cannot see is not the truth
    assert any(sorted(w.hands[other]) != sorted(true.hands[other]) for w in seen)
    assert any(w.deck != true.deck for w in seen)


def test_a_hint_stops_when_its_client_leaves(tmp_path):
    """Issue 23, defect 3: hints kept running after the client left. Against a real server
    with a 30-second hint budget: a client that gives up after a moment frees its seat's
    hint at once (a second request is taken, not refused as one already in flight)."""
    import httpx

    from tests.server.procs import Server

    server = Server(f"sqlite:///{tmp_path / 'hint.sqlite3'}", tmp_path / "hint.log",
                    "--bot-seconds", "30", "--hint-seconds", "30")
    try:
        table_id, tokens = create(server.client, "lost-cities", ["human", "human"], options={"rounds": 1})
        mover = get(server.client, table_id)["to_move"]
        url = f"{server.url}/api/tables/{table_id}/hint"
        with pytest.raises(httpx.TimeoutException):  # searching when the client hangs up
            httpx.get(url, headers=auth(tokens[mover]), timeout=1.5)
        # the server hears the hang-up within moments; a hint still running would be
        # refused as in flight (429) for the rest of its 30 seconds
        end = time.monotonic() + 10
        while True:
            try:
                r = httpx.get(url, headers=auth(tokens[mover]), timeout=1.5)
            except httpx.TimeoutException:
                break  # taken: the first hint was stopped
            assert r.status_code == 429, r.text
            assert time.monotonic() < end, "the hint of a client that left kept running"
            time.sleep(0.2)
    finally:
        server.stop()


def test_advice_marks_the_plans_move_the_bot_keeps(monkeypatch):
    # where the search defers to the game's plan (Lewis & Clark at 2 players), the move it
    # plays leads the list with fewer visits; the answer says so, for the browser to show
    g = games.get("lewis-clark")
    world = g.new(2, 1)
    plan, other = world.legal_actions()[:2]
    monkeypatch.setattr(ISMCTSBot, "analyse", lambda self, state, top=None: [
        Candidate(plan, 40, 0.5, kept=True), Candidate(other, 60, 0.52)])
    body = worker.advise(world, seed=1, seconds=0.01, top=2)
    assert [(m["action"], m["kept"]) for m in body["moves"]] == [(str(plan), True), (str(other), False)]
