"""FastAPI dependencies: the hall a request talks to, the token it carries, who sent it.

Routes declare what they need (``HallDep``; ``CallerDep``, the hall and the caller's
token; ``ClientDep``) instead of reaching into the application's state or parsing
headers themselves. They are coroutines (FastAPI runs a plain function dependency in a
thread, a hop that would cost more than the dependency), and a route has one of them
on its hot path: each dependency costs FastAPI a pass over every kind of parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Path, Request

from meeple.server.errors import ApiError
from meeple.server.hall import MAX_ID, Hall
from meeple.server.language import language


async def get_hall(request: Request) -> Hall:
    return request.app.state.hall


async def bearer(
    authorization: Annotated[str | None, Header(
        description="Bearer TOKEN of a seat; without it, the spectators' view", max_length=200)] = None,
) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None: no header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


@dataclass(frozen=True)
class Caller:
    """Who is asking: the hall, and the seat token they sent (None: a spectator)."""

    hall: Hall
    token: str | None


async def caller(
    request: Request,
    authorization: Annotated[str | None, Header(
        description="Bearer TOKEN of a seat; without it, the spectators' view", max_length=200)] = None,
) -> Caller:
    return Caller(request.app.state.hall, await bearer(authorization))


async def client_address(request: Request) -> str | None:
    """Who sent the request: the peer address, or the proxy's X-Forwarded-For when
    ``meeple serve --forwarded-allow-ips`` trusts that proxy (uvicorn applies it)."""
    return request.client.host if request.client else None


HallDep = Annotated[Hall, Depends(get_hall)]
TokenDep = Annotated[str | None, Depends(bearer)]
CallerDep = Annotated[Caller, Depends(caller)]
#: the language of a route's texts: ``?lang=`` or ``Accept-Language`` (server/language.py)
LangDep = Annotated[str, Depends(language)]
ClientDep = Annotated[str | None, Depends(client_address)]
TableId = Annotated[int, Path(ge=1, le=MAX_ID, description="the table's id")]
