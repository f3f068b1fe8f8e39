"""The FastAPI application: the API under ``/api``, WebSockets under ``/ws``.

``/`` and ``/static`` are left to the browser client. ``create_app`` takes its engine
and settings as arguments so tests and the benchmark build the same app as ``meeple serve``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from sqlalchemy import Engine

from meeple.server import browser, errors, lessons, routes, ws
from meeple.server.config import ServerConfig
from meeple.server.fastpath import FastPath
from meeple.server.hall import Hall
from meeple.server.security import SecurityHeaders
from meeple.server.story import Pasts, Stories, Uploads

DESCRIPTION = """\
Tables of meeple's games for people and bots. Create a table (`POST /api/tables`), keep
the token of each human seat, fetch the table as your seat sees it (`GET
/api/tables/{id}` with `Authorization: Bearer TOKEN`), play moves in the game's notation
with the version you saw (`POST /api/tables/{id}/moves`), and watch changes on
`/ws/tables/{id}`. Refusals are JSON `{"detail": ...}` and change nothing.

**WebSocket** `/ws/tables/{table_id}`. The client's first message is `{"type": "auth",
"token": TOKEN}` (`null`: a spectator; a token never goes in the URL). The server sends
`WsMessage` objects (schema below): `{"type": "state", "table": TableState}` once
authenticated and after every change of the table, in order; `{"type": "presence",
"seat", "connected"}` when a seat's first socket opens or its last one closes;
`{"type": "error", "detail": ...}` before closing a refused socket with code 4000 + the
HTTP status (4400 a malformed first message, 4401 none in time, 4403 a wrong token,
4404 no such table, 4429 too many sockets). A page of another site is refused at the
handshake.
"""


def create_app(
    engine: Engine | None = None,
    config: ServerConfig | None = None,
    now: Callable[[], float] | None = None,
) -> FastAPI:
    """The server app on ``engine`` (default: ``open_engine(config.db)``, migrated)."""
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        nonlocal engine
        if engine is None:
            from meeple.store import open_engine

            engine = open_engine(config.db)
        hall = Hall(engine, config, now) if now is not None else Hall(engine, config)
        app.state.hall = hall
        app.state.stories = Stories()
        app.state.pasts = Pasts()
        app.state.uploads = Uploads()
        await hall.start()
        try:
            yield
        finally:
            await hall.close()

    app = FastAPI(
        title="meeple",
        version="1",
        summary="Board game tables over HTTP and WebSocket",
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    errors.install(app)
    _document_websocket(app)
    app.include_router(routes.router)
    app.include_router(ws.router)
    app.include_router(browser.router)  # look-ups, stories and replays for the browser client
    app.include_router(lessons.router)  # Learn to play: the lessons' tables
    from meeple.web import install as install_web_client

    install_web_client(app)  # the browser client at / and /static
    app.add_middleware(FastPath, state=app.state)  # innermost: inside the guard and the headers
    app.add_middleware(errors.BodyGuard, limit=config.max_body, depth=config.max_depth)
    app.add_middleware(SecurityHeaders)
    return app


def _document_websocket(app: FastAPI) -> None:
    """OpenAPI has no WebSockets: add the message model to the schemas the docs show."""
    from fastapi.openapi.utils import get_openapi

    from meeple.server.schemas import WsMessage

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = get_openapi(title=app.title, version=app.version, summary=app.summary,
                               description=app.description, routes=app.routes)
            extra = WsMessage.model_json_schema(ref_template="#/components/schemas/{model}")
            schemas = spec.setdefault("components", {}).setdefault("schemas", {})
            for name, schema in extra.pop("$defs", {}).items():
                schemas.setdefault(name, schema)
            schemas["WsMessage"] = extra
            app.openapi_schema = spec
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
