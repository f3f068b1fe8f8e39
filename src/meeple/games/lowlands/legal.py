"""What may be done now: the legal decisions of every phase and why others are refused."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from meeple.core.actions import Action
from meeple.games.lowlands import actions as X
from meeple.games.lowlands import refusals
from meeple.games.lowlands.components import (
    BOOST_AP,
    BUILD,
    BUILDING_MARKERS,
    DIKE,
    FARMERS,
    FENCE,
    MARKET,
    PROGRESS_TOKENS,
    REUSE_COST,
    REWARDS,
    TILES,
    VALUE_SHEEP,
    WORKER_EFFECTS,
    WORKER_MAX,
)
from meeple.games.lowlands.farm import (
    EDGE_CELLS,
    NCELLS,
    NEDGES,
    TERRAIN_MASK,
    bridges,
    capacity,
    enclosed_mask,
    enclosing_edges,
)
from meeple.games.lowlands.phases import (
    ASK,
    AT,
    CONTRIB,
    DISCARD,
    DRAWING,
    FENCING,
    FPLACE,
    HELP,
    INCOME,
    NR,
    NS,
    PAY,
    PICK,
    PLACE,
    TERRAIN_CODE,
    TOKEN,
    TRADE,
    UPKEEP_OPT,
    WORKER,
    farm_capacity_with_tile,
    payable,
)
from meeple.games.lowlands.player import Player
from meeple.i18n import Text

ALL_EDGES = (1 << NEDGES) - 1
#: the Action of a code, at C speed (legal lists are built on every decision of a playout)
ACTION_OF = tuple(X.ACTIONS).__getitem__
#: more action points than any tile costs
ANY_POINTS = 1 << 30
#: per tile, the squares of its terrain (every square for a tile without one)
TILE_SQUARES: tuple[int, ...] = tuple(TERRAIN_MASK[TERRAIN_CODE[t.terrain]] for t in TILES)
#: per tile, the action space whose points it raises by one (-1: none)
AP_SPACE: tuple[int, ...] = tuple(t.n if t.effect == "ap" else -1 for t in TILES)


@lru_cache(maxsize=1 << 14)
def movable_fences(
    fences: int, buildings: int, covered: int, feeders: int, troughs: int, on_tiles: int,
    sheep: int, lifted: int,
) -> int:
    """Mask of the fences that can go to another edge, not one in ``lifted``, and keep
    ``sheep`` housed. Cached: farms repeat a lot (every game starts with the same one)."""
    out = 0
    for e in _movable_edges(fences, buildings, covered, feeders, troughs, on_tiles, sheep, lifted):
        out |= 1 << e
    return out


@lru_cache(maxsize=1 << 14)
def any_movable_fence(
    fences: int, buildings: int, covered: int, feeders: int, troughs: int, on_tiles: int,
    sheep: int, lifted: int,
) -> bool:
    """Whether some fence can move (``movable_fences`` is not 0), found without working
    out the others: most farms have a fence that moves freely."""
    return next(_movable_edges(fences, buildings, covered, feeders, troughs, on_tiles, sheep, lifted), -1) >= 0


def _movable_edges(
    fences: int, buildings: int, covered: int, feeders: int, troughs: int, on_tiles: int,
    sheep: int, lifted: int,
) -> Iterator[int]:
    """The fences that can move, lowest edge first (see ``movable_fences``).

    Without a Feeding Trough a new fence never loses housing, so a fence whose lifting
    keeps every sheep housed can go anywhere free. Lifting any other fence opens its
    pasture P, which then hangs off the open land by the lifted edge alone; a single
    fence can then only house more by being a bridge of the farm's open land (``farm.
    enclosing_edges``: it encloses that bridge's far side, with P if P hangs there) or a
    bridge inside P. The bridges' gains are worked out once per farm (``_bridge_gains``).
    """
    cap = capacity(fences, buildings, covered, feeders, troughs, on_tiles)
    inside = enclosed_mask(fences, buildings)
    for e in range(NEDGES):
        if not fences >> e & 1:
            continue
        without = fences & ~(1 << e)
        free = ALL_EDGES & ~(without | lifted | 1 << e)
        if not free:
            continue
        a, b = EDGE_CELLS[e]
        if troughs or _opens(a, b, inside, buildings) or _opens(b, a, inside, buildings):
            left = capacity(without, buildings, covered, feeders, troughs, on_tiles)
        else:
            left = cap  # not between a pasture and open land: lifting it opens nothing
        if troughs:  # a fence can also split a doubled pasture: try every edge
            if any(free >> e2 & 1 and capacity(without | 1 << e2, buildings, covered, feeders, troughs,
                                               on_tiles) >= sheep for e2 in range(NEDGES)):
                yield e
            continue
        if left >= sheep:
            yield e
            continue
        opened = inside & ~enclosed_mask(without, buildings)
        outer = next((c for c in EDGE_CELLS[e] if c >= 0 and not opened >> c & 1), -1)
        for bridge, far, with_bridge in _bridge_gains(fences, buildings, covered, feeders, on_tiles):
            if not free >> bridge & 1:
                continue
            housed = with_bridge if outer >= 0 and far >> outer & 1 else with_bridge - (cap - left)
            if housed >= sheep:
                yield e
                break
        else:
            # a fence inside P encloses only part of it: with every square of P usable
            # and no Feed Storage, that houses at least one sheep fewer than P did
            if not opened & covered and not feeders and sheep - left > cap - left - 1:
                continue
            if any(
                free >> e2 & 1
                and capacity(without | 1 << e2, buildings, covered, feeders, troughs, on_tiles) >= sheep
                for e2 in bridges(opened, without)
            ):
                yield e


def _opens(a: int, b: int, inside: int, buildings: int) -> bool:
    """Whether a fence between squares ``a`` and ``b`` (-1: off the board) closes a
    pasture square ``a`` from open land or the board's edge."""
    return a >= 0 and bool(inside >> a & 1) and (b < 0 or not (inside | buildings) >> b & 1)


