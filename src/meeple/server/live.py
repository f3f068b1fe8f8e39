"""A table in memory: the event log replayed, and what each seat is shown.

The event log is the truth; a ``LiveTable`` is a cache of it at ``version``. ``advance``
applies one stored event, and it is the only way a cached table changes: the process
that wrote the event calls it after the commit, and every other process calls it when it
catches up with the log. So a cache is always the log's state at some version.
``payload`` builds a seat's response from the game's own ``view(seat)`` and a log
filtered by ``Game.log_text``.
"""

from __future__ import annotations

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

#: positions kept for undo without a replay (an undo takes back moves of the current seat's run)
HISTORY = 16


class Played(NamedTuple):
    action: Action
    actor: int
    reveals_before: int  # the state's ``reveals`` before this move: an undo must find it unchanged


class Gap(MeepleError):
    """An event does not follow the cached version: the cache must be rebuilt."""


@dataclass(eq=False)
class LiveTable:
    id: int
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    salt: str
    commitment: str
    state: State
    rules_version: str = "1"
    control: TimeControl | None = None
    #: the table has bots or a clock: one process runs them (see ``leases``)
    runner: bool = False
    status: str = "waiting"
    #: the last event applied (-1: not even the creation)
    version: int = -1
    seats: list[Seat] = field(default_factory=list)
    moves: list[Played] = field(default_factory=list)
    clocks: Clocks | None = None
    result: dict[str, Any] | None = None
    #: states before each move of the current seat's run of moves (for undo without replay)
    history: list[State] = field(default_factory=list)
    #: each reader's log lines so far (a seat, None for spectators, PUBLIC for everyone's):
    #: a line depends only on its move and the reader, so a request adds the new lines
    #: instead of rewriting the whole game's; an undo drops the last line of each
    logs: dict[int | str | None, list[str]] = field(default_factory=dict)
    #: the states built at ``views_version``, by reader and who is connected (``shown``)
    views: dict[tuple[int | None, tuple[bool, ...]], dict[str, Any]] = field(default_factory=dict)
    views_version: int = -2

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

    def fresh_state(self) -> State:
        return self.game.new(self.players, self.seed, **self.options)


def advance(live: LiveTable, event: Event, after: tuple[State, Action] | None = None) -> None:
    """Apply one stored event to the cached table (``after``: the position a move led to
    and the move, when the writer already computed them)."""
    if event.version != live.version + 1:
        raise Gap(f"table {live.id} is at version {live.version}; event {event.version} does not follow")
    data = event.data or {}
    APPLY[event.kind](live, event, data, after)
    if "result" in data:
        live.result = data["result"]
        live.status = "over"
        live.history.clear()
    live.version = event.version
    _run_clocks(live, event, data)


Step = tuple[State, Action] | None


def _create(live: LiveTable, _event: Event, data: dict[str, Any], _after: Step) -> None:
    live.seats = [Seat(s["kind"], s.get("bot"), s.get("name"), s.get("token_hash")) for s in data["seats"]]
    live.status = "waiting" if live.open_seats() else "playing"
    if live.control is not None:
        live.clocks = Clocks([None for _ in live.seats])


def _join(live: LiveTable, event: Event, data: dict[str, Any], _after: Step) -> None:
    assert event.seat is not None
    live.seats[event.seat] = Seat("human", None, data.get("name"), data.get("token_hash"))
    if not live.open_seats():
        live.status = "playing"


def _move(live: LiveTable, event: Event, _data: dict[str, Any], step: Step) -> None:
    assert event.seat is not None and event.action is not None
    if step is None:
        if live.state.to_move != event.seat:
            raise Gap(f"stored move {event.version} ({event.action!r}) is by seat {event.seat}, "
                      f"but seat {live.state.to_move} was to move")
        after = live.state.clone()
        action = after.parse(event.action)
        after.apply(action)
    else:
        after, action = step
    if live.moves and live.moves[-1].actor != event.seat:
        live.history.clear()
    live.history.append(live.state)
    del live.history[:-HISTORY]
    live.moves.append(Played(action, event.seat, live.state.reveals))
    live.state = after


