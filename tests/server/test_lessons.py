"""Lessons at a server: a lesson's table follows its script through the API, refuses
another move in the lesson's words (in the reader's language), lets a learner leave the
script through the table's own route, and plays to the end."""

from __future__ import annotations

import pytest

from meeple import games, lessons
from tests.server.play import auth, wait_for


def start(client, game: str, **body) -> tuple[int, str]:
    r = client.post(f"/api/lessons/{game}", json=body or None)
    assert r.status_code == 201, r.text
    made = r.json()
    return made["id"], made["tokens"][str(lessons.load(game).seat)]


def mine(lesson):
    return lambda t: t["over"] or (t["to_move"] == lesson.seat)


def test_the_lessons_are_listed_in_the_readers_language(client):
    listed = client.get("/api/lessons", headers={"Accept-Language": "fr"}).json()
    assert [x["game"] for x in listed] == games.names()  # every game, in the lobby's order
    assert all(x["text"].startswith("Apprendre à jouer") for x in listed)


@pytest.mark.parametrize("game", ["lost-cities", "little-town"])
def test_a_lesson_table_follows_the_script_to_its_end(client, game):
    lesson = lessons.load(game)
    tid, token = start(client, game, name="Ada")
    table = wait_for(client, tid, mine(lesson), token)
    for step in lesson.steps:
        got = client.get(f"/api/lessons/tables/{tid}").json()
        assert got["step"] == step.index and got["move"] == step.move and got["on_script"]
        assert got["highlight"] == [step.move]
        assert got["heading"] == f"Step {step.index + 1} of {len(lesson.steps)}"
        assert got["texts"][-1].startswith("Your move:")
        r = client.post(f"/api/lessons/tables/{tid}/moves", headers=auth(token),
                        json={"action": step.move, "version": table["version"]})
        assert r.status_code == 200, r.text
        table = wait_for(client, tid, mine(lesson), token)
    got = client.get(f"/api/lessons/tables/{tid}").json()
    assert got["finished"] and got["step"] is None and got["note"].startswith("The lesson is over")
    while not table["over"]:  # the rest of the game, freely, through the table's own route
        r = client.post(f"/api/tables/{tid}/moves", headers=auth(token),
                        json={"action": table["legal"][0], "version": table["version"]})
        assert r.status_code in (200, 409), r.text
        table = wait_for(client, tid, mine(lesson), token)
    assert client.get(f"/api/lessons/tables/{tid}").json()["finale"]


def test_another_move_is_refused_in_the_lessons_words_and_free_play_leaves_the_script(client):
    lesson = lessons.load("lost-cities")
    tid, token = start(client, "lost-cities")
    table = wait_for(client, tid, mine(lesson), token)
    wrong = next(m for m in table["legal"] if m != lesson.steps[0].move)
    r = client.post(f"/api/lessons/tables/{tid}/moves", headers={**auth(token), "Accept-Language": "fr"},
                    json={"action": wrong, "version": table["version"]})
    assert r.status_code == 422
    assert r.json()["detail"] == f"Pas {wrong} pour l'instant : cette étape montre l'investissement, qui ne " \
        f"se pose sur une expédition qu'avant ses nombres. Jouez {lesson.steps[0].move}, ou quittez la leçon " \
        "pour jouer librement."
    r = client.post(f"/api/tables/{tid}/moves", headers=auth(token), json={"action": wrong, "version": table["version"]})
    assert r.status_code == 200
    got = client.get(f"/api/lessons/tables/{tid}").json()
    assert not got["on_script"] and got["step"] is None and got["note"].startswith("You left the lesson")


def test_lesson_routes_refuse_what_is_not_a_lesson(client):
    assert client.post("/api/lessons/chess").status_code == 404
    assert client.post("/api/lessons/Lost_Cities").status_code == 422
    assert client.post("/api/lessons/lost-cities", json={"seed": 3}).status_code == 422  # no seed to choose
    r = client.post("/api/tables", json={"game": "lost-cities", "seats": ["human", "bot:lesson"]})
    assert r.status_code == 422  # the lesson bot is the server's to seat
    r = client.post("/api/tables", json={"game": "lost-cities", "seats": ["human", "bot:greedy"]})
    assert client.get(f"/api/lessons/tables/{r.json()['id']}").status_code == 404
    assert client.get("/api/lessons/tables/999").status_code == 404
