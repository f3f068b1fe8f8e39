"""Every refusal is JSON: ``{"detail": what was wrong and what is allowed, ...}``.

Bad input is a 4xx naming the problem; an unexpected error is a 500 whose body carries
an id that is in the server's log with the traceback, never the traceback itself. The
body guard refuses, before any route reads it, a body over the size limit (413) and
JSON nested deeper than the depth limit (422).
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meeple.i18n import ENGLISH, Audience, Text

log = logging.getLogger("meeple.server")


class ApiError(Exception):
    """A refused request: an HTTP status, a sentence (a message, rendered in the
    request's language by the handler), and optional fields (e.g. ``legal``)."""

    def __init__(self, status: int, detail: Text, headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(str(detail))
        self.status = status
        self.detail = detail
        self.headers = headers
        self.extra = extra

    def body(self, audience: Audience = ENGLISH) -> dict[str, Any]:
        return {"detail": audience.text(self.detail), **self.extra}


def _where(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body",)]
    return ".".join(parts) or "body"


def validation_detail(err: RequestValidationError) -> str:
    """One readable sentence out of pydantic's error list."""
    sentences = []
    for e in err.errors():
        if e.get("type") == "json_invalid":
            sentences.append(f"the body is not valid JSON ({e.get('ctx', {}).get('error', 'parse error')})")
        elif tuple(e.get("loc", ())) == ("body",) and e.get("type") in ("model_attributes_type", "dict_type"):
            sentences.append("the body must be a JSON object (send Content-Type: application/json); see /docs")
        elif e.get("type") == "missing":
            sentences.append(f"{_where(e['loc'])} is required")
        else:
            sentences.append(f"{_where(e['loc'])}: {e.get('msg', 'invalid')}")
    return "; ".join(sentences) or "the request is not valid"


def _plain(value: Any) -> Any:
    """A validation error's context as JSON (texts with lone surrogates made printable)."""
    return json.loads(json.dumps(value, default=str, ensure_ascii=True))


def api_error_response(request: Request, err: ApiError) -> JSONResponse:
    """A refusal as every route answers it, in the request's language."""
    from meeple.server.language import request_language

    headers = dict(err.headers or {})
    if err.status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    body = err.body(Audience(request_language(request)))
    return JSONResponse(body, status_code=err.status, headers=headers or None)


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, err: ApiError) -> JSONResponse:
        return api_error_response(request, err)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        errors = _plain(err.errors())
        for e in errors:  # the echo of a rejected body could be large: keep only where and why
            e.pop("input", None)
            e.pop("url", None)
        return JSONResponse({"detail": _plain(validation_detail(err)), "errors": errors}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        detail = err.detail
        if err.status_code == 404 and detail == "Not Found":
            detail = f"no route {request.method} {request.url.path}; the routes are listed at /docs"
        elif err.status_code == 405:
            detail = f"{request.method} is not allowed on {request.url.path}; the routes are listed at /docs"
        return JSONResponse({"detail": detail}, status_code=err.status_code, headers=err.headers)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, err: Exception) -> JSONResponse:
        error_id = secrets.token_hex(6)
        log.error("unexpected error %s on %s %s", error_id, request.method, request.url.path, exc_info=err)
        return JSONResponse({"detail": f"an unexpected error (id {error_id}, in the server's log)",
                             "error_id": error_id}, status_code=500)


#: a JSON string (skipped when counting nesting) or a bracket
_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth(body: bytes) -> int:
    """How deeply ``body``'s arrays and objects nest (brackets inside strings do not count)."""
    depth = deepest = 0
    for m in _TOKENS.finditer(body):
        c = m.group()
        if c in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif c in (b"]", b"}"):
            depth -= 1
    return deepest


class BodyGuard:
    """Refuse bodies over ``limit`` bytes (413) and nested deeper than ``depth`` (422),
    before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int, depth: int) -> None:
        self.app = app
        self.limit = limit
        self.depth = depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    size = 0
                if size > self.limit:
                    await self._refuse(send, 413, f"the request body is larger than the limit of "
                                                  f"{self.limit // 1024} KiB (max_body)")
                    return
        chunks: list[bytes] = []
        size = 0
        while True:  # read the whole (small) body, counting, then hand it on
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send, 413, f"the request body is larger than the limit of "
                                              f"{self.limit // 1024} KiB (max_body)")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and (b"[" in body or b"{" in body) and json_depth(body) > self.depth:
            await self._refuse(send, 422, f"the JSON body nests deeper than the limit of {self.depth} "
                                          "levels (max_depth)")
            return
        await self.app(scope, replay_body(body, receive), send)

    async def _refuse(self, send: Send, status: int, detail: str) -> None:
        body = json.dumps({"detail": detail}).encode()
        await send({
            "type": "http.response.start", "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        })
        await send({"type": "http.response.body", "body": body})


def replay_body(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read (once), then the client's
    own messages (a disconnect): so a middleware can read a body and still pass it on."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
