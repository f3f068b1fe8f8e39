"""Lewis & Clark heuristics: the greedy bot, its styles, the search's playout policy
and its evaluation. Everything here reads only what the deciding seat may know: its
own hand and the public table (the bots-do-not-peek checker holds them to it).

The measure is *spaces*: a position is worth the scout's space, minus the Time tokens
it holds and will have to pay at its next camp, plus what its goods can still buy on
the route ahead (a canoe carries the Leader 4 river spaces, a horse 2 mountain spaces,
a food 2 river spaces), minus the goods and Indians it carries beyond what it can use.
The greedy bot plays each candidate action out on a copy (inner choices by the same
measure) and takes the best; it camps when its hand is spent or a camp is cheap and
it has nothing better to do, and camps to win whenever a camp would.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from meeple.core.actions import Action
from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark import effects
from meeple.games.lewis_clark.components import (
    CANOE,
    CARDS,
    EQUIP,
    FOOD,
    FORT,
    FUR,
    HORSE,
    INTERPRETER,
    LAST,
    LEADER,
    MAX_ALLOWANCE,
    MIXED,
    MOVE,
    N_ENCOUNTERED,
    N_KINDS,
    RIVER,
    ROUTE,
    STRENGTH,
    WOOD,
)
from meeple.games.lewis_clark.ending import can_still_win
from meeple.games.lewis_clark.expedition import goods_time, indian_time
from meeple.games.lewis_clark.rules import EFFECT, EXTRA, MAIN, RECRUIT, SOURCE, LewisClarkState

# ---- the route ahead ---------------------------------------------------------------


def _terrain_ahead() -> tuple[tuple[int, int], ...]:
    """Per space: (river spaces, mountain spaces) from there to the fort (mixed counts
    as river: any mover may cross it)."""
    out = []
    for p in range(LAST + 1):
        ahead = ROUTE[p + 1:FORT + 1]
        river = sum(1 for t in ahead if t in (RIVER, MIXED))
        out.append((river, len(ahead) - river))
    return tuple(out)


AHEAD = _terrain_ahead()


class Weights(NamedTuple):
    """What a style values, in spaces."""

    canoe: float = 3.0      # river spaces a canoe is worth (the Leader makes 4)
    horse: float = 1.6      # mountain spaces a horse is worth (the Leader makes 2)
    food: float = 1.3
    wood: float = 0.7
    fur: float = 0.5
    equip: float = 0.5
    indian: float = 1.2     # an Indian on the boats: strength and village actions
    card: float = 0.8       # a recruited character
    mover_card: float = 1.5  # a recruited character that moves the scout
    overload: float = 1.0   # per good or Indian beyond the free boats (camp Time ahead)
    token: float = 1.0      # per Time token
    recruit_margin: float = 0.5  # recruit only when it gains at least this much


STYLES: dict[str, tuple[str, Weights]] = {
    "balanced": ("the plain greedy weights: moves, trades and recruits by value",
                 Weights()),
    "rusher": ("runs light: values goods only as far as they move the scout, rarely recruits",
               Weights(wood=0.4, fur=0.2, equip=0.2, card=0.3, mover_card=0.8,
                       overload=1.6, recruit_margin=2.0)),
    "hoarder": ("stocks goods and boats before moving, happy to carry a heavy load",
                Weights(canoe=3.4, horse=2.0, food=1.6, wood=1.0, fur=0.8, equip=0.8,
                        overload=0.5)),
    "recruiter": ("builds its hand: fur and equipment for recruits, values new characters",
                  Weights(fur=1.0, equip=1.0, card=1.6, mover_card=2.6, recruit_margin=0.0)),
}
BALANCED = STYLES["balanced"][1]


def _is_mover(k: int) -> bool:
    ways = CARDS[k].effect.ways
    return bool(ways) and ways[0].benefit == MOVE


MOVER = tuple(_is_mover(k) for k in range(N_KINDS))


# ---- the measure -----------------------------------------------------------------------


def value(s: LewisClarkState, seat: int, w: Weights = BALANCED) -> float:
    """How good ``seat``'s expedition looks, in spaces (higher is better)."""
    if s.to_move is None:
        if seat in s.winning_seats:
            return 1000.0
        return -1000.0 + s.expeditions[seat].scout
    e = s.expeditions[seat]
    if not can_still_win(e):
        return -500.0 + e.scout - e.time_tokens
    v = e.scout - w.token * e.time_tokens
    river, mountain = AHEAD[e.scout]
    g = e.goods
    v += _goods_value(g, river, mountain, w)
    # what the next camp will cost for the load carried now (the hand will be played)
    over = max(0, sum(g) - 3 - 2 * e.goods_tiles)
    indians = e.indians + e.indians_on_cards
    v -= w.overload * (goods_time(sum(g), e.goods_tiles) + 0.3 * over)
    v -= w.overload * indian_time(indians, e.indian_tiles)
    v += w.indian * min(indians, 3)
    recruits = [k for k in e.hand if k < N_ENCOUNTERED]
    recruits += [p.card for p in e.play_area if p.card < N_ENCOUNTERED]
    recruits += [p.support for p in e.play_area if 0 <= p.support < N_ENCOUNTERED]
    v += sum(w.mover_card if MOVER[k] else w.card for k in recruits)
    return v


