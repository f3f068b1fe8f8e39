"""The network inside search: ISMCTS follows guidance callables, ``ismcts:net=...``
builds them from a network file, and the shipped Lost Cities network plays a full game."""

from __future__ import annotations

import json

import numpy as np
import pytest

from meeple import bots, games
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.errors import ConfigError
from meeple.rl.network import SHIPPED, Network

LC = games.get("lost-cities")


def _target(state):
    """A legal move the game's own heuristics would not pick first."""
    favourite = LC.prior_action(state, __import__("random").Random(0))
    return next(a for a in reversed(state.legal_actions()) if a != favourite)


def test_evaluate_callable_decides_where_playouts_are_cut():
    state = LC.new(2, 3, rounds=1)
    me, ply, target = state.to_move, state.ply, _target(state)
    calls = []

    def evaluate(world):
        calls.append(world.ply)
        good = world.log[ply] == str(target)
        return [100.0 if (s == me) == good else 0.0 for s in range(2)]

    bot = ISMCTSBot(LC, seed=0, iterations=150, evaluate=evaluate)
    assert bot.choose(state) == target
    assert len(calls) == 150  # every iteration ends in the evaluation (no playout)


def test_prior_callable_orders_and_biases_the_tree():
    state = LC.new(2, 4, rounds=1)
    target = _target(state)
    seen = []

    def prior(world, legal):
        seen.append(len(legal))
        return [0.97 if a == target else 0.03 / (len(legal) - 1) for a in legal]

    flat = lambda world: [0.0, 0.0]  # noqa: E731  every position looks even
    bot = ISMCTSBot(LC, seed=0, iterations=60, prior=prior, evaluate=flat)
    root = bot.search(state)
    visits = {a: n.visits for a, n in root.children.items()}
    assert max(visits, key=visits.get) == int(target)
    assert seen and all(n > 1 for n in seen)


def test_net_spec_builds_a_guided_search_from_a_file(tmp_path):
    net = Network.load("default", "lost-cities")
    # the shipped file recommends its prior at the root with full playouts (mix=0)
    shipped = bots.get("ismcts:net=default,iterations=30", LC, seed=1)
    assert shipped.guide_prior is not None and shipped.guide_evaluate is None
    assert shipped.prior_depth == 1
    # a file that recommends nothing: the value head judges every new leaf
    plain_meta = {k: v for k, v in net.meta.items() if k != "search"}
    copy = tmp_path / "Copy Of Net.npz"  # paths keep their case
    Network(plain_meta, net.weights()).save(copy)
    bot = bots.get(f"ismcts:net={copy},iterations=30", LC, seed=1)
    assert bot.guide_prior is not None and bot.guide_evaluate is not None
    assert bot.rollout_depth == 0
    assert bots.get(f"ismcts:net={copy},iterations=5,rollout_depth=4", LC).rollout_depth == 4


def test_bad_network_files_are_refused_clearly(tmp_path):
    with pytest.raises(ConfigError, match="no network file"):
        bots.get(f"ismcts:net={tmp_path / 'missing.npz'}", LC)
    with pytest.raises(ConfigError, match="net=default exists for lost-cities only"):
        bots.get("ismcts:net=default", games.get("lowlands"))
    junk = tmp_path / "junk.npz"
    junk.write_text("not a network")
    with pytest.raises(ConfigError, match="not a meeple network file"):
        bots.get(f"ismcts:net={junk}", LC)
    net = Network.load("default", "lost-cities")
    other = Network(dict(net.meta), net.weights())
    other.meta["layout"] = "0" * 16
    stale = tmp_path / "stale.npz"
    np.savez(stale, meta=np.array(json.dumps(other.meta)), **other.weights())
    with pytest.raises(ConfigError, match="another observation layout"):
        Network.load(stale)


