"""A Lost Cities heuristic: the greedy bot's move and the search rollout policy.

It values a card by how much it can still add to an expedition, never starts an
expedition that its hand cannot pay for, and discards what neither player needs.
"""

from __future__ import annotations

import random

from meeple.core.actions import Action
from meeple.games.lost_cities.components import COLOR_OF, N_KINDS, RANK_OF, VALUE_OF, WAGER
from meeple.games.lost_cities.rules import (
    DISCARD,
    DRAW_DECK,
    DRAW_PHASE,
    DRAW_PILE,
    LostCitiesState,
)


def _potential(state: LostCitiesState, seat: int, color: int) -> int:
    """Sum of the numbers in ``seat``'s hand that can still go on ``color``."""
    top = state.tops[seat][color]
    return sum(
        VALUE_OF[k] for k in state.hands[seat] if COLOR_OF[k] == color and RANK_OF[k] > top
    )


def _gap(state: LostCitiesState, seat: int, k: int) -> int:
    """How many higher-than-top cards of this colour in hand playing ``k`` would kill."""
    c, r = COLOR_OF[k], RANK_OF[k]
    top = state.tops[seat][c]
    return sum(1 for h in state.hands[seat] if COLOR_OF[h] == c and top < RANK_OF[h] < r and RANK_OF[h] != WAGER)


def _play_value(state: LostCitiesState, seat: int, k: int) -> float:
    c, r = COLOR_OF[k], RANK_OF[k]
    top = state.tops[seat][c]
    late = len(state.deck) < 12
    if top == -1 or top == WAGER and r != WAGER:
        # starting (or first number after wagers): only with enough in hand to pay 20
        pot = _potential(state, seat, c) + sum(VALUE_OF[x] for x in state.expeditions[seat][c])
        need = 22 if top == -1 else 18
        if late and top == -1:
            return -50.0
        if pot < need:
            return -30.0
        return (pot - need) / 2 - 2 * _gap(state, seat, k) + (1 if r == WAGER else 0)
    if r == WAGER:
        pot = _potential(state, seat, c)
        return (pot - 30) / 3 if not late else -40.0
    skipped = r - top - 1
    return 8 - 4 * _gap(state, seat, k) - 1.5 * skipped


def _discard_cost(state: LostCitiesState, seat: int, k: int) -> float:
    """How much discarding ``k`` hurts me (I could use it) plus helps the opponent."""
    c, r = COLOR_OF[k], RANK_OF[k]
    mine = state.tops[seat][c]
    cost = 0.0
    if (r > mine) if r != WAGER else (mine <= 0):
        cost += (VALUE_OF[k] if r != WAGER else 6) * (1.0 if mine >= 0 else 0.4)
    theirs = state.tops[1 - seat][c]
    if theirs >= 0 and ((r > theirs) if r != WAGER else (theirs <= 0)):
        cost += 6 + VALUE_OF[k] / 2
    return cost


def _draw_value(state: LostCitiesState, seat: int, color: int) -> float:
    k = state.discards[color][-1]
    top = state.tops[seat][color]
    if top < 0 or RANK_OF[k] <= top:
        return -1.0
    return 6.0 - 1.5 * (RANK_OF[k] - top - 1)


def greedy_action(state: LostCitiesState, rng: random.Random) -> Action:
    """Pick the legal action with the best heuristic value (ties: first)."""
    seat = state.to_move
    legal = state.legal_actions()
    best, best_value = legal[0], float("-inf")
    for a in legal:
        i = int(a)
        if state.phase == DRAW_PHASE:
            value = 0.0 if i == DRAW_DECK else _draw_value(state, seat, i - DRAW_PILE)
        elif i < DISCARD:
            value = _play_value(state, seat, i)
        else:
            value = -_discard_cost(state, seat, i - DISCARD) / 2
        value += rng.random() * 1e-3
        if value > best_value:
            best, best_value = a, value
    return best


def rollout_action(state: LostCitiesState, rng: random.Random) -> Action:
    """A cheap policy for search playouts: extend expeditions, discard dead cards."""
    legal = state.legal_actions()
    seat = state.to_move
    if state.phase == DRAW_PHASE:
        for a in legal[1:]:
            k = state.discards[int(a) - DRAW_PILE][-1]
            top = state.tops[seat][COLOR_OF[k]]
            if top >= 0 and RANK_OF[k] == top + 1:
                return a
        return legal[0]
    tops = state.tops[seat]
    plays = []
    discards = []
    for a in legal:
        i = int(a)
        if i < DISCARD:
            top = tops[COLOR_OF[i]]
            if top >= 0 and RANK_OF[i] > top and RANK_OF[i] - top <= 2:
                plays.append(a)
        else:
            k = i - DISCARD
            if RANK_OF[k] <= tops[COLOR_OF[k]] or tops[COLOR_OF[k]] < 0:
                discards.append(a)
    if plays:
        return rng.choice(plays)
    if discards and rng.random() < 0.8:
        return rng.choice(discards)
    return rng.choice(legal)


__all__ = ["greedy_action", "rollout_action", "N_KINDS"]