def _goods_value(g: list[int], river: int, mountain: int, w: Weights) -> float:
    """Goods as spaces they can still buy: river goods only while river lies ahead,
    horses only while mountains do; with diminishing returns past what the route needs."""
    v = 0.0
    need_r = river / 4 + 1  # canoes that would cover the river ahead
    v += w.canoe * min(g[CANOE], need_r) + 0.5 * max(0, g[CANOE] - need_r)
    need_m = mountain / 2 + 0.5
    v += w.horse * min(g[HORSE], need_m) * (1.0 if mountain else 0.3)
    v += w.food * min(g[FOOD], 4) + 0.3 * max(0, g[FOOD] - 4)
    v += w.wood * min(g[WOOD], 6) + 0.2 * max(0, g[WOOD] - 6)
    v += w.fur * min(g[FUR], 5) + w.equip * min(g[EQUIP], 4)
    return v


# ---- the greedy bot -----------------------------------------------------------------------


def _inner_choice(s: LewisClarkState, seat: int, legal, w: Weights) -> Action:
    """The small decisions inside a turn: strength sources by a rule, the rest by value."""
    if s.phase == SOURCE:
        return _source_choice(s, seat, legal)
    if s.phase == EXTRA:  # extra Indians only when the hand is nearly spent
        return legal[-2] if len(legal) > 1 and len(s.expeditions[seat].hand) <= 1 else legal[-1]
    best, best_v = legal[0], -1e18
    for a in legal:
        t = s.clone()
        t.apply(a)
        v = value(t, seat, w)
        if int(a) in (A.STOP, A.SKIP):
            v -= 0.01
        if v > best_v:
            best, best_v = a, v
    return best


def _keep_value(s: LewisClarkState, seat: int, k: int) -> float:
    """How much we would rather play card k later than tuck it under another now."""
    if k == LEADER:
        g = s.expeditions[seat].goods
        return 6.0 if (g[FOOD] + g[CANOE] + g[HORSE]) else 2.0
    if k == INTERPRETER:
        return 1.5
    if k >= N_ENCOUNTERED:
        return 1.0
    return 3.0 if MOVER[k] else 2.0


def _source_choice(s: LewisClarkState, seat: int, legal) -> Action:
    best, best_v = legal[0], -1e9
    hand = s.expeditions[seat].hand
    for a in legal:
        i = int(a)
        if A.WITH <= i < A.WITH + N_KINDS:
            k = i - A.WITH
            v = 3.0 * STRENGTH[k] - _keep_value(s, seat, k)
        else:  # Indians on a card stay there until the camp
            v = (3.0 if len(hand) <= 1 else 1.0) * (i - A.INDIANS) - 0.5
        if v > best_v:
            best, best_v = a, v
    return best


