"""The browser's catalogs (``web/static/i18n/<lang>.json``), written from the ``.po``
catalogs so the browser and the server say the same words.

Each JSON file holds the ``web`` domain (the browser frame and boards) under its own
keys, and every game domain under ``<domain>:<id>`` (``lost_cities:card.R``), so a
board can name a card exactly as the server's narration does. A plural message becomes
``{"one": ..., "other": ...}`` (the CLDR categories of gettext's two forms in meeple's
languages); ``i18n.js`` picks the form with ``Intl.PluralRules``. Only messages a
language translates are written; the browser falls back to English for the rest.

``python -m meeple.i18n.web`` rewrites the files; ``tests/i18n`` fails when they differ
from the catalogs (edit the ``.po`` files, never the JSON).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from meeple.i18n import catalogs
from meeple.i18n.languages import LANGUAGES

WEB = "web"
#: the shared messages games nest in their own texts (counts of points, seats, list
#: separators, yes and no): the browser renders those texts too (``meeple.i18n.wire``)
SHARED = frozenset(("points", "seat", "yes", "no", "list.comma", "list.parts"))
#: domains whose texts the server renders for the browser (a lesson's steps): not written
SERVED = frozenset(("lessons",))


def _domains() -> list[str]:
    from meeple import games

    for name in games.names():
        games.get(name)
    import meeple.web  # noqa: F401  declares the web domain

    return sorted(set(catalogs.DOMAINS) - SERVED)


def export(lang: str) -> dict[str, Any]:
    """The browser catalog of ``lang``: the web domain, then each game domain prefixed,
    and the shared messages games nest (``SHARED``, as ``meeple:id``)."""
    out: dict[str, Any] = {}
    for name in [WEB, *(d for d in _domains() if d != WEB)]:
        parsed = catalogs.catalog(name, lang)
        if parsed is None:
            continue
        prefix = "" if name == WEB else f"{name}:"
        for message in parsed:
            if not message.id:
                continue
            key = message.id[0] if message.pluralizable else message.id
            if name == "meeple" and key not in SHARED:
                continue
            if message.pluralizable:
                one, other = message.string[0], message.string[1]
                if one and other:
                    out[prefix + message.id[0]] = {"one": one, "other": other}
            elif message.string:
                out[prefix + message.id] = message.string
    return out


def text(lang: str) -> str:
    return json.dumps(export(lang), ensure_ascii=False, indent=1) + "\n"


def target(lang: str) -> Path:
    from meeple.web import STATIC

    return STATIC / "i18n" / f"{lang}.json"


def main() -> int:
    for lang in LANGUAGES:
        target(lang).write_text(text(lang), encoding="utf-8")
        print(f"wrote {target(lang)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
