"""End-of-game scoring and the score breakdown per seat.

Rule text line 38 and the fact sheet (section 2.3, inferred): after the last feeding the
Castle scores 4 points per building around it (its owner's, or every one with
``castle=any``), the Watchtower 2 points per empty grass cell around it, and every seat
gains 1 point per 3 coins. Leftover cubes score nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.little_town.components import (
    BUILDINGS,
    COINS_PER_VP,
    HUNGER_VP,
    N_CELLS,
    NEIGHBOURS,
    OBJECTIVES,
)
from meeple.games.little_town.words import M
from meeple.i18n import Text

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState


def cells_with(state: LittleTownState, effect: str) -> list[int]:
    building = state.building_at
    return [c for c in range(N_CELLS) if building[c] >= 0 and BUILDINGS[building[c]].effect == effect]


def castle_points(state: LittleTownState) -> list[int]:
    """4 points per building around the Castle: its owner's (default) or any (option)."""
    out = [0] * state.players
    building, owner = state.building_at, state.owner_at
    any_owner = state.options["castle"] == "any"
    for c in cells_with(state, "castle"):
        mine = owner[c]
        count = sum(1 for n in NEIGHBOURS[c] if building[n] >= 0 and (any_owner or owner[n] == mine))
        out[mine] += count * BUILDINGS[building[c]].special_vp
    return out


def watchtower_points(state: LittleTownState) -> list[int]:
    """2 points per empty grass cell around the Watchtower, once the workers are home."""
    out = [0] * state.players
    for c in cells_with(state, "watchtower"):
        empty = sum(1 for n in NEIGHBOURS[c] if state.cell_yields[n] < 0 and state.building_at[n] < 0)
        out[state.owner_at[c]] += empty * BUILDINGS[state.building_at[c]].special_vp
    return out


def final_scoring(state: LittleTownState) -> None:
    """Line 38: the end-of-game specials, then 1 point per 3 coins (coins are kept for
    the tie-break)."""
    for seat, (castle, tower) in enumerate(zip(castle_points(state), watchtower_points(state), strict=True)):
        state.points[seat] += castle + tower + state.coins[seat] // COINS_PER_VP


def breakdown(state: LittleTownState) -> list[dict[str, int]]:
    """Per seat, what each part of the score is worth, by part ("buildings", ...,
    "hungry", "coins": the view's ``points_from``); the parts add up to ``scores()``
    (while the game runs, coins count as they would convert; the Castle and the
    Watchtower score only at the end)."""
    over = state.to_move is None
    castle = castle_points(state) if over else [0] * state.players
    tower = watchtower_points(state) if over else [0] * state.players
    out = []
    for seat in range(state.players):
        built = sum(
            BUILDINGS[state.building_at[c]].vp for c in range(N_CELLS) if state.owner_at[c] == seat
        )
        hungry = sum(meal.hungry for meal in state.meals if meal.seat == seat)
        out.append({
            "buildings": built,
            "activations": state.activation_points[seat],
            "objectives": sum(OBJECTIVES[k].vp for k in state.objectives_claimed[seat]),
            "cathedral": state.cathedral_points[seat],
            "castle": castle[seat],
            "watchtower": tower[seat],
            "hungry": -HUNGER_VP * hungry,
            "coins": state.coins[seat] // COINS_PER_VP,
        })
    return out


def score_breakdown(state: LittleTownState) -> list[dict[Text, int]]:
    """``breakdown`` with each part named in words ("coins (1 point per 3)")."""
    return [{M(f"score.{part}", coins=COINS_PER_VP): n for part, n in parts.items()} for parts in breakdown(state)]
