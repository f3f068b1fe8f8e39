"""Lost Cities invariants over random games on fixed seeds, checked at every step."""

import random
from collections import Counter

import pytest

from meeple.games.lost_cities.components import RANK_OF, deck
from tests.games.lost_cities.helpers import GAME
from tests.seeds import chunks, each


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


@pytest.mark.parametrize("seeds", chunks(120, size=40))
def test_random_matches_conserve_cards_and_keep_expeditions_rising(seeds):
    each(seeds, random_match)


def random_match(seed: int) -> None:
    """A three-round match of random moves, 5 colours on odd seeds, 6 on even ones."""
    colors = 5 if seed % 2 else 6
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


@pytest.mark.parametrize("seed", range(60))
def test_determinize_keeps_the_observer_view_and_conserves_cards(seed):
    plies = seed * 37 % 201  # from the deal to late in the round
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