def _finish_action(s: LewisClarkState, seat: int, w: Weights) -> None:
    """Play the running action to its end with the inner policy."""
    for _ in range(80):
        if s.to_move != seat or s.phase == MAIN:
            return
        s.apply(_inner_choice(s, seat, s.legal_actions(), w))


def _camp_wins(s: LewisClarkState, seat: int) -> bool:
    e = s.expeditions[seat]
    return e.scout >= FORT and e.time_tokens + s.camp_time(seat) <= e.scout - FORT


def _should_camp(s: LewisClarkState, seat: int) -> bool:
    """Camp when the hand is spent (nothing left to act with), or when it is cheap and
    most cards are out, so the next turns start with a full hand."""
    e = s.expeditions[seat]
    if not e.can_act():
        return True
    cost = s.camp_time(seat)
    if e.time_tokens + cost > MAX_ALLOWANCE:
        return False
    out = len(e.play_area)
    return len(e.hand) <= 1 and cost <= 1 + (out >= 3)


def play(s: LewisClarkState, rng: random.Random, w: Weights = BALANCED) -> Action:
    """The greedy move with weights ``w``."""
    seat = s.to_move
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.phase != MAIN:
        if s.phase == RECRUIT:
            return _recruit_payment(s, seat, legal)
        return _inner_choice(s, seat, legal, w)
    codes = {int(a): a for a in legal}
    if A.CAMP in codes and _camp_wins(s, seat):
        return codes[A.CAMP]
    if not s.acted and A.CAMP in codes and not s.expeditions[seat].can_act():
        return codes[A.CAMP]
    if not s.acted:
        best, best_v = None, -1e18
        base = value(s, seat, w)
        for a in legal:
            i = int(a)
            if not (A.PLAY <= i < A.PLAY + N_KINDS or A.VILLAGE <= i < A.VILLAGE + 8):
                continue
            t = s.clone()
            t.apply(a)
            _finish_action(t, seat, w)
            v = value(t, seat, w) - base + rng.random() * 1e-3
            v -= _card_cost(s, seat, i)
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            return best
    if not s.recruited:
        recruit = _best_recruit(s, seat, legal, w)
        if recruit is not None:
            return recruit
    if A.CAMP in codes and s.acted and _should_camp(s, seat):
        return codes[A.CAMP]
    return codes.get(A.END, legal[0])


def _card_cost(s: LewisClarkState, seat: int, code: int) -> float:
    """Playing a card uses it until the next camp: a small price, higher for movers."""
    if A.PLAY <= code < A.PLAY + N_KINDS:
        return 0.3 * _keep_value(s, seat, code - A.PLAY)
    return 0.8  # an Indian left in the village


def _best_recruit(s: LewisClarkState, seat: int, legal, w: Weights) -> Action | None:
    base = value(s, seat, w)
    best, best_v = None, w.recruit_margin
    for a in legal:
        if A.RECRUIT <= int(a) < A.RECRUIT + 5:
            t = s.clone()
            t.apply(a)
            while t.to_move == seat and t.phase == RECRUIT:
                t.apply(_recruit_payment(t, seat, t.legal_actions()))
            v = value(t, seat, w) - base
            if v > best_v:
                best, best_v = a, v
    return best


def _recruit_payment(s: LewisClarkState, seat: int, legal) -> Action:
    """Pay equipment with goods when we can; otherwise give up the weakest starting card
    that covers it (never the Leader or the Interpreter if anything else will do)."""
    codes = [int(a) for a in legal]
    if A.SKIP in codes:
        return legal[codes.index(A.SKIP)]
    cards = [c - A.DISCARD for c in codes]
    order = sorted(cards, key=lambda k: (k in (LEADER, INTERPRETER), MOVER[k], STRENGTH[k], k))
    return legal[codes.index(A.DISCARD + order[0])]


def greedy_action(state: LewisClarkState, rng: random.Random) -> Action:
    """The greedy bot's move."""
    return play(state, rng, BALANCED)


