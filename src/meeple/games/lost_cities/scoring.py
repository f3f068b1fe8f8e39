"""Expedition scoring (the rule text, lines 30-36) and the score breakdown per seat."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from meeple.core.errors import ParseError
from meeple.games.lost_cities.components import (
    CARD_BY_TEXT,
    CARD_TEXT,
    COLOR_OF,
    COLORS,
    EXPEDITION_COST,
    LONG_BONUS,
    LONG_EXPEDITION,
    RANK_OF,
    VALUE_OF,
    WAGER,
)

if TYPE_CHECKING:
    from meeple.games.lost_cities.rules import LostCitiesState


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


def expedition_parts(cards: Sequence[int]) -> tuple[str, int, int]:
    """One started expedition as a player counts it: ``("(23 - 20) x 2", 6, bonus)``."""
    wagers = sum(1 for k in cards if RANK_OF[k] == WAGER)
    total = sum(VALUE_OF[k] for k in cards)
    formula = f"({total} - {EXPEDITION_COST})" + (f" x {1 + wagers}" if wagers else "")
    bonus = LONG_BONUS if len(cards) >= LONG_EXPEDITION else 0
    return formula, (total - EXPEDITION_COST) * (1 + wagers), bonus


def score_breakdown(state: LostCitiesState) -> list[dict[str, int]]:
    """Per seat, one entry per started expedition of every round (cards, sum, -20,
    multiplier) and one per 8-card bonus; the entries add up to ``scores()``."""
    rounds = [(f"round {i + 1}", r.expeditions) for i, r in enumerate(state.finished_rounds)]
    if state.to_move is not None:
        rounds.append((f"round {state.round} so far", state.expeditions))
    out: list[dict[str, int]] = [{}, {}]
    for label, expeditions in rounds:
        for seat, row in enumerate(expeditions):
            parts = out[seat]
            started = False
            for c, cards in enumerate(row):
                if not cards:
                    continue
                started = True
                formula, points, bonus = expedition_parts(cards)
                name = f"{label} {COLORS[c].name} {' '.join(CARD_TEXT[k] for k in cards)}"
                parts[f"{name}: {formula}"] = points
                if bonus:
                    parts[f"{label} {COLORS[c].name}: {LONG_EXPEDITION}-card bonus"] = bonus
            if not started:
                parts[f"{label}: no expedition"] = 0
    return out
