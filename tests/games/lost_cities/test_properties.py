"""Lost Cities invariants over thousands of random games (Hypothesis picks the seeds)."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.lost_cities.components import RANK_OF, deck
from tests.games.lost_cities.helpers import GAME


def all_cards(s):
    cards = s.hands[0] + s.hands[1] + s.deck
    for row in s.expeditions:
        for col in row:
            cards += col
    for pile in s.discard_piles:
        cards += pile
    return Counter(cards)


def check(s, full):
    assert all_cards(s) == full, "cards are not conserved"
    for row in s.expeditions:
        for col in row:
            ranks = [RANK_OF[k] for k in col]
            numbers = [r for r in ranks if r]
            assert numbers == sorted(set(numbers)), "an expedition does not rise"
            assert ranks == [0] * (len(ranks) - len(numbers)) + numbers, "a wager after a number"
    if s.to_move is not None:
        sizes = sorted(len(h) for h in s.hands)
        assert sizes == ([8, 8] if s.phase == "play" else [7, 8])
    for seat in range(2):
        known = Counter(s.taken_from_piles[seat])
        assert not known - Counter(s.hands[seat]), "a known card is not in that hand"


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), colors=st.sampled_from([5, 6]))
def test_random_matches_conserve_cards_and_keep_expeditions_rising(seed, colors):
    rng = random.Random(seed)
    s = GAME.new(2, seed, colors=colors)
    full = Counter(deck(colors))
    rounds_seen = {1}
    while s.to_move is not None:
        check(s, full)
        s.apply(rng.choice(s.legal_actions()))
        rounds_seen.add(s.round)
    check(s, full)
    assert rounds_seen == {1, 2, 3} and len(s.finished_rounds) == 3
    assert s.scores() == [sum(r.scores[i] for r in s.finished_rounds) for i in range(2)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 200))
def test_determinize_keeps_the_observer_view_and_conserves_cards(seed, plies):
    rng = random.Random(seed)
    s = GAME.new(2, seed, rounds=1)
    for _ in range(plies):
        if s.to_move is None:
            break
        s.apply(rng.choice(s.legal_actions()))
    if s.to_move is None:
        return
    seat = rng.randrange(2)
    d = s.determinize(seat, random.Random(seed + 1))
    assert d.view(seat) == s.view(seat)
    assert all_cards(d) == all_cards(s)
    assert d.seed != s.seed
    while d.to_move is not None:  # a determinization is a playable game
        d.apply(rng.choice(d.legal_actions()))
