"""The stall rules (rulings LC-9, LC-10): a third repetition or 50 idle turns end a round.

The rule text ends a round only with the last deck card (line 30); these rules are
meeple's addition, on by default (option ``stall_rules``).
"""

import random
from collections import Counter

import pytest

from meeple.core.position import edited
from meeple.games.lost_cities.components import CARD_TEXT
from meeple.games.lost_cities.stalling import IDLE_LIMIT, REPETITION_LIMIT
from tests.games.lost_cities.helpers import GAME, LETTERS, position

HAND0 = "R2 R3 R4 R5 R6 R7 R8 R9"
HAND1 = "B2 B3 B4 B5 B6 B7 B8 B9"
DECK = "Y2 Y3 Y4 Y5 Y6 Y7"
PILES = {"G": "G5", "W": "W5"}

#: one lap of a loop, six idle turns: seat 0 discards R2 and takes G5, seat 1 discards
#: B2 and takes R2, and so on, until both hands and every pile are as they began
LAP = (
    "discard R2", "draw G", "discard B2", "draw R", "discard G5", "draw B",
    "discard R2", "draw G", "discard B2", "draw R", "discard G5", "draw B",
)


def looping(**options):
    return position(HAND0, HAND1, DECK, piles=PILES, **options)


def canonical(state):
    """The position as ruling LC-9 defines it, by brute force."""
    return (
        tuple(tuple(sorted(h)) for h in state.hands),
        tuple(tuple(tuple(col) for col in row) for row in state.expeditions),
        tuple(tuple(p) for p in state.discard_piles),
        len(state.deck),
        state.to_move,
    )


def test_a_position_coming_up_a_third_time_ends_the_round():
    # ruling LC-9 (the rule text, line 30, ends a round only with the last deck card)
    s = looping(rounds=1)
    start = canonical(s)
    view = s.view(None)
    assert view["repetitions"] == 1 and view["stall_limits"] == {"repetitions": 3, "idle_turns": 50}
    play_moves(s, LAP)
    assert canonical(s) == start and s.view(None)["repetitions"] == 2 and not s.is_over
    play_moves(s, LAP[:-1])
    assert s.view(1)["ending_draws"] == ["draw B"] and not s.is_over
    s.apply("draw B")
    assert canonical(s) == start or s.is_over
    assert s.is_over and s.view(None)["round_ends"] == ["repetition"]
    assert len(s.deck) == 6  # nobody drew from the deck: the stall rule ended the round
    assert s.view(None)["round_scores"] == [[0, 0]]


def play_moves(state, moves):
    for move in moves:
        state.apply(move)


def test_the_view_names_the_draws_that_end_the_round_and_they_do():
    s = looping(rounds=2)
    for ply in range(3 * len(LAP)):
        move = LAP[ply % len(LAP)]
        view = s.view(s.to_move)
        ending = [str(a) for a in s.legal_actions() if s.ends_round(a)]
        assert view["ending_draws"] == ending
        assert ending == ([] if s.phase == "play" else [a for a in ending])
        s.apply(move)
        if s.round == 2:
            assert move in ending and s.view(None)["round_ends"] == ["repetition"]
            break
        assert move not in ending
    assert s.round == 2
    # the next round starts with fresh counts
    assert s.view(None)["repetitions"] == 1 and s.view(None)["idle_turns"] == 0


def test_with_the_stall_rules_off_the_loop_never_ends():
    # option stall_rules=off: the bare rule text (line 30), under which this loop is endless
    s = looping(rounds=1, stall_rules="off")
    for ply in range(2000):
        s.apply(LAP[ply % len(LAP)])
    assert not s.is_over and len(s.deck) == 6
    view = s.view(None)
    assert view["stall_limits"] is None and view["repetitions"] is None and view["ending_draws"] == []


def test_fifty_idle_turns_end_the_round():
    # ruling LC-10: the 50th turn in a row without a card played or drawn from the deck
    s = edited(looping(rounds=1), idle_turns=IDLE_LIMIT - 2)
    play_moves(s, LAP[:2])
    assert not s.is_over and s.view(None)["idle_turns"] == IDLE_LIMIT - 1
    s.apply("discard B2")
    # every pile draw would be the 50th idle turn; the deck draw is progress
    assert s.view(1)["ending_draws"] == ["draw W", "draw R"]
    s.apply("draw R")
    assert s.is_over and s.view(None)["round_ends"] == ["idle"]


