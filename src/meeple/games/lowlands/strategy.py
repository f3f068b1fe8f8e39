"""Lowlands heuristics: the greedy bot's move and a cheap rollout policy.

The greedy bot values each placement by what its action points buy now: room for
sheep before breeding (fences first when the lambs would have nowhere to go),
sheep while there is room, tiles by points and effect, cards when the hand is thin,
and the dike when the flood threatens to top it at the next High Tide or at the
Storm Tide. Sub-decisions (what to pay, where to put a fence or a tile) follow
simple rules that keep the cards it needs and close the cheapest next pasture.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import NamedTuple

from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    BUILD,
    DIKE,
    DRAW,
    FENCE,
    FLOOD_CARDS,
    MARKET,
    REWARDS,
    TILES,
    VALUE_DP,
    VALUE_SHEEP,
    flood_back,
)
from meeple.games.lowlands.describe import skip_futile
from meeple.games.lowlands.farm import SIDES, cheapest_pasture
from meeple.games.lowlands.farm import spare_fences as farm_spare_fences
from meeple.games.lowlands.rules import (
    ASK,
    AT,
    CONTRIB,
    DISCARD,
    DRAWING,
    FENCING,
    FPLACE,
    HELP,
    INCOME,
    PAY,
    PICK,
    PLACE,
    TOKEN,
    TRADE,
    UPKEEP_OPT,
    WORKER,
    LowlandsState,
    farm_capacity_with_tile,
)

KIND = X.KIND
#: how much the bot cares for the shared dike (1.0: as much as for its own points)
DIKE_CARE = 0.5
#: what a resource card is worth to the bot, in points
CARD = 0.6
MEAN_FLOOD = sum(FLOOD_CARDS) / len(FLOOD_CARDS)


# ---- what the table looks like -------------------------------------------------
def flood_outlook(state: LowlandsState) -> tuple[float, float]:
    """Expected flood at the next High Tide and at the Storm Tide."""
    nxt = float(state.flood)
    for face, up in state.sea:
        if not up:
            nxt += 2.0 if flood_back(face) == "1-3" else 4.7
    stages_left = 2 - state.stage if state.sea else 3 - state.stage
    final = nxt + 3 * MEAN_FLOOD * max(0, stages_left)
    return nxt, min(36.0, final)


def work_phases_to_high_tide(state: LowlandsState) -> int:
    """Work phases (the current one included) left before the next High Tide."""
    n = 0
    in_work = any(step[0] == "turn" for step in state.agenda) or state.phase != 0
    for step in reversed(state.agenda):
        if step[0] == "high":
            break
        if step[0] == "work":
            n += 1
    return n + (1 if in_work and n < 2 else 0) or 1


def threat(state: LowlandsState) -> float:
    """How badly the dike needs cards now: 0 safe, larger when the flood will top it
    at the next High Tide (spread over the Work phases left before it)."""
    nxt, final = flood_outlook(state)
    gap_next = nxt - state.dike
    gap_final = final - state.dike
    t = 0.0
    if gap_next > 0:
        t += (1.0 + gap_next / 4) / work_phases_to_high_tide(state)
    if gap_final > 0:
        t += gap_final / 36
    return t


def upkeeps_left(state: LowlandsState) -> int:
    return max(0, 2 * (3 - state.stage) - (1 if state.tides and len(state.tides) > state.stage else 0))


def tile_value(state: LowlandsState, s: int, k: int) -> float:
    p = state.seats[s]
    t = TILES[k]
    sv = VALUE_SHEEP[state.value_space]
    room = p.farm.capacity() - p.sheep
    ups = max(1, 6 - 2 * state.stage)
    e, n = t.effect, t.n
    v = float(t.vp)
    if e in ("coins", "bank"):
        v += n + (p.coins + n) / 4 * (e == "bank")
    elif e == "cards":
        v += 0.7 * n
    elif e in ("sheep", "breeding", "trough"):
        v += sv * min(room, n if e == "sheep" else 1)
        if e == "breeding":
            v += p.sheep / 4 * sv
        if e == "trough":
            v += 4
    elif e == "house":
        v += 1.2 * n
    elif e == "feed":
        v += 2.5
    elif e in ("auction", "silo"):
        v += 0.6 * ups
    elif e == "shearer":
        v += 1.5
    elif e == "lamb":
        v += 0.8 * ups
    elif e == "income_coin":
        v += 0.9 * ups
    elif e == "income_card":
        v += 0.6 * ups
    elif e in ("workshop", "ap", "reuse"):
        v += 0.4 * ups
    elif e in ("dike", "association"):
        v += n * 0.5 * max(1, VALUE_DP[state.value_space]) + (p.dike_points / 3 if e == "association" else 0)
    elif e in ("fences", "estate"):
        v += min(n, p.fences_left) * 1.2 + (3 * len(p.farm.pastures()) if e == "estate" else 0)
    elif e == "farmhouse":
        v += 2 * p.features() + 3
    elif e == "mount":
        v += min(p.breach + 2, 6) * 0.8
    elif e == "cabin":
        v += 7
    elif e == "vp_fences":
        v += (p.farm.fence_count() + 4) / n
    elif e == "vp_sheep":
        v += (p.sheep + 3) / n
    elif e == "vp_buildings":
        v += n * (p.buildings + 1)
    return v - CARD * sum(t.cost)


# ---- fences ----------------------------------------------------------------------
def fence_target(state: LowlandsState, s: int) -> tuple[int, list[int]]:
    """The free square cheapest to close into a new pasture, and its open sides."""
    farm = state.seats[s].farm
    best, sides = cheapest_pasture(farm.fences, farm.buildings, farm.covered)
    return best, list(sides)


def spare_fences(state: LowlandsState, s: int, keep: list[int]) -> list[int]:
    """Fences whose removal loses no housing: walls between two pasture squares or
    between a pasture and a building (a fence around unfenced land is progress)."""
    f = state.seats[s].farm
    return list(farm_spare_fences(f.fences, f.buildings, f.covered, f.feeders, f.troughs, f.on_tiles, tuple(keep)))


def room_needed(state: LowlandsState, s: int) -> int:
    """Sheep places missing for the next breeding."""
    p = state.seats[s]
    return p.sheep + p.sheep // 2 - p.farm.capacity()


# ---- placement -------------------------------------------------------------------
def _space_value(state: LowlandsState, s: int, space: int, ap: int, th: float) -> float:
    p = state.seats[s]
    hand = p.cards
    sv = VALUE_SHEEP[state.value_space]
    if space == DIKE:
        usable = min(ap, hand + sum(1 for k in p.tiles if TILES[k].effect == "workshop"))
        dp_worth = 0.5 * max(1, VALUE_DP[state.value_space]) + 0.3
        # the dike is shared: a player bears about 1/players of the harm of a breach
        share = DIKE_CARE * 3 / state.players
        return usable * (dp_worth + share * th - CARD) + 0.3
    if space == BUILD:
        best = max(
            (tile_value(state, s, k) + CARD * (ap - TILES[k].ap) for k in state._buildable(s, ap, False)),
            default=-5.0,
        )
        return best + 0.5
    if space == FENCE:
        need = room_needed(state, s)
        if need <= 0 and p.farm.capacity() - p.sheep > 2:
            return 0.3 * ap - 1
        _, sides = fence_target(state, s)
        spare = len(spare_fences(state, s, sides))
        doable = min(ap, len(sides), min(p.fences_left, hand) + spare)
        bought = max(0, doable - spare)
        if sides and doable >= len(sides):
            # one more place: a lamb now and more at every later Upkeep
            value = (sv + 0.3 * upkeeps_left(state)) * (1.0 if need > 0 else 0.5) + 0.3 * (ap - doable)
            if need > 0 and sum(1 for f in p.farmers if f < 0) == 1:
                value += sv  # the last placement before breeding: house the lambs now
        else:
            value = doable / max(1, len(sides)) * (sv if need > 0 else 1.0) * 0.6
        return value - CARD * bought + 0.5
    if space == MARKET:
        buy, _ = state._prices(p)
        room = p.farm.capacity() - p.sheep
        if room <= 0 or p.coins < buy:
            return -1.0
        n = min(ap, room, p.coins // max(1, buy), max(state.market))
        return n * (sv + 0.8 * upkeeps_left(state) / 2 - buy) + 0.5 * n
    # draw
    return ap * CARD * (1.3 if hand < 4 else 1.0 if hand < 7 else 0.5)


class Style(NamedTuple):
    """A variant of the greedy heuristic: how much more it likes each action."""

    doc: str
    #: points added per action point to the value of each action (build, dike, fence,
    #: market, draw)
    leaning: tuple[float, float, float, float, float] = (0.0, 0.0, 0.0, 0.0, 0.0)
    #: multiplies the threat the flood poses (how urgently it serves the dike)
    dike_care: float = 1.0


PLAIN = Style("the default greedy heuristic")

STYLES: dict[str, Style] = {
    "dike-builder": Style(
        "puts its farmers on the dike whenever it has cards for it, whatever the flood",
        leaning=(0.0, 0.8, 0.0, 0.0, 0.2), dike_care=2.0,
    ),
    "shepherd": Style(
        "lives off sheep: buys them whenever it has room and coins, fences a little sooner",
        leaning=(0.0, 0.0, 0.1, 0.4, 0.0), dike_care=1.0,
    ),
    "farmer": Style(
        "builds tiles first: draws cards to pay for them and leaves the dike to others",
        leaning=(0.6, -0.3, 0.0, -0.1, 0.3), dike_care=0.6,
    ),
}
STYLE_DOCS: Mapping[str, str] = {name: style.doc for name, style in STYLES.items()}


def style_action(style: str, state: LowlandsState, rng: random.Random) -> Action:
    """The move of the named style (``greedy:style=NAME``): its own placements, the
    plain heuristic's sub-decisions."""
    chosen = STYLES.get(style)
    if chosen is None:
        raise ConfigError(f"lowlands has no greedy style {style!r}; styles: {', '.join(STYLES)}")
    if state.phase == PLACE and len(state.legal_actions()) > 1:
        return _choose_place(state, state.to_move, state.legal_actions(), chosen)
    return greedy_action(state, rng)


