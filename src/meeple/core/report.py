"""The statistics every game's simulation report starts from: scores and lengths."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeple.core.state import State


def generic_report(finals: Sequence[State]) -> str:
    """Per seat: mean, lowest and highest score and wins; plies per game."""
    if not finals:
        return "no finished games to report on"
    players = finals[0].players
    lines = [f"{len(finals)} games, {players} players"]
    for seat in range(players):
        scores = [f.scores()[seat] for f in finals]
        wins = sum(1 / len(w) for f in finals if seat in (w := f.winners()))
        lines.append(
            f"seat {seat}: score mean {statistics.fmean(scores):.1f} "
            f"(min {min(scores)}, max {max(scores)}), wins {wins:g}"
        )
    plies = [f.ply for f in finals]
    lines.append(
        f"decisions per game: mean {statistics.fmean(plies):.1f}, "
        f"min {min(plies)}, max {max(plies)}"
    )
    return "\n".join(lines)
