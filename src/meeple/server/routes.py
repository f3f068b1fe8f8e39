"""The HTTP routes under ``/api``. Each handler is thin: the hall does the work.

Handlers return plain data; FastAPI validates it against the route's ``response_model``
(the schema ``/docs`` shows) and serialises it, so an answer cannot drift from its
documentation. The hall, the token and the client come in as dependencies.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, Query, Request, Response

from meeple import bots, games
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.i18n import ENGLISH, Audience
from meeple.server.deps import CallerDep, ClientDep, HallDep, LangDep, TableId
from meeple.server.errors import ApiError
from meeple.server.hall import MAX_ID
from meeple.server.schemas import (
    CreatedTable,
    ErrorBody,
    GameInfo,
    Hint,
    Join,
    Joined,
    Move,
    NewTable,
    RecordOut,
    TableState,
    TableSummary,
    Undo,
)

router = APIRouter(prefix="/api")


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorBody} for code in codes}


def game_info(name: str, say: Audience = ENGLISH) -> dict[str, Any]:
    g = games.get(name)
    return {
        "name": g.name,
        "title": g.title,
        "min_players": g.players.start,
        "max_players": g.players.stop - 1,
        "summary": say(g.summary),
        "options": [
            {"name": key, "default": opt.default, "choices": list(opt.choices), "none": opt.none,
             "doc": say(opt.doc)}
            for key, opt in g.options.items()
        ],
        "bots": [
            {"name": b, "params": {"seed": "int", **{k: t.__name__ for k, t in bots.PARAMS.get(b, {}).items()
                                                    if k not in SERVER_ONLY}}}
            for b in bots.names()
            if _plays(b, g)
        ],
        "example": g.actions.example,
    }


#: bot parameters a client cannot set (the server's): not listed
SERVER_ONLY = ("workers",)


def _plays(bot: str, game: Game) -> bool:
    """Whether ``bot`` can take a seat at ``game`` (a game may lack a heuristic)."""
    try:
        bots.get(bot, game)
    except ConfigError:
        return False
    return True


@router.get("/games", response_model=list[GameInfo], summary="The games, player counts and options")
def list_games(lang: LangDep) -> list[dict[str, Any]]:
    say = Audience(lang)
    return [game_info(name, say) for name in games.names()]


@router.post("/tables", status_code=201, response_model=CreatedTable, responses=errors(422, 429),
             summary="Create a table; returns a token per human seat")
async def create_table(body: NewTable, hall: HallDep, client: ClientDep) -> dict[str, Any]:
    live, tokens = await hall.create(
        body.game, body.seats, body.players, body.options, body.names,
        body.clock.model_dump() if body.clock else None, client,
    )
    seat = min(tokens) if tokens else None
    return {"id": live.id, "tokens": {str(k): v for k, v in tokens.items()}, "table": hall.view(live, seat)}


@router.get("/tables", response_model=list[TableSummary], responses=errors(422),
            summary="The tables, newest first")
async def list_tables(
    hall: HallDep,
    status: str | None = Query(None, max_length=10, description="waiting, playing or over"),
    game: str | None = Query(None, max_length=40, description="only this game"),
    limit: int = Query(100, ge=1, le=1000),
    before: int | None = Query(None, ge=1, le=MAX_ID + 1, description="only tables with a smaller id (paging)"),
) -> list[dict[str, Any]]:
    if status is not None and status not in ("waiting", "playing", "over"):
        raise ApiError(422, f"status={status!r} is not allowed; give waiting, playing or over")
    return await hall.list_tables(status, game, limit, before)


@router.get("/tables/{table_id}", response_model=TableState, responses=errors(401, 403, 404, 422),
            summary="A table as your seat sees it (no token: as a spectator)")
async def get_table(table_id: TableId, who: CallerDep) -> dict[str, Any]:
    live, seat = await who.hall.viewer(table_id, who.token)
    return who.hall.view(live, seat)


@router.post("/tables/{table_id}/join", response_model=Joined, responses=errors(404, 409, 422),
             summary="Take an open seat; returns its token")
async def join_table(table_id: TableId, hall: HallDep, body: Join | None = None) -> dict[str, Any]:
    body = body or Join()
    live, seat, token = await hall.join(table_id, body.seat, body.name)
    return {"id": live.id, "seat": seat, "token": token, "table": hall.view(live, seat)}


@router.post("/tables/{table_id}/moves", response_model=TableState,
             responses=errors(401, 403, 404, 409, 422),
             summary="Play a move for your seat; answers with the new state")
async def post_move(table_id: TableId, body: Move, who: CallerDep) -> dict[str, Any]:
    live, seat = await who.hall.move(table_id, who.token, body.action, body.version)
    return who.hall.view(live, seat)


@router.post("/tables/{table_id}/undo", response_model=TableState,
             responses=errors(401, 403, 404, 409, 422),
             summary="Take back your last move of this turn, if it revealed nothing")
async def post_undo(table_id: TableId, body: Undo, who: CallerDep) -> dict[str, Any]:
    live, seat = await who.hall.undo(table_id, who.token, body.version)
    return who.hall.view(live, seat)


@router.get("/tables/{table_id}/hint", response_model=Hint, responses=errors(401, 403, 404, 409, 422, 429, 503),
            summary="The search bot's top moves for your seat, from your seat's information only")
async def get_hint(table_id: TableId, request: Request, who: CallerDep,
                   top: int = Query(3, ge=1, le=10, description="how many moves")) -> dict[str, Any]:
    """The search runs while the client waits: if it leaves, the search is stopped."""
    search = asyncio.ensure_future(who.hall.hint(table_id, who.token, top))
    gone = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({search, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (search, gone):
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
    if search.cancelled():
        raise ApiError(499, "the client left before its hint was ready")
    return search.result()


async def _disconnected(request: Request) -> None:
    """Returns when the client has gone (its connection closed)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


@router.get("/tables/{table_id}/record", response_model=RecordOut, responses=errors(404, 409, 422),
            summary="The record of a finished game, replayable with `meeple replay FILE`")
async def get_record(table_id: TableId, hall: HallDep, response: Response) -> dict[str, Any]:
    live = await hall.table(table_id)
    record = hall.record(live)
    response.headers["Content-Disposition"] = f'attachment; filename="meeple-{live.game.name}-{live.id}.json"'
    return json.loads(record.to_json())
