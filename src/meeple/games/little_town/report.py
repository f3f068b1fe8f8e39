"""A summary of many finished Little Town games (``meeple simulate --report``):
what got built, how often workers went hungry, which objectives were validated."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from meeple.games.little_town.components import BUILDINGS, OBJECTIVES

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState


def simulation_report(finals: list[LittleTownState]) -> str:
    """Plain-text figures over the final states of ``finals``."""
    games = [s for s in finals if s.to_move is None]
    if not games:
        return "no finished game"
    n = len(games)
    built: Counter[str] = Counter()
    claimed: Counter[str] = Counter()
    hungry = meals = coin_meals = 0
    buildings = 0
    winners_vp = []
    for s in games:
        for k in s.bld:
            if k >= 0:
                built[BUILDINGS[k].key] += 1
                buildings += 1
        for hand in s.claimed:
            claimed.update(OBJECTIVES[k].key for k in hand)
        for _round, _seat, fish, wheat, coins, starved in s.fed:
            meals += fish + wheat + coins + starved
            coin_meals += coins
            hungry += starved
        winners_vp.append(max(s.vp))
    dealt = sum(len(h) + len(c) for s in games for h, c in zip(s.hands, s.claimed, strict=True))
    lines = [
        f"Little Town report over {n} games",
        f"  winning score: mean {sum(winners_vp) / n:.1f}, min {min(winners_vp)}, max {max(winners_vp)}",
        f"  buildings per game: {buildings / n:.1f}",
        f"  meals: {meals} in all, {100 * coin_meals / max(1, meals):.1f}% paid with coins, "
        f"{100 * hungry / max(1, meals):.1f}% hungry (-3 VP each)",
        f"  objectives validated: {sum(claimed.values())} of {dealt} dealt "
        f"({100 * sum(claimed.values()) / max(1, dealt):.1f}%)",
        "  most built: " + ", ".join(f"{k} {v / n:.2f}" for k, v in built.most_common(8)),
        "  most validated: " + ", ".join(f"{k} {v}" for k, v in claimed.most_common(8)),
    ]
    return "\n".join(lines)
