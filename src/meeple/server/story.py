"""A table in words, for the browser: the status line, what every move did, positions
of the past.

Everything here is built from one seat's views (``GAME.status(view)``,
``GAME.narrate(before_view, move, after_view)``) and that seat's log text, so it tells a
seat no more than its ``view`` does. Positions of the past (replays) are the spectators'
or your own at any time, and anyone's once the game is over.

Narrations are kept per (table, seat) and extended move by move; an undo (the stored
moves no longer start with the narrated ones) starts that story again from the deal.
They are kept as messages (``meeple.i18n``) and rendered for each request's audience
(its language and the seats' names), so one cache serves every language.
"""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.core.game import Game
from meeple.core.record import Record
from meeple.core.state import State
from meeple.i18n import COMMON, ENGLISH, Audience, Text
from meeple.server.errors import ApiError
from meeple.server.live import LiveTable, Played

log = logging.getLogger("meeple.server")

#: stories and replays kept in memory (least recently used dropped first)
KEEP = 256
#: a replay keeps a position every this many plies, so stepping back is cheap
CHECKPOINT = 32


def words(game: Game, before: dict[str, Any], move: str, after: dict[str, Any]) -> list[Text]:
    """``GAME.narrate``, guarded: a narration bug must not break a table page."""
    try:
        return list(game.narrate(before, move, after))
    except Exception as err:  # the game's own words are a courtesy, never a failure
        log.warning("%s narrate failed on %r: %s", game.name, move, err)
        return []


def status(game: Game, view: dict[str, Any], say: Audience = ENGLISH) -> str:
    try:
        return say(game.status(view))
    except Exception as err:
        log.warning("%s status failed: %s", game.name, err)
        return say(Game.status(game, view))


def breakdown(game: Game, state: State, say: Audience = ENGLISH) -> list[dict[str, Any]] | None:
    """Per seat, the parts of the final score (only for a finished game: it may read
    hands), labels in the audience's words."""
    if state.to_move is not None:
        return None
    try:
        return [{say(label): points for label, points in parts.items()} for parts in game.score_breakdown(state)]
    except Exception as err:
        log.warning("%s score_breakdown failed: %s", game.name, err)
        return None


def said(say: Audience, lines: list[Text]) -> list[str]:
    """Narration lines in the audience's words (a line that cannot be said is left out)."""
    out = []
    for line in lines:
        try:
            out.append(say(line))
        except Exception as err:  # the game's own words are a courtesy, never a failure
            log.warning("narration %r cannot be said: %s", line, err)
    return out


def move_text(game: Game, action: Action, actor: int, seat: int | None, public: bool) -> str:
    """How a move reads for ``seat``: its notation once the game is over, else the game's mask."""
    return action.text if public else game.log_text(action, actor, seat)


@dataclass
class Story:
    """What one seat has been told at one table: a narration per move, in order."""

    seat: int | None
    state: State
    view: dict[str, Any]
    moves: list[Played] = field(default_factory=list)
    #: per move: the words the game found for it, from this seat's views (messages)
    lines: list[list[Text]] = field(default_factory=list)

    def extend(self, game: Game, played: list[Played]) -> None:
        for p in played:
            self.state.apply(p.action)
            after = self.state.view(self.seat)
            text = game.log_text(p.action, p.actor, self.seat)
            self.lines.append(words(game, self.view, text, after))
            self.view = after
            self.moves.append(p)


class Lru(OrderedDict[Any, Any]):
    """A mapping that keeps its ``keep`` most recently used entries."""

    def __init__(self, keep: int) -> None:
        super().__init__()
        self.keep = keep

    def use(self, key: Any) -> Any:
        value = self.pop(key, None)
        if value is not None:
            self[key] = value
        return value

    def put(self, key: Any, value: Any) -> Any:
        self[key] = value
        while len(self) > self.keep:
            self.popitem(last=False)
        return value


class Stories:
    """The stories of every table and seat asked about, least recently used dropped first."""

    def __init__(self, keep: int = KEEP) -> None:
        self._stories = Lru(keep)

    def of(self, live: LiveTable, seat: int | None) -> Story:
        key = (live.id, seat)
        story = self._stories.use(key)
        n = len(story.moves) if story else 0
        if story is None or n > len(live.moves) or live.moves[:n] != story.moves:
            state = live.fresh_state()
            story = Story(seat, state, state.view(seat))
            n = 0
        story.extend(live.game, live.moves[n:])
        return self._stories.put(key, story)

    def told(self, live: LiveTable, seat: int | None, since: int, say: Audience = ENGLISH) -> dict[str, Any]:
        """The story of ``seat`` from move ``since`` on (1 = the first move), with the
        status, in the words of ``say``."""
        if since < 0:
            raise ApiError(422, COMMON("error.since", since=since))
        story = self.of(live, seat)
        game, public = live.game, live.over
        entries = [
            {"ply": i + 1, "seat": p.actor, "move": move_text(game, p.action, p.actor, seat, public),
             "words": said(say, story.lines[i])}
            for i, p in enumerate(story.moves)
            if i + 1 >= since
        ]
        return {
            "id": live.id,
            "seat": seat,
            "version": live.version,
            "plies": len(story.moves),
            "status": status(game, live.state.view(seat), say),
            "entries": entries,
            "breakdown": breakdown(game, live.state, say) if live.over else None,
        }


