"""The server stops runaway games at the game's decision bound (issue 26: the bound is
computed from the options in use and used by the server as a safety stop, as the arena
does): options with no sure end are refused, and bots never play past the bound."""

from __future__ import annotations

import logging
import time

from tests.server.play import create, get
from tests.server.procs import PATIENCE


def test_options_that_admit_no_end_are_refused_with_the_reason(client):
    r = client.post("/api/tables", json={"game": "lost-cities", "seats": ["human", "bot:random"],
                                         "options": {"stall_rules": "off"}})
    assert r.status_code == 422, r.text
    assert "no decision bound" in r.json()["detail"] and "stall_rules=off" in r.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_bots_stop_at_the_decision_bound_and_say_so(client, monkeypatch, caplog):
    import meeple.server.hall as hall

    monkeypatch.setattr(hall, "decision_bound", lambda game, players, options: 6)
    caplog.set_level(logging.ERROR, logger="meeple.server")
    table_id, _ = create(client, "lost-cities", ["bot:random", "bot:random"])
    end = time.monotonic() + PATIENCE
    while not any("passed its decision bound of 6" in r.getMessage() for r in caplog.records):
        assert time.monotonic() < end, "the bots never reported the bound"
        time.sleep(0.01)
    state = get(client, table_id)
    assert state["version"] == 6 and not state["over"], "the bots played past the bound"


def test_the_refusal_is_said_in_the_readers_language(client):
    r = client.post("/api/tables?lang=fr", json={"game": "lost-cities", "seats": ["human", "bot:random"],
                                                 "options": {"stall_rules": "off"}})
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert "n'a pas de limite de décisions" in detail and "gardez stall_rules=on" in detail
    assert "no decision bound" not in detail
