"""The heuristics: styles that really play differently, bots that know how rounds end,
and an ``evaluate`` that predicts final scores better than the running score."""

import random
import statistics

import pytest

from meeple import bots
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.errors import ConfigError
from meeple.core.position import edited
from meeple.games.lost_cities.report import expedition_stats
from meeple.games.lost_cities.strategy import evaluate
from tests.games.lost_cities.helpers import GAME, ks, position
from tests.games.sampling import sampled_states

STYLES = ("cautious", "aggressive", "committer", "scavenger")


def test_the_panel_is_listed_and_unknown_styles_are_refused():
    assert tuple(GAME.styles) == STYLES and all(GAME.styles.values())
    with pytest.raises(ConfigError, match="cautious, aggressive, committer, scavenger"):
        bots.get("greedy:style=reckless", GAME)
    with pytest.raises(ConfigError, match="no greedy style"):
        GAME.style_action("reckless", GAME.new(2, 1), random.Random(1))


@pytest.mark.parametrize("style", STYLES)
def test_styles_choose_legal_moves_from_what_their_seat_knows(style):
    for index, state in enumerate(sampled_states("lost-cities")):
        if len(state.legal_actions()) == 1:
            continue
        real = GAME.style_action(style, state.clone(), random.Random(index))
        assert real in state.legal_actions()
        for w in range(2):
            world = state.determinize(state.to_move, random.Random(100 + w))
            assert GAME.style_action(style, world, random.Random(index)) == real


def _self_play(style: str, games: int = 30):
    """``style`` against greedy, seats alternating; the style's per-round figures."""
    finals, seats, pile_draws = [], [], 0
    for seed in range(games):
        seat = seed % 2
        players = [bots.get("greedy", GAME, seed=seed), bots.get(f"greedy:style={style}", GAME, seed=seed)]
        if seat == 0:
            players.reverse()
        s = GAME.new(2, seed, rounds=1)
        while not s.is_over:
            move = players[s.to_move].choose(s)
            if s.to_move == seat and str(move).startswith("draw ") and str(move) != "draw deck":
                pile_draws += 1
            s.apply(move)
        finals.append(s)
        seats.append(seat)
    mine = [expedition_stats([f], seat) for f, seat in zip(finals, seats, strict=True)]
    theirs = [expedition_stats([f], 1 - seat) for f, seat in zip(finals, seats, strict=True)]

    def mean(stats, key):
        return statistics.fmean(s[key] for s in stats)

    return {
        "expeditions": mean(mine, "expeditions"),
        "greedy_expeditions": mean(theirs, "expeditions"),
        "wagers": mean(mine, "wagers"),
        "greedy_wagers": mean(theirs, "wagers"),
        "pile_draws": pile_draws / games,
    }


def test_each_style_plays_its_own_way():
    cautious, aggressive = _self_play("cautious"), _self_play("aggressive")
    committer, scavenger = _self_play("committer"), _self_play("scavenger")
    greedy = cautious["greedy_expeditions"]
    assert cautious["expeditions"] < 0.6 * greedy
    assert aggressive["expeditions"] > 1.8 * greedy
    assert aggressive["wagers"] > 3 * aggressive["greedy_wagers"] > 0
    assert committer["wagers"] == 0 < committer["greedy_wagers"]
    baseline = _self_play("committer")["pile_draws"]
    assert scavenger["pile_draws"] > 2 * max(baseline, 0.5)


