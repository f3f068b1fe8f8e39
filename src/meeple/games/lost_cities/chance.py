"""The deck draw as an explicit chance node (``GAME.chance_outcomes``).

Drawing from the deck is the only chance during a round (the deals happen between
rounds). From the drawing seat's information every card it cannot see (the deck and
the rival's hand, except the cards the rival took from the piles and still holds) is
equally likely to be the top card: that is how ``information.resample`` builds its
worlds, so a tool that enumerates these outcomes and one that samples worlds agree.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.game import ChanceOutcome
from meeple.games.lost_cities.actions import DRAW_DECK, DRAW_PHASE
from meeple.games.lost_cities.components import CARD_TEXT

if TYPE_CHECKING:
    from meeple.games.lost_cities.rules import LostCitiesState


def unseen(state: LostCitiesState, seat: int) -> list[int]:
    """The cards ``seat`` cannot see: the deck and the rival's hand but for the cards it
    is known to hold (taken from the piles)."""
    other = 1 - seat
    hidden = state.hands[other].copy()
    for k in state.taken_from_piles[other]:
        hidden.remove(k)
    return hidden + state.deck


def draw_outcomes(state: LostCitiesState, action: Action) -> list[ChanceOutcome] | None:
    """One outcome per kind of card the deck draw can bring, with its probability for
    the drawing seat; ``None`` for every other action (they hold no chance)."""
    if int(action) != DRAW_DECK or state.phase != DRAW_PHASE or state.to_move is None:
        return None
    seat = state.to_move
    pool = unseen(state, seat)
    counts = Counter(pool)
    out = []
    for kind in sorted(counts):
        world = state.clone()
        _put_on_top(world, seat, kind)
        world.apply(action)
        out.append(ChanceOutcome(counts[kind] / len(pool), CARD_TEXT[kind], world))
    return out


def _put_on_top(world: LostCitiesState, seat: int, kind: int) -> None:
    """Make a card of ``kind`` the deck's top by swapping it with the top card: from the
    deck itself, or from the rival's unknown cards (both are hidden from ``seat``)."""
    deck = world.deck
    if deck[-1] == kind:
        return
    if kind in deck:
        i = deck.index(kind)
        deck[i], deck[-1] = deck[-1], deck[i]
        return
    hand = world.hands[1 - seat]
    hand[hand.index(kind)] = deck[-1]
    deck[-1] = kind
