"""The API speaks the request's language: ``?lang=`` or ``Accept-Language`` choose it for
the story (status, narration, score breakdown), replay frames, refusals, the glossary
and the games' descriptions; seats are named by their players."""

from __future__ import annotations

import random

from meeple import games
from tests.i18n.english import detector
from tests.server.play import auth, create, get, play_to_end

GAME = games.get("lost-cities")


def test_games_and_glossary_in_the_asked_language(client):
    games_fr = {g["name"]: g for g in client.get("/api/games?lang=fr").json()}
    lc = games_fr["lost-cities"]
    assert lc["summary"].startswith("Menez des expéditions rentables")
    assert lc["options"][0]["doc"] == "5 couleurs (60 cartes) ou 6 avec le violet (72 cartes)"
    assert client.get("/api/games").json()[0]["summary"] == str(GAME.summary)  # English by default
    glossary = client.get("/api/games/lost-cities/glossary", headers={"Accept-Language": "es-MX,es;q=0.9"}).json()
    red = next(e for e in glossary if e["abbreviations"] == ["RH"])
    assert red["name"] == "apuesta roja" and red["kind"] == "carta de apuesta"
    r = client.get("/api/games?lang=tlh")
    assert r.status_code == 422 and "fr (Français)" in r.json()["detail"]


def test_a_refused_move_is_explained_in_the_readers_language(client):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1}, names=["Ada", "Bob"])
    seat = get(client, table_id)["to_move"]
    r = client.post(f"/api/tables/{table_id}/moves", json={"action": "draw deck", "version": 0},
                    headers={**auth(tokens[seat]), "Accept-Language": "fr"})
    assert r.status_code == 422
    assert r.json()["detail"].startswith("« draw deck » n'est pas permis : posez ou défaussez d'abord une carte")
    r = client.post(f"/api/tables/{table_id}/moves?lang=nl", json={"action": "fly", "version": 0},
                    headers=auth(tokens[seat]))
    assert r.status_code == 422 and "'fly' is geen actie van dit spel" in r.json()["detail"]
    assert r.json()["legal"]  # the legal moves stay notation


def test_a_story_is_told_in_each_language_naming_the_players(client):
    table_id, tokens = create(client, "lost-cities", ["human", "human"], options={"rounds": 1}, names=["Ada", "Bob"])
    final = play_to_end(client, table_id, tokens, random.Random(5))
    assert final["over"]
    for lang in ("fr", "es", "nl"):
        story = client.get(f"/api/tables/{table_id}/story?lang={lang}", headers=auth(tokens[0])).json()
        text = "\n".join([story["status"], *(w for e in story["entries"] for w in e["words"]),
                          *(label for seat in story["breakdown"] for label in seat)])
        assert not detector(GAME, lang, names=["Ada", "Bob"]).find(text), lang
        assert "Bob" in text and "seat" not in text
    fr = client.get(f"/api/tables/{table_id}/story", headers={**auth(tokens[1]), "Accept-Language": "fr"}).json()
    assert fr["status"].startswith("la partie est terminée")
    assert all(label.startswith("manche 1") for label in fr["breakdown"][0])
    assert sum(fr["breakdown"][0].values()) == final["scores"][0]
    frame = client.get(f"/api/tables/{table_id}/replay/1?lang=es").json()
    assert "le toca a" in frame["status"] or "roba una carta" in frame["status"]
