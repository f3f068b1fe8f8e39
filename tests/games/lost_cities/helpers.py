"""Build Lost Cities positions from notation for rule tests, through ``edited``."""

from __future__ import annotations

from meeple import games
from meeple.core.position import edited
from meeple.games.lost_cities.components import CARD_BY_TEXT, COLORS, N_RANKS

GAME = games.get("lost-cities")
LETTERS = [c.letter for c in COLORS]


def ks(texts: str) -> list[int]:
    return [CARD_BY_TEXT[t] for t in texts.split()]


def position(
    hand0: str, hand1: str, deck: str, to_move: int = 0, piles: dict[str, str] | None = None, **options
):
    """A fresh round with the given hands, deck (its top is the last card) and discard
    piles (colour letter -> cards, top last)."""
    state = GAME.new(2, 0, **options)
    fields = {
        "hands": [ks(hand0), ks(hand1)],
        "deck": ks(deck),
        "to_move": to_move,
        "starter": to_move,
    }
    if piles:
        discard_piles = [[] for _ in range(state.colors)]
        for letter, cards in piles.items():
            discard_piles[LETTERS.index(letter)] = ks(cards)
        fields["discard_piles"] = discard_piles
    return edited(state, **fields)


def play_out(state, *moves: str):
    for m in moves:
        state.apply(m)
    return state


def rank_of(text: str) -> int:
    return CARD_BY_TEXT[text] % N_RANKS
