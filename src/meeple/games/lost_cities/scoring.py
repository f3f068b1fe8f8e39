"""Expedition scoring (the rule text, lines 30-36) and the score breakdown per seat."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from meeple.core.errors import ParseError
from meeple.games.lost_cities.components import (
    CARD_BY_TEXT,
    COLOR_OF,
    COLORS,
    EXPEDITION_COST,
    LONG_BONUS,
    LONG_EXPEDITION,
    RANK_OF,
    VALUE_OF,
    WAGER,
)
from meeple.games.lost_cities.words import M, color
from meeple.i18n import Text

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


def expedition_parts(cards: Sequence[int]) -> tuple[int, int, int, int]:
    """One started expedition as a player counts it: (sum of its numbers, multiplier,
    points before the bonus, bonus): ``(23, 2, 6, 0)`` reads "(23 - 20) x 2 = 6"."""
    wagers = sum(1 for k in cards if RANK_OF[k] == WAGER)
    total = sum(VALUE_OF[k] for k in cards)
    bonus = LONG_BONUS if len(cards) >= LONG_EXPEDITION else 0
    return total, 1 + wagers, (total - EXPEDITION_COST) * (1 + wagers), bonus


def score_breakdown(state: LostCitiesState) -> list[dict[Text, int]]:
    """Per seat, one entry per started expedition of every round ("round 1, yellow:
    (12 - 20) x 3", colour words in the reader's language) and one per 8-card bonus;
    the entries add up to ``scores()``."""
    rounds: list[tuple[Text, Sequence]] = [
        (M("score.round", round=i + 1), r.expeditions) for i, r in enumerate(state.finished_rounds)
    ]
    if state.to_move is not None:
        rounds.append((M("score.round_so_far", round=state.round), state.expeditions))
    out: list[dict[Text, int]] = [{}, {}]
    for label, expeditions in rounds:
        for seat, row in enumerate(expeditions):
            parts = out[seat]
            started = False
            for c, cards in enumerate(row):
                if not cards:
                    continue
                started = True
                total, factor, points, bonus = expedition_parts(cards)
                which = color(COLORS[c].letter)
                if factor > 1:
                    formula = M("score.formula_wagers", sum=total, cost=EXPEDITION_COST, factor=factor)
                else:
                    formula = M("score.formula", sum=total, cost=EXPEDITION_COST)
                parts[M("score.expedition", round=label, color=which, formula=formula)] = points
                if bonus:
                    parts[M("score.bonus", round=label, color=which, long=LONG_EXPEDITION)] = bonus
            if not started:
                parts[M("score.none", round=label)] = 0
    return out
