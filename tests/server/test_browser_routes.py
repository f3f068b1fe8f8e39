"""The routes the browser client adds: the glossary, a table in words for one seat, and
positions of the past (finished tables, uploaded records), with who may see which."""

from __future__ import annotations

import random

from meeple import games
from meeple.core.record import Record
from meeple.server.story import words
from tests.server.play import auth, create, get, play_to_end


def test_the_glossary_of_a_game_and_of_no_game(client):
    r = client.get("/api/games/lost-cities/glossary")
    assert r.status_code == 200
    game = games.get("lost-cities")
    assert [e["name"] for e in r.json()] == [str(e.name) for e in game.glossary()]
    for e in r.json():
        assert set(e) == {"name", "kind", "text", "abbreviations", "design"}
    r = client.get("/api/games/chess/glossary")
    assert r.status_code == 404 and "chess" in r.json()["detail"]


def test_a_story_tells_each_seat_the_moves_from_its_own_views(client):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    rng = random.Random(3)
    played = []
    for _ in range(12):
        state = get(client, table_id)
        seat = state["to_move"]
        mine = get(client, table_id, tokens[seat])
        move = rng.choice(mine["legal"])
        r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[seat]),
                        json={"action": move, "version": mine["version"]})
        assert r.status_code == 200
        played.append((seat, move))
    assert client.get(f"/api/tables/{table_id}/record").status_code == 409  # the seed stays private
    for seat, token in ((0, tokens[0]), (1, tokens[1]), (None, None)):
        r = client.get(f"/api/tables/{table_id}/story", headers=auth(token) if token else {})
        assert r.status_code == 200, r.text
        story = r.json()
        assert story["seat"] == seat and story["plies"] == 12 and story["breakdown"] is None
        assert [e["ply"] for e in story["entries"]] == list(range(1, 13))
        assert [(e["seat"], e["move"]) for e in story["entries"]] == played
        assert story["status"] == str(games.get("lost-cities").status(get(client, table_id, token)["view"]))
    r = client.get(f"/api/tables/{table_id}/story?since=11", headers=auth(tokens[0]))
    assert [e["ply"] for e in r.json()["entries"]] == [11, 12]
    assert client.get(f"/api/tables/{table_id}/story", headers=auth("nope")).status_code == 403
    assert client.get(f"/api/tables/{table_id}/story?since=-1").status_code == 422
    assert client.get("/api/tables/999/story").status_code == 404


def test_a_story_after_an_undo_forgets_the_move(client):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    first = get(client, table_id)["to_move"]
    me = tokens[first]
    move = next(a for a in get(client, table_id, me)["legal"] if a.startswith("discard"))
    assert client.post(f"/api/tables/{table_id}/moves", headers=auth(me), json={"action": move, "version": 0}).status_code == 200
    assert client.get(f"/api/tables/{table_id}/story", headers=auth(me)).json()["plies"] == 1
    assert client.post(f"/api/tables/{table_id}/undo", headers=auth(me), json={"version": 1}).status_code == 200
    story = client.get(f"/api/tables/{table_id}/story", headers=auth(me)).json()
    assert story["plies"] == 0 and story["entries"] == []


def test_narrations_are_the_games_words_over_the_seats_views():
    game = games.get("lost-cities")
    state = game.new(2, 5, rounds=1)
    before = state.view(1)
    action = state.legal_actions()[0]
    state.apply(action)
    assert words(game, before, action.text, state.view(1)) == list(game.narrate(before, action.text, state.view(1)))


class Broken(type(games.get("lost-cities"))):
    def narrate(self, before, action, after):
        raise KeyError("a bug in a game's narration")


def test_a_narration_bug_costs_the_words_not_the_page():
    assert words(Broken(), {}, "play R7", {}) == []


def test_past_positions_are_private_until_the_end_then_anyones(client):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1})
    seat = get(client, table_id)["to_move"]
    move = get(client, table_id, tokens[seat])["legal"][0]
    client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[seat]), json={"action": move, "version": 0})
    other = 1 - seat
    # while it runs: the spectators' past views, and your own with your token
    assert client.get(f"/api/tables/{table_id}/replay/1").status_code == 200
    r = client.get(f"/api/tables/{table_id}/replay/0?seat={other}")
    assert r.status_code == 403 and "private" in r.json()["detail"]
    r = client.get(f"/api/tables/{table_id}/replay/0?seat={other}", headers=auth(tokens[seat]))
    assert r.status_code == 403
    mine = client.get(f"/api/tables/{table_id}/replay/0?seat={other}", headers=auth(tokens[other]))
    assert mine.status_code == 200 and "hand" in mine.json()["view"]
    spectator = client.get(f"/api/tables/{table_id}/replay/1").json()
    assert spectator["move"] == move and spectator["actor"] == seat and "hand" not in spectator["view"]
    assert client.get(f"/api/tables/{table_id}/replay/5").status_code == 422

    final = play_to_end(client, table_id, tokens, random.Random(4))
    record = Record.from_json(client.get(f"/api/tables/{table_id}/record").text)
    game = games.get("lost-cities")
    state = game.new(record.players, record.seed, **record.options)
    for ply in (0, 1, len(record.actions) // 2):
        while len(state.history()) < ply:
            state.apply(record.actions[len(state.history())])
        for s in (None, 0, 1):
            q = "" if s is None else f"?seat={s}"
            frame = client.get(f"/api/tables/{table_id}/replay/{ply}{q}").json()
            assert frame["view"] == state.view(s) and frame["ply"] == ply
            assert frame["plies"] == len(record.actions)
    last = client.get(f"/api/tables/{table_id}/replay/{len(record.actions)}").json()
    assert last["over"] and last["scores"] == final["scores"]
    assert sum(last["breakdown"][0].values()) == final["scores"][0]


def test_an_uploaded_record_is_stepped_through_and_a_bad_one_refused(client):
    game = games.get("lost-cities")
    state = game.new(2, 9, rounds=1)
    rng = random.Random(1)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    text = state.record().to_json()
    r = client.post("/api/replays", content=text, headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    info = r.json()
    assert info["game"] == "lost-cities" and info["plies"] == 30 and not info["finished"]
    frame = client.get(f"/api/replays/{info['id']}/30?seat=0").json()
    assert frame["view"] == state.view(0)
    assert client.get(f"/api/replays/{info['id']}/31").status_code == 422
    assert client.get(f"/api/replays/{info['id']}/3?seat=2").status_code == 422
    assert client.get("/api/replays/record:nothing/0").status_code == 404
    r = client.post("/api/replays", content="not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "not valid JSON" in r.json()["detail"]
    bad = Record.from_json(text)
    bad.actions[3] = "play Q9"
    r = client.post("/api/replays", content=bad.to_json(), headers={"content-type": "application/json"})
    assert r.status_code == 422 and "move 4" in r.json()["detail"]


def test_the_client_is_served_at_the_lobby_and_table_addresses(client):
    for path in ("/", "/tables/12", "/replays"):
        r = client.get(path)
        assert r.status_code == 200 and '<script type="module" src="/static/app.js">' in r.text
    r = client.get("/static/app.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert client.get("/static/games/lowlands.js").status_code == 200
    assert client.get("/static/i18n/fr.json").json()["lobby.create"]
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/api/nothing").status_code == 404
