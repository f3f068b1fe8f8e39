"""Routes the browser client needs beyond playing: look-ups, the table in words, replays.

All of them answer from what the asking seat may know: the glossary is public, a story
is built from the seat's own views, a past position is the spectators' or your own while
the game runs and anyone's once it is over (the seed and every hand are public then).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import BaseModel, Field

from meeple import games
from meeple.core.record import Record
from meeple.i18n import Audience
from meeple.server.deps import CallerDep, LangDep, TableId
from meeple.server.errors import ApiError
from meeple.server.language import audience
from meeple.server.routes import errors
from meeple.server.schemas import MAX_INT, RecordUpload
from meeple.server.story import Pasts, Stories, Uploads

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


async def _stories(request: Request) -> Stories:
    return request.app.state.stories


async def _pasts(request: Request) -> Pasts:
    return request.app.state.pasts


async def _uploads(request: Request) -> Uploads:
    return request.app.state.uploads


StoriesDep = Annotated[Stories, Depends(_stories)]
PastsDep = Annotated[Pasts, Depends(_pasts)]
UploadsDep = Annotated[Uploads, Depends(_uploads)]
Ply = Annotated[int, Path(ge=0, le=MAX_INT, description="moves played to reach the position (0: the deal)")]
SeatQuery = Query(None, ge=0, le=MAX_INT, description="whose view (none: the spectators')")


@cache
def _glossary(name: str, lang: str) -> list[dict[str, Any]]:
    game = games.get(name)
    say = Audience(lang)
    return [
        {"name": say(e.name), "kind": say(e.kind), "text": say(e.text), "abbreviations": list(e.abbreviations),
         "design": e.design}
        for e in game.glossary()
    ]


@router.get("/games/{name}/glossary", response_model=list[GlossaryItem], responses=errors(404, 422),
            summary="Every card, tile, building, character or objective of a game, in full")
def glossary(name: Annotated[str, Path(max_length=40)], lang: LangDep) -> list[dict[str, Any]]:
    if name not in games.names():
        raise ApiError(404, f"no game called {name!r}; games: {', '.join(games.names())}")
    return _glossary(name, lang)


@router.get("/tables/{table_id}/story", response_model=Story, responses=errors(401, 403, 404, 422),
            summary="The table in words for your seat: status line, every move narrated, final breakdown")
async def story(table_id: TableId, who: CallerDep, stories: StoriesDep, lang: LangDep,
                since: int = Query(1, ge=0, le=MAX_INT, description="from this move on (1: all)")
                ) -> dict[str, Any]:
    live, seat = await who.hall.viewer(table_id, who.token)
    return stories.told(live, seat, since, audience(lang, live.seats))


@router.get("/tables/{table_id}/replay/{ply}", response_model=Frame, responses=errors(401, 403, 404, 422),
            summary="A past position of a table: the spectators' or yours at any time, any seat's once over")
async def table_frame(table_id: TableId, ply: Ply, who: CallerDep, pasts: PastsDep, lang: LangDep,
                      seat: int | None = SeatQuery) -> dict[str, Any]:
    live, mine = await who.hall.viewer(table_id, who.token)
    if seat is not None and not live.over and mine != seat:
        raise ApiError(403, f"seat {seat}'s past views are private until the game is over; "
                            "ask for the spectators' (no seat) or your own with your token")
    return pasts.of_table(live).frame(ply, seat, live.over, audience(lang, live.seats))


@router.post("/replays", response_model=Replay, responses=errors(413, 422),
             summary="Upload a game record (meeple's JSON) to step through it")
async def upload(body: RecordUpload, uploads: UploadsDep) -> dict[str, Any]:
    record = Record(game=body.game, players=body.players, seed=body.seed, options=dict(body.options),
                    actions=list(body.actions), rules=body.rules, seats=list(body.seats))
    key, tape = uploads.of_record(record)
    return {"id": key, "game": tape.game.name, "players": tape.players, "options": tape.options,
            "plies": len(tape.moves), "finished": tape.finished, "seats": tape.seats}


@router.get("/replays/{key}/{ply}", response_model=Frame, responses=errors(404, 422),
            summary="A position of an uploaded record, as any seat (or the spectators) saw it")
async def record_frame(key: Annotated[str, Path(max_length=100)], ply: Ply, uploads: UploadsDep, lang: LangDep,
                       seat: int | None = SeatQuery) -> dict[str, Any]:
    tape = uploads.get(key)
    if tape is None:
        raise ApiError(404, f"no uploaded record {key!r} (uploads are kept in memory); upload it again "
                            "with POST /api/replays")
    return tape.frame(ply, seat, True, Audience(lang, tuple(tape.seats)))
