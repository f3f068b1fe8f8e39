"""The HTTP routes under ``/api``. Each handler is thin: the hall does the work."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse, Response

from meeple import bots, games
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.i18n import ENGLISH, Audience
from meeple.server import storage
from meeple.server.errors import ApiError
from meeple.server.hall import Hall
from meeple.server.language import language
from meeple.server.live import seats_info
from meeple.server.schemas import (
    CreatedTable,
    ErrorBody,
    GameInfo,
    Hint,
    Join,
    Joined,
    Move,
    NewTable,
    TableState,
    TableSummary,
    Undo,
)

router = APIRouter(prefix="/api")


def hall_of(request: Request) -> Hall:
    return request.app.state.hall


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None: no header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


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
            {"name": b, "params": {"seed": "int", **{k: t.__name__ for k, t in bots.PARAMS.get(b, {}).items()}}}
            for b in bots.names()
            if _plays(b, g)
        ],
        "example": g.actions.example,
    }


def _plays(bot: str, game: Game) -> bool:
    """Whether ``bot`` can take a seat at ``game`` (a game may lack a heuristic)."""
    try:
        bots.get(bot, game)
    except ConfigError:
        return False
    return True


def _iso(stamp: datetime) -> str:
    """ISO 8601 in UTC (SQLite hands back naive datetimes; they were stored as UTC)."""
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).isoformat()


AUTH = Header(None, description="Bearer TOKEN of a seat; without it, the spectators' view")


@router.get("/games", response_model=list[GameInfo], summary="The games, player counts and options")
def list_games(lang: str = Depends(language)) -> list[dict[str, Any]]:
    say = Audience(lang)
    return [game_info(name, say) for name in games.names()]


@router.post("/tables", status_code=201, response_model=CreatedTable, responses=errors(422),
             summary="Create a table; returns a token per human seat")
async def create_table(body: NewTable, request: Request) -> JSONResponse:
    hall = hall_of(request)
    live, tokens = await hall.create(
        body.game, body.seats, body.players, body.options, body.names,
        body.clock.model_dump() if body.clock else None,
    )
    seat = min(tokens) if tokens else None
    return JSONResponse(
        {"id": live.id, "tokens": {str(k): v for k, v in tokens.items()}, "table": hall.view(live, seat)},
        status_code=201,
    )


@router.get("/tables", response_model=list[TableSummary], summary="The tables, newest first")
async def list_tables(
    request: Request,
    status: str | None = Query(None, description="waiting, playing or over"),
    game: str | None = Query(None, description="only this game"),
    limit: int = Query(100, ge=1, le=1000),
    before: int | None = Query(None, description="only tables with a smaller id (paging)"),
) -> JSONResponse:
    if status is not None and status not in ("waiting", "playing", "over"):
        raise ApiError(422, f"status={status!r} is not allowed; give waiting, playing or over")
    hall = hall_of(request)
    rows = await hall._db(storage.list_tables, status, game, limit, before)
    out = []
    for row, seat_rows in rows:
        live = hall.tables.get(row["id"])
        if live is not None:  # connected flags live in memory
            seat_list = seats_info(live.seats)
        else:
            seat_list = [{"seat": s["seat"], "kind": s["kind"], "bot": s["bot"], "name": s["name"],
                          "connected": False} for s in seat_rows]
        out.append({
            "id": row["id"], "game": row["game"], "players": row["players"], "options": row["options"],
            "status": row["status"], "version": row["version"], "seats": seat_list,
            "open_seats": [s["seat"] for s in seat_list if s["kind"] == "open"],
            "winners": (row["result"] or {}).get("winners"), "clock": row["clock"],
            "commitment": row["commitment"],
            "created_at": _iso(row["created_at"]), "updated_at": _iso(row["updated_at"]),
        })
    return JSONResponse(out)


@router.get("/tables/{table_id}", response_model=TableState, responses=errors(401, 403, 404),
            summary="A table as your seat sees it (no token: as a spectator)")
async def get_table(table_id: int, request: Request, authorization: str | None = AUTH) -> JSONResponse:
    hall = hall_of(request)
    live = await hall.table(table_id)
    seat = hall.seat_of(live, bearer(authorization))
    return JSONResponse(hall.view(live, seat))


@router.post("/tables/{table_id}/join", response_model=Joined, responses=errors(404, 409, 422),
             summary="Take an open seat; returns its token")
async def join_table(table_id: int, request: Request, body: Join | None = None) -> JSONResponse:
    hall = hall_of(request)
    body = body or Join()
    live, seat, token = await hall.join(table_id, body.seat, body.name)
    return JSONResponse({"id": live.id, "seat": seat, "token": token, "table": hall.view(live, seat)})


@router.post("/tables/{table_id}/moves", response_model=TableState,
             responses=errors(401, 403, 404, 409, 422),
             summary="Play a move for your seat; answers with the new state")
async def post_move(table_id: int, body: Move, request: Request, authorization: str | None = AUTH
                    ) -> JSONResponse:
    hall = hall_of(request)
    token = bearer(authorization)
    live = await hall.move(table_id, token, body.action, body.version)
    return JSONResponse(hall.view(live, hall.seat_of(live, token)))


@router.post("/tables/{table_id}/undo", response_model=TableState,
             responses=errors(401, 403, 404, 409, 422),
             summary="Take back your last move of this turn, if it revealed nothing")
async def post_undo(table_id: int, body: Undo, request: Request, authorization: str | None = AUTH
                    ) -> JSONResponse:
    hall = hall_of(request)
    token = bearer(authorization)
    live = await hall.undo(table_id, token, body.version)
    return JSONResponse(hall.view(live, hall.seat_of(live, token)))


@router.get("/tables/{table_id}/hint", response_model=Hint, responses=errors(401, 403, 404, 409),
            summary="The search bot's top moves for your seat, from your seat's information only")
async def get_hint(table_id: int, request: Request, authorization: str | None = AUTH,
                   top: int = Query(3, ge=1, le=10, description="how many moves")) -> JSONResponse:
    hall = hall_of(request)
    return JSONResponse(await hall.hint(table_id, bearer(authorization), top))


@router.get("/tables/{table_id}/record", responses={
    200: {"description": "the game record (JSON), replayable with `meeple replay FILE`",
          "content": {"application/json": {}}},
    **errors(404, 409),
}, summary="The record of a finished game")
async def get_record(table_id: int, request: Request) -> Response:
    hall = hall_of(request)
    live = await hall.table(table_id)
    record = hall.record(live)
    return Response(
        record.to_json() + "\n", media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="meeple-{live.game.name}-{live.id}.json"'},
    )
