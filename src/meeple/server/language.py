"""The language of an answer: ``?lang=fr``, else the request's ``Accept-Language``,
else English; and the audience a table's texts are rendered for (that language and the
seats' names).

Games and core hand the server messages (``meeple.i18n.Msg``); the routes render them
here, at the edge, so caches keep language-free messages and each request reads its
own language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import Query, Request

from meeple.i18n import LANGUAGES, Audience, LanguageError, check, from_accept_language
from meeple.server.errors import ApiError

LANG = Query(None, description=f"language of the texts: {', '.join(LANGUAGES)} (default: Accept-Language, else en)")


async def language(request: Request, lang: str | None = LANG) -> str:
    """A route dependency: the language asked for (``lang`` first, then the header). A
    coroutine: FastAPI would run a plain function in a thread."""
    if lang is not None:
        try:
            return check(lang)
        except LanguageError as err:
            raise ApiError(422, str(err)) from None
    return from_accept_language(request.headers.get("accept-language"))


def request_language(request: Request) -> str:
    """The language of a request outside a route's parameters (error handlers): the
    ``lang`` query parameter when it names a language meeple speaks, else the header."""
    asked = request.query_params.get("lang")
    if asked:
        try:
            return check(asked)
        except LanguageError:
            pass
    return from_accept_language(request.headers.get("accept-language"))


def audience(lang: str, seats: Sequence[Any] = ()) -> Audience:
    """Who reads a table's texts: ``lang``, and each seat named by its player's name or
    its bot (a seat with neither reads "seat N" in that language)."""
    names = [getattr(s, "name", None) or getattr(s, "bot", None) or "" for s in seats]
    return Audience(lang, tuple(names))