@lru_cache(maxsize=1 << 12)
def _bridge_gains(
    fences: int, buildings: int, covered: int, feeders: int, on_tiles: int
) -> tuple[tuple[int, int, int], ...]:
    """Per bridge of the open land: the edge, the squares a fence there encloses, and
    the farm's capacity with that fence (no Feeding Trough)."""
    inside = enclosed_mask(fences, buildings)
    return tuple(
        (b, enclosed_mask(fences | 1 << b, buildings) & ~inside,
         capacity(fences | 1 << b, buildings, covered, feeders, 0, on_tiles))
        for b in enclosing_edges(fences, buildings)
    )


class LegalMixin:
    """What may be done now: the legal decisions of every phase and why others are refused."""

    def _tile_cells(self, s: int, k: int) -> list[int]:
        """Squares where tile ``k`` may go: free, right terrain, all sheep still housed."""
        p = self.seats[s]
        t = TILES[k]
        farm = p.farm
        cand = TILE_SQUARES[k] & ~farm.covered
        pm = farm.pasture_mask()
        out = []
        for i in range(NCELLS):
            if not cand >> i & 1:
                continue
            if pm >> i & 1 and farm_capacity_with_tile(farm, i, t) < p.sheep:
                continue
            out.append(i)
        return out

    def _has_tile_cell(self, s: int, k: int) -> bool:
        p = self.seats[s]
        farm = p.farm
        cand = TILE_SQUARES[k] & ~farm.covered
        if not cand:
            return False
        pm = farm.pasture_mask()
        if cand & ~pm:
            return True  # open land: the tile houses no sheep there and takes none away
        t, sheep = TILES[k], p.sheep
        return any(
            cand >> i & 1 and farm_capacity_with_tile(farm, i, t) >= sheep for i in range(NCELLS)
        )

    def _feature_fits(self, s: int, ap: int) -> bool:
        """Whether a face-up feature costs at most ``ap`` points and has a square on the
        farm: public facts only (the hand is not consulted)."""
        return any(
            not TILES[k].building and TILES[k].ap <= ap and self._has_tile_cell(s, k)
            for up in self.face_up for k in up
        )

    def _buildable(self, s: int, ap: int, features_only: bool) -> list[int]:
        """The face-up tiles seat ``s`` can build with ``ap`` points (features only after
        a Farmhouse): affordable, a free square for them, a building marker left."""
        return [k for k in self._derived(("build", s, features_only), lambda: self._build_candidates(s, features_only))
                if TILES[k].ap <= ap]

    def _build_candidates(self, s: int, features_only: bool) -> list[int]:
        """``_buildable`` with any number of points, in face-up order."""
        p = self.seats[s]
        waivers = 0 if features_only else p.workers[BUILD] * WORKER_EFFECTS[BUILD].discount
        no_buildings = features_only or p.buildings >= BUILDING_MARKERS
        hand = p.hand
        h0, h1, h2 = hand
        open_land = ~p.farm.covered & ~p.farm.pasture_mask()
        out = []
        for up in self.face_up:
            for k in up:
                t = TILES[k]
                if t.building and no_buildings:
                    continue
                cost = t.cost
                if (cost[0] > h0 or cost[1] > h1 or cost[2] > h2) and not payable(hand, cost, waivers):
                    continue  # (a hand that holds the cost pays it)
                if not TILE_SQUARES[k] & open_land and not self._has_tile_cell(s, k):
                    continue  # (a square of open land always takes the tile)
                out.append(k)
        return out

    # ---- legal actions ----------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        ph = self.phase
        s = self.to_move
        p = self.seats[s]
        out: list[int]
        if ph == PLACE:
            out = self._placements(s)
        elif ph == PICK:
            out = [X.BUILD_TILE[k] for k in self._buildable(s, self.points_left, self.bonus_build)]
            if self.bonus_build or not out:
                out.append(X.STOP)
        elif ph == AT:
            out = [X.AT[i] for i in self._tile_cells(s, self.chosen_tile)]
        elif ph == PAY:
            out = self._payments(p)
        elif ph == CONTRIB:
            out = self._contributions(p)
            if self.units_done > 0 or not out:
                out.append(X.STOP)
        elif ph == HELP:
            out = self._contributions(p) + [X.STOP]
        elif ph == ASK:
            out = [X.ASK[o] for o in range(self.players) if o != s]
            if self.players == 2 and p.coins >= 1:
                out.append(X.ASK_MARKET)
        elif ph == FENCING:
            out = self._fencing(p)
            if self.units_done > 0 or not out:
                out.append(X.STOP)
        elif ph == FPLACE:
            out = [X.FENCE_AT[e] for e in self._fence_spots(p)]
        elif ph == TRADE:
            out = self._trades(p)
            if self.units_done > 0 or not out:
                out.append(X.STOP)
        elif ph == DRAWING:
            out = self._draws()
            if self.drawing_leftover or self.units_done > 0 or not out:
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
        return tuple(map(ACTION_OF, out))

    def _space_ap(self, p: Player, space: int, farmer: int, boost: bool) -> int:
        ap = farmer + p.workers[space] * WORKER_EFFECTS[space].ap + (BOOST_AP if boost else 0)
        for k in p.tiles:
            if AP_SPACE[k] == space:
                ap += 1
        return ap

    def _performable(self, s: int, space: int, ap: int, coins: int) -> bool:
        """Whether the action can change something at least once, with ``coins`` left
        after the placement is paid (rule text (ES), line 146: no action may be skipped
        to keep its points for cards; LL-4, LL-38, LL-39)."""
        p = self.seats[s]
        if space == BUILD:
            return bool(self._buildable(s, ap, False))
        if space == DIKE:
            return bool(self._contributions(p, fresh=True))
        if space == FENCE:
            return self._can_fence(p)
        if space == MARKET:
            return bool(self._trades(p, fresh=True, coins=coins))
        return self._can_draw()

    def _reuse_cost(self, p: Player, space: int) -> int:
        return max(0, REUSE_COST[p.farmers.count(space)] - p.effects.get("reuse", 0))

    def _placements(self, s: int) -> list[int]:
        p = self.seats[s]
        out = []
        free_any = []
        costs = [self._reuse_cost(p, space) for space in range(NS)]
        # only "build" depends on the points (tile costs); the others on the space and on
        # the coins left once the placement is paid (the market's price, LL-39)
        other = {
            sp: self._performable(s, sp, 0, p.coins - costs[sp]) for sp in range(1, NS) if costs[sp] <= p.coins
        }
        # "build" can be done with ``ap`` points iff the cheapest tile it could build with
        # any number of points costs at most ``ap`` (one pass instead of one per ``ap``)
        cheapest = -1
        for fi, f in enumerate(FARMERS):
            if p.farmers[fi] >= 0:
                continue
            for space in range(NS):
                cost = costs[space]
                if cost > p.coins:
                    continue
                if cost == 0:
                    free_any.append(X.PLACE[fi][space])
                for boost in (False, True) if p.boost else (False,):
                    if space == BUILD:
                        if cheapest == -1:
                            cheapest = min((TILES[k].ap for k in self._build_candidates(s, False)),
                                           default=ANY_POINTS)
                        ok = self._space_ap(p, space, f, boost) >= cheapest
                    else:
                        ok = other[space]
                    if ok:
                        out.append((X.BOOST if boost else X.PLACE)[fi][space])
        return out or free_any

    def _lock(self) -> int:
        """The resource whose cube is part-way along the track, or -1 (the rule text (FR), line 26)."""
        for t in range(NR):
            if 0 < self.cubes[t] < self.track_length:
                return t
        return -1

    def _contributions(self, p: Player, fresh: bool = False) -> list[int]:
        ws = 0 if fresh else self.workshops_used
        lock = self._lock()
        if lock >= 0:
            types: Sequence[int] = (lock,)
        elif self.options.get("lock_last_type") and self.last_completed >= 0:
            types = [t for t in range(NR) if t != self.last_completed]
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
        need, hand, w = self.owed, p.hand, self.waivers
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
        movable = self._movable(p)
        out += [X.LIFT[e] for e in range(NEDGES) if movable >> e & 1]
        return out

    def _can_fence(self, p: Player) -> bool:
        """Whether the fence action can change the farm at least once."""
        if p.fences_left and any(p.hand):
            return True
        farm = p.farm
        return any_movable_fence(
            farm.fences, farm.buildings, farm.covered, farm.feeders, farm.troughs, farm.on_tiles,
            p.sheep, self.lifted_edges,
        )

    def _movable(self, p: Player) -> int:
        """Mask of the fences that can be moved somewhere that changes the farm: not back
        onto an edge a fence was lifted from in this action (LL-38: that would undo a
        move), and leaving every sheep housed (LL-3)."""
        farm = p.farm
        return movable_fences(
            farm.fences, farm.buildings, farm.covered, farm.feeders, farm.troughs, farm.on_tiles,
            p.sheep, self.lifted_edges,
        )

    def _fence_spots(self, p: Player) -> list[int]:
        farm = p.farm
        fences = farm.fences
        banned = fences | (self.lifted_edges if self.fence_mode == 1 else 0)
        empty = [e for e in range(NEDGES) if not banned >> e & 1]
        if farm.capacity() >= p.sheep and not farm.troughs:
            return empty  # a new fence never loses housing (without a Feeding Trough)
        # the fence must leave every sheep housed (ruling LL-3): a moved fence may have
        # opened a pasture, and a fence splitting a trough's pasture may halve its part
        return [e for e in empty if farm.capacity_with(fences | 1 << e) >= p.sheep]

    def _prices(self, p: Player) -> tuple[int, int]:
        value = VALUE_SHEEP[self.value_space]
        w = p.workers[MARKET] * WORKER_EFFECTS[MARKET].price
        return max(0, value - w), value + w + p.has("shearer")

    def _trades(self, p: Player, fresh: bool = False, coins: int | None = None) -> list[int]:
        """One row, one direction per action (the rule text (FR), line 33). ``coins``:
        what the seat would hold after paying for the placement (LL-39)."""
        buy, _ = self._prices(p)
        row = -1 if fresh else self.market_row
        rdir = 0 if fresh else self.trade_direction
        can_buy = (p.coins if coins is None else coins) >= buy and p.farm.capacity() > p.sheep
        out = []
        for r, spec in enumerate(self.market_rows):
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
        token = PROGRESS_TOKENS[self.token_on_space[self.step_argument]]
        out = [X.TAKE[k] for k in token.options if not (REWARDS[k].boost and p.boost)]
        return out or [X.TAKE[token.options[1]]]

    def _worker_moves(self, s: int) -> list[int]:
        """Assign the free worker, or move an assigned one (the rule text (ES), lines 143-144)."""
        p = self.seats[s]
        room = [p.workers[a] < WORKER_MAX[a] for a in range(NS)]
        out = []
        if p.workers_free:
            out += [X.WORKER[a] for a in range(NS) if room[a]]
        for a in range(NS):
            if p.workers[a]:
                out += [X.SHIFT[a][b] for b in range(NS) if b != a and room[b]]
        return out

    # ---- refusals (in words: refusals.py) ------------------------------------------------
    def why_illegal(self, action: Action) -> Text:
        return refusals.why_illegal(self, action)
