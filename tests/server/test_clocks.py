"""Clocks: time is charged to the seat to move; a flag hands the seat to a bot or forfeits it."""

from __future__ import annotations

import pytest

from meeple.server.clocks import Clocks
from tests.server.play import auth, create, get, wait_for

CLOCK = {"initial": 10, "increment": 5}


def start(client, on_timeout):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1},
                              clock={**CLOCK, "on_timeout": on_timeout})
    first = get(client, table_id)["to_move"]
    return table_id, tokens, first


def move(client, table_id, token):
    state = get(client, table_id, token)
    choice = next(a for a in state["legal"] if a != "draw deck" or len(state["legal"]) == 1)
    return client.post(f"/api/tables/{table_id}/moves", headers=auth(token),
                       json={"action": choice, "version": state["version"]})


def test_clocks_charge_the_seat_to_move_and_add_the_increment_per_turn(make_client, fake_time):
    client = make_client(now=fake_time)
    table_id, tokens, first = start(client, "forfeit")
    clock = get(client, table_id)["clock"]
    assert clock["remaining"] == [10, 10] and clock["running"] == first
    fake_time.advance(3)
    assert move(client, table_id, tokens[first]).status_code == 200  # play: still my turn
    clock = get(client, table_id)["clock"]
    assert clock["remaining"][first] == pytest.approx(7) and clock["running"] == first
    fake_time.advance(1)
    assert move(client, table_id, tokens[first]).status_code == 200  # draw: the turn passes
    clock = get(client, table_id)["clock"]
    assert clock["remaining"][first] == pytest.approx(6 + 5)
    assert clock["remaining"][1 - first] == pytest.approx(10) and clock["running"] == 1 - first


def test_a_flagged_seat_is_taken_over_by_the_named_bot(make_client, fake_time):
    client = make_client(now=fake_time)
    table_id, tokens, first = start(client, "bot:random")
    fake_time.advance(11)
    r = move(client, table_id, tokens[first])
    assert r.status_code == 409 and "clock ran out" in r.json()["detail"]
    state = get(client, table_id)
    assert state["seats"][first]["kind"] == "bot" and state["seats"][first]["bot"] == "random"
    assert state["clock"]["remaining"][first] is None
    # the bot plays that seat's turn; the other human's clock runs from then on
    state = wait_for(client, table_id, lambda s: s["to_move"] == 1 - first)
    assert state["version"] >= 3 and state["clock"]["running"] == 1 - first


def test_a_flagged_seat_forfeits(make_client, fake_time):
    client = make_client(now=fake_time)
    table_id, tokens, first = start(client, "forfeit")
    fake_time.advance(10.5)
    r = move(client, table_id, tokens[first])
    assert r.status_code == 409
    final = get(client, table_id)
    assert final["over"] and final["forfeit"] == first and final["winners"] == [1 - first]
    assert final["seed"] is not None
    assert client.get(f"/api/tables/{table_id}/record").status_code == 200


def test_the_timer_flags_a_seat_without_any_request(make_client):
    client = make_client()
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1},
                              clock={"initial": 0.2, "on_timeout": "forfeit"})
    final = wait_for(client, table_id, lambda s: s["over"])
    assert final["forfeit"] in (0, 1) and final["winners"] == [1 - final["forfeit"]]


def test_clock_arithmetic():
    c = Clocks([10.0, None, 10.0])
    c.start(100.0, 0)
    assert c.left(0, 104.0) == 6.0 and c.deadline() == 110.0 and c.flagged(109.0) is None
    c.switch(104.0, 0, 1, 2.0)  # to a bot: no clock runs
    assert c.remaining == [8.0, None, 10.0] and c.running is None and c.deadline() is None
    c.switch(200.0, 1, 2, 2.0)
    assert c.running == 2 and c.flagged(210.0) == 2
