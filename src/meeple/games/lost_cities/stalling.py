"""The stall rules: a round also ends on a third repetition or after 50 idle turns.

The rule text ends a round only when the last deck card is drawn (line 30), so two
players who keep discarding and drawing back from the piles never end it (rulings
LC-9 and LC-10). Only *idle* turns (discard, then draw from a pile) can bring back
an earlier position: a card played to an expedition stays there and the deck only
shrinks. So the state remembers positions only since the last progress (a card
played or drawn from the deck), keyed by an additive Zobrist key of the cards that
moved since then. Every card that moves in an idle stretch is public (a discard, a
pile top), so the key, the counts and how close the round is to its end are public
too, and a determinized world keeps them exactly.
"""

from __future__ import annotations

import random

from meeple.games.lost_cities.components import COPIES, N_KINDS

#: the same position (at the start of a turn) for the third time in a round ends it
REPETITION_LIMIT = 3
#: this many idle turns in a row (no card played, none drawn from the deck) end it
IDLE_LIMIT = 50

#: a pile holds cards of one colour only: at most the 12 cards of a colour
PILE_DEPTH = sum(COPIES)

_keys = random.Random("lost-cities position keys, version 1")


def _key() -> int:
    return _keys.getrandbits(60)


_HAND = [[_key() for _ in range(N_KINDS)] for _ in range(2)]
_PILE = [[_key() for _ in range(N_KINDS)] for _ in range(PILE_DEPTH)]

#: added to a turn's position key for the seat to move
SEAT_KEY: tuple[int, int] = (_key(), _key())
#: MOVE_KEY[seat][depth][k]: the key change when ``seat`` discards card ``k`` onto a
#: pile holding ``depth`` cards; drawing that card back subtracts the same amount.
#: Keys add, so identical cards (the three wagers of a colour) need no copy index.
MOVE_KEY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_PILE[d][k] - _HAND[seat][k] for k in range(N_KINDS)) for d in range(PILE_DEPTH))
    for seat in range(2)
)


#: the repetition table of a state that has seen one position since the last progress
#: (shared by every such state: replaced, never changed in place)
NO_REPEATS: dict[int, int] = {}


def turns_bound(cards: int, hand_size: int) -> int:
    """The most turns one round can last under the stall rules, with ``cards`` cards.

    A turn that plays a card or draws from the deck is *progress*; there are at most
    ``cards - 2 * hand_size`` deck draws and ``cards - 2 * hand_size + 1`` plays (the
    other cards are in the hands). Between two progress turns, and before the first
    and after the last, come at most ``IDLE_LIMIT - 1`` idle turns, and one more if
    the idle limit ends the round.
    """
    progress = (cards - 2 * hand_size) + (cards - 2 * hand_size + 1)
    return progress + (IDLE_LIMIT - 1) * (progress + 1) + 1
