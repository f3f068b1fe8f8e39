"""The API's request and response models: what ``/docs`` shows and what requests must look like."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

# ---- requests ---------------------------------------------------------------------


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClockSpec(Strict):
    """A time control per human seat: ``initial`` seconds plus ``increment`` seconds per turn."""

    initial: float = Field(600, gt=0, description="seconds on each human seat's clock at the start")
    increment: float = Field(0, ge=0, description="seconds added when a seat's turn passes to another seat")
    on_timeout: str = Field(
        "forfeit", description='"forfeit", or "bot:NAME" (e.g. "bot:greedy"): that bot takes the seat'
    )


class NewTable(Strict):
    game: str = Field(description="a game name from GET /api/games, e.g. lost-cities")
    seats: list[str] = Field(
        min_length=1, max_length=16,
        description='one per player: "human", "open" (joined later) or "bot:NAME[:params]"',
        examples=[["human", "bot:greedy"]],
    )
    players: int | None = Field(None, description="number of players (default: the number of seats)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options, see GET /api/games")
    names: list[str | None] | None = Field(None, description="display names per seat (optional)")
    clock: ClockSpec | None = Field(None, description="a time control for the human seats (optional)")


class Join(Strict):
    seat: int | None = Field(None, description="the open seat to take (default: the first open one)")
    name: str | None = Field(None, max_length=60, description="a display name")


class Move(Strict):
    action: str = Field(max_length=200, description="the move in the game's notation", examples=["play R7"])
    version: int = Field(description="the table's version this move answers (from the last state seen)")


class Undo(Strict):
    version: int = Field(description="the table's version the undo answers")


# ---- responses ---------------------------------------------------------------------


class OptionInfo(BaseModel):
    name: str
    default: Any
    choices: list[Any] = Field(description="every allowed value; null means what `none` names")
    none: str = Field(description='what a null choice means: "random" (drawn from the seed) or "none"')
    doc: str


class BotInfo(BaseModel):
    name: str
    params: dict[str, str] = Field(description="parameter name -> type, written bot:NAME:key=value,key=value")


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: list[OptionInfo]
    bots: list[BotInfo]
    example: str = Field(description="some moves in the game's notation")


class SeatInfo(BaseModel):
    seat: int
    kind: str = Field(description="human, bot or open")
    bot: str | None = Field(None, description="the bot spec of a bot seat")
    name: str | None = None
    connected: bool = Field(False, description="a WebSocket of this seat is open")


class ClockInfo(BaseModel):
    initial: float
    increment: float
    on_timeout: str
    remaining: list[float | None] = Field(description="seconds left per seat now (null: no clock)")
    running: int | None = Field(description="the seat whose clock is running")


class MoveInfo(BaseModel):
    """A legal move of the seat to move, for a client's move list."""

    action: str = Field(description="the move in notation, as in legal")
    text: Any = Field(description="what it does: a text as data (meeple.i18n.wire; null: the notation says it all)")
    futile: Any = Field(description="why it would gain nothing, a text as data (null: it gains something)")


class TableState(BaseModel):
    """A table as one seat sees it (``seat`` null: a spectator)."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    status: str = Field(description="waiting (open seats left), playing or over")
    seat: int | None = Field(description="whose view this is; null for spectators")
    version: int = Field(description="accepted changes so far; send it with your next move")
    to_move: int | None
    legal: list[str] = Field(description="your legal moves, in notation, when you are to move")
    moves: list[MoveInfo] = Field(default_factory=list, description="the same moves, described (see MoveInfo)")
    log: list[str] = Field(description="the moves so far, as this seat may read them")
    view: dict[str, Any] = Field(description="the game's own view for this seat")
    over: bool
    scores: list[float] | None = Field(description="final scores, once over")
    winners: list[int] | None = Field(description="winning seats, once over")
    forfeit: int | None = Field(None, description="the seat that lost on time, if any")
    can_undo: bool = Field(description="you may take back your last move now")
    seats: list[SeatInfo]
    clock: ClockInfo | None
    commitment: str = Field(description="SHA-256 commitment to the seed, published at creation")
    seed: int | None = Field(description="the deal's seed, revealed once the game is over")
    salt: str | None = Field(description="the commitment's salt, revealed once the game is over")


class CreatedTable(BaseModel):
    id: int
    tokens: dict[str, str] = Field(description="seat -> bearer token, for each human seat; shown only once")
    table: TableState


class Joined(BaseModel):
    id: int
    seat: int
    token: str = Field(description="the seat's bearer token; shown only once")
    table: TableState


class TableSummary(BaseModel):
    id: int
    game: str
    players: int
    options: dict[str, Any]
    status: str
    version: int
    seats: list[SeatInfo]
    open_seats: list[int]
    winners: list[int] | None
    clock: dict[str, Any] | None
    commitment: str
    created_at: str
    updated_at: str


class HintMove(BaseModel):
    action: str = Field(description="the move in notation, as POST /moves takes it")
    visits: int = Field(description="how often the search tried it")
    win: float | None = Field(description="estimated chance of doing well, 0-1 (null: the only legal move)")


class Hint(BaseModel):
    id: int
    seat: int
    version: int = Field(description="the table version the hint is for")
    simulations: int = Field(description="search iterations, each over a world the seat cannot tell from this one")
    moves: list[HintMove] = Field(description="most visited first")


class ErrorBody(BaseModel):
    detail: str = Field(description="what was wrong and what is allowed")
    legal: list[str] | None = Field(None, description="on an illegal move: the legal moves")
    version: int | None = Field(None, description="on a stale version: the table's current version")


class WsMessage(BaseModel):
    """What ``/ws/tables/{id}`` sends: the state after every change, or an error before closing."""

    type: str = Field(description='"state" or "error"')
    table: TableState | None = None
    detail: str | None = None