def test_shipped_network_is_small_loads_and_its_bot_plays_a_full_game():
    for _options, path in SHIPPED["lost-cities"]:
        assert path.stat().st_size < 4 * 2**20
        net = Network.load(path, "lost-cities")
        assert net.meta["game"] == "lost-cities" and net.players == 2
        # distilled from long searches of real positions: its prior is meant for the root
        assert net.meta["search"] == {"mix": 0.0, "prior_depth": 1}
        assert net.meta["distill"]["samples"] > 3000
    state = LC.new(2, 21, rounds=1)
    seats = [bots.get("ismcts:net=default,iterations=40", LC, seed=2), bots.get("greedy", LC, seed=3)]
    while state.to_move is not None:
        state.apply(seats[state.to_move].choose(state))
    assert state.is_over and len(state.scores()) == 2


def test_lead_callable_replaces_the_hard_win_at_a_cut():
    """A predicted lead of one point is not a certain win: with ``lead`` the win term
    is the network's chance, so a move whose evaluation leads narrowly but whose lead
    chance is low loses to one that trails narrowly with a high lead chance."""
    state = LC.new(2, 3, rounds=1)
    me, ply, target = state.to_move, state.ply, _target(state)

    def evaluate(world):  # the target trails by one point, every other move leads by one
        good = world.log[ply] == str(target)
        return [float((s == me) != good) for s in range(2)]

    def lead(world):
        good = world.log[ply] == str(target)
        return [0.9 if (s == me) == good else 0.1 for s in range(2)]

    plain = ISMCTSBot(LC, seed=0, iterations=150, evaluate=evaluate)
    assert plain.choose(state) != target, "without lead chances a one-point lead looks won"
    guided = ISMCTSBot(LC, seed=0, iterations=150, evaluate=evaluate, lead=lead)
    assert guided.choose(state) == target


def test_rewards_take_the_lead_chances_as_the_win_term():
    from meeple.bots.ismcts import rewards

    state = LC.new(2, 5, rounds=1)
    hard = rewards(state, state, 30.0, [10.0, 9.0], margin_weight=0.5)
    soft = rewards(state, state, 30.0, [10.0, 9.0], margin_weight=0.5, lead=[0.6, 0.4])
    assert hard[0] - soft[0] == pytest.approx(0.5 * (1.0 - 0.6))
    assert soft[0] + soft[1] == pytest.approx(1.0)


def test_networks_without_a_lead_head_still_guide_search(tmp_path):
    net = Network.load("default", "lost-cities")
    weights = {k: v for k, v in net.weights().items() if k not in ("wl", "bl")}
    meta = {**net.meta, "lead": False}
    from meeple.rl.network import save

    save(tmp_path / "old.npz", meta, weights)
    old = Network.load(tmp_path / "old.npz", "lost-cities")
    assert old.lead is None and old.forward(np.zeros(old.encoder.size, np.float32)).lead is None
    bot = bots.get(f"ismcts:net={tmp_path / 'old.npz'},iterations=20", LC, seed=1)
    assert bot.guide_lead is None
    state = LC.new(2, 6, rounds=1)
    assert bot.choose(state) in state.legal_actions()


def test_shipped_network_predicts_lead_chances_that_sum_to_one():
    from meeple.rl.guide import NetGuide

    guide = NetGuide.load("default", "lost-cities")
    assert guide.lead is not None
    state = LC.new(2, 7, rounds=1)
    chances = guide.lead(state)
    assert len(chances) == 2 and sum(chances) == pytest.approx(1.0)
    assert all(0.0 < p < 1.0 for p in chances)


