"""Which language a reader gets: ``--lang``, the locale variables, ``Accept-Language``.

Languages are named by their ISO 639-1 code; a regional tag (``fr_BE.UTF-8``,
``es-MX``) means its language. English is the default and the fallback.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

#: the languages meeple speaks, with their names in themselves
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "es": "Español", "nl": "Nederlands"}
DEFAULT = "en"
#: the gettext order: LANGUAGE (a colon-separated list) unless the locale is C/POSIX,
#: then LC_ALL, LC_MESSAGES, LANG
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class LanguageError(ValueError):
    """A language was asked for by a code meeple does not speak."""


def base(tag: str) -> str:
    """``fr_BE.UTF-8@euro`` -> ``fr``; ``es-MX`` -> ``es``."""
    return tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].strip().lower()


def supported(tag: str | None) -> str | None:
    """The language of ``tag`` if meeple speaks it, else ``None``."""
    if not tag:
        return None
    code = base(tag)
    return code if code in LANGUAGES else None


def check(tag: str) -> str:
    """``tag``'s language, or ``LanguageError`` naming the languages allowed."""
    found = supported(tag)
    if found is None:
        allowed = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        shown = tag if len(tag) <= 20 else tag[:20] + "..."
        raise LanguageError(f"no language {shown!r}; meeple speaks {allowed}")
    return found


def from_environment(env: Mapping[str, str] | None = None) -> str:
    """The language the locale variables ask for, as gettext reads them; English when
    none names a language meeple speaks."""
    env = os.environ if env is None else env
    locale = next((env[v] for v in LOCALE_VARIABLES if env.get(v)), "")
    if locale in ("C", "POSIX") or base(locale) in ("c", "posix"):
        return DEFAULT  # gettext ignores LANGUAGE under the C locale
    for tag in env.get("LANGUAGE", "").split(":"):
        found = supported(tag)
        if found:
            return found
    return supported(locale) or DEFAULT


def from_accept_language(header: str | None) -> str:
    """The best language of an HTTP ``Accept-Language`` header (RFC 9110 weights);
    English when it names none meeple speaks."""
    if not header:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        found = supported(tag.strip())
        if found and weight > 0:
            ranked.append((-weight, index, found))
    return min(ranked)[2] if ranked else DEFAULT
