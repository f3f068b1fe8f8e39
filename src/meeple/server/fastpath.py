"""The two requests of every move, answered without FastAPI's per-request machinery.

``GET /api/tables/{id}`` and ``POST /api/tables/{id}/moves`` are most of a server's
traffic. Through FastAPI each one pays for its route search, its dependencies (a pass
over every kind of parameter each) and its exit stacks: together more than the game's
own work (0.5 ms of the 1.1 ms a move cost on the bench machine). This middleware,
inside the security headers and the body guard, answers a well-formed request itself,
by the same hall calls and the same rules as the routes in ``routes``:

- the path's id must be a table id (1 to ``MAX_ID``) and there is no query string;
- the Authorization header is read by ``deps.bearer`` (at most 200 characters);
- a move's body must be ``application/json`` and valid for ``Move`` (pydantic,
  as FastAPI validates it);
- the answer is validated against ``TableState`` and serialised by pydantic, as
  FastAPI does with a route's ``response_model``; a refusal is the same JSON
  (``errors.api_error_response``).

Anything else (another route, a query string, a malformed header or body) goes on to
FastAPI unchanged, body included, so its refusals stay the ones ``/docs`` describes.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import TypeAdapter, ValidationError
from starlette.datastructures import State
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from meeple.server.deps import bearer
from meeple.server.errors import ApiError, api_error_response, replay_body
from meeple.server.hall import MAX_ID
from meeple.server.schemas import Move, TableState

#: ``/api/tables/{id}`` and ``/api/tables/{id}/moves`` (an id of up to ten digits, no leading zero)
PATH = re.compile(r"/api/tables/([1-9][0-9]{0,9})(/moves)?")
#: the longest Authorization header the routes accept (``deps.bearer``)
MAX_AUTHORIZATION = 200
MOVE = TypeAdapter(Move)
STATE = TypeAdapter(TableState)


def state_json(table: dict[str, Any]) -> bytes:
    """A ``TableState`` as the routes answer it: validated against the model, then dumped."""
    return STATE.dump_json(STATE.validate_python(table, from_attributes=True), by_alias=True)


class FastPath:
    def __init__(self, app: ASGIApp, state: State) -> None:
        self.app = app
        self.state = state  # the application's: its hall is set when the server starts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("query_string"):
            await self.app(scope, receive, send)
            return
        match = PATH.fullmatch(scope["path"])
        if match is None:
            await self.app(scope, receive, send)
            return
        table_id = int(match.group(1))
        moves = match.group(2) is not None
        if scope["method"] != ("POST" if moves else "GET") or table_id > MAX_ID:
            await self.app(scope, receive, send)
            return
        authorization = content_type = None
        for name, value in scope["headers"]:
            if name == b"authorization" and authorization is None:
                authorization = value
            elif name == b"content-type" and content_type is None:
                content_type = value
        if authorization is not None and len(authorization) > MAX_AUTHORIZATION:
            await self.app(scope, receive, send)
            return
        move: Move | None = None
        if moves:
            body = await _body(receive)
            move = _move(body, content_type)
            if move is None:  # FastAPI says what is wrong with it
                await self.app(scope, replay_body(body, receive), send)
                return
        hall = self.state.hall
        try:
            token = await bearer(None if authorization is None else authorization.decode("latin-1"))
            if move is not None:
                live, seat = await hall.move(table_id, token, move.action, move.version)
            else:
                live, seat = await hall.viewer(table_id, token)
            content = state_json(hall.view(live, seat))
        except ApiError as err:
            await api_error_response(Request(scope), err)(scope, receive, send)
            return
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-length", str(len(content)).encode()), (b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": content})


async def _body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _move(body: bytes, content_type: bytes | None) -> Move | None:
    """The move a JSON body holds; None when FastAPI should answer (not JSON, not a move)."""
    if content_type is None or content_type.split(b";")[0].strip().lower() != b"application/json":
        return None
    try:
        return MOVE.validate_python(json.loads(body), from_attributes=True)
    except (ValueError, ValidationError):  # a JSONDecodeError is a ValueError
        return None


