"""Objective conditions (fact sheet section 3.2) and the setup rule for (!) cards.

The card table in ``components.py`` says which condition family a card belongs to
and its number; this module checks every family against a state at once and answers
with a bit mask (bit ``k``: card ``k``'s condition holds). Conditions read only public
things (the meadow, stocks, the turn so far), which is why the forced-step policy and
``determinize`` may use them. Turn conditions (``mixed_input``, ``spend_harvest``,
``activations``, ``vp_buildings``, ``harvest``) read the turn record of the active
seat; ``fish_feed`` is checked by the feeding code itself and never appears in a mask.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from meeple.games.little_town.components import (
    FISH,
    N_CELLS,
    N_OBJECTIVES,
    NEIGHBOURS,
    OBJECTIVES,
    ORTHOGONAL,
    STONE,
    WHEAT,
    WOOD,
)

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

FISH_FEED_CARD = next(i for i, o in enumerate(OBJECTIVES) if o.kind == "fish_feed")
_OWN_CARDS = tuple((i, frozenset(o.needs), o.param) for i, o in enumerate(OBJECTIVES) if o.kind == "own")
_BY_KIND = {o.kind: i for i, o in enumerate(OBJECTIVES) if o.kind != "own"}
_CARD = {kind: (index, OBJECTIVES[index].param) for kind, index in _BY_KIND.items()}


def market_allows(card: int, market: Iterable[int]) -> bool:
    """The (!) setup rule: the market must hold enough of the tiles the card needs."""
    obj = OBJECTIVES[card]
    if not obj.needs_count:
        return True
    needs = obj.needs
    return sum(1 for b in market if b in needs) >= obj.needs_count


def dealable_mask(market: Iterable[int], with_placeholder: bool) -> int:
    """The cards that can be in play with this starting market (bit ``k``: card ``k``)."""
    market = tuple(market)
    mask = 0
    for card, obj in enumerate(OBJECTIVES):
        if obj.provenance == "design" and not with_placeholder:
            continue
        if market_allows(card, market):
            mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    return [k for k in range(N_OBJECTIVES) if mask >> k & 1]


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


def _terrains_matched(yields: tuple[int, ...], owned: list[int]) -> bool:
    """Three distinct own buildings touching a lake, a mountain and a forest (Hall)."""
    masks = []
    for c in owned:
        m = 0
        for n in NEIGHBOURS[c]:
            g = yields[n]
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


def conditions_met(state: LittleTownState, seat: int) -> int:
    """Bit mask of the cards whose condition ``seat`` fulfils right now (never O6)."""
    owner, building = state.owner_at, state.building_at
    owned = [c for c in range(N_CELLS) if owner[c] == seat]
    kinds = [building[c] for c in owned]
    mask = 0
    for card, needs, count in _OWN_CARDS:
        if sum(1 for k in kinds if k in needs) >= count:
            mask |= 1 << card
    coins = state.coins[seat]
    cubes = state.cubes[seat]
    card, param = _CARD["coins_exact"]
    if coins == param:
        mask |= 1 << card
    card, param = _CARD["coins_min"]
    if coins >= param:
        mask |= 1 << card
    card, param = _CARD["food"]
    if cubes[FISH] + cubes[WHEAT] >= param * state.workers_per_player:
        mask |= 1 << card
    card, _ = _CARD["more_buildings"]
    if state.houses_per_player - state.houses_left[seat] > state.workers_per_player:
        mask |= 1 << card
    if len(owned) >= 3:
        card, param = _CARD["group"]
        if _largest_group(owner, seat) >= param:
            mask |= 1 << card
        card, _ = _CARD["terrains"]
        if _terrains_matched(state.cell_yields, owned):
            mask |= 1 << card
    if seat == state.active_seat:  # turn conditions: the current turn only
        turn = state.turn
        card, param = _CARD["harvest"]
        if turn.harvested >= param:
            mask |= 1 << card
        card, param = _CARD["activations"]
        if turn.activations >= param:
            mask |= 1 << card
        card, param = _CARD["vp_buildings"]
        if turn.point_activations >= param:
            mask |= 1 << card
        card, _ = _CARD["spend_harvest"]
        if turn.harvested_kinds & turn.spent_kinds:
            mask |= 1 << card
        card, _ = _CARD["mixed_input"]
        if turn.mixed_input:
            mask |= 1 << card
    return mask


def met(state: LittleTownState, seat: int, card: int) -> bool:
    """Whether ``seat`` fulfils objective ``card`` right now."""
    return bool(conditions_met(state, seat) >> card & 1)
