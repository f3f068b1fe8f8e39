"""Saying a message in a reader's language: ``Audience(lang, names).text(msg)``.

The audience is who reads: their language and, when known, the names of the seats
(``Seat(1)`` reads "Ada" rather than "seat 1"). The terminal sets one for the whole
session (``use``); the server renders each answer for the request's audience.
"""

from __future__ import annotations

import contextlib
import logging
import string
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from meeple.i18n import catalogs
from meeple.i18n.languages import DEFAULT, check
from meeple.i18n.message import Items, Msg, Seat, Text

log = logging.getLogger("meeple.i18n")

#: the shared domain: the terminal, the CLI, core errors, seat names
COMMON = catalogs.Domain("meeple", "meeple.i18n")
#: ``Items`` styles joined by a separator from the shared catalog rather than by CLDR's
#: list patterns: clauses of one line ("parts") and plain enumerations ("comma")
JOINERS = {"parts": "list.parts", "comma": "list.comma"}
#: the sentences of one paragraph ("sentences") follow each other after a space in
#: every language meeple speaks
SENTENCES = " "


class _Formatter(string.Formatter):
    """``str.format`` on named fields only, so a translation cannot reach attributes or
    positional arguments (``{0}``, ``{x.__class__}``) of the parameters."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        if not field_name.isidentifier():
            raise KeyError(field_name)
        return kwargs[field_name], field_name


FORMATTER = _Formatter()


@dataclass(frozen=True)
class Audience:
    """Who reads: a language, the seats' names (texts themselves), and ``strict``:
    raise on a message no catalog knows instead of showing its id (tests)."""

    lang: str = DEFAULT
    names: tuple[Text, ...] = ()
    strict: bool = False
    #: ids already reported as missing (each logged once)
    _reported: set[str] = field(default_factory=set, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", check(self.lang))

    def named(self, names: Sequence[Text]) -> Audience:
        return Audience(self.lang, tuple(names), self.strict)

    def text(self, value: Any) -> str:
        """``value`` in this audience's words: messages rendered, seats named, lists
        joined, numbers written the language's way, plain strings as they are."""
        if isinstance(value, str):
            return value
        if isinstance(value, Msg):
            return self._message(value)
        if isinstance(value, Seat):
            return self.seat(value.n)
        if isinstance(value, bool):
            return self._message(COMMON("yes" if value else "no"))
        if isinstance(value, int) and -1000 < value < 1000:
            return str(value)  # the same digits and minus sign in meeple's languages, 40x faster
        if isinstance(value, int | float):
            return format_decimal(value, locale=self.lang)
        if isinstance(value, Items):
            texts = [self.text(v) for v in value.items]
            if value.style == "sentences":
                return SENTENCES.join(texts)
            if value.style in JOINERS:  # "round 2/3; deck 14", "wager, 2, 5"
                return self._message(COMMON(JOINERS[value.style])).join(texts)
            return format_list(texts, style=value.style, locale=self.lang)
        if isinstance(value, tuple | list):
            return format_list([self.text(v) for v in value], locale=self.lang)
        return str(value)

    __call__ = text

    def seat(self, n: int) -> str:
        name = self.names[n] if 0 <= n < len(self.names) else ""
        return self.text(name) if name else self._message(COMMON("seat", n=n))

    def _message(self, msg: Msg) -> str:
        params = {k: self.text(v) for k, v in msg.params}
        try:
            pattern = catalogs.template(msg.domain, msg.id, self.lang, msg.get("n"))
            return FORMATTER.vformat(pattern, (), params)
        except (catalogs.MissingMessage, KeyError, IndexError, ValueError) as err:
            if self.strict:
                raise catalogs.MissingMessage(f"{msg!r} in {self.lang}: {err!r}") from None
            if msg.id not in self._reported:
                self._reported.add(msg.id)
                log.warning("message %s:%s cannot be rendered in %s: %r", msg.domain, msg.id, self.lang, err)
            if self.lang != DEFAULT:
                return Audience(DEFAULT, self.names)._message(msg)
            return msg.id


ENGLISH = Audience()
_current: ContextVar[Audience] = ContextVar("meeple_audience", default=ENGLISH)


def current() -> Audience:
    """The audience of this context (the terminal's, a request's); English by default."""
    return _current.get()


def render(value: Any, audience: Audience | None = None) -> str:
    """``value`` in the words of ``audience`` (default: the current one)."""
    return (audience or _current.get()).text(value)


@contextlib.contextmanager
def use(audience: Audience) -> Iterator[Audience]:
    """Make ``audience`` the current one inside the ``with`` block."""
    token = _current.set(audience)
    try:
        yield audience
    finally:
        _current.reset(token)


def enter(audience: Audience) -> Callable[[], None]:
    """Make ``audience`` current until the returned function is called (a CLI command:
    the callback enters, the command's context closes it)."""
    token = _current.set(audience)
    return lambda: _current.reset(token)
