"""The deck draw as an explicit chance node (``GAME.chance_outcomes``): its outcomes are
the cards the drawing seat cannot see, with probabilities that sum to 1, are the same in
every world it cannot tell apart, and match what drawing in sampled worlds gives."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from meeple.core.position import edited
from meeple.games.lost_cities.actions import DRAW_DECK_ACTION
from tests.games.lost_cities.helpers import GAME, ks, play_out, position


def draw_phase(seed: int):
    """A position in the middle of a round, the seat to move about to draw."""
    state = GAME.new(2, seed, rounds=1)
    rng = random.Random(seed)
    while state.ply < 21 or state.phase != "draw":
        state.apply(rng.choice(state.legal_actions()))
    return state


def drawn(before, after, seat: int) -> str:
    """The card a deck draw brought into ``seat``'s hand (views only)."""
    (card,) = (Counter(after.view(seat)["hand"]) - Counter(before.view(seat)["hand"])).elements()
    return card


@pytest.mark.parametrize("seed", [1, 2])
def test_the_draw_outcomes_sum_to_one_and_match_sampled_worlds(seed):
    state = draw_phase(seed)
    seat = state.to_move
    world = state.determinize(seat, random.Random(seed))
    outcomes = GAME.chance_outcomes(world, DRAW_DECK_ACTION)
    assert math.isclose(sum(o.probability for o in outcomes), 1.0)
    assert len({o.label for o in outcomes}) == len(outcomes)
    by_label = {o.label: o for o in outcomes}
    # the probabilities come from what the seat knows: the same in another world
    other = GAME.chance_outcomes(state.determinize(seat, random.Random(seed + 100)), DRAW_DECK_ACTION)
    assert {o.label: o.probability for o in other} == {o.label: o.probability for o in outcomes}
    # drawing in sampled worlds brings each card about as often as its probability says,
    # and the position that follows is the outcome's, as far as the seat can see
    n = 3000
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    for i in range(n):
        w = state.determinize(seat, rng)
        after = w.clone()
        after.apply(DRAW_DECK_ACTION)
        card = drawn(w, after, seat)
        counts[card] += 1
        if i < 200:
            assert after.view(seat) == by_label[card].state.view(seat)
    assert set(counts) <= set(by_label)
    for label, o in by_label.items():
        p = o.probability
        assert abs(counts[label] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1 / n, label


def test_the_cards_in_view_are_no_outcome_and_copies_add_up():
    # seat 0 holds R2; the rival took B5 from a pile and still holds it: neither can be
    # drawn. Unseen: the rival's seven other cards and the deck's three, where a second
    # yellow wager waits (the rival holds the first)
    state = position("R2 R3 R4 R5 R6 R7 R8 R9", "B5 Y2 Y3 YH GH W2 W3 W4", "RH YH G10")
    state = play_out(state, "discard R9")
    state = edited(state, taken_from_piles=[[], ks("B5")])
    outcomes = {o.label: o.probability for o in GAME.chance_outcomes(state, DRAW_DECK_ACTION)}
    assert "B5" not in outcomes and "R2" not in outcomes
    assert outcomes["YH"] == pytest.approx(2 / 10) and outcomes["G10"] == pytest.approx(1 / 10)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_actions_without_chance_have_no_outcomes():
    state = draw_phase(4)
    pile_draws = [a for a in state.legal_actions() if a != DRAW_DECK_ACTION]
    assert all(GAME.chance_outcomes(state, a) is None for a in pile_draws)
    play = GAME.new(2, 4, rounds=1)
    assert all(GAME.chance_outcomes(play, a) is None for a in play.legal_actions())
