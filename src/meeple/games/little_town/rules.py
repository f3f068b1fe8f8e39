"""Little Town rules as a state machine of small decisions.

A turn (the rule text, lines 19-32) is: optional objective claims (and, with
``exchange=keep``, purchases), then ONE main action: ``place <cell>`` (harvest at
once, then ``activate <cell>`` the adjacent buildings one at a time, claims allowed
between them, ``done`` ends the turn) or ``build <tile>``, ``put <cell>``, optional
claims and ``end``. A lone ``done`` or ``end`` is played automatically only when
public information shows there is nothing else to do (ruling LT-18). The round ends when every worker is out (line
34); ``round_end.py`` fires the specials and feeds the workers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.games.little_town import explain, information, round_end
from meeple.games.little_town.actions import (
    ACTIVATE,
    ACTIVATE_OF,
    ACTIVATING,
    AFTER,
    BUILD,
    BUILD_OF,
    BUY,
    BUY_OF,
    CLAIM,
    CLAIM_OF,
    CLAIM_PHASES,
    DONE,
    DONE_ACTION,
    END,
    END_ACTION,
    FEED,
    FEED_FISH,
    FEED_WHEAT,
    FEEDING,
    GIVE,
    GIVE_OF,
    MAIN,
    PAWN_GIVE,
    PAWN_TAKE,
    PLACE,
    PLACE_OF,
    PUT,
    PUT_OF,
    PUTTING,
    RESIDENCE,
    TAKE,
    TAKE_OF,
)
from meeple.games.little_town.components import (
    ACTIVATABLE,
    BUILDINGS,
    COINS_PER_VP,
    EXCHANGE_COINS,
    FISH,
    MARKET_POOL,
    MARKET_SIZE,
    N_CELLS,
    N_OBJECTIVES,
    NEIGHBOURS,
    OBJECTIVES,
    ROBIN_SET,
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
from meeple.games.little_town.objectives import (
    FISH_FEED_CARD,
    conditions_met,
    dealable_mask,
    market_allows,
)
from meeple.games.little_town.records import (
    NEW_TURN,
    FeedingProgress,
    Meal,
    PawnshopTrade,
    TurnRecord,
)

#: per building kind, precomputed for the hot path
_PAY = tuple(b.pay for b in BUILDINGS)
_PAY_COINS = tuple(b.pay_coins for b in BUILDINGS)
_GAIN = tuple(b.gain for b in BUILDINGS)
_GAIN_COINS = tuple(b.gain_coins for b in BUILDINGS)
_GAIN_POINTS = tuple(b.gain_vp for b in BUILDINGS)
_COST = tuple(b.cost for b in BUILDINGS)
_COST_COINS = tuple(b.cost_coins for b in BUILDINGS)
_PAWNSHOP = tuple(b.effect == "pawn" for b in BUILDINGS)
_MIXED = tuple(sum(1 for x in b.pay if x) >= 2 for b in BUILDINGS)
_GRASS = tuple(tuple(c for c in range(N_CELLS) if terrain_gives(s)[c] < 0) for s in (0, 1))
_YIELDS = (terrain_gives(0), terrain_gives(1))
_NO_CARD = ~(1 << FISH_FEED_CARD)


class LittleTownState(State):
    """The meadow, the market, each player's stock and the decision in progress."""

    # ---- setup -----------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        setup = SETUP[players]
        self.workers_per_player = setup.workers
        self.houses_per_player = setup.houses
        self.separate_purchases = options["exchange"] == "keep"
        rng = self.chance()
        board = options["board"]
        self.board_side = (board - 1) if board is not None else rng.randrange(2)
        self.cell_yields = _YIELDS[self.board_side]
        self.grass_cells = _GRASS[self.board_side]
        if options["robin"]:
            market = sorted(ROBIN_SET)
        else:
            market = sorted(rng.sample(MARKET_POOL, MARKET_SIZE))
        self.market = market
        self.starting_market = tuple(market)
        self.dealable_objectives = dealable_mask(market, options["o7"])
        self.wheat_fields_left = WHEAT_FIELDS
        self.building_at = (-1,) * N_CELLS
        self.owner_at = (-1,) * N_CELLS
        self.worker_at = [-1] * N_CELLS
        limited = options["limited_supply"]
        self.supply_cubes = [SUPPLY_CUBES if limited else UNLIMITED] * 4
        self.bank_coins = (SUPPLY_COINS if limited else UNLIMITED) - START_COINS * players
        self.cubes = [[0, 0, 0, 0] for _ in range(players)]
        self.coins = [START_COINS] * players
        self.points = [0] * players
        self.activation_points = [0] * players
        self.cathedral_points = (0,) * players
        self.houses_left = [setup.houses] * players
        self.workers_left = [setup.workers] * players
        self.at_construction_site = [0] * players
        self._deal_objectives(rng, setup.objectives)
        self.round = 1
        self.first_player = rng.randrange(players)  # fact sheet section 5: random
        self.meals: tuple[Meal, ...] = ()
        self.feeding: FeedingProgress | None = None
        self.building_chosen = -1
        self.pawnshop: PawnshopTrade | None = None
        self.start_turn(self.first_player)
        self._settle()
        return self

    def _deal_objectives(self, rng: random.Random, per_seat: int) -> None:
        """Deal secret objectives, replacing (!) cards the market cannot serve (LT-5)."""
        with_placeholder = self.options["o7"]
        cards = [k for k in range(N_OBJECTIVES) if OBJECTIVES[k].provenance != "design" or with_placeholder]
        rng.shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(self.players)]
        set_aside: list[int] = []
        for seat in range(self.players):
            while len(hands[seat]) < per_seat and cards:
                card = cards.pop()
                if market_allows(card, self.market):
                    hands[seat].append(card)
                else:
                    set_aside.append(card)
        self.objectives_in_hand = [tuple(sorted(h)) for h in hands]
        self.objectives_claimed: list[tuple[int, ...]] = [()] * self.players
        #: bit k: public information says this seat does not hold card k (ruling LT-20)
        self.objectives_ruled_out = [0] * self.players
        self.objectives_unused = tuple(sorted(cards + set_aside))

    def clone(self) -> LittleTownState:
        new = LittleTownState.__new__(LittleTownState)
        self._copy_core(new)
        new.workers_per_player = self.workers_per_player
        new.houses_per_player = self.houses_per_player
        new.separate_purchases = self.separate_purchases
        new.board_side = self.board_side
        new.cell_yields = self.cell_yields
        new.grass_cells = self.grass_cells
        new.market = self.market.copy()
        new.starting_market = self.starting_market
        new.dealable_objectives = self.dealable_objectives
        new.wheat_fields_left = self.wheat_fields_left
        new.building_at = self.building_at  # tuples, replaced when a building is put
        new.owner_at = self.owner_at
        new.worker_at = self.worker_at.copy()
        new.supply_cubes = self.supply_cubes.copy()
        new.bank_coins = self.bank_coins
        new.cubes = [c.copy() for c in self.cubes]
        new.coins = self.coins.copy()
        new.points = self.points.copy()
        new.activation_points = self.activation_points.copy()
        new.cathedral_points = self.cathedral_points  # a tuple, replaced at round ends
        new.houses_left = self.houses_left.copy()
        new.workers_left = self.workers_left.copy()
        new.at_construction_site = self.at_construction_site.copy()
        new.objectives_in_hand = self.objectives_in_hand.copy()  # of tuples
        new.objectives_claimed = self.objectives_claimed.copy()  # of tuples
        new.objectives_ruled_out = self.objectives_ruled_out.copy()
        new.objectives_unused = self.objectives_unused  # a tuple
        new.round = self.round
        new.first_player = self.first_player
        new.meals = self.meals  # an immutable tuple, replaced when it grows
        new.feeding = self.feeding
        new.building_chosen = self.building_chosen
        new.pawnshop = self.pawnshop
        new.active_seat = self.active_seat
        new.phase = self.phase
        new.worker_cell = self.worker_cell
        new.activated_cells = self.activated_cells
        new.turn = self.turn  # an immutable record
        return new

    # ---- paying ----------------------------------------------------------------
    def can_pay(self, seat: int, cubes: tuple[int, ...], coins: int) -> bool:
        """Cubes first; each missing cube costs 3 coins unless ``exchange=keep`` (LT-3)."""
        wood, stone, wheat, fish = self.cubes[seat]
        need_wood, need_stone, need_wheat, need_fish = cubes
        short = 0
        if need_wood > wood:
            short += need_wood - wood
        if need_stone > stone:
            short += need_stone - stone
        if need_wheat > wheat:
            short += need_wheat - wheat
        if need_fish > fish:
            short += need_fish - fish
        if not short:
            return coins <= self.coins[seat]
        if self.separate_purchases:
            return False
        if self.options["limited_supply"] and not self._supply_has(cubes, self.cubes[seat]):
            return False
        return coins + EXCHANGE_COINS * short <= self.coins[seat]

    def _supply_has(self, cubes: tuple[int, ...], held: list[int]) -> bool:
        """The cubes bought with coins come from the supply (limited supply only)."""
        supply = self.supply_cubes
        return all(need - have <= supply[r] for r, (need, have) in enumerate(zip(cubes, held, strict=True)))

    def _pay(self, seat: int, cubes: tuple[int, ...], coins: int) -> int:
        """Pay cubes (3 coins for each one missing) and coins; the kinds paid as cubes."""
        held = self.cubes[seat]
        supply = self.supply_cubes
        spent = 0
        for r in range(4):
            need = cubes[r]
            if need:
                use = need if need <= held[r] else held[r]
                held[r] -= use
                supply[r] += use
                coins += EXCHANGE_COINS * (need - use)
                if use:
                    spent |= 1 << r
        self.coins[seat] -= coins
        self.bank_coins += coins
        return spent

    def can_give_to_pawnshop(self, seat: int, kind: int) -> bool:
        """A cube held, or (``exchange=use``) 3 coins for one from the supply (LT-14)."""
        if self.cubes[seat][kind]:
            return True
        return (
            not self.separate_purchases
            and self.coins[seat] >= EXCHANGE_COINS
            and self.supply_cubes[kind] > 0
        )

    def can_activate(self, seat: int, cell: int) -> bool:
        kind = self.building_at[cell]
        fee = VISIT_FEE if self.owner_at[cell] != seat else 0
        if _PAWNSHOP[kind]:
            cubes = sum(self.cubes[seat])
            if self.separate_purchases:
                return self.coins[seat] >= fee and cubes >= 2
            return self.coins[seat] - fee >= EXCHANGE_COINS * max(0, 2 - cubes)
        if not self.can_pay(seat, _PAY[kind], fee + _PAY_COINS[kind]):
            return False
        gain, pay, supply = _GAIN[kind], _PAY[kind], self.supply_cubes
        for r in range(4):
            if gain[r] > supply[r] + pay[r]:
                return False
        return _GAIN_COINS[kind] <= self.bank_coins + _PAY_COINS[kind]

    def can_build(self, seat: int, kind: int) -> bool:
        return self.can_pay(seat, _COST[kind], _COST_COINS[kind])

    # ---- what public information says about objectives ---------------------------
    def claimed_mask(self) -> int:
        mask = 0
        for claimed in self.objectives_claimed:
            for card in claimed:
                mask |= 1 << card
        return mask

    def open_objectives(self, seat: int) -> int:
        """Cards ``seat`` may hold as far as the table knows (not claimed, not ruled out)."""
        return self.dealable_objectives & ~self.claimed_mask() & ~self.objectives_ruled_out[seat]

    def could_claim(self, seat: int) -> bool:
        """Whether a claim could be open to ``seat`` now, judged from public information
        only: some card nobody has claimed meets its condition (ruling LT-18)."""
        if self.phase not in CLAIM_PHASES or not self.objectives_in_hand[seat]:
            return False
        unclaimed = self.dealable_objectives & ~self.claimed_mask() & _NO_CARD
        return bool(unclaimed and conditions_met(self, seat, unclaimed))

    # ---- legal moves -----------------------------------------------------------
    def _claims(self, seat: int, out: list[Action]) -> None:
        hand = self.objectives_in_hand[seat]
        if not hand:
            return
        wanted = 0
        for card in hand:
            wanted |= 1 << card
        met = conditions_met(self, seat, wanted)
        for card in hand:
            if met >> card & 1:
                out.append(CLAIM_OF[card])

    def _buys(self, seat: int, out: list[Action]) -> None:
        if self.separate_purchases and self.coins[seat] >= EXCHANGE_COINS:
            supply = self.supply_cubes
            for r in range(4):
                if supply[r]:
                    out.append(BUY_OF[r])

    def _activations(self, seat: int, out: list[Action]) -> None:
        building, activated = self.building_at, self.activated_cells
        for n in NEIGHBOURS[self.worker_cell]:
            kind = building[n]
            if kind >= 0 and ACTIVATABLE[kind] and not activated >> n & 1 and self.can_activate(seat, n):
                out.append(ACTIVATE_OF[n])

    def free_grass(self) -> list[int]:
        building, worker = self.building_at, self.worker_at
        return [c for c in self.grass_cells if building[c] < 0 and worker[c] < 0]

    def _main_actions(self, seat: int, out: list[Action]) -> None:
        building, worker = self.building_at, self.worker_at
        out += [PLACE_OF[c] for c in self.grass_cells if building[c] < 0 and worker[c] < 0]
        if self.houses_left[seat]:
            for kind in self.market:
                if self.can_build(seat, kind):
                    out.append(BUILD_OF[kind])
            if self.wheat_fields_left and self.can_build(seat, WHEAT_FIELD):
                out.append(BUILD_OF[WHEAT_FIELD])

    def _legal_actions(self) -> Sequence[Action]:
        seat = self.to_move
        phase = self.phase
        out: list[Action] = []
        if phase == MAIN:
            self._claims(seat, out)
            self._buys(seat, out)
            self._main_actions(seat, out)
        elif phase in (ACTIVATING, RESIDENCE):
            self._activations(seat, out)
            if phase == ACTIVATING:
                self._claims(seat, out)
            self._buys(seat, out)
            out.append(DONE_ACTION)
        elif phase == PAWN_GIVE:
            out.extend(GIVE_OF[r] for r in range(4) if self.can_give_to_pawnshop(seat, r))
        elif phase == PAWN_TAKE:
            out.extend(TAKE_OF[r] for r in range(4) if self.supply_cubes[r])
        elif phase == PUTTING:
            out.extend(PUT_OF[c] for c in self.free_grass())
        elif phase == AFTER:
            self._claims(seat, out)
            self._buys(seat, out)
            out.append(END_ACTION)
        elif phase == FEEDING:
            out.append(FEED_FISH)
            out.append(FEED_WHEAT)
        return out

    def why_illegal(self, action: Action) -> str:
        return explain.why_illegal(self, int(action))

    # ---- playing ---------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        self.active_seat = seat
        self.to_move = seat
        self.phase = MAIN
        self.worker_cell = -1
        self.activated_cells = 0
        self.turn = NEW_TURN

    def _apply(self, action: Action) -> None:
        code = int(action)
        seat = self.to_move
        if (code < PUT or code in (DONE, END)) and self.phase in CLAIM_PHASES:
            self._note_passed_claims(seat)  # moving on past a claim (ruling LT-20)
        if code < BUILD:
            self._place(seat, code - PLACE)
        elif code < PUT:
            self._choose_building(seat, code - BUILD)
        elif code < ACTIVATE:
            self._put(seat, code - PUT)
        elif code < DONE:
            self._activate(seat, code - ACTIVATE)
        elif code == DONE:
            self._done()
        elif code < TAKE:
            self._give(seat, code - GIVE)
        elif code < BUY:
            self._take(seat, code - TAKE)
        elif code < CLAIM:
            self._buy(seat, code - BUY)
        elif code < FEED:
            self.claim(seat, code - CLAIM)
        elif code < END:
            round_end.feed_one(self, FISH if code == FEED else WHEAT)
        else:
            self._end_turn()
        self._settle()

    def _note_passed_claims(self, seat: int) -> None:
        """Ruling LT-20: validating is always worth it, so a seat that takes its main
        action or ends its turn while a card's condition holds is taken not to hold that
        card (for ``determinize``)."""
        open_cards = self.open_objectives(seat) & _NO_CARD
        if open_cards:
            passed = conditions_met(self, seat, open_cards)
            if passed:
                self.objectives_ruled_out[seat] |= passed

    def claim(self, seat: int, card: int) -> None:
        """Validate ``card``: it is shown and scores at once (rule text line 31)."""
        self.objectives_in_hand[seat] = tuple(k for k in self.objectives_in_hand[seat] if k != card)
        self.objectives_claimed[seat] = (*self.objectives_claimed[seat], card)
        self.points[seat] += OBJECTIVES[card].vp
        self.reveals += 1

    def _place(self, seat: int, cell: int) -> None:
        """Rule text lines 23-25: the worker harvests every adjacent terrain cell."""
        self.worker_at[cell] = seat
        self.workers_left[seat] -= 1
        self.harvest(seat, cell, count=True)
        self.worker_cell = cell
        self.activated_cells = 0
        self.phase = ACTIVATING

    def harvest(self, seat: int, cell: int, count: bool) -> None:
        """One cube per terrain cell around ``cell`` (while the supply lasts); ``count``:
        it is the turn's harvest (objectives O14, O17)."""
        yields, held, supply = self.cell_yields, self.cubes[seat], self.supply_cubes
        kinds = got = 0
        for n in NEIGHBOURS[cell]:
            kind = yields[n]
            if kind >= 0 and supply[kind]:
                held[kind] += 1
                supply[kind] -= 1
                got += 1
                kinds |= 1 << kind
        if count and got:
            turn = self.turn
            self.turn = TurnRecord(turn.harvested_kinds | kinds, turn.harvested + got, *turn[2:])

    def _choose_building(self, seat: int, kind: int) -> None:
        """Rule text line 29: a worker to the construction site, pay the cost."""
        spent = self._pay(seat, _COST[kind], _COST_COINS[kind])
        if spent:
            self.turn = self.turn._replace(spent_kinds=self.turn.spent_kinds | spent)
        self.houses_left[seat] -= 1
        self.workers_left[seat] -= 1
        self.at_construction_site[seat] += 1
        if kind == WHEAT_FIELD:
            self.wheat_fields_left -= 1
        else:
            self.market.remove(kind)
        self.building_chosen = kind
        self.phase = PUTTING

    def _put(self, seat: int, cell: int) -> None:
        """Rule text line 30: on empty grass, marked with a house, its points at once."""
        kind = self.building_chosen
        self.building_at = (*self.building_at[:cell], kind, *self.building_at[cell + 1 :])
        self.owner_at = (*self.owner_at[:cell], seat, *self.owner_at[cell + 1 :])
        self.points[seat] += BUILDINGS[kind].vp
        self.building_chosen = -1
        self.phase = AFTER

    def _activate(self, seat: int, cell: int) -> None:
        """Rule text line 26: own buildings are free, others cost 1 coin to the owner."""
        kind = self.building_at[cell]
        owner = self.owner_at[cell]
        if owner != seat:
            self.coins[seat] -= VISIT_FEE
            self.coins[owner] += VISIT_FEE
        self.activated_cells |= 1 << cell
        # (at the Residence it is nobody's turn: the active seat is none, LT-16)
        turn = self.turn
        if _PAWNSHOP[kind]:
            self.turn = turn._replace(activations=turn.activations + 1)
            self.pawnshop = PawnshopTrade((), 0, self.phase)
            self.phase = PAWN_GIVE
            return
        spent = self._pay(seat, _PAY[kind], _PAY_COINS[kind])
        self.turn = TurnRecord(
            turn.harvested_kinds,
            turn.harvested,
            turn.spent_kinds | spent,
            turn.activations + 1,
            turn.point_activations + (_GAIN_POINTS[kind] > 0),
            turn.mixed_input or _MIXED[kind],
        )
        gain, held, supply = _GAIN[kind], self.cubes[seat], self.supply_cubes
        for r in range(4):
            if gain[r]:
                held[r] += gain[r]
                supply[r] -= gain[r]
        if _GAIN_COINS[kind]:
            self.coins[seat] += _GAIN_COINS[kind]
            self.bank_coins -= _GAIN_COINS[kind]
        if _GAIN_POINTS[kind]:
            self.points[seat] += _GAIN_POINTS[kind]
            self.activation_points[seat] += _GAIN_POINTS[kind]

    def _give(self, seat: int, kind: int) -> None:
        """The Pawnshop takes a cube, or 3 coins buy one from the supply (LT-14)."""
        if self.cubes[seat][kind]:
            self.cubes[seat][kind] -= 1
            self.supply_cubes[kind] += 1
            self.turn = self.turn._replace(spent_kinds=self.turn.spent_kinds | 1 << kind)
        else:
            self.coins[seat] -= EXCHANGE_COINS
            self.bank_coins += EXCHANGE_COINS
        trade = self.pawnshop
        given = (*trade.given, kind)
        if len(given) < 2:
            self.pawnshop = trade._replace(given=given)
            return
        if given[0] != given[1]:
            self.turn = self.turn._replace(mixed_input=True)
        self.pawnshop = trade._replace(given=given)
        self.phase = PAWN_TAKE

    def _take(self, seat: int, kind: int) -> None:
        self.cubes[seat][kind] += 1
        self.supply_cubes[kind] -= 1
        trade = self.pawnshop
        if trade.taken == 0:
            self.pawnshop = trade._replace(taken=1)
            return
        self.pawnshop = None
        self.phase = trade.resume

    def _buy(self, seat: int, kind: int) -> None:
        """``exchange=keep``: 3 coins for a cube of one's choice, kept (line 31)."""
        self.coins[seat] -= EXCHANGE_COINS
        self.bank_coins += EXCHANGE_COINS
        self.cubes[seat][kind] += 1
        self.supply_cubes[kind] -= 1

    def _done(self) -> None:
        """After a placement ``done`` also ends the turn: claims and purchases were open
        between the activations, so an ``end`` step would offer nothing new."""
        if self.phase == ACTIVATING:
            self._end_turn()
        else:  # the Residence's activations are over
            round_end.start_feeding(self)

    def _settle(self) -> None:
        """Play a lone ``done``/``end`` when public information implies it (LT-18);
        cache the legal list."""
        while self.to_move is not None:
            legal = self._legal_actions()
            if len(legal) == 1:
                only = int(legal[0])
                if only in (DONE, END) and not self.could_claim(self.to_move):
                    if only == DONE:
                        self._done()
                    else:
                        self._end_turn()
                    continue
            self._legal = tuple(legal)
            return
        self._legal = ()

    def _end_turn(self) -> None:
        following = (self.active_seat + 1) % self.players
        if self.workers_left[following]:
            self.start_turn(following)
        else:
            round_end.end_round(self)

    # ---- results ---------------------------------------------------------------
    def scores(self) -> list[int]:
        """Final points when over; while running, points plus what coins would convert to."""
        if self.to_move is None:
            return self.points.copy()
        return [p + c // COINS_PER_VP for p, c in zip(self.points, self.coins, strict=True)]

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

