"""The one way meeple plays a game between bots: seats, seeds, a safety stop, time.

Every caller that plays games goes through here: ``meeple simulate``, tournaments and
SPRTs, panels (``meeple panel``), ``meeple bench --strength``, the measurements of
``meeple train``, self-play, warm-start and distillation games. A game is a ``Job``
(game, options, the bot spec of each seat, the deal's seed, each bot's seed); playing
it gives an ``Outcome`` (scores, winners, plies, the record, and per seat the CPU time
of its real decisions). ``play_out`` is the loop itself, for callers that decide with
something other than bot specs (self-play records search targets as it plays).

The loop stops a game that passes ``GAME.decision_bound(players, options)``, a bound
the rules guarantee, with ``BoundExceeded``: a game that passes it is a rules bug, never
a draw. Options without a bound are refused before anything is played (``ConfigError``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

from meeple import bots as botlib
from meeple import games
from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.core.game import Game
from meeple.core.state import State

#: decides for the seat to move of a state
Chooser = Callable[[State], Action]


class BoundExceeded(MeepleError):
    """A game went past its decision bound: the rules failed to end it (a bug)."""


@dataclass(frozen=True)
class Job:
    """One game to play: who sits where, the deal's seed and each seat's bot seed."""

    idx: int  # position in the schedule: the canonical order for ratings and storage
    game: str
    seats: tuple[str, ...]
    seed: int
    bot_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    lineup: int = 0
    deal: int = 0
    seating: int = 0
    #: keep the final state in the outcome (``meeple simulate --report`` reads it)
    keep: bool = False
    #: write the game's record (tournaments store it; simulations need not)
    record: bool = True


@dataclass
class Outcome:
    """A finished game: what tournaments store and rate, what reports sum up."""

    idx: int
    lineup: int
    deal: int
    seating: int
    seats: list[str]
    seed: int
    bot_seeds: list[int]
    scores: list[int]
    winners: list[int]
    plies: int
    seconds: float  # wall time of the whole game
    record: str  # the JSON of ``state.record()`` ("" when the job asked for none)
    #: per seat: its real decisions (more than one legal action), the CPU seconds it
    #: spent on them (``time.process_time``: other jobs on the machine do not inflate
    #: it) and its slowest one. Not stored with a tournament's games.
    decisions: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    slowest: list[float] = field(default_factory=list)
    final: State | None = field(default=None, repr=False, compare=False)

    #: what depends on the machine and the moment, not on the game
    TIMING = ("seconds", "decisions", "cpu", "slowest", "final")

    def same_game(self, other: Outcome) -> bool:
        """Equal in everything but the time it took."""
        names = [f.name for f in fields(self) if f.name not in self.TIMING]
        return all(getattr(self, n) == getattr(other, n) for n in names)

    def share(self, seat: int) -> float:
        """``seat``'s share of the win: 1, 1/k of a k-way shared win, 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def margin(self, seat: int) -> float:
        """``seat``'s score minus the best other score (its own score when alone)."""
        others = [s for i, s in enumerate(self.scores) if i != seat]
        return self.scores[seat] - (max(others) if others else 0)


class Clock:
    """Per seat: real decisions, CPU seconds spent on them, the slowest one."""

    def __init__(self, players: int) -> None:
        self.decisions = [0] * players
        self.cpu = [0.0] * players
        self.slowest = [0.0] * players

    def add(self, seat: int, spent: float) -> None:
        self.decisions[seat] += 1
        self.cpu[seat] += spent
        self.slowest[seat] = max(self.slowest[seat], spent)


@lru_cache(maxsize=256)
def _bound(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> int:
    return games.get(game).decision_bound(players, dict(options))


def decision_bound(game: Game | str, players: int, options: Mapping[str, Any] | None = None) -> int:
    """The game's decision bound for these options (cached); ``ConfigError`` where none."""
    name = game if isinstance(game, str) else game.name
    return _bound(name, players, tuple(sorted((options or {}).items(), key=lambda kv: kv[0])))


def play_out(
    state: State,
    choose: Sequence[Chooser],
    clock: Clock | None = None,
    after: Callable[[State], None] | None = None,
    stop: int | None = None,
) -> State:
    """Play ``state`` to its end in place: ``choose[seat](state)`` decides for the seat
    to move (every decision, forced ones included, so a bot's random stream is the
    same whoever runs it); ``clock`` times the real decisions; ``after(state)`` sees
    each position. Past ``stop`` plies (default: the game's decision bound for the
    state's options) the game is stopped with ``BoundExceeded``."""
    if stop is None:
        stop = decision_bound(state.game, state.players, state.options)
    process_time = time.process_time
    while state.to_move is not None:
        if state.ply >= stop:
            raise BoundExceeded(
                f"{state.game.name} passed its decision bound of {stop} decisions (seed "
                f"{state.seed}, {state.players} players, options {dict(state.options)}): the "
                "rules did not end the game; please report it with these settings"
            )
        seat = state.to_move
        if clock is not None and len(state.legal_actions()) > 1:
            start = process_time()
            action = choose[seat](state)
            clock.add(seat, process_time() - start)
        else:
            action = choose[seat](state)
        state.apply(action)
        if after is not None:
            after(state)
    return state


def play_job(job: Job) -> Outcome:
    """Play one game (in whatever process or Ray worker runs it)."""
    start = time.perf_counter()
    game = games.get(job.game)
    state = game.new(len(job.seats), job.seed, **job.options)
    players = [botlib.get(spec, game, seed=job.bot_seeds[i]) for i, spec in enumerate(job.seats)]
    clock = Clock(len(job.seats))
    try:
        play_out(state, [p.choose for p in players], clock)
    except BoundExceeded as err:
        raise BoundExceeded(f"{err} (seats {', '.join(job.seats)}, bot seeds {list(job.bot_seeds)})") from None
    finally:
        for p in players:
            p.close()
    record = ""
    if job.record:
        rec = state.record()
        rec.seats = list(job.seats)  # so a replay of the stored game names the bots
        record = json.dumps(json.loads(rec.to_json()), separators=(",", ":"))
    return Outcome(
        idx=job.idx, lineup=job.lineup, deal=job.deal, seating=job.seating,
        seats=list(job.seats), seed=job.seed, bot_seeds=list(job.bot_seeds),
        scores=list(state.scores()), winners=list(state.winners()), plies=state.ply,
        seconds=time.perf_counter() - start, record=record,
        decisions=clock.decisions, cpu=clock.cpu, slowest=clock.slowest,
        final=state if job.keep else None,
    )


def play_batch(jobs: list[Job]) -> list[Outcome]:
    """Several games in one task, so tiny games do not drown in task overhead."""
    return [play_job(job) for job in jobs]


def rotation(specs: Sequence[str], players: int, index: int) -> list[str]:
    """Seat assignment for game ``index``: the bots rotate so each plays every seat."""
    pool = [specs[i % len(specs)] for i in range(players)]
    shift = index % players
    return pool[shift:] + pool[:shift]


def check_games(game: Game, players: int, options: Mapping[str, Any], specs: Sequence[str]) -> None:
    """Refuse, before anything is played or stored, what ``play_job`` would refuse:
    a player count, options or a bot spec the game does not take, or options under
    which a game may never end."""
    game.check_players(players)
    game.resolve_options(options)
    decision_bound(game, players, options)
    botlib.check_specs(specs, game)
