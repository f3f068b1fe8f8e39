"""``meeple learn GAME``: a guided first game at the terminal (docs/lessons.md)."""

from __future__ import annotations

import typer

from meeple.cli import app, console, fail
from meeple.core.errors import MeepleError


@app.command()
def learn(
    game: str = typer.Argument(..., help="the game to learn: lost-cities, little-town, lewis-clark, lowlands"),
) -> None:
    """Learn to play: a scripted first game that teaches one rule at a time ('free' leaves it)."""
    from meeple import lessons
    from meeple.terminal.lesson import LessonGame

    try:
        lesson = lessons.load(game.strip().lower())
    except MeepleError as err:
        fail(err)
    LessonGame(lesson, console).run()
