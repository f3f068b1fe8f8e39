"""``meeple verify SEED SALT COMMITMENT``: check a deal was fixed before the game."""

from __future__ import annotations

import typer
from rich.markup import escape

from meeple.cli import app, console
from meeple.core.errors import clip


@app.command()
def verify(
    seed: int = typer.Argument(..., help="the seed shown when the game ended"),
    salt: str = typer.Argument(..., help="the salt shown with it"),
    commitment: str = typer.Argument(..., help="the commitment shown when the game started"),
) -> None:
    """Check that a seed and salt are what a game's opening commitment was made from."""
    from meeple.core.commitment import commit
    from meeple.core.commitment import verify as matches
    from meeple.i18n import COMMON as M
    from meeple.i18n import current

    if matches(seed, salt, commitment.strip().lower()):
        console.print(escape(current().text(M("cli.verify_match"))))
        return
    text = current().text(M("cli.verify_no_match", seed=str(seed), salt=salt, expected=commit(seed, salt),
                            given=clip(commitment, 70)))
    console.print(f"[red]{escape(text)}[/]")
    raise typer.Exit(1)
