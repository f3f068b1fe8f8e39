"""End-of-game figures: each seat's score in parts, and ``meeple simulate --report``."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence

from meeple.games.lewis_clark.components import FORT
from meeple.games.lewis_clark.rules import WIN_BONUS, LewisClarkState
from meeple.games.lewis_clark.words import M
from meeple.i18n import Msg

#: the parts of a score, as each reader's language names them
SCOUT, TOKENS, WON, LOST = (M(f"score.{part}") for part in ("scout", "tokens", "won", "lost"))


def score_breakdown(state: LewisClarkState) -> list[dict[Msg, int]]:
    """Per seat: scout position, Time tokens and the result; they add up to ``scores()``.

    What decides the game is the Pacific camp (line 175); the parts show how close each
    expedition came: its scout's space minus its Time tokens, which also ranks the
    expeditions when a game ends any other way."""
    out = []
    over = state.to_move is None
    for seat, e in enumerate(state.expeditions):
        parts = {SCOUT: e.scout, TOKENS: -e.time_tokens}
        if seat in state.winning_seats:
            parts[WON] = WIN_BONUS
        elif over and state.players == 1:
            parts[LOST] = -WIN_BONUS
        out.append(parts)
    return out


def simulation_report(finals: Sequence[LewisClarkState]) -> str:
    """How simulated games ended: reasons, length, scouts and Time tokens, wins by seat."""
    if not finals:
        return "no finished games to report on"
    n = len(finals)
    reasons = Counter(f.end_reason or "unfinished" for f in finals)
    turns = [f.turns / f.players for f in finals]
    lines = [f"Lewis & Clark: {n} games"]
    lines += [f"  ended by {r}: {c} ({100 * c / n:.0f}%)" for r, c in reasons.most_common()]
    lines.append(f"  turns per player: mean {statistics.fmean(turns):.1f}, "
                 f"min {min(turns):.0f}, max {max(turns):.0f}")
    scouts = [e.scout for f in finals for e in f.expeditions]
    tokens = [e.time_tokens for f in finals for e in f.expeditions]
    past = sum(1 for s in scouts if s >= FORT)
    lines.append(f"  scout at the end: mean {statistics.fmean(scouts):.1f}; past the fort "
                 f"{100 * past / len(scouts):.0f}%; Time tokens mean {statistics.fmean(tokens):.1f}"
                 f", max {max(tokens)}")
    players = {f.players for f in finals}
    if len(players) == 1:
        wins = Counter()
        for f in finals:
            for s in f.winning_seats:
                wins[s] += 1 / len(f.winning_seats)
        lines.append("  wins by seat: " + ", ".join(
            f"seat {s} {wins[s]:g}" for s in range(finals[0].players)))
    return "\n".join(lines)
