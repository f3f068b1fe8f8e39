"""A real ``meeple serve`` killed with SIGKILL mid-game loses nothing it acknowledged."""

from __future__ import annotations

import random

import pytest

from tests.server.play import auth, create, get, play_to_end, wait_for
from tests.server.procs import Server


@pytest.fixture
def servers(db_url, tmp_path):
    started: list[Server] = []

    def start() -> Server:
        server = Server(db_url, tmp_path / f"serve-{len(started)}.log")
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def test_sigkill_mid_game_then_restart_resumes_every_table(servers):
    server = servers()
    c = server.client
    human_id, tokens = create(c, "lost-cities", ["human", "bot:greedy"], options={"rounds": 1})
    acked: list[str] = []
    rng = random.Random(11)
    while len(acked) < 12:
        state = wait_for(c, human_id, lambda s: s["to_move"] == 0, tokens[0])
        action = rng.choice(state["legal"])
        r = c.post(f"/api/tables/{human_id}/moves", headers=auth(tokens[0]),
                   json={"action": action, "version": state["version"]})
        assert r.status_code == 200
        acked.append((r.json()["version"], action))
    # the bots' table starts last, so a slow machine cannot finish it before the kill
    bots_id, _ = create(c, "lewis-clark", ["bot:greedy", "bot:greedy"], options={"turn_limit": 30})
    bots_seen = wait_for(c, bots_id, lambda s: s["version"] >= 3)
    assert not bots_seen["over"], "the bots' table ended before the kill: the test would prove nothing"
    server.kill()

    server = servers()
    c = server.client
    human = get(c, human_id, tokens[0])
    for version, action in acked:  # every acknowledged move is there, at its version
        assert human["log"][version - 1] == action
    assert human["version"] >= acked[-1][0]
    bots_now = get(c, bots_id)
    assert bots_now["log"][: len(bots_seen["log"])] == bots_seen["log"]
    final = play_to_end(c, human_id, tokens, rng)
    assert final["over"] and final["log"][: len(human["log"])] == human["log"]
    bots_final = wait_for(c, bots_id, lambda s: s["over"])  # the bots resumed by themselves
    assert bots_final["version"] > bots_seen["version"]
