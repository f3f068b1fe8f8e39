"""Applying a decision: one handler per kind of action in the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    BUILD,
    BUILDING_ICONS,
    DIKE,
    FARMERS,
    HAND_LIMIT,
    RESOURCES,
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
    PAY,
    PICK,
    TRADE,
)

if TYPE_CHECKING:
    from meeple.games.lowlands.rules import LowlandsState


class MovesMixin:
    """Applying a decision: one handler per kind of action in the table."""

    # ---- applying ------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self.told = ()  # what the steps after this decision did, for the narration
        kind = X.KIND[int(action)]
        MOVES[kind[0]](self, *kind[1:])
        self._run()

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
        got = 0  # coins, cards or sheep the immediate effect brought (told to the narration)
        if e in ("bank", "coins"):
            p.coins += t.n
            got = t.n
        elif e == "cards":
            got = sum(self._draw_deck(p) for _ in range(t.n))
        elif e in ("sheep", "breeding", "trough"):
            got = self._gain_sheep(p, t.n if e == "sheep" else 1)
        elif e in ("association", "dike"):
            # the Dike Association's move takes no progress-token reward (spec §2a)
            agenda.append(("advance", s, t.n, e == "dike"))
        elif e in ("estate", "fences"):
            agenda.append(("free_fence", s, t.n))
        elif e == "farmhouse":
            agenda.append(("restore", self.points_left))
            agenda.append(("bonus_build", s))
        self.told += (("tile", s, t.key, got),)

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
        """A cube at the end: the next segment goes on the dike (the rule text (FR), line 27)."""
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

    def _traded(self, r: int, d: int) -> None:
        self.market_row = r
        self.trade_direction = d
        self.points_left -= 1
        self.units_done += 1
        if self.points_left <= 0:
            self.phase = NONE


# ---- one function per kind of decision (``actions.KIND``) ------------------------------


def do_place(state: LowlandsState, fi: int, space: int, boost: bool) -> None:
    s = state.to_move
    p = state.seats[s]
    p.coins -= state._reuse_cost(p, space)
    p.farmers[fi] = space
    if boost:
        p.boost -= 1
    state.action_space = space
    state.points_left = state._space_ap(p, space, FARMERS[fi], boost)
    state.units_done = 0
    state.agenda.append(("finish",))
    state.phase = (PICK, CONTRIB, FENCING, TRADE, DRAWING)[space]
    if space == DIKE:
        state.workshops_used = 0


def do_build(state: LowlandsState, k: int) -> None:
    state.chosen_tile = k
    state.points_left -= TILES[k].ap
    state.phase = AT


def do_at(state: LowlandsState, sq: int) -> None:
    s = state.to_move
    p = state.seats[s]
    k = state.chosen_tile
    t = TILES[k]
    kind = KIND_OF[t.kind]
    state.face_up[kind].remove(k)
    if state.stacks[kind]:
        state.face_up[kind].append(state.stacks[kind].pop())
        state.reveals += 1
    p.farm.put_tile(
        sq, k, t.building,
        feeder=t.effect == "feed", trough=t.effect == "trough",
        houses=t.n if t.effect == "house" else 0,
    )
    p.tiles.append(k)
    p.effects[t.effect] = p.effects.get(t.effect, 0) + t.n
    state.owed = list(t.cost)
    state.waivers = 0 if state.bonus_build else p.workers[BUILD] * WORKER_EFFECTS[BUILD].discount
    state.phase = PAY


def do_pay(state: LowlandsState, t: int, _t2: int) -> None:
    ph = state.phase
    if ph == PAY:
        state._spend(state.seats[state.to_move], t)
        state._paid(t)
    elif ph in (CONTRIB, HELP):
        state._spend(state.seats[state.to_move], t)
        state._contributed(t, 1)
    elif ph == FENCING:  # buy a fence for one card (the rule text (FR), line 31)
        s = state.to_move
        state._spend(state.seats[s], t)
        state.points_left -= 1
        state.units_done += 1
        state._take_fence(s)
        state.fence_mode = 0
        state.phase = FPLACE


def do_sub(state: LowlandsState, u: int, t: int) -> None:
    state._spend(state.seats[state.to_move], u, 2)
    if state.phase == PAY:
        state._paid(t)
    else:
        state._contributed(t, 2)


def do_waive(state: LowlandsState, t: int) -> None:
    state.waivers -= 1
    state._paid(t)


def do_free(state: LowlandsState, t: int) -> None:
    state.workshops_used |= 1 << t
    state._contributed(t, 0)


def do_stop(state: LowlandsState) -> None:
    ph = state.phase
    if ph == CONTRIB:
        if state.units_done:
            state._end_contrib()
        else:
            state.phase = NONE
    elif ph == HELP:
        state._end_help()
    elif ph == PICK:
        state.phase = NONE
    else:  # fence, market, draw: the rest of the points become cards
        if ph == DRAWING:
            state.points_left = 0
        state.phase = NONE


def do_ask(state: LowlandsState, o: int) -> None:
    if o >= 0:
        state.helper = o
        state.help_limit = state.units_done
        state.help_given = 0
        state.workshops_used = 0
        state._ask(o, HELP)
        return
    # 2 players: pay a coin to ask the market (the rule text (ES), lines 228-234)
    p = state.seats[state.active_seat]
    p.coins -= 1
    blocked = -1
    shown, moved = [], 0
    # as many cards as were paid (the rule text (ES), line 231, LL-9), or as many as
    # contributions with option market_reveals=contributions
    per_card = state.options.get("market_reveals", "cards") == "cards"
    for _ in range(state.cards_paid if per_card else state.units_done):
        if not state._deck_ready():
            break
        t = state.deck.pop()
        state.reveals += 1
        shown.append(RESOURCES[t])
        lock = state._lock()
        if (lock >= 0 and t == lock) or (lock < 0 and t != blocked):
            moved += 1
            state.cubes[t] += 1
            if state.cubes[t] >= state.track_length:
                state._complete(t)
                blocked = t
        state.discard[t] += 1
    state.told += (("market", tuple(shown), moved),)
    state.phase = NONE


def do_fence(state: LowlandsState, e: int) -> None:
    s = state.to_move
    p = state.seats[s]
    p.farm.add_fence(e)
    mode = state.fence_mode
    state.phase = NONE
    if mode == 2:
        state._take_fence(s)
        state.agenda.append(("free_fence", s, state.step_argument - 1))
    else:
        state.lifted = -1
        state.agenda.append(("fence_resume",))
        # a worker icon uncovered by this fence was queued by _take_fence: run it first
        if len(state.agenda) >= 2 and state.agenda[-2][0] == "worker":
            state.agenda[-1], state.agenda[-2] = state.agenda[-2], state.agenda[-1]


def do_lift(state: LowlandsState, e: int) -> None:
    p = state.seats[state.to_move]
    p.farm.remove_fence(e)
    state.lifted = e
    state.lifted_edges |= 1 << e
    state.points_left -= 1
    state.units_done += 1
    state.fence_mode = 1
    state.phase = FPLACE


def do_buy(state: LowlandsState, r: int) -> None:
    p = state.seats[state.to_move]
    price, _ = state._prices(p)
    p.coins -= price
    p.sheep += 1
    state.market[r] -= 1
    state._traded(r, 1)


def do_sell(state: LowlandsState, r: int) -> None:
    p = state.seats[state.to_move]
    _, price = state._prices(p)
    p.coins += price
    p.sheep -= 1
    state.market[r] += 1
    state._traded(r, 2)


def do_draw(state: LowlandsState, t: int) -> None:
    p = state.seats[state.to_move]
    if t >= 0:
        state.display[t] -= 1
        p.hand[t] += 1
        p.known[t] += 1
    else:
        state._draw_deck(p)
    state.points_left -= 1
    state.units_done += 1
    if state.points_left <= 0:
        state.phase = NONE


def do_take(state: LowlandsState, key: str) -> None:
    s = state.to_move
    p = state.seats[s]
    r = REWARDS[key]
    state.phase = NONE
    p.coins += r.coins
    for _ in range(r.cards):
        state._draw_deck(p)
    if r.sheep:
        state._gain_sheep(p, r.sheep)
    if r.boost:
        p.boost += 1
    if r.fences:
        state.agenda.append(("free_fence", s, r.fences))
    if r.worker:
        state.agenda.append(("worker", s))


def do_worker(state: LowlandsState, a: int, b: int) -> None:
    p = state.seats[state.to_move]
    if a < 0:
        p.workers_free -= 1
    else:
        p.workers[a] -= 1
    p.workers[b] += 1
    state.phase = NONE


def do_skip(state: LowlandsState) -> None:
    state.phase = NONE


def do_income(state: LowlandsState, coin: int) -> None:
    p = state.seats[state.to_move]
    if coin:
        p.coins += 1
    else:
        state._draw_deck(p)
    state.step_argument -= 1
    if state.step_argument <= 0:
        state.phase = NONE


def do_discard(state: LowlandsState, t: int) -> None:
    p = state.seats[state.to_move]
    state._spend(p, t)
    if p.cards <= HAND_LIMIT:
        state.phase = NONE


def do_auction(state: LowlandsState) -> None:
    p = state.seats[state.to_move]
    p.sheep -= 1
    p.coins += VALUE_SHEEP[state.value_space] + 1 + p.has("shearer")
    state.step_argument |= 1
    if not state._upkeep_options(state.to_move):
        state.phase = NONE


def do_silo(state: LowlandsState) -> None:
    p = state.seats[state.to_move]
    p.coins -= 1
    p.sheep += 1
    state.step_argument |= 2
    if not state._upkeep_options(state.to_move):
        state.phase = NONE


#: kind of decision -> the function that applies it
MOVES = {
    "place": do_place,
    "build": do_build,
    "at": do_at,
    "pay": do_pay,
    "sub": do_sub,
    "waive": do_waive,
    "free": do_free,
    "stop": do_stop,
    "ask": do_ask,
    "fence": do_fence,
    "lift": do_lift,
    "buy": do_buy,
    "sell": do_sell,
    "draw": do_draw,
    "take": do_take,
    "worker": do_worker,
    "skip": do_skip,
    "income": do_income,
    "discard": do_discard,
    "auction": do_auction,
    "silo": do_silo,
}
