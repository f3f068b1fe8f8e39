"""Lewis & Clark heuristics: the greedy bot and its styles (one plan with different
priorities), the search's playout policy and its evaluation. Everything here reads only
what the deciding seat may know: its own hand and the public table (the
bots-do-not-peek checker holds them to it).

The plan, every decision in a few rules and no copies of the state:

- **Move** with the payable mover that goes furthest on the terrain ahead (the Leader
  with canoes and food on rivers, horses on mountains; recruited movers), giving it
  just the strength its goods can pay; but since the Leader acts once per camp, only
  once its goods pay every strength point it can get, or when the hand is nearly spent,
  or when the table is about to fail a progress check (LEW-15).
- Otherwise **make what the terrain ahead needs**: food, wood and canoes for rivers;
  three different goods and the horse trade (or a horse-making character) for
  mountains; Indians from the Pow-wow with the Interpreter when none are left. On a
  river the Hunter and the Lumberjack are played, the Blacksmith and the Fur Trader
  are the supports.
- **Travel light**: keep a gain only while it fits the free places of the boats, and
  beyond them only the Leader's fuel while the Leader is still in hand to burn it (in
  the mountains the goods of the next horse trades count as fuel);
  decline goods nobody needs, and give a spare card strength from an Indian so that no
  card is left over at camp.
- **Camp** when the hand is spent (no Time for cards), and to win whenever a camp would.
- **Recruit** a Journal character when what it does for the route ahead is worth more
  than its fur, only a mover the goods carried can pay twice (or a mountain helper
  before the mountains), its equipment paid by discarding a collector the plan can
  spare so the hand keeps its size.

The styles change the priorities (``Plan``): when a move is worth more than making
goods, how many goods beyond the free places are kept, how readily to recruit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from meeple.core.actions import Action
from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark import effects, ending
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
    MOUNTAIN,
    MOVE,
    N_ENCOUNTERED,
    N_KINDS,
    RIVER,
    ROUTE,
    STRENGTH,
    WOOD,
)
from meeple.games.lewis_clark.expedition import goods_time, indian_time
from meeple.games.lewis_clark.journal import recruit_cost
from meeple.games.lewis_clark.rules import EFFECT, EXTRA, MAIN, RECRUIT, SOURCE, LewisClarkState

# ---- the route ahead ---------------------------------------------------------------


def _terrain_counts() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Prefix counts of river and mountain spaces (the mixed space 18 ends a river
    stretch, 26 a mountain one, so they count so)."""
    river, mountain = [0], [0]
    for p in range(1, LAST + 1):
        t = ROUTE[p]
        is_mountain = t == MOUNTAIN or (t == MIXED and ROUTE[p - 1] == MOUNTAIN)
        river.append(river[-1] + (not is_mountain))
        mountain.append(mountain[-1] + is_mountain)
    return tuple(river), tuple(mountain)


RIVER_UPTO, MOUNTAIN_UPTO = _terrain_counts()


def stretch_ahead(scout: int) -> int:
    """Spaces one move on the terrain ahead can cross before the terrain changes."""
    terrain = terrain_ahead(scout)
    n = 0
    for p in range(scout + 1, LAST + 1):
        if ROUTE[p] not in (terrain, MIXED):
            break
        n += 1
    return n


