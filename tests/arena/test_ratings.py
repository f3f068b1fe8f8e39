"""Ratings, the Elo-like scale, the pairwise and per-bot tables, the Wilson interval."""

import itertools
import math
import random
from dataclasses import dataclass

import pytest

from meeple.arena.ratings import Ratings, elo_per_mu, mean_places, pairwise, ranks, summary
from meeple.arena.stats import elo_to_score, score_to_elo, wilson


@dataclass
class G:
    seats: list[str]
    scores: list[int]
    winners: list[int]
    plies: int = 10


def plackett_luce_game(rng: random.Random, seats: list[str], true_elo: dict[str, float]) -> G:
    """A finishing order drawn from the Plackett-Luce model with strengths 10^(elo/400)."""
    left, order = list(range(len(seats))), []
    while left:
        pick = rng.choices(left, [10 ** (true_elo[seats[i]] / 400) for i in left])[0]
        left.remove(pick)
        order.append(pick)
    scores = [0] * len(seats)
    for place, seat in enumerate(order):
        scores[seat] = len(seats) - place
    return G(list(seats), scores, [order[0]])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ratings_recover_known_strengths_on_the_elo_scale(players):
    true_elo = {"weak": 0.0, "fair": 150.0, "good": 300.0, "best": 500.0}
    rng = random.Random(players)
    ratings = Ratings(list(true_elo), players)
    lineups = list(itertools.combinations(true_elo, players))
    for _ in range(900 // len(lineups)):
        for lineup in lineups:
            seats = list(lineup)
            rng.shuffle(seats)
            ratings.update(plackett_luce_game(rng, seats, true_elo))
    table = ratings.table()
    assert [r["bot"] for r in table] == ["best", "good", "fair", "weak"]
    by = {r["bot"]: r for r in table}
    # the Elo-like differences land near the true ones at every player count
    assert by["best"]["elo"] - by["weak"]["elo"] == pytest.approx(500, abs=130)
    assert by["good"]["elo"] - by["weak"]["elo"] == pytest.approx(300, abs=110)
    for r in table:
        assert r["elo_low"] < r["elo"] < r["elo_high"]
        assert r["sigma"] < 25 / 3  # the games taught it something


def test_the_elo_scale_follows_the_player_count():
    assert elo_per_mu(2) == pytest.approx(400 / (math.log(10) * math.sqrt(2) * 25 / 6))
    assert elo_per_mu(4) == pytest.approx(elo_per_mu(2) / math.sqrt(2))


def test_a_bot_holding_two_seats_moves_by_the_mean_of_its_seats():
    ratings = Ratings(["a", "b"], 3)
    ratings.update(G(["a", "a", "b"], [5, 4, 3], [0]))  # a takes both top places
    assert ratings.mu["a"] > 25 > ratings.mu["b"]
    assert ratings.games == {"a": 1, "b": 1}
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=25, sigma=25 / 3, beta=25 / 6, tau=0)
    seats = [[model.rating()] for _ in range(3)]
    (first,), (second,), _ = model.rate(seats, ranks=[1, 2, 3])
    assert ratings.mu["a"] == pytest.approx(25 + ((first.mu - 25) + (second.mu - 25)) / 2)
    assert ratings.sigma["a"] == pytest.approx((first.sigma + second.sigma) / 2)


def test_ranks_put_winners_first_then_scores_and_share_ties():
    assert ranks(G(["a", "b", "c"], [10, 12, 12], [0])) == [1, 2, 2]  # the winner by tie-break
    assert ranks(G(["a", "b"], [7, 7], [0, 1])) == [1, 1]
    assert mean_places(G(["a", "b", "c"], [9, 9, 1], [0, 1])) == [1.5, 1.5, 3]


def test_pairwise_counts_draws_half_and_gives_wilson_intervals():
    games = [
        G(["a", "b"], [10, 5], [0], plies=20),
        G(["b", "a"], [8, 6], [0], plies=30),
        G(["a", "b"], [7, 7], [0, 1], plies=40),
        G(["b", "a"], [1, 9], [1], plies=50),
    ]
    rows = {(r["bot"], r["vs"]): r for r in pairwise(games, ["a", "b"])}
    ab, ba = rows[("a", "b")], rows[("b", "a")]
    assert (ab["wins"], ab["draws"], ab["losses"]) == (2, 1, 1)
    assert ab["score"] == pytest.approx(2.5 / 4) and ba["score"] == pytest.approx(1.5 / 4)
    assert (ab["low"], ab["high"]) == pytest.approx(wilson(2.5, 4))
    assert ab["margin"] == pytest.approx((5 - 2 + 0 + 8) / 4) == -ba["margin"]
    assert ab["plies"] == pytest.approx(35)


def test_pairwise_at_three_players_counts_each_pair_of_seats():
    rows = {(r["bot"], r["vs"]): r for r in pairwise([G(["a", "b", "b"], [3, 2, 1], [0])], ["a", "b"])}
    assert rows[("a", "b")]["games"] == 2 and rows[("a", "b")]["wins"] == 2
    assert ("a", "a") not in rows and ("b", "b") not in rows


def test_summary_splits_shared_wins():
    rows = {r["bot"]: r for r in summary([G(["a", "b"], [7, 7], [0, 1]), G(["a", "b"], [9, 1], [0])], ["a", "b"])}
    assert rows["a"]["wins"] == 1.5 and rows["b"]["wins"] == 0.5
    assert rows["a"]["mean_score"] == 8 and rows["b"]["mean_place"] == 1.75


def test_wilson_interval_matches_the_formula_and_stays_in_bounds():
    low, high = wilson(0, 20)
    assert low == 0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson(20, 20)
    assert high == 1 and low == pytest.approx(0.8389, abs=1e-4)
    low, high = wilson(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)


def test_elo_and_score_are_inverse():
    assert elo_to_score(0) == 0.5
    assert elo_to_score(400) == pytest.approx(10 / 11)
    for elo in (-300, -30, 0, 30, 300):
        assert score_to_elo(elo_to_score(elo)) == pytest.approx(elo)
    assert score_to_elo(1.0) == math.inf


def test_final_ratings_do_not_follow_the_order_the_games_came_in():
    """One OpenSkill pass is ruled by the last games; the order-averaged ratings by the record."""
    from meeple.arena.ratings import order_averaged

    games = [G(["a", "b"], [0, 1], [1]) for _ in range(25)] + [G(["a", "b"], [1, 0], [0]) for _ in range(35)]
    one_pass = Ratings(["a", "b"], 2)
    for game in reversed(games):  # a's 35 wins first, its 25 losses last
        one_pass.update(game)
    assert one_pass.table()[0]["bot"] == "b"  # the single pass gets even the order wrong
    logistic = 400 * math.log10(35 / 25)  # the Elo gap a 35-25 record means: +58
    for order in (games, list(reversed(games))):
        table = {r["bot"]: r for r in order_averaged(order, ["a", "b"], 2)}
        gap = table["a"]["elo"] - table["b"]["elo"]
        assert logistic - 40 < gap < logistic + 40
        assert table["a"]["sigma"] > 0
