"""What each seat may know of a Little Town state, and resampling what it may not.

Everything on the table is public (meadow, market, stocks, validated objectives);
each player's unvalidated objectives are secret (spec section 3.1, S13), so a
view lists only the viewer's own, and the others' as a count.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from meeple.games.little_town.actions import FEED_PHASE, GIVE_PHASE, PHASE_NAMES, TAKE_PHASE
from meeple.games.little_town.components import BUILDINGS, CELL_NAMES, N_CELLS, OBJECTIVES, ROUNDS
from meeple.games.little_town.objectives import market_allows

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

def view(state: LittleTownState, seat: int | None) -> dict[str, Any]:
    """Everything public, plus ``seat``'s own objectives (rules text: objectives are secret)."""
    rows = []
    for r in range(6):
        row = []
        for col in range(9):
            c = r * 9 + col
            g = state.gives[c]
            cell: dict[str, Any] = {
                "terrain": ("grass", "forest", "mountain", "wheat", "lake")[g + 1]
            }
            if state.bld[c] >= 0:
                cell["building"] = BUILDINGS[state.bld[c]].key
                cell["owner"] = state.owner[c]
            if state.worker[c] >= 0:
                cell["worker"] = state.worker[c]
            row.append(cell)
        rows.append(row)
    players = []
    for s in range(state.players):
        p: dict[str, Any] = {
            "coins": state.coins[s],
            "wood": state.res[s][0],
            "stone": state.res[s][1],
            "wheat": state.res[s][2],
            "fish": state.res[s][3],
            "vp": state.vp[s],
            "houses": state.houses[s],
            "workers_left": state.left[s],
            "construction_site": state.site[s],
            "objectives_hidden": len(state.hands[s]),
            "objectives_claimed": [OBJECTIVES[k].key for k in state.claimed[s]],
        }
        if seat == s:
            p["objectives"] = [OBJECTIVES[k].key for k in state.hands[s]]
        players.append(p)
    limited = state.options["limited_supply"]
    view: dict[str, Any] = {
        "game": "little-town",
        "seat": seat,
        "board": state.side + 1,
        "round": state.round,
        "rounds": ROUNDS,
        "first": state.first,
        "active": state.active if state.active >= 0 else None,
        "to_move": state.to_move,
        "phase": PHASE_NAMES[state.phase],
        "meadow": rows,
        "market": [BUILDINGS[k].key for k in state.market],
        "wheat_fields": state.wheat_left,
        "players": players,
        "objective_deck": len(state.deck),
        "worker_cell": CELL_NAMES[state.cur] if state.cur >= 0 else None,
        "activated": [CELL_NAMES[c] for c in range(N_CELLS) if state.activated >> c & 1],
        "building_chosen": BUILDINGS[state.pending].key if state.pending >= 0 else None,
        "pawnshop_step": state.pawn[0] if state.phase in (GIVE_PHASE, TAKE_PHASE) else None,
        "turn": list(state.turn_stats),
        "feeding": [list(f) for f in state.fed],
        "supply": {"cubes": state.supply.copy(), "coins": state.bank} if limited else None,
        "scores": state.scores(),
    }
    if state.phase == FEED_PHASE:
        view["meals_left"] = state.feed_need
    if state.to_move is None:
        view["winners"] = state.winners()
    return view


def resample(new: LittleTownState, seat: int, rng: random.Random) -> None:
    """Redeal the objectives ``seat`` has not seen, keeping every hand size and
    the setup rule that (!) cards need their tiles on the starting market."""
    others = [s for s in range(new.players) if s != seat]
    pool = new.deck.copy()
    for s in others:
        pool.extend(new.hands[s])
    rng.shuffle(pool)
    market = new.initial_market
    for s in others:
        need = len(new.hands[s])
        hand: list[int] = []
        keep: list[int] = []
        for card in pool:
            if len(hand) < need and market_allows(card, market):
                hand.append(card)
            else:
                keep.append(card)
        pool = keep
        new.hands[s] = sorted(hand)
    new.deck = sorted(pool)
