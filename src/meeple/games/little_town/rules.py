"""Little Town rules as a state machine of small decisions.

A turn (rule text 003 lines 19-32) is: optional objective claims (and, with
``exchange=keep``, purchases), then ONE main action, ``place <cell>`` (harvest at
once, then ``activate <cell>`` the adjacent buildings one at a time, ``done``) or
``build <tile>`` followed by ``put <cell>``, then optional claims and ``end``.
Steps where nothing is left to choose are skipped. The round ends when every
worker is out (line 34): the Cathedral scores, the Residence's owner activates its
neighbours, each player feeds their workers (``feed fish``/``feed wheat`` only when
there is a real choice), workers come back and the first player passes on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.games.little_town import information
from meeple.games.little_town.actions import (  # noqa: F401 - re-exported for bots
    ACT,
    ACTIONS,
    ACTIVATE,
    ACTIVATE_OF,
    BUILD,
    BUILD_OF,
    BUY,
    BUY_OF,
    CLAIM,
    CLAIM_OF,
    DONE,
    DONE_ACTION,
    END,
    END_ACTION,
    FEED,
    FEED_FISH,
    FEED_PHASE,
    FEED_WHEAT,
    GIVE,
    GIVE_OF,
    GIVE_PHASE,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLACE_OF,
    POST,
    PRE,
    PUT,
    PUT_OF,
    PUT_PHASE,
    RESID,
    TAKE,
    TAKE_OF,
    TAKE_PHASE,
)
from meeple.games.little_town.components import (
    ACTIVATABLE,
    BUILDINGS,
    CELL_NAMES,
    COINS_PER_VP,
    EXCHANGE_COINS,
    FISH,
    HUNGER_VP,
    MARKET_POOL,
    MARKET_SIZE,
    N_BUILDINGS,
    N_CELLS,
    N_OBJECTIVES,
    NEIGHBOURS,
    OBJECTIVES,
    PLACEHOLDER_OBJECTIVE,
    RESOURCES,
    ROBIN_SET,
    ROUNDS,
    SETUP,
    START_COINS,
    SUPPLY_COINS,
    SUPPLY_CUBES,
    UNLIMITED,
    VISIT_FEE,
    WHEAT,
    WHEAT_FIELD,
    WHEAT_FIELDS,
    terrain_gives,
)
from meeple.games.little_town.objectives import market_allows, met

#: per building kind, precomputed for the hot path
_PAY = tuple(b.pay for b in BUILDINGS)
_PAY_COINS = tuple(b.pay_coins for b in BUILDINGS)
_GAIN = tuple(b.gain for b in BUILDINGS)
_GAIN_COINS = tuple(b.gain_coins for b in BUILDINGS)
_GAIN_VP = tuple(b.gain_vp for b in BUILDINGS)
_COST = tuple(b.cost for b in BUILDINGS)
_COST_COINS = tuple(b.cost_coins for b in BUILDINGS)
_PAWN = tuple(b.effect == "pawn" for b in BUILDINGS)
_MIXED = tuple(sum(1 for x in b.pay if x) >= 2 for b in BUILDINGS)
_EFFECT_CELLS = {"cathedral", "residence", "castle", "watchtower"}
FISH_FEED_CARD = next(i for i, o in enumerate(OBJECTIVES) if o.kind == "fish_feed")
_GRASS = tuple(tuple(c for c in range(N_CELLS) if terrain_gives(s)[c] < 0) for s in (0, 1))
_GIVES = (terrain_gives(0), terrain_gives(1))

# turn_stats indices
H_MASK, H_COUNT, S_MASK, N_ACT, N_VP_ACT, MIXED = range(6)


class LittleTownState(State):
    """The meadow, the market, each player's stock and the decision in progress."""

    gives: tuple[int, ...]
    bld: list[int]
    owner: list[int]
    worker: list[int]
    market: list[int]
    res: list[list[int]]
    coins: list[int]
    vp: list[int]
    hands: list[list[int]]
    claimed: list[list[int]]
    deck: list[int]
    turn_stats: list[int]

    # ---- setup -----------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        setup = SETUP[players]
        self.workers = setup.workers
        self.setup_houses = setup.houses
        self.keep = options["exchange"] == "keep"
        rng = self.chance()
        board = options["board"]
        self.side = (board - 1) if board is not None else rng.randrange(2)
        self.gives = _GIVES[self.side]
        self.grass = _GRASS[self.side]
        if options["robin"]:
            market = sorted(ROBIN_SET)
        else:
            market = sorted(rng.sample(MARKET_POOL, MARKET_SIZE))
        self.market = market
        self.initial_market = tuple(market)
        self.wheat_left = WHEAT_FIELDS
        self.bld = [-1] * N_CELLS
        self.owner = [-1] * N_CELLS
        self.worker = [-1] * N_CELLS
        limited = options["limited_supply"]
        self.supply = [SUPPLY_CUBES if limited else UNLIMITED] * 4
        self.bank = (SUPPLY_COINS if limited else UNLIMITED) - START_COINS * players
        self.res = [[0, 0, 0, 0] for _ in range(players)]
        self.coins = [START_COINS] * players
        self.vp = [0] * players
        self.houses = [setup.houses] * players
        self.left = [setup.workers] * players
        self.site = [0] * players
        # objectives: deal, replacing (!) cards the market cannot serve (ruling LT-5)
        cards = [i for i in range(N_OBJECTIVES) if i != PLACEHOLDER_OBJECTIVE or options["o7"]]
        rng.shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(players)]
        unused: list[int] = []
        for seat in range(players):
            while len(hands[seat]) < setup.objectives and cards:
                card = cards.pop()
                if market_allows(card, market):
                    hands[seat].append(card)
                else:
                    unused.append(card)
        self.hands = [sorted(h) for h in hands]
        self.claimed = [[] for _ in range(players)]
        self.deck = sorted(cards + unused)
        self.round = 1
        self.first = rng.randrange(players)  # spec section 5: random first player
        self.fed: list[tuple[int, int, int, int, int, int]] = []
        self.feed_i = 0
        self.feed_need = -1
        self.feed_rec = [0, 0, 0]
        self.pending = -1
        self.pawn = [0, -1, ACT]  # cubes moved so far, first cube given, phase to return to
        self._start_turn(self.first)
        self._settle()
        return self

    def clone(self) -> LittleTownState:
        new = LittleTownState.__new__(LittleTownState)
        self._copy_core(new)
        new.workers = self.workers
        new.setup_houses = self.setup_houses
        new.keep = self.keep
        new.side = self.side
        new.gives = self.gives
        new.grass = self.grass
        new.market = self.market.copy()
        new.initial_market = self.initial_market
        new.wheat_left = self.wheat_left
        new.bld = self.bld.copy()
        new.owner = self.owner.copy()
        new.worker = self.worker.copy()
        new.supply = self.supply.copy()
        new.bank = self.bank
        new.res = [r.copy() for r in self.res]
        new.coins = self.coins.copy()
        new.vp = self.vp.copy()
        new.houses = self.houses.copy()
        new.left = self.left.copy()
        new.site = self.site.copy()
        new.hands = [h.copy() for h in self.hands]
        new.claimed = [c.copy() for c in self.claimed]
        new.deck = self.deck.copy()
        new.round = self.round
        new.first = self.first
        new.fed = self.fed.copy()
        new.feed_i = self.feed_i
        new.feed_need = self.feed_need
        new.feed_rec = self.feed_rec.copy()
        new.pending = self.pending
        new.pawn = self.pawn.copy()
        new.active = self.active
        new.phase = self.phase
        new.cur = self.cur
        new.activated = self.activated
        new.turn_stats = self.turn_stats.copy()
        return new

    # ---- paying ----------------------------------------------------------------
    def can_pay(self, seat: int, cubes: tuple[int, ...], coins: int) -> bool:
        """Cubes first; each missing cube costs 3 coins unless ``exchange=keep``."""
        res = self.res[seat]
        short = 0
        for r in range(4):
            if cubes[r] > res[r]:
                short += cubes[r] - res[r]
        if short and self.keep:
            return False
        return coins + EXCHANGE_COINS * short <= self.coins[seat]

    def _pay(self, seat: int, cubes: tuple[int, ...], coins: int) -> None:
        res = self.res[seat]
        supply = self.supply
        for r in range(4):
            need = cubes[r]
            if need:
                use = need if need <= res[r] else res[r]
                res[r] -= use
                supply[r] += use
                coins += EXCHANGE_COINS * (need - use)
                if use:
                    self.turn_stats[S_MASK] |= 1 << r
        self.coins[seat] -= coins
        self.bank += coins

    def can_activate(self, seat: int, cell: int) -> bool:
        k = self.bld[cell]
        fee = VISIT_FEE if self.owner[cell] != seat else 0
        if _PAWN[k]:
            return self.coins[seat] >= fee and sum(self.res[seat]) >= 2
        if not self.can_pay(seat, _PAY[k], fee + _PAY_COINS[k]):
            return False
        gain = _GAIN[k]
        supply = self.supply
        pay = _PAY[k]
        for r in range(4):
            if gain[r] > supply[r] + pay[r]:
                return False
        return _GAIN_COINS[k] <= self.bank + _PAY_COINS[k]

    def can_build(self, seat: int, k: int) -> bool:
        return self.can_pay(seat, _COST[k], _COST_COINS[k])

    # ---- legal moves -----------------------------------------------------------
    def _claims(self, seat: int, out: list[Action]) -> None:
        for card in self.hands[seat]:
            if card != FISH_FEED_CARD and met(self, seat, card):
                out.append(CLAIM_OF[card])

    def _buys(self, seat: int, out: list[Action]) -> None:
        if self.keep and self.coins[seat] >= EXCHANGE_COINS:
            supply = self.supply
            for r in range(4):
                if supply[r]:
                    out.append(BUY_OF[r])

    def _activations(self, seat: int, out: list[Action]) -> None:
        bld, activated = self.bld, self.activated
        for n in NEIGHBOURS[self.cur]:
            k = bld[n]
            if k >= 0 and ACTIVATABLE[k] and not activated >> n & 1 and self.can_activate(seat, n):
                out.append(ACTIVATE_OF[n])

    def _free_grass(self) -> list[int]:
        bld, worker = self.bld, self.worker
        return [c for c in self.grass if bld[c] < 0 and worker[c] < 0]

    def _legal_actions(self) -> Sequence[Action]:
        seat = self.to_move
        phase = self.phase
        out: list[Action] = []
        if phase == PRE:
            self._claims(seat, out)
            self._buys(seat, out)
            out.extend(PLACE_OF[c] for c in self._free_grass())
            if self.houses[seat]:
                for k in self.market:
                    if self.can_build(seat, k):
                        out.append(BUILD_OF[k])
                if self.wheat_left and self.can_build(seat, WHEAT_FIELD):
                    out.append(BUILD_OF[WHEAT_FIELD])
        elif phase in (ACT, RESID):
            self._activations(seat, out)
            if phase == ACT:
                self._claims(seat, out)
            self._buys(seat, out)
            out.append(DONE_ACTION)
        elif phase == GIVE_PHASE:
            res = self.res[seat]
            out.extend(GIVE_OF[r] for r in range(4) if res[r])
        elif phase == TAKE_PHASE:
            out.extend(TAKE_OF[r] for r in range(4) if self.supply[r])
        elif phase == PUT_PHASE:
            out.extend(PUT_OF[c] for c in self._free_grass())
        elif phase == POST:
            self._claims(seat, out)
            self._buys(seat, out)
            out.append(END_ACTION)
        elif phase == FEED_PHASE:
            out.append(FEED_FISH)
            out.append(FEED_WHEAT)
        return out

    def why_illegal(self, action: Action) -> str:
        a = int(action)
        seat = self.to_move
        phase = self.phase
        name = PHASE_NAMES[phase]
        if PLACE <= a < PLACE + N_CELLS or BUILD <= a < BUILD + N_BUILDINGS:
            if phase != PRE:
                return f"the main action was already taken this turn (now: {name})"
            if a < BUILD:
                c = a - PLACE
                if self.gives[c] >= 0:
                    return f"{CELL_NAMES[c]} is not grass; workers go on grass only"
                return f"{CELL_NAMES[c]} is taken by a building or a worker"
            k = a - BUILD
            if not self.houses[seat]:
                return "you have no house token left to mark a new building"
            if (k == WHEAT_FIELD and not self.wheat_left) or (k != WHEAT_FIELD and k not in self.market):
                return f"no {BUILDINGS[k].key} is available on the market"
            return f"you cannot pay for the {BUILDINGS[k].key}"
        if PUT <= a < PUT + N_CELLS:
            if phase != PUT_PHASE:
                return "put places a building you have just chosen with build"
            return f"{CELL_NAMES[a - PUT]} is not an empty grass cell"
        if ACTIVATE <= a < ACTIVATE + N_CELLS:
            c = a - ACTIVATE
            if phase not in (ACT, RESID):
                return "buildings are activated right after placing a worker"
            if c not in NEIGHBOURS[self.cur]:
                return f"{CELL_NAMES[c]} is not next to {CELL_NAMES[self.cur]}"
            k = self.bld[c]
            if k < 0:
                return f"there is no building on {CELL_NAMES[c]}"
            if not ACTIVATABLE[k]:
                return f"the {BUILDINGS[k].key} cannot be activated"
            if self.activated >> c & 1:
                return "each building is activated at most once per turn"
            return f"you cannot pay to activate the {BUILDINGS[k].key}"
        if a == DONE:
            return "done ends activations; there are none in progress"
        if GIVE <= a < GIVE + 4:
            if phase != GIVE_PHASE:
                return "give is only used by the pawnshop"
            return f"you have no {RESOURCES[a - GIVE]}"
        if TAKE <= a < TAKE + 4:
            if phase != TAKE_PHASE:
                return "take is only used by the pawnshop, after giving 2 cubes"
            return f"the supply has no {RESOURCES[a - TAKE]} left"
        if BUY <= a < BUY + 4:
            if not self.keep:
                return ("with exchange=use, 3 coins cover a missing cube automatically "
                        "when you pay; there is no separate purchase")
            if phase in (GIVE_PHASE, TAKE_PHASE, PUT_PHASE, FEED_PHASE, OVER):
                return "you can exchange coins for a cube only between the steps of your turn"
            return "you need 3 coins (and a cube in the supply) to exchange"
        if CLAIM <= a < CLAIM + N_OBJECTIVES:
            card = a - CLAIM
            if phase not in (PRE, ACT, POST):
                return "objectives are validated during your own turn"
            if card not in self.hands[seat]:
                return f"you do not hold objective {OBJECTIVES[card].key}"
            if card == FISH_FEED_CARD:
                return "this objective is checked when you feed your workers"
            return f"you do not meet {OBJECTIVES[card].key}: {OBJECTIVES[card].text}"
        if a in (FEED, FEED + 1):
            return "feeding happens at the end of the round"
        if a == END:
            return "finish the main action of your turn first"
        return f"seat {seat} cannot do that now"

    # ---- playing ---------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.active = seat
        self.to_move = seat
        self.phase = PRE
        self.cur = -1
        self.activated = 0
        self.turn_stats = [0, 0, 0, 0, 0, 0]

    def _apply(self, action: Action) -> None:
        a = int(action)
        seat = self.to_move
        if a < BUILD:
            self._place(seat, a - PLACE)
        elif a < PUT:
            k = a - BUILD
            self._pay(seat, _COST[k], _COST_COINS[k])
            self.houses[seat] -= 1
            self.left[seat] -= 1
            self.site[seat] += 1
            if k == WHEAT_FIELD:
                self.wheat_left -= 1
            else:
                self.market.remove(k)
            self.pending = k
            self.phase = PUT_PHASE
        elif a < ACTIVATE:
            c = a - PUT
            k = self.pending
            self.bld[c] = k
            self.owner[c] = seat
            self.vp[seat] += BUILDINGS[k].vp
            self.pending = -1
            self.phase = POST
        elif a < DONE:
            self._activate(seat, a - ACTIVATE)
        elif a == DONE:
            self._done()
        elif a < TAKE:
            r = a - GIVE
            self.res[seat][r] -= 1
            self.supply[r] += 1
            pawn = self.pawn
            self.turn_stats[S_MASK] |= 1 << r
            if pawn[0] == 0:
                pawn[0], pawn[1] = 1, r
            else:
                if r != pawn[1]:
                    self.turn_stats[MIXED] = 1
                pawn[0] = 0
                self.phase = TAKE_PHASE
        elif a < BUY:
            r = a - TAKE
            self.res[seat][r] += 1
            self.supply[r] -= 1
            pawn = self.pawn
            if pawn[0] == 0:
                pawn[0] = 1
            else:
                pawn[0] = 0
                self.phase = pawn[2]
        elif a < CLAIM:
            r = a - BUY
            self.coins[seat] -= EXCHANGE_COINS
            self.bank += EXCHANGE_COINS
            self.res[seat][r] += 1
            self.supply[r] -= 1
        elif a < FEED:
            card = a - CLAIM
            self._claim(seat, card)
        elif a < END:
            r = FISH if a == FEED else WHEAT
            self.res[seat][r] -= 1
            self.supply[r] += 1
            self.feed_need -= 1
            self.feed_rec[0 if r == FISH else 1] += 1
            self._feed_next()
        else:
            self._end_turn()
        self._settle()

    def _claim(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.claimed[seat].append(card)
        self.vp[seat] += OBJECTIVES[card].vp
        self.reveals += 1

    def _place(self, seat: int, c: int) -> None:
        """Rule text lines 23-25: the worker harvests every adjacent terrain cell."""
        self.worker[c] = seat
        self.left[seat] -= 1
        self._harvest(seat, c, self.turn_stats)
        self.cur = c
        self.activated = 0
        self.phase = ACT

    def _harvest(self, seat: int, c: int, stats: list[int]) -> None:
        gives, res, supply = self.gives, self.res[seat], self.supply
        for n in NEIGHBOURS[c]:
            g = gives[n]
            if g >= 0 and supply[g]:
                res[g] += 1
                supply[g] -= 1
                stats[H_COUNT] += 1
                stats[H_MASK] |= 1 << g

    def _activate(self, seat: int, c: int) -> None:
        """Rule text line 26: own buildings are free, others cost 1 coin to the owner."""
        k = self.bld[c]
        own = self.owner[c]
        if own != seat:
            self.coins[seat] -= VISIT_FEE
            self.coins[own] += VISIT_FEE
        self.activated |= 1 << c
        stats = self.turn_stats
        stats[N_ACT] += 1
        if _PAWN[k]:
            self.pawn[0] = 0
            self.pawn[2] = self.phase
            self.phase = GIVE_PHASE
            return
        self._pay(seat, _PAY[k], _PAY_COINS[k])
        if _MIXED[k]:
            stats[MIXED] = 1
        gain = _GAIN[k]
        res, supply = self.res[seat], self.supply
        for r in range(4):
            if gain[r]:
                res[r] += gain[r]
                supply[r] -= gain[r]
        if _GAIN_COINS[k]:
            self.coins[seat] += _GAIN_COINS[k]
            self.bank -= _GAIN_COINS[k]
        if _GAIN_VP[k]:
            self.vp[seat] += _GAIN_VP[k]
            stats[N_VP_ACT] += 1

    def _done(self) -> None:
        if self.phase == ACT:
            self.phase = POST
        else:  # the Residence's activations are over
            self._start_feeding()

    def _settle(self) -> None:
        """Skip steps that offer a single, choiceless action; cache the legal list."""
        while self.to_move is not None:
            legal = self._legal_actions()
            if len(legal) == 1:
                only = int(legal[0])
                if only == DONE:
                    self._done()
                    continue
                if only == END:
                    self._end_turn()
                    continue
            self._legal = tuple(legal)
            return
        self._legal = ()

    # ---- end of turn, round and game -------------------------------------------
    def _end_turn(self) -> None:
        nxt = (self.active + 1) % self.players
        if self.left[nxt]:
            self._start_turn(nxt)
        else:
            self._end_round()

    def _special_cells(self, effect: str) -> list[int]:
        bld = self.bld
        return [c for c in range(N_CELLS) if bld[c] >= 0 and BUILDINGS[bld[c]].effect == effect]

    def _end_round(self) -> None:
        """Rule text line 34: specials fire first (Cathedral, then the Residence)."""
        self.active = -1
        self.turn_stats = [0, 0, 0, 0, 0, 0]
        for c in self._special_cells("cathedral"):
            n = sum(1 for x in NEIGHBOURS[c] if self.worker[x] >= 0)
            self.vp[self.owner[c]] += n * BUILDINGS[self.bld[c]].special_vp
        for c in self._special_cells("residence"):
            own = self.owner[c]
            if self.options["residence_harvest"]:
                self._harvest(own, c, [0] * 6)
            self.cur = c
            self.activated = 0
            self.phase = RESID
            self.to_move = own
            self.pawn[2] = RESID
            return
        self._start_feeding()

    def _start_feeding(self) -> None:
        self.feed_i = 0
        self.feed_need = -1
        self._feed_next()

    def _feed_next(self) -> None:
        """Rule text line 35: each worker eats 1 fish or 1 wheat, else -3 VP.

        Feeding is automatic except when a player holds both fish and wheat and
        more food than workers (ruling LT-8); then each meal is a decision.
        """
        n = self.players
        while self.feed_i < n:
            seat = (self.first + self.feed_i) % n
            if self.feed_need < 0:
                self.feed_need = self.workers
                self.feed_rec = [0, 0, 0]
            res = self.res[seat]
            need = self.feed_need
            if need and res[FISH] and res[WHEAT] and res[FISH] + res[WHEAT] > need:
                self.phase = FEED_PHASE
                self.to_move = seat
                return
            rec = self.feed_rec
            for r, slot in ((FISH, 0), (WHEAT, 1)):
                use = min(res[r], need)
                res[r] -= use
                self.supply[r] += use
                rec[slot] += use
                need -= use
            while need and self.coins[seat] >= EXCHANGE_COINS:
                self.coins[seat] -= EXCHANGE_COINS
                self.bank += EXCHANGE_COINS
                rec[2] += 1
                need -= 1
            self.vp[seat] -= HUNGER_VP * need
            self.fed.append((self.round, seat, rec[0], rec[1], rec[2], need))
            if rec[0] == self.workers and FISH_FEED_CARD in self.hands[seat]:
                self._claim(seat, FISH_FEED_CARD)  # ruling LT-7: validated at feeding
            self.feed_i += 1
            self.feed_need = -1
        self._finish_round()

    def _finish_round(self) -> None:
        """Rule text line 36: workers come back, the first-player marker moves on."""
        worker = self.worker
        for c in range(N_CELLS):
            worker[c] = -1
        n = self.players
        self.site = [0] * n
        self.left = [self.workers] * n
        if self.round == ROUNDS:
            self._end_game()
            return
        self.round += 1
        nxt = (self.first + 1) % n
        if n == 3 and self.round == ROUNDS:
            # line 36: with 3 players the 4th round goes to the fewest VP (ruling LT-10)
            low = min(self.vp)
            nxt = next(s for s in ((nxt + i) % n for i in range(n)) if self.vp[s] == low)
        self.first = nxt
        self._start_turn(nxt)

    def _end_game(self) -> None:
        """Rule text line 38, spec 2.3: Castle and Watchtower, then 1 VP per 3 coins."""
        bld, owner = self.bld, self.owner
        any_owner = self.options["castle"] == "any"
        for c in self._special_cells("castle"):
            own = owner[c]
            n = sum(1 for x in NEIGHBOURS[c] if bld[x] >= 0 and (any_owner or owner[x] == own))
            self.vp[own] += n * BUILDINGS[bld[c]].special_vp
        for c in self._special_cells("watchtower"):
            n = sum(1 for x in NEIGHBOURS[c] if self.gives[x] < 0 and bld[x] < 0)
            self.vp[owner[c]] += n * BUILDINGS[bld[c]].special_vp
        for s in range(self.players):
            self.vp[s] += self.coins[s] // COINS_PER_VP
        self.phase = OVER
        self.active = -1
        self.to_move = None

    # ---- results ---------------------------------------------------------------
    def scores(self) -> list[int]:
        """Final VP when over; while running, VP plus what coins would convert to."""
        if self.to_move is None:
            return self.vp.copy()
        return [v + c // COINS_PER_VP for v, c in zip(self.vp, self.coins, strict=True)]

    def winners(self) -> list[int]:
        scores = self.scores()
        best = max(scores)
        tied = [s for s, v in enumerate(scores) if v == best]
        if len(tied) > 1 and self.options["tiebreak"] == "coins":
            most = max(self.coins[s] % COINS_PER_VP for s in tied)
            tied = [s for s in tied if self.coins[s] % COINS_PER_VP == most]
        return tied

    # ---- information (information.py) --------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return information.view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        information.resample(self, seat, rng)
