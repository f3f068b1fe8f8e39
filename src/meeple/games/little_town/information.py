"""What each seat may know of a Little Town state, and resampling what it may not.

Everything on the table is public (meadow, market, stocks, validated objectives, the
meals paid); each player's unvalidated objectives are secret (fact sheet section 3.1),
so a view lists only the viewer's own, and the others' as a count. What the history
proves or strongly suggests about a seat's secret cards is public too
(``objectives_ruled_out``, ruling LT-20), and ``determinize`` uses it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from meeple.games.little_town.actions import FEEDING, PAWN_GIVE, PAWN_TAKE
from meeple.games.little_town.components import (
    BUILDINGS,
    CELL_NAMES,
    COLS,
    N_CELLS,
    N_OBJECTIVES,
    OBJECTIVES,
    RESOURCES,
    ROUNDS,
    ROWS,
    WHEAT_FIELD,
)
from meeple.games.little_town.objectives import cards_of
from meeple.games.little_town.scoring import breakdown

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

_TERRAIN_NAMES = ("grass", "forest", "mountain", "wheat", "lake")  # by yield + 1


def _meadow(state: LittleTownState) -> list[list[dict[str, Any]]]:
    rows = []
    for r in range(ROWS):
        row = []
        for col in range(COLS):
            c = r * COLS + col
            cell: dict[str, Any] = {"terrain": _TERRAIN_NAMES[state.cell_yields[c] + 1]}
            if state.building_at[c] >= 0:
                cell["building"] = BUILDINGS[state.building_at[c]].key
                cell["owner"] = state.owner_at[c]
            if state.worker_at[c] >= 0:
                cell["worker"] = state.worker_at[c]
            row.append(cell)
        rows.append(row)
    return rows


def _player(state: LittleTownState, s: int, seat: int | None, parts: dict[str, int]) -> dict[str, Any]:
    p: dict[str, Any] = {"coins": state.coins[s]}
    for r, name in enumerate(RESOURCES):
        p[name] = state.cubes[s][r]
    p.update({
        "vp": state.points[s],
        "houses": state.houses_left[s],
        "workers_left": state.workers_left[s],
        "construction_site": state.at_construction_site[s],
        "objectives_hidden": len(state.objectives_in_hand[s]),
        "objectives_claimed": [OBJECTIVES[k].key for k in state.objectives_claimed[s]],
        "objectives_ruled_out": [OBJECTIVES[k].key for k in cards_of(state.objectives_ruled_out[s])],
        "points_from": parts,
    })
    if seat == s:
        p["objectives"] = [OBJECTIVES[k].key for k in state.objectives_in_hand[s]]
    return p


def _pawnshop_step(state: LittleTownState) -> int | None:
    if state.phase == PAWN_GIVE:
        return len(state.pawnshop.given)
    if state.phase == PAWN_TAKE:
        return state.pawnshop.taken
    return None


def _tile(kind: int) -> dict[str, Any]:
    """A building's printed numbers, for a client drawing the market: cost, points when
    built, and its activation or special effect (component facts, the same every game)."""
    b = BUILDINGS[kind]
    return {
        "cost": list(b.cost), "cost_coins": b.cost_coins, "vp": b.vp, "effect": b.effect,
        "pay": list(b.pay), "pay_coins": b.pay_coins, "gain": list(b.gain), "gain_coins": b.gain_coins,
        "gain_vp": b.gain_vp, "special_vp": b.special_vp,
    }


#: every building's numbers, built once
TILES = {b.key: _tile(k) for k, b in enumerate(BUILDINGS)}


def view(state: LittleTownState, seat: int | None) -> dict[str, Any]:
    """Everything public, plus ``seat``'s own objectives (objectives are secret)."""
    parts = breakdown(state)
    limited = state.options["limited_supply"]
    out: dict[str, Any] = {
        "game": "little-town",
        "seat": seat,
        "board": state.board_side + 1,
        "round": state.round,
        "rounds": ROUNDS,
        "first": state.first_player,
        "active": state.active_seat if state.active_seat >= 0 else None,
        "to_move": state.to_move,
        "phase": state.phase,
        "meadow": _meadow(state),
        "market": [BUILDINGS[k].key for k in state.market],
        "tiles": {BUILDINGS[k].key: TILES[BUILDINGS[k].key] for k in (*state.market, WHEAT_FIELD)},
        "wheat_fields": state.wheat_fields_left,
        "players": [_player(state, s, seat, parts[s]) for s in range(state.players)],
        "objective_deck": len(state.objectives_unused),
        "worker_cell": CELL_NAMES[state.worker_cell] if state.worker_cell >= 0 else None,
        "activated": [CELL_NAMES[c] for c in range(N_CELLS) if state.activated_cells >> c & 1],
        "building_chosen": BUILDINGS[state.building_chosen].key if state.building_chosen >= 0 else None,
        "pawnshop_step": _pawnshop_step(state),
        "turn": state.turn.as_list(),
        "feeding": [list(meal) for meal in state.meals],
        "supply": {"cubes": state.supply_cubes.copy(), "coins": state.bank_coins} if limited else None,
        "scores": state.scores(),
    }
    named = {k for p in out["players"] for k in (*p["objectives_claimed"], *p.get("objectives", ()))}
    out["objective_points"] = {o.key: o.vp for o in OBJECTIVES if o.key in named}
    if state.phase == FEEDING:
        out["meals_left"] = state.feeding.meals_left
    if state.to_move is None:
        out["winners"] = state.winners()
    return out


def _in_game(state: LittleTownState, card: int) -> bool:
    return OBJECTIVES[card].provenance != "design" or state.options["o7"]


def resample(world: LittleTownState, seat: int, rng: random.Random) -> None:
    """Redeal every objective ``seat`` has not seen: the other hands (same sizes) and the
    cards set aside, from a pool in canonical (sorted) order.

    Each other seat gets, in the pool's shuffled order, cards it may hold by public
    information first (dealable with the starting market, not ruled out: LT-5, LT-20);
    only if too few remain, cards it is merely unlikely to hold (a seat that passed a
    claim it could have made), then anything left.
    """
    claimed = world.claimed_mask()
    mine = world.objectives_in_hand[seat]
    pool = [
        k for k in range(N_OBJECTIVES)
        if _in_game(world, k) and not claimed >> k & 1 and k not in mine
    ]
    rng.shuffle(pool)
    dealable = world.dealable_objectives
    for other in range(world.players):
        if other == seat:
            continue
        need = len(world.objectives_in_hand[other])
        likely = dealable & ~world.objectives_ruled_out[other]
        hand: list[int] = []
        for allowed in (likely, dealable, -1):
            if len(hand) == need:
                break
            for card in pool:
                if len(hand) < need and allowed >> card & 1 and card not in hand:
                    hand.append(card)
        pool = [card for card in pool if card not in hand]
        world.objectives_in_hand[other] = tuple(sorted(hand))
    world.objectives_unused = tuple(sorted(pool))
