"""The sequential probability ratio test chess engines use to accept a patch (Fishtest's GSPRT).

H0: A is ``elo0`` (logistic Elo) stronger than B; H1: ``elo1`` stronger. Games come in
pairs on one deal with the seats swapped; a pair scores 0, 1/4, 1/2, 3/4 or 1 for A (the
mean of its two games, a draw counting half), and the five counts (the *pentanomial*)
feed the generalized log-likelihood ratio: for each hypothesis, the maximum-likelihood
distribution over the five outcomes whose mean is that hypothesis' expected score, and
``LLR = N * sum(p_i * log(q1_i / q0_i))`` over the observed frequencies ``p``. The test
stops at ``LLR >= log((1 - beta) / alpha)`` (accept H1: A is stronger) or ``LLR <=
log(beta / (1 - alpha))`` (accept H0), or says "inconclusive" when ``max_games`` are
played first. Pairs are taken in schedule order, so the decision and the game it
falls on do not depend on how many workers run the games.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from meeple import games as registry
from meeple.arena.backends import Backend, Batches
from meeple.arena.live import LiveBoard
from meeple.arena.match import Outcome
from meeple.arena.ratings import places
from meeple.arena.schedule import paired_jobs
from meeple.arena.stats import Z95, elo_to_score, score_to_elo
from meeple.arena.storage import Settings, Store
from meeple.core.errors import ConfigError

#: zero counts are replaced by this, as Fishtest does, so the MLE always exists
EPSILON = 1e-3


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(lower, upper) LLR bounds: below accepts H0, above accepts H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _mle(values: list[float], probs: list[float], s: float) -> list[float]:
    """The distribution on ``values`` closest (max likelihood) to ``probs`` with mean ``s``.

    q_i = p_i / (1 + x (a_i - s)) where x solves sum p_i (a_i - s) / (1 + x (a_i - s)) = 0
    (the secular equation), found by bisection: the sum falls strictly with x.
    """
    shifted = [a - s for a in values]
    lo, hi = -1 / max(shifted), -1 / min(shifted)
    span = hi - lo
    lo, hi = lo + 1e-12 * span, hi - 1e-12 * span
    for _ in range(200):
        x = (lo + hi) / 2
        total = sum(p * a / (1 + x * a) for p, a in zip(probs, shifted, strict=True))
        if total > 0:
            lo = x
        else:
            hi = x
    x = (lo + hi) / 2
    return [p / (1 + x * a) for p, a in zip(probs, shifted, strict=True)]


def llr(counts: list[int], elo0: float, elo1: float) -> float:
    """Generalized LLR of H1 against H0 for outcome ``counts`` on equally spaced scores
    0..1 (three counts L, D, W: trinomial; five, LL..WW pairs: pentanomial)."""
    n = sum(counts)
    if n == 0:
        return 0.0
    regular = [c if c > 0 else EPSILON for c in counts]
    total = sum(regular)
    probs = [c / total for c in regular]
    values = [i / (len(counts) - 1) for i in range(len(counts))]
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    q0, q1 = _mle(values, probs, s0), _mle(values, probs, s1)
    return total * sum(p * math.log(b / a) for p, a, b in zip(probs, q0, q1, strict=True))


def elo_estimate(pentanomial: list[int]) -> tuple[float, float, float]:
    """A's logistic Elo advantage with its 95% interval, from the pair scores."""
    n = sum(pentanomial)
    if n == 0:
        return 0.0, -math.inf, math.inf
    values = [i / 4 for i in range(5)]
    mean = sum(c * v for c, v in zip(pentanomial, values, strict=True)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(pentanomial, values, strict=True)) / n
    half = Z95 * math.sqrt(var / n)
    return score_to_elo(mean), score_to_elo(mean - half), score_to_elo(mean + half)