def _undo(live: LiveTable, _event: Event, _data: dict[str, Any], _after: Step) -> None:
    if not live.moves:
        raise Gap(f"table {live.id}: an undo with no move to take back")
    live.moves.pop()
    for lines in live.logs.values():
        del lines[len(live.moves):]
    if live.history:
        live.state = live.history.pop()
    else:
        live.state = replay(live.fresh_state(), live.moves)


def _timeout(live: LiveTable, event: Event, _data: dict[str, Any], _after: Step) -> None:
    if event.action:  # a bot takes the seat; the human's token may still watch
        assert event.seat is not None
        old = live.seats[event.seat]
        live.seats[event.seat] = Seat("bot", event.action, old.name, old.token_hash)
    live.history.clear()


def _nothing(_live: LiveTable, _event: Event, _data: dict[str, Any], _after: Step) -> None:
    """forfeit (its result is in data) and resume (its clocks are): nothing else changes."""


APPLY = {"create": _create, "join": _join, "move": _move, "undo": _undo, "timeout": _timeout,
         "forfeit": _nothing, "resume": _nothing}


def _run_clocks(live: LiveTable, event: Event, data: dict[str, Any]) -> None:
    """After an event: the seconds it stored, and the seat to move's clock running from its time."""
    clocks = live.clocks
    if clocks is None:
        return
    if data.get("clocks") is not None:
        clocks.remaining = list(data["clocks"])
    at = event.at.timestamp() if event.at is not None else clocks.since
    if live.status == "playing":
        clocks.start(at, live.to_move)
    else:
        clocks.running, clocks.since = None, at


def replay(state: State, moves: list[Played]) -> State:
    """``state`` after ``moves`` (already checked when they were stored)."""
    for p in moves:
        state.apply(p.action)
    return state


def shown(live: LiveTable, seat: int | None, now: float, connected: list[bool]) -> dict[str, Any]:
    """``payload``, built once per version for each reader: a move's pushes and its answer
    share it (the mover's socket and the mover's request want the same state). A table
    with a clock is built each time (its clock runs with ``now``). Callers must not change
    what they get."""
    if live.clocks is not None:
        return payload(live, seat, now, connected)
    if live.views_version != live.version:
        live.views.clear()
        live.views_version = live.version
    key = (seat, tuple(connected))
    found = live.views.get(key)
    if found is None:
        found = live.views[key] = payload(live, seat, now, connected)
    return found


def payload(live: LiveTable, seat: int | None, now: float, connected: list[bool]) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) may see of the table, built from ``view(seat)``."""
    state, game, over = live.state, live.game, live.over
    to_move = live.to_move
    actions = (
        state.legal_actions()
        if live.status == "playing" and seat is not None and seat == to_move and live.seats[seat].kind == "human"
        else []
    )
    view = state.view(seat)
    log = seat_log(live, seat)
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
        "can_undo": live.can_undo(seat) and live.seats[seat].kind == "human",  # type: ignore[index]
        "seats": seats_info(live.seats, connected),
        "clock": clock,
        "commitment": live.commitment,
        "seed": live.seed if over else None,
        "salt": live.salt if over else None,
    }


#: the key of the log everyone reads (a finished game's, or a game that hides nothing)
PUBLIC = "public"


def seat_log(live: LiveTable, seat: int | None) -> list[str]:
    """The moves so far as ``seat`` may read them (``Game.log_text``), from the lines
    already written for that reader plus the new ones."""
    public = live.over or type(live.game).log_text is Game.log_text
    lines = live.logs.setdefault(PUBLIC if public else seat, [])
    moves = live.moves
    if len(lines) < len(moves):
        if public:
            lines.extend(p.action.text for p in moves[len(lines):])
        else:
            text = live.game.log_text
            lines.extend(text(p.action, p.actor, seat) for p in moves[len(lines):])
    return lines[:len(moves)]


def seats_info(seats: list[Seat], connected: list[bool]) -> list[dict[str, Any]]:
    return [
        {"seat": i, "kind": s.kind, "bot": s.bot, "name": s.name, "connected": connected[i]}
        for i, s in enumerate(seats)
    ]
