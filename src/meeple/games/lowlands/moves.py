"""Applying a decision: one handler per kind of action in the table."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    BUILD,
    BUILDING_ICONS,
    DIKE,
    FARMERS,
    HAND_LIMIT,
    REWARDS,
    SEGMENTS,
    TILES,
    VALUE_SHEEP,
    WORKER_EFFECTS,
)
from meeple.games.lowlands.phases import (
    AT,
    CONTRIB,
    DRAWING,
    FENCING,
    FPLACE,
    HELP,
    KIND_OF,
    NONE,
    NR,
    PAY,
    PICK,
    TRADE,
)


class MovesMixin:
    """Applying a decision: one handler per kind of action in the table."""

    # ---- applying ------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = X.KIND[int(action)]
        getattr(self, "_do_" + kind[0])(*kind[1:])
        self._run()

    def _do_place(self, fi: int, space: int, boost: bool) -> None:
        s = self.to_move
        p = self.seats[s]
        p.coins -= self._reuse_cost(p, space)
        p.farmers[fi] = space
        if boost:
            p.boost -= 1
        self.action_space = space
        self.points_left = self._space_ap(p, space, FARMERS[fi], boost)
        self.units_done = 0
        self.agenda.append(("finish",))
        self.phase = (PICK, CONTRIB, FENCING, TRADE, DRAWING)[space]
        if space == DIKE:
            self.workshops_used = 0

    def _do_build(self, k: int) -> None:
        self.chosen_tile = k
        self.points_left -= TILES[k].ap
        self.phase = AT

    def _do_at(self, sq: int) -> None:
        s = self.to_move
        p = self.seats[s]
        k = self.chosen_tile
        t = TILES[k]
        kind = KIND_OF[t.kind]
        self.face_up[kind].remove(k)
        if self.stacks[kind]:
            self.face_up[kind].append(self.stacks[kind].pop())
            self.reveals += 1
        p.farm.put_tile(
            sq, k, t.building,
            feeder=t.effect == "feed", trough=t.effect == "trough",
            houses=t.n if t.effect == "house" else 0,
        )
        p.tiles.append(k)
        p.effects[t.effect] = p.effects.get(t.effect, 0) + t.n
        self.owed = list(t.cost)
        self.waivers = 0 if self.bonus_build else p.workers[BUILD] * WORKER_EFFECTS[BUILD].discount
        self.phase = PAY

    def _do_pay(self, t: int, _t2: int) -> None:
        ph = self.phase
        if ph == PAY:
            self._spend(self.seats[self.to_move], t)
            self._paid(t)
        elif ph in (CONTRIB, HELP):
            self._spend(self.seats[self.to_move], t)
            self._contributed(t, 1)
        elif ph == FENCING:  # buy a fence for one card (rules/000 line 31)
            s = self.to_move
            self._spend(self.seats[s], t)
            self.points_left -= 1
            self.units_done += 1
            self._take_fence(s)
            self.fence_mode = 0
            self.phase = FPLACE

    def _do_sub(self, u: int, t: int) -> None:
        self._spend(self.seats[self.to_move], u, 2)
        if self.phase == PAY:
            self._paid(t)
        else:
            self._contributed(t, 2)

    def _do_waive(self, t: int) -> None:
        self.waivers -= 1
        self._paid(t)

    def _do_free(self, t: int) -> None:
        self.workshops_used |= 1 << t
        self._contributed(t, 0)

    def _paid(self, t: int) -> None:
        self.owed[t] -= 1
        if sum(self.owed):
            return
        self.phase = NONE
        self._tile_done(self.to_move, self.chosen_tile)

    def _tile_done(self, s: int, k: int) -> None:
        """The tile is paid: take a building marker, then the immediate effect."""
        p = self.seats[s]
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
            # the Dike Association's move takes no progress-token reward (spec §2a)
            agenda.append(("advance", s, t.n, e == "dike"))
        elif e in ("estate", "fences"):
            agenda.append(("free_fence", s, t.n))
        elif e == "farmhouse":
            agenda.append(("restore", self.points_left))
            agenda.append(("bonus_build", s))

    def _contributed(self, t: int, cards: int) -> None:
        """One resource on the construction site (the rule text (FR), lines 26-28),
        paid with ``cards`` cards (2 for two-for-one, 0 for a workshop)."""
        self.cubes[t] += 1
        if self.cubes[t] >= self.track_length:
            self._complete(t)
        if self.phase == CONTRIB:
            self.points_left -= 1
            self.units_done += 1
            self.cards_paid += cards
            if self.points_left <= 0:
                self._end_contrib()
        else:
            self.help_given += 1
            self.helper_cards += cards
            if self.help_given >= self.help_limit:
                self._end_help()

    def _complete(self, t: int) -> None:
        """A cube at the end: the next segment goes on the dike (rules/000 line 27)."""
        self.cubes[t] = 0
        self.last_completed = t
        if self.segments_placed < len(SEGMENTS):
            self.dike += SEGMENTS[self.segments_placed].length
            self.segments_placed += 1

    def _spaces(self, cards: int, contributions: int) -> int:
        """How far a contributor's marker moves: one space per card handed over (the
        rule text (FR), line 28, LL-7), or per contribution (option ``marker_spaces``)."""
        return cards if self.options.get("marker_spaces", "cards") == "cards" else contributions

    def _end_contrib(self) -> None:
        self.phase = NONE
        self.agenda.append(("ask",))
        self.agenda.append(("advance", self.active_seat, self._spaces(self.cards_paid, self.units_done), True))

    def _end_help(self) -> None:
        """The helper moves; the active player gets the bonus space if the helper paid
        at least one card (the rule text (FR), line 29, LL-8), or contributed at all
        (a workshop included) with option ``helper_bonus=contributed``."""
        self.phase = NONE
        if not self.help_given:
            return
        paid = self.options.get("helper_bonus", "paid") == "paid"
        if self.helper_cards > 0 or not paid:
            self.agenda.append(("advance", self.active_seat, 1, True))  # the bonus space
        self.agenda.append(("advance", self.helper, self._spaces(self.helper_cards, self.help_given), True))

    def _do_stop(self) -> None:
        ph = self.phase
        if ph == CONTRIB:
            if self.units_done:
                self._end_contrib()
            else:
                self.phase = NONE
        elif ph == HELP:
            self._end_help()
        elif ph == PICK:
            self.phase = NONE
        else:  # fence, market, draw: the rest of the points become cards
            if ph == DRAWING:
                self.points_left = 0
            self.phase = NONE

    def _do_ask(self, o: int) -> None:
        if o >= 0:
            self.helper = o
            self.help_limit = self.units_done
            self.help_given = 0
            self.workshops_used = 0
            self._ask(o, HELP)
            return
        # 2 players: pay a coin to ask the market (rules/001 lines 228-234)
        p = self.seats[self.active_seat]
        p.coins -= 1
        blocked = -1
        # as many cards as were paid (the rule text (ES), line 231, LL-9), or as many as
        # contributions with option market_reveals=contributions
        per_card = self.options.get("market_reveals", "cards") == "cards"
        for _ in range(self.cards_paid if per_card else self.units_done):
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
                if self.cubes[t] >= self.track_length:
                    self._complete(t)
                    blocked = t
            self.discard[t] += 1
        self.phase = NONE

    def _do_fence(self, e: int) -> None:
        s = self.to_move
        p = self.seats[s]
        p.farm.add_fence(e)
        mode = self.fence_mode
        self.phase = NONE
        if mode == 2:
            self._take_fence(s)
            self.agenda.append(("free_fence", s, self.step_argument - 1))
        else:
            self.lifted = -1
            self.agenda.append(("fence_resume",))
            # a worker icon uncovered by this fence was queued by _take_fence: run it first
            if len(self.agenda) >= 2 and self.agenda[-2][0] == "worker":
                self.agenda[-1], self.agenda[-2] = self.agenda[-2], self.agenda[-1]

    def _do_lift(self, e: int) -> None:
        p = self.seats[self.to_move]
        p.farm.remove_fence(e)
        self.lifted = e
        self.lifted_edges |= 1 << e
        self.points_left -= 1
        self.units_done += 1
        self.fence_mode = 1
        self.phase = FPLACE

    def _do_buy(self, r: int) -> None:
        p = self.seats[self.to_move]
        price, _ = self._prices(p)
        p.coins -= price
        p.sheep += 1
        self.market[r] -= 1
        self._traded(r, 1)

    def _do_sell(self, r: int) -> None:
        p = self.seats[self.to_move]
        _, price = self._prices(p)
        p.coins += price
        p.sheep -= 1
        self.market[r] += 1
        self._traded(r, 2)

    def _traded(self, r: int, d: int) -> None:
        self.market_row = r
        self.trade_direction = d
        self.points_left -= 1
        self.units_done += 1
        if self.points_left <= 0:
            self.phase = NONE

    def _do_draw(self, t: int) -> None:
        p = self.seats[self.to_move]
        if t >= 0:
            self.display[t] -= 1
            p.hand[t] += 1
            p.known[t] += 1
        else:
            self._draw_deck(p)
        self.points_left -= 1
        self.units_done += 1
        if self.points_left <= 0:
            self.phase = NONE

    def _do_take(self, key: str) -> None:
        s = self.to_move
        p = self.seats[s]
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
        p = self.seats[self.to_move]
        if a < 0:
            p.workers_free -= 1
        else:
            p.workers[a] -= 1
        p.workers[b] += 1
        self.phase = NONE

    def _do_skip(self) -> None:
        self.phase = NONE

    def _do_income(self, coin: int) -> None:
        p = self.seats[self.to_move]
        if coin:
            p.coins += 1
        else:
            self._draw_deck(p)
        self.step_argument -= 1
        if self.step_argument <= 0:
            self.phase = NONE

    def _do_discard(self, t: int) -> None:
        p = self.seats[self.to_move]
        self._spend(p, t)
        if p.cards <= HAND_LIMIT:
            self.phase = NONE

    def _do_auction(self) -> None:
        p = self.seats[self.to_move]
        p.sheep -= 1
        p.coins += VALUE_SHEEP[self.value_space] + 1 + p.has("shearer")
        self.step_argument |= 1
        if not self._upkeep_options(self.to_move):
            self.phase = NONE

    def _do_silo(self) -> None:
        p = self.seats[self.to_move]
        p.coins -= 1
        p.sheep += 1
        self.step_argument |= 2
        if not self._upkeep_options(self.to_move):
            self.phase = NONE

