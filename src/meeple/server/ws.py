"""``/ws/tables/{id}``: the seat's (or a spectator's) state after every change, in order.

The token never travels in the URL (URLs end up in logs): the client's first message is
``{"type": "auth", "token": TOKEN}`` (``null`` to spectate), within ``ws_auth_seconds``.
A browser page may open a socket only from the server's own host or an allowed origin.
"""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from meeple.server.errors import ApiError
from meeple.server.hall import Hall
from meeple.server.schemas import WsAuth
from meeple.server.security import origin_allowed

router = APIRouter()


async def _refuse(websocket: WebSocket, status: int, detail: str) -> None:
    await websocket.send_text(json.dumps({"type": "error", "detail": detail}))
    await websocket.close(code=4000 + status)


async def _authenticate(websocket: WebSocket, hall: Hall) -> str | None:
    """The token of the first message (None: a spectator); ``ApiError`` if there is none."""
    if "token" in websocket.query_params:
        raise ApiError(400, 'a token never goes in the URL (URLs are logged): send {"type": "auth", '
                            '"token": TOKEN} as the first message')
    try:
        text = await asyncio.wait_for(websocket.receive_text(), hall.config.ws_auth_seconds)
        return WsAuth.model_validate_json(text).token
    except TimeoutError:
        raise ApiError(401, f"no first message within {hall.config.ws_auth_seconds:g} s: send "
                            '{"type": "auth", "token": TOKEN or null}') from None
    except (ValidationError, ValueError, KeyError):
        raise ApiError(400, 'the first message must be {"type": "auth", "token": TOKEN or null}') from None


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: int) -> None:
    """Sends ``{"type": "state", "table": TableState}`` on connect and after every change, and
    ``{"type": "presence", "seat", "connected"}`` when a seat's first socket opens or its last closes.

    A refused connection gets ``{"type": "error", "detail": ...}`` and is closed with code
    4000 + the HTTP status (4400 a malformed first message, 4401 none in time, 4403 a wrong
    token, 4404 no such table, 4429 too many sockets on the table). A socket from a page of
    another site is refused at the handshake (HTTP 403).
    """
    hall: Hall = websocket.app.state.hall
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"),
                          hall.config.allowed_origins):
        await websocket.close(code=1008)  # before accepting: the handshake answers 403
        return
    await websocket.accept()
    try:
        token = await _authenticate(websocket, hall)
        live, seat = await hall.viewer(table_id, token)
        if hall.fanout.sockets(table_id) >= hall.config.sockets_per_table:
            raise ApiError(429, f"table {table_id} has {hall.config.sockets_per_table} sockets open, the limit "
                                "(sockets_per_table); try again later")
    except ApiError as err:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await _refuse(websocket, err.status, str(err.detail))
        return
    except WebSocketDisconnect:
        return
    sub = hall.subscribe(live, seat)

    async def send() -> None:
        while True:
            text = await sub.queue.get()
            if text is None:
                await websocket.close(code=1001 if hall.closed else 4408)
                return
            await websocket.send_text(text)

    async def receive() -> None:
        while True:  # clients have nothing more to say; reading notices them leave
            await websocket.receive_text()

    tasks = [asyncio.create_task(send()), asyncio.create_task(receive())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError, Exception):
                await task
        hall.unsubscribe(table_id, sub)