@dataclass
class SprtState:
    elo0: float
    elo1: float
    alpha: float
    beta: float
    max_pairs: int
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)  # LL, LD, DD+WL, WD, WW
    wdl: list[int] = field(default_factory=lambda: [0, 0, 0])  # A's wins, draws, losses
    llr: float = 0.0
    history: list[float] = field(default_factory=list)  # LLR after each pair

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    @property
    def pairs(self) -> int:
        return sum(self.pentanomial)

    @property
    def verdict(self) -> str | None:
        """"H1" (A is stronger by elo1), "H0" (not stronger than elo0), "inconclusive", or None."""
        lower, upper = self.bounds
        if self.llr >= upper:
            return "H1"
        if self.llr <= lower:
            return "H0"
        if self.pairs >= self.max_pairs:
            return "inconclusive"
        return None

    def add_pair(self, first: Outcome, second: Outcome) -> None:
        """``first`` has A in seat 0, ``second`` in seat 1 (same deal)."""
        points = 0
        for game, seat in ((first, 0), (second, 1)):
            keys = places(game)
            mine, theirs = keys[seat], keys[1 - seat]
            result = 2 if mine < theirs else 1 if mine == theirs else 0  # half-points
            points += result
            self.wdl[2 - result] += 1
        self.pentanomial[points] += 1
        self.llr = llr(self.pentanomial, self.elo0, self.elo1)
        self.history.append(self.llr)

    def report(self) -> dict[str, Any]:
        lower, upper = self.bounds
        elo, low, high = elo_estimate(self.pentanomial)
        return {
            "verdict": self.verdict, "llr": self.llr, "lower": lower, "upper": upper,
            "pairs": self.pairs, "games": 2 * self.pairs, "wins": self.wdl[0],
            "draws": self.wdl[1], "losses": self.wdl[2], "pentanomial": list(self.pentanomial),
            "elo": _finite(elo), "elo_low": _finite(low), "elo_high": _finite(high),
            "llr_history": list(self.history),
        }

    def __rich__(self) -> Table:
        lower, upper = self.bounds
        width = 40
        pos = int(round((min(max(self.llr, lower), upper) - lower) / (upper - lower) * width))
        bar = Text("[", style="dim")
        bar.append("=" * pos, style="green" if self.llr > 0 else "red")
        bar.append("|", style="bold")
        bar.append(" " * (width - pos))
        bar.append("]", style="dim")
        elo, low, high = elo_estimate(self.pentanomial)
        table = Table.grid(padding=(0, 2))
        table.add_row("LLR", f"{self.llr:+.3f}", f"bounds [{lower:+.2f}, {upper:+.2f}]", bar)
        table.add_row(
            "games", f"{2 * self.pairs}", f"W {self.wdl[0]}  D {self.wdl[1]}  L {self.wdl[2]}",
            "pairs LL LD DD/WL WD WW: " + " ".join(map(str, self.pentanomial)),
        )
        table.add_row("Elo", f"{elo:+.1f}", f"95% [{low:+.1f}, {high:+.1f}]", f"H0: {self.elo0:g}  H1: {self.elo1:g}")
        return table


def _finite(x: float) -> float | None:
    """JSON has no infinity: an Elo estimate at a 0% or 100% score is reported as null."""
    return x if math.isfinite(x) else None


def check(elo0: float, elo1: float, alpha: float, beta: float, max_games: int) -> None:
    if not elo1 > elo0:
        raise ConfigError(f"--elo1 must be greater than --elo0 (got {elo0:g} and {elo1:g})")
    for flag, v in (("--alpha", alpha), ("--beta", beta)):
        if not 0 < v < 0.5:
            raise ConfigError(f"{flag} is an error probability between 0 and 0.5, got {v:g}")
    if max_games < 2:
        raise ConfigError(f"--max-games must be at least 2 (one pair of games), got {max_games}")


def run_sprt(
    game: str,
    bot: str,
    vs: str,
    store: Store,
    name: str,
    backend: Backend,
    elo0: float = 0.0,
    elo1: float = 30.0,
    alpha: float = 0.05,
    beta: float = 0.05,
    max_games: int = 2000,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    resume: bool = False,
    console: Console | None = None,
    live: bool = True,
) -> dict[str, Any]:
    """Play pairs until the LLR crosses a bound or ``max_games`` are played; the report."""
    check(elo0, elo1, alpha, beta, max_games)
    options = dict(options or {})
    console = console or Console(stderr=True)
    pairs = max_games // 2
    settings = Settings(
        kind="sprt", game=game, players=2, bots=[bot, vs], options=options, seed=seed,
        games_per_lineup=2 * pairs, seating="swapped pairs",
        extra={"elo0": elo0, "elo1": elo1, "alpha": alpha, "beta": beta},
    )
    tid, options = store.open(
        name, settings, total=2 * pairs, deals=pairs, resume=resume,
        defaults=registry.get(game).resolve_options(options),
    )
    jobs = paired_jobs(game, bot, vs, pairs, seed, options)
    state = SprtState(elo0, elo1, alpha, beta, pairs)
    results: dict[int, Outcome] = {o.idx: o for o in store.outcomes(tid)}
    counted = 0  # pairs folded into the state, in schedule order

    def fold() -> None:
        nonlocal counted
        while state.verdict is None and 2 * counted in results and 2 * counted + 1 in results:
            state.add_pair(results[2 * counted], results[2 * counted + 1])
            counted += 1

    fold()
    start = time.perf_counter()
    played = 0
    if state.verdict is None:
        todo = [j for j in jobs if j.idx not in results]
        title = f"{game}: {bot} vs {vs}"
        if live:
            console.print(f"SPRT [bold]{name}[/] in {store.url} on {backend.describe()}")
        with LiveBoard(console, title, len(jobs), len(results), lambda: state, enabled=live) as board:
            # batches of one pair at most, so the stop is checked often
            run = backend.run(Batches(todo, most=2))
            try:
                for outcomes in run:
                    store.save(tid, outcomes)
                    played += len(outcomes)
                    results.update((o.idx, o) for o in outcomes)
                    board.advance(len(outcomes))
                    fold()
                    if state.verdict is not None:
                        break
            finally:
                run.close()  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    return {
        "name": name, "game": game, "bot": bot, "vs": vs, "options": options, "seed": seed,
        "elo0": elo0, "elo1": elo1, "alpha": alpha, "beta": beta, "max_games": 2 * pairs,
        **state.report(),
        "run": {
            "db": store.url, "backend": backend.describe(), "played": played,
            "seconds": elapsed, "games_per_s": played / elapsed if played and elapsed > 0 else None,
        },
    }