def horses_wanted(s: LewisClarkState, seat: int) -> int:
    """Horses still to get for the mountain stretch ahead (two spaces each), at most 3."""
    e = s.expeditions[seat]
    if terrain_ahead(e.scout) != MOUNTAIN:
        return 0
    return max(0, min(3, (stretch_ahead(e.scout) + 1) // 2) - e.goods[HORSE])


def _terrain_ahead(scout: int) -> str:
    for p in range(scout + 1, LAST + 1):
        if ROUTE[p] != MIXED:
            return ROUTE[p]
    return RIVER


#: the terrain ahead of each space (the plan asks several times per decision)
TERRAIN_AHEAD = tuple(_terrain_ahead(p) for p in range(LAST + 1))


def terrain_ahead(scout: int) -> str:
    """The terrain the next move must cross (a mixed space defers to what follows)."""
    return TERRAIN_AHEAD[scout]


def _is_mover(k: int) -> bool:
    ways = CARDS[k].effect.ways
    return bool(ways) and ways[0].benefit == MOVE


MOVER = tuple(_is_mover(k) for k in range(N_KINDS))
_HORSE_MAKERS = frozenset(k for k, c in enumerate(CARDS) if c.effect.ways
                          and c.effect.ways[0].gain[HORSE] and c.effect.ways[0].benefit != MOVE)
#: characters that cross mountains with goods the collectors make (no horse, no canoe),
#: or make horses from such goods: what the plan recruits before the mountains
_MOUNTAIN_HELPERS = frozenset(
    k for k, c in enumerate(CARDS) if k < N_ENCOUNTERED and c.effect.ways and any(
        not w.pay[HORSE] and not w.pay[CANOE] and (
            (w.benefit == MOVE and w.terrain == MOUNTAIN) or (w.gain[HORSE] and w.benefit != MOVE))
        for w in c.effect.ways))


def _first_way_pays(k: int) -> tuple[int, ...]:
    ways = CARDS[k].effect.ways
    return tuple(r for r in (WOOD, FUR, FOOD, EQUIP) if ways and ways[0].pay[r]) if ways else ()


#: the goods each card's first way pays (the primaries a mountain helper needs)
PAY_GOODS = tuple(_first_way_pays(k) for k in range(N_KINDS))


def mountains_near(scout: int, within: int = 12) -> bool:
    """Mountains lie within ``within`` spaces of ``scout``."""
    return MOUNTAIN_UPTO[min(LAST, scout + within)] > MOUNTAIN_UPTO[scout]


#: goods in the order a free-choice payment gives them up, by the terrain ahead
_PAY_ORDER = {RIVER: (FUR, EQUIP, HORSE, WOOD, FOOD, CANOE),
              MOUNTAIN: (FUR, EQUIP, WOOD, CANOE, FOOD, HORSE)}
#: goods in the order a keep step or a pick takes them, by the terrain ahead
_TAKE_ORDER = {RIVER: (CANOE, FOOD, WOOD, HORSE, EQUIP, FUR),
               MOUNTAIN: (HORSE, EQUIP, FUR, FOOD, WOOD, CANOE)}


# ---- styles ------------------------------------------------------------------------------


class Plan(NamedTuple):
    """The priorities of one style of play."""

    move_at: int = 6          # a move this long (spaces) comes before making goods
    keep_slack: int = 0       # goods kept beyond the boats' free places
    recruit_bar: float = 3.0  # recruit when the card's use minus its cost beats this
    explore: float = 0.0      # chance to move anyway when the move is shorter
    eager: bool = False       # recruit movers the goods carried cannot pay yet
    trade_offer: bool = False  # horse trades: of kinds carried alike, count on those on offer


STYLES: dict[str, tuple[str, Plan]] = {
    "balanced": ("moves whenever a card can, else makes what the terrain ahead needs; "
                 "travels light; recruits only characters that clearly help", Plan()),
    "rusher": ("moves whenever a card can, never recruits, keeps nothing beyond the free "
               "places even with the Leader in hand, except the goods on offer a horse "
               "trade still lacks", Plan(move_at=1, recruit_bar=99.0, keep_slack=-3, explore=1.0,
                                         trade_offer=True)),
    "hoarder": ("stocks goods (two beyond the free places) and moves only in long jumps",
                Plan(move_at=7, keep_slack=2, recruit_bar=2.0, explore=0.0)),
    "recruiter": ("recruits any character that helps the route ahead, then moves",
                  Plan(recruit_bar=0.5, eager=True)),
}
BALANCED = STYLES["balanced"][1]


# ---- the plan's pieces -----------------------------------------------------------------


def camp_load(s: LewisClarkState, seat: int) -> int:
    """Time the next camp would cost for the goods and Indians carried now."""
    e = s.expeditions[seat]
    return (goods_time(sum(e.goods), e.goods_tiles)
            + indian_time(e.indians + e.indians_on_cards, e.indian_tiles))


def camp_wins(s: LewisClarkState, seat: int) -> bool:
    e = s.expeditions[seat]
    return e.scout >= FORT and e.time_tokens + s.camp_time(seat) <= e.scout - FORT


def _should_camp(s: LewisClarkState, seat: int) -> bool:
    """Camp when the next turn could not act anyway: the hand is spent (no card would
    cost Time) or one card is left and no Indian can give it strength."""
    e = s.expeditions[seat]
    return not e.hand or (len(e.hand) == 1 and e.indians == 0)


def _move_ways(k: int, terrain: str) -> tuple:
    return tuple((way, tuple((r, n) for r, n in enumerate(way.pay) if n))
                 for way in CARDS[k].effect.ways if way.benefit == MOVE and way.terrain == terrain)


#: per terrain and card: its ways that move on that terrain, each with its paid goods
#: as (good, count) pairs (the plan weighs movers several times per decision)
_MOVE_WAYS = {t: tuple(_move_ways(k, t) for k in range(N_KINDS)) for t in (RIVER, MOUNTAIN)}


def _reps_payable(s: LewisClarkState, seat: int, k: int, terrain: str) -> tuple[int, int]:
    """(repetitions the goods can pay, spaces per repetition) of mover k on ``terrain``."""
    e = s.expeditions[seat]
    g = e.goods
    best = (0, 0)
    for way, pays in _MOVE_WAYS[terrain][k]:
        reps = 3
        for r, n in pays:
            reps = min(reps, g[r] // n)
        if way.any_n:
            reps = min(reps, (sum(g) - sum(way.pay) * reps) // way.any_n)
        if way.indians:
            reps = min(reps, e.indians // way.indians)
        spaces = effects.amount(s, seat, way)
        if reps > 0 and spaces > 0 and reps * spaces > best[0] * best[1]:
            best = (reps, spaces)
    if k == LEADER and terrain == RIVER:  # food and canoes both pay: use them together
        reps = min(3, g[CANOE] + g[FOOD])
        spaces = (4 * min(reps, g[CANOE]) + 2 * max(0, reps - g[CANOE])) / max(1, reps)
        if reps * spaces > best[0] * best[1]:
            best = (reps, int(spaces + 0.5))
    return best


def _strength_on_offer(s: LewisClarkState, seat: int, k: int) -> int:
    """The most strength card k could get: one other hand card and Indians, at most 3."""
    e = s.expeditions[seat]
    cards = max((STRENGTH[c] for c in e.hand if c != k), default=0)
    return min(3, max(cards + min(e.indians, 2), min(e.indians, 3)))


def _wanted_strength(s: LewisClarkState, seat: int, k: int) -> int:
    terrain = terrain_ahead(s.expeditions[seat].scout)
    if MOVER[k] or k == LEADER:
        return max(1, _reps_payable(s, seat, k, terrain)[0])
    if CARDS[k].effect.once or CARDS[k].effect.passive:
        return 1
    if k == INTERPRETER:  # one Indian per strength point, as many as there are to fetch
        return max(1, min(3, s.powwow + (sum(s.village) if s.options["interpreter_sweep"] else 0)))
    return 3


#: the good each starting collector collects (Lumberjack, Hunter, Blacksmith, Fur Trader)
_COLLECTS = {N_ENCOUNTERED + 2: WOOD, N_ENCOUNTERED + 3: FOOD, N_ENCOUNTERED + 4: EQUIP,
             N_ENCOUNTERED + 5: FUR}


def _keep_value(k: int, terrain: str = RIVER) -> float:
    """How much we would rather play card k later than tuck it under another now: on a
    river the Hunter (food for the Leader) and the Lumberjack (wood for canoes and boat
    tiles) are worth keeping, the Blacksmith and the Fur Trader are the supports."""
    if k == LEADER:
        return 6.0
    if k == INTERPRETER:
        return 1.5
    if k >= N_ENCOUNTERED:
        good = _COLLECTS[k]
        if terrain == RIVER:
            return {FOOD: 1.4, WOOD: 1.2}.get(good, 1.0)
        return 1.0
    return 3.0 if MOVER[k] else 2.0


def card_use(k: int, scout: int) -> float:
    """What a Journal card is worth to an expedition at ``scout``: movers for the terrain
    still ahead, horse makers before the mountains, collectors a little."""
    ways = CARDS[k].effect.ways
    if not ways:
        return 1.0 if CARDS[k].effect.passive in ("jarrot", "boley", "cutnose") else 0.3
    mountains_ahead = MOUNTAIN_UPTO[FORT] - MOUNTAIN_UPTO[scout]
    best = 0.5
    for way in ways:
        if way.benefit == MOVE:
            gain = max(way.amount, 2)
            best = max(best, gain * (1.0 if way.terrain == RIVER else
                                     (1.5 if mountains_ahead else 0.0)))
        elif way.gain[HORSE] and mountains_ahead:
            best = max(best, 3.0)
        elif way.gain[CANOE]:
            best = max(best, 2.5)
        elif way.count:
            best = max(best, 1.5)
    return best


#: starting characters a recruit may replace: the collectors the plan needs least
_JUNK_ORDER = (N_ENCOUNTERED + 5, N_ENCOUNTERED + 4, N_ENCOUNTERED + 2)  # fur, equip, wood


def _junk(s: LewisClarkState, seat: int, short: int, recruit: int | None = None) -> int | None:
    """The hand card a recruit's equipment is paid with: a collector the plan can spare
    (fur trader, blacksmith, lumberjack) or a recruit of no use for the route ahead, so the
    hand keeps its size and the camp cycle its length. Never the maker of a good the
    recruit itself pays with (Crow at Rest, paid in fur and equipment, keeps both makers)."""
    e = s.expeditions[seat]
    needs = set(PAY_GOODS[recruit]) if recruit is not None else set()
    spare = [k for k in _JUNK_ORDER if k in e.hand and STRENGTH[k] >= short
             and _COLLECTS[k] not in needs]
    spare += [k for k in e.hand if k < N_ENCOUNTERED and STRENGTH[k] >= short
              and card_use(k, e.scout) < 1.0]
    return spare[0] if spare else None


def _recruit_pick(s: LewisClarkState, seat: int, codes, plan: Plan) -> int | None:
    """The Journal slot worth recruiting now, if any: a character that does more for the
    route ahead than ``plan.recruit_bar``, its equipment paid by discarding a card the
    plan can spare (so the hand, and the camp cycle, keep their length)."""
    e = s.expeditions[seat]
    best, best_v = None, plan.recruit_bar
    for slot, k in enumerate(s.journal):
        if A.RECRUIT + slot not in codes:
            continue
        fur, equip = recruit_cost(s, seat, slot)
        if _junk(s, seat, equip, k) is None and _junk(s, seat, equip - e.goods[EQUIP], k) is None:
            continue  # it would cost the Leader, the Interpreter or a useful card
        helper = k in _MOUNTAIN_HELPERS and mountains_near(e.scout)
        if MOVER[k] and not helper and not plan.eager and _reps_payable(s, seat, k, terrain_ahead(e.scout))[0] < 2:
            continue  # a mover the goods carried cannot pay twice would only support others
        v = card_use(k, e.scout) - 0.3 * fur
        if v > best_v:
            best, best_v = A.RECRUIT + slot, v
    return best


def _recruit_payment(s: LewisClarkState, seat: int, legal) -> Action:
    """Give up a card the plan can spare rather than equipment; equipment otherwise."""
    codes = legal  # actions are ints
    recruit = s.journal[s.recruit_slot]
    need = STRENGTH[recruit]
    junk = _junk(s, seat, need, recruit)
    if junk is None and A.SKIP not in codes:
        junk = _junk(s, seat, need - s.expeditions[seat].goods[EQUIP], recruit)
    if junk is not None and A.DISCARD + junk in codes:
        return legal[codes.index(A.DISCARD + junk)]
    if A.SKIP in codes:
        return legal[codes.index(A.SKIP)]
    cards = [c - A.DISCARD for c in codes]
    order = sorted(cards, key=lambda k: (k in (LEADER, INTERPRETER), MOVER[k], STRENGTH[k], k))
    return legal[codes.index(A.DISCARD + order[0])]


def _check_is_near(s: LewisClarkState) -> bool:
    """The table's next progress check (LEW-15) comes within a round and the scouts have
    not yet advanced enough: any move now keeps the game alive."""
    every = ending.check_every(s)
    if every is None:
        return False
    left = every - s.turns % every
    return left <= s.players and ending.scouts_total(s) - s.progress_mark < ending.progress_needed(s)


def _main_choice(s: LewisClarkState, seat: int, legal, rng: random.Random, plan: Plan) -> Action:
    e = s.expeditions[seat]
    codes = dict(zip(legal, legal, strict=True))  # actions are ints: int keys find them
    if A.CAMP in codes and camp_wins(s, seat):
        return codes[A.CAMP]
    if s.acted and not s.recruited:
        slot = _recruit_pick(s, seat, codes, plan)
        if slot is not None:
            return codes[slot]
    if s.acted:
        if A.CAMP in codes and _should_camp(s, seat):
            return codes[A.CAMP]
        return codes[A.END]
    if not e.can_act() or (A.CAMP in codes and not e.hand):
        return codes.get(A.CAMP, legal[0])
    terrain = TERRAIN_AHEAD[e.scout]
    best, best_spaces, best_full = None, 0, False
    for k in e.hand:
        if A.PLAY + k not in codes or not (MOVER[k] or k == LEADER):
            continue
        reps, spaces = _reps_payable(s, seat, k, terrain)
        strength = _strength_on_offer(s, seat, k)
        total = min(reps, strength) * spaces
        if total > best_spaces:
            best, best_spaces, best_full = codes[A.PLAY + k], total, reps >= strength
    if best is not None and (best_full or best_spaces >= plan.move_at or len(e.hand) <= 3
                             or _check_is_near(s) or rng.random() < plan.explore):
        return best
    produce = _produce(s, seat, codes, terrain, rng)
    if produce is not None:
        return produce
    if best is not None:
        return best
    acts = [a for a in legal if A.PLAY <= int(a) < A.RECRUIT]
    return rng.choice(acts) if acts else rng.choice(legal)


def _produce(s: LewisClarkState, seat: int, codes, terrain: str, rng) -> Action | None:
    """An action that makes what the terrain ahead needs."""
    e = s.expeditions[seat]
    g = e.goods
    free_indians = s.powwow + (sum(s.village) if s.options["interpreter_sweep"] else 0)
    if e.indians == 0 and free_indians and A.PLAY + INTERPRETER in codes and len(e.hand) >= 2:
        return codes[A.PLAY + INTERPRETER]
    if (A.VILLAGE + 5 in codes and g[WOOD] >= 3 and e.indian_tiles < 2
            and e.scout < FORT - 10):  # an Indian boat: one more Indian for good
        return codes[A.VILLAGE + 5]
    if terrain == MOUNTAIN:
        if g[HORSE] < 3:
            if A.VILLAGE + 7 in codes and sum(1 for r in range(6) if g[r] and r != HORSE) >= 3:
                return codes[A.VILLAGE + 7]  # horse trade
            makers = [codes[A.PLAY + k] for k in e.hand if k in _HORSE_MAKERS and A.PLAY + k in codes]
            if makers:
                return rng.choice(makers)
        # the horse trade wants three different goods: two at once from the village
        if e.indians >= 2:
            for loc, gives in ((0, (FOOD, FUR)), (2, (WOOD, EQUIP))):
                if A.VILLAGE + loc in codes and not all(g[r] for r in gives):
                    return codes[A.VILLAGE + loc]
        helpers = [r for k in e.hand if k in _MOUNTAIN_HELPERS for r in PAY_GOODS[k]]
        wanted = tuple(sorted((EQUIP, FUR, FOOD, WOOD),
                              key=lambda r: (r not in helpers, g[r] > 0)))
    else:
        if A.VILLAGE + 6 in codes and g[WOOD] >= 2 and g[CANOE] < 3:
            return codes[A.VILLAGE + 6]  # canoe making
        wanted = (FOOD, WOOD) if g[FOOD] + g[CANOE] < 2 else (WOOD, FOOD)

    collectors = []
    for k in e.hand:
        if A.PLAY + k not in codes:
            continue
        ways = CARDS[k].effect.ways
        types = [w.types[0] for w in ways if w.count and w.benefit != MOVE and w.types]
        for rank, r in enumerate(wanted):
            if r in types:
                collectors.append((rank - 0.5 * effects.badges(s, seat, r), k))
                break
    if collectors:
        return codes[A.PLAY + min(collectors)[1]]
    return None


def _indians_to_keep(s: LewisClarkState, seat: int) -> int:
    """Indians kept off the cards: one for the horse trade before a mountain without horses."""
    e = s.expeditions[seat]
    mountain = terrain_ahead(e.scout) == MOUNTAIN and not e.goods[HORSE]
    return 1 if mountain and s.playing != LEADER else 0


def _source_pick(s: LewisClarkState, seat: int, legal) -> Action:
    """Support the card in play with what gives the wanted strength and costs least."""
    e = s.expeditions[seat]
    want = _wanted_strength(s, seat, s.playing)
    keep = _indians_to_keep(s, seat)
    if keep and any(A.WITH <= int(a) < A.WITH + N_KINDS for a in legal):
        legal = [a for a in legal if A.WITH <= int(a) < A.WITH + N_KINDS
                 or int(a) - A.INDIANS <= e.indians - keep]
    best, best_key = legal[-1], None
    terrain = TERRAIN_AHEAD[e.scout]
    for a in legal:
        i = int(a)
        if A.WITH <= i < A.WITH + N_KINDS:
            k = i - A.WITH
            strength = STRENGTH[k]
            reach = strength + min(e.indians, 3 - strength)
            cost = _keep_value(k, terrain)
        else:
            strength = reach = i - A.INDIANS
            cost = 1.5 * strength - (2.0 if len(e.hand) % 2 == 0 else 0.0)
        key = (min(reach, want) >= want, -abs(min(strength, want) - want), -cost)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def _extra_pick(s: LewisClarkState, seat: int, legal) -> Action:
    """An odd hand needs an Indian for its last card: only spare Indians go extra."""
    e = s.expeditions[seat]
    k = s.playing
    keep = 0 if (MOVER[k] or k in (LEADER, INTERPRETER)) else max(len(e.hand) % 2,
                                                                   _indians_to_keep(s, seat))
    spare = e.indians - keep
    want = min(_wanted_strength(s, seat, k) - STRENGTH[s.support], spare)
    options = [a for a in legal if int(a) != A.STOP and int(a) - A.INDIANS <= want]
    return options[-1] if options else legal[-1]


def _arc_uses(s: LewisClarkState, seat: int) -> int:
    """How many times the goods can pay the arc being given Indians."""
    g = list(s.expeditions[seat].goods)
    if s.arc == 6:  # canoe making: 2 wood each
        return g[WOOD] // 2
    uses = 0  # horse trade: 3 different goods each, the most plentiful first
    while True:
        kinds = sorted((r for r in range(6) if g[r] and r != HORSE), key=lambda r: -g[r])[:3]
        if len(kinds) < 3:
            return uses
        for r in kinds:
            g[r] -= 1
        uses += 1


def _keep_pick(s: LewisClarkState, seat: int, legal, codes, plan: Plan) -> Action:
    """Keep what fits the free places, more when the Leader is still in hand to spend it."""
    e = s.expeditions[seat]
    frame = s.effects[-1]
    terrain = terrain_ahead(e.scout)
    spend = 3 if LEADER in e.hand else 0
    free = 3 + 2 * e.goods_tiles - sum(e.goods) + spend + plan.keep_slack
    if terrain == MOUNTAIN:  # horses, and the goods of the horse trades still to make
        trades = horses_wanted(s, seat)
        offer = frame.offer if plan.trade_offer else (0,) * 6
        kinds = sorted((FOOD, WOOD, EQUIP, FUR), key=lambda r: (-e.goods[r], -offer[r]))[:3]
        useful = (HORSE,) + tuple(r for r in kinds if e.goods[r] < trades)
        free = max(free, sum(max(0, trades - e.goods[r]) for r in kinds))
        fuel = useful  # the trade goods become horses: the Leader's fuel as much as horses
    else:
        useful = _TAKE_ORDER[terrain][:3]
        fuel = (FOOD, CANOE)
    if A.TAKE_ALL in codes and sum(frame.offer) <= free and all(
            frame.offer[r] == 0 or r in useful for r in range(6)):
        return legal[codes.index(A.TAKE_ALL)]
    if free > 0:
        for r in useful:
            if A.TAKE + r in codes and (r in fuel or free > spend):
                return legal[codes.index(A.TAKE + r)]
    return legal[codes.index(A.SKIP)]


def _effect_pick(s: LewisClarkState, seat: int, legal, rng: random.Random, plan: Plan) -> Action:
    frame = s.effects[-1]
    e = s.expeditions[seat]
    terrain = TERRAIN_AHEAD[e.scout]
    codes = legal  # actions are ints: ``in`` and ``index`` take the codes
    step = frame.step
    if step == effects.KEEP:
        return _keep_pick(s, seat, legal, codes, plan)
    if step == effects.PAY:
        for r in _PAY_ORDER[terrain]:
            if A.PAY + r in codes:
                return legal[codes.index(A.PAY + r)]
    if step == effects.CHOOSE:
        for r in _TAKE_ORDER[terrain]:
            if A.TAKE + r in codes:
                return legal[codes.index(A.TAKE + r)]
    if step == effects.DISCARD:
        return legal[codes.index(A.SKIP)]
    # start of a repetition: the way that moves on the terrain ahead, else any
    doing = [a for a in legal if int(a) != A.STOP]
    if not doing:
        return legal[-1]
    for word in ((A.RIVER, A.PAY + CANOE, A.PAY + FOOD) if terrain == RIVER
                 else (A.MOUNTAIN, A.PAY + HORSE)):
        if word in codes:
            return legal[codes.index(word)]
    ways = effects.EFFECTS[frame.effect].ways
    if ways and ways[0].benefit == MOVE and ways[0].terrain != terrain and len(ways) == 1:
        return legal[codes.index(A.STOP)]  # it would not move at all
    takes = [r for r in _TAKE_ORDER[terrain] if A.TAKE + r in codes]
    if takes:
        useful = _TAKE_ORDER[terrain][:3] if terrain == RIVER else (HORSE, EQUIP, FUR, FOOD, WOOD)
        if takes[0] not in useful or (terrain == MOUNTAIN and e.goods[takes[0]] >= 2):
            return legal[codes.index(A.STOP)]  # goods we do not need weigh in the boats
        return legal[codes.index(A.TAKE + takes[0])]
    if A.BOAT_INDIAN in codes and e.indian_tiles < 2:
        return legal[codes.index(A.BOAT_INDIAN)]
    return rng.choice(doing)


# ---- the policies ---------------------------------------------------------------------


def plan_action(state: LewisClarkState, rng: random.Random, plan: Plan = BALANCED) -> Action:
    """The plan's move for the seat to move (see the module doc)."""
    s = state
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = s.to_move
    phase = s.phase
    if phase == EFFECT:
        return _effect_pick(s, seat, legal, rng, plan)
    if phase == SOURCE:
        return _source_pick(s, seat, legal)
    if phase == EXTRA:
        return _extra_pick(s, seat, legal)
    if phase == RECRUIT:
        return _recruit_payment(s, seat, legal)
    if phase != MAIN:  # an arc: as many Indians as the goods can use
        return legal[min(len(legal), max(1, _arc_uses(s, seat))) - 1]
    return _main_choice(s, seat, legal, rng, plan)


def greedy_action(state: LewisClarkState, rng: random.Random) -> Action:
    """The greedy bot's move: the balanced plan."""
    return plan_action(state, rng, BALANCED)


def style_action(style: str, state: LewisClarkState, rng: random.Random) -> Action:
    return plan_action(state, rng, STYLES[style][1])


#: search playouts follow the balanced plan (it copies nothing: a few microseconds of
#: thought per decision), ``plan_action`` itself: a call less per playout decision
rollout_action: Callable[[LewisClarkState, random.Random], Action] = plan_action
#: the move progressive bias favours: the balanced plan's
prior_action: Callable[[LewisClarkState, random.Random], Action | None] = plan_action


# ---- evaluation -----------------------------------------------------------------------------


class Estimate(NamedTuple):
    """How ``estimate`` weighs what is not yet progress, in spaces."""

    river_goods: float = 0.2     # per river space the goods carried can still move
    mountain_goods: float = 0.4  # per mountain space (harder to earn)
    indian: float = 0.2          # per Indian on the boats or on cards (up to 4)
    interpreter: float = 0.5     # holding the Interpreter: the way back to the Indians
    recruit: float = 0.0         # times a recruited card's use for the route ahead


ESTIMATE = Estimate()


def estimate(s: LewisClarkState, seat: int, w: Estimate | None = None) -> float:
    """The final standing ``seat`` may expect, in the units of ``scores()`` (scout minus
    Time tokens): today's figure, less the Time the load will cost at the next camp, plus
    part of the spaces the goods carried can still move on the route to the goal (space
    39 + tokens), plus a little for Indians, the Interpreter and useful recruits."""
    if s.to_move is None:
        return float(s.scores()[seat])
    w = ESTIMATE if w is None else w
    e = s.expeditions[seat]
    load = camp_load(s, seat)
    goal = FORT + e.time_tokens + load
    end = min(max(goal, e.scout), LAST)
    river = RIVER_UPTO[end] - RIVER_UPTO[e.scout]
    mountain = MOUNTAIN_UPTO[end] - MOUNTAIN_UPTO[e.scout]
    g = e.goods
    covered_river = min(river, 4 * g[CANOE] + 2 * g[FOOD] + 0.8 * g[WOOD])
    covered_mountain = min(mountain, 2 * g[HORSE])
    v = (e.scout - e.time_tokens - load + w.river_goods * covered_river
         + w.mountain_goods * covered_mountain)
    v += w.indian * min(e.indians + e.indians_on_cards, 4)
    cards = e.hand + [p.card for p in e.play_area] + [p.support for p in e.play_area]
    for k in cards:
        if k == INTERPRETER:
            v += w.interpreter
        elif 0 <= k < N_ENCOUNTERED:
            v += w.recruit * card_use(k, e.scout)
    if e.time_tokens > MAX_ALLOWANCE:
        v -= 30.0
    return v


def evaluate(state: LewisClarkState) -> list[float]:
    """Expected final standing per seat, in the units of ``scores()`` (see ``estimate``)."""
    if state.to_move is None:
        return [float(x) for x in state.scores()]
    return [estimate(state, seat) for seat in range(state.players)]


POLICIES: dict[str, Callable] = {"greedy": greedy_action, "rollout": rollout_action}
