"""``meeple verify SEED SALT COMMITMENT``: check a deal was fixed before the game."""

from __future__ import annotations

import typer

from meeple.cli import app, console


@app.command()
def verify(
    seed: int = typer.Argument(..., help="the seed shown when the game ended"),
    salt: str = typer.Argument(..., help="the salt shown with it"),
    commitment: str = typer.Argument(..., help="the commitment shown when the game started"),
) -> None:
    """Check that a seed and salt are what a game's opening commitment was made from."""
    from meeple.core.commitment import commit
    from meeple.core.commitment import verify as matches

    if matches(seed, salt, commitment.strip().lower()):
        console.print("the commitment matches: this deal was fixed before the game began")
        return
    console.print(
        f"[red]no match:[/] seed {seed} with salt {salt} commits to {commit(seed, salt)}, "
        f"not {commitment}"
    )
    raise typer.Exit(1)
