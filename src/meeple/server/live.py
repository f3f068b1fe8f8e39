"""A table in memory: the position rebuilt from the database, and what each seat is shown.

The database is the truth; this is a cache of it. ``rebuild`` replays a table's stored
moves (without the ones an undo took back), and ``payload`` builds a seat's response
from the game's own ``view(seat)`` and a log filtered by ``Game.log_text``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.core.game import Game
from meeple.core.state import State
from meeple.i18n import wire
from meeple.server.clocks import Clocks, TimeControl
from meeple.server.seats import Seat
from meeple.server.storage import Event


class Played(NamedTuple):
    action: Action
    actor: int
    reveals_before: int  # the state's ``reveals`` before this move: an undo must find it unchanged


@dataclass(eq=False)
class Subscriber:
    """One WebSocket: the seat it watches as and the messages waiting to be sent, in order."""

    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class LiveTable:
    id: int
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    salt: str
    commitment: str
    status: str
    version: int
    seats: list[Seat]
    state: State
    moves: list[Played]
    rules_version: str = "1"
    control: TimeControl | None = None
    clocks: Clocks | None = None
    result: dict[str, Any] | None = None
    #: states before each move of the current seat's run of moves (for undo without replay)
    history: list[State] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None

    @property
    def over(self) -> bool:
        return self.status == "over"

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.state.to_move

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "open"]

    def bot_to_move(self) -> str | None:
        """The spec of the bot that must move now, if any."""
        seat = self.to_move
        if self.status != "playing" or seat is None or self.seats[seat].kind != "bot":
            return None
        return self.seats[seat].bot

    def can_undo(self, seat: int | None) -> bool:
        """``seat`` is to move, made the last move, and that move revealed nothing."""
        if self.status != "playing" or seat is None or seat != self.to_move or not self.moves:
            return False
        last = self.moves[-1]
        return last.actor == seat and last.reveals_before == self.state.reveals

    def actions(self) -> list[str]:
        return [p.action.text for p in self.moves]


def replay(game: Game, players: int, seed: int, options: dict[str, Any], moves: list[tuple[str, int]]
           ) -> tuple[State, list[Played]]:
    """The position after ``moves`` ((notation, seat) pairs), checking each seat was to move."""
    state = game.new(players, seed, **options)
    played: list[Played] = []
    for ply, (text, seat) in enumerate(moves, 1):
        if state.to_move != seat:
            raise MeepleError(f"stored move {ply} ({text!r}) is by seat {seat}, but seat {state.to_move} was to move")
        action = game.parse(text)
        reveals = state.reveals
        state.apply(action)
        played.append(Played(action, seat, reveals))
    return state, played


def effective_moves(events: list[Event]) -> list[tuple[str, int]]:
    """The moves that stand: every ``move`` event minus those an ``undo`` took back."""
    stack: list[tuple[str, int]] = []
    for e in events:
        if e.kind == "move":
            stack.append((e.action or "", e.seat if e.seat is not None else -1))
        elif e.kind == "undo" and stack:
            stack.pop()
    return stack


def payload(live: LiveTable, seat: int | None, now: float) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) may see of the table, built from ``view(seat)``."""
    state, game, over = live.state, live.game, live.over
    to_move = live.to_move
    actions = (
        state.legal_actions()
        if live.status == "playing" and seat is not None and seat == to_move
        else []
    )
    view = state.view(seat)
    if over or type(game).log_text is Game.log_text:  # public: the record, or a game that hides nothing
        log = [p.action.text for p in live.moves]
    else:
        text = game.log_text
        log = [text(p.action, p.actor, seat) for p in live.moves]
    result = live.result or {}
    clock = None
    if live.control is not None and live.clocks is not None:
        clock = {**live.control.to_json(), **live.clocks.public(now)}
    return {
        "id": live.id,
        "game": game.name,
        "players": live.players,
        "options": live.options,
        "status": live.status,
        "seat": seat,
        "version": live.version,
        "to_move": to_move,
        "legal": [a.text for a in actions],
        "moves": wire.moves(game, actions, view),  # what each does, in data the browser renders
        "log": log,
        "view": view,
        "over": over,
        "scores": result.get("scores") if over else None,
        "winners": result.get("winners") if over else None,
        "forfeit": result.get("forfeit") if over else None,
        "can_undo": live.can_undo(seat),
        "seats": seats_info(live.seats),
        "clock": clock,
        "commitment": live.commitment,
        "seed": live.seed if over else None,
        "salt": live.salt if over else None,
    }


def seats_info(seats: list[Seat]) -> list[dict[str, Any]]:
    return [
        {"seat": i, "kind": s.kind, "bot": s.bot, "name": s.name, "connected": s.connected > 0}
        for i, s in enumerate(seats)
    ]
