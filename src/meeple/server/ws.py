"""``/ws/tables/{id}?token=...``: the seat's (or a spectator's) state after every change, in order."""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from meeple.server.errors import ApiError
from meeple.server.hall import Hall

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: int, token: str | None = None) -> None:
    """Sends ``{"type": "state", "table": TableState}`` on connect and after every change.

    A refused connection gets ``{"type": "error", "detail": ...}`` and is closed with
    code 4000 + the HTTP status (4403 wrong token, 4404 no such table).
    """
    hall: Hall = websocket.app.state.hall
    await websocket.accept()
    try:
        live = await hall.table(table_id)
        seat = hall.seat_of(live, token or None)
    except ApiError as err:
        await websocket.send_text(json.dumps({"type": "error", "detail": str(err.detail)}))
        await websocket.close(code=4000 + err.status)
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
        while True:  # clients have nothing to say; reading notices them leave
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
        hall.unsubscribe(live, sub)
