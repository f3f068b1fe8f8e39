"""Running an action: one decision per repetition, payment, pick and kept good.

An action (a character, a village location, or one copied or performed through
another) is a :class:`Frame` on the state's ``effects`` stack. Rule text lines
97 and 116: the action is performed once per strength point (or Indian); lines
122-124: any repetition may be left undone (``stop``) and any part of a benefit
declined, so a repetition is one decision, free-choice costs are paid one good at
a time (``pay <good>``), chosen goods are taken one at a time (``take <good>``),
and a gain of several goods is kept whole (``take all``) or good by good, the
rest declined with ``skip``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark.components import (
    ACTIVES,
    AHEAD,
    ALL_RES,
    BADGE,
    BADGES,
    BOAT,
    BOAT_INDIANS,
    CARDS,
    COPY,
    DISTINCT,
    EFFECTS,
    FAREWELL,
    GAIN,
    INDIAN,
    JOURNAL,
    LOC_EFFECT0,
    MOVE,
    N_KINDS,
    N_LOCS,
    PAIRS,
    PICK,
    PRIMARY,
    TRIPLES,
    VILLAGE,
    VILLAGE_INDIANS,
    VILLAGE_LOCS,
    Way,
)
from meeple.games.lewis_clark.journal import discard_slot_one, replace_journal, take_from_journal
from meeple.games.lewis_clark.route import move_scout

if TYPE_CHECKING:
    from meeple.games.lewis_clark.rules import LewisClarkState

# ---- the steps of a running action -----------------------------------------------
START = "start"      # choose how to perform the next repetition, or stop
PAY = "pay"          # pay a free-choice cost, one good at a time
CHOOSE = "pick"      # take chosen primary goods one at a time (Yellept, Hay, boat bonus)
KEEP = "keep"        # keep a gain of several goods: all, or good by good
DISCARD = "discard"  # Farewell: discard up to three hand cards
NESTED = "nested"    # waiting for a copied or village effect performed inside this one
#: the view's number for each step (``step``; rules version 1 numbered the first five so)
STEP_CODES = {START: 0, PAY: 1, CHOOSE: 2, DISCARD: 3, NESTED: 4, KEEP: 5}

#: the action code of every way of every effect
WAY_CODE: tuple[tuple[int, ...], ...] = tuple(
    tuple(A.code(w.word) for w in eff.ways) for eff in EFFECTS
)
#: card kinds whose action may be copied (not passive, not a copy or village effect)
COPYABLE: tuple[bool, ...] = tuple(
    bool(c.effect.ways) and c.effect.ways[0].benefit not in (COPY, VILLAGE) for c in CARDS
)
#: per effect, per way: the goods it pays up front, as (good, how many) pairs
WAY_PAY: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple((r, w.pay[r]) for r in ALL_RES if w.pay[r]) for w in eff.ways) for eff in EFFECTS
)
UPGRADE = next(i for i, v in enumerate(VILLAGE_LOCS) if v.slug == "upgrade")
SOLO_BADGE = tuple(v.solo_badge for v in VILLAGE_LOCS)


class Frame:
    """One running effect: which, how many repetitions are left, and the step it is at."""

    __slots__ = ("effect", "repetitions", "step", "way", "target", "types_used",
                 "remaining", "due", "offer")

    def __init__(self, effect: int, repetitions: int) -> None:
        self.effect = effect          # a card kind, or LOC_EFFECT0 + a village location
        self.repetitions = repetitions
        self.step = START
        self.way = -1                 # the way chosen for this repetition
        self.target = -1              # its target: Journal slot, location or copied card
        self.types_used = 0           # bit r: good r paid or picked (for "all different")
        self.remaining = 0            # picks or Farewell discards still allowed
        self.due = 0                  # free-choice goods still to pay
        self.offer: list[int] = []    # goods on offer while keeping a gain

    def copy(self) -> Frame:
        new = Frame.__new__(Frame)
        new.effect = self.effect
        new.repetitions = self.repetitions
        new.step = self.step
        new.way = self.way
        new.target = self.target
        new.types_used = self.types_used
        new.remaining = self.remaining
        new.due = self.due
        new.offer = self.offer.copy()
        return new

    @property
    def name(self) -> str:
        e = self.effect
        return CARDS[e].slug if e < N_KINDS else "village " + VILLAGE_LOCS[e - N_KINDS].slug


# ---- counts that depend on the table ----------------------------------------------
def badges(s: LewisClarkState, seat: int, good: int) -> int:
    """Badges of ``good`` in your and your neighbours' play areas (collection, DC-7);
    solo: yours plus the tokens of occupied village locations (DC-18)."""
    faces = s.options["support_badges"]
    n = s.players
    total = 0
    # you and each neighbour once (at 2 players the one neighbour is on both sides)
    seats = (seat,) if n == 1 else (seat, (seat + 1) % n) if n == 2 else (seat, (seat - 1) % n, (seat + 1) % n)
    expeditions = s.expeditions
    for k in seats:
        for played in expeditions[k].play_area:
            if BADGE[played.card] == good:
                total += 1
            if faces and played.support >= 0 and BADGE[played.support] == good:
                total += 1
    if n == 1:
        for count, badge in zip(s.village, SOLO_BADGE, strict=True):
            if count and badge == good:
                total += 1
    return total


def amount(s: LewisClarkState, seat: int, way: Way) -> int:
    """How many goods or spaces one repetition of ``way`` brings now."""
    c = way.count
    if not c:
        return way.amount
    e = s.expeditions[seat]
    if c == BADGES:
        return badges(s, seat, way.types[0])
    if c == ACTIVES:
        return len(e.play_area)
    if c == AHEAD:
        return sum(1 for p in s.scouts() if p >= e.camp)
    if c == BOAT_INDIANS:
        return e.indians
    if c == VILLAGE_INDIANS:
        return sum(s.village) + s.powwow
    if c == PAIRS:
        return sum(e.goods) // 2
    if c == TRIPLES:
        return sum(e.goods) // 3
    raise ValueError(f"unknown count {c!r}")


def spendable(s: LewisClarkState, seat: int, good: int) -> int:
    """Goods usable as payment now: not those this action gained (DC-6, no chaining)."""
    return s.expeditions[seat].goods[good] - s.gained[good]


# ---- legal decisions ----------------------------------------------------------------
def legal(s: LewisClarkState, seat: int) -> list[int]:
    frame = s.effects[-1]
    step = frame.step
    if step == START:
        out = start_options(s, seat, frame)
        out.append(A.STOP)
        return out
    if step == PAY:
        used = frame.types_used if EFFECTS[frame.effect].ways[frame.way].distinct else 0
        goods, gained = s.expeditions[seat].goods, s.gained
        return [A.PAY + r for r in ALL_RES if goods[r] > gained[r] and not used >> r & 1]
    if step == CHOOSE:
        distinct = EFFECTS[frame.effect].ways[frame.way].benefit == DISTINCT
        used = frame.types_used
        out = [A.TAKE + r for r in PRIMARY if not (distinct and used >> r & 1)]
        out.append(A.SKIP)
        return out
    if step == KEEP:
        offer = frame.offer
        out = [A.TAKE_ALL] if sum(offer) <= s.expeditions[seat].room else []
        out += [A.TAKE + r for r in ALL_RES if offer[r]]
        out.append(A.SKIP)
        return out
    if step == DISCARD:
        out = [A.DISCARD + k for k in s.expeditions[seat].hand]  # kept sorted
        out.append(A.SKIP)
        return out
    raise AssertionError(f"no decision at step {step}")  # NESTED frames are never on top


def start_options(s: LewisClarkState, seat: int, frame: Frame, any_one: bool = False) -> list[int]:
    """The ways to begin the next repetition that the expedition can pay for (LEW-2);
    with ``any_one``, at most the first (enough to know whether there is one)."""
    out: list[int] = []
    if frame.repetitions <= 0:
        return out
    e = s.expeditions[seat]
    goods = e.goods
    gained = s.gained
    eff_i = frame.effect
    pays = WAY_PAY[eff_i]
    for i, way in enumerate(EFFECTS[eff_i].ways):
        short = False
        for r, n in pays[i]:
            if goods[r] - gained[r] < n:
                short = True
                break
        if short or way.indians > e.indians:
            continue
        if way.any_n:
            pay = way.pay
            if way.distinct:
                have = sum(1 for r in ALL_RES if goods[r] - gained[r] - pay[r] > 0)
            else:
                have = sum(goods[r] - gained[r] - pay[r] for r in ALL_RES)
            if have < way.any_n:
                continue
        b = way.benefit
        if b == INDIAN:
            if s.powwow:
                out.append(WAY_CODE[eff_i][i])
        elif b == JOURNAL:
            out.extend(A.JOURNAL + slot for slot in range(len(s.journal)))
        elif b == VILLAGE:
            occupied = way.types[0] == "occupied"
            for loc in range(N_LOCS):
                if occupied and not s.village[loc]:
                    continue
                if loc == UPGRADE and not s.boat_tiles:
                    continue
                out.append(A.VILLAGE + loc)
        elif b == COPY:
            faces = {p.card for other in s.expeditions for p in other.play_area}
            out.extend(A.COPY + k for k in sorted(faces) if COPYABLE[k])
        elif b == BOAT:
            if s.boat_tiles:
                out.append(WAY_CODE[eff_i][i])
        else:
            out.append(WAY_CODE[eff_i][i])
        if any_one and out:
            return out
    return out


# ---- starting and closing frames ------------------------------------------------------
def push(s: LewisClarkState, effect: int, repetitions: int) -> None:
    """Start an effect; the Interpreter first sweeps the village (DC-19 (1))."""
    ways = EFFECTS[effect].ways
    if ways and ways[0].benefit == INDIAN and s.options["interpreter_sweep"]:
        s.powwow += sum(s.village)
        s.village = [0] * N_LOCS
    s.effects.append(Frame(effect, repetitions))
    settle(s)


def settle(s: LewisClarkState) -> None:
    """Close every frame that has no decision left; back to the main phase when none is."""
    seat = s.to_move
    stack = s.effects
    while stack:
        frame = stack[-1]
        step = frame.step
        if step == START:
            if start_options(s, seat, frame, any_one=True):
                return
            stack.pop()
            ways = EFFECTS[frame.effect].ways
            if ways and ways[0].benefit == INDIAN:
                discard_slot_one(s)  # DC-11: once per Interpreter action
            if stack:
                parent = stack[-1]
                parent.repetitions -= 1
                parent.step = START
            continue
        if step in (CHOOSE, KEEP) and s.expeditions[seat].room <= 0:
            # nothing more fits: the rest is declined
            _repetition_done(frame)
            continue
        return
    s.phase = "main"
    s.gained = [0] * 6


def _repetition_done(frame: Frame) -> None:
    frame.repetitions -= 1
    frame.step = START
    frame.offer = []


# ---- applying a decision ----------------------------------------------------------------
def apply(s: LewisClarkState, seat: int, a: int) -> None:
    frame = s.effects[-1]
    step = frame.step
    if step == START:
        _start_repetition(s, seat, frame, a)
    elif step == PAY:
        r = a - A.PAY
        s.expeditions[seat].goods[r] -= 1
        frame.types_used |= 1 << r
        frame.due -= 1
        if frame.due == 0:
            _benefit(s, seat, frame, EFFECTS[frame.effect].ways[frame.way])
            return
    elif step == CHOOSE:
        if a == A.SKIP:
            _repetition_done(frame)
        else:
            r = a - A.TAKE
            _gain(s, seat, r, 1)
            frame.types_used |= 1 << r
            frame.remaining -= 1
            if frame.remaining <= 0:
                _repetition_done(frame)
    elif step == KEEP:
        offer = frame.offer
        if a == A.TAKE_ALL:
            for r in ALL_RES:
                if offer[r]:
                    _gain(s, seat, r, offer[r])
            _repetition_done(frame)
        elif a == A.SKIP:
            _repetition_done(frame)
        else:
            r = a - A.TAKE
            _gain(s, seat, r, 1)
            offer[r] -= 1
            if not any(offer):
                _repetition_done(frame)
    elif step == DISCARD:
        if a != A.SKIP:
            k = a - A.DISCARD
            s.expeditions[seat].hand.remove(k)
            s.discard.append(k)  # face up (rule text line 135)
            frame.remaining -= 1
            if frame.remaining > 0:
                return
        replace_journal(s)
        _repetition_done(frame)
    settle(s)


def _start_repetition(s: LewisClarkState, seat: int, frame: Frame, a: int) -> None:
    if a == A.STOP:
        frame.repetitions = 0
        settle(s)
        return
    eff_i = frame.effect
    target = -1
    if A.JOURNAL <= a < A.JOURNAL + 5:
        target, wi = a - A.JOURNAL, 0
    elif A.VILLAGE <= a < A.VILLAGE + N_LOCS:
        target, wi = a - A.VILLAGE, 0
    elif A.COPY <= a < A.COPY + N_KINDS:
        target, wi = a - A.COPY, 0
    else:
        wi = WAY_CODE[eff_i].index(a)
    way = EFFECTS[eff_i].ways[wi]
    e = s.expeditions[seat]
    goods = e.goods
    for r, n in WAY_PAY[eff_i][wi]:
        goods[r] -= n
    if way.indians:
        e.indians -= way.indians
        s.powwow += way.indians
    frame.way = wi
    frame.target = target  # waits here while a free-choice payment is chosen
    if way.any_n:
        frame.step = PAY
        frame.types_used = 0
        frame.due = way.any_n
        return
    _benefit(s, seat, frame, way)


def _benefit(s: LewisClarkState, seat: int, frame: Frame, way: Way) -> None:
    b = way.benefit
    e = s.expeditions[seat]
    target = frame.target
    if b == GAIN:
        offer = list(way.gain)
        if way.count:
            offer[way.types[0]] += amount(s, seat, way)
        total = sum(offer)
        if total > 1 and e.room > 0:
            frame.step = KEEP
            frame.offer = offer
            settle(s)
            return
        if total == 1 and e.room > 0:
            _gain(s, seat, offer.index(1), 1)
    elif b == MOVE:
        move_scout(s, seat, amount(s, seat, way), way.terrain)
    elif b in (PICK, DISTINCT):
        left = way.amount if b == PICK else min(4, amount(s, seat, way))
        if left > 0:
            frame.step = CHOOSE
            frame.types_used = 0
            frame.remaining = left
            settle(s)
            return
    elif b == INDIAN:
        take = s.powwow if s.options["interpreter_take"] == "all" else 1
        s.powwow -= take
        e.indians += take
    elif b == JOURNAL:
        take_from_journal(s, seat, target)  # DC-8: not a recruitment
    elif b == VILLAGE:
        frame.step = NESTED
        push(s, LOC_EFFECT0 + target, 1)
        return
    elif b == COPY:
        frame.step = NESTED
        push(s, target, 1)
        return
    elif b == FAREWELL:
        if e.hand:
            frame.step = DISCARD
            frame.remaining = 3
            settle(s)
            return
        replace_journal(s)
    elif b == BOAT:
        s.boat_tiles -= 1
        if way.terrain == "goods":
            e.goods_tiles += 1
            frame.step = CHOOSE  # bonus: 2 primary goods of your choice (DC-13)
            frame.types_used = 0
            frame.remaining = 2
            settle(s)
            return
        e.indian_tiles += 1
        if s.indian_stock:  # bonus: 1 Indian from the stock (DC-13)
            s.indian_stock -= 1
            e.indians += 1
    _repetition_done(frame)
    settle(s)


def _gain(s: LewisClarkState, seat: int, good: int, n: int) -> None:
    """Gain n of ``good`` (the caller checked that it fits); it cannot pay this action."""
    s.expeditions[seat].goods[good] += n
    s.gained[good] += n