def test_mix_weighs_the_evaluation_against_a_full_playout(monkeypatch):
    """``mix``: each new leaf is evaluated once and also played out to the round's end."""
    state = LC.new(2, 3, rounds=1)
    me, ply, target = state.to_move, state.ply, _target(state)
    calls, plies = [], []
    playout = LC.rollout_action

    def counting(world, rng):
        plies.append(world.ply)
        return playout(world, rng)

    def evaluate(world):
        calls.append(world.ply)
        good = world.log[ply] == str(target)
        return [100.0 if (s == me) == good else 0.0 for s in range(2)]

    monkeypatch.setattr(LC, "rollout_action", counting)
    bot = ISMCTSBot(LC, seed=0, iterations=100, evaluate=evaluate, mix=0.5)
    assert bot.choose(state) == target, "half the value is the evaluation, which favours the target"
    assert len(calls) == 100
    assert len(plies) > 100 * 20, "every iteration also plays out (a round lasts dozens of plies)"
    for bad in (1.0, -0.5):
        with pytest.raises(ConfigError, match="mix must be from 0 .prior only. to below 1"):
            ISMCTSBot(LC, evaluate=evaluate, mix=bad)
    with pytest.raises(ConfigError, match="give net= too"):
        bots.get("ismcts:mix=0.5", LC)


def test_mix_zero_uses_the_prior_alone_and_plays_every_leaf_out(monkeypatch):
    """``mix=0``: the evaluation is never asked, each iteration plays out to the round's
    end, and the prior is asked only where search returns (far fewer than iterations)."""
    state = LC.new(2, 3, rounds=1)
    target = _target(state)
    evaluated, asked, plies = [], [], []
    playout = LC.rollout_action

    def counting(world, rng):
        plies.append(world.ply)
        return playout(world, rng)

    def prior(world, legal):
        asked.append(world.ply)
        return [0.99 if a == target else 0.01 / (len(legal) - 1) for a in legal]

    monkeypatch.setattr(LC, "rollout_action", counting)
    bot = ISMCTSBot(LC, seed=0, iterations=200, prior=prior,
                    evaluate=lambda world: evaluated.append(world) or [0.0, 0.0], mix=0.0)
    bot.choose(state)
    assert not evaluated and bot.rollout_depth is None
    assert len(plies) > 200 * 20, "every iteration plays out to the end of the round"
    assert 0 < len(asked) < 100, "the prior is asked at revisited nodes only"
    root = bot.search(state)
    busiest = max(root.children.items(), key=lambda kv: kv[1].visits)[0]
    assert busiest == int(target), "a sharp prior steers the visits"


def test_a_network_file_missing_weights_is_refused_by_name(tmp_path):
    from meeple.rl.network import save

    net = Network.load("default", "lost-cities")
    weights = {k: v for k, v in net.weights().items() if k != "wl"}
    save(tmp_path / "cut.npz", net.meta, weights)
    with pytest.raises(ConfigError, match="lacks the weights wl"):
        Network.load(tmp_path / "cut.npz", "lost-cities")


def test_prior_depth_one_asks_the_network_at_the_root_only():
    """``prior_depth=1``: one forward pass a move (the root's), so the guidance costs no
    search time; deeper nodes are searched as without a network."""
    state = LC.new(2, 3, rounds=1)
    target = _target(state)
    asked = []

    def prior(world, legal):
        asked.append(world.ply)
        return [0.99 if a == target else 0.01 / (len(legal) - 1) for a in legal]

    deep = ISMCTSBot(LC, seed=0, iterations=300, prior=prior)
    deep.search(state)
    assert len(set(asked)) > 1, "by default the prior is asked below the root too"
    asked.clear()
    bot = ISMCTSBot(LC, seed=0, iterations=300, prior=prior, prior_depth=1)
    root = bot.search(state)
    assert asked == [state.ply], "asked once, at the root"
    assert max(root.children, key=lambda a: root.children[a].visits) == int(target)
    with pytest.raises(ConfigError, match="prior_depth must be at least 1"):
        ISMCTSBot(LC, prior=prior, prior_depth=0)
    with pytest.raises(ConfigError, match="give net= too"):
        bots.get("ismcts:prior_depth=1", LC)


