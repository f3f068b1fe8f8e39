"""The API's request and response models: what ``/docs`` shows, what requests must look
like, and what every answer is validated against before it leaves.

Every text a client sends is bounded and printable Unicode (no NUL, no control
character, no lone surrogate): a name or a move that a database could not store is
refused here, with a 422 naming the field, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

#: the longest move, bot spec, clock rule or option value a client may send
MAX_TEXT = 200
#: the longest display name
MAX_NAME = 60
#: the largest number the database keeps in an integer column (versions, seats, ids)
MAX_INT = 2**31 - 1


def printable(text: str) -> str:
    if not text.isprintable():
        raise ValueError("must be printable text: no NUL, control characters, line breaks or lone surrogates")
    return text


Text = Annotated[str, StringConstraints(max_length=MAX_TEXT), AfterValidator(printable)]
Name = Annotated[str, StringConstraints(max_length=MAX_NAME), AfterValidator(printable)]
Word = Annotated[str, StringConstraints(max_length=40), AfterValidator(printable)]
#: an option's value: options are flat (GET /api/games lists every allowed value)
OptionValue = bool | int | float | Text | None
Options = dict[Word, OptionValue]

# ---- requests ---------------------------------------------------------------------


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClockSpec(Strict):
    """A time control per human seat: ``initial`` seconds plus ``increment`` seconds per turn."""

    initial: float = Field(600, gt=0, description="seconds on each human seat's clock at the start")
    increment: float = Field(0, ge=0, description="seconds added when a seat's turn passes to another seat")
    on_timeout: Text = Field(
        "forfeit", description='"forfeit", or "bot:NAME" (e.g. "bot:greedy", any case): that bot takes the seat'
    )


class NewTable(Strict):
    game: Word = Field(description="a game name from GET /api/games, e.g. lost-cities")
    seats: list[Text] = Field(
        min_length=1, max_length=16,
        description='one per player: "human", "open" (joined later) or "bot:NAME[:params]" '
                    "(the server caps a bot's time; workers= and net=FILE are refused)",
        examples=[["human", "bot:greedy"]],
    )
    players: int | None = Field(None, ge=1, le=16, description="number of players (default: the number of seats)")
    options: Options = Field(default_factory=dict, description="game options, see GET /api/games")
    names: list[Name | None] | None = Field(None, max_length=16, description="display names per seat (optional)")
    clock: ClockSpec | None = Field(None, description="a time control for the human seats (optional)")


class Join(Strict):
    seat: int | None = Field(None, ge=0, le=MAX_INT, description="the open seat to take (default: the first open one)")
    name: Name | None = Field(None, description="a display name")


class Move(Strict):
    action: Text = Field(description="the move in the game's notation", examples=["play R7"])
    version: int = Field(ge=0, le=MAX_INT, description="the table's version this move answers (from the last state seen)")


class Undo(Strict):
    version: int = Field(ge=0, le=MAX_INT, description="the table's version the undo answers")


class RecordUpload(Strict):
    """A game record, as ``meeple play --save`` and ``GET /api/tables/{id}/record`` write it."""

    format: int = Field(1, ge=1, le=2, description="the record format (2 names the rules version)")
    game: Word
    players: int = Field(ge=1, le=16)
    seed: int = Field(ge=0, le=2**64)
    options: Options = Field(default_factory=dict)
    actions: list[Text] = Field(default_factory=list, description="the moves in notation, in order")
    rules: Word = Field("1", description="the game's rules version the record was played under")
    seats: list[Name] = Field(default_factory=list, description="who sat where (optional)")


class WsAuth(Strict):
    """The first message a WebSocket client sends: its seat's token, or none to spectate."""

    type: Literal["auth"]
    token: Annotated[str, StringConstraints(max_length=100)] | None = None


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
    kind: Literal["human", "bot", "open"]
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
    status: Literal["waiting", "playing", "over"] = Field(description="waiting (open seats left), playing or over")
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
    status: Literal["waiting", "playing", "over"]
    version: int
    seats: list[SeatInfo]
    open_seats: list[int]
    winners: list[int] | None
    clock: dict[str, Any] | None
    commitment: str
    created_at: datetime
    updated_at: datetime


class RecordOut(BaseModel):
    """A finished game's record: ``(game, players, options, seed, actions)`` rebuilds it."""

    format: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: list[str]
    rules: str
    seats: list[str] = Field(default_factory=list, description="who sat where")


class HintMove(BaseModel):
    action: str = Field(description="the move in notation, as POST /moves takes it")
    visits: int = Field(description="how often the search tried it")
    win: float | None = Field(description="estimated chance of doing well, 0-1 (null: the only legal move)")
    kept: bool = Field(
        False,
        description="the game's plan move, which the bot plays over a more visited one whose lead "
        "was within the search's noise (it leads the list with fewer visits)",
    )


class Hint(BaseModel):
    id: int
    seat: int
    version: int = Field(description="the table version the hint is for")
    simulations: int = Field(description="search iterations, each over a world the seat cannot tell from this one")
    moves: list[HintMove] = Field(description="the move the bot would play first, then the most visited")


class ErrorBody(BaseModel):
    detail: str = Field(description="what was wrong and what is allowed")
    error_id: str | None = Field(None, description="on a 500: the id the server's log files the error under")
    errors: list[dict[str, Any]] | None = Field(None, description="on a malformed request: each field's problem")
    legal: list[str] | None = Field(None, description="on an illegal move: the legal moves")
    version: int | None = Field(None, description="on a stale version: the table's current version")


class WsMessage(BaseModel):
    """What ``/ws/tables/{id}`` sends: the state after every change, a seat coming or going,
    or an error before closing."""

    type: Literal["state", "presence", "error"]
    table: TableState | None = Field(None, description="type state: the table as the socket's seat sees it")
    seat: int | None = Field(None, description="type presence: the seat that came or went")
    connected: bool | None = Field(None, description="type presence: it has a socket open now")
    detail: str | None = Field(None, description="type error: why the socket is closed")


# ---- lessons (Learn to play) ----------------------------------------------------------


class NewLesson(Strict):
    name: Name | None = Field(None, description="the learner's display name (optional)")


class LessonInfo(BaseModel):
    game: str = Field(description="the game the lesson teaches; POST /api/lessons/{game} starts it")
    title: str
    steps: int = Field(description="the learner's decisions the script lasts")
    text: str = Field(description="what the lesson is, in the reader's language")


class LessonState(BaseModel):
    """Where a lesson's table is in its script, in the reader's language."""

    id: int
    game: str
    seat: int = Field(description="the learner's seat")
    steps: int
    step: int | None = Field(description="the current step (0-based) when the learner is asked for its move; "
                                         "null otherwise")
    heading: str | None = Field(description='"Step 3 of 8"')
    texts: list[str] = Field(description="the step's explanation, then the move it asks for in words")
    move: str | None = Field(description="the move the step asks for, in notation")
    highlight: list[str] = Field(default_factory=list, description="the moves whose board elements to mark "
                                                                   "(the step's move unless the lesson says others)")
    rule: str | None = Field(description="the rule text line(s) the step teaches, cited")
    on_script: bool = Field(description="every move so far is the script's")
    finished: bool = Field(description="the whole script was played; the game may go on freely")
    note: str | None = Field(description="once off the script or past it: the lesson is over, or was left")
    finale: str | None = Field(description="when the game is over: what decided it")
