"""Lewis & Clark heuristics: the greedy bot's move and a cheap rollout policy.

The greedy bot values an expedition by progress (scout minus Time tokens, ten
points a space), goods and Indians, minus the Time its boats would cost at camp.
It chooses each action by playing it out to its end on a clone (inner steps pick
the best immediate value), camps when its hand is spent, first dropping goods
whose Time costs more than they are worth, and recruits cheap movers.
"""

from __future__ import annotations

import random

from meeple.core.actions import Action
from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark.components import (
    CARDS,
    FORT,
    GAIN,
    INTERPRETER,
    LAST,
    LEADER,
    MOUNTAIN,
    MOVE,
    N_ENCOUNTERED,
    ROUTE,
    STRENGTH,
)
from meeple.games.lewis_clark.rules import (
    EFFECT,
    EXTRA,
    MAIN,
    SOURCE,
    LewisClarkState,
    goods_time,
)
from meeple.games.lewis_clark.rules import RECRUIT as RECRUIT_PHASE

W = (3.0, 2.5, 6.0, 3.0, 14.0, 8.0)  # wood fur food equipment canoe horse
W_MOUNTAIN = (3.0, 2.5, 3.0, 3.0, 2.0, 16.0)  # when mountains lie just ahead
SPACE = 10.0


def _card_value(k: int) -> float:
    c = CARDS[k]
    eff = c.effect
    if eff.passive:
        return {"boley": 7.0, "jarrot": 7.0, "cutnose": 5.0}.get(eff.passive, 3.0)
    b = eff.opts[0].benefit
    if b == MOVE:
        return 8.0 + max(o.amount for o in eff.opts)
    if b == GAIN:
        return 5.0
    return 3.0


STARTER_VALUE = (12.0, 6.0, 5.0, 5.0, 5.0, 5.0)  # leader, interpreter, the four collectors
CARD_VALUE = tuple(
    _card_value(k) if k < N_ENCOUNTERED else STARTER_VALUE[k - N_ENCOUNTERED]
    for k in range(len(CARDS))
)


def value(s: LewisClarkState, seat: int) -> float:
    """How good ``seat``'s expedition looks (higher is better)."""
    if s.to_move is None:
        if seat in s.winners():
            return 1e6
        if s.winners():
            return -1e6
    v = SPACE * (s.pos[seat] - s.time[seat])
    res = s.res[seat]
    v += _goods_value(s, seat, res)
    v -= 6.0 * goods_time(sum(res), s.gt[seat])
    on_cards = sum(e[2] for e in s.areas[seat])
    indians = s.ind[seat] + on_cards
    v += 5.0 * s.ind[seat] + 2.0 * on_cards - 5.0 * max(0, indians - 1 - s.it[seat])
    v += 4.0 * (s.gt[seat] + s.it[seat])
    for k in s.hands[seat]:
        v += CARD_VALUE[k]
    for e in s.areas[seat]:
        v += CARD_VALUE[e[0]] + (CARD_VALUE[e[1]] if e[1] >= 0 else 0.0)
    return v


def _keep(s: LewisClarkState, seat: int, k: int) -> float:
    """How much we would rather play card k than tuck it under another."""
    if k >= N_ENCOUNTERED:
        role = k - N_ENCOUNTERED
        res = s.res[seat]
        if role == 0:  # leader: worth keeping when it can move us
            return 6.0 if (res[2] + res[4] + res[5]) else 1.0
        return 2.0
    return CARD_VALUE[k] / 2


def _step_choice(s: LewisClarkState, seat: int, legal) -> Action:
    """One-step lookahead for the small decisions inside an action."""
    if s.phase == SOURCE:
        best, best_v = legal[0], -1e9
        for a in legal:
            i = int(a)
            if A.WITH <= i < A.WITH + len(CARDS):
                k = i - A.WITH
                v = 3.0 * STRENGTH[k] - _keep(s, seat, k)
            else:  # Indians on a card are not free for the village until the camp
                v = (3.0 if len(s.hands[seat]) <= 1 else 1.0) * (i - A.INDIANS) - 0.5
            if v > best_v:
                best, best_v = a, v
        return best
    if s.phase == EXTRA:  # extra Indians only when the hand is nearly spent
        return legal[-2] if len(legal) > 1 and len(s.hands[seat]) <= 1 else legal[-1]
    best, best_v = legal[0], -1e18
    for a in legal:
        t = s.clone()
        t.apply(a)
        v = value(t, seat)
        if int(a) == A.STOP:
            v -= 0.01
        if v > best_v:
            best, best_v = a, v
    return best


def _finish_action(s: LewisClarkState, seat: int, rng: random.Random) -> None:
    """Play the running action to its end with the step policy."""
    guard = 0
    while s.to_move == seat and s.phase != MAIN and guard < 60:  # noqa: PLR2004
        s.apply(_step_choice(s, seat, s.legal_actions()))
        guard += 1


def _goods_value(s: LewisClarkState, seat: int, res: list[int]) -> float:
    pos = s.pos[seat]
    ahead = ROUTE[min(pos + 1, LAST)] + ROUTE[min(pos + 2, LAST)]
    weights = W_MOUNTAIN if MOUNTAIN in ahead else W
    v = sum(r * w for r, w in zip(res[:5], weights[:5], strict=True))
    # horses keep their mountain value while mountains remain anywhere ahead, so
    # leaving a mountain stretch never looks like a loss
    v += res[5] * (W_MOUNTAIN[5] if MOUNTAIN in ROUTE[pos + 1:FORT + 1] else 1.0)
    if weights is W_MOUNTAIN:  # variety feeds the horse trade
        v += 2.0 * sum(1 for r in range(4) if res[r])
    return v


