"""Every refusal is JSON: ``{"detail": what was wrong and what is allowed, ...}``."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meeple.i18n import ENGLISH, Audience, Text


class ApiError(Exception):
    """A refused request: an HTTP status, a sentence (a message, rendered in the
    request's language by the handler), and optional fields (e.g. ``legal``)."""

    def __init__(self, status: int, detail: Text, **extra: Any) -> None:
        super().__init__(str(detail))
        self.status = status
        self.detail = detail
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
        elif tuple(e.get("loc", ())) == ("body",):
            sentences.append("the body must be a JSON object (send Content-Type: application/json); see /docs")
        elif e.get("type") == "missing":
            sentences.append(f"{_where(e['loc'])} is required")
        else:
            sentences.append(f"{_where(e['loc'])}: {e.get('msg', 'invalid')}")
    return "; ".join(sentences) or "the request is not valid"


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, err: ApiError) -> JSONResponse:
        from meeple.server.language import request_language

        headers = {"WWW-Authenticate": "Bearer"} if err.status == 401 else None
        body = err.body(Audience(request_language(request)))
        return JSONResponse(body, status_code=err.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        errors = json.loads(json.dumps(err.errors(), default=str))
        for e in errors:  # the echo of a rejected body could be large: keep only where and why
            e.pop("input", None)
            e.pop("url", None)
        return JSONResponse({"detail": validation_detail(err), "errors": errors}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        detail = err.detail
        if err.status_code == 404 and detail == "Not Found":
            detail = f"no route {request.method} {request.url.path}; the routes are listed at /docs"
        elif err.status_code == 405:
            detail = f"{request.method} is not allowed on {request.url.path}; the routes are listed at /docs"
        return JSONResponse({"detail": detail}, status_code=err.status_code, headers=err.headers)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

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
                    await self._refuse(send)
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
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        kib = self.limit // 1024
        body = json.dumps({"detail": f"the request body is larger than the limit of {kib} KiB"}).encode()
        await send({
            "type": "http.response.start", "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        })
        await send({"type": "http.response.body", "body": body})
