"""Objective conditions (spec section 3.2) and the setup rule for (!) cards.

The card table in ``components.py`` says which condition family a card belongs to
and its number; this module checks a family against a state. Turn conditions
(``mixed_input``, ``spend_harvest``, ``activations``, ``vp_buildings``,
``harvest``) read the per-turn counters the state keeps; ``fish_feed`` is checked
by the feeding code itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from meeple.games.little_town.components import (
    FISH,
    N_CELLS,
    NEIGHBOURS,
    OBJECTIVES,
    ORTHOGONAL,
    STONE,
    WHEAT,
    WOOD,
)

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState


def market_allows(card: int, market: Iterable[int]) -> bool:
    """The (!) setup rule: the market must hold enough of the tiles the card needs."""
    obj = OBJECTIVES[card]
    if not obj.needs_count:
        return True
    needs = obj.needs
    return sum(1 for b in market if b in needs) >= obj.needs_count


def _largest_group(owner: list[int], seat: int) -> int:
    """Size of the largest side-connected group of ``seat``'s buildings."""
    seen = 0
    best = 0
    for start in range(N_CELLS):
        if owner[start] != seat or seen >> start & 1:
            continue
        seen |= 1 << start
        stack = [start]
        size = 0
        while stack:
            c = stack.pop()
            size += 1
            for n in ORTHOGONAL[c]:
                if owner[n] == seat and not seen >> n & 1:
                    seen |= 1 << n
                    stack.append(n)
        best = max(best, size)
    return best


def _terrains_matched(state: LittleTownState, seat: int) -> bool:
    """Three distinct own buildings touching a lake, a mountain and a forest (Hall)."""
    gives = state.gives
    masks = []
    for c in range(N_CELLS):
        if state.owner[c] == seat:
            m = 0
            for n in NEIGHBOURS[c]:
                g = gives[n]
                if g == WOOD:
                    m |= 1
                elif g == STONE:
                    m |= 2
                elif g == FISH:
                    m |= 4
            if m:
                masks.append(m)
    if len(masks) < 3:
        return False
    for subset in range(1, 8):
        need = bin(subset).count("1")
        if sum(1 for m in masks if m & subset) < need:
            return False
    return True


def met(state: LittleTownState, seat: int, card: int) -> bool:
    """Whether ``seat`` fulfils objective ``card`` right now."""
    obj = OBJECTIVES[card]
    kind = obj.kind
    if kind == "own":
        needs = obj.needs
        owner, bld = state.owner, state.bld
        n = 0
        for c in range(N_CELLS):
            if owner[c] == seat and bld[c] in needs:
                n += 1
        return n >= obj.param
    if kind == "coins_exact":
        return state.coins[seat] == obj.param
    if kind == "coins_min":
        return state.coins[seat] >= obj.param
    if kind == "food":
        res = state.res[seat]
        return res[FISH] + res[WHEAT] >= obj.param * state.workers
    if kind == "more_buildings":
        return state.setup_houses - state.houses[seat] > state.workers
    if kind == "group":
        return _largest_group(state.owner, seat) >= obj.param
    if kind == "terrains":
        return _terrains_matched(state, seat)
    # turn conditions: only the active player's current turn counts
    if seat != state.active:
        return False
    harvested_mask, harvested, spent_mask, activations, vp_acts, mixed = state.turn_stats
    if kind == "harvest":
        return harvested >= obj.param
    if kind == "activations":
        return activations >= obj.param
    if kind == "vp_buildings":
        return vp_acts >= obj.param
    if kind == "spend_harvest":
        return bool(harvested_mask & spent_mask)
    if kind == "mixed_input":
        return mixed
    return False  # fish_feed: checked at feeding time
