"""What each seat may see (``view``) and the worlds it cannot tell apart (``resample``).

Hidden: the other hand (except the cards it took from the piles and still holds)
and the deck's order. Everything else is on the table, including how close the
round is to the stall rules' end: the cards that move between two progress turns
are all public, so the repetition counts are too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from meeple.games.lost_cities.actions import DRAW_DECK_ACTION, DRAW_PHASE, DRAW_PILE_OF
from meeple.games.lost_cities.components import CARD_TEXT, COLORS
from meeple.games.lost_cities.scoring import score_kinds
from meeple.games.lost_cities.stalling import IDLE_LIMIT, REPETITION_LIMIT

if TYPE_CHECKING:
    from meeple.games.lost_cities.rules import LostCitiesState


def _cards(codes) -> list[str]:
    return [CARD_TEXT[k] for k in codes]


def view(state: LostCitiesState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: spectators), JSON-ready.

    Keys: see docs/games/lost-cities.md, "What a seat sees".
    """
    letters = [c.letter for c in COLORS[: state.colors]]
    blocked = state.blocked_pile
    out: dict[str, Any] = {
        "game": "lost-cities",
        "seat": seat,
        "colors": letters,
        "round": state.round,
        "rounds": state.rounds,
        "starter": state.starter,
        "to_move": state.to_move,
        "phase": state.phase,
        "blocked": letters[blocked] if blocked is not None else None,
        "expeditions": [
            {letters[c]: _cards(col) for c, col in enumerate(row)} for row in state.expeditions
        ],
        "discards": {letters[c]: _cards(p) for c, p in enumerate(state.discard_piles)},
        # each column's score as the rules count it, so no client re-implements them
        "expedition_scores": [
            {letters[c]: score_kinds(col) for c, col in enumerate(row)} for row in state.expeditions
        ],
        "deck": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "known": [_cards(sorted(k)) for k in state.taken_from_piles],
        "round_scores": [list(r.scores) for r in state.finished_rounds],
        "round_ends": [r.ended_by for r in state.finished_rounds],
        "scores": state.scores(),
        "stall_limits": (
            {"repetitions": REPETITION_LIMIT, "idle_turns": IDLE_LIMIT} if state.stall_rules else None
        ),
        "repetitions": state.repetition_count,
        "idle_turns": state.idle_turns,
        "ending_draws": _ending_draws(state),
    }
    if seat is not None:
        out["hand"] = _cards(sorted(state.hands[seat]))
    if state.to_move is None:
        out["winners"] = state.winners()
    return out


def _ending_draws(state: LostCitiesState) -> list[str]:
    """The draws that would end the round now (the last deck card, a third repetition,
    the idle limit), in notation; empty outside the draw phase."""
    if state.to_move is None or state.phase != DRAW_PHASE:
        return []
    draws = [DRAW_DECK_ACTION] + [
        DRAW_PILE_OF[c] for c, pile in enumerate(state.discard_piles) if pile and c != state.blocked_pile
    ]
    return [str(a) for a in draws if state.ends_round(a)]


def resample(state: LostCitiesState, seat: int, rng: random.Random) -> None:
    """Redeal the other hand's unknown cards and the deck; keep the cards it is known
    to hold (taken from the piles).

    The pool is sorted before it is shuffled, so the true hand and deck order cannot
    steer the world (core replaces the seed: later deals are hidden too). The stall
    rules' counts are public and stay as they are.
    """
    other = 1 - seat
    unknown = state.hands[other].copy()
    for k in state.taken_from_piles[other]:
        unknown.remove(k)
    pool = sorted(unknown + state.deck)
    rng.shuffle(pool)
    split = len(unknown)
    state.hands[other] = state.taken_from_piles[other].copy() + pool[:split]
    state.deck = pool[split:]
