"""Lost Cities rules as a state machine of two decisions per turn.

A turn is "play or discard a card" then "draw from the deck or a discard pile"
(rule text 004, "Déroulement d'un tour"); the round ends the moment the last deck
card is drawn ("Fin de la partie"), and a match is ``rounds`` rounds, totals summed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action, ActionSpace
from meeple.core.state import State
from meeple.games.lost_cities.components import (
    CARD_TEXT,
    COLOR_OF,
    COLORS,
    HAND_SIZE,
    N_KINDS,
    RANK_OF,
    WAGER,
    deck,
)
from meeple.games.lost_cities.scoring import score_kinds

# ---- the action table: play k, discard k, draw deck, draw colour ----------
PLAY = 0
DISCARD = N_KINDS
DRAW_DECK = 2 * N_KINDS
DRAW_PILE = DRAW_DECK + 1

ACTIONS = ActionSpace(
    [f"play {t}" for t in CARD_TEXT]
    + [f"discard {t}" for t in CARD_TEXT]
    + ["draw deck"]
    + [f"draw {c.letter}" for c in COLORS],
    example="play R7, discard GH, draw deck, draw R",
)
PLAY_OF = ACTIONS[PLAY:DISCARD]
DISCARD_OF = ACTIONS[DISCARD:DRAW_DECK]
DRAW_DECK_ACTION = ACTIONS[DRAW_DECK]
DRAW_PILE_OF = ACTIONS[DRAW_PILE:]

PLAY_PHASE, DRAW_PHASE = 0, 1


class LostCitiesState(State):
    """Two hands, two rows of expeditions, one discard pile per colour, a deck."""

    hands: list[list[int]]
    expeditions: list[list[list[int]]]
    tops: list[list[int]]  # rank of each expedition's last card, -1 when empty
    discards: list[list[int]]
    deck: list[int]
    known: list[list[int]]
    phase: int
    blocked: int  # colour whose pile may not be drawn this turn (just discarded), or -1
    round: int
    starter: int
    round_scores: list[list[int]]

    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        self.ncolors = options["colors"]
        self.rounds = options["rounds"]
        self.round = 0
        self.round_scores = []
        rng = self.chance()
        self.starter = rng.randrange(2)  # "Déterminez au hasard qui commence"
        self._deal(self.starter)
        return self

    def _deal(self, starter: int) -> None:
        cards = deck(self.ncolors)
        self.chance().shuffle(cards)
        n = self.ncolors
        self.hands = [cards[-HAND_SIZE:], cards[-2 * HAND_SIZE : -HAND_SIZE]]
        del cards[-2 * HAND_SIZE :]
        self.deck = cards
        self.expeditions = [[[] for _ in range(n)] for _ in range(2)]
        self.tops = [[-1] * n for _ in range(2)]
        self.discards = [[] for _ in range(n)]
        self.known = [[], []]
        self.phase = PLAY_PHASE
        self.blocked = -1
        self.round += 1
        self.starter = starter
        self.to_move = starter
        self.reveals += 1

    def clone(self) -> LostCitiesState:
        new = LostCitiesState.__new__(LostCitiesState)
        self._copy_core(new)
        new.ncolors = self.ncolors
        new.rounds = self.rounds
        new.hands = [self.hands[0].copy(), self.hands[1].copy()]
        new.expeditions = [[col.copy() for col in row] for row in self.expeditions]
        new.tops = [self.tops[0].copy(), self.tops[1].copy()]
        new.discards = [pile.copy() for pile in self.discards]
        new.deck = self.deck.copy()
        new.known = [self.known[0].copy(), self.known[1].copy()]
        new.phase = self.phase
        new.blocked = self.blocked
        new.round = self.round
        new.starter = self.starter
        new.round_scores = [r.copy() for r in self.round_scores]
        return new

    # ---- legal moves -----------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        seat = self.to_move
        if self.phase == PLAY_PHASE:
            tops = self.tops[seat]
            out = []
            for k in sorted(set(self.hands[seat])):
                rank = RANK_OF[k]
                top = tops[COLOR_OF[k]]
                if (top <= 0) if rank == WAGER else (rank > top):
                    out.append(PLAY_OF[k])
                out.append(DISCARD_OF[k])
            return out
        out = [DRAW_DECK_ACTION]
        blocked = self.blocked
        for c, pile in enumerate(self.discards):
            if pile and c != blocked:
                out.append(DRAW_PILE_OF[c])
        return out

    def why_illegal(self, action: Action) -> str:
        a = int(action)
        seat = self.to_move
        if a >= DRAW_DECK:
            if self.phase == PLAY_PHASE:
                return "first play or discard a card, then draw"
            c = a - DRAW_PILE
            if c >= self.ncolors:
                return "purple is only in the six-colour game (option colors=6)"
            if c == self.blocked:
                return "you may not draw back the card you just discarded"
            return f"the {COLORS[c].name} discard pile is empty"
        if self.phase == DRAW_PHASE:
            return "you have already played or discarded this turn; now draw a card"
        k = a % N_KINDS
        c = COLOR_OF[k]
        if c >= self.ncolors:
            return "purple is only in the six-colour game (option colors=6)"
        if k not in self.hands[seat]:
            return f"you hold no {CARD_TEXT[k]}"
        last = self.expeditions[seat][c][-1]
        if RANK_OF[k] == WAGER:
            return (
                f"wagers go before the first number; your {COLORS[c].name} "
                f"expedition already has {CARD_TEXT[last]}"
            )
        return (
            f"expeditions rise: {CARD_TEXT[k]} is not higher than {CARD_TEXT[last]}, "
            f"the last card of your {COLORS[c].name} expedition"
        )

    # ---- playing ---------------------------------------------------------
    def _apply(self, action: Action) -> None:
        a = int(action)
        seat = self.to_move
        hand = self.hands[seat]
        if a < DRAW_DECK:
            k = a % N_KINDS
            hand.remove(k)
            known = self.known[seat]
            if k in known:  # ruling LC-8: identical cards, so one fewer is known
                known.remove(k)
            c = COLOR_OF[k]
            if a < DISCARD:
                self.expeditions[seat][c].append(k)
                self.tops[seat][c] = RANK_OF[k]
            else:
                self.discards[c].append(k)
                self.blocked = c
            self.phase = DRAW_PHASE
            return
        if a == DRAW_DECK:
            hand.append(self.deck.pop())
            self.reveals += 1
        else:
            k = self.discards[a - DRAW_PILE].pop()
            hand.append(k)
            self.known[seat].append(k)
        self.phase = PLAY_PHASE
        self.blocked = -1
        if self.deck:
            self.to_move = 1 - seat
        else:
            self._end_round()

    def _end_round(self) -> None:
        """Score the round; deal the next or end the match (spec: the leader starts)."""
        self.round_scores.append([self._expedition_total(s) for s in range(2)])
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

    # ---- results ---------------------------------------------------------
    def totals(self) -> list[int]:
        """The sum of the completed rounds."""
        return [sum(r[s] for r in self.round_scores) for s in range(2)]

    def scores(self) -> list[int]:
        """Completed rounds plus, while a round runs, what the table would score now."""
        totals = self.totals()
        if self.to_move is not None:
            totals = [t + self._expedition_total(s) for s, t in enumerate(totals)]
        return totals

    # ---- information -----------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        letters = [c.letter for c in COLORS[: self.ncolors]]

        def cards(ks):
            return [CARD_TEXT[k] for k in ks]

        view: dict[str, Any] = {
            "game": "lost-cities",
            "seat": seat,
            "colors": letters,
            "round": self.round,
            "rounds": self.rounds,
            "starter": self.starter,
            "to_move": self.to_move,
            "phase": "draw" if self.phase == DRAW_PHASE else "play",
            "blocked": letters[self.blocked] if self.blocked >= 0 else None,
            "expeditions": [
                {letters[c]: cards(col) for c, col in enumerate(row)} for row in self.expeditions
            ],
            "discards": {letters[c]: cards(p) for c, p in enumerate(self.discards)},
            "deck": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "known": [cards(sorted(k)) for k in self.known],
            "round_scores": [list(r) for r in self.round_scores],
            "scores": self.scores(),
        }
        if seat is not None:
            view["hand"] = cards(sorted(self.hands[seat]))
        if self.to_move is None:
            view["winners"] = self.winners()
        return view

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Redeal the other hand's unknown cards and the deck; keep known cards.

        The pool is sorted before it is shuffled, so the true hand and deck order
        cannot steer the world (core replaces the seed: later deals are hidden too).
        """
        other = 1 - seat
        unknown = self.hands[other].copy()
        for k in self.known[other]:
            unknown.remove(k)
        pool = sorted(unknown + self.deck)
        rng.shuffle(pool)
        split = len(unknown)
        self.hands[other] = self.known[other].copy() + pool[:split]
        self.deck = pool[split:]
