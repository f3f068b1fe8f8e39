"""A Little Town heuristic: the greedy bot's move and a cheap rollout policy.

The greedy bot looks one decision ahead (a worker placement is followed by its
best chain of activations) and scores the result with ``value``: VP, coins and
cubes at exchange-like rates, food against the coming meal, and what owned
buildings may still yield. It always validates an objective the moment it can.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from meeple.core.actions import Action
from meeple.games.little_town.components import (
    BUILDINGS,
    COINS_PER_VP,
    FISH,
    HUNGER_VP,
    N_CELLS,
    NEIGHBOURS,
    OBJECTIVES,
    ROUNDS,
    WHEAT,
)
from meeple.games.little_town.objectives import met
from meeple.games.little_town.rules import (
    ACT,
    ACTIVATE,
    BUILD,
    CLAIM,
    DONE,
    END,
    FEED,
    FEED_PHASE,
    FISH_FEED_CARD,
    GIVE_PHASE,
    PLACE,
    POST,
    PRE,
    PUT,
    PUT_PHASE,
    RESID,
    TAKE_PHASE,
    LittleTownState,
)

CUBE = 1.0
COIN = 0.4


def _gain_value(k: int) -> float:
    """What one activation of building ``k`` is worth, inputs deducted."""
    b = BUILDINGS[k]
    if b.effect == "pawn":
        return 0.3
    if b.effect != "trade":
        return 0.0
    out = sum(b.gain) * CUBE + b.gain_coins * COIN + b.gain_vp
    cost = sum(b.pay) * CUBE + b.pay_coins * COIN
    return out - cost


GAIN_VALUE: tuple[float, ...] = tuple(_gain_value(k) for k in range(len(BUILDINGS)))


def _turns_left(state: LittleTownState, seat: int) -> int:
    return (ROUNDS - state.round) * state.workers + state.left[seat]


def _cube_worth(n: int, unit: float) -> float:
    """The first few cubes of a kind are worth a lot, a hoard much less."""
    return unit * (min(n, 4) + 0.3 * max(0, n - 4))


def value(state: LittleTownState, seat: int, mine: bool = False) -> float:
    """How good ``seat``'s position is, in VP-like units.

    ``mine``: the seat is the one deciding, so its own objectives (which it sees)
    count when met; another seat's hidden objectives are never read.
    """
    if state.to_move is None:
        return float(state.vp[seat])
    res = state.res[seat]
    coins = state.coins[seat]
    turns = _turns_left(state, seat)
    unit = CUBE * min(1.0, 0.15 + turns / 4)  # cubes lose worth as turns run out
    v = state.vp[seat] + coins / COINS_PER_VP + (0.07 * coins if turns > 1 else 0.0)
    v += _cube_worth(res[0], unit) + _cube_worth(res[1], unit * 1.1)
    v += _cube_worth(res[FISH], unit * 0.8) + _cube_worth(res[WHEAT], unit * 0.8)
    # the coming meal: food now saves 3 coins or 3 VP at the end of the round
    need = state.workers
    food = res[FISH] + res[WHEAT]
    v += min(food, need) * 0.9
    missing = need - food
    if missing > 0:
        meals = min(missing, coins // 3)
        starve = missing - meals
        urgency = 1.0 if state.left[seat] <= 1 else 0.6
        v -= meals * 1.0 + starve * HUNGER_VP * urgency
    # owned buildings keep paying while rounds remain
    rounds_left = ROUNDS - state.round + (0.5 if state.left[seat] else 0.0)
    for c in range(N_CELLS):
        if state.owner[c] == seat:
            v += 0.25 * GAIN_VALUE[state.bld[c]] * rounds_left
    if mine:
        for card in state.hands[seat]:
            if card != FISH_FEED_CARD and met(state, seat, card):
                v += OBJECTIVES[card].vp
    return v


def _relative(state: LittleTownState, seat: int) -> float:
    mine = value(state, seat, mine=True)
    others = [value(state, s) for s in range(state.players) if s != seat]
    return mine - 0.5 * sum(others) / len(others)


def _put_score(state: LittleTownState, seat: int, k: int, c: int) -> float:
    """Where to place a new building: reachable, next to own buildings, special bonuses."""
    effect = BUILDINGS[k].effect
    s = 0.0
    for n in NEIGHBOURS[c]:
        grass = state.gives[n] < 0
        free = grass and state.bld[n] < 0
        if free:
            s += 0.3
            if effect == "watchtower":
                s += 2.0
            if effect == "cathedral":
                s += 0.5
        if state.owner[n] == seat:
            s += 0.6
            if effect == "castle":
                s += 4.0
        if effect == "residence" and state.bld[n] >= 0:
            s += 0.8
    return s


def _best_put(state: LittleTownState, seat: int, legal: Sequence[Action]) -> Action:
    k = state.pending
    return max(legal, key=lambda a: _put_score(state, seat, k, int(a) - PUT))


def _after(state: LittleTownState, a: Action) -> LittleTownState:
    new = state.clone()
    new.apply(a)
    return new


def _finish_turn(state: LittleTownState, seat: int, depth: int = 6) -> LittleTownState:
    """Play ``seat``'s greedy continuation of the current turn (activations, put)."""
    while state.to_move == seat and state.phase in (ACT, GIVE_PHASE, TAKE_PHASE, PUT_PHASE) and depth:
        depth -= 1
        legal = state.legal_actions()
        if state.phase == PUT_PHASE:
            state = _after(state, _best_put(state, seat, legal))
            continue
        best, best_v = None, float("-inf")
        for a in legal:
            if CLAIM <= int(a) < FEED:
                best = a
                break
            v = _relative(_after(state, a), seat)
            if v > best_v:
                best, best_v = a, v
        if best is None or int(best) == DONE:
            break
        state = _after(state, best)
    return state