def test_prior_weight_scales_the_pull_of_the_prior():
    """The PUCT coefficient: 0 leaves only the expansion order to the prior, a large one
    makes the prior's move take most visits even when the playouts disagree."""
    state = LC.new(2, 3, rounds=1)
    target = _target(state)

    def prior(world, legal):
        return [0.99 if a == target else 0.01 / (len(legal) - 1) for a in legal]

    def share(weight):
        bot = ISMCTSBot(LC, seed=0, iterations=300, prior=prior, prior_depth=1, prior_weight=weight)
        root = bot.search(state)
        return root.children[int(target)].visits / sum(ch.visits for ch in root.children.values())

    assert share(0.0) < share(1.0) < share(8.0)
    assert share(8.0) > 0.5
    with pytest.raises(ConfigError, match="prior_weight must be 0 or more"):
        ISMCTSBot(LC, prior=prior, prior_weight=-1.0)


def test_a_network_file_recommends_its_search_settings_and_the_spec_wins(tmp_path):
    from meeple.rl.network import save

    net = Network.load("default", "lost-cities")
    save(tmp_path / "rooted.npz", {**net.meta, "search": {"mix": 0.0, "prior_depth": 1, "unknown": 3}},
         net.weights())
    bot = bots.get(f"ismcts:net={tmp_path / 'rooted.npz'},iterations=10", LC)
    assert bot.prior_depth == 1 and bot.guide_evaluate is None and bot.rollout_depth is None
    mine = bots.get(f"ismcts:net={tmp_path / 'rooted.npz'},iterations=10,prior_depth=3,mix=0.5", LC)
    assert mine.prior_depth == 3 and mine.mix == 0.5 and mine.guide_evaluate is not None


def test_a_guided_search_keeps_the_games_tuning_under_the_networks_and_the_specs(tmp_path):
    # Lost Cities tunes bias 5 and exploration 0.4 for its playouts; a guided search with
    # full playouts (the shipped file: mix 0) plays the same playouts, so it keeps them
    from meeple.rl.network import save

    shipped = bots.get("ismcts:net=default,iterations=10", LC)
    assert (shipped.bias, shipped.c) == (5.0, 0.4)
    net = Network.load("default", "lost-cities")
    save(tmp_path / "own.npz", {**net.meta, "search": {"mix": 0.0, "exploration": 0.9}},
         net.weights())
    own = bots.get(f"ismcts:net={tmp_path / 'own.npz'},iterations=10", LC)
    assert (own.bias, own.c) == (5.0, 0.9)  # the file's recommendation wins over the game's
    mine = bots.get(f"ismcts:net={tmp_path / 'own.npz'},iterations=10,exploration=0.3,bias=2", LC)
    assert (mine.bias, mine.c) == (2.0, 0.3)  # and the spec over both


def test_the_default_network_is_the_one_shipped_for_the_games_options():
    from meeple.rl.guide import NetGuide, load_guide
    from meeple.rl.network import NETS, shipped

    six, five, one_round = (NETS / f"lost-cities{tail}.npz" for tail in ("-6c", "-5c", ""))
    assert shipped("lost-cities", {"colors": 6, "rounds": 3}) == six
    assert shipped("lost-cities", {"colors": 6, "rounds": 1}) == six
    assert shipped("lost-cities", {"colors": 5, "rounds": 1}) == one_round
    assert shipped("lost-cities", {"colors": 5, "rounds": 3}) == shipped("lost-cities") == five
    guide = load_guide("default", "lost-cities")
    nets = {path: NetGuide.load(path, "lost-cities") for path in (six, five, one_round)}
    for options, path in (({"colors": 6}, six), ({"colors": 5}, five), ({"rounds": 1}, one_round)):
        state = LC.new(2, 5, **options)
        legal = state.legal_actions()
        priors = {p: net.prior(state, legal) for p, net in nets.items()}
        assert guide.prior(state, legal) == priors[path]
        assert all(priors[p] != priors[path] for p in priors if p != path)
        assert guide.best(state) in legal
    # a search and the network's own policy both take it
    state = LC.new(2, 6, colors=6)
    assert bots.get("ismcts:net=default,iterations=5", LC).choose(state) in state.legal_actions()
    policy = bots.get("policy:net=default", LC)
    assert policy.choose(state) == NetGuide.load(six, "lost-cities").best(state)
