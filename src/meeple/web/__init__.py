"""The browser client: static ES modules, CSS and message catalogs, served by ``meeple serve``.

No build step: the files under ``static/`` are what the browser loads (the message
catalogs ``static/i18n/*.json`` are written from the ``.po`` files, see ``meeple.i18n.web``). ``/`` is the
lobby; ``/tables/{id}`` a table, ``/replays`` the replay viewer; every page is the same
``index.html``, whose script picks the page from the address.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from meeple.i18n import Domain

STATIC = Path(__file__).with_name("static")
#: the browser's messages: locale/<lang>/LC_MESSAGES/web.po, exported to static/i18n/<lang>.json
#: by ``python -m meeple.i18n.web`` (with every game's messages, prefixed by their domain)
M = Domain("web", __package__)
#: the pages the client's router knows; each is index.html
PAGES = ("/", "/tables/{table_id}", "/replays", "/replays/{key}")


def install(app: FastAPI) -> None:
    """Serve the client: ``/static/...`` files and the page routes."""
    index = STATIC / "index.html"

    async def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
