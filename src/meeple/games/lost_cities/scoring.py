"""Expedition scoring (rule text 004, "Fin de la partie et décompte des points")."""

from __future__ import annotations

from collections.abc import Iterable

from meeple.core.errors import ParseError
from meeple.games.lost_cities.components import (
    CARD_BY_TEXT,
    COLOR_OF,
    EXPEDITION_COST,
    LONG_BONUS,
    LONG_EXPEDITION,
    RANK_OF,
    VALUE_OF,
    WAGER,
)


def score_kinds(cards: Iterable[int]) -> int:
    """Score one colour's column given as card kinds.

    Empty: 0. Otherwise (sum - 20) x (1 + wagers), negative results multiplied too,
    then +20 (not multiplied) for 8 or more cards, wagers counted.
    """
    n = wagers = total = 0
    for k in cards:
        n += 1
        if RANK_OF[k] == WAGER:
            wagers += 1
        else:
            total += VALUE_OF[k]
    if n == 0:
        return 0
    score = (total - EXPEDITION_COST) * (1 + wagers)
    if n >= LONG_EXPEDITION:
        score += LONG_BONUS
    return score


def expedition_score(cards: list[str]) -> int:
    """Score one colour's column written in notation, e.g. ``["RH", "R2", "R7"]``."""
    kinds = []
    for text in cards:
        k = CARD_BY_TEXT.get(text.strip().upper())
        if k is None:
            raise ParseError(f"{text!r} is not a card; cards look like R7, B10, GH")
        kinds.append(k)
    if len({COLOR_OF[k] for k in kinds}) > 1:
        raise ParseError(f"an expedition holds one colour; got {', '.join(cards)}")
    return score_kinds(kinds)
