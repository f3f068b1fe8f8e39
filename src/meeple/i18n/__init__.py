"""Localisation: text a player reads is a message id with parameters, rendered in the
reader's language (English, French, Spanish, Dutch) at the edge.

Games build ``Msg`` values with their ``Domain`` (``M("status.draw", player=Seat(1))``);
the terminal and the server render them for an ``Audience`` (a language and the seats'
names). Catalogs are gettext ``.po`` files read with Babel; see docs/architecture.md,
"How to localise a game".
"""

from meeple.i18n.catalogs import DOMAINS, Domain, MissingMessage
from meeple.i18n.languages import (
    DEFAULT,
    LANGUAGES,
    LanguageError,
    check,
    from_accept_language,
    from_environment,
)
from meeple.i18n.message import Items, Msg, Seat, Text, items
from meeple.i18n.render import COMMON, ENGLISH, Audience, current, enter, render, use

__all__ = [
    "COMMON",
    "DEFAULT",
    "DOMAINS",
    "ENGLISH",
    "LANGUAGES",
    "Audience",
    "Domain",
    "Items",
    "LanguageError",
    "MissingMessage",
    "Msg",
    "Seat",
    "Text",
    "check",
    "current",
    "enter",
    "from_accept_language",
    "from_environment",
    "items",
    "render",
    "use",
]
