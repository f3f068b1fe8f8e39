"""Issue 16, "determinization ignores what the opponent's plays reveal": an upper bound.

``peek`` is ``ismcts`` that is told the opponent's true hand (the deck stays hidden and
is redrawn every iteration). No inference from plays can know more than that, so if
``peek`` is not clearly stronger than ``ismcts`` against the same opponent, better
inference about the hand cannot buy much either. A measuring tool, never a bot to
play against: it reads hidden state, so it is registered here only, in this process.

    python benchmarks/lc_peek.py lost-cities --hero peek --against greedy -o rounds=1 -o colors=6 --deals 15

(the arguments of ``meeple panel``).
"""

from __future__ import annotations

import random
import sys

from meeple.bots import plugins
from meeple.bots.ismcts import ISMCTSBot
from meeple.cli import app
from meeple.core.state import State


class PeekingISMCTS(ISMCTSBot):
    name = "peek"

    def _search(self, state: State):  # type: ignore[no-untyped-def]
        seat = state.to_move
        other = 1 - seat
        truth = list(state.hands[other])
        base = type(state).determinize

        def determinize(world_of: State, who: int, rng: random.Random) -> State:
            world = base(world_of, who, rng)
            pool = world.hands[other] + world.deck
            for card in truth:
                pool.remove(card)
            pool.sort()
            rng.shuffle(pool)
            world.hands[other], world.deck = list(truth), pool
            return world

        peeked = state.clone()
        peeked.determinize = determinize.__get__(peeked)  # type: ignore[method-assign]
        return super()._search(peeked)


plugins.register_bot("peek", PeekingISMCTS)  # same parameters as ismcts (its ``params``)

if __name__ == "__main__":
    sys.exit(app(["panel", *sys.argv[1:]]))
