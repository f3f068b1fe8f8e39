"""Looking things up: ``info NAME`` at the prompt and ``meeple card GAME NAME``.

Everything comes from ``GAME.glossary()`` and ``GAME.lookup``; what is "on the table"
is read from a seat's view, so it lists only what that seat may know (a claimed
objective, never one still hidden in a rival's hand).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import Any

from rich.markup import escape

from meeple.core.game import Game, GlossaryEntry


def describe(entry: GlossaryEntry) -> str:
    """The full entry in rich markup: name, kind, abbreviations, text."""
    extra = [entry.kind]
    if entry.abbreviations:
        extra.append("shown as " + ", ".join(entry.abbreviations))
    if entry.design:
        extra.append("designed by meeple: the official text is not public")
    return f"[bold]{escape(entry.name)}[/] ({escape('; '.join(extra))})\n{escape(entry.text)}"


def _keys(entry: GlossaryEntry) -> list[str]:
    return [entry.name, *entry.abbreviations]


def shown_name(entry: GlossaryEntry) -> str:
    """``quarry (QUA)``: the name with the abbreviations the board uses."""
    return entry.name + (f" ({', '.join(entry.abbreviations)})" if entry.abbreviations else "")


def near_matches(game: Game, text: str, count: int = 6) -> list[str]:
    """Entries whose name or abbreviation looks like ``text``: close spellings first,
    then names that contain it; each entry once, as ``name (ABBR)``."""
    key = " ".join(text.split()).lower()
    owner = {k.lower(): entry for entry in game.glossary() for k in _keys(entry)}
    close = difflib.get_close_matches(key, list(owner), n=count, cutoff=0.6)
    inside = [k for k in owner if key and key in k and k not in close]
    found: list[GlossaryEntry] = []
    for k in close + inside:
        if owner[k] not in found:
            found.append(owner[k])
    return [shown_name(entry) for entry in found[:count]]


def info(game: Game, text: str) -> str:
    """The answer to ``info TEXT``: the entry, or near matches, or why there is none."""
    if not game.glossary():
        return f"{game.title} has no cards, tiles or buildings to look up here"
    entry = game.lookup(text)
    if entry is not None:
        return describe(entry)
    near = near_matches(game, text)
    hint = f"; did you mean: {escape(', '.join(near))}?" if near else ""
    return f"[red]nothing called {escape(text.strip())!r} in {game.title}{hint}[/]"


def _strings(value: Any) -> Iterator[str]:
    """Every text in a JSON-ready view (keys and values), depth first."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield str(key)
            yield from _strings(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _strings(inner)


def on_the_table(game: Game, view: dict[str, Any]) -> list[GlossaryEntry]:
    """The entries named in this view, in glossary order: what the seat can see now."""
    seen = {" ".join(s.split()).lower() for s in _strings(view)}
    return [e for e in game.glossary() if any(k.lower() in seen for k in _keys(e))]


def listing(entries: list[GlossaryEntry]) -> list[str]:
    """One line per kind: ``building: bakery (BAK), quarry (QUA)``."""
    kinds: dict[str, list[str]] = {}
    for entry in entries:
        kinds.setdefault(entry.kind, []).append(shown_name(entry))
    return [f"[bold]{escape(kind)}[/]: {escape(', '.join(names))}" for kind, names in kinds.items()]