@pytest.mark.parametrize("progress", [("play R2", "draw G"), ("discard R2", "draw deck")])
def test_a_card_played_or_drawn_from_the_deck_resets_the_counts(progress):
    s = edited(looping(rounds=1), idle_turns=30)
    for move in progress:
        s.apply(move)
    view = s.view(None)
    assert view["idle_turns"] == 0 and view["repetitions"] == 1


def shuttle(state, rng):
    """A stalling policy: mostly discard a card taken from a pile and draw from a pile,
    half the time the draw that brings back the most-seen position."""
    legal = state.legal_actions()
    if state.phase == "play":
        discards = [a for a in legal if str(a).startswith("discard")]
        taken = {CARD_TEXT[k] for k in state.taken_from_piles[state.to_move]}
        back = [a for a in discards if str(a).split()[1] in taken]
        if back and rng.random() < 0.8:
            return rng.choice(back)
        return rng.choice(discards if rng.random() < 0.95 else legal)
    piles = [a for a in legal if str(a) != "draw deck"]
    if not piles or rng.random() < 0.03:
        return rng.choice(legal)
    if rng.random() < 0.5:
        return max(piles, key=lambda a: state.repeats_after(a) or 0)
    return rng.choice(piles)


def after_pile_draw(state, move):
    """The position after drawing a pile top, worked out by hand (by brute force)."""
    seat, color = state.to_move, LETTERS.index(str(move).split()[1])
    hands = [list(h) for h in state.hands]
    piles = [list(p) for p in state.discard_piles]
    hands[seat].append(piles[color].pop())
    return (
        tuple(tuple(sorted(h)) for h in hands),
        tuple(tuple(tuple(col) for col in row) for row in state.expeditions),
        tuple(tuple(p) for p in piles),
        len(state.deck),
        1 - seat,
    )


def test_round_ends_match_a_brute_force_count_of_positions():
    # rulings LC-9 and LC-10, checked against every turn-start position of the round
    # counted by hand (never forgotten: positions before a card was played or drawn from
    # the deck cannot come back, so the counts must agree anyway)
    reasons: Counter = Counter()
    seconds = 0
    for seed in range(10):
        rng = random.Random(seed)
        s = GAME.new(2, seed, rounds=2, colors=5 + seed % 2)
        seen: Counter = Counter([canonical(s)])
        idle = 0
        played = False
        while not s.is_over:
            move = shuttle(s, rng)
            text = str(move)
            if s.phase == "play":
                played = text.startswith("play")
                s.apply(move)
                continue
            after = None
            if text == "draw deck":
                expect_end = len(s.deck) == 1
            elif played:
                expect_end = False
            else:
                after = after_pile_draw(s, move)
                expect_end = seen[after] + 1 >= REPETITION_LIMIT or idle + 1 >= IDLE_LIMIT
            assert s.ends_round(move) == expect_end
            round_before = s.round
            s.apply(move)
            if s.is_over or s.round != round_before:
                assert expect_end
                reasons[s.view(None)["round_ends"][-1]] += 1
                seen, idle = Counter([canonical(s)]), 0
                continue
            seen[canonical(s)] += 1
            if after is None:
                idle = 0
            else:
                idle += 1
                assert canonical(s) == after
            view = s.view(None)
            assert view["repetitions"] == seen[canonical(s)] and view["idle_turns"] == idle
            seconds += seen[canonical(s)] == 2
    assert reasons["repetition"] >= 3 and reasons["idle"] >= 3 and seconds >= 50


def test_the_counts_are_public_and_kept_by_every_world():
    s = looping(rounds=1)
    play_moves(s, LAP[:9])
    for seat in (0, 1):
        for i in range(5):
            world = s.determinize(seat, random.Random(i))
            assert world.view(seat) == s.view(seat)
            assert world.repetitions == s.repetitions and world.position_key == s.position_key


def test_a_clone_counts_on_its_own():
    s = looping(rounds=1)
    s.apply("discard R2")
    s.apply("draw G")
    copy = s.clone()
    copy.apply("discard B2")
    copy.apply("draw R")
    assert len(copy.repetitions) == len(s.repetitions) + 1 == 3