def greedy_action(state: LittleTownState, rng: random.Random) -> Action:
    """The legal action with the best one-turn lookahead value (ties: random)."""
    seat = state.to_move
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    for a in legal:  # validating an objective never hurts
        if CLAIM <= int(a) < FEED:
            return a
    phase = state.phase
    if phase == PUT_PHASE:
        return _best_put(state, seat, legal)
    fish_only = FISH_FEED_CARD in state.hands[seat] and state.res[seat][FISH] >= state.feed_need
    if phase == FEED_PHASE and fish_only:
        return legal[0]  # feed fish: objective o6 pays at the last meal
    best, best_v = legal[0], float("-inf")
    for a in legal:
        i = int(a)
        after = _after(state, a)
        if phase == PRE and (PLACE <= i < BUILD + len(BUILDINGS)):
            after = _finish_turn(after, seat)
        v = _relative(after, seat) + rng.random() * 1e-3
        if phase in (ACT, RESID) and i == DONE:
            v += 1e-2  # do not spend for nothing
        if phase == POST and i == END:
            v += 1e-2
        if v > best_v:
            best, best_v = a, v
    return best


def rollout_action(state: LittleTownState, rng: random.Random) -> Action:
    """A cheap policy for search playouts: claim, build what pays, place near
    terrain and useful buildings, activate what gains."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase in (PRE, ACT, POST):
        for a in legal:
            if CLAIM <= int(a) < FEED:
                return a
    if phase == PRE:
        builds = [a for a in legal if BUILD <= int(a) < PUT]
        if builds and rng.random() < 0.5:
            return max(builds, key=lambda a: BUILDINGS[int(a) - BUILD].vp + rng.random())
        gives, bld = state.gives, state.bld
        best, best_s = legal[0], -1.0
        for a in legal:
            i = int(a)
            if i >= BUILD:
                continue
            c = i - PLACE
            s = rng.random()
            for n in NEIGHBOURS[c]:
                if gives[n] >= 0:
                    s += 1.0
                elif bld[n] >= 0:
                    s += max(0.0, GAIN_VALUE[bld[n]])
            if s > best_s:
                best, best_s = a, s
        return best
    if phase in (ACT, RESID):
        for a in legal:
            i = int(a)
            if ACTIVATE <= i < DONE and GAIN_VALUE[state.bld[i - ACTIVATE]] > 0.5:
                return a
        return legal[-1] if int(legal[-1]) == DONE else rng.choice(legal)
    if phase == POST:
        return legal[-1] if int(legal[-1]) == END else rng.choice(legal)
    return rng.choice(legal)
