"""Routes the browser client needs beyond playing: look-ups, the table in words, replays.

All of them answer from what the asking seat may know: the glossary is public, a story
is built from the seat's own views, a past position is the spectators' or your own while
the game runs and anyone's once it is over (the seed and every hand are public then).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from meeple import games
from meeple.core.errors import ConfigError
from meeple.i18n import Audience
from meeple.server.errors import ApiError
from meeple.server.hall import Hall
from meeple.server.language import audience, language
from meeple.server.routes import AUTH, bearer, errors
from meeple.server.story import Stories, Tapes

#: the language of a route's texts: ``?lang=`` or ``Accept-Language`` (server/language.py)
LANGUAGE = Depends(language)

router = APIRouter(prefix="/api")


class GlossaryItem(BaseModel):
    name: str
    kind: str = Field(description="card, tile, building, character, objective, ...")
    text: str = Field(description="the full text a player needs: cost, effect, points")
    abbreviations: list[str] = Field(description="short names used on the board and in notation")
    design: bool = Field(description="meeple designed this text (the official one is not public)")


class StoryEntry(BaseModel):
    ply: int = Field(description="the move's number, from 1")
    seat: int = Field(description="who played it")
    move: str = Field(description="the move as this seat may read it")
    words: list[str] = Field(description="what it did, in the game's words (automatic steps included)")


class Story(BaseModel):
    id: int
    seat: int | None
    version: int
    plies: int = Field(description="moves so far")
    status: str = Field(description="who is being asked what, right now")
    entries: list[StoryEntry]
    breakdown: list[dict[str, Any]] | None = Field(description="per seat, the parts of the final score, once over")


class Frame(BaseModel):
    ply: int = Field(description="moves played to reach this position (0: the deal)")
    plies: int = Field(description="moves in the whole replay")
    seat: int | None = Field(description="whose view this is (null: spectators)")
    view: dict[str, Any]
    to_move: int | None
    status: str
    move: str | None = Field(description="the move that led here")
    actor: int | None = Field(description="who played it")
    words: list[str]
    over: bool
    scores: list[float] | None
    breakdown: list[dict[str, Any]] | None


class Replay(BaseModel):
    id: str = Field(description="the key to ask frames with: GET /api/replays/{id}/{ply}")
    game: str
    players: int
    options: dict[str, Any]
    plies: int
    finished: bool = Field(description="the record reaches the end of the game")
    seats: list[str] = Field(description="who sat where, when the record says")


def hall_of(request: Request) -> Hall:
    return request.app.state.hall


def _stories(request: Request) -> Stories:
    state = request.app.state
    if not hasattr(state, "stories"):
        state.stories = Stories()
    return state.stories


def _tapes(request: Request) -> Tapes:
    state = request.app.state
    if not hasattr(state, "tapes"):
        state.tapes = Tapes()
    return state.tapes


@cache
def _glossary(name: str, lang: str) -> list[dict[str, Any]]:
    game = games.get(name)
    say = Audience(lang)
    return [
        {"name": say(e.name), "kind": say(e.kind), "text": say(e.text), "abbreviations": list(e.abbreviations),
         "design": e.design}
        for e in game.glossary()
    ]


@router.get("/games/{name}/glossary", response_model=list[GlossaryItem], responses=errors(404),
            summary="Every card, tile, building, character or objective of a game, in full")
def glossary(name: str, lang: str = LANGUAGE) -> JSONResponse:
    try:
        return JSONResponse(_glossary(name, lang))
    except ConfigError as err:
        raise ApiError(404, str(err)) from None


@router.get("/tables/{table_id}/story", response_model=Story, responses=errors(401, 403, 404, 422),
            summary="The table in words for your seat: status line, every move narrated, final breakdown")
async def story(table_id: int, request: Request, since: int = Query(1, description="from this move on (1: all)"),
                authorization: str | None = AUTH, lang: str = LANGUAGE) -> JSONResponse:
    hall = hall_of(request)
    live = await hall.table(table_id)
    seat = hall.seat_of(live, bearer(authorization))
    return JSONResponse(_stories(request).told(live, seat, since, audience(lang, live.seats)))


@router.get("/tables/{table_id}/replay/{ply}", response_model=Frame, responses=errors(401, 403, 404, 422),
            summary="A past position of a table: the spectators' or yours at any time, any seat's once over")
async def table_frame(table_id: int, ply: int, request: Request,
                      seat: int | None = Query(None, description="whose view (none: the spectators')"),
                      authorization: str | None = Header(None, description="Bearer TOKEN: your own seat"),
                      lang: str = LANGUAGE) -> JSONResponse:
    hall = hall_of(request)
    live = await hall.table(table_id)
    if seat is not None and not live.over:
        mine = hall.seat_of(live, bearer(authorization))
        if mine != seat:
            raise ApiError(403, f"seat {seat}'s past views are private until the game is over; "
                                "ask for the spectators' (no seat) or your own with your token")
    tape = _tapes(request).of_table(live)
    return JSONResponse(tape.frame(ply, seat, live.over, audience(lang, live.seats)))


@router.post("/replays", response_model=Replay, responses=errors(413, 422),
             summary="Upload a game record (meeple's JSON) to step through it")
async def upload(request: Request) -> JSONResponse:
    text = (await request.body()).decode("utf-8", errors="replace")
    key, tape = _tapes(request).of_record(text)
    return JSONResponse({"id": key, "game": tape.game.name, "players": tape.players,
                         "options": tape.options, "plies": len(tape.moves), "finished": tape.finished,
                         "seats": tape.seats})


@router.get("/replays/{key}/{ply}", response_model=Frame, responses=errors(404, 422),
            summary="A position of an uploaded record, as any seat (or the spectators) saw it")
async def record_frame(key: str, ply: int, request: Request,
                       seat: int | None = Query(None, description="whose view (none: the spectators')"),
                       lang: str = LANGUAGE) -> JSONResponse:
    tape = _tapes(request).get(key)
    if tape is None:
        raise ApiError(404, f"no uploaded record {key!r} (uploads are kept in memory); upload it again "
                            "with POST /api/replays")
    return JSONResponse(tape.frame(ply, seat, True, Audience(lang, tuple(tape.seats))))
