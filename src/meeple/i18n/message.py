"""What games and clients say, before it is said in a language: a message id with
parameters (``Msg``), the seats it names (``Seat``) and lists it joins (``Items``).

A ``Msg`` is a value: hashable (a score label can be a dict key), comparable, cheap to
build, and rendered only at the edge (terminal, server, browser) in the reader's
language by ``meeple.i18n.render``. Its parameters may be messages themselves (a card
name inside a sentence), rendered in the same language. ``str(msg)`` is the English
text, for logs and for code that has not learnt languages yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Union

#: what a game may hand to a client as text: a message (or a list of texts), or a plain
#: string that is shown as it is (names, notation, and the text of games not yet converted)
Text = Union[str, "Msg", "Items"]


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat named in a message: rendered as the name of whoever sits there (the
    reader's names), or "seat N" in the reader's language when nobody is named."""

    n: int

    def __str__(self) -> str:
        from meeple.i18n.render import ENGLISH

        return ENGLISH.text(self)


@dataclass(frozen=True, slots=True)
class Items:
    """Several texts joined as the language joins a list: "A, B and C" (``style``
    "standard"), "A, B or C" ("or"): Babel's CLDR list patterns; or with a separator
    from the shared catalog: clauses of one line, "A; B; C" ("parts"), a plain
    enumeration, "A, B, C" ("comma"); or the sentences of one paragraph, "A. B."
    ("sentences", after a space)."""

    items: tuple[Any, ...]
    style: str = "standard"

    def __str__(self) -> str:
        from meeple.i18n.render import ENGLISH

        return ENGLISH.text(self)


def items(texts: Iterable[Any], style: str = "standard") -> Items:
    return Items(tuple(texts), style)


class Msg:
    """A message of ``domain`` (a game's catalog, or ``meeple`` for the shared one),
    called ``id`` in its catalogs, with named parameters.

    A plural message picks its form from the parameter ``n`` (one count per message;
    a sentence with two counts nests a message for the second).
    """

    __slots__ = ("domain", "id", "params", "_hash")

    def __init__(self, domain: str, id: str, /, **params: Any) -> None:
        self.domain = domain
        self.id = id
        self.params = tuple(sorted((k, _frozen(v)) for k, v in params.items()))
        self._hash = hash((domain, id, self.params))

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Msg)
            and self._hash == other._hash
            and (self.domain, self.id, self.params) == (other.domain, other.id, other.params)
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params)
        return f"Msg({self.domain!r}, {self.id!r}{args})"

    def __str__(self) -> str:
        from meeple.i18n.render import ENGLISH

        return ENGLISH.text(self)


def _frozen(value: Any) -> Any:
    """Lists become tuples so that a message stays hashable."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
