"""Mirrored matches and panels of opponents (``meeple panel``): a hero against each
opponent, every deal played once from each of the hero's seats.

A game's panel is ``greedy`` plus ``greedy:style=NAME`` for each of its styles
(``GAME.styles``): opponents with different priorities, so a search that only beats
the heuristic it was tuned on shows up. A *deal* is played once per seat of the hero,
the other seats taken by the opponent, so luck of the deal and of the seat cancels
(two players: the classic mirrored pair). The hero's result per game is its share of
the win (1, 1/k on a k-way shared win, 0), reported with a 95% Wilson interval over
games, and the CPU time of each of its real decisions (more than one legal action),
measured by the harness in the worker (``arena.match.Clock``).

This is also how a bot is measured against another head to head (issue 13's network
matches, ``meeple bench --strength``, ``meeple train``'s check of the policy alone).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple import games
from meeple.arena.backends import Backend, Batches, make_backend
from meeple.arena.match import Job, Outcome, check_games
from meeple.arena.stats import wilson
from meeple.core.errors import ConfigError


def panel(game_name: str) -> list[str]:
    """``greedy`` and every named style of the game's heuristic."""
    game = games.get(game_name)
    return ["greedy", *(f"greedy:style={style}" for style in game.styles)]


def jobs(
    game: str, hero: str, villain: str, players: int, deals: int, first_deal: int, options: dict[str, Any]
) -> list[Job]:
    """Deal ``d`` (its seed is ``d``) once with the hero in each seat, the villain in
    the others; seat ``s``'s bot is seeded ``d * 31 + s``."""
    out = []
    for deal in range(first_deal, first_deal + deals):
        for seat in range(players):
            out.append(Job(
                idx=len(out), game=game,
                seats=tuple(hero if s == seat else villain for s in range(players)),
                seed=deal, bot_seeds=tuple(deal * 31 + s for s in range(players)),
                options=dict(options), deal=deal, seating=seat, record=False,
            ))
    return out


@dataclass
class Match:
    """The hero against one opponent over mirrored deals."""

    game: str
    players: int
    options: dict[str, Any]
    hero: str
    villain: str
    games: int
    wins: float  # sum of shares
    rate: float
    low: float  # 95% Wilson interval of the win rate
    high: float
    share: float  # an equal share: 1 / players
    mean_margin: float
    mean_plies: float
    decisions: int
    ms_per_decision: float  # mean CPU milliseconds per real decision
    ms_slowest: float
    seconds: float  # wall time of the whole match
    first_deal: int = 0
    deals: int = 0
    won: int = 0  # games the hero won alone
    shared: int = 0  # games whose win it shared (a draw at two players)
    lost: int = 0

    def line(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items()) or "-"
        return (
            f"{self.game} p={self.players} {opts} {self.hero} vs {self.villain}: "
            f"{self.wins:g}/{self.games} = {100 * self.rate:.1f}% "
            f"[{100 * self.low:.1f}-{100 * self.high:.1f}] (share {100 * self.share:.0f}%), "
            f"margin {self.mean_margin:+.1f}, {self.mean_plies:.0f} plies, {self.ms_per_decision:.0f} ms/decision "
            f"(max {self.ms_slowest:.0f}, n={self.decisions}), {self.seconds:.0f} s"
        )


def match(
    game_name: str,
    hero: str,
    villain: str,
    players: int = 2,
    deals: int = 10,
    first_deal: int = 1000,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    backend: Backend | None = None,
) -> Match:
    """``deals`` deals, each played once per hero seat (``deals x players`` games), on
    ``backend`` (default: ``workers`` local processes)."""
    if deals < 1:
        raise ConfigError(f"a match needs at least 1 deal, got {deals}")
    game = games.get(game_name)
    if players not in game.players:
        raise ConfigError(f"{game_name} is for {min(game.players)}-{max(game.players)} players, not {players}")
    opts = dict(options or {})
    check_games(game, players, opts, [hero, villain])
    todo = jobs(game.name, hero, villain, players, deals, first_deal, opts)
    start = time.perf_counter()
    runner = make_backend(workers) if backend is None else backend
    try:
        outcomes = [o for batch in runner.run(Batches(todo)) for o in batch]
    finally:
        if backend is None:
            runner.close()
    outcomes.sort(key=lambda o: o.idx)
    result = summarize(game.name, players, opts, hero, villain, outcomes, time.perf_counter() - start)
    result.first_deal, result.deals = first_deal, deals
    return result


def summarize(
    game_name: str,
    players: int,
    options: dict[str, Any],
    hero: str,
    villain: str,
    outcomes: Sequence[Outcome],
    seconds: float,
) -> Match:
    """The hero's side of mirrored games (``seating`` is the hero's seat)."""
    n = len(outcomes)
    shares = [o.share(o.seating) for o in outcomes]
    wins = sum(shares)
    low, high = wilson(wins, n)
    decisions = sum(o.decisions[o.seating] for o in outcomes)
    cpu = sum(o.cpu[o.seating] for o in outcomes)
    return Match(
        game=game_name,
        players=players,
        options=options,
        hero=hero,
        villain=villain,
        games=n,
        wins=wins,
        rate=wins / n,
        low=low,
        high=high,
        share=1.0 / players,
        mean_margin=sum(o.margin(o.seating) for o in outcomes) / n,
        mean_plies=sum(o.plies for o in outcomes) / n,
        decisions=decisions,
        ms_per_decision=1000 * cpu / decisions if decisions else 0.0,
        ms_slowest=1000 * max((o.slowest[o.seating] for o in outcomes), default=0.0),
        seconds=seconds,
        won=sum(1 for s in shares if s == 1.0),
        shared=sum(1 for s in shares if 0.0 < s < 1.0),
        lost=sum(1 for s in shares if s == 0.0),
    )
