"""Whole games of every game through HTTP, humans and bots mixed; secrets stay secret."""

from __future__ import annotations

import json
import random

import pytest

from meeple import games
from meeple.core.commitment import verify
from meeple.core.record import Record
from meeple.i18n import wire
from tests.server.play import auth, create, get, play_to_end, secret_deal, wait_for

#: (game, seats, options): random-playing humans beside bots. Lewis & Clark gets a turn
#: limit: a random player there needs thousands of decisions to reach the Pacific.
MIXED = [
    ("lost-cities", ["human", "bot:ismcts:iterations=10"], {"rounds": 1}),
    ("little-town", ["bot:greedy", "human", "bot:random"], {}),
    ("lewis-clark", ["human", "bot:greedy"], {"turn_limit": 20}),
    ("lowlands", ["human", "bot:greedy"], {}),
]


@pytest.mark.parametrize(("game", "seats", "options"), MIXED, ids=[m[0] for m in MIXED])
def test_a_whole_game_through_http(client, engine, game, seats, options):
    table_id, tokens = create(client, game, seats, options=options)
    final = play_to_end(client, table_id, tokens, random.Random(7))
    assert final["status"] == "over" and final["to_move"] is None and final["legal"] == []
    # the published commitment matches the revealed deal
    assert verify(final["seed"], final["salt"], final["commitment"])
    # the record replays to the same end, and the log is the record's moves
    r = client.get(f"/api/tables/{table_id}/record")
    assert r.status_code == 200
    record = Record.from_json(r.text)
    state = games.replay(record)
    assert state.to_move is None
    assert final["scores"] == list(state.scores()) and final["winners"] == list(state.winners())
    assert final["log"] == record.actions and final["version"] == len(record.actions)
    assert final["view"] == state.view(None)
    assert secret_deal(engine, table_id) == record.seed
    assert record.seats == seats and record.rules == games.get(game).rules_version


def test_a_table_of_bots_plays_itself_to_the_end(client):
    table_id, tokens = create(client, "lost-cities", ["bot:greedy", "bot:random"], options={"rounds": 1})
    assert tokens == {}
    final = wait_for(client, table_id, lambda s: s["over"])
    assert final["winners"] and len(final["log"]) == final["version"] > 0


#: every seat a human, so the test drives (and knows) every move
SECRETS = [
    ("lost-cities", 2, {"rounds": 1}),
    ("little-town", 3, {}),
    ("lewis-clark", 2, {"turn_limit": 10}),
    ("lowlands", 2, {}),
]
KEYS = {"id", "game", "players", "options", "status", "seat", "version", "to_move", "legal", "moves", "log",
        "view", "over", "scores", "winners", "forfeit", "can_undo", "seats", "clock", "commitment",
        "seed", "salt"}


@pytest.mark.parametrize(("game", "players", "options"), SECRETS, ids=[s[0] for s in SECRETS])
def test_every_response_is_the_seats_own_view(client, engine, game, players, options):
    """Each seat's and the spectator's response, at every version, against the game's own
    ``view`` of an independently replayed game; the log masks what the view hides."""
    g = games.get(game)
    table_id, tokens = create(client, game, ["human"] * players, options=options)
    truth = g.new(players, secret_deal(engine, table_id), **options)
    actors: list[int] = []
    rng = random.Random(3)
    masked = 0
    while truth.to_move is not None:
        for seat in [None, *range(players)]:
            resp = get(client, table_id, tokens[seat] if seat is not None else None)
            assert set(resp) == KEYS
            assert resp["view"] == truth.view(seat)
            assert resp["seed"] is None and resp["salt"] is None
            assert str(truth.seed) not in json.dumps(resp)
            expected = [g.log_text(g.parse(t), a, seat) for t, a in zip(truth.log, actors, strict=True)]
            assert resp["log"] == expected
            masked += sum(e != t for e, t in zip(expected, truth.log, strict=True))
            assert resp["legal"] == ([str(a) for a in truth.legal_actions()] if seat == truth.to_move else [])
            # the moves described from the seat's own view only
            mine = truth.legal_actions() if seat == truth.to_move else []
            assert resp["moves"] == wire.moves(g, mine, truth.view(seat))
        seat = truth.to_move
        action = rng.choice(truth.legal_actions())
        r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[seat]),
                        json={"action": str(action), "version": len(actors)})
        assert r.status_code == 200, r.text
        actors.append(seat)
        truth.apply(action)
    if game == "lewis-clark":
        assert masked > 0, "no face-down support was played: the log filter went untested"
    final = get(client, table_id)
    assert final["log"] == truth.log and final["seed"] == truth.seed
