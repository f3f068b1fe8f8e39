"""A toy game that leaks through a skipped step, for the checkers' own tests.

Seat 1 holds one hidden card, ``plain`` or ``joker``. After seat 0 says ``go``, seat 1
may ``swap`` only with a joker; with a plain card its lone ``keep`` is auto-played, so
seat 0 sees the turn come straight back: it learns seat 1's card without any reveal.
"""

from __future__ import annotations

from meeple.core import ActionSpace, Game, State

ACTIONS = ActionSpace(["go", "keep", "swap"])
CARDS = ("plain", "joker")


class SkipState(State):
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        self.card = self.chance().randrange(2)
        self.rounds = 0
        self.to_move = 0
        return self

    def clone(self):
        new = SkipState.__new__(SkipState)
        self._copy_core(new)
        new.card, new.rounds = self.card, self.rounds
        return new

    def _legal_actions(self):
        if self.to_move == 0:
            return ACTIONS[0:1]
        return ACTIONS[1:3] if self.card else ACTIONS[1:2]

    def _apply(self, action):
        if int(action) == 0:
            self.to_move = 1
            if not self.card:  # the leak: a lone step skipped on hidden information
                self._next_round()
        else:
            self._next_round()

    def _next_round(self):
        self.rounds += 1
        self.to_move = None if self.rounds == 3 else 0

    def scores(self):
        return [self.rounds, 0]

    def view(self, seat):
        out = {"to_move": self.to_move, "rounds": self.rounds, "phase": None}
        if seat == 1:
            out["card"] = CARDS[self.card]
        return out

    def _resample(self, seat, rng):
        if seat == 0:
            self.card = rng.randrange(2)


class Skipping(Game):
    name = "toy-skip"
    players = range(2, 3)
    actions = ACTIONS
    state_class = SkipState


SKIPPING = Skipping()
SkipState.game = SKIPPING
