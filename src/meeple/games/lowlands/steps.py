"""The agenda: program steps that run by themselves (one function each, ``STEPS``), and
the card and sheep helpers they share (``StepsMixin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    BASE_INCOME_CARDS,
    DISPLAY_SIZE,
    FARMERS,
    FENCE_ICONS,
    FENCES_ON_INCOME,
    FLOOD_PIECES,
    HAND_LIMIT,
    SEA_SPACES,
    TILES,
    TOKEN_SPACES,
    VALUE_DP,
    VALUE_SHEEP,
)
from meeple.games.lowlands.farm import NEIGHBOURS
from meeple.games.lowlands.phases import (
    ASK,
    DISCARD,
    DRAWING,
    FENCING,
    FPLACE,
    INCOME,
    NONE,
    NR,
    PICK,
    PLACE,
    TOKEN,
    UPKEEP_OPT,
    WORKER,
)
from meeple.games.lowlands.player import Player

if TYPE_CHECKING:
    from meeple.games.lowlands.rules import LowlandsState


class StepsMixin:
    """The card, sheep and agenda helpers the program steps share, and the agenda's runner."""

    # ---- cards ------------------------------------------------------------
    def _deck_ready(self) -> bool:
        """Whether a card can be drawn blind: an empty deck is rebuilt from the discards
        (the rule text (ES), line 147); False when both are empty."""
        if not self.deck:
            if not sum(self.discard):
                return False
            deck = [t for t in range(NR) for _ in range(self.discard[t])]
            self.chance().shuffle(deck)
            self.deck = deck
            self.discard = [0, 0, 0]
        return True

    def _draw_deck(self, p: Player) -> bool:
        """Draw blind into ``p``'s hand."""
        if not self._deck_ready():
            return False
        p.hand[self.deck.pop()] += 1
        self.reveals += 1
        return True

    def _can_draw(self) -> bool:
        return bool(self.deck) or sum(self.discard) > 0 or sum(self.display) > 0

    def _refill_display(self) -> None:
        while sum(self.display) < DISPLAY_SIZE:
            if not self._deck_ready():
                return
            self.display[self.deck.pop()] += 1
            self.reveals += 1

    def _spend(self, p: Player, t: int, n: int = 1) -> None:
        """Cards to the discards. Each card of a type the others saw taken makes one
        known card fewer, whatever else the hand holds (LL-32): identical cards cannot
        be told apart, so what stays known must not depend on the hidden rest."""
        p.hand[t] -= n
        self.discard[t] += n
        p.known[t] = max(0, p.known[t] - n)

    # ---- sheep and farm ------------------------------------------------------
    def _gain_sheep(self, p: Player, n: int) -> int:
        """Take up to ``n`` sheep from the supply; unhoused ones are not taken (the rule text (ES), line 176)."""
        room = p.farm.capacity() - p.sheep
        got = max(0, min(n, room))
        p.sheep += got
        return got

    def _take_fence(self, s: int) -> None:
        """A fence leaves the income board, left to right, uncovering its icon."""
        p = self.seats[s]
        slot = FENCES_ON_INCOME - p.fences_left
        p.fences_left -= 1
        if FENCE_ICONS[slot] == "worker":
            self.agenda.append(("worker", s))

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
            STEPS[step[0]](self, *step[1:])

    def _order(self) -> list[int]:
        n = self.players
        return [(self.first_player + i) % n for i in range(n)]

    # ---- program steps -------------------------------------------------------------
    def _move_marker(self, p: Player, n: int) -> None:
        """Move a dike marker ``n`` spaces; a marker that moves lands on top of any
        marker already there (the tie-break of the rule text (ES), line 226)."""
        if n <= 0:
            return
        p.dike_space += n
        self.key_counter += 1
        p.stack_order = self.key_counter

    def _upkeep_options(self, s: int) -> list[int]:
        p = self.seats[s]
        out = []
        if p.has("auction") and not self.step_argument & 1 and p.sheep > 0:
            out.append(X.AUCTION)
        if p.has("silo") and not self.step_argument & 2 and p.coins >= 1 and p.farm.capacity() > p.sheep:
            out.append(X.SILO)
        return out

    def dike_holds(self) -> bool:
        """Compare levels, then top rows; equal holds (the rule text (ES), lines 182-190).

        Levels of 12 spaces filled left to right make this the same as comparing
        the total lengths, since both stack the same way.
        """
        return self.dike >= self.flood

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
                self._move_marker(p, 2 * (p.dike_points // 3))  # no token rewards (spec §2a)
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


# ---- program steps: one function per kind of agenda entry ----------------------------


def step_tide(state: LowlandsState, stage: int) -> None:
    """Turn of the Tide (the rule text (ES), lines 117-123)."""
    state.stage = stage
    state.agenda.append(("flood_deal",))
    for s in reversed(state._order()):
        state.agenda.append(("handlimit", s))


def step_handlimit(state: LowlandsState, s: int) -> None:
    if state.seats[s].cards > HAND_LIMIT:
        state._ask(s, DISCARD)


def step_flood_deal(state: LowlandsState) -> None:
    state.sea = []
    for _ in range(SEA_SPACES):
        if state.flood_deck:
            state.sea.append([state.flood_deck.pop(), 0])
    step_reveal(state)


def step_reveal(state: LowlandsState) -> None:
    """Turn the leftmost face-down flood card; add its pieces (the rule text (ES), line 163)."""
    for c in state.sea:
        if not c[1]:
            c[1] = 1
            state.flood = min(FLOOD_PIECES, state.flood + c[0])
            state.reveals += 1
            return


def step_work(state: LowlandsState) -> None:
    order = state._order()
    steps = []
    for _ in FARMERS:
        for s in order:
            steps += [("turn", s), ("refill",)]
    state.agenda.extend(reversed(steps))


def step_turn(state: LowlandsState, s: int) -> None:
    state._reset_ctx()
    state.active_seat = s
    state._ask(s, PLACE)


def step_refill(state: LowlandsState) -> None:
    state._refill_display()


def step_finish(state: LowlandsState) -> None:
    """Unused action points: one card each (the rule text (FR), line 24)."""
    if state.points_left > 0 and state._can_draw():
        state.drawing_leftover = True
        state.units_done = 0
        state._ask(state.active_seat, DRAWING)


def step_restore(state: LowlandsState, ap: int) -> None:
    state.points_left = ap
    state.bonus_build = False


def step_bonus_build(state: LowlandsState, s: int) -> None:
    """Farmhouse: build a feature as if with a value-4 farmer (spec §2a).

    Asked whenever a face-up feature fits the points and the farm (public facts),
    even if the hand cannot pay one: skipping the question only for a hand that
    cannot pay would tell everyone so (the forced-step policy, docs/architecture.md).
    """
    state.bonus_build = True
    state.points_left = TILES[state.chosen_tile].n
    if state._feature_fits(s, state.points_left):
        state._ask(s, PICK)
    else:
        state.bonus_build = False


def step_worker(state: LowlandsState, s: int) -> None:
    if state._worker_moves(s):
        state._ask(s, WORKER)


def step_token(state: LowlandsState, s: int, slot: int) -> None:
    state.step_argument = slot
    state._ask(s, TOKEN)


def step_free_fence(state: LowlandsState, s: int, n: int) -> None:
    if n > 0 and state.seats[s].fences_left > 0:
        state.step_argument = n
        state.fence_mode = 2
        state._ask(s, FPLACE)


def step_advance(state: LowlandsState, s: int, n: int, rewards: bool) -> None:
    """Move a dike marker; reaching or passing a token gives a reward (the rule
    text (FR), line 28). The Dike Association's moves take no reward (spec §2a)."""
    p = state.seats[s]
    old = p.dike_space
    state._move_marker(p, n)
    if not rewards:
        return
    pend = []
    for slot, space in enumerate(TOKEN_SPACES):
        if old < space <= p.dike_space and not p.tokens_claimed >> slot & 1:
            p.tokens_claimed |= 1 << slot
            pend.append(("token", s, slot))
    state.agenda.extend(reversed(pend))


def step_ask(state: LowlandsState) -> None:
    state._ask(state.active_seat, ASK)


def step_fence_resume(state: LowlandsState) -> None:
    if state.points_left > 0:
        state._ask(state.active_seat, FENCING)


def step_upkeep(state: LowlandsState, last: bool) -> None:
    """Upkeep (the rule text (ES), lines 150-166); the last one runs only steps 1, 2 and 6."""
    order = state._order()
    steps: list[tuple] = [("upkeep_opt", s) for s in order]
    steps.append(("breed",))
    steps += [("income", s) for s in order]
    if not last:
        steps += [("retrieve",), ("reset_market",), ("first_player",)]
    steps.append(("reveal",))
    state.agenda.extend(reversed(steps))


def step_upkeep_opt(state: LowlandsState, s: int) -> None:
    """Auction House and Fodder Silo act before breeding (spec §2b)."""
    state.step_argument = 0
    if state._upkeep_options(s):
        state._ask(s, UPKEEP_OPT)


def step_breed(state: LowlandsState) -> None:
    """One lamb per two sheep, if it can be housed (the rule text (FR), line 38)."""
    for s in state._order():
        p = state.seats[s]
        lambs = p.sheep // 2
        if p.has("lamb") and p.sheep >= 2:
            lambs += p.has("lamb")
        got = state._gain_sheep(p, lambs)
        if lambs:
            state.told += (("breed", s, lambs, got),)


def step_income(state: LowlandsState, s: int) -> None:
    """Visible income icons, in turn order (the rule text (ES), lines 155-159)."""
    p = state.seats[s]
    icons = p.fence_icons() + p.building_icons()
    cards = BASE_INCOME_CARDS + icons.count("card") + p.has("income_card")
    coins = icons.count("coin") + p.has("income_coin")
    p.coins += coins
    drawn = sum(state._draw_deck(p) for _ in range(cards))
    either = icons.count("either")
    state.told += (("income", s, drawn, coins, either),)
    if either:
        state.step_argument = either
        state._ask(s, INCOME)


def step_retrieve(state: LowlandsState) -> None:
    for p in state.seats:
        p.farmers = [-1, -1, -1]


def step_reset_market(state: LowlandsState) -> None:
    state.market = [r.icons for r in state.market_rows]


def step_first_player(state: LowlandsState) -> None:
    """Furthest on the dike track; ties: the marker on top (the rule text (ES), line 162)."""
    state.first_player = max(range(state.players), key=lambda s: (state.seats[s].dike_space, state.seats[s].stack_order))


def step_high(state: LowlandsState) -> None:
    """High Tide (the rule text (ES), lines 178-204)."""
    dps = [p.dike_points for p in state.seats]
    holds = state.dike_holds()
    if holds:
        low = min(dps)
        for p, dp in zip(state.seats, dps, strict=True):
            p.coins += dp - low
        state.told += (("high", True, tuple(dp - low for dp in dps)),)
        state.value_space = min(len(VALUE_DP) - 1, state.value_space + 1)  # the track ends: LL-37
    else:
        high = max(dps)
        for p, dp in zip(state.seats, dps, strict=True):
            p.breach += high - dp
        state.told += (("high", False, tuple(high - dp for dp in dps)),)
        state.value_space = max(0, state.value_space - 1)
    state.tides.append(holds)
    state.sea = []


def step_storm(state: LowlandsState) -> None:
    """Storm Tide: "!" tiles, the last dike check, then scoring (the rule text (ES), lines 208-220)."""
    for p in state.seats:
        state._bang(p)
    holds = state.dike_holds()
    state.storm_held = holds
    sheep_value = VALUE_SHEEP[state.value_space]
    for s, p in enumerate(state.seats):
        if holds:
            p.breach = 0
            continue
        lose = min(p.breach, p.sheep)
        p.sheep -= lose
        cost = (p.breach - lose) * sheep_value
        paid = min(cost, p.coins)
        p.coins -= paid
        p.penalty = cost - paid
        if p.breach:
            state.told += (("storm", s, lose, paid, p.penalty),)
    state.to_move = None
    state.over = True
    state.agenda.clear()


#: agenda entry name -> the step that runs it
STEPS = {
    "tide": step_tide,
    "handlimit": step_handlimit,
    "flood_deal": step_flood_deal,
    "reveal": step_reveal,
    "work": step_work,
    "turn": step_turn,
    "refill": step_refill,
    "finish": step_finish,
    "restore": step_restore,
    "bonus_build": step_bonus_build,
    "worker": step_worker,
    "token": step_token,
    "free_fence": step_free_fence,
    "advance": step_advance,
    "ask": step_ask,
    "fence_resume": step_fence_resume,
    "upkeep": step_upkeep,
    "upkeep_opt": step_upkeep_opt,
    "breed": step_breed,
    "income": step_income,
    "retrieve": step_retrieve,
    "reset_market": step_reset_market,
    "first_player": step_first_player,
    "high": step_high,
    "storm": step_storm,
}
