"""Lowlands rules as a state machine of small decisions.

The game is a fixed program of phases (the rule text (ES), lines 107-115): three stages of
Turn of the Tide, Work, Upkeep, Work, Upkeep, High Tide, then the Storm Tide. The
state keeps an *agenda*, a stack of steps still to run; steps without a choice run
at once, steps with one set ``phase`` and ``to_move`` and wait for an action. Every
decision is one entry of the action table in ``actions.py``.

The state class is put together from mixins: ``steps.py`` (the agenda's steps),
``legal.py`` (legal decisions and refusals), ``moves.py`` (applying a decision);
this module keeps setup, copying, scoring and information.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.core.state import State
from meeple.games.lowlands import information
from meeple.games.lowlands.components import (
    DECK_PER_TYPE,
    FACE_UP,
    FENCES_ON_INCOME,
    FLOOD_CARDS,
    FLOOD_SIX,
    MARKET_ROWS,
    PROGRESS_TOKENS,
    START_COINS,
    START_HAND,
    START_PASTURE,
    START_SHEEP,
    START_WORKER_ON,
    TILE_KINDS,
    TILES,
    TRACK_LENGTH,
    VALUE_DP,
    VALUE_SHEEP,
    VALUE_START,
)
from meeple.games.lowlands.farm import cell, edges_around
from meeple.games.lowlands.legal import LegalMixin
from meeple.games.lowlands.moves import MovesMixin
from meeple.games.lowlands.phases import (
    ASK,
    AT,
    CONTRIB,
    DISCARD,
    DRAWING,
    FENCING,
    FMODE_NAMES,
    FPLACE,
    HELP,
    INCOME,
    NONE,
    NR,
    PAY,
    PHASE_NAMES,
    PICK,
    PLACE,
    TOKEN,
    TRADE,
    UPKEEP_OPT,
    WORKER,
    farm_capacity_with_tile,
    payable,
)
from meeple.games.lowlands.player import Player
from meeple.games.lowlands.steps import StepsMixin


class LowlandsState(StepsMixin, LegalMixin, MovesMixin, State):
    """The whole table; see the module docstring for how turns are cut up."""

    # ---- setup ------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        n = players
        self.track_length = TRACK_LENGTH[n]
        self.seats = [Player() for _ in range(n)]
        # dike markers stacked at random; the top one is the first player (the rule text (ES), lines 59, 103)
        order = list(range(n))
        self.chance().shuffle(order)
        for k, s in enumerate(order):
            self.seats[s].stack_order = k
        self.key_counter = n
        self.first_player = order[-1]
        # progress tokens at random on the first five large spaces (the rule text (ES), line 61)
        tokens = list(range(len(PROGRESS_TOKENS)))
        self.chance().shuffle(tokens)
        self.token_on_space = tokens  # token index lying on TOKEN_SPACES[i]
        self.value_space = VALUE_START
        # resource deck and display (the rule text (ES), line 67)
        deck = [t for t in range(NR) for _ in range(DECK_PER_TYPE)]
        self.chance().shuffle(deck)
        self.deck = deck
        self.discard = [0, 0, 0]
        self.display = [0, 0, 0]
        # market board for the player count (the rule text (ES), lines 69-73)
        self.market_rows = MARKET_ROWS[n]
        self.market = [r.icons for r in self.market_rows]
        self.cubes = [0, 0, 0]
        self.segments_placed = 0
        self.dike = 0
        self.last_completed = -1
        # tiles: shuffled stacks, 3 face up each, players+1 storm tiles (the rule text (ES), lines 75-79)
        self.stacks: list[list[int]] = []
        self.face_up: list[list[int]] = []
        for kind in TILE_KINDS:
            stack = [i for i, t in enumerate(TILES) if t.kind == kind]
            self.chance().shuffle(stack)
            k = n + 1 if kind == "storm" else FACE_UP
            self.face_up.append(stack[:k])
            self.stacks.append([] if kind == "storm" else stack[k:])
        # flood deck (the rule text (ES), line 57: the first game leaves out the 6)
        flood = list(FLOOD_CARDS)
        if options.get("first_game"):
            flood.remove(FLOOD_SIX)
        self.chance().shuffle(flood)
        self.flood_deck = flood
        self.sea: list[list[int]] = []  # [face, revealed 0/1]
        self.flood = 0
        # players (the rule text (FR), line 12, the rule text (ES), lines 85-95)
        start = [cell(c) for c in START_PASTURE]
        for s, p in enumerate(self.seats):
            for e in edges_around(start):
                p.farm.add_fence(e)
            p.fences_left = FENCES_ON_INCOME
            p.sheep = START_SHEEP
            p.coins = START_COINS + (0 if s == self.first_player else 1)
            p.workers[START_WORKER_ON] = 1
            p.workers_free = 1
        for _ in range(START_HAND):
            for p in self.seats:
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
        self.told: tuple[tuple, ...] = ()  # what the automatic steps did (``moves._apply``)
        self._run()
        return self

    def _reset_ctx(self) -> None:
        self.active_seat = -1  # the active player of the current turn
        self.action_space = -1
        self.points_left = 0
        self.units_done = 0
        self.chosen_tile = -1
        self.owed = [0, 0, 0]
        self.waivers = 0
        self.market_row = -1
        self.trade_direction = 0  # 1 buying, 2 selling
        self.lifted = -1  # the edge of the fence in hand while it is being moved
        self.lifted_edges = 0  # mask: edges a fence was lifted from in this action (LL-38)
        self.fence_mode = 0
        self.helper = -1
        self.help_limit = 0
        self.help_given = 0
        self.cards_paid = 0  # cards the active player handed over for the dike (LL-7, LL-9)
        self.helper_cards = 0  # cards the helper handed over (LL-7, LL-8)
        self.workshops_used = 0  # workshops used in the current contribution run
        self.bonus_build = False
        self.drawing_leftover = False
        self.step_argument = 0

    def clone(self) -> LowlandsState:
        new = LowlandsState.__new__(LowlandsState)
        new.__dict__.update(self.__dict__)  # every plain field; the core's are then copied properly
        self._copy_core(new)
        new.seats = [p.copy() for p in self.seats]
        new.token_on_space = self.token_on_space.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.display = self.display.copy()
        new.market = self.market.copy()
        new.cubes = self.cubes.copy()
        new.stacks = [s.copy() for s in self.stacks]
        new.face_up = [s.copy() for s in self.face_up]
        new.flood_deck = self.flood_deck.copy()
        new.sea = [c.copy() for c in self.sea]
        new.tides = self.tides.copy()
        new.owed = self.owed.copy()
        new.agenda = self.agenda.copy()
        return new

    # ---- results -----------------------------------------------------------------------
    def score_parts(self, s: int) -> dict[str, int]:
        """Final scoring (the rule text (ES), lines 215-220); while playing, the same at current values."""
        p = self.seats[s]
        return {
            "dike": p.dike_points * VALUE_DP[self.value_space],
            "sheep": p.sheep * VALUE_SHEEP[self.value_space],
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
        return [max(range(self.players), key=lambda s: (sc[s], self.seats[s].dike_space, self.seats[s].stack_order))]

    # ---- information (information.py) ---------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return information.view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        information.resample(self, seat, rng)


__all__ = [
    "LowlandsState",
    "ASK",
    "AT",
    "CONTRIB",
    "DISCARD",
    "DRAWING",
    "FENCING",
    "FMODE_NAMES",
    "FPLACE",
    "HELP",
    "INCOME",
    "NONE",
    "NR",
    "PAY",
    "PHASE_NAMES",
    "PICK",
    "PLACE",
    "TOKEN",
    "TRADE",
    "UPKEEP_OPT",
    "WORKER",
    "farm_capacity_with_tile",
    "payable",
]
