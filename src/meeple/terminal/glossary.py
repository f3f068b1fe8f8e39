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

from meeple.core.errors import clip
from meeple.core.game import Game, GlossaryEntry
from meeple.i18n import COMMON as M
from meeple.i18n import current


def describe(entry: GlossaryEntry) -> str:
    """The full entry in rich markup and the reader's language: name, kind,
    abbreviations, text."""
    say = current()
    extra = [say(entry.kind)]
    if entry.abbreviations:
        extra.append(say(M("info.shown_as", abbreviations=", ".join(entry.abbreviations))))
    if entry.design:
        extra.append(say(M("info.designed")))
    return f"[bold]{escape(say(entry.name))}[/] ({escape('; '.join(extra))})\n{escape(say(entry.text))}"


def _keys(entry: GlossaryEntry) -> list[str]:
    """What a view may name the entry by: its English name and its abbreviations."""
    return [str(entry.name), *entry.abbreviations]


def _typed(entry: GlossaryEntry) -> list[str]:
    """What a player may type for it: its name in their language, in English, and the
    abbreviations."""
    return [current().text(entry.name), *_keys(entry)]


def shown_name(entry: GlossaryEntry) -> str:
    """``quarry (QUA)``: the name with the abbreviations the board uses."""
    name = current().text(entry.name)
    return name + (f" ({', '.join(entry.abbreviations)})" if entry.abbreviations else "")


def near_matches(game: Game, text: str, count: int = 6) -> list[str]:
    """Entries whose name or abbreviation looks like ``text``: close spellings first,
    then names that contain it; each entry once, as ``name (ABBR)``."""
    key = " ".join(text.split()).lower()
    owner = {k.lower(): entry for entry in game.glossary() for k in reversed(_typed(entry))}
    close = difflib.get_close_matches(key, list(owner), n=count, cutoff=0.6)
    inside = [k for k in owner if key and key in k and k not in close]
    found: list[GlossaryEntry] = []
    for k in close + inside:
        if owner[k] not in found:
            found.append(owner[k])
    return [shown_name(entry) for entry in found[:count]]


def info(game: Game, text: str) -> str:
    """The answer to ``info TEXT``: the entry, or near matches, or why there is none."""
    say = current()
    if not game.glossary():
        return escape(say(M("info.empty", game=game.title)))
    entry = game.lookup(text)
    if entry is not None:
        return describe(entry)
    near = near_matches(game, text)
    shown = clip(text.strip())
    if near:
        return f"[red]{escape(say(M('info.unknown_near', text=shown, game=game.title, near=', '.join(near))))}[/]"
    return f"[red]{escape(say(M('info.unknown', text=shown, game=game.title)))}[/]"


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
        kinds.setdefault(current().text(entry.kind), []).append(shown_name(entry))
    return [f"[bold]{escape(kind)}[/]: {escape(', '.join(names))}" for kind, names in kinds.items()]
