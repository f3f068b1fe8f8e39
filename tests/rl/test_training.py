"""Training smoke test (seconds): self-play targets, the loss falls on a fixed seed, a
checkpoint saves, loads and plays a legal game, and ``meeple train`` runs end to end."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from meeple import bots, games
from meeple.cli import app
from meeple.rl import encoders
from meeple.rl.network import Network
from meeple.rl.selfplay import Samples, generate, play_game
from meeple.rl.training import Config, build_model, fit, measure, train

torch = pytest.importorskip("torch")
EXPERT = "ismcts:iterations=25"


@pytest.fixture(scope="module")
def data() -> Samples:
    results = generate("lost-cities", 2, [{"rounds": 1}] * 2, EXPERT, [1, 2])
    return Samples.concat([s for s, _ in results])


def test_self_play_targets(data):
    enc = encoders.get("lost-cities", 2)
    assert data.obs.shape == (len(data), enc.size) and len(data) > 50
    assert np.allclose(data.policy.sum(axis=1), 1.0)
    assert not (data.policy[~data.mask] > 0).any(), "visit shares only on legal actions"
    assert (data.mask.sum(axis=1) > 1).all(), "forced steps are not samples"
    # value target of the first decision: each seat's whole-game score change / scale
    samples, final = play_game("lost-cities", 2, {"rounds": 1}, EXPERT, seed=3)
    me = games.get("lost-cities").new(2, 3, rounds=1).to_move
    assert samples.value[0] == pytest.approx([final[me] / 30, final[1 - me] / 30])
    # lead target of the first decision: the game's winner, in observation order
    winner = 0 if final[0] > final[1] else 1 if final[1] > final[0] else None
    expected = [0.5, 0.5] if winner is None else [float(winner == me), float(winner != me)]
    assert samples.lead[0] == pytest.approx(expected)
    assert np.allclose(data.lead.sum(axis=1), 1.0)


def test_warm_start_games_of_the_playout_policy():
    """bootstrap: the heuristic's move is the policy target, outcomes are real, and
    ``keep`` samples a share of the decisions."""
    from meeple.rl.bootstrap import generate as warm_games
    from meeple.rl.bootstrap import heuristic_game

    every, final = heuristic_game("lost-cities", 2, {"rounds": 1}, seed=5, epsilon=0.0, keep=1.0)
    assert np.allclose(every.policy.max(axis=1), 1.0) and np.allclose(every.policy.sum(axis=1), 1.0)
    assert not (every.policy[~every.mask] > 0).any()
    me = games.get("lost-cities").new(2, 5, rounds=1).to_move
    assert every.value[0] == pytest.approx([final[me] / 30, final[1 - me] / 30])
    # with epsilon 0 the game is the playout policy's own: replaying its targets replays it
    state = games.get("lost-cities").new(2, 5, rounds=1)
    for row_mask, row_policy in zip(every.mask, every.policy, strict=True):
        while len(state.legal_actions()) == 1:
            state.apply(state.legal_actions()[0])
        assert row_mask.sum() == len(state.legal_actions())
        state.apply(next(a for a in state.legal_actions() if row_policy[int(a)] == 1.0))
    while state.to_move is not None:
        state.apply(state.legal_actions()[0])
    assert state.scores() == final
    some = warm_games("lost-cities", 2, [{"rounds": 1}] * 20, list(range(20)), keep=0.1)
    assert 0.04 * 20 * len(every) < len(some) < 0.2 * 20 * len(every)


def test_distillation_targets_are_search_visits_on_the_heuristic_game():
    """With an expert, kept decisions get the search's visit shares as policy target,
    while the game goes on exactly as without it (same moves, same outcomes)."""
    from meeple.rl.bootstrap import heuristic_game

    plain, final = heuristic_game("lost-cities", 2, {"rounds": 1}, seed=6, keep=0.3)
    searched, final2 = heuristic_game("lost-cities", 2, {"rounds": 1}, seed=6, keep=0.3,
                                      expert="ismcts:iterations=60")
    assert final2 == final and len(searched) == len(plain) > 3
    assert np.array_equal(searched.obs, plain.obs) and np.array_equal(searched.value, plain.value)
    assert np.allclose(searched.policy.sum(axis=1), 1.0)
    assert not (searched.policy[~searched.mask] > 0).any()
    assert (searched.policy.max(axis=1) < 1.0).all(), "visit shares, not the heuristic's one-hot move"
    assert np.allclose(searched.policy * 60, np.round(searched.policy * 60), atol=1e-4), "shares of 60 visits"


def test_distillation_stage_fits_the_policy_and_can_stand_alone(tmp_path):
    history = train(Config(
        "lost-cities", 2, tmp_path, options={"rounds": [1]}, hidden=32, max_iterations=0,
        distill_games=20, distill_expert="ismcts:iterations=40", distill_steps=500, distill_keep=0.3,
    ), log=lambda _: None)
    assert history == [], "max_iterations 0: no expert iteration"
    net = Network.load(tmp_path / "distilled.npz", "lost-cities")
    record = net.meta["distill"]
    assert record["games"] == 20 and record["held_out_games"] == 1 and record["samples"] > 50
    assert record["held_out"]["policy_loss"] < record["held_out_untrained"]["policy_loss"]
    assert Network.load(tmp_path / "latest.npz", "lost-cities").meta["distill"] == record
    game = games.get("lost-cities")
    state = game.new(2, 4, rounds=1)
    bot = bots.get(f"ismcts:net={tmp_path / 'latest.npz'},mix=0,iterations=30", game, seed=1)
    while state.to_move is not None:
        state.apply(bot.choose(state))
    assert state.is_over


def _fitted(data, seed):
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    model = build_model(data.obs.shape[1], data.mask.shape[1], 2, 32, 2)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    before = measure(model, data)
    fit(model, opt, data, steps=80, batch=64, rng=np.random.default_rng(seed))
    return before, measure(model, data)


def test_loss_decreases_on_a_fixed_seed(data):
    before, after = _fitted(data, seed=0)
    assert after["loss"] < 0.9 * before["loss"]
    assert after["policy_loss"] < before["policy_loss"]
    assert after["value_loss"] < before["value_loss"]
    again_before, again_after = _fitted(data, seed=0)
    assert (again_before, again_after) == (before, after)


def test_checkpoint_saves_loads_and_plays_a_legal_game(tmp_path):
    history = train(Config(
        "lost-cities", 2, tmp_path, options={"rounds": [1]}, expert=EXPERT,
        games_per_iteration=1, steps_per_iteration=20, hidden=32, max_iterations=2,
        eval_games=2, minutes=5,
    ), log=lambda _: None)
    assert [h["iteration"] for h in history] == [1, 2]
    for name in ("net-0001.npz", "net-0002.npz", "latest.npz", "curve.png", "history.json"):
        assert (tmp_path / name).stat().st_size > 0
    assert json.loads((tmp_path / "history.json").read_text())[-1]["games"] == 2
    net = Network.load(tmp_path / "latest.npz", "lost-cities")
    assert net.meta["iteration"] == 2 and len(net.meta["history"]) == 2
    game = games.get("lost-cities")
    state = game.new(2, 11, rounds=1)
    players = [bots.get(f"ismcts:net={tmp_path / 'latest.npz'},iterations=20", game, seed=1),
               bots.get("greedy", game, seed=2)]
    while state.to_move is not None:
        state.apply(players[state.to_move].choose(state))  # apply refuses illegal moves
    assert state.is_over


def test_warm_start_fits_the_playout_games_before_expert_iteration(tmp_path):
    history = train(Config(
        "lost-cities", 2, tmp_path, options={"rounds": [1]}, expert=EXPERT, games_per_iteration=1,
        steps_per_iteration=5, hidden=32, max_iterations=1, eval_games=0, guided=True,
        bootstrap_games=400, bootstrap_steps=300,
    ), log=lambda _: None)
    warm = Network.load(tmp_path / "bootstrap.npz", "lost-cities").meta["bootstrap"]
    assert warm["games"] == 400 and warm["held_out_games"] == 20 and warm["samples"] > 1000
    before, after = warm["held_out_untrained"], warm["held_out"]
    assert after["loss"] < before["loss"] and after["value_loss"] < before["value_loss"]
    assert after["policy_loss"] < 0.85 * before["policy_loss"], "the heuristic's move is being learnt"
    assert "bootstrap.npz" in history[0]["expert"], "guided from the first iteration on"
    assert Network.load(tmp_path / "latest.npz", "lost-cities").meta["bootstrap"] == warm


def test_resume_continues_the_history(tmp_path):
    # playouts to the end: an untrained value network alone would let the game cycle
    config = dict(options={"rounds": [1]}, expert=EXPERT + ",rollout_depth=200", games_per_iteration=1,
                  steps_per_iteration=5, hidden=16, max_iterations=1, eval_games=0, max_plies=300)
    train(Config("lost-cities", 2, tmp_path / "a", **config), log=lambda _: None)
    history = train(Config("lost-cities", 2, tmp_path / "b", resume=tmp_path / "a" / "latest.npz",
                           guided=True, **config), log=lambda _: None)
    assert [h["iteration"] for h in history] == [1, 2]
    assert "net=" in history[-1]["expert"], "guided: the expert search uses the checkpoint"


def test_meeple_train_command(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, [
        "train", "lost-cities", "--minutes", "0.01", "--out", str(tmp_path), "-o", "rounds=1",
        "--expert", "ismcts:iterations=10", "--games-per-iteration", "1", "--steps", "3",
        "--eval-games", "0", "--hidden", "16",
    ])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "latest.npz").exists() and "iteration 1" in result.output
    bad = runner.invoke(app, ["train", "lost-cities", "--expert", "greedy", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "must be an ismcts bot spec" in bad.output
    bad = runner.invoke(app, ["train", "lost-cities", "-o", "rounds=9", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "rounds" in bad.output
    bad = runner.invoke(app, ["train", "lost-cities", "--bootstrap-games", "-1", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "--bootstrap-games must be 0 or more" in bad.output
    bad = runner.invoke(app, ["train", "lost-cities", "--bootstrap-games", "10", "--resume",
                              str(tmp_path / "latest.npz"), "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "cannot be combined with --resume" in " ".join(bad.output.split())
    bad = runner.invoke(app, ["train", "lost-cities", "--max-iterations", "0", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "trains nothing without --bootstrap-games or --distill-games" in " ".join(
        bad.output.split())
    bad = runner.invoke(app, ["train", "lost-cities", "--distill-expert", "random", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "must be an ismcts bot spec" in bad.output
    result = runner.invoke(app, [
        "train", "lost-cities", "--out", str(tmp_path / "d"), "-o", "rounds=1", "--hidden", "16",
        "--distill-games", "2", "--distill-expert", "ismcts:iterations=10", "--distill-steps", "5",
        "--max-iterations", "0",
    ])
    assert result.exit_code == 0, result.output
    assert "distillation:" in result.output and (tmp_path / "d" / "distilled.npz").exists()
    assert not (tmp_path / "d" / "history.json").exists()
