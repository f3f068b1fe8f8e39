"""Build Lost Cities positions from notation for rule tests."""

from __future__ import annotations

from meeple import games
from meeple.games.lost_cities.components import CARD_BY_TEXT, N_RANKS

GAME = games.get("lost-cities")


def ks(texts: str) -> list[int]:
    return [CARD_BY_TEXT[t] for t in texts.split()]


def position(hand0: str, hand1: str, deck: str, to_move: int = 0, **options):
    """A fresh round with the given hands and deck (top of the deck is the last card)."""
    state = GAME.new(2, 0, **options)
    state.hands = [ks(hand0), ks(hand1)]
    state.deck = ks(deck)
    state.to_move = state.starter = to_move
    state._legal = None
    return state


def play_out(state, *moves: str):
    for m in moves:
        state.apply(m)
    return state


def rank_of(text: str) -> int:
    return CARD_BY_TEXT[text] % N_RANKS
