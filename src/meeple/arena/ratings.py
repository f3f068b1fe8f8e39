"""Ratings and tables of a tournament: OpenSkill (Plackett-Luce), pairwise results, a summary.

Every function takes the finished games in schedule order, so the tables of a
tournament are the same however its games were run, interrupted or resumed.

The Elo-like scale: in OpenSkill's Plackett-Luce model with N seats, a bot ``d`` mu above
another finishes ahead of it with probability ``1 / (1 + exp(-d / c))``, ``c = sqrt(sum over
the seats of (beta^2 + sigma^2))``. Ignoring the sigmas (they shrink as games accumulate),
``c = sqrt(N) * beta``, so that is logistic Elo with ``elo_per_mu(N) = 400 / (ln 10 * sqrt(N)
* beta)`` Elo points per unit of mu (29.5 at 2 players with OpenSkill's default beta = 25/6,
20.8 at 4). 100 points on our scale thus mean the usual 64% chance to finish ahead of the
other, at any player count. The scale is centred at 1500 for mu = 25 (the prior); the 95%
interval is mu +- 1.96 sigma.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from meeple.arena.stats import Z95, wilson

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
ELO_AT_PRIOR = 1500.0


def elo_per_mu(players: int) -> float:
    """Elo points per unit of mu in a game of ``players`` seats (see the module docstring)."""
    return 400 / (math.log(10) * math.sqrt(players) * BETA)


class Game(Protocol):
    """What the tables read from a finished game (``match.Outcome`` and stored rows have it)."""

    seats: list[str]
    scores: list[int]
    winners: list[int]
    plies: int


def places(game: Game) -> list[tuple[int, int]]:
    """A sortable key per seat: winners first, then by score; equal keys are ties."""
    return [(0 if s in game.winners else 1, -game.scores[s]) for s in range(len(game.seats))]


def ranks(game: Game) -> list[int]:
    """Competition ranks per seat (1 = first, ties share the better rank)."""
    keys = places(game)
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def mean_places(game: Game) -> list[float]:
    """Fractional places per seat (tied seats share the mean of the places they span)."""
    keys = places(game)
    out = []
    for key in keys:
        better = sum(1 for other in keys if other < key)
        tied = sum(1 for other in keys if other == key)
        out.append(better + (tied + 1) / 2)
    return out


def elo(mu: float, players: int = 2) -> float:
    return ELO_AT_PRIOR + elo_per_mu(players) * (mu - MU)


class Ratings:
    """OpenSkill Plackett-Luce ratings, updated game by game.

    ``tau = 0``: a bot's strength does not drift between games. When a bot holds several
    seats of one game (fewer bots than seats), each seat is rated as its own team and
    the bot moves by the mean of their updates.
    """

    def __init__(self, bots: Sequence[str], players: int = 2) -> None:
        from openskill.models import PlackettLuce

        self.players = players
        self.model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=0.0)
        self.bots = list(bots)
        self.mu = {b: MU for b in bots}
        self.sigma = {b: SIGMA for b in bots}
        self.games = dict.fromkeys(bots, 0)

    def update(self, game: Game) -> None:
        teams = [[self.model.rating(mu=self.mu[b], sigma=self.sigma[b])] for b in game.seats]
        new = self.model.rate(teams, ranks=[float(r) for r in ranks(game)])
        moves: dict[str, list[tuple[float, float]]] = {}
        for spec, (rating,) in zip(game.seats, new, strict=True):
            moves.setdefault(spec, []).append((rating.mu, rating.sigma))
        for spec, pairs in moves.items():
            self.mu[spec] += sum(mu - self.mu[spec] for mu, _ in pairs) / len(pairs)
            self.sigma[spec] = sum(sigma for _, sigma in pairs) / len(pairs)
            self.games[spec] += 1

    def table(self) -> list[dict[str, Any]]:
        """Best first: mu, sigma, the Elo-like value with its 95% interval, the ordinal (mu - 3 sigma)."""
        return rating_rows(self.bots, self.mu, self.sigma, self.games, self.players)


def rating_rows(
    bots: Sequence[str], mu: dict[str, float], sigma: dict[str, float], games: dict[str, int], players: int
) -> list[dict[str, Any]]:
    rows = []
    for b in bots:
        m, s = mu[b], sigma[b]
        rows.append({
            "bot": b, "games": games[b], "mu": m, "sigma": s, "ordinal": m - 3 * s,
            "elo": elo(m, players), "elo_low": elo(m - Z95 * s, players),
            "elo_high": elo(m + Z95 * s, players),
        })
    return sorted(rows, key=lambda r: (-r["mu"], r["bot"]))


#: how many orders of the games the final ratings average over (fewer for big tournaments)
ORDERS = 16
ORDER_UPDATES = 32_000


def order_averaged(games: Sequence[Game], bots: Sequence[str], players: int) -> list[dict[str, Any]]:
    """OpenSkill over several fixed pseudo-random orders of the games, averaged.

    One pass of OpenSkill depends on the order of the games: each update is an
    approximation made with the ratings of the moment (in a 60-game match we saw the
    final gap swing from -66 to +222 Elo with the order alone). So the final ratings
    run the games in ``ORDERS`` orders drawn from a fixed seed, report the mean mu, and
    widen sigma by the spread of mu between orders: sigma^2 = mean(sigma^2) + var(mu).
    The orders are drawn from a seed fixed by the number of games and applied to the games
    in schedule order, so the ratings are still a function of the schedule's games.
    """
    import random

    passes = max(4, min(ORDERS, ORDER_UPDATES // max(1, len(games))))
    rng = random.Random(f"meeple-ratings/{len(games)}")
    runs = []
    for _ in range(passes):
        order = list(games)
        rng.shuffle(order)
        one = Ratings(bots, players)
        for game in order:
            one.update(game)
        runs.append(one)
    mu = {b: sum(r.mu[b] for r in runs) / passes for b in bots}
    sigma = {
        b: math.sqrt(
            sum(r.sigma[b] ** 2 for r in runs) / passes
            + sum((r.mu[b] - mu[b]) ** 2 for r in runs) / passes
        )
        for b in bots
    }
    return rating_rows(bots, mu, sigma, runs[0].games, players)


@dataclass
class _Pair:
    games: int = 0
    wins: int = 0
    draws: int = 0
    margin: float = 0.0
    plies: int = 0


def pairwise(games: Iterable[Game], bots: Sequence[str]) -> list[dict[str, Any]]:
    """Every ordered pair of different bots that met: one observation per pair of seats.

    ``score`` = (wins + draws / 2) / games with its 95% Wilson interval; a draw is an
    equal place (both winners, or equal scores among the non-winners).
    """
    table: dict[tuple[str, str], _Pair] = {}
    for game in games:
        keys = places(game)
        for i, a in enumerate(game.seats):
            for j, b in enumerate(game.seats):
                if a == b:
                    continue
                cell = table.setdefault((a, b), _Pair())
                cell.games += 1
                cell.wins += keys[i] < keys[j]
                cell.draws += keys[i] == keys[j]
                cell.margin += game.scores[i] - game.scores[j]
                cell.plies += game.plies
    order = {b: k for k, b in enumerate(bots)}
    rows = []
    for (a, b), c in sorted(table.items(), key=lambda kv: (order[kv[0][0]], order[kv[0][1]])):
        points = c.wins + c.draws / 2
        low, high = wilson(points, c.games)
        rows.append({
            "bot": a, "vs": b, "games": c.games, "wins": c.wins, "draws": c.draws,
            "losses": c.games - c.wins - c.draws, "score": points / c.games,
            "low": low, "high": high, "margin": c.margin / c.games,
            "plies": c.plies / c.games,
        })
    return rows


def summary(games: Iterable[Game], bots: Sequence[str]) -> list[dict[str, Any]]:
    """Rating-free facts per bot: seats played, wins (a shared win split), win rate with
    its 95% Wilson interval, mean score, mean place (1 = first)."""
    acc = {b: {"games": 0, "wins": 0.0, "score": 0.0, "place": 0.0} for b in bots}
    for game in games:
        placed = mean_places(game)
        for s, spec in enumerate(game.seats):
            row = acc[spec]
            row["games"] += 1
            row["score"] += game.scores[s]
            row["place"] += placed[s]
            if s in game.winners:
                row["wins"] += 1 / len(game.winners)
    rows = []
    for b in bots:
        row = acc[b]
        n = int(row["games"])
        low, high = wilson(row["wins"], n)
        rows.append({
            "bot": b, "games": n, "wins": row["wins"],
            "win_rate": row["wins"] / n if n else 0.0, "low": low, "high": high,
            "mean_score": row["score"] / n if n else 0.0,
            "mean_place": row["place"] / n if n else 0.0,
        })
    return rows


def standings(games: Sequence[Game], bots: Sequence[str], players: int) -> dict[str, Any]:
    """All the tables of a tournament, JSON-ready, from its games in schedule order."""
    return {
        "games": len(games),
        "mean_plies": sum(g.plies for g in games) / len(games) if games else 0.0,
        "elo_per_mu": elo_per_mu(players),
        "ratings": order_averaged(games, bots, players),
        "pairwise": pairwise(games, bots),
        "summary": summary(games, bots),
    }