def _choose_place(state: LowlandsState, s: int, legal, style: Style = PLAIN) -> Action:
    p = state.seats[s]
    th = threat(state) * style.dike_care
    best, best_v = legal[0], float("-inf")
    for a in legal:
        _, fi, space, boost = KIND[int(a)]
        f = (2, 3, 4)[fi]
        ap = state._space_ap(p, space, f, boost)
        v = _space_value(state, s, space, ap, th)
        lean = style.leaning[space] * ap
        if v > 0 or lean < 0:  # a style likes an action more only where it does some good
            v += lean
        v -= state._reuse_cost(p, space) * 1.0
        v -= 0.35 * f + (1.5 if boost else 0)
        if v > best_v:
            best, best_v = a, v
    return best


# ---- the greedy move ------------------------------------------------------------------
def greedy_action(state: LowlandsState, rng: random.Random) -> Action:
    legal = skip_futile(state, state.legal_actions())  # never a move that brings nothing, if others exist
    if len(legal) == 1:
        return legal[0]
    s = state.to_move
    p = state.seats[s]
    ph = state.phase
    idx = {int(a): a for a in legal}
    if ph == PLACE:
        return _choose_place(state, s, legal)
    if ph == PICK:
        options = [a for a in legal if int(a) != X.STOP]
        if not options:
            return legal[0]
        best = max(options, key=lambda a: tile_value(state, s, KIND[int(a)][1]))
        if state.bonus_build and tile_value(state, s, KIND[int(best)][1]) < 0 and X.STOP in idx:
            return idx[X.STOP]
        return best
    if ph == AT:
        return _choose_square(state, s, legal)
    if ph == PAY:
        return _choose_payment(p, legal)
    if ph in (CONTRIB, HELP):
        return _choose_contribution(state, s, legal)
    if ph == ASK:
        return _choose_helper(state, s, legal)
    if ph == FENCING:
        return _choose_fencing(state, s, idx)
    if ph == FPLACE:
        return _choose_fence_spot(state, s, legal, idx)
    if ph == TRADE:
        buys = [a for a in legal if KIND[int(a)][0] == "buy"]
        if buys:
            return max(buys, key=lambda a: state.market[KIND[int(a)][1]])
        return idx.get(X.STOP, legal[0])
    if ph == DRAWING:
        draws = [a for a in legal if int(a) != X.STOP]
        if not draws:
            return legal[0]
        if p.cards >= 10 and X.STOP in idx:
            return idx[X.STOP]
        shown = [a for a in draws if int(a) != X.DRAW_DECK]
        if shown:
            return min(shown, key=lambda a: p.hand[KIND[int(a)][1]])
        return draws[0]
    if ph == TOKEN:
        order = ["worker", "boost", "3 coins", "sheep and coin", "sheep", "2 cards", "2 coins", "fence"]
        room = p.farm.capacity() - p.sheep
        def rank(a):
            key = KIND[int(a)][1]
            r = order.index(key)
            if REWARDS[key].sheep and room <= 0:
                r += 10
            return r
        return min(legal, key=rank)
    if ph == WORKER:
        for space in (DIKE, DRAW, BUILD, FENCE, MARKET):
            if X.WORKER[space] in idx:
                return idx[X.WORKER[space]]
        return idx.get(X.SKIP, legal[0])
    if ph == INCOME:
        return idx[X.TAKE_CARD] if X.TAKE_CARD in idx and p.cards < 6 else idx[X.TAKE_COIN]
    if ph == DISCARD:
        return max(legal, key=lambda a: p.hand[KIND[int(a)][1]])
    if ph == UPKEEP_OPT:
        if X.SILO in idx:
            return idx[X.SILO]
        if X.AUCTION in idx and room_needed(state, s) > 0:
            return idx[X.AUCTION]
        return idx[X.SKIP]
    return legal[0]


