"""Actions: small integers that print as their notation.

Every game enumerates its decisions once, in a table. An action is an ``int``
subclass (so ``encode`` is free, hashing and comparison run in C, and legal-move
lists are cheap to build) whose ``str`` is its notation, like a UCI move in chess.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from meeple.core.errors import ParseError, clip
from meeple.i18n import COMMON as M


class Action(int):
    """One entry of a game's action table. ``str(a)`` is its notation."""

    text: str

    def __new__(cls, index: int, text: str) -> Action:
        self = int.__new__(cls, index)
        self.text = text
        return self

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{self.text}>"

    def __reduce__(self):  # pickles by value, e.g. for multiprocessing
        return (Action, (int(self), self.text))


def normalize(text: str) -> str:
    """Canonical lookup key: single spaces, lower case."""
    return " ".join(text.split()).lower()


class ActionSpace(Sequence[Action]):
    """A fixed, ordered table of every action a game can ever take.

    ``space[i]`` is the action encoded as ``i``; ``space.parse(text)`` finds one
    by notation, tolerant of case and spacing.
    """

    def __init__(self, texts: Iterable[str], *, example: str = "") -> None:
        self._actions = tuple(Action(i, t) for i, t in enumerate(texts))
        self._by_key: dict[str, Action] = {}
        for a in self._actions:
            key = normalize(a.text)
            if key in self._by_key:
                raise ValueError(f"duplicate action notation {a.text!r}")
            self._by_key[key] = a
        self.example = example

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index):  # type: ignore[override]
        return self._actions[index]

    def __iter__(self):
        return iter(self._actions)

    def parse(self, text: str) -> Action:
        if not isinstance(text, str):
            raise ParseError(f"an action is written as text, got {type(text).__name__}")
        found = self._by_key.get(normalize(text))
        if found is None:
            if self.example:
                raise ParseError(M("error.unknown_move_example", text=clip(text.strip()), example=self.example))
            raise ParseError(M("error.unknown_move", text=clip(text.strip())))
        return found

    def get(self, text: str) -> Action | None:
        return self._by_key.get(normalize(text))


class ActionTable:
    """Builds an ``ActionSpace`` block by block, remembering where each block starts.

    ``PLAY = table.block(f"play {c}" for c in cards)`` gives the code of the first
    ``play`` action, so rules code computes ``PLAY + card`` without a lookup.
    """

    def __init__(self) -> None:
        self._texts: list[str] = []

    def block(self, texts: Iterable[str]) -> int:
        start = len(self._texts)
        self._texts.extend(texts)
        return start

    def build(self, example: str = "") -> ActionSpace:
        return ActionSpace(self._texts, example=example)
