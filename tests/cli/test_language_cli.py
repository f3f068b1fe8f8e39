"""The command line in the reader's language (``meeple --lang``, the locale variables),
``meeple play --resume FILE``, and what the prompt shows: the summary of the other
seats' moves, ``show`` listing its targets, a very long line refused unechoed."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from meeple import games
from meeple.cli import app
from meeple.core.record import Record
from meeple.i18n import ENGLISH, current

runner = CliRunner()
ENGLISH_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "110"}


def test_lang_chooses_the_language_of_rules_games_and_card():
    rules = runner.invoke(app, ["--lang", "fr", "rules", "lost-cities"], env=ENGLISH_ENV)
    assert rules.exit_code == 0 and "Une manche" in rules.output and "le texte des règles, ligne 30" in rules.output
    listing = runner.invoke(app, ["--lang", "es", "games"], env=ENGLISH_ENV)
    assert "Dirige expediciones rentables" in listing.output and "(por defecto 3) rondas de una partida" in listing.output
    card = runner.invoke(app, ["--lang", "nl", "card", "lost-cities", "R7"], env=ENGLISH_ENV)
    assert card.exit_code == 0 and "rode 7 (expeditiekaart; getoond als R7)" in card.output
    assert current() is ENGLISH  # the command's language ends with the command


def test_the_locale_variables_choose_it_when_lang_is_not_given():
    env = {**ENGLISH_ENV, "LANG": "nl_NL.UTF-8"}
    result = runner.invoke(app, ["rules", "lost-cities"], env=env)
    assert "De telling van een ronde" in result.output
    result = runner.invoke(app, ["--lang", "en", "rules", "lost-cities"], env=env)
    assert "Scoring a round" in result.output  # --lang wins over the environment


def test_an_unknown_language_is_refused_with_the_known_ones():
    result = runner.invoke(app, ["--lang", "tlh", "games"], env=ENGLISH_ENV)
    assert result.exit_code == 2 and "meeple speaks en (English), fr (Français), es (Español), nl (Nederlands)" in result.output


def test_errors_are_said_in_the_readers_language():
    result = runner.invoke(app, ["--lang", "fr", "play", "lost-cities", "-o", "rounds=9"], env=ENGLISH_ENV)
    assert result.exit_code == 2
    assert "erreur : l'option rounds='9' n'est pas permise ; valeurs permises : 1, 2, 3, 4, 5" in result.output


def test_play_in_french_then_resume_the_saved_game(tmp_path):
    path = tmp_path / "game.json"
    mine = games.get("lost-cities").new(2, 8, rounds=1).view(0)["hand"]
    script = "\n".join(["show", "x" * 5000, "?", f"discard {mine[0]}", "draw deck", "save", "", "quit"]) + "\n"
    first = runner.invoke(app, ["--lang", "fr", "play", "lost-cities", "--vs", "greedy", "--seed", "8",
                                "-o", "rounds=1", "--save", str(path)], input=script, env=ENGLISH_ENV)
    assert first.exit_code == 0, first.output
    out = first.output
    assert "Lost Cities : vous contre greedy." in out
    assert "montrer quoi ? Ce que vous pouvez regarder de plus près :" in out and "piles" in out
    assert re.search(r"une ligne de 5\s000 caractères", out) and "x" * 100 not in out
    assert re.search(r"discard \w+\s+défausser ", out)  # '?' says what each move does
    saved = Record.load(path)
    assert saved.seats == ["human", "greedy"] and saved.actions

    again = runner.invoke(app, ["--lang", "es", "play", "--resume", str(path)], input="board\nquit\n", env=ENGLISH_ENV)
    assert again.exit_code == 0, again.output
    assert f"partida retomada de {path} tras {len(saved.actions)} jugada" in again.output
    assert "Lost Cities: tú contra greedy." in again.output
    assert Record.load(path).actions[: len(saved.actions)] == saved.actions  # saved back to the same file


def test_resume_refuses_what_it_cannot_go_on_with(tmp_path):
    path = tmp_path / "other.json"
    Record("lost-cities", 2, 3, {"rounds": 1}, [], rules="2", seats=["greedy", "random"]).save(path)
    for args, said in (
        (["play", "--resume", str(path)], "does not say which seat was the human's"),
        (["play", "lowlands", "--resume", str(path)], "holds a game of lost-cities"),
        (["play"], "give --resume FILE"),
    ):
        result = runner.invoke(app, args, env=ENGLISH_ENV)
        assert result.exit_code == 2 and said in " ".join(result.output.split())
