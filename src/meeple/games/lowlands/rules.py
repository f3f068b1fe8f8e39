"""Lowlands rules as a state machine of small decisions.

The game is a fixed program of phases (rules/001 lines 107-115): three stages of
Turn of the Tide, Work, Upkeep, Work, Upkeep, High Tide, then the Storm Tide. The
state keeps an *agenda*, a stack of steps still to run; steps without a choice run
at once, steps with one set ``phase`` and ``to_move`` and wait for an action. Every
decision is one entry of the action table in ``actions.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    ACTION_SPACES,
    BASE_INCOME_CARDS,
    BOOST_AP,
    BUILD,
    BUILDING_ICONS,
    BUILDING_MARKERS,
    DECK_PER_TYPE,
    DIKE,
    DISPLAY_SIZE,
    FACE_UP,
    FARMERS,
    FENCE,
    FENCE_ICONS,
    FENCES_ON_INCOME,
    FLOOD_CARDS,
    FLOOD_PIECES,
    FLOOD_SIX,
    HAND_LIMIT,
    MARKET,
    MARKET_ROWS,
    PROGRESS_TOKENS,
    RESOURCES,
    REUSE_COST,
    REWARDS,
    SEA_SPACES,
    SEGMENTS,
    START_COINS,
    START_HAND,
    START_PASTURE,
    START_SHEEP,
    START_WORKER_ON,
    TILE_KINDS,
    TILES,
    TOKEN_SPACES,
    TRACK_LENGTH,
    VALUE_DP,
    VALUE_SHEEP,
    VALUE_START,
    WORKER_EFFECTS,
    WORKER_MAX,
    flood_back,
)
from meeple.games.lowlands.farm import NCELLS, NEDGES, NEIGHBOURS, TERRAIN, cell, edges_around
from meeple.games.lowlands.player import Player

A = X.A
NR = 3
NS = 5

# ---- phases: which question is being asked ---------------------------------
(NONE, PLACE, PICK, AT, PAY, CONTRIB, ASK, HELP, FENCING, FPLACE, TRADE, DRAWING,
 TOKEN, WORKER, INCOME, DISCARD, UPKEEP_OPT) = range(17)
PHASE_NAMES = (
    "none", "place", "build", "at", "pay", "dike", "ask", "help", "fence", "fence at",
    "market", "draw", "token", "worker", "income", "discard", "upkeep",
)
FMODE_NAMES = ("bought", "moved", "free")
TERRAIN_CODE = {"tree": "T", "bush": "B", "pond": "P", "": ""}
KIND_OF = {k: i for i, k in enumerate(TILE_KINDS)}
STORM = KIND_OF["storm"]


def payable(hand: Sequence[int], need: Sequence[int], waivers: int) -> bool:
    """Whether ``need`` can be paid from ``hand`` (rules/000 line 21).

    A missing card is replaced by two cards of one other type; ``waivers`` cards
    of the cost are forgiven (workers on the build action). Waivers go to missing
    cards first, so the cost can be paid iff the missing cards left after waivers
    are at most the pairs in the surplus.
    """
    missing = pairs = 0
    for t in range(NR):
        d = need[t] - hand[t]
        if d > 0:
            missing += d
        else:
            pairs += (-d) // 2
    return missing - waivers <= pairs


class LowlandsState(State):
    """The whole table; see the module docstring for how turns are cut up."""

    # ---- setup ------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        n = players
        self.track = TRACK_LENGTH[n]
        self.ps = [Player() for _ in range(n)]
        # dike markers stacked at random; the top one is the first player (rules/001 l.59, 103)
        order = list(range(n))
        self.chance().shuffle(order)
        for k, s in enumerate(order):
            self.ps[s].key = k
        self.key_counter = n
        self.first = order[-1]
        # progress tokens at random on the first five large spaces (rules/001 line 61)
        tokens = list(range(len(PROGRESS_TOKENS)))
        self.chance().shuffle(tokens)
        self.token_at = tokens  # token index lying on TOKEN_SPACES[i]
        self.value = VALUE_START
        # resource deck and display (rules/001 line 67)
        deck = [t for t in range(NR) for _ in range(DECK_PER_TYPE)]
        self.chance().shuffle(deck)
        self.deck = deck
        self.discard = [0, 0, 0]
        self.display = [0, 0, 0]
        # market board for the player count (rules/001 lines 69-73)
        self.rows = MARKET_ROWS[n]
        self.market = [r.icons for r in self.rows]
        self.cubes = [0, 0, 0]
        self.segs = 0
        self.dike = 0
        self.last_done = -1
        # tiles: shuffled stacks, 3 face up each, players+1 storm tiles (rules/001 l.75-79)
        self.stacks: list[list[int]] = []
        self.faceup: list[list[int]] = []
        for kind in TILE_KINDS:
            stack = [i for i, t in enumerate(TILES) if t.kind == kind]
            self.chance().shuffle(stack)
            k = n + 1 if kind == "storm" else FACE_UP
            self.faceup.append(stack[:k])
            self.stacks.append([] if kind == "storm" else stack[k:])
        # flood deck (rules/001 line 57: the first game leaves out the 6)
        flood = list(FLOOD_CARDS)
        if options.get("first_game"):
            flood.remove(FLOOD_SIX)
        self.chance().shuffle(flood)
        self.flood_deck = flood
        self.sea: list[list[int]] = []  # [face, revealed 0/1]
        self.flood = 0
        # players (rules/000 line 12, rules/001 lines 85-95)
        start = [cell(c) for c in START_PASTURE]
        for s, p in enumerate(self.ps):
            for e in edges_around(start):
                p.farm.add_fence(e)
            p.fences_left = FENCES_ON_INCOME
            p.sheep = START_SHEEP
            p.coins = START_COINS + (0 if s == self.first else 1)
            p.workers[START_WORKER_ON] = 1
            p.workers_free = 1
        for _ in range(START_HAND):
            for p in self.ps:
                self._draw_deck(p)
        self._refill_display()
        # bookkeeping and statistics (public)
        self.stage = 0
        self.tides: list[bool] = []
        self.storm_held: bool | None = None
        self.over = False
        self._reset_ctx()
        self.phase = NONE
        self.agenda: list[tuple] = []
        program = []
        for stage in range(3):
            program += [("tide", stage), ("work",), ("upkeep", False), ("work",),
                        ("upkeep", stage == 2), ("high",)]
        program.append(("storm",))
        self.agenda = program[::-1]
        self._run()
        return self

    def _reset_ctx(self) -> None:
        self.seat = -1  # the active player of the current turn
        self.act = -1
        self.ap = 0
        self.units = 0
        self.tile = -1
        self.need = [0, 0, 0]
        self.waivers = 0
        self.row = -1
        self.rdir = 0  # 1 buying, 2 selling
        self.lifted = -1
        self.fmode = 0
        self.helper = -1
        self.limit = 0
        self.hunits = 0
        self.ws = 0  # workshops used in the current contribution run
        self.bonus = False
        self.leftover = False
        self.arg = 0

    def clone(self) -> LowlandsState:
        new = LowlandsState.__new__(LowlandsState)
        self._copy_core(new)
        d = new.__dict__
        for k, v in self.__dict__.items():
            if k not in d:
                d[k] = v
        new.ps = [p.copy() for p in self.ps]
        new.token_at = self.token_at.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.display = self.display.copy()
        new.market = self.market.copy()
        new.cubes = self.cubes.copy()
        new.stacks = [s.copy() for s in self.stacks]
        new.faceup = [s.copy() for s in self.faceup]
        new.flood_deck = self.flood_deck.copy()
        new.sea = [c.copy() for c in self.sea]
        new.tides = self.tides.copy()
        new.need = self.need.copy()
        new.agenda = self.agenda.copy()
        return new

    # ---- cards ------------------------------------------------------------
    def _draw_deck(self, p: Player) -> bool:
        """Draw blind; an empty deck is rebuilt from the discards (rules/001 line 147)."""
        if not self.deck:
            total = sum(self.discard)
            if not total:
                return False
            deck = [t for t in range(NR) for _ in range(self.discard[t])]
            self.chance().shuffle(deck)
            self.deck = deck
            self.discard = [0, 0, 0]
        p.hand[self.deck.pop()] += 1
        self.reveals += 1
        return True

    def _can_draw(self) -> bool:
        return bool(self.deck) or sum(self.discard) > 0 or sum(self.display) > 0

    def _refill_display(self) -> None:
        while sum(self.display) < DISPLAY_SIZE:
            if not self.deck:
                if not sum(self.discard):
                    return
                deck = [t for t in range(NR) for _ in range(self.discard[t])]
                self.chance().shuffle(deck)
                self.deck = deck
                self.discard = [0, 0, 0]
            self.display[self.deck.pop()] += 1
            self.reveals += 1

    def _spend(self, p: Player, t: int, n: int = 1) -> None:
        p.hand[t] -= n
        self.discard[t] += n
        if p.known[t] > p.hand[t]:
            p.known[t] = p.hand[t]

    # ---- sheep and farm ------------------------------------------------------
    def _gain_sheep(self, p: Player, n: int) -> int:
        """Take up to ``n`` sheep from the supply; unhoused ones are not taken (rules/001 l.176)."""
        room = p.farm.capacity() - p.sheep
        got = max(0, min(n, room))
        p.sheep += got
        return got

    def _take_fence(self, s: int) -> None:
        """A fence leaves the income board, left to right, uncovering its icon."""
        p = self.ps[s]
        slot = FENCES_ON_INCOME - p.fences_left
        p.fences_left -= 1
        if FENCE_ICONS[slot] == "worker":
            self.agenda.append(("worker", s))

    def _tile_cells(self, s: int, k: int) -> list[int]:
        """Squares where tile ``k`` may go: free, right terrain, all sheep still housed."""
        p = self.ps[s]
        t = TILES[k]
        farm = p.farm
        need = TERRAIN_CODE[t.terrain]
        pm = farm.pasture_mask()
        out = []
        for i in range(NCELLS):
            if farm.covered >> i & 1 or (need and TERRAIN[i] != need):
                continue
            if pm >> i & 1:
                cap = farm_capacity_with_tile(farm, i, t)
                if cap < p.sheep:
                    continue
            out.append(i)
        return out

    def _has_tile_cell(self, s: int, k: int) -> bool:
        p = self.ps[s]
        t = TILES[k]
        farm = p.farm
        need = TERRAIN_CODE[t.terrain]
        pm = farm.pasture_mask()
        for i in range(NCELLS):
            if farm.covered >> i & 1 or (need and TERRAIN[i] != need):
                continue
            if not pm >> i & 1:
                return True
        return bool(self._tile_cells(s, k))

    def _buildable(self, s: int, ap: int, features_only: bool) -> list[int]:
        p = self.ps[s]
        waivers = 0 if features_only else p.workers[BUILD] * WORKER_EFFECTS[BUILD].discount
        out = []
        for up in self.faceup:
            for k in up:
                t = TILES[k]
                if t.ap > ap:
                    continue
                if features_only and t.building:
                    continue
                if t.building and p.buildings >= BUILDING_MARKERS:
                    continue
                if not payable(p.hand, t.cost, waivers):
                    continue
                if not self._has_tile_cell(s, k):
                    continue
                out.append(k)
        return out

    # ---- the agenda ------------------------------------------------------------
    def _ask(self, seat: int, phase: int) -> None:
        self.to_move = seat
        self.phase = phase

    def _run(self) -> None:
        """Run steps until one needs a decision (or the game ends)."""
        agenda = self.agenda
        while self.phase == NONE:
            if not agenda:
                self.to_move = None
                self.over = True
                return
            step = agenda.pop()
            getattr(self, "_step_" + step[0])(*step[1:])

    def _order(self) -> list[int]:
        n = self.players
        return [(self.first + i) % n for i in range(n)]

    # ---- program steps -------------------------------------------------------------
    def _step_tide(self, stage: int) -> None:
        """Turn of the Tide (rules/001 lines 117-123)."""
        self.stage = stage
        self.agenda.append(("flood_deal",))
        for s in reversed(self._order()):
            self.agenda.append(("handlimit", s))

    def _step_handlimit(self, s: int) -> None:
        if self.ps[s].cards > HAND_LIMIT:
            self._ask(s, DISCARD)

    def _step_flood_deal(self) -> None:
        self.sea = []
        for _ in range(SEA_SPACES):
            if self.flood_deck:
                self.sea.append([self.flood_deck.pop(), 0])
        self._step_reveal()

    def _step_reveal(self) -> None:
        """Turn the leftmost face-down flood card; add its pieces (rules/001 line 163)."""
        for c in self.sea:
            if not c[1]:
                c[1] = 1
                self.flood = min(FLOOD_PIECES, self.flood + c[0])
                self.reveals += 1
                return

    def _step_work(self) -> None:
        order = self._order()
        steps = []
        for _ in FARMERS:
            for s in order:
                steps += [("turn", s), ("refill",)]
        self.agenda.extend(reversed(steps))

    def _step_turn(self, s: int) -> None:
        self._reset_ctx()
        self.seat = s
        self._ask(s, PLACE)

    def _step_refill(self) -> None:
        self._refill_display()

    def _step_finish(self) -> None:
        """Unused action points: one card each (rules/000 line 24)."""
        if self.ap > 0 and self._can_draw():
            self.leftover = True
            self.units = 0
            self._ask(self.seat, DRAWING)

    def _step_restore(self, ap: int) -> None:
        self.ap = ap
        self.bonus = False

    def _step_bonus_build(self, s: int) -> None:
        """Farmhouse: build a feature as if with a value-4 farmer (spec §2a)."""
        self.bonus = True
        self.ap = TILES[self.tile].n
        if self._buildable(s, self.ap, True):
            self._ask(s, PICK)
        else:
            self.bonus = False

    def _step_worker(self, s: int) -> None:
        if self._worker_moves(s):
            self._ask(s, WORKER)

    def _step_token(self, s: int, slot: int) -> None:
        self.arg = slot
        self._ask(s, TOKEN)

    def _step_free_fence(self, s: int, n: int) -> None:
        if n > 0 and self.ps[s].fences_left > 0:
            self.arg = n
            self.fmode = 2
            self._ask(s, FPLACE)

    def _step_advance(self, s: int, n: int, rewards: bool) -> None:
        """Move a dike marker; reaching or passing a token gives a reward (rules/000 l.28)."""
        p = self.ps[s]
        old = p.pos
        p.pos += n
        self.key_counter += 1
        p.key = self.key_counter
        if not rewards:
            return
        pend = []
        for slot, space in enumerate(TOKEN_SPACES):
            if old < space <= p.pos and not p.tokens >> slot & 1:
                p.tokens |= 1 << slot
                pend.append(("token", s, slot))
        self.agenda.extend(reversed(pend))

    def _step_ask(self) -> None:
        self._ask(self.seat, ASK)

    def _step_fence_resume(self) -> None:
        if self.ap > 0:
            self._ask(self.seat, FENCING)

    def _step_upkeep(self, last: bool) -> None:
        """Upkeep (rules/001 lines 150-166); the last one runs only steps 1, 2 and 6."""
        order = self._order()
        steps: list[tuple] = [("upkeep_opt", s) for s in order]
        steps.append(("breed",))
        steps += [("income", s) for s in order]
        if not last:
            steps += [("retrieve",), ("reset_market",), ("first_player",)]
        steps.append(("reveal",))
        self.agenda.extend(reversed(steps))

    def _upkeep_options(self, s: int) -> list[int]:
        p = self.ps[s]
        out = []
        if p.has("auction") and not self.arg & 1 and p.sheep > 0:
            out.append(X.AUCTION)
        if p.has("silo") and not self.arg & 2 and p.coins >= 1 and p.farm.capacity() > p.sheep:
            out.append(X.SILO)
        return out

    def _step_upkeep_opt(self, s: int) -> None:
        """Auction House and Fodder Silo act before breeding (spec §2b)."""
        self.arg = 0
        if self._upkeep_options(s):
            self._ask(s, UPKEEP_OPT)

    def _step_breed(self) -> None:
        """One lamb per two sheep, if it can be housed (rules/000 line 38)."""
        for s in self._order():
            p = self.ps[s]
            lambs = p.sheep // 2
            if p.has("lamb") and p.sheep >= 2:
                lambs += p.has("lamb")
            self._gain_sheep(p, lambs)

    def _step_income(self, s: int) -> None:
        """Visible income icons, in turn order (rules/001 lines 155-159)."""
        p = self.ps[s]
        icons = p.fence_icons() + p.building_icons()
        cards = BASE_INCOME_CARDS + icons.count("card") + p.has("income_card")
        p.coins += icons.count("coin") + p.has("income_coin")
        for _ in range(cards):
            self._draw_deck(p)
        either = icons.count("either")
        if either:
            self.arg = either
            self._ask(s, INCOME)

    def _step_retrieve(self) -> None:
        for p in self.ps:
            p.farmers = [-1, -1, -1]

    def _step_reset_market(self) -> None:
        self.market = [r.icons for r in self.rows]

    def _step_first_player(self) -> None:
        """Furthest on the dike track; ties: the marker on top (rules/001 line 162)."""
        self.first = max(range(self.players), key=lambda s: (self.ps[s].pos, self.ps[s].key))

    def dike_holds(self) -> bool:
        """Compare levels, then top rows; equal holds (rules/001 lines 182-190).

        Levels of 12 spaces filled left to right make this the same as comparing
        the total lengths, since both stack the same way.
        """
        return self.dike >= self.flood

    def _step_high(self) -> None:
        """High Tide (rules/001 lines 178-204)."""
        dps = [p.dike_points for p in self.ps]
        holds = self.dike_holds()
        if holds:
            low = min(dps)
            for p, dp in zip(self.ps, dps, strict=True):
                p.coins += dp - low
            self.value = min(len(VALUE_DP) - 1, self.value + 1)
        else:
            high = max(dps)
            for p, dp in zip(self.ps, dps, strict=True):
                p.breach += high - dp
            self.value = max(0, self.value - 1)
        self.tides.append(holds)
        self.sea = []

    def _step_storm(self) -> None:
        """Storm Tide: "!" tiles, the last dike check, then scoring (rules/001 l.208-220)."""
        for p in self.ps:
            self._bang(p)
        holds = self.dike_holds()
        self.storm_held = holds
        sheep_value = VALUE_SHEEP[self.value]
        for p in self.ps:
            if holds:
                p.breach = 0
                continue
            lose = min(p.breach, p.sheep)
            p.sheep -= lose
            cost = (p.breach - lose) * sheep_value
            paid = min(cost, p.coins)
            p.coins -= paid
            p.penalty = cost - paid
        self.to_move = None
        self.over = True
        self.agenda.clear()

    def _bang(self, p: Player) -> None:
        """Resolve one player's "!" tiles in the order they were built."""
        for k in p.tiles:
            t = TILES[k]
            if not t.bang:
                continue
            e = t.effect
            if e == "bank":
                p.bang_vp += p.coins // 4
            elif e == "association":
                p.pos += 2 * (p.dike_points // 3)  # no token rewards (spec §2a)
            elif e == "estate":
                p.bang_vp += 3 * len(p.farm.pastures())
            elif e == "farmhouse":
                p.bang_vp += 2 * p.features()
            elif e == "mount":
                if p.breach <= t.n:
                    p.breach = 0
            elif e == "breeding":
                extra = p.sheep // t.n
                p.sheep += extra
                p.storm_sheep += extra
            elif e == "cabin":
                sq = next(i for i, kk in p.farm.tiles.items() if kk == k)
                pm = p.farm.pasture_mask()
                empty = sum(
                    1 for nb in NEIGHBOURS[sq] if not (p.farm.covered | pm) >> nb & 1
                )
                p.bang_vp += t.n * empty
            elif e == "vp_fences":
                p.bang_vp += p.farm.fence_count() // t.n
            elif e == "vp_sheep":
                p.bang_vp += p.sheep // t.n
            elif e == "vp_buildings":
                p.bang_vp += t.n * p.buildings

    # ---- legal actions ----------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        ph = self.phase
        s = self.to_move
        p = self.ps[s]
        out: list[int]
        if ph == PLACE:
            out = self._placements(s)
        elif ph == PICK:
            out = [X.BUILD_TILE[k] for k in self._buildable(s, self.ap, self.bonus)]
            if self.bonus or not out:
                out.append(X.STOP)
        elif ph == AT:
            out = [X.AT[i] for i in self._tile_cells(s, self.tile)]
        elif ph == PAY:
            out = self._payments(p)
        elif ph == CONTRIB:
            out = self._contributions(p)
            if self.units > 0 or not out:
                out.append(X.STOP)
        elif ph == HELP:
            out = self._contributions(p) + [X.STOP]
        elif ph == ASK:
            out = [X.ASK[o] for o in range(self.players) if o != s]
            if self.players == 2 and p.coins >= 1:
                out.append(X.ASK_MARKET)
        elif ph == FENCING:
            out = self._fencing(p)
            if self.units > 0 or not out:
                out.append(X.STOP)
        elif ph == FPLACE:
            out = [X.FENCE_AT[e] for e in self._fence_spots(p)]
        elif ph == TRADE:
            out = self._trades(p)
            if self.units > 0 or not out:
                out.append(X.STOP)
        elif ph == DRAWING:
            out = self._draws()
            if self.leftover or self.units > 0 or not out:
                out.append(X.STOP)
        elif ph == TOKEN:
            out = self._rewards(p)
        elif ph == WORKER:
            out = self._worker_moves(s) + [X.SKIP]
        elif ph == INCOME:
            out = [X.TAKE_CARD, X.TAKE_COIN] if self.deck or sum(self.discard) else [X.TAKE_COIN]
        elif ph == DISCARD:
            out = [X.DISCARD[t] for t in range(NR) if p.hand[t]]
        elif ph == UPKEEP_OPT:
            out = self._upkeep_options(s) + [X.SKIP]
        else:  # pragma: no cover - the agenda never waits in NONE
            out = []
        return [A[i] for i in out]

    def _space_ap(self, p: Player, space: int, farmer: int, boost: bool) -> int:
        return (
            farmer
            + p.workers[space] * WORKER_EFFECTS[space].ap
            + (BOOST_AP if boost else 0)
            + sum(1 for k in p.tiles if TILES[k].effect == "ap" and TILES[k].n == space)
        )

    def _performable(self, s: int, space: int, ap: int) -> bool:
        """Whether the action can be done at least once (you may not skip it, rules/001 l.146)."""
        p = self.ps[s]
        if space == BUILD:
            return bool(self._buildable(s, ap, False))
        if space == DIKE:
            return bool(self._contributions(p, fresh=True))
        if space == FENCE:
            return bool(self._fencing(p))
        if space == MARKET:
            return bool(self._trades(p, fresh=True))
        return self._can_draw()

    def _reuse_cost(self, p: Player, space: int) -> int:
        here = sum(1 for f in p.farmers if f == space)
        return max(0, REUSE_COST[here] - p.has("reuse"))

    def _placements(self, s: int) -> list[int]:
        p = self.ps[s]
        out = []
        free_any = []
        for fi, f in enumerate(FARMERS):
            if p.farmers[fi] >= 0:
                continue
            for space in range(NS):
                cost = self._reuse_cost(p, space)
                if cost > p.coins:
                    continue
                if cost == 0:
                    free_any.append(X.PLACE[fi][space])
                if self._performable(s, space, self._space_ap(p, space, f, False)):
                    out.append(X.PLACE[fi][space])
                if p.boost and self._performable(s, space, self._space_ap(p, space, f, True)):
                    out.append(X.BOOST[fi][space])
        return out or free_any

    def _lock(self) -> int:
        """The resource whose cube is part-way along the track, or -1 (rules/000 l.26)."""
        for t in range(NR):
            if 0 < self.cubes[t] < self.track:
                return t
        return -1

    def _contributions(self, p: Player, fresh: bool = False) -> list[int]:
        ws = 0 if fresh else self.ws
        lock = self._lock()
        if lock >= 0:
            types: Sequence[int] = (lock,)
        elif self.options.get("lock_last_type") and self.last_done >= 0:
            types = [t for t in range(NR) if t != self.last_done]
        else:
            types = range(NR)
        out = []
        hand = p.hand
        for t in types:
            if hand[t]:
                out.append(X.PAY[t])
            for u in range(NR):
                if u != t and hand[u] >= 2:
                    out.append(X.SUB[u][t])
            if not ws >> t & 1 and any(
                TILES[k].effect == "workshop" and TILES[k].n == t for k in p.tiles
            ):
                out.append(X.FREE[t])
        return out

    def _payments(self, p: Player) -> list[int]:
        need, hand, w = self.need, p.hand, self.waivers
        out = []
        for t in range(NR):
            if not need[t]:
                continue
            need[t] -= 1
            if hand[t]:
                hand[t] -= 1
                if payable(hand, need, w):
                    out.append(X.PAY[t])
                hand[t] += 1
            for u in range(NR):
                if u != t and hand[u] >= 2:
                    hand[u] -= 2
                    if payable(hand, need, w):
                        out.append(X.SUB[u][t])
                    hand[u] += 2
            if w and payable(hand, need, w - 1):
                out.append(X.WAIVE[t])
            need[t] += 1
        return out

    def _fencing(self, p: Player) -> list[int]:
        out = []
        if p.fences_left:
            out = [X.PAY[t] for t in range(NR) if p.hand[t]]
        fences = p.farm.fences
        out += [X.LIFT[e] for e in range(NEDGES) if fences >> e & 1]
        return out

    def _fence_spots(self, p: Player) -> list[int]:
        farm = p.farm
        fences = farm.fences
        empty = [e for e in range(NEDGES) if not fences >> e & 1]
        if farm.capacity() >= p.sheep and not farm.troughs:
            return empty  # a new fence never loses housing (without a Feeding Trough)
        # the fence must leave every sheep housed (ruling LL-3): a moved fence may have
        # opened a pasture, and a fence splitting a trough's pasture may halve its part
        return [e for e in empty if farm.capacity_with(fences | 1 << e) >= p.sheep]

    def _prices(self, p: Player) -> tuple[int, int]:
        value = VALUE_SHEEP[self.value]
        w = p.workers[MARKET] * WORKER_EFFECTS[MARKET].price
        return max(0, value - w), value + w + p.has("shearer")

    def _trades(self, p: Player, fresh: bool = False) -> list[int]:
        """One row, one direction per action (rules/000 line 33)."""
        buy, _ = self._prices(p)
        row = -1 if fresh else self.row
        rdir = 0 if fresh else self.rdir
        can_buy = p.coins >= buy and p.farm.capacity() > p.sheep
        out = []
        for r, spec in enumerate(self.rows):
            if row >= 0 and r != row:
                continue
            if rdir != 2 and can_buy and self.market[r] > 0:
                out.append(X.BUY[r])
            if rdir != 1 and p.sheep > 0 and self.market[r] < spec.spaces:
                out.append(X.SELL[r])
        return out

    def _draws(self) -> list[int]:
        out = [X.DRAW_CARD[t] for t in range(NR) if self.display[t]]
        if self.deck or sum(self.discard):
            out.append(X.DRAW_DECK)
        return out

    def _rewards(self, p: Player) -> list[int]:
        token = PROGRESS_TOKENS[self.token_at[self.arg]]
        out = [X.TAKE[k] for k in token.options if not (REWARDS[k].boost and p.boost)]
        return out or [X.TAKE[token.options[1]]]

    def _worker_moves(self, s: int) -> list[int]:
        """Assign the free worker, or move an assigned one (rules/001 lines 143-144)."""
        p = self.ps[s]
        room = [p.workers[a] < WORKER_MAX[a] for a in range(NS)]
        out = []
        if p.workers_free:
            out += [X.WORKER[a] for a in range(NS) if room[a]]
        for a in range(NS):
            if p.workers[a]:
                out += [X.SHIFT[a][b] for b in range(NS) if b != a and room[b]]
        return out

    # ---- applying ------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = X.KIND[int(action)]
        getattr(self, "_do_" + kind[0])(*kind[1:])
        self._run()

    def _do_place(self, fi: int, space: int, boost: bool) -> None:
        s = self.to_move
        p = self.ps[s]
        p.coins -= self._reuse_cost(p, space)
        p.farmers[fi] = space
        if boost:
            p.boost -= 1
        self.act = space
        self.ap = self._space_ap(p, space, FARMERS[fi], boost)
        self.units = 0
        self.agenda.append(("finish",))
        self.phase = (PICK, CONTRIB, FENCING, TRADE, DRAWING)[space]
        if space == DIKE:
            self.ws = 0

    def _do_build(self, k: int) -> None:
        self.tile = k
        self.ap -= TILES[k].ap
        self.phase = AT

    def _do_at(self, sq: int) -> None:
        s = self.to_move
        p = self.ps[s]
        k = self.tile
        t = TILES[k]
        kind = KIND_OF[t.kind]
        self.faceup[kind].remove(k)
        if self.stacks[kind]:
            self.faceup[kind].append(self.stacks[kind].pop())
            self.reveals += 1
        p.farm.put_tile(
            sq, k, t.building,
            feeder=t.effect == "feed", trough=t.effect == "trough",
            houses=t.n if t.effect == "house" else 0,
        )
        p.tiles.append(k)
        p.effects[t.effect] = p.effects.get(t.effect, 0) + t.n
        self.need = list(t.cost)
        self.waivers = 0 if self.bonus else p.workers[BUILD] * WORKER_EFFECTS[BUILD].discount
        self.phase = PAY

    def _do_pay(self, t: int, _t2: int) -> None:
        ph = self.phase
        if ph == PAY:
            self._spend(self.ps[self.to_move], t)
            self._paid(t)
        elif ph in (CONTRIB, HELP):
            self._spend(self.ps[self.to_move], t)
            self._contributed(t)
        elif ph == FENCING:  # buy a fence for one card (rules/000 line 31)
            s = self.to_move
            self._spend(self.ps[s], t)
            self.ap -= 1
            self.units += 1
            self._take_fence(s)
            self.fmode = 0
            self.phase = FPLACE

    def _do_sub(self, u: int, t: int) -> None:
        self._spend(self.ps[self.to_move], u, 2)
        if self.phase == PAY:
            self._paid(t)
        else:
            self._contributed(t)

    def _do_waive(self, t: int) -> None:
        self.waivers -= 1
        self._paid(t)

    def _do_free(self, t: int) -> None:
        self.ws |= 1 << t
        self._contributed(t)

    def _paid(self, t: int) -> None:
        self.need[t] -= 1
        if sum(self.need):
            return
        self.phase = NONE
        self._tile_done(self.to_move, self.tile)

    def _tile_done(self, s: int, k: int) -> None:
        """The tile is paid: take a building marker, then the immediate effect."""
        p = self.ps[s]
        t = TILES[k]
        agenda = self.agenda
        if t.building:
            slot = p.buildings
            p.buildings += 1
            if BUILDING_ICONS[slot] == "worker":
                agenda.append(("worker", s))
        e = t.effect
        if e in ("bank", "coins"):
            p.coins += t.n
        elif e == "cards":
            for _ in range(t.n):
                self._draw_deck(p)
        elif e in ("sheep", "breeding", "trough"):
            self._gain_sheep(p, t.n if e == "sheep" else 1)
        elif e in ("association", "dike"):
            agenda.append(("advance", s, t.n, True))
        elif e in ("estate", "fences"):
            agenda.append(("free_fence", s, t.n))
        elif e == "farmhouse":
            agenda.append(("restore", self.ap))
            agenda.append(("bonus_build", s))

    def _contributed(self, t: int) -> None:
        """One resource on the construction site (rules/000 lines 26-28)."""
        self.cubes[t] += 1
        if self.cubes[t] >= self.track:
            self._complete(t)
        if self.phase == CONTRIB:
            self.ap -= 1
            self.units += 1
            if self.ap <= 0:
                self._end_contrib()
        else:
            self.hunits += 1
            if self.hunits >= self.limit:
                self._end_help()

    def _complete(self, t: int) -> None:
        """A cube at the end: the next segment goes on the dike (rules/000 line 27)."""
        self.cubes[t] = 0
        self.last_done = t
        if self.segs < len(SEGMENTS):
            self.dike += SEGMENTS[self.segs].length
            self.segs += 1

    def _end_contrib(self) -> None:
        self.phase = NONE
        self.agenda.append(("ask",))
        self.agenda.append(("advance", self.seat, self.units, True))

    def _end_help(self) -> None:
        self.phase = NONE
        if self.hunits:
            self.agenda.append(("advance", self.seat, 1, True))  # the bonus space
            self.agenda.append(("advance", self.helper, self.hunits, True))

    def _do_stop(self) -> None:
        ph = self.phase
        if ph == CONTRIB:
            if self.units:
                self._end_contrib()
            else:
                self.phase = NONE
        elif ph == HELP:
            self._end_help()
        elif ph == PICK:
            self.phase = NONE
        else:  # fence, market, draw: the rest of the points become cards
            if ph == DRAWING:
                self.ap = 0
            self.phase = NONE

    def _do_ask(self, o: int) -> None:
        if o >= 0:
            self.helper = o
            self.limit = self.units
            self.hunits = 0
            self.ws = 0
            self._ask(o, HELP)
            return
        # 2 players: pay a coin to ask the market (rules/001 lines 228-234)
        p = self.ps[self.seat]
        p.coins -= 1
        blocked = -1
        for _ in range(self.units):
            if not self.deck:
                if not sum(self.discard):
                    break
                deck = [t for t in range(NR) for _ in range(self.discard[t])]
                self.chance().shuffle(deck)
                self.deck = deck
                self.discard = [0, 0, 0]
            t = self.deck.pop()
            self.reveals += 1
            lock = self._lock()
            if (lock >= 0 and t == lock) or (lock < 0 and t != blocked):
                self.cubes[t] += 1
                if self.cubes[t] >= self.track:
                    self._complete(t)
                    blocked = t
            self.discard[t] += 1
        self.phase = NONE

    def _do_fence(self, e: int) -> None:
        s = self.to_move
        p = self.ps[s]
        p.farm.add_fence(e)
        mode = self.fmode
        self.phase = NONE
        if mode == 2:
            self._take_fence(s)
            self.agenda.append(("free_fence", s, self.arg - 1))
        else:
            self.lifted = -1
            self.agenda.append(("fence_resume",))
            # a worker icon uncovered by this fence was queued by _take_fence: run it first
            if len(self.agenda) >= 2 and self.agenda[-2][0] == "worker":
                self.agenda[-1], self.agenda[-2] = self.agenda[-2], self.agenda[-1]

    def _do_lift(self, e: int) -> None:
        p = self.ps[self.to_move]
        p.farm.remove_fence(e)
        self.lifted = e
        self.ap -= 1
        self.units += 1
        self.fmode = 1
        self.phase = FPLACE

    def _do_buy(self, r: int) -> None:
        p = self.ps[self.to_move]
        price, _ = self._prices(p)
        p.coins -= price
        p.sheep += 1
        self.market[r] -= 1
        self._traded(r, 1)

    def _do_sell(self, r: int) -> None:
        p = self.ps[self.to_move]
        _, price = self._prices(p)
        p.coins += price
        p.sheep -= 1
        self.market[r] += 1
        self._traded(r, 2)

    def _traded(self, r: int, d: int) -> None:
        self.row = r
        self.rdir = d
        self.ap -= 1
        self.units += 1
        if self.ap <= 0:
            self.phase = NONE

    def _do_draw(self, t: int) -> None:
        p = self.ps[self.to_move]
        if t >= 0:
            self.display[t] -= 1
            p.hand[t] += 1
            p.known[t] += 1
        else:
            self._draw_deck(p)
        self.ap -= 1
        self.units += 1
        if self.ap <= 0:
            self.phase = NONE

    def _do_take(self, key: str) -> None:
        s = self.to_move
        p = self.ps[s]
        r = REWARDS[key]
        self.phase = NONE
        p.coins += r.coins
        for _ in range(r.cards):
            self._draw_deck(p)
        if r.sheep:
            self._gain_sheep(p, r.sheep)
        if r.boost:
            p.boost += 1
        if r.fences:
            self.agenda.append(("free_fence", s, r.fences))
        if r.worker:
            self.agenda.append(("worker", s))

    def _do_worker(self, a: int, b: int) -> None:
        p = self.ps[self.to_move]
        if a < 0:
            p.workers_free -= 1
        else:
            p.workers[a] -= 1
        p.workers[b] += 1
        self.phase = NONE

    def _do_skip(self) -> None:
        self.phase = NONE

    def _do_income(self, coin: int) -> None:
        p = self.ps[self.to_move]
        if coin:
            p.coins += 1
        else:
            self._draw_deck(p)
        self.arg -= 1
        if self.arg <= 0:
            self.phase = NONE

    def _do_discard(self, t: int) -> None:
        p = self.ps[self.to_move]
        self._spend(p, t)
        if p.cards <= HAND_LIMIT:
            self.phase = NONE

    def _do_auction(self) -> None:
        p = self.ps[self.to_move]
        p.sheep -= 1
        p.coins += VALUE_SHEEP[self.value] + 1 + p.has("shearer")
        self.arg |= 1
        if not self._upkeep_options(self.to_move):
            self.phase = NONE

    def _do_silo(self) -> None:
        p = self.ps[self.to_move]
        p.coins -= 1
        p.sheep += 1
        self.arg |= 2
        if not self._upkeep_options(self.to_move):
            self.phase = NONE

    # ---- refusals --------------------------------------------------------------------
    def why_illegal(self, action: Action) -> str:
        kind = X.KIND[int(action)][0]
        ph = self.phase
        asked = PHASE_NAMES[ph]
        wanted = {
            "place": PLACE, "build": PICK, "at": AT, "ask": ASK, "fence": FPLACE,
            "lift": FENCING, "buy": TRADE, "sell": TRADE, "draw": DRAWING, "take": TOKEN,
            "worker": WORKER, "income": INCOME, "discard": DISCARD, "auction": UPKEEP_OPT,
            "silo": UPKEEP_OPT,
        }.get(kind)
        if wanted is not None and wanted != ph:
            return f"that answers the {PHASE_NAMES[wanted]!r} question, but the game asks {asked!r} now"
        reasons = {
            "place": "that farmer is already placed, the action cannot be done with it, "
            "or you cannot pay the coins for an occupied space",
            "build": "the tile is not face up, costs more action points than you have, "
            "is a fifth building, cannot be paid, or has no square to go on",
            "at": "the square is taken, has the wrong terrain, or would leave sheep unhoused",
            "pay": "you do not hold that card, or it is not wanted (or would make the rest unpayable)",
            "sub": "two cards of one type replace one missing card of another type you still need",
            "waive": "no worker discount is left, or that type is not owed",
            "free": "you own no workshop for that resource, used it already, or the site wants another resource",
            "stop": "you must do the action at least once before stopping",
            "ask": "ask an opponent (the market only in a 2-player game, for a coin)",
            "fence": "that edge already has a fence, or moving the fence there leaves sheep unhoused",
            "lift": "there is no fence on that edge",
            "buy": "one row per action, one direction; the row needs sheep, you the coins and room",
            "sell": "one row per action, one direction; the row needs an empty space",
            "draw": "that card is not on display (or the deck and discards are empty)",
            "take": "that reward is not on this progress token",
            "worker": "no free worker, or the action already has its workers",
            "skip": "this question cannot be skipped",
            "income": "there is no card left to draw",
            "discard": "you hold no card of that type",
        }
        return reasons.get(kind, f"the game asks {asked!r} now")

    # ---- results -----------------------------------------------------------------------
    def score_parts(self, s: int) -> dict[str, int]:
        """Final scoring (rules/001 lines 215-220); while playing, the same at current values."""
        p = self.ps[s]
        return {
            "dike": p.dike_points * VALUE_DP[self.value],
            "sheep": p.sheep * VALUE_SHEEP[self.value],
            "tiles": p.printed_vp(),
            "bang": p.bang_vp,
            "coins": p.coins - p.penalty,
            "cards": p.cards // 2,
        }

    def scores(self) -> list[int]:
        return [sum(self.score_parts(s).values()) for s in range(self.players)]

    def winners(self) -> list[int]:
        """Most points; ties: furthest on the dike track, then the marker on top (l.226)."""
        sc = self.scores()
        return [max(range(self.players), key=lambda s: (sc[s], self.ps[s].pos, self.ps[s].key))]

    # ---- information ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.lowlands.view import build_view

        return build_view(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> LowlandsState:
        """Resample what ``seat`` cannot see: other hands' unseen cards, the deck order,
        the tile stacks, and the face-down flood cards (kept to their visible backs)."""
        new = self.clone()
        pool = list(new.deck)
        unknown = {}
        # a player who chose a tile (placing or paying it) is known to be able to finish: keep
        # that hand (ruling LL-12), or the redealt game could have no legal move
        paying = self.to_move if self.phase in (AT, PAY) else -1
        for s, p in enumerate(new.ps):
            if s in (seat, paying):
                continue
            u = [p.hand[t] - p.known[t] for t in range(NR)]
            unknown[s] = sum(u)
            for t in range(NR):
                pool += [t] * u[t]
                p.hand[t] = p.known[t]
        rng.shuffle(pool)
        for s, n in unknown.items():
            hand = new.ps[s].hand
            for t in pool[:n]:
                hand[t] += 1
            del pool[:n]
        new.deck = pool
        for stack in new.stacks:
            rng.shuffle(stack)
        # flood: unrevealed sea cards are redrawn from the unseen ones with the same back
        unseen = list(new.flood_deck) + [c[0] for c in new.sea if not c[1]]
        rng.shuffle(unseen)
        for c in new.sea:
            if not c[1]:
                back = flood_back(c[0])
                i = next(i for i, f in enumerate(unseen) if flood_back(f) == back)
                c[0] = unseen.pop(i)
        new.flood_deck = unseen
        new.seed = rng.getrandbits(48)
        new._chance = 0
        new._legal = None
        return new


def farm_capacity_with_tile(farm, sq: int, t) -> int:
    """Capacity if tile ``t`` stood on square ``sq`` (its own housing included)."""
    from meeple.games.lowlands.farm import capacity

    bit = 1 << sq
    return capacity(
        farm.fences,
        farm.buildings | (bit if t.building else 0),
        farm.covered | bit,
        farm.feeders | (bit if t.effect == "feed" else 0),
        farm.troughs | (bit if t.effect == "trough" else 0),
        farm.on_tiles + (t.n if t.effect == "house" else 0),
    )


__all__ = ["LowlandsState", "payable", "RESOURCES", "ACTION_SPACES"]
