"""``meeple simulate lost-cities --report``: how the expeditions of finished games went.

Read from each game's finished rounds (the expeditions as they ended): how many
expeditions a seat starts per round, how often it wagers and on what, how often an
expedition loses points or earns the 8-card bonus, round scores, and why rounds ended.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core.report import generic_report
from meeple.games.lost_cities.components import LONG_EXPEDITION, RANK_OF, WAGER
from meeple.games.lost_cities.rules import END_REASONS
from meeple.games.lost_cities.scoring import score_kinds

if TYPE_CHECKING:
    from meeple.games.lost_cities.rules import LostCitiesState


def expedition_stats(finals: Sequence[LostCitiesState], seat: int | None = None) -> dict[str, float]:
    """Per seat-round means over the finished rounds of ``finals`` (``seat=None``: both
    seats): expeditions started, wagers played, share of expeditions with a wager, that
    lost points, that earned the bonus, and the round score."""
    rounds = started = wagers = wagered = losing = long = 0
    scores: list[int] = []
    for final in finals:
        for result in final.finished_rounds:
            for s, row in enumerate(result.expeditions):
                if seat is not None and s != seat:
                    continue
                rounds += 1
                scores.append(result.scores[s])
                for cards in row:
                    if not cards:
                        continue
                    started += 1
                    w = sum(1 for k in cards if RANK_OF[k] == WAGER)
                    wagers += w
                    wagered += w > 0
                    losing += score_kinds(cards) < 0
                    long += len(cards) >= LONG_EXPEDITION
    if not rounds:
        return {}
    per = max(1, started)
    return {
        "seat_rounds": rounds,
        "expeditions": started / rounds,
        "wagers": wagers / rounds,
        "wagered_share": wagered / per,
        "losing_share": losing / per,
        "bonus_share": long / per,
        "round_score": statistics.fmean(scores),
        "round_score_min": min(scores),
        "round_score_max": max(scores),
    }


def simulation_report(finals: Sequence[LostCitiesState]) -> str:
    """Expedition counts, wager use and round scores, overall and per seat."""
    if not finals:
        return "no finished games to report on"
    lines = [generic_report(finals), "", "per seat and round:"]
    header = f"{'':8}{'expeditions':>12}{'wagers':>8}{'wagered':>9}{'lost':>7}{'8+ cards':>9}{'round score (min..max)':>26}"
    lines.append(header)
    for label, seat in (("all", None), ("seat 0", 0), ("seat 1", 1)):
        st = expedition_stats(finals, seat)
        if not st:
            continue
        spread = f"{st['round_score']:.1f} ({st['round_score_min']}..{st['round_score_max']})"
        lines.append(
            f"{label:8}{st['expeditions']:12.2f}{st['wagers']:8.2f}{100 * st['wagered_share']:8.0f}%"
            f"{100 * st['losing_share']:6.0f}%{100 * st['bonus_share']:8.0f}%{spread:>26}"
        )
    lines.append("(wagered, lost, 8+ cards: shares of the expeditions started)")
    ends = Counter(r.ended_by for f in finals for r in f.finished_rounds)
    total = sum(ends.values())
    words = {"deck": "last deck card", "repetition": "third repetition", "idle": "idle limit"}
    lines.append(
        f"{total} rounds ended by: "
        + ", ".join(f"{words[r]} {ends[r]} ({100 * ends[r] / total:.0f}%)" for r in END_REASONS)
    )
    return "\n".join(lines)
