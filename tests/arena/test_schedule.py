"""The tournament schedule: who meets, in which seats, on which deals, with which seeds."""

from collections import Counter

import pytest

from meeple import games
from meeple.arena.schedule import Plan, derive_seed, lineups, paired_jobs, seatings
from meeple.core import ConfigError


def test_two_players_meet_in_every_pair():
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_enough_bots_for_the_seats_gives_combinations_without_repetition():
    assert lineups(["a", "b", "c", "d"], 3) == [
        ("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"), ("b", "c", "d")
    ]


def test_fewer_bots_than_seats_repeats_bots_but_never_seats_one_bot_alone():
    got = lineups(["a", "b"], 4)
    assert got == [("a", "a", "a", "b"), ("a", "a", "b", "b"), ("a", "b", "b", "b")]
    assert lineups(["a", "b", "c"], 4)[0] == ("a", "a", "a", "b") and len(lineups(["a", "b", "c"], 4)) == 12


def test_one_against_the_field_keeps_the_lineups_where_it_holds_one_seat():
    assert lineups(("ismcts", "greedy"), 4, one="ismcts") == [("ismcts", "greedy", "greedy", "greedy")]
    assert lineups(("a", "b", "c"), 2, one="b") == [("a", "b"), ("b", "c")]
    assert lineups(("a", "b", "c"), 3, one="c") == [("a", "b", "c")]
    plan = Plan("lewis-clark", ("greedy", "ismcts"), 4, 100, one="ismcts")
    jobs = plan.jobs()
    assert plan.deals == 25 and len(jobs) == 100  # 25 deals, each in 4 rotations
    assert all(j.seats.count("ismcts") == 1 for j in jobs)
    assert Counter(j.seats.index("ismcts") for j in jobs) == {0: 25, 1: 25, 2: 25, 3: 25}
    with pytest.raises(ConfigError, match="--one 'mcts' is not one of the bots; choose one of: greedy, ismcts"):
        lineups(("greedy", "ismcts"), 4, one="mcts")


def test_rotations_put_each_bot_in_each_seat_once():
    for lineup in (("a", "b", "c"), ("a", "a", "b", "b"), ("a", "b")):
        rows = seatings(lineup, "rotations")
        assert len(rows) == len(lineup) == len(set(rows))
        for seat in range(len(lineup)):
            assert Counter(r[seat] for r in rows) == Counter(lineup)


def test_permutations_are_the_distinct_orders():
    assert len(seatings(("a", "b", "c"), "permutations")) == 6
    assert len(seatings(("a", "a", "b"), "permutations")) == 3


def test_bad_lineups_are_refused_with_the_reason():
    with pytest.raises(ConfigError, match="at least two bots"):
        lineups(["a"], 2)
    with pytest.raises(ConfigError, match="2 or more players, not 1"):
        lineups(["a", "b"], 1)
    with pytest.raises(ConfigError, match="named twice"):
        lineups(["a", "b", "a"], 2)
    with pytest.raises(ConfigError, match="rotations, permutations"):
        seatings(("a", "b"), "random")
    with pytest.raises(ConfigError, match="--games"):
        Plan("lost-cities", ("a", "b"), 2, 0).jobs()


def test_duplicate_format_every_lineup_and_seating_plays_the_same_deals():
    plan = Plan("lost-cities", ("a", "b", "c"), 2, 6, seed=7)
    jobs = plan.jobs()
    assert plan.deals == 3 and len(jobs) == 3 * 3 * 2
    assert [j.idx for j in jobs] == list(range(len(jobs)))
    for deal in range(plan.deals):
        seeds = {j.seed for j in jobs if j.deal == deal}
        assert len(seeds) == 1  # one deal seed across lineups and seatings
    assert len({j.seed for j in jobs}) == 3
    # deal-major order: every lineup plays deal 0 before anyone plays deal 1
    assert [j.deal for j in jobs] == sorted(j.deal for j in jobs)
    # every game's bot seeds differ from every other's
    assert len({j.bot_seeds for j in jobs}) == len(jobs)


def test_seeds_depend_on_the_settings_only():
    one = Plan("lost-cities", ("a", "b"), 2, 4, seed=1).jobs()
    again = Plan("lost-cities", ("a", "b"), 2, 4, seed=1).jobs()
    other = Plan("lost-cities", ("a", "b"), 2, 4, seed=2).jobs()
    assert one == again
    assert [j.seed for j in one] != [j.seed for j in other]
    assert derive_seed(1, "deal", 0) == derive_seed(1, "deal", 0) < 2**48


def test_the_same_deal_gives_each_seat_the_same_cards_whoever_sits_there():
    """Why the duplicate format cancels luck: seat k holds the same hand in both games."""
    game = games.get("lost-cities")
    first, second = paired_jobs("lost-cities", "greedy", "random", 1, 3, {"rounds": 1})
    assert first.seats == ("greedy", "random") and second.seats == ("random", "greedy")
    assert first.seed == second.seed
    a, b = game.new(2, first.seed, rounds=1), game.new(2, second.seed, rounds=1)
    for seat in (0, 1):
        assert a.view(seat) == b.view(seat)
