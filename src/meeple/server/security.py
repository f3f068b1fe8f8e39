"""Headers every answer carries, and which browser pages may open a WebSocket.

The browser client gets a Content-Security-Policy that lets it load only its own
scripts, styles and images and talk only to its own server; every answer says
``X-Content-Type-Options: nosniff`` and ``X-Frame-Options: DENY`` (no page of another
site may frame the tables). ``/docs`` keeps the policy FastAPI's Swagger page needs
(its scripts come from a CDN).

A WebSocket opened by a browser carries the page's ``Origin``: it must be the server's
own host, or one of the configured ``allowed_origins``; a page on another site cannot
watch or play through a visitor's browser. Clients that are not browsers send no Origin.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: the policy of the browser client (no inline script, no other site)
CLIENT_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: routes that are not the client (the API reference pages load Swagger from a CDN)
NOT_CLIENT = ("/docs", "/redoc", "/openapi.json", "/api/", "/ws/")


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        client = not path.startswith(NOT_CLIENT)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                headers.append((b"x-frame-options", b"DENY"))
                headers.append((b"referrer-policy", b"same-origin"))
                if client:
                    headers.append((b"content-security-policy", CLIENT_POLICY.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def origin_allowed(origin: str | None, host: str | None, allowed: Collection[str]) -> bool:
    """Whether a WebSocket from a page at ``origin`` may talk to this server at ``host``."""
    if origin is None:
        return True  # not a browser: it could send any Origin it liked anyway
    if origin.rstrip("/") in {a.rstrip("/") for a in allowed}:
        return True
    return bool(host) and urlsplit(origin).netloc.lower() == host.lower()
