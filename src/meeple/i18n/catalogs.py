"""The message catalogs: gettext ``.po`` files, one per domain and language, read with
Babel.

A *domain* is one owner's catalog: ``meeple`` (the terminal, the CLI, core errors),
one per game (``lost_cities``), ``web`` (the browser frame). Its files follow the
gettext layout inside the owning package, so ``pybabel`` and every translation tool
work on them as they are::

    <package>/locale/<lang>/LC_MESSAGES/<domain>.po

Message ids are symbolic (``status.draw``); the English catalog is the source text
and the list of every key. The ``.po`` files are read at first use (no compiled ``.mo``
to keep in step): Babel parses them and writes the standard gettext machine object in
memory, whose ``gettext``/``ngettext`` (and ``Plural-Forms``) do the look-ups.
"""

from __future__ import annotations

import gettext
import importlib.resources
import io
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from meeple.i18n.languages import DEFAULT, LANGUAGES
from meeple.i18n.message import Msg


class MissingMessage(LookupError):
    """A message id found in no catalog of its domain (not even English)."""


@dataclass(frozen=True)
class Domain:
    """A catalog owner: ``name`` and the package whose ``locale/`` folder holds its files.

    Calling it builds a message: ``M = Domain("lost_cities", __package__)``,
    ``M("status.draw", player=Seat(1))``.
    """

    name: str
    package: str

    def __post_init__(self) -> None:
        known = DOMAINS.get(self.name)
        if known is not None and known.package != self.package:
            raise ValueError(f"domain {self.name!r} is already owned by {known.package}")
        DOMAINS[self.name] = self

    def __call__(self, id: str, /, **params: Any) -> Msg:
        return Msg(self.name, id, **params)

    def path(self, lang: str):
        """The ``.po`` file of this domain in ``lang`` (an importlib resource)."""
        return (
            importlib.resources.files(self.package)
            / "locale" / lang / "LC_MESSAGES" / f"{self.name}.po"
        )


#: every domain created so far, by name (games create theirs when imported)
DOMAINS: dict[str, Domain] = {}


def domain(name: str) -> Domain:
    found = DOMAINS.get(name)
    if found is None:
        raise MissingMessage(f"no message domain {name!r}; known: {', '.join(sorted(DOMAINS))}")
    return found


@cache
def catalog(name: str, lang: str) -> Catalog | None:
    """The parsed ``.po`` of ``name`` in ``lang`` (``None`` when there is no such file)."""
    resource = domain(name).path(lang)
    if not resource.is_file():
        return None
    with resource.open("rb") as fp:
        return read_po(fp, locale=lang, domain=name)


class _Missing(gettext.NullTranslations):
    """The end of every fallback chain: a message no catalog knows is an error the
    renderer decides about (strict in tests, the id shown otherwise)."""

    def gettext(self, message: str) -> str:
        raise MissingMessage(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise MissingMessage(msgid1)


@cache
def translations(name: str, lang: str) -> gettext.GNUTranslations:
    """The standard gettext object for ``name`` in ``lang``, falling back to English
    for messages a language lacks (or leaves untranslated), then to ``MissingMessage``."""
    chain = _Missing() if lang == DEFAULT else translations(name, DEFAULT)
    parsed = catalog(name, lang)
    if parsed is None:
        return chain  # type: ignore[return-value]
    buffer = io.BytesIO()
    write_mo(buffer, parsed)
    buffer.seek(0)
    out = gettext.GNUTranslations(buffer)
    out.add_fallback(chain)
    return out


@cache
def plural_ids(name: str) -> frozenset[str]:
    """The ids of ``name``'s plural messages (from the English catalog)."""
    english = catalog(name, DEFAULT)
    if english is None:
        return frozenset()
    return frozenset(m.id[0] for m in english if m.id and m.pluralizable)


def template(name: str, id: str, lang: str, n: Any = None) -> str:
    """The text of message ``id`` in ``lang`` (English where ``lang`` lacks it), its
    plural form chosen by ``n`` when the message has plural forms."""
    t = translations(name, lang)
    if id in plural_ids(name) and isinstance(n, int | float) and not isinstance(n, bool):
        count = abs(n)  # "-12 points": the form follows the size, not the sign
        return t.ngettext(id, id, int(count) if count == int(count) else 2)
    return t.gettext(id)


def ids(name: str, lang: str = DEFAULT) -> Iterator[str]:
    """Every message id of a domain's catalog in ``lang``."""
    parsed = catalog(name, lang)
    if parsed is not None:
        for m in parsed:
            if m.id:
                yield m.id[0] if m.pluralizable else m.id


def languages_of(name: str) -> list[str]:
    """The languages that have a catalog file for ``name``."""
    return [lang for lang in LANGUAGES if catalog(name, lang) is not None]