def _drop_choice(s: LewisClarkState, seat: int) -> int:
    """The first good to drop before camp, if Time saved outweighs the goods (or -1)."""
    res = s.res[seat].copy()
    tiles = s.gt[seat]
    base = _goods_value(s, seat, res) - SPACE * goods_time(sum(res), tiles)
    best, best_first = base, -1
    first = -1
    for _ in range(min(sum(res), 8)):
        options = [
            (_goods_value(s, seat, res[:r] + [res[r] - 1] + res[r + 1:]), r)
            for r in range(6) if res[r]
        ]
        v, r = max(options)
        res[r] -= 1
        if first < 0:
            first = r
        total = v - SPACE * goods_time(sum(res), tiles)
        if total > best + 1e-9:
            best, best_first = total, first
    return best_first


def greedy_action(state: LewisClarkState, rng: random.Random) -> Action:
    """The greedy bot's move."""
    s = state
    seat = s.to_move
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.phase != MAIN:
        return _step_choice(s, seat, legal)
    codes = {int(a): a for a in legal}
    hand = s.hands[seat]
    # win now if a camp would do it (dropping goods first if that is what it takes)
    if A.CAMP in codes and s.pos[seat] >= FORT:
        room = s.pos[seat] - FORT - s.time[seat]
        if s.camp_time(seat) <= room:
            return codes[A.CAMP]
        r = _drop_choice(s, seat)
        if r >= 0:
            return codes[A.DROP + r]
    if not s.acted and not s.can_act(seat):  # forced camp: lighten the boats first
        r = _drop_choice(s, seat)
        return codes[A.DROP + r] if r >= 0 else codes[A.CAMP]
    if not s.acted:
        best, best_v = None, -1e18
        for a in legal:
            i = int(a)
            if not (A.PLAY <= i < A.PLAY + len(CARDS) or A.VILLAGE <= i < A.VILLAGE + 8):
                continue
            t = s.clone()
            t.apply(a)
            _finish_action(t, seat, rng)
            v = value(t, seat) + rng.random() * 1e-3
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            return best
        return codes.get(A.CAMP, legal[0])
    # after the action: recruit a good card, camp when the hand is spent, else end
    if not s.recruited:
        base = value(s, seat)
        best, best_v = None, 3.0
        for a in legal:
            if A.RECRUIT <= int(a) < A.RECRUIT + 5:
                t = s.clone()
                t.apply(a)
                _finish_action(t, seat, rng)
                v = value(t, seat) - base
                if v > best_v:
                    best, best_v = a, v
        if best is not None:
            return best
    if A.CAMP in codes and (not hand or (len(hand) == 1 and not s.ind[seat])):
        r = _drop_choice(s, seat)
        if r >= 0:
            return codes[A.DROP + r]
        return codes[A.CAMP]
    return codes.get(A.END, legal[0])


def _payable_move(s: LewisClarkState, seat: int, k: int) -> bool:
    """Whether card k could move the scout now (a cheap test for playouts)."""
    pos = s.pos[seat]
    if pos >= LAST:
        return False
    nxt = ROUTE[pos + 1]
    res = s.res[seat]
    for o in CARDS[k].effect.opts:
        if o.benefit != MOVE or (o.terrain != nxt and nxt != "X"):
            continue
        if all(res[r] >= o.pay[r] for r in range(6)) and sum(res) - sum(o.pay) >= o.any_n:
            return True
    return False


def rollout_action(state: LewisClarkState, rng: random.Random) -> Action:
    """A cheap playout policy: move when a card can, support with spare cards, camp
    when the hand is spent. No copies of the state, so search stays fast."""
    s = state
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = s.to_move
    phase = s.phase
    if phase == EFFECT:
        doing = [a for a in legal if int(a) not in (A.STOP, A.SKIP)]
        return rng.choice(doing) if doing and rng.random() < 0.95 else rng.choice(legal)
    if phase == SOURCE:
        cards = [a for a in legal if A.WITH <= int(a) < A.WITH + len(CARDS)
                 and int(a) - A.WITH not in (LEADER, INTERPRETER)]
        return max(cards, key=lambda a: STRENGTH[int(a) - A.WITH]) if cards else legal[-1]
    if phase == EXTRA:
        return legal[-1]
    if phase == MAIN:
        codes = {int(a) for a in legal}
        if s.acted:
            if not s.hands[seat] and goods_time(sum(s.res[seat]), s.gt[seat]):
                drops = [a for a in legal if A.DROP <= int(a) < A.DROP + 4]
                if drops:
                    return rng.choice(drops)
            if A.CAMP in codes and len(s.hands[seat]) <= 1:
                return next(a for a in legal if int(a) == A.CAMP)
            return next(a for a in legal if int(a) == A.END)
        plays = [a for a in legal if A.PLAY <= int(a) < A.PLAY + len(CARDS)]
        movers = [a for a in plays if _payable_move(s, seat, int(a) - A.PLAY)]
        if movers:
            return rng.choice(movers)
        acts = [a for a in legal if A.PLAY <= int(a) < A.RECRUIT]
        if acts:
            return rng.choice(acts)
    if phase == RECRUIT_PHASE:
        return legal[-1]
    return rng.choice(legal)
