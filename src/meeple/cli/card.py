"""``meeple card GAME [NAME]``: look up a card, tile, building or objective outside a game."""

from __future__ import annotations

import typer

from meeple import games
from meeple.cli import app, console, fail
from meeple.core.errors import MeepleError


@app.command()
def card(
    game: str = typer.Argument(..., help="game name, e.g. little-town"),
    name: str | None = typer.Argument(
        None, help="what to look up, by name or by the abbreviation the board shows  \\[default: list everything]",
        show_default=False,
    ),
) -> None:
    """The full text of a card, character, tile, building or objective (or the list of them)."""
    from meeple.terminal import glossary

    try:
        g = games.get(game)
    except MeepleError as err:
        fail(err)
    entries = list(g.glossary())
    if name:
        found = g.lookup(name) is not None
        console.print(glossary.info(g, name), soft_wrap=True)
        if not found:
            raise typer.Exit(2 if entries else 1)
        return
    if not entries:
        console.print(glossary.info(g, ""))
        raise typer.Exit(1)
    from rich.markup import escape

    from meeple.i18n import COMMON as M
    from meeple.i18n import current

    console.print(escape(current().text(M("cli.card_list", game=g.title, n=len(entries), command=f"meeple card {g.name}"))))
    for line in glossary.listing(entries):
        console.print(f"  {line}", soft_wrap=True)
