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


_ALL = (1 << N_OBJECTIVES) - 1


def _bit(kind: str) -> int:
    return 1 << _CARD[kind][0]


_GROUP_BIT, _GROUP_SIZE = _bit("group"), _CARD["group"][1]
_TERRAINS_BIT = _bit("terrains")
_EXACT_BIT, _EXACT_COINS = _bit("coins_exact"), _CARD["coins_exact"][1]
_MIN_BIT, _MIN_COINS = _bit("coins_min"), _CARD["coins_min"][1]
_FOOD_BIT, _FOOD_TIMES = _bit("food"), _CARD["food"][1]
_MORE_BIT = _bit("more_buildings")
_HARVEST_BIT, _HARVEST = _bit("harvest"), _CARD["harvest"][1]
_ACTIVATIONS_BIT, _ACTIVATIONS = _bit("activations"), _CARD["activations"][1]
_POINTS_BIT, _POINT_ACTIVATIONS = _bit("vp_buildings"), _CARD["vp_buildings"][1]
_SPEND_BIT = _bit("spend_harvest")
_MIXED_BIT = _bit("mixed_input")
#: cards whose condition reads the buildings a seat owns, its stock, its turn
_BOARD_CARDS = sum(1 << card for card, _, _ in _OWN_CARDS) | _GROUP_BIT | _TERRAINS_BIT
_STOCK_CARDS = _EXACT_BIT | _MIN_BIT | _FOOD_BIT | _MORE_BIT
_TURN_CARDS = _HARVEST_BIT | _ACTIVATIONS_BIT | _POINTS_BIT | _SPEND_BIT | _MIXED_BIT


#: ``owned_buildings`` results per board, kept while the board tuples are alive (they
#: are immutable and shared by clones, so most lookups hit); bounded
_OWNED: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], list]] = {}


def owned_buildings(state: LittleTownState, seat: int) -> tuple[list[int], list[int]]:
    """The cells ``seat`` owns and the building kinds on them (memoised per board)."""
    owner, building = state.owner_at, state.building_at
    key = (id(owner), id(building))
    entry = _OWNED.get(key)
    if entry is None or entry[0] is not owner or entry[1] is not building:
        if len(_OWNED) > 4096:
            _OWNED.clear()
        per_seat: list = [None] * 4
        entry = _OWNED[key] = (owner, building, per_seat)
    per_seat = entry[2]
    found = per_seat[seat]
    if found is None:
        cells = [c for c, o in enumerate(owner) if o == seat]
        found = per_seat[seat] = (cells, [building[c] for c in cells])
    return found


def conditions_met(state: LittleTownState, seat: int, wanted: int = _ALL) -> int:
    """Bit mask of the cards among ``wanted`` whose condition ``seat`` fulfils right now
    (never O6; conditions outside ``wanted`` are not checked)."""
    mask = 0
    if wanted & _BOARD_CARDS:
        owned, kinds = owned_buildings(state, seat)
        if kinds:
            for card, needs, count in _OWN_CARDS:
                if wanted >> card & 1 and sum(map(needs.__contains__, kinds)) >= count:
                    mask |= 1 << card
        if len(owned) >= 3:
            if wanted & _GROUP_BIT and _largest_group(state.owner_at, seat) >= _GROUP_SIZE:
                mask |= _GROUP_BIT
            if wanted & _TERRAINS_BIT and _terrains_matched(state.cell_yields, owned):
                mask |= _TERRAINS_BIT
    if wanted & _STOCK_CARDS:
        coins = state.coins[seat]
        if coins == _EXACT_COINS:
            mask |= _EXACT_BIT
        if coins >= _MIN_COINS:
            mask |= _MIN_BIT
        cubes = state.cubes[seat]
        if cubes[FISH] + cubes[WHEAT] >= _FOOD_TIMES * state.workers_per_player:
            mask |= _FOOD_BIT
        if state.houses_per_player - state.houses_left[seat] > state.workers_per_player:
            mask |= _MORE_BIT
    if wanted & _TURN_CARDS and seat == state.active_seat:  # the current turn only
        turn = state.turn
        if turn.harvested >= _HARVEST:
            mask |= _HARVEST_BIT
        if turn.activations >= _ACTIVATIONS:
            mask |= _ACTIVATIONS_BIT
        if turn.point_activations >= _POINT_ACTIVATIONS:
            mask |= _POINTS_BIT
        if turn.harvested_kinds & turn.spent_kinds:
            mask |= _SPEND_BIT
        if turn.mixed_input:
            mask |= _MIXED_BIT
    return mask & wanted


def met(state: LittleTownState, seat: int, card: int) -> bool:
    """Whether ``seat`` fulfils objective ``card`` right now."""
    return bool(conditions_met(state, seat) >> card & 1)
