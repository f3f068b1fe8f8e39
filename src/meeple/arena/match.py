"""Play bots against each other, seat by seat, through the contract only."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from meeple import bots as botlib
from meeple import games
from meeple.core.state import State

if TYPE_CHECKING:
    from meeple.arena.schedule import Job


@dataclass
class Result:
    seed: int
    seats: list[str]  # bot spec per seat
    scores: list[int]
    winners: list[int]
    plies: int
    final: State | None = field(default=None, repr=False)


def play(
    game_name: str,
    seat_bots: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    keep_state: bool = False,
    bot_seeds: Sequence[int] | None = None,
) -> Result:
    """One game; seat ``i`` is played by ``seat_bots[i]`` (seeded ``bot_seeds[i]``)."""
    game = games.get(game_name)
    state = game.new(len(seat_bots), seed, **(options or {}))
    if bot_seeds is None:
        bot_seeds = [seed * 31 + i for i in range(len(seat_bots))]
    players = [botlib.get(spec, game, seed=bot_seeds[i]) for i, spec in enumerate(seat_bots)]
    while state.to_move is not None:
        state.apply(players[state.to_move].choose(state))
    return Result(
        seed=seed,
        seats=list(seat_bots),
        scores=state.scores(),
        winners=state.winners(),
        plies=state.ply,
        final=state if keep_state else None,
    )


@dataclass
class Outcome:
    """A finished scheduled game: what the tournament stores and rates."""

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
    seconds: float
    record: str  # the JSON of ``state.record()``

    def same_game(self, other: Outcome) -> bool:
        """Equal in everything but the wall-clock time."""
        mine, theirs = asdict(self), asdict(other)
        mine.pop("seconds"), theirs.pop("seconds")
        return mine == theirs


def play_job(job: Job) -> Outcome:
    """Play one scheduled game (in whatever process or Ray worker runs it)."""
    start = time.perf_counter()
    result = play(job.game, job.seats, job.seed, job.options, keep_state=True, bot_seeds=job.bot_seeds)
    seconds = time.perf_counter() - start
    assert result.final is not None
    rec = result.final.record()
    rec.seats = list(job.seats)  # so a replay of the stored game names the bots
    record = json.dumps(json.loads(rec.to_json()), separators=(",", ":"))
    return Outcome(
        idx=job.idx, lineup=job.lineup, deal=job.deal, seating=job.seating,
        seats=list(job.seats), seed=job.seed, bot_seeds=list(job.bot_seeds),
        scores=list(result.scores), winners=list(result.winners), plies=result.plies,
        seconds=seconds, record=record,
    )


def play_batch(jobs: list[Job]) -> list[Outcome]:
    """Several scheduled games in one task, so tiny games do not drown in task overhead."""
    return [play_job(job) for job in jobs]


def rotation(specs: Sequence[str], players: int, index: int) -> list[str]:
    """Seat assignment for game ``index``: the bots rotate so each plays every seat."""
    pool = [specs[i % len(specs)] for i in range(players)]
    shift = index % players
    return pool[shift:] + pool[:shift]
