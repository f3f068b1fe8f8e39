"""Which games a tournament plays, and the seeds of each: a pure function of the settings.

Duplicate format: every lineup (a set of bots that meet) plays the same deals, and each
deal is played once per seating of the lineup with the same game seed, so a good or a bad
hand is held by every bot in turn and luck largely cancels. Every seed derives from
(tournament seed, lineup, deal, seating) only, never from the order games finish in, so
the games are the same whatever runs them (one process, a pool, a Ray cluster) and a
resumed tournament replays exactly the missing games.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from meeple.arena.match import Job
from meeple.core.errors import ConfigError

#: how the bots of one lineup are seated for each deal
SEATINGS = {
    "rotations": "each bot in each seat once per deal (N games per deal at N players)",
    "permutations": "every distinct order of the lineup over the seats (N! games per deal)",
}


def derive_seed(*parts: Any) -> int:
    """A 48-bit seed from the parts (stable across processes, machines and Python versions)."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=6).digest(), "big")


def lineups(bots: Sequence[str], players: int, one: str | None = None) -> list[tuple[str, ...]]:
    """The sets of bots that meet, in the order of ``bots``.

    With at least as many bots as seats: every combination of distinct bots (every pair
    at 2 players). With fewer bots than seats, bots must repeat: every multiset of
    ``players`` bots holding at least two different bots. With ``one``, only the sets in
    which that bot holds exactly one seat: one bot against the field, the question "does
    it beat a table of the others?" at a fraction of the games.
    """
    if len(bots) < 2:
        raise ConfigError("a tournament needs at least two bots, e.g. --bots random,greedy")
    if players < 2:
        raise ConfigError(f"bots meet at 2 or more players, not {players} (solo games have no opponent to rate against)")
    if len(set(bots)) != len(bots):
        twice = sorted({b for b in bots if list(bots).count(b) > 1})
        raise ConfigError(
            f"each bot may be named once; {', '.join(twice)} is named twice "
            "(to test a bot against itself use 'meeple sprt GAME --bot X --vs X')"
        )
    if len(bots) >= players:
        every = list(itertools.combinations(bots, players))
    else:
        every = [c for c in itertools.combinations_with_replacement(bots, players) if len(set(c)) > 1]
    if one is None:
        return every
    if one not in bots:
        raise ConfigError(f"--one {one!r} is not one of the bots; choose one of: {', '.join(bots)}")
    return [c for c in every if c.count(one) == 1]


def seatings(lineup: Sequence[str], how: str) -> list[tuple[str, ...]]:
    """The seat orders one deal is played in: rotations of the lineup or all its orders."""
    if how == "rotations":
        n = len(lineup)
        return [tuple(lineup[(s + r) % n] for s in range(n)) for r in range(n)]
    if how == "permutations":
        return list(dict.fromkeys(itertools.permutations(lineup)))
    raise ConfigError(f"seating {how!r} is not known; seatings: {', '.join(SEATINGS)}")


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal``: the same for every lineup and seating."""
    return derive_seed(seed, "deal", deal)


def bot_seeds(seed: int, lineup: int, deal: int, seating: int, players: int) -> tuple[int, ...]:
    return tuple(derive_seed(seed, "bot", lineup, deal, seating, s) for s in range(players))


@dataclass(frozen=True)
class Plan:
    """A tournament's schedule: lineups x deals x seatings, deal-major.

    Deal-major order (every lineup plays deal 0, then deal 1, ...) keeps a partial
    tournament balanced and is the order ratings are computed in.
    """

    game: str
    bots: tuple[str, ...]
    players: int
    games_per_lineup: int
    seed: int = 0
    seating: str = "rotations"
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    one: str | None = None  # only the lineups in which this bot holds one seat

    @property
    def lineups(self) -> list[tuple[str, ...]]:
        return lineups(self.bots, self.players, self.one)

    @property
    def seatings_per_deal(self) -> list[int]:
        return [len(seatings(lu, self.seating)) for lu in self.lineups]

    @property
    def deals(self) -> int:
        """Deals per lineup: enough for ``games_per_lineup`` games, rounded up to whole deals."""
        return max(1, math.ceil(self.games_per_lineup / max(self.seatings_per_deal)))

    def jobs(self) -> list[Job]:
        if self.games_per_lineup < 1:
            raise ConfigError(f"--games must be at least 1, got {self.games_per_lineup}")
        orders = [seatings(lu, self.seating) for lu in self.lineups]
        out: list[Job] = []
        for deal in range(self.deals):
            seed = deal_seed(self.seed, deal)
            for li, seats_list in enumerate(orders):
                for si, seats in enumerate(seats_list):
                    out.append(Job(
                        idx=len(out), game=self.game, seats=seats, seed=seed,
                        bot_seeds=bot_seeds(self.seed, li, deal, si, self.players),
                        options=dict(self.options), lineup=li, deal=deal, seating=si,
                    ))
        return out


def paired_jobs(
    game: str, first: str, second: str, pairs: int, seed: int, options: dict[str, Any]
) -> list[Job]:
    """SPRT's schedule at 2 players: deal k is played twice, ``first`` in seat 0 then seat 1.

    Job ``2k`` and ``2k + 1`` are the pair; ``lineup`` is 0 throughout, ``seating`` 0 or 1.
    """
    out: list[Job] = []
    for deal in range(pairs):
        for si, seats in enumerate(((first, second), (second, first))):
            out.append(Job(
                idx=len(out), game=game, seats=seats, seed=deal_seed(seed, deal),
                bot_seeds=bot_seeds(seed, 0, deal, si, 2), options=dict(options),
                lineup=0, deal=deal, seating=si,
            ))
    return out
