"""Lewis & Clark (second edition) rules as a state machine of small decisions.

Rule text ../shared/rules/002 ("Tour de Jeu"): each turn one mandatory Action (a
character with strength from one hand card, 1-3 Indians or a card plus 1-2 Indians,
or a village location), an optional Recruitment and an optional Camp, each before or
after the Action. The action is performed once per strength point; each repetition
is one decision, so it can be declined (``stop``), and multi-part benefits are taken
one part at a time (``skip`` declines the rest). Character effects are data
(components.Effect); this module knows only the dozen benefit kinds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark.actions import ACTIONS
from meeple.games.lewis_clark.components import (
    ACTIVES,
    AHEAD,
    ALL_RES,
    BADGE,
    BADGES,
    BASE_GOODS,
    BOAT,
    BOAT_INDIANS,
    CARDS,
    COPY,
    DISTINCT,
    EFFECTS,
    EQUIP,
    FAREWELL,
    FORT,
    FUR,
    GAIN,
    INDIAN,
    JOURNAL,
    LAST,
    LOC_EFFECT0,
    MIXED,
    MOUNTAIN,
    MOVE,
    N_ENCOUNTERED,
    N_KINDS,
    N_LOCS,
    PAIRS,
    PICK,
    PRIMARY,
    RIVER,
    ROUTE,
    STARTING_KINDS,
    STRENGTH,
    TILE_GOODS,
    TILES,
    TRIPLES,
    VILLAGE,
    VILLAGE_INDIANS,
    VILLAGE_LOCS,
    Opt,
)

# ---- phases --------------------------------------------------------------------
MAIN, SOURCE, EXTRA, ARC, EFFECT, RECRUIT, OVER = range(7)
PHASE_NAMES = ("main", "source", "extra", "arc", "effect", "recruit", "over")

# frame fields (a frame is a small list: one running effect)
F_EFF, F_REPS, F_STEP, F_OPT, F_LEFT, F_MASK = range(6)
# frame steps
ST_START, ST_PAY, ST_PICK, ST_DISCARD, ST_CHILD = range(5)

#: option word of every effect option, as an action code
OPT_CODE: tuple[tuple[int, ...], ...] = tuple(
    tuple(A.code(o.word) for o in eff.opts) for eff in EFFECTS
)
#: card kinds whose effect may be copied (not passive, not a copy or village effect)
COPYABLE: tuple[bool, ...] = tuple(
    bool(c.effect.opts) and c.effect.opts[0].benefit not in (COPY, VILLAGE) for c in CARDS
)
PASSIVE_OF: dict[str, int] = {c.effect.passive: k for k, c in enumerate(CARDS) if c.effect.passive}
LAROCQUE, GRAVELINES, BOLEY = PASSIVE_OF["larocque"], PASSIVE_OF["gravelines"], PASSIVE_OF["boley"]
JARROT, CUTNOSE = PASSIVE_OF["jarrot"], PASSIVE_OF["cutnose"]
UPGRADE = next(i for i, v in enumerate(VILLAGE_LOCS) if v.slug == "upgrade")
SOLO_BADGE = tuple(v.solo_badge for v in VILLAGE_LOCS)
BACK = tuple((c.strength, c.badge) for c in CARDS)  # what a face-down card shows


def goods_time(n: int, tiles: int) -> int:
    """Time for n goods packed best: A and tiles free, B 1 if used, C 1 each (spec §9)."""
    free = 3 + TILE_GOODS * tiles
    if n <= free:
        return 0
    if n <= free + 3:
        return 1
    return 1 + n - free - 3


class LewisClarkState(State):
    """Expeditions (hand, play area, boats, scout, camp, Time), village, journal."""

    # ---- setup ---------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        n = players
        self.hands = [list(STARTING_KINDS) for _ in range(n)]
        self.areas: list[list[list[int]]] = [[] for _ in range(n)]  # [kind, support, indians]
        self.res = [[0, 1, 1, 1, 0, 0] for _ in range(n)]  # spec §3: 1 fur, food, equipment
        self.ind = [1] * n                                 # spec §3: 1 Indian each
        self.gt = [0] * n
        self.it = [0] * n
        self.tiles = TILES
        self.pos = [0] * n
        self.camp = [0] * n
        self.time = [0] * n
        self.village = [0] * N_LOCS
        self.powwow = 1                                    # DC-5
        self.stock = 3 + 3 * n - n - 1                     # rule text 002 line 31
        deck = list(range(N_ENCOUNTERED))
        self.chance().shuffle(deck)
        journal = [deck.pop() for _ in range(5)]
        journal.sort(key=lambda k: STRENGTH[k])            # spec §3: sorted by strength
        self.journal = journal
        self.deck = deck
        self.discard: list[int] = []
        self.reveals += 5
        self.mack = SOLO_START[options["difficulty"]] if n == 1 else -1
        self.first = self.chance().randrange(n)
        self.turns = 0
        self.to_move = self.first
        self._new_turn()
        self.winners_: list[int] = []
        self.end_reason = ""
        return self

    def _new_turn(self) -> None:
        self.phase = MAIN
        self.acted = False
        self.camped = False
        self.recruited = False
        self.pending = -1     # card being played (SOURCE/EXTRA), location (ARC), slot (RECRUIT)
        self.support = -1
        self.stack: list[list[int]] = []
        self.fresh = [0] * 6  # goods gained during the running action (DC-6: no chaining)
        self.used = 0         # passives already applied during the running action (bits)

    def clone(self) -> LewisClarkState:
        new = LewisClarkState.__new__(LewisClarkState)
        self._copy_core(new)
        new.hands = [h.copy() for h in self.hands]
        new.areas = [[e.copy() for e in a] for a in self.areas]
        new.res = [r.copy() for r in self.res]
        new.ind = self.ind.copy()
        new.gt = self.gt.copy()
        new.it = self.it.copy()
        new.tiles = self.tiles
        new.pos = self.pos.copy()
        new.camp = self.camp.copy()
        new.time = self.time.copy()
        new.village = self.village.copy()
        new.powwow = self.powwow
        new.stock = self.stock
        new.journal = self.journal.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.mack = self.mack
        new.first = self.first
        new.turns = self.turns
        new.phase = self.phase
        new.acted = self.acted
        new.camped = self.camped
        new.recruited = self.recruited
        new.pending = self.pending
        new.support = self.support
        new.stack = [f.copy() for f in self.stack]
        new.fresh = self.fresh.copy()
        new.used = self.used
        new.winners_ = self.winners_.copy()
        new.end_reason = self.end_reason
        return new

    # ---- table queries -----------------------------------------------------------
    def has_active(self, seat: int, kind: int) -> bool:
        return any(e[0] == kind for e in self.areas[seat])

    def neighbours(self, seat: int) -> set[int]:
        n = self.players
        return {seat, (seat - 1) % n, (seat + 1) % n}

    def badges(self, seat: int, res: int) -> int:
        """Badges of ``res`` in your and your neighbours' play areas (spec §5, DC-7);
        solo: yours plus the tokens of occupied village locations (spec §13, DC-18)."""
        faces = self.options["support_badges"]
        total = 0
        for s in self.neighbours(seat):
            for kind, sup, _ in self.areas[s]:
                if BADGE[kind] == res:
                    total += 1
                if faces and sup >= 0 and BADGE[sup] == res:
                    total += 1
        if self.players == 1:
            for loc, count in enumerate(self.village):
                if count and SOLO_BADGE[loc] == res:
                    total += 1
        return total

    def scouts(self) -> list[int]:
        return self.pos + [self.mack] if self.mack >= 0 else self.pos

    def capacity(self, seat: int) -> int:
        return BASE_GOODS + TILE_GOODS * self.gt[seat]

    def boat_time(self, seat: int) -> int:
        goods = goods_time(sum(self.res[seat]), self.gt[seat])
        return goods + max(0, self.ind[seat] - 1 - self.it[seat])

    def camp_time(self, seat: int) -> int:
        """Time tokens a camp would cost now (Indians on cards come back first)."""
        back = sum(e[2] for e in self.areas[seat])
        goods = goods_time(sum(self.res[seat]), self.gt[seat])
        t = len(self.hands[seat]) + goods + max(0, self.ind[seat] + back - 1 - self.it[seat])
        if self.has_active(seat, BOLEY):
            t = max(0, t - 1)
        return t

    def can_act(self, seat: int) -> bool:
        """Rule text 002 line 148: an action needs a strength source."""
        return self.ind[seat] > 0 or len(self.hands[seat]) >= 2

    def spend(self, seat: int, r: int) -> int:
        """Goods of type r usable as payment now (DC-6: not those gained by this action)."""
        return self.res[seat][r] - self.fresh[r]

    def _count(self, seat: int, opt: Opt) -> int:
        c = opt.count
        if c == BADGES:
            return self.badges(seat, opt.types[0])
        if c == ACTIVES:
            return len(self.areas[seat])
        if c == AHEAD:
            mine = self.camp[seat]
            return sum(1 for p in self.scouts() if p >= mine)
        if c == BOAT_INDIANS:
            return self.ind[seat]
        if c == VILLAGE_INDIANS:
            return sum(self.village) + self.powwow
        if c == PAIRS:
            return sum(self.res[seat]) // 2
        if c == TRIPLES:
            return sum(self.res[seat]) // 3
        return opt.amount

    def recruit_cost(self, seat: int, slot: int) -> tuple[int, int]:
        """(fur, equipment) to recruit Journal slot ``slot`` (0-based)."""
        fur = slot + 1
        if self.has_active(seat, GRAVELINES):
            fur = max(0, fur - 2)
        return fur, STRENGTH[self.journal[slot]]

    def can_recruit(self, seat: int, slot: int) -> bool:
        if slot >= len(self.journal):
            return False
        fur, equip = self.recruit_cost(seat, slot)
        res = self.res[seat]
        if res[FUR] < fur:
            return False
        short = equip - res[EQUIP]
        if short <= 0:
            return True
        return any(STRENGTH[k] >= short for k in self.hands[seat])

    # ---- legal moves -------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        seat = self.to_move
        phase = self.phase
        out: list[int] = []
        if phase == EFFECT:
            out = self._effect_legal(seat)
        elif phase == MAIN:
            hand = self.hands[seat]
            ind = self.ind[seat]
            if not self.acted:
                if self.can_act(seat):
                    out.extend(A.PLAY + k for k in hand)
                    if ind:
                        for loc, v in enumerate(VILLAGE_LOCS):
                            if v.circles == 0 or (
                                self.village[loc] < v.circles
                                and (loc != UPGRADE or self.tiles > 0)
                            ):
                                out.append(A.VILLAGE + loc)
                elif not self.camped:
                    # rule text 002 line 148: forced camp (goods may still be dropped, DC-15)
                    res = self.res[seat]
                    return _as_actions([A.CAMP] + [A.DROP + r for r in ALL_RES if res[r]])
                else:
                    out.append(A.END)  # DC-26: still no action possible: pass
            if not self.recruited:
                out.extend(A.RECRUIT + s for s in range(len(self.journal)) if self.can_recruit(seat, s))
            if not self.camped:
                out.append(A.CAMP)
            res = self.res[seat]
            out.extend(A.DROP + r for r in ALL_RES if res[r])
            if self.acted:
                out.append(A.END)
        elif phase == SOURCE:
            out.extend(A.WITH + k for k in self.hands[seat])
            out.extend(A.INDIANS + n for n in range(1, min(3, self.ind[seat]) + 1))
        elif phase == EXTRA:
            room = 3 - STRENGTH[self.support]
            out.extend(A.INDIANS + n for n in range(1, min(room, self.ind[seat]) + 1))
            out.append(A.STOP)
        elif phase == ARC:
            out.extend(A.INDIANS + n for n in range(1, min(3, self.ind[seat]) + 1))
        elif phase == RECRUIT:
            short = STRENGTH[self.journal[self.pending]] - self.res[seat][EQUIP]
            out.extend(A.DISCARD + k for k in self.hands[seat] if STRENGTH[k] >= short)
            if short <= 0:
                out.append(A.SKIP)
        return _as_actions(out)

    def _effect_legal(self, seat: int) -> list[int]:
        frame = self.stack[-1]
        step = frame[F_STEP]
        eff = EFFECTS[frame[F_EFF]]
        if step == ST_START:
            out = self._start_options(seat, frame)
            out.append(A.STOP)
            return out
        opt = eff.opts[frame[F_OPT]]
        if step == ST_PAY:
            mask = frame[F_MASK]
            return [
                A.PAY + r for r in ALL_RES
                if self.spend(seat, r) > 0 and not (opt.distinct and mask >> r & 1)
            ]
        if step == ST_PICK:
            distinct = opt.benefit == DISTINCT
            mask = frame[F_MASK]
            out = [A.TAKE + r for r in PRIMARY if not (distinct and mask >> r & 1)]
            out.append(A.SKIP)
            return out
        if step == ST_DISCARD:
            out = [A.DISCARD + k for k in self.hands[seat]]
            out.append(A.SKIP)
            return out
        return [A.STOP]  # ST_CHILD never shows: the child frame is on top

    def _start_options(self, seat: int, frame: list[int]) -> list[int]:
        """The ways to begin the next repetition that the expedition can pay for."""
        out: list[int] = []
        if frame[F_REPS] <= 0:
            return out
        eff_i = frame[F_EFF]
        eff = EFFECTS[eff_i]
        res = self.res[seat]
        fresh = self.fresh
        for i, opt in enumerate(eff.opts):
            pay = opt.pay
            ok = True
            for r in ALL_RES:
                if pay[r] and res[r] - fresh[r] < pay[r]:
                    ok = False
                    break
            if not ok or opt.indians > self.ind[seat]:
                continue
            if opt.any_n:
                if opt.distinct:
                    have = sum(1 for r in ALL_RES if res[r] - fresh[r] - pay[r] > 0)
                else:
                    have = sum(res[r] - fresh[r] - pay[r] for r in ALL_RES)
                if have < opt.any_n:
                    continue
            b = opt.benefit
            if b == INDIAN:
                if self.powwow:
                    out.append(OPT_CODE[eff_i][i])
            elif b == JOURNAL:
                out.extend(A.JOURNAL + s for s in range(len(self.journal)))
            elif b == VILLAGE:
                occupied = opt.types[0] == "occupied"
                for loc in range(N_LOCS):
                    if occupied and not self.village[loc]:
                        continue
                    if loc == UPGRADE and not self.tiles:
                        continue
                    out.append(A.VILLAGE + loc)
            elif b == COPY:
                seen = 0
                for area in self.areas:
                    for e in area:
                        k = e[0]
                        if COPYABLE[k] and not seen >> k & 1:
                            seen |= 1 << k
                            out.append(A.COPY + k)
            elif b == BOAT:
                if self.tiles:
                    out.append(OPT_CODE[eff_i][i])
            else:
                out.append(OPT_CODE[eff_i][i])
        return out

    # ---- playing ---------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        a = int(action)
        seat = self.to_move
        phase = self.phase
        if phase == EFFECT:
            self._effect_apply(seat, a)
        elif phase == MAIN:
            self._main_apply(seat, a)
        elif phase == SOURCE:
            if a >= A.INDIANS + 1 and a <= A.INDIANS + 3:
                self._begin_card(seat, -1, a - A.INDIANS)
            else:
                k = a - A.WITH
                self.hands[seat].remove(k)
                self.support = k
                if STRENGTH[k] < 3 and self.ind[seat] > 0:
                    self.phase = EXTRA
                else:
                    self._begin_card(seat, k, 0)
        elif phase == EXTRA:
            n = 0 if a == A.STOP else a - A.INDIANS
            self._begin_card(seat, self.support, n)
        elif phase == ARC:
            self._begin_village(seat, self.pending, a - A.INDIANS)
        elif phase == RECRUIT:
            self._finish_recruit(seat, -1 if a == A.SKIP else a - A.DISCARD)

    def _main_apply(self, seat: int, a: int) -> None:
        if A.PLAY <= a < A.PLAY + N_KINDS:
            k = a - A.PLAY
            self.hands[seat].remove(k)
            self.pending = k
            self.acted = True
            self.phase = SOURCE
        elif A.VILLAGE <= a < A.VILLAGE + N_LOCS:
            loc = a - A.VILLAGE
            self.acted = True
            if VILLAGE_LOCS[loc].circles:
                self._begin_village(seat, loc, 1)
            else:
                self.pending = loc
                self.phase = ARC
        elif A.RECRUIT <= a < A.RECRUIT + 5:
            slot = a - A.RECRUIT
            fur, _ = self.recruit_cost(seat, slot)
            self.res[seat][FUR] -= fur
            self.pending = slot
            self.recruited = True
            if self.hands[seat]:
                self.phase = RECRUIT
            else:
                self._finish_recruit(seat, -1)
        elif a == A.CAMP:
            self._camp(seat)
        elif A.DROP <= a < A.DROP + 6:
            self.res[seat][a - A.DROP] -= 1  # DC-15: goods may go back to the stock
        elif a == A.END:
            self._end_turn(seat)

    def _finish_recruit(self, seat: int, paid_with: int) -> None:
        """Rule text 002 lines 130-138: fur by position, equipment by strength, one
        hand card may pay part of the equipment; the recruit goes to your hand."""
        slot = self.pending
        need = STRENGTH[self.journal[slot]]
        if paid_with >= 0:
            self.hands[seat].remove(paid_with)
            self._to_discard(paid_with)
            need = max(0, need - STRENGTH[paid_with])
        self.res[seat][EQUIP] -= need
        self.hands[seat].append(self.journal.pop(slot))
        self._refill()
        self.pending = -1
        self.phase = MAIN

    def _to_discard(self, k: int) -> None:
        """Journal cards go to the face-up discard pile; starting cards leave the game."""
        if k < N_ENCOUNTERED:
            self.discard.append(k)

    def _begin_card(self, seat: int, support: int, indians: int) -> None:
        kind = self.pending
        self.ind[seat] -= indians
        self.areas[seat].append([kind, support, indians])
        self.pending = -1
        self.support = -1
        strength = (STRENGTH[support] if support >= 0 else 0) + indians
        eff = EFFECTS[kind]
        self._start_action()
        if eff.passive:
            self.phase = MAIN
            return
        self._push(kind, 1 if eff.once else strength)

    def _begin_village(self, seat: int, loc: int, indians: int) -> None:
        """Rule text 002 lines 111-116: the Indians stay on the location."""
        self.ind[seat] -= indians
        self.village[loc] += indians
        self.pending = -1
        self._start_action()
        self._push(LOC_EFFECT0 + loc, indians)

    def _start_action(self) -> None:
        self.phase = EFFECT
        self.fresh = [0] * 6
        self.used = 0

    def _push(self, eff_i: int, reps: int) -> None:
        eff = EFFECTS[eff_i]
        if eff.opts and eff.opts[0].benefit == INDIAN and self.options["interpreter_sweep"]:
            # DC-19 (1): the Interpreter first gathers the village's Indians in the Pow-wow
            for loc in range(N_LOCS):
                self.powwow += self.village[loc]
                self.village[loc] = 0
        self.stack.append([eff_i, reps, ST_START, -1, 0, 0])
        self.phase = EFFECT
        self._settle()

    def _settle(self) -> None:
        """Close every frame with nothing left to do; back to MAIN when none is left."""
        seat = self.to_move
        stack = self.stack
        while stack:
            frame = stack[-1]
            if frame[F_STEP] != ST_START or self._start_options(seat, frame):
                return
            stack.pop()
            eff = EFFECTS[frame[F_EFF]]
            if eff.opts and eff.opts[0].benefit == INDIAN:
                self._discard_slot_one()  # DC-11: once per Interpreter action
            if stack:
                parent = stack[-1]
                parent[F_REPS] -= 1
                parent[F_STEP] = ST_START
        self.phase = MAIN
        self.fresh = [0] * 6

    def _rep_done(self, frame: list[int]) -> None:
        frame[F_REPS] -= 1
        frame[F_STEP] = ST_START
        self._settle()

    def _effect_apply(self, seat: int, a: int) -> None:
        frame = self.stack[-1]
        step = frame[F_STEP]
        eff_i = frame[F_EFF]
        eff = EFFECTS[eff_i]
        if step == ST_START:
            if a == A.STOP:
                frame[F_REPS] = 0
                self._settle()
                return
            target = -1
            if A.JOURNAL <= a < A.JOURNAL + 5:
                target, oi = a - A.JOURNAL, 0
            elif A.VILLAGE <= a < A.VILLAGE + N_LOCS:
                target, oi = a - A.VILLAGE, 0
            elif A.COPY <= a < A.COPY + N_KINDS:
                target, oi = a - A.COPY, 0
            else:
                oi = OPT_CODE[eff_i].index(a)
            opt = eff.opts[oi]
            res = self.res[seat]
            pay = opt.pay
            for r in ALL_RES:
                if pay[r]:
                    res[r] -= pay[r]
            if opt.indians:
                self.ind[seat] -= opt.indians
                self.powwow += opt.indians
            frame[F_OPT] = oi
            frame[F_LEFT] = target  # the target waits here while payment is chosen
            if opt.any_n:
                frame[F_STEP] = ST_PAY
                frame[F_MASK] = 0
                frame.append(opt.any_n)  # payments still due, as a 7th field
                return
            self._benefit(seat, frame, opt, target)
        elif step == ST_PAY:
            r = a - A.PAY
            self.res[seat][r] -= 1
            frame[F_MASK] |= 1 << r
            frame[-1] -= 1
            if frame[-1] == 0:
                frame.pop()
                self._benefit(seat, frame, eff.opts[frame[F_OPT]], frame[F_LEFT])
        elif step == ST_PICK:
            if a == A.SKIP:
                self._rep_done(frame)
                return
            r = a - A.TAKE
            self._gain(seat, r, 1)
            frame[F_MASK] |= 1 << r
            frame[F_LEFT] -= 1
            if frame[F_LEFT] <= 0:
                self._rep_done(frame)
        elif step == ST_DISCARD:
            if a != A.SKIP:
                k = a - A.DISCARD
                self.hands[seat].remove(k)
                self._to_discard(k)
                frame[F_LEFT] -= 1
                if frame[F_LEFT] > 0:
                    return
            self._replace_journal()
            self._rep_done(frame)

    def _benefit(self, seat: int, frame: list[int], opt: Opt, target: int) -> None:
        b = opt.benefit
        if b == GAIN:
            g = opt.gain
            for r in ALL_RES:
                if g[r]:
                    self._gain(seat, r, g[r])
            if opt.count:
                self._gain(seat, opt.types[0], self._count(seat, opt))
        elif b == MOVE:
            self._move(seat, self._count(seat, opt), opt.terrain)
        elif b in (PICK, DISTINCT):
            frame[F_STEP] = ST_PICK
            frame[F_MASK] = 0
            frame[F_LEFT] = opt.amount if b == PICK else min(4, self._count(seat, opt))
            if frame[F_LEFT] > 0:
                return
        elif b == INDIAN:
            take = self.powwow if self.options["interpreter_take"] == "all" else 1
            self.powwow -= take
            self.ind[seat] += take
        elif b == JOURNAL:
            self.hands[seat].append(self.journal.pop(target))  # DC-8: not a recruitment
            self._refill()
        elif b == VILLAGE:
            frame[F_STEP] = ST_CHILD
            self._push(LOC_EFFECT0 + target, 1)
            return
        elif b == COPY:
            frame[F_STEP] = ST_CHILD
            self._push(target, 1)
            return
        elif b == FAREWELL:
            frame[F_STEP] = ST_DISCARD
            frame[F_LEFT] = 3
            if self.hands[seat]:
                return
            self._replace_journal()
        elif b == BOAT:
            self.tiles -= 1
            if opt.terrain == "goods":
                self.gt[seat] += 1
                frame[F_STEP] = ST_PICK  # bonus: 2 primary resources (DC-13)
                frame[F_MASK] = 0
                frame[F_LEFT] = 2
                return
            self.it[seat] += 1
            if self.stock:  # bonus: 1 Indian from the stock (DC-13)
                self.stock -= 1
                self.ind[seat] += 1
        self._rep_done(frame)

    def _gain(self, seat: int, r: int, n: int) -> None:
        """Gain up to n of r; what the boats cannot hold stays in the stock (DC-15)."""
        res = self.res[seat]
        room = self.capacity(seat) - sum(res)
        n = min(n, room)
        if n > 0:
            res[r] += n
            self.fresh[r] += n

    def _move(self, seat: int, n: int, terrain: str) -> None:
        """Advance space by space on ``terrain`` or mixed; a scout never ends on an
        occupied space (spec §11); passives Jarrot, Cut Nose, Larocque (spec §7)."""
        area_kinds = [e[0] for e in self.areas[seat]]
        bonus_bit = 0
        if terrain == RIVER and JARROT in area_kinds and not self.used & 1:
            n += 2
            bonus_bit = 1
        elif terrain == MOUNTAIN and CUTNOSE in area_kinds and not self.used & 2:
            n += 1
            bonus_bit = 2
        leap = LAROCQUE in area_kinds and not self.used & 4
        others = [p for s, p in enumerate(self.pos) if s != seat]
        if self.mack >= 0:
            others.append(self.mack)
        p = self.pos[seat]
        moved = 0
        while n > 0 and p < LAST:
            q = p + 1
            if leap:
                while q < LAST and q in others:
                    q += 1
            t = ROUTE[q]
            if t != terrain and t != MIXED:
                break
            p = q
            n -= 1
            moved += 1
        if not moved:
            return
        while p < LAST and p in others:
            p += 1
        self.pos[seat] = p
        self.used |= bonus_bit | (4 if leap else 0)

    # ---- journal ---------------------------------------------------------------
    def _draw(self) -> int:
        """Top of the deck; an empty deck is the reshuffled discard pile (DC-12)."""
        if not self.deck:
            if not self.discard:
                return -1
            self.deck = self.discard
            self.discard = []
            self.chance().shuffle(self.deck)
        self.reveals += 1
        return self.deck.pop()

    def _refill(self) -> None:
        """Cards slide toward slot 1; new cards enter at slot 5 (spec §8)."""
        journal = self.journal
        while len(journal) < 5:
            k = self._draw()
            if k < 0:
                return
            journal.append(k)

    def _discard_slot_one(self) -> None:
        if self.journal:
            self.discard.append(self.journal.pop(0))
            self._refill()

    def _replace_journal(self) -> None:
        """Farewell (spec §8): the 5 cards go; 5 new ones in draw order."""
        self.discard.extend(self.journal)
        self.journal = []
        self._refill()

    # ---- camp, turn end, game end ---------------------------------------------------
    def _camp(self, seat: int) -> None:
        """Rule text 002 lines 152-171: Indians back, Time tokens, cards back to hand."""
        t = self.camp_time(seat)
        for kind, sup, ind in self.areas[seat]:
            self.ind[seat] += ind
            self.hands[seat].append(kind)
            if sup >= 0:
                self.hands[seat].append(sup)
        self.areas[seat] = []
        self.time[seat] += t
        self.camp[seat] = self.pos[seat]  # DC-22
        self.camped = True
        # rule text 002 line 175: camp on/after the fort with Time <= the number there
        if self.camp[seat] >= FORT and self.time[seat] <= self.camp[seat] - FORT:
            self._game_over([seat], "reached the Pacific")

    def _end_turn(self, seat: int) -> None:
        self.turns += 1
        if self.mack >= 0:
            self.mack += 1  # spec §13: Mackenzie advances one space after each turn
            while self.mack in self.pos and self.mack < LAST:
                self.mack += 1
            if self.mack >= FORT:
                self._game_over([], "Mackenzie reached Fort Clatsop first")
                return
        limit = self.options["turn_limit"]
        if limit is not None and self.turns >= limit * self.players:
            self._game_over(self._house_winners(), "turn limit (house rule)")
            return
        self.to_move = (seat + 1) % self.players
        self._new_turn()

    def _house_winners(self) -> list[int]:
        """House rule: the scout furthest along wins, ties fewer Time tokens."""
        if self.players == 1:
            return [0] if self.pos[0] > self.mack else []
        best = max((p, -t) for p, t in zip(self.pos, self.time, strict=True))
        return [s for s in range(self.players) if (self.pos[s], -self.time[s]) == best]

    def _game_over(self, winners: list[int], reason: str) -> None:
        self.winners_ = winners
        self.end_reason = reason
        self.phase = OVER
        self.to_move = None

    # ---- results -----------------------------------------------------------------
    def scores(self) -> list[int]:
        """Progress (scout position minus Time tokens); +100 to the winner at the end,
        -100 to a solo player Mackenzie beat."""
        out = [self.pos[s] - self.time[s] for s in range(self.players)]
        for s in self.winners_:
            out[s] += 100
        if self.to_move is None and self.players == 1 and not self.winners_:
            out[0] -= 100
        return out

    def winners(self) -> list[int]:
        return list(self.winners_)

    # ---- explanations ------------------------------------------------------------
    def why_illegal(self, action: Action) -> str:
        from meeple.games.lewis_clark.explain import why_illegal

        return why_illegal(self, int(action))

    # ---- information -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.lewis_clark.information import view

        return view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        from meeple.games.lewis_clark.information import resample

        resample(self, seat, rng)


_ACTIONS = tuple(ACTIONS)


def _as_actions(codes: list[int]) -> list[Action]:
    table = _ACTIONS
    return [table[c] for c in codes]


SOLO_START: dict[int, int] = {level: level for level in range(8)}