def test_the_committer_plays_only_what_extends_its_lowest_gap():
    rng = random.Random(3)
    checked = 0
    for seed in range(20):
        s = GAME.new(2, seed, rounds=1)
        while not s.is_over:
            if s.phase == "play":
                tops = s.top_ranks[s.to_move]
                skips = [
                    k % 10 - tops[k // 10] - 1
                    for k in s.hands[s.to_move]
                    if tops[k // 10] >= 0 and k % 10 > tops[k // 10]
                ]
                move = GAME.style_action("committer", s, rng)
                if skips:
                    checked += 1
                    k = int(move)
                    assert str(move).startswith("play") and k % 10 - tops[k // 10] - 1 == min(skips)
            else:
                move = GAME.greedy_action(s, rng)
            s.apply(move)
    assert checked > 100


def test_a_leading_greedy_ends_the_round_with_the_last_card_a_trailing_one_plays_on():
    # the rule text, line 30: the last deck card ends the round; the red pile's R9 would
    # extend seat 0's red expedition, but only if the round went on
    def last_draw(lead: bool):
        s = position("Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9", "B2 B3 B4 B5 B6 B7 B8 B9", "G2", piles={"R": "R9"})
        expeditions = [[[] for _ in range(5)] for _ in range(2)]
        expeditions[0][4] = ks("R2 R3 R4 R5 R6 R7 R8")
        expeditions[1][2 if lead else 1] = ks("B10") if lead else ks("W2 W3 W4 W5 W6 W7 W8 W9 W10")
        tops = [[-1, -1, -1, -1, 6], [-1, -1, 9 if lead else -1, -1, -1]]
        if not lead:
            tops[1][1] = 9
        s = edited(s, expeditions=expeditions, top_ranks=tops)
        s.apply("discard Y2")
        return s

    leading = last_draw(lead=True)
    assert leading.scores()[0] > leading.scores()[1]
    assert str(GAME.greedy_action(leading, random.Random(1))) == "draw deck"
    trailing = last_draw(lead=False)
    assert trailing.scores()[0] < trailing.scores()[1]
    assert str(GAME.greedy_action(trailing, random.Random(1))) == "draw R"


def looping_lead(laps: int = 2, red_wager: bool = False):
    """Both seats have shuttled cards through the piles; now seat 0, which leads 54 to
    -18, is to draw, and ``draw R`` brings a position back for the ``laps + 1``-th time
    (the third ends the round). If the round goes on, seat 1 plays B3 B4 B5 on its blue
    expedition (seat 0 knows: it saw seat 1 take them from the piles); R2 is of use to
    seat 0 only with ``red_wager`` (a red expedition of one wager)."""
    s = position(
        "R2 WH BH GH RH W3 B6 G3", "W2 B3 B4 B5 G4 R4 R5 W4", "G6 G7 G8 G9 G10 W6 W7 W8 W9 W10",
        to_move=1, piles={"G": "G5"},
    )
    expeditions = [[[] for _ in range(5)] for _ in range(2)]
    expeditions[0][0] = ks("Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10")
    if red_wager:
        expeditions[0][4] = ks("RH")
    expeditions[1][2] = ks("B2")
    s = edited(
        s,
        expeditions=expeditions,
        top_ranks=[[9, -1, -1, -1, 0 if red_wager else -1], [-1, -1, 1, -1, -1]],
        taken_from_piles=[[], ks("B3 B4 B5")],
    )
    lap = ("discard W2", "draw G", "discard R2", "draw W", "discard G5", "draw R")
    for move in (lap * 2 * laps)[:-1]:
        s.apply(move)
    assert s.to_move == 0 and s.phase == "draw"
    return s


def test_bots_that_lead_end_a_round_by_repetition():
    s = looping_lead()
    assert s.scores() == [54, -18]
    assert [str(a) for a in s.legal_actions()] == ["draw deck", "draw R"]
    assert s.view(0)["ending_draws"] == ["draw R"]
    assert str(GAME.greedy_action(s, random.Random(1))) == "draw R"
    assert str(ISMCTSBot(GAME, seed=1, iterations=300).choose(s)) == "draw R"
    # without the stall rules R2 is a useless card: neither bot takes it
    bare = edited(s, stall_rules=False)
    assert str(GAME.greedy_action(bare, random.Random(1))) == "draw deck"
    assert str(ISMCTSBot(GAME, seed=1, iterations=300).choose(bare)) == "draw deck"


def test_the_rollout_policy_does_not_end_a_round_for_a_card_it_cannot_play():
    # R2 would extend the red wager: worth taking while the round goes on...
    once = looping_lead(laps=1, red_wager=True)
    assert once.view(0)["ending_draws"] == []
    assert str(GAME.rollout_action(once, random.Random(1))) == "draw R"
    # ...but not when taking it ends the round (a third repetition)
    twice = looping_lead(laps=2, red_wager=True)
    assert str(GAME.rollout_action(twice, random.Random(1))) == "draw deck"


def test_greedy_bots_never_stall_a_round_out():
    rng = random.Random(2)
    for seed in range(40):
        s = GAME.new(2, seed, rounds=1, colors=5 + seed % 2)
        while not s.is_over:
            s.apply(GAME.greedy_action(s, rng))
        assert s.view(None)["round_ends"] == ["deck"]


def test_evaluate_predicts_final_scores_better_than_the_running_score():
    errors = {"evaluate": [], "running": []}
    for seed in range(40):
        rng = random.Random(seed)
        s = GAME.new(2, seed, rounds=1)
        snapshots = []
        while not s.is_over:
            if s.phase == "play" and rng.random() < 0.15:
                snapshots.append(s.clone())
            s.apply(GAME.greedy_action(s, rng))
        final = s.scores()
        assert evaluate(s) == final
        for snap in snapshots:
            for seat, (guess, running) in enumerate(zip(evaluate(snap), snap.scores(), strict=True)):
                errors["evaluate"].append(abs(guess - final[seat]))
                errors["running"].append(abs(running - final[seat]))
    assert len(errors["evaluate"]) > 300
    assert statistics.fmean(errors["evaluate"]) < 0.75 * statistics.fmean(errors["running"])
