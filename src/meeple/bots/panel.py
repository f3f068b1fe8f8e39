"""Panels of opponents and mirrored matches: how issue 16's strength targets are measured.

A game's panel is ``greedy`` plus ``greedy:style=NAME`` for each of its styles
(``GAME.styles``): opponents with different priorities, so a search that only beats
the heuristic it was tuned on shows up. A *deal* is played once per seat of the hero,
the other seats taken by the opponent, so luck of the deal and of the seat cancels
(two players: the classic mirrored pair). The hero's result per game is its share of
the win (1, 1/k on a k-way shared win, 0), reported with a 95% Wilson interval over
games, and the CPU time of each of its real decisions (more than one legal action)
is recorded: ``time.process_time`` in the worker, so other jobs on the machine do not
inflate it.

Run it: ``python -m meeple.bots.panel lost-cities --against panel -o colors=6 --deals 20``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from meeple import bots as botlib
from meeple import games
from meeple.arena.stats import wilson
from meeple.core.errors import ConfigError


def panel(game_name: str) -> list[str]:
    """``greedy`` and every named style of the game's heuristic."""
    game = games.get(game_name)
    return ["greedy", *(f"greedy:style={style}" for style in game.styles)]


@dataclass
class Game1:
    """One game of a mirrored set, from the hero's side."""

    deal: int
    hero_seat: int
    share: float  # the hero's share of the win
    margin: float  # hero's score minus the best other score
    plies: int
    decisions: int  # the hero's real decisions (more than one legal action)
    cpu: float  # CPU seconds the hero spent on them
    slowest: float  # CPU seconds of its slowest decision


def play_seat(
    game_name: str, hero: str, villain: str, players: int, deal: int, seat: int, options: dict[str, Any]
) -> Game1:
    """Deal ``deal`` with the hero in ``seat`` and the villain everywhere else."""
    game = games.get(game_name)
    state = game.new(players, deal, **options)
    seats = [botlib.get(hero if s == seat else villain, game, seed=deal * 31 + s) for s in range(players)]
    decisions, cpu, slowest = 0, 0.0, 0.0
    while state.to_move is not None:
        mover = state.to_move
        if mover == seat and len(state.legal_actions()) > 1:
            start = time.process_time()
            action = seats[mover].choose(state)
            spent = time.process_time() - start
            decisions, cpu, slowest = decisions + 1, cpu + spent, max(slowest, spent)
        else:
            action = seats[mover].choose(state)
        state.apply(action)
    winners = state.winners()
    scores = state.scores()
    others = max(s for i, s in enumerate(scores) if i != seat) if players > 1 else 0
    share = 1.0 / len(winners) if seat in winners else 0.0
    return Game1(deal, seat, share, scores[seat] - others, state.ply, decisions, cpu, slowest)


def _play(job: tuple[str, str, str, int, int, int, dict[str, Any]]) -> Game1:
    return play_seat(*job)


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
) -> Match:
    """``deals`` deals, each played once per hero seat (``deals x players`` games)."""
    if deals < 1:
        raise ConfigError(f"a match needs at least 1 deal, got {deals}")
    if workers < 1:
        raise ConfigError(f"workers must be at least 1, got {workers}")
    game = games.get(game_name)
    if players not in game.players:
        raise ConfigError(f"{game_name} is for {min(game.players)}-{max(game.players)} players, not {players}")
    for spec in (hero, villain):
        botlib.get(spec, game)  # refuse a bad spec before any game starts
    opts = dict(options or {})
    jobs = [
        (game_name, hero, villain, players, deal, seat, opts)
        for deal in range(first_deal, first_deal + deals)
        for seat in range(players)
    ]
    start = time.perf_counter()
    if workers == 1:
        results = [_play(job) for job in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_play, jobs))
    return summarize(game_name, players, opts, hero, villain, results, time.perf_counter() - start)


def summarize(
    game_name: str,
    players: int,
    options: dict[str, Any],
    hero: str,
    villain: str,
    results: Sequence[Game1],
    seconds: float,
) -> Match:
    n = len(results)
    wins = sum(r.share for r in results)
    low, high = wilson(wins, n)
    decisions = sum(r.decisions for r in results)
    cpu = sum(r.cpu for r in results)
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
        mean_margin=sum(r.margin for r in results) / n,
        mean_plies=sum(r.plies for r in results) / n,
        decisions=decisions,
        ms_per_decision=1000 * cpu / decisions if decisions else 0.0,
        ms_slowest=1000 * max((r.slowest for r in results), default=0.0),
        seconds=seconds,
    )


def _option(text: str) -> tuple[str, Any]:
    key, eq, value = text.partition("=")
    if not eq:
        raise ConfigError(f"an option is key=value, not {text!r}")
    parsed: Any = value
    if value.isdigit():
        parsed = int(value)
    elif value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    return key, parsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m meeple.bots.panel", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--hero", default="ismcts")
    parser.add_argument("--against", default="panel", help="comma-separated specs (';' inside a spec), or 'panel'")
    parser.add_argument("--players", default="2", help="comma-separated player counts")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--first-deal", type=int, default=1000)
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", help="append one JSON line per match to this file")
    args = parser.parse_args(argv)
    villains = panel(args.game) if args.against == "panel" else args.against.split(",")
    options = dict(_option(o) for o in args.option)
    for players in (int(p) for p in args.players.split(",")):
        for villain in villains:
            result = match(
                args.game, args.hero, villain.replace(";", ","), players, args.deals, args.first_deal,
                options, args.workers,
            )
            print(result.line(), flush=True)
            if args.json:
                with open(args.json, "a") as out:
                    out.write(json.dumps(asdict(result)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
