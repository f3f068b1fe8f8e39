"""A summary of many finished Little Town games (``meeple simulate --report``):
what got built, how often workers went hungry, which objectives were validated."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from meeple.games.little_town.components import BUILDINGS, OBJECTIVES
from meeple.games.little_town.scoring import breakdown

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
    buildings = seats = 0
    winners_vp = []
    sources: Counter[str] = Counter()
    for s in games:
        for k in s.building_at:
            if k >= 0:
                built[BUILDINGS[k].key] += 1
                buildings += 1
        for hand in s.objectives_claimed:
            claimed.update(OBJECTIVES[k].key for k in hand)
        for meal in s.meals:
            meals += meal.fish + meal.wheat + meal.coins + meal.hungry
            coin_meals += meal.coins
            hungry += meal.hungry
        winners_vp.append(max(s.points))
        for parts in breakdown(s):
            for label, points in parts.items():
                sources[label] += points
            seats += 1
    dealt = sum(
        len(h) + len(c) for s in games for h, c in zip(s.objectives_in_hand, s.objectives_claimed, strict=True)
    )
    lines = [
        f"Little Town report over {n} games",
        f"  winning score: mean {sum(winners_vp) / n:.1f}, min {min(winners_vp)}, max {max(winners_vp)}",
        f"  buildings per game: {buildings / n:.1f}",
        f"  meals: {meals} in all, {100 * coin_meals / max(1, meals):.1f}% paid with coins, "
        f"{100 * hungry / max(1, meals):.1f}% hungry (-3 points each)",
        f"  objectives validated: {sum(claimed.values())} of {dealt} dealt "
        f"({100 * sum(claimed.values()) / max(1, dealt):.1f}%)",
        "  most built: " + ", ".join(f"{k} {v / n:.2f}" for k, v in built.most_common(8)),
        "  most validated: " + ", ".join(f"{k} {v}" for k, v in claimed.most_common(8)),
        "  points per seat by source: "
        + ", ".join(f"{label} {points / max(1, seats):.1f}" for label, points in sources.items()),
    ]
    return "\n".join(lines)
