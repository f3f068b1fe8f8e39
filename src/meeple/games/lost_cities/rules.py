"""Lost Cities rules as a state machine of two decisions per turn.

A turn is "play or discard a card" then "draw from the deck or a discard pile" (the
rule text, lines 22-26); the round ends the moment the last deck card is drawn (line
30) or, under the stall rules (``stall_rules=on``, the default), when a position comes
up for the third time or after 50 idle turns in a row (``stalling.py``, rulings LC-9
and LC-10). A match is ``rounds`` rounds, totals summed (line 38).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.games.lost_cities import explain, information
from meeple.games.lost_cities.actions import (
    DISCARD,
    DISCARD_OF,
    DRAW_DECK,
    DRAW_DECK_ACTION,
    DRAW_PHASE,
    DRAW_PILE,
    DRAW_PILE_OF,
    PLAY_OF,
    PLAY_PHASE,
)
from meeple.games.lost_cities.components import (
    COLOR_OF,
    HAND_SIZE,
    N_KINDS,
    PLAYABLE_BELOW,
    RANK_OF,
    deck,
)
from meeple.games.lost_cities.scoring import score_kinds
from meeple.games.lost_cities.stalling import (
    IDLE_LIMIT,
    MOVE_KEY,
    NO_REPEATS,
    REPETITION_LIMIT,
    SEAT_KEY,
)

#: why a round ended: the last deck card was drawn, a third repetition, the idle limit
END_REASONS = ("deck", "repetition", "idle")


@dataclass(frozen=True)
class RoundResult:
    """A finished round: what each seat scored, the expeditions as they ended (per
    seat, per colour, card codes in play order) and why it ended (``END_REASONS``)."""

    scores: tuple[int, ...]
    expeditions: tuple[tuple[tuple[int, ...], ...], ...]
    ended_by: str


class LostCitiesState(State):
    """Two hands, two rows of expeditions, one discard pile per colour, a deck.

    Cards are codes ``colour * 10 + rank`` (``components.CARD_TEXT`` names them).
    """

    colors: int  # 5, or 6 with purple
    rounds: int
    stall_rules: bool  # the repetition and idle-turn limits are on
    round: int  # 1-based
    starter: int  # who started this round
    hands: list[list[int]]
    expeditions: list[list[list[int]]]  # per seat, per colour, in play order
    top_ranks: list[list[int]]  # per seat, per colour: rank of the last card, -1 if none
    discard_piles: list[list[int]]  # per colour, top last
    deck: list[int]  # top last
    taken_from_piles: list[list[int]]  # per seat: pile cards it took and still holds
    phase: str  # PLAY_PHASE or DRAW_PHASE
    blocked_pile: int | None  # colour just discarded to: not drawable this turn
    idle_turns: int  # idle turns in a row (discard then pile draw)
    position_key: int  # Zobrist key of the cards moved by idle turns since the last progress
    #: turn-start position key -> times seen since the last progress; empty until the
    #: first idle turn after it (until then only one position was seen, once)
    repetitions: dict[int, int]
    finished_rounds: list[RoundResult]

    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        self.colors = options["colors"]
        self.rounds = options["rounds"]
        self.stall_rules = options["stall_rules"] == "on"
        self.round = 0
        self.finished_rounds = []
        rng = self.chance()
        self.starter = rng.randrange(2)  # the rule text, line 18: "au hasard"
        self._deal(self.starter)
        return self

    def _deal(self, starter: int) -> None:
        cards = deck(self.colors)
        self.chance().shuffle(cards)
        n = self.colors
        self.hands = [cards[-HAND_SIZE:], cards[-2 * HAND_SIZE : -HAND_SIZE]]
        del cards[-2 * HAND_SIZE :]
        self.deck = cards
        self.expeditions = [[[] for _ in range(n)] for _ in range(2)]
        self.top_ranks = [[-1] * n for _ in range(2)]
        self.discard_piles = [[] for _ in range(n)]
        self.taken_from_piles = [[], []]
        self.phase = PLAY_PHASE
        self.blocked_pile = None
        self.round += 1
        self.starter = starter
        self.to_move = starter
        self.reveals += 1
        self.idle_turns = 0
        self.position_key = 0
        self.repetitions = NO_REPEATS

    def clone(self) -> LostCitiesState:
        new = LostCitiesState.__new__(LostCitiesState)
        self._copy_core(new)
        new.colors = self.colors
        new.rounds = self.rounds
        new.stall_rules = self.stall_rules
        new.round = self.round
        new.starter = self.starter
        new.hands = [self.hands[0].copy(), self.hands[1].copy()]
        new.expeditions = [[col.copy() for col in row] for row in self.expeditions]
        new.top_ranks = [self.top_ranks[0].copy(), self.top_ranks[1].copy()]
        new.discard_piles = [pile.copy() for pile in self.discard_piles]
        new.deck = self.deck.copy()
        new.taken_from_piles = [self.taken_from_piles[0].copy(), self.taken_from_piles[1].copy()]
        new.phase = self.phase
        new.blocked_pile = self.blocked_pile
        new.idle_turns = self.idle_turns
        new.position_key = self.position_key
        reps = self.repetitions  # positions since the last progress only: at most 51
        new.repetitions = reps.copy() if reps else NO_REPEATS
        new.finished_rounds = self.finished_rounds  # never changed in place: shared
        return new

    # ---- legal moves -----------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        seat = self.to_move
        if self.phase == PLAY_PHASE:
            tops = self.top_ranks[seat]
            out = []
            last = -1
            for k in sorted(self.hands[seat]):
                if k == last:  # a second identical wager
                    continue
                last = k
                if tops[COLOR_OF[k]] < PLAYABLE_BELOW[k]:
                    out.append(PLAY_OF[k])
                out.append(DISCARD_OF[k])
            return out
        out = [DRAW_DECK_ACTION]
        blocked = self.blocked_pile
        if blocked is None:
            blocked = -1  # comparing ints is faster than comparing an int with None
        for c, pile in enumerate(self.discard_piles):
            if pile and c != blocked:
                out.append(DRAW_PILE_OF[c])
        return out

    def why_illegal(self, action: Action) -> str:
        return explain.why_illegal(self, int(action))

    # ---- playing ---------------------------------------------------------
    def _apply(self, action: Action) -> None:
        a = int(action)
        seat = self.to_move
        hand = self.hands[seat]
        if a < DRAW_DECK:  # play or discard
            k = a % N_KINDS
            hand.remove(k)
            taken = self.taken_from_piles[seat]
            if taken and k in taken:  # ruling LC-8: identical cards, so one fewer is known
                taken.remove(k)
            c = COLOR_OF[k]
            if a < DISCARD:
                self.expeditions[seat][c].append(k)
                self.top_ranks[seat][c] = RANK_OF[k]
            else:
                self.discard_piles[c].append(k)
                self.blocked_pile = c
            self.phase = DRAW_PHASE
            return
        self.phase = PLAY_PHASE
        if a == DRAW_DECK:
            deck = self.deck
            hand.append(deck.pop())
            self.reveals += 1
            self.blocked_pile = None
            if not deck:  # the rule text, line 30: the last card ends the round at once
                self._end_round("deck")
                return
            self.to_move = 1 - seat
            if self.idle_turns:  # progress: no earlier position can come back
                self._forget_positions()
            return
        # a pile draw: the deck is not empty (it never is while a round runs)
        pile = self.discard_piles[a - DRAW_PILE]
        k = pile.pop()
        hand.append(k)
        self.taken_from_piles[seat].append(k)
        self.to_move = other = 1 - seat
        blocked = self.blocked_pile
        if blocked is None:  # a card was played this turn: progress
            if self.idle_turns:
                self._forget_positions()
            return
        self.blocked_pile = None
        # an idle turn (discard, then a pile draw): count it and the position it led to
        # (rulings LC-9, LC-10); inline, as random play makes half its turns idle
        moves = MOVE_KEY[seat]
        discarded = self.discard_piles[blocked]
        self.position_key = key = (
            self.position_key + moves[len(discarded) - 1][discarded[-1]] - moves[len(pile)][k]
        )
        self.idle_turns = idle_turns = self.idle_turns + 1
        if self.stall_rules:
            reps = self.repetitions
            if not reps:  # the first idle turn since progress: note where the stretch began
                reps = self.repetitions = {SEAT_KEY[seat]: 1}
            key += SEAT_KEY[other]
            seen = reps.get(key, 0) + 1
            reps[key] = seen
            if seen >= REPETITION_LIMIT:
                self._end_round("repetition")
            elif idle_turns >= IDLE_LIMIT:
                self._end_round("idle")

    def _forget_positions(self) -> None:
        """After progress (a card played or drawn from the deck) no earlier position can
        come back: start counting afresh."""
        self.idle_turns = 0
        self.position_key = 0
        self.repetitions = NO_REPEATS

    def _idle_key_change(self, seat: int, blocked: int, depth: int, k: int) -> int:
        """The key change of an idle turn: the card discarded onto pile ``blocked`` (its
        top now) and card ``k`` taken from a pile with ``depth`` cards under it (the same
        sum ``_apply`` adds inline)."""
        moves = MOVE_KEY[seat]
        discarded = self.discard_piles[blocked]
        return moves[len(discarded) - 1][discarded[-1]] - moves[depth][k]

    def _end_round(self, reason: str) -> None:
        """Score the round; deal the next or end the match (the leader starts next)."""
        result = RoundResult(
            scores=(self._expedition_total(0), self._expedition_total(1)),
            expeditions=tuple(tuple(tuple(col) for col in row) for row in self.expeditions),
            ended_by=reason,
        )
        self.finished_rounds = [*self.finished_rounds, result]
        if self.round >= self.rounds:
            self.to_move = None
            return
        totals = self.totals()
        if totals[0] != totals[1]:
            starter = 0 if totals[0] > totals[1] else 1
        else:  # ruling LC-1: on a tie, the player who did not start this round starts
            starter = 1 - self.starter
        self._deal(starter)

    def _expedition_total(self, seat: int) -> int:
        return sum(score_kinds(col) for col in self.expeditions[seat])

    # ---- the stall rules, as the seat to move sees them --------------------
    def repeats_after(self, action: Action | int) -> int | None:
        """How many times the position after this draw will have come up (the third
        time ends the round); ``None`` when it is progress or the rules are off."""
        a = int(action)
        if not self.stall_rules or self.phase != DRAW_PHASE or a <= DRAW_DECK:
            return None
        blocked = self.blocked_pile
        if blocked is None:  # a card was played this turn: progress
            return None
        seat = self.to_move
        pile = self.discard_piles[a - DRAW_PILE]
        if not pile or not self.repetitions:  # the mover differs from the one position seen
            return 1 if pile else None
        key = (
            self.position_key
            + self._idle_key_change(seat, blocked, len(pile) - 1, pile[-1])
            + SEAT_KEY[1 - seat]
        )
        return self.repetitions.get(key, 0) + 1

    def ends_round(self, action: Action | int) -> bool:
        """Whether this (legal) draw ends the round: the last deck card, a third
        repetition or the idle limit. Public: every seat can tell."""
        a = int(action)
        if self.phase != DRAW_PHASE:
            return False
        if a == DRAW_DECK:
            return len(self.deck) == 1
        seen = self.repeats_after(a)
        if seen is None:
            return False
        return seen >= REPETITION_LIMIT or self.idle_turns + 1 >= IDLE_LIMIT

    @property
    def repetition_count(self) -> int | None:
        """How many times the position at the start of this turn has come up."""
        if not self.stall_rules or self.to_move is None:
            return None
        reps = self.repetitions
        return reps.get(self.position_key + SEAT_KEY[self.to_move], 1) if reps else 1

    # ---- results ---------------------------------------------------------
    def totals(self) -> list[int]:
        """The sum of the completed rounds."""
        totals = [0, 0]
        for result in self.finished_rounds:
            totals[0] += result.scores[0]
            totals[1] += result.scores[1]
        return totals

    def scores(self) -> list[int]:
        """Completed rounds plus, while a round runs, what the table would score now."""
        totals = self.totals()
        if self.to_move is not None:
            totals = [t + self._expedition_total(s) for s, t in enumerate(totals)]
        return totals

    # ---- information -----------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return information.view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        information.resample(self, seat, rng)
