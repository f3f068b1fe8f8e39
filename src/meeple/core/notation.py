"""Legal-move lists a person can read: grouped by what the moves do, never cut.

``group_actions(["play Y2", "play B8", "discard Y2", "draw deck", "draw R", "stop"])``
gives ``"play: Y2, B8; discard: Y2; draw: deck, R; stop"``. Every move keeps its group:
a long group is written ``first..last (count)`` when ``most`` asks for it, so a refusal
names every kind of move still open instead of the first twelve moves.
"""

from __future__ import annotations

from collections.abc import Iterable

#: the longest group a refusal spells out in full (longer ones: ``first..last (n)``)
REFUSAL_GROUP = 8


def _split(text: str) -> tuple[str, str | None]:
    """``"place 2 dike"`` -> ``("place 2", "dike")``; a one-word move has no argument."""
    head, _, last = " ".join(text.split()).rpartition(" ")
    return (head, last) if head else (last, None)


def action_groups(actions: Iterable[object]) -> list[tuple[str, list[str] | None]]:
    """``(head, arguments)`` per group, in the order the moves come; a move of one word
    is its own group with ``None`` for arguments."""
    groups: dict[tuple[str, bool], list[str]] = {}
    for action in actions:
        head, arg = _split(str(action))
        args = groups.setdefault((head, arg is None), [])
        if arg is not None:
            args.append(arg)
    return [(head, None if alone else args) for (head, alone), args in groups.items()]


def _group_text(head: str, args: list[str] | None, most: int | None) -> str:
    if args is None:
        return head
    if most is not None and len(args) > most:
        return f"{head}: {args[0]}..{args[-1]} ({len(args)})"
    return f"{head}: {', '.join(args)}"


def group_actions(actions: Iterable[object], most: int | None = None) -> str:
    """The moves grouped by everything but their last word, in the order given.

    ``most``: groups with more arguments than this are written ``first..last (n)``;
    ``None`` spells every move out.
    """
    parts = [_group_text(head, args, most) for head, args in action_groups(actions)]
    return "; ".join(parts) if parts else "none"


def group_lines(actions: Iterable[object]) -> list[str]:
    """One line per group with every move spelled out (and the count of long groups)."""
    lines = []
    for head, args in action_groups(actions):
        text = _group_text(head, args, None)
        lines.append(f"{text} ({len(args)})" if args is not None and len(args) > 3 else text)
    return lines
