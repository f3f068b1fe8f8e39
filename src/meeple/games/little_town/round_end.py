"""The end of a round and of the game (rule text lines 33-39).

Order: the Cathedral scores, the Residence's owner activates its neighbours (a few
decisions), each seat feeds its workers from the first player on (a decision only
when fish and wheat are both held and more food than meals, ruling LT-8), workers come
back and the first-player marker moves on. After round 4: Castle, Watchtower, then
1 point per 3 coins (``scoring.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.little_town.actions import FEEDING, OVER, RESIDENCE
from meeple.games.little_town.components import (
    BUILDINGS,
    EXCHANGE_COINS,
    FISH,
    HUNGER_VP,
    N_CELLS,
    NEIGHBOURS,
    ROUNDS,
    WHEAT,
)
from meeple.games.little_town.objectives import FISH_FEED_CARD
from meeple.games.little_town.records import NEW_TURN, FeedingProgress, Meal
from meeple.games.little_town.scoring import cells_with, final_scoring

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState


def end_round(state: LittleTownState) -> None:
    """Line 34: the special buildings fire first (Cathedral, then the Residence)."""
    state.active_seat = -1
    state.turn = NEW_TURN
    for c in cells_with(state, "cathedral"):
        workers = sum(1 for n in NEIGHBOURS[c] if state.worker_at[n] >= 0)
        owner = state.owner_at[c]
        gained = workers * BUILDINGS[state.building_at[c]].special_vp
        state.points[owner] += gained
        points = list(state.cathedral_points)
        points[owner] += gained
        state.cathedral_points = tuple(points)
    for c in cells_with(state, "residence"):
        owner = state.owner_at[c]
        if state.options["residence_harvest"]:
            state.harvest(owner, c, count=False)
        state.worker_cell = c
        state.activated_cells = 0
        state.phase = RESIDENCE
        state.to_move = owner
        return
    start_feeding(state)


def start_feeding(state: LittleTownState) -> None:
    state.feeding = None
    _feed_from(state, 0, -1, 0, 0, 0)


def feed_one(state: LittleTownState, kind: int) -> None:
    """A meal choice (``feed fish`` / ``feed wheat``) by the seat being fed."""
    progress = state.feeding
    seat = (state.first_player + progress.seats_fed) % state.players
    state.cubes[seat][kind] -= 1
    state.supply_cubes[kind] += 1
    fish = progress.fish + (kind == FISH)
    wheat = progress.wheat + (kind == WHEAT)
    _feed_from(state, progress.seats_fed, progress.meals_left - 1, fish, wheat, progress.coins)


def _feed_from(state: LittleTownState, seats_fed: int, meals_left: int, fish: int, wheat: int,
               coins: int) -> None:
    """Line 35: each worker eats 1 fish or 1 wheat, else 3 coins, else -3 points.

    ``meals_left`` < 0: the seat at ``seats_fed`` has not started eating yet.
    """
    n = state.players
    workers = state.workers_per_player
    while seats_fed < n:
        seat = (state.first_player + seats_fed) % n
        if meals_left < 0:
            meals_left, fish, wheat, coins = workers, 0, 0, 0
        held = state.cubes[seat]
        if meals_left and held[FISH] and held[WHEAT] and held[FISH] + held[WHEAT] > meals_left:
            state.feeding = FeedingProgress(seats_fed, meals_left, fish, wheat, coins)
            state.phase = FEEDING
            state.to_move = seat
            return
        for kind in (FISH, WHEAT):
            eaten = min(held[kind], meals_left)
            held[kind] -= eaten
            state.supply_cubes[kind] += eaten
            meals_left -= eaten
            if kind == FISH:
                fish += eaten
            else:
                wheat += eaten
        while meals_left and state.coins[seat] >= EXCHANGE_COINS:
            state.coins[seat] -= EXCHANGE_COINS
            state.bank_coins += EXCHANGE_COINS
            coins += 1
            meals_left -= 1
        state.points[seat] -= HUNGER_VP * meals_left
        state.meals = (*state.meals, Meal(state.round, seat, fish, wheat, coins, meals_left))
        if fish == workers:  # every worker ate fish: O6 (ruling LT-7)
            if FISH_FEED_CARD in state.objectives_in_hand[seat]:
                state.claim(seat, FISH_FEED_CARD)
            else:  # it would have been validated: the seat does not hold it (LT-20)
                state.objectives_ruled_out[seat] |= 1 << FISH_FEED_CARD
        seats_fed += 1
        meals_left = -1
    state.feeding = None
    _finish_round(state)


def _finish_round(state: LittleTownState) -> None:
    """Line 36: workers come back, the first-player marker moves on."""
    state.worker_at = [-1] * N_CELLS
    n = state.players
    state.at_construction_site = [0] * n
    state.workers_left = [state.workers_per_player] * n
    state.worker_cell = -1
    state.activated_cells = 0
    if state.round == ROUNDS:
        final_scoring(state)
        state.phase = OVER
        state.active_seat = -1
        state.to_move = None
        return
    state.round += 1
    following = (state.first_player + 1) % n
    if n == 3 and state.round == ROUNDS:
        # line 36: with 3 players the 4th round goes to the fewest points (ruling LT-10)
        low = min(state.points)
        following = next(s for s in ((following + i) % n for i in range(n)) if state.points[s] == low)
    state.first_player = following
    state.start_turn(following)
