"""How many decisions a Lowlands game can take at most, computed from the tables.

The argument (docs/games/lowlands.md, "Every game ends"): the phases are a fixed
program (3 stages of two Work and two Upkeep phases, then the Storm Tide), so the only
question is how many decisions each piece of it can ask. Every decision that can repeat
within a turn spends an action point, a card, a fence from the income board or a
progress token, each of which is finite; nothing returns a turn to an earlier state
without spending one of them.
"""

from __future__ import annotations

from meeple.games.lowlands.components import (
    ACTION_SPACES,
    BOOST_AP,
    BUILDING_ICONS,
    DECK_PER_TYPE,
    FARMERS,
    FENCE_ICONS,
    FENCES_ON_INCOME,
    PROGRESS_TOKENS,
    RESOURCES,
    TILES,
    WORKER_EFFECTS,
    WORKER_MAX,
)

STAGES = 3
WORKS_PER_STAGE = 2
UPKEEPS = 6


def most_action_points() -> int:
    """The largest farmer, full workers, the Farmer +2 token and every "+1 point" tile
    on one action space."""
    best = 0
    for space in range(len(ACTION_SPACES)):
        tiles = sum(1 for t in TILES if t.effect == "ap" and t.n == space)
        workers = WORKER_MAX[space] * WORKER_EFFECTS[space].ap
        best = max(best, max(FARMERS) + workers + BOOST_AP + tiles)
    return best


def decisions_per_point() -> int:
    """The most decisions one action point can buy: a fence is two (buy or lift, then
    where), a tile is ``build``, ``at`` and one payment per card of its cost for at
    least its own points, everything else one."""
    tile = max(-(-(2 + sum(t.cost)) // t.ap) for t in TILES)
    return max(2, tile)


def turn_bound() -> int:
    """One turn: the placement; the action's units; ``stop``; the unused points drawn
    and ``stop``; the ask; the help (up to as many contributions) and its ``stop``."""
    ap = most_action_points()
    return 1 + decisions_per_point() * ap + 1 + (ap + 1) + 1 + (ap + 1)


def per_seat_once() -> int:
    """Decisions a seat can be asked at most once per game, whatever the turns: each
    progress token's reward and what it brings (a worker, a free fence), the worker
    icons of the income board, every free fence (each takes one from the income
    board), the Farmhouse's bonus build (pick, square, payments, stop)."""
    tokens = 2 * len(PROGRESS_TOKENS)
    icons = (FENCE_ICONS + BUILDING_ICONS).count("worker")
    feature_cost = max(sum(t.cost) for t in TILES if not t.building)
    return tokens + icons + FENCES_ON_INCOME + 3 + feature_cost


def per_seat_upkeep() -> int:
    """Per Upkeep: Auction House, Fodder Silo, ``skip``; one choice per "card or coin"."""
    return 3 + (FENCE_ICONS + BUILDING_ICONS).count("either")


def decision_bound(players: int) -> int:
    """The most decisions a game of ``players`` can take (argument above); the hand
    limit's discards are at most every card of the deck at each of the three tides."""
    turns = STAGES * WORKS_PER_STAGE * len(FARMERS) * players
    discards = STAGES * DECK_PER_TYPE * len(RESOURCES)
    return turns * turn_bound() + players * (per_seat_once() + UPKEEPS * per_seat_upkeep()) + discards
