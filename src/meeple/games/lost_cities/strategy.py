"""A Lost Cities heuristic: the greedy bot's move and the search rollout policy.

It values a card by how much it can still add to an expedition, never starts an
expedition that its hand cannot pay for, and discards what neither player needs.
"""

from __future__ import annotations

import random

from meeple.core.actions import Action
from meeple.games.lost_cities.components import (
    COLOR_OF,
    N_KINDS,
    N_RANKS,
    RANK_OF,
    VALUE_OF,
    WAGER,
)
from meeple.games.lost_cities.rules import (
    DISCARD,
    DISCARD_OF,
    DRAW_DECK,
    DRAW_PHASE,
    DRAW_PILE,
    PLAY_OF,
    LostCitiesState,
)


def _potential(state: LostCitiesState, seat: int, color: int) -> int:
    """Sum of the numbers in ``seat``'s hand that can still go on ``color``."""
    top = state.tops[seat][color]
    return sum(VALUE_OF[k] for k in state.hands[seat] if COLOR_OF[k] == color and RANK_OF[k] > top)


def _gap(state: LostCitiesState, seat: int, k: int) -> int:
    """How many higher-than-top cards of this colour in hand playing ``k`` would kill."""
    c, r = COLOR_OF[k], RANK_OF[k]
    top = state.tops[seat][c]
    return sum(
        1
        for h in state.hands[seat]
        if COLOR_OF[h] == c and top < RANK_OF[h] < r and RANK_OF[h] != WAGER
    )


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
    """A cheap policy for search playouts, close to ``greedy_action`` in strength.

    Play phase: extend a started expedition with its lowest playable card when the
    jump is small; start a colour only when the hand holds enough to pay its 20 and
    there are turns left to play it; otherwise discard the card worth least to me
    plus most to the opponent. Draw phase: take a pile card that extends one of my
    expeditions with a small jump, else the deck. One pass over the hand.
    """
    seat = state.to_move
    tops = state.tops[seat]
    if state.phase == DRAW_PHASE:
        legal = state.legal_actions()
        best, best_skip = legal[0], 3
        for a in legal[1:]:
            c = int(a) - DRAW_PILE
            r = RANK_OF[state.discards[c][-1]]
            top = tops[c]
            if top >= 0 and r > top:
                skip = r - top - 1
                if skip < best_skip:
                    best, best_skip = a, skip
        return best
    hand = state.hands[seat]
    ncol = state.ncolors
    low = [99] * ncol  # lowest playable number rank per colour
    pot = [0] * ncol  # sum of playable numbers per colour
    cnt = [0] * ncol
    wag = [0] * ncol
    for k in hand:
        c = COLOR_OF[k]
        r = RANK_OF[k]
        if r == WAGER:
            wag[c] += 1
        elif r > tops[c]:
            pot[c] += VALUE_OF[k]
            cnt[c] += 1
            if r < low[c]:
                low[c] = r
    turns = (len(state.deck) + 1) // 2
    best_k, best_v = -1, 0.0
    exps = state.expeditions[seat]
    for c in range(ncol):
        top = tops[c]
        if top > 0:  # numbers already down
            if cnt[c]:
                v = 10.0 - 2.0 * (low[c] - top - 1)
                if v > best_v:
                    best_k, best_v = c * N_RANKS + low[c], v
            continue
        have = pot[c] + sum(VALUE_OF[x] for x in exps[c]) if top == 0 else pot[c]
        if cnt[c] == 0 or cnt[c] > turns + 1:
            continue
        need = 18 if top == 0 else 22
        if have < need:
            continue
        v = 2.0 + (have - need) / 3.0
        if wag[c] and (have - need) >= 6 and turns > cnt[c] + 2:
            k = c * N_RANKS  # wager first
        else:
            k = c * N_RANKS + low[c]
        if v > best_v:
            best_k, best_v = k, v
    if best_k >= 0:
        return PLAY_OF[best_k]
    # discard: least use to me plus most use to the opponent
    theirs = state.tops[1 - seat]
    best_k, best_v = hand[0], 1e9
    for k in hand:
        c = COLOR_OF[k]
        r = RANK_OF[k]
        top = tops[c]
        if r == WAGER:
            mine = 0.0 if top > 0 or turns < 8 else 4.0 + pot[c] / 4
        elif r <= top:
            mine = 0.0
        elif top >= 0:
            mine = 8.0 + VALUE_OF[k]
        else:
            mine = (pot[c] / 3.0 + VALUE_OF[k] / 2.0) if turns > cnt[c] else 0.0
        t = theirs[c]
        if t >= 0 and ((r > t) if r != WAGER else t == 0):
            mine += 6.0 + VALUE_OF[k] / 2.0
        if mine < best_v:
            best_k, best_v = k, mine
    return DISCARD_OF[best_k]


__all__ = ["greedy_action", "rollout_action", "N_KINDS"]