def style_action(style: str, state: LewisClarkState, rng: random.Random) -> Action:
    return play(state, rng, STYLES[style][1])


# ---- playouts ---------------------------------------------------------------------------


def _payable_move(s: LewisClarkState, seat: int, k: int) -> bool:
    """Whether card k could move the scout now (a cheap test for playouts)."""
    e = s.expeditions[seat]
    if e.scout >= LAST:
        return False
    nxt = ROUTE[e.scout + 1]
    g = e.goods
    for way in CARDS[k].effect.ways:
        if way.benefit != MOVE or (way.terrain != nxt and nxt != MIXED):
            continue
        if all(g[r] >= way.pay[r] for r in range(6)) and sum(g) - sum(way.pay) >= way.any_n:
            return True
    return False


def rollout_action(state: LewisClarkState, rng: random.Random) -> Action:
    """A cheap playout policy: move when a card can, support with spare cards, keep what
    fits for free, camp when the hand is spent. No copies of the state."""
    s = state
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = s.to_move
    phase = s.phase
    e = s.expeditions[seat]
    if phase == EFFECT:
        frame = s.effects[-1]
        if frame.step == effects.KEEP:
            return _keep_cheaply(s, seat, legal)
        doing = [a for a in legal if int(a) not in (A.STOP, A.SKIP)]
        return rng.choice(doing) if doing and rng.random() < 0.95 else rng.choice(legal)
    if phase == SOURCE:
        cards = [a for a in legal if A.WITH <= int(a) < A.WITH + N_KINDS
                 and int(a) - A.WITH not in (LEADER, INTERPRETER)]
        return max(cards, key=lambda a: STRENGTH[int(a) - A.WITH]) if cards else legal[-1]
    if phase == EXTRA:
        return legal[-1]
    if phase == RECRUIT:
        return _recruit_payment(s, seat, legal)
    if phase != MAIN:  # an arc: as many Indians as allowed
        return legal[-1]
    codes = {int(a): a for a in legal}
    if A.CAMP in codes and _camp_wins(s, seat):
        return codes[A.CAMP]
    if s.acted:
        if A.CAMP in codes and len(e.hand) <= 1:
            return codes[A.CAMP]
        return codes[A.END]
    if not e.can_act():
        return codes.get(A.CAMP, legal[0])
    plays = [a for a in legal if A.PLAY <= int(a) < A.PLAY + N_KINDS]
    movers = [a for a in plays if _payable_move(s, seat, int(a) - A.PLAY)]
    if movers:
        return rng.choice(movers)
    acts = [a for a in legal if A.PLAY <= int(a) < A.RECRUIT]
    if acts:
        return rng.choice(acts)
    return rng.choice(legal)


def _keep_cheaply(s: LewisClarkState, seat: int, legal) -> Action:
    """Keep a whole gain if it costs no camp Time, else keep good by good while it does not."""
    e = s.expeditions[seat]
    offer = s.effects[-1].offer
    codes = [int(a) for a in legal]
    free = 3 + 2 * e.goods_tiles - sum(e.goods)
    if A.TAKE_ALL in codes and sum(offer) <= max(free, 1):
        return legal[codes.index(A.TAKE_ALL)]
    if free > 0:
        for r in (CANOE, HORSE, FOOD, WOOD, EQUIP, FUR):
            if A.TAKE + r in codes:
                return legal[codes.index(A.TAKE + r)]
    return legal[codes.index(A.SKIP)]


def prior_action(state: LewisClarkState, rng: random.Random) -> Action | None:
    return rollout_action(state, rng)


def evaluate(state: LewisClarkState) -> list[float]:
    """Expected final standing per seat, in the units of ``scores()``: the value measure."""
    if state.to_move is None:
        return [float(x) for x in state.scores()]
    return [value(state, seat) for seat in range(state.players)]


POLICIES: dict[str, Callable] = {"greedy": greedy_action, "rollout": rollout_action}