def _choose_square(state: LowlandsState, s: int, legal) -> Action:
    p = state.seats[s]
    t = TILES[state.chosen_tile]
    farm = p.farm
    pm = farm.pasture_mask()
    best, best_v = legal[0], float("-inf")
    for a in legal:
        sq = KIND[int(a)][1]
        v = float(farm_capacity_with_tile(farm, sq, t))
        near = sum(1 for _, nb in SIDES[sq] if nb >= 0 and pm >> nb & 1)
        if t.effect == "cabin":
            v += 3 * sum(1 for _, nb in SIDES[sq] if nb >= 0 and not (farm.covered | pm) >> nb & 1)
        elif t.building:
            v += 0.3 * near
        else:
            v -= 0.3 * near
        if v > best_v:
            best, best_v = a, v
    return best


def _choose_payment(p, legal) -> Action:
    def rank(a):
        kind = KIND[int(a)]
        if kind[0] == "waive":
            return (0, 0)
        if kind[0] == "pay":
            return (1, -p.hand[kind[1]])
        return (2, -p.hand[kind[1]])
    return min(legal, key=rank)


def _choose_contribution(state: LowlandsState, s: int, legal) -> Action:
    p = state.seats[s]
    options = [a for a in legal if int(a) != X.STOP]
    stop = next((a for a in legal if int(a) == X.STOP), None)
    if not options:
        return stop if stop is not None else legal[0]
    free = [a for a in options if KIND[int(a)][0] == "free"]
    if free:
        return free[0]
    th = threat(state)
    if state.phase == HELP:
        keep = 2 if th > 1.5 else 4
        if (p.cards <= keep or th < 0.3) and stop is not None:
            return stop
    elif stop is not None and th <= 0 and p.cards <= 2:
        return stop
    pays = [a for a in options if KIND[int(a)][0] == "pay"]
    if pays:
        return max(pays, key=lambda a: p.hand[KIND[int(a)][1]])
    if stop is not None and th < 1:
        return stop
    return max(options, key=lambda a: p.hand[KIND[int(a)][1]])


