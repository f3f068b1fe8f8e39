"""The text ``meeple rules GAME`` prints: the game's rules summary and notation."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

from meeple.core.game import Game


def rules_text(game: Game) -> str:
    """The game's packaged ``rules.md``, else the repository doc, else a generated summary."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        packaged = importlib.resources.files(package).joinpath("rules.md")
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        pass
    repo_doc = Path(__file__).resolve().parents[2] / "docs" / "games" / f"{game.name}.md"
    if repo_doc.is_file():
        return repo_doc.read_text(encoding="utf-8")
    lines = [f"# {game.title}", "", game.summary, "", "## Options", ""]
    lines += [f"- `{k}` (default {o.default}): {o.doc}" for k, o in game.options.items()]
    lines += ["", f"Moves look like: {game.actions.example}"]
    return "\n".join(lines)