@dataclass
class Tape:
    """A game's moves from its deal, to step through: positions rebuilt on demand."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    moves: list[tuple[Action, int]]
    #: the game reached its end with the last move (otherwise the tape stops part-way)
    finished: bool
    #: who sat where, when the record says
    seats: list[str] = field(default_factory=list)
    checkpoints: dict[int, State] = field(default_factory=dict)

    def state_at(self, ply: int) -> State:
        """The position after ``ply`` moves (0: the deal)."""
        start = max((p for p in self.checkpoints if p <= ply), default=0)
        state = (self.checkpoints[start].clone() if start
                 else self.game.new(self.players, self.seed, **self.options))
        for i in range(start, ply):
            state.apply(self.moves[i][0])
            if (i + 1) % CHECKPOINT == 0 and i + 1 not in self.checkpoints:
                self.checkpoints[i + 1] = state.clone()
        return state

    def frame(self, ply: int, seat: int | None, public: bool, say: Audience = ENGLISH) -> dict[str, Any]:
        """The position after ``ply`` moves as ``seat`` saw it, and what the last move did,
        in the words of ``say``."""
        if not 0 <= ply <= len(self.moves):
            raise ApiError(422, COMMON("error.ply", ply=ply, most=len(self.moves)))
        if seat is not None and not 0 <= seat < self.players:
            raise ApiError(422, COMMON("error.frame_seat", seat=seat, most=self.players - 1))
        game = self.game
        state = self.state_at(ply)
        view = state.view(seat)
        out: dict[str, Any] = {
            "ply": ply, "plies": len(self.moves), "seat": seat, "view": view,
            "to_move": state.to_move, "status": status(game, view, say), "move": None, "actor": None,
            "words": [], "over": state.to_move is None, "scores": None, "breakdown": None,
        }
        if ply:
            before = self.state_at(ply - 1).view(seat)
            action, actor = self.moves[ply - 1]
            text = move_text(game, action, actor, seat, public)
            out.update(move=text, actor=actor, words=said(say, words(game, before, text, view)))
        if state.to_move is None:
            out.update(scores=list(state.scores()), breakdown=breakdown(game, state, say))
        return out


class Pasts:
    """A running or finished table's past positions, by table and version.

    Kept apart from uploads on purpose: a table's tape holds its seed and every hand,
    so it is reachable only through ``GET /api/tables/{id}/replay/{ply}``, which serves
    another seat's view only once the game is over, never by a key a client can guess.
    """

    def __init__(self, keep: int = 64) -> None:
        self._tapes = Lru(keep)

    def of_table(self, live: LiveTable) -> Tape:
        key = (live.id, live.version)
        return self._tapes.use(key) or self._tapes.put(key, Tape(
            live.game, live.players, live.seed, dict(live.options),
            [(p.action, p.actor) for p in live.moves], live.over,
        ))


class Uploads:
    """Records people uploaded to step through, kept under the hash of their content."""

    def __init__(self, keep: int = 64) -> None:
        self._tapes = Lru(keep)

    def get(self, key: str) -> Tape | None:
        return self._tapes.use(key)

    def of_record(self, record: Record) -> tuple[str, Tape]:
        """Check every move of an uploaded record and keep it; its key and tape."""
        from meeple.games import get

        key = "record:" + hashlib.sha256(record.to_json().encode()).hexdigest()[:24]
        tape = self.get(key)
        if tape is not None:
            return key, tape
        try:
            game = get(record.game)
            if record.rules not in (None, game.rules_version):
                raise MeepleError(f"the record was played under {game.name} rules version {record.rules}; "
                                  f"this server plays version {game.rules_version}")
            if record.seats and len(record.seats) != record.players:
                raise MeepleError(f"the record names {len(record.seats)} seats for {record.players} players")
            state = game.new(record.players, record.seed, **record.options)
            moves: list[tuple[Action, int]] = []
            for ply, text_move in enumerate(record.actions, 1):
                if state.to_move is None:
                    raise MeepleError(f"move {ply} ({text_move!r}) comes after the end of the game")
                actor = state.to_move
                try:
                    action = state.parse(text_move)
                    state.apply(action)
                except MeepleError as err:
                    raise MeepleError(f"move {ply} ({text_move!r}) is not legal there: {err}") from None
                moves.append((action, actor))
        except MeepleError as err:
            raise ApiError(422, f"this record cannot be replayed: {err}") from None
        return key, self._tapes.put(key, Tape(game, record.players, record.seed, dict(record.options), moves,
                                               state.to_move is None, list(record.seats)))