def _choose_helper(state: LowlandsState, s: int, legal) -> Action:
    per_card = state.options.get("market_reveals", "cards") == "cards"
    reveals = state.cards_paid if per_card else state.units_done
    if X.ASK_MARKET in legal and state.seats[s].coins >= 3 and reveals > 0:  # a coin for no card is waste
        return next(a for a in legal if int(a) == X.ASK_MARKET)
    asks = [a for a in legal if int(a) != X.ASK_MARKET]
    sc = state.scores()
    return min(asks, key=lambda a: (sc[KIND[int(a)][1]] - 2 * state.seats[KIND[int(a)][1]].cards))


def _choose_fencing(state: LowlandsState, s: int, idx) -> Action:
    p = state.seats[s]
    target, sides = fence_target(state, s)
    if target < 0 or not sides:
        return idx.get(X.STOP, next(iter(idx.values())))
    need = room_needed(state, s)
    if need <= 0 and p.farm.capacity() - p.sheep > 2 and X.STOP in idx:
        return idx[X.STOP]
    spare = spare_fences(state, s, sides)
    for e in spare:
        if X.LIFT[e] in idx:
            return idx[X.LIFT[e]]
    pays = [X.PAY[t] for t in range(3) if X.PAY[t] in idx]
    if pays:
        return idx[max(pays, key=lambda i: p.hand[KIND[i][1]])]
    return idx.get(X.STOP, next(iter(idx.values())))


def _choose_fence_spot(state: LowlandsState, s: int, legal, idx) -> Action:
    _, sides = fence_target(state, s)
    for e in sides:
        if X.FENCE_AT[e] in idx:
            return idx[X.FENCE_AT[e]]
    if state.lifted >= 0 and X.FENCE_AT[state.lifted] in idx:
        return idx[X.FENCE_AT[state.lifted]]
    return legal[0]


def rollout_action(state: LowlandsState, rng: random.Random) -> Action:
    """Cheap playout policy: greedy placements, otherwise random that rarely stops early
    (and never a move that brings nothing, if others exist)."""
    legal = skip_futile(state, state.legal_actions())
    if state.phase == PLACE:
        return _choose_place(state, state.to_move, legal)
    if len(legal) > 1 and int(legal[-1]) == X.STOP and rng.random() < 0.85:
        return rng.choice(legal[:-1])
    return rng.choice(legal)


__all__ = ["STYLES", "fence_target", "greedy_action", "rollout_action", "style_action", "threat", "tile_value"]
