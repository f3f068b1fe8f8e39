"""The card-holding playout policy: it plays without gaps, holds a card whose gap may
still fill, plays its best cards when turns run short, starts only colours that pay
and discards what neither seat can use."""

import random

from meeple.core.position import edited
from meeple.games.lost_cities.playout import playout_action
from tests.games.lost_cities.helpers import GAME, ks, position

DECK = "G2 G3 G4 G5 G6 G7 G8 G9 G10 R2 R3 R4 R5 R6 R7 R8 R9 R10 BH BH BH GH GH GH RH RH RH WH WH WH"


def with_table(state, mine=None, theirs=None):
    """Seat 0's and seat 1's expeditions (colour letter -> cards), tops to match."""
    expeditions = [[[] for _ in range(state.colors)] for _ in range(2)]
    tops = [[-1] * state.colors for _ in range(2)]
    for seat, table in enumerate((mine or {}, theirs or {})):
        for letter, cards in table.items():
            c = "YWBGRP".index(letter)
            expeditions[seat][c] = ks(cards)
            tops[seat][c] = expeditions[seat][c][-1] % 10
    return edited(state, expeditions=expeditions, top_ranks=tops)


def move(state) -> str:
    return str(playout_action(state, random.Random(1)))


def test_it_extends_an_expedition_when_nothing_still_obtainable_is_skipped():
    s = with_table(position("Y4 W2 B3 G2 R3 W3 B2 R2", "W9 W10 B9 B10 G9 G10 R9 R10", DECK), {"Y": "Y2 Y3"})
    assert move(s) == "play Y4"
    # Y7 skips Y4-Y6: held back while they may still come...
    s = with_table(position("Y7 W2 B3 G2 R3 W3 B2 R2", "W9 W10 B9 B10 G9 G10 R9 R10", DECK), {"Y": "Y2 Y3"})
    assert move(s) != "play Y7"
    # ...played once the rival's expedition holds them (gone for good)
    s = with_table(
        position("Y7 W2 B3 G2 R3 W3 B2 R2", "W9 W10 B9 B10 G9 G10 R9 R10", DECK),
        {"Y": "Y2 Y3"}, {"Y": "Y4 Y5 Y6"},
    )
    assert move(s) == "play Y7"


def test_with_more_to_play_than_turns_it_plays_the_cards_that_count_most():
    hand = "Y4 Y5 Y9 Y10 W2 B2 G2 R2"
    # one turn left (the deck's last card): Y10 alone, the low ones would never be reached
    s = with_table(position(hand, "W9 W10 B9 B10 G9 G10 R9 R10", "R3"), {"Y": "Y2 Y3"})
    assert move(s) == "play Y10"
    # two turns: Y9 then Y10
    s = with_table(position(hand, "W9 W10 B9 B10 G9 G10 R9 R10", "R3 R4 R5"), {"Y": "Y2 Y3"})
    assert move(s) == "play Y9"
    # many turns: in order, from Y4
    s = with_table(position(hand, "W9 W10 B9 B10 G9 G10 R9 R10", DECK), {"Y": "Y2 Y3"})
    assert move(s) == "play Y4"


def test_it_starts_a_colour_only_when_it_pays():
    rich = position("Y4 Y6 Y8 Y9 Y10 W2 B3 G2", "W9 W10 B9 B10 G9 G10 R9 R10", DECK)
    assert move(rich) == "play Y4"
    poor = position("Y2 Y3 W4 B3 G2 R3 W3 B2", "W9 W10 B9 B10 G9 G10 R9 R10", DECK)
    assert move(poor).startswith("discard")


def test_it_discards_what_neither_seat_can_use():
    # Y3 is dead to me (my yellow is at Y5) and to the rival (at Y8); R6 extends his red
    s = with_table(
        position("Y3 R6 W2 W3 W4 B2 B3 B4", "G9 G10 B9 B10 R9 R10 W9 W10", DECK),
        {"Y": "Y5"}, {"Y": "Y8", "R": "R2"},
    )
    assert move(s) == "discard Y3"
    # late in the round, of two cards useless to me: not the one that extends his red
    s = with_table(
        position("R6 G6 W2 W4 W6 B2 B4 B6", "G9 G10 B9 B10 R9 R10 W9 W10", "R3 R4 R5 R7"),
        {}, {"G": "G8", "R": "R2"},
    )
    assert move(s) == "discard G6"


def test_it_takes_a_pile_card_that_extends_its_expedition():
    s = with_table(position("Y9 W2 B3 G2 R3 W3 B2 R2", "W9 W10 B9 B10 G9 G10 R9 R10", DECK,
                            piles={"Y": "Y4"}), {"Y": "Y2 Y3"})
    s.apply("discard W2")
    assert move(s) == "draw Y"
    # the rival's red top R3 is of no use to me: the deck
    s = with_table(position("Y9 W2 B3 G2 R3 W3 B2 R2", "W9 W10 B9 B10 G9 G10 R9 R10", DECK,
                            piles={"R": "R4"}), {"Y": "Y2 Y3", "R": "R5"})
    s.apply("discard W2")
    assert move(s) == "draw deck"


def test_it_only_ever_chooses_legal_moves():
    rng = random.Random(3)
    for seed in range(30):
        s = GAME.new(2, seed, rounds=1, colors=5 + seed % 2)
        while not s.is_over:
            action = playout_action(s, rng)
            assert action in s.legal_actions()
            s.apply(action)
