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


def test_distillation_records_are_long_searches_of_playout_policy_positions():
    """Each kept decision of a playout-policy game is searched: its visits sum to the
    expert's iterations over the legal actions, its q are mean rewards, its observation
    is the seat's; searching does not change the game, and the same seed gives the same
    records."""
    from meeple.rl import distill

    game = games.get("lost-cities")
    enc = encoders.get("lost-cities", 2)
    states = [s.clone() for s in distill.positions("lost-cities", 2, {"rounds": 1}, seed=6, keep=0.3)]
    records = distill.search_game("lost-cities", 2, {"rounds": 1}, 6, "ismcts:iterations=60", keep=0.3)
    assert len(records) == len(states) > 3 and (records.game == 6).all()
    for i, state in enumerate(states):
        legal = [int(a) for a in state.legal_actions()]
        assert sorted(np.flatnonzero(records.mask[i])) == sorted(legal) and len(legal) > 1
        assert records.visits[i].sum() == 60 and not records.visits[i][~records.mask[i]].any()
        assert ((records.q[i] >= 0) & (records.q[i] <= 1)).all()
        assert np.array_equal(records.obs[i], enc.encode(state.view(state.to_move)))
    again = distill.search_game("lost-cities", 2, {"rounds": 1}, 6, "ismcts:iterations=60", keep=0.3)
    assert all(np.array_equal(getattr(again, k), getattr(records, k)) for k in distill.KEYS)
    assert game.num_actions == records.mask.shape[1]


def test_distillation_targets_sharpen_with_the_temperature():
    from meeple.core.errors import ConfigError
    from meeple.rl.distill import policy_targets

    visits = np.array([[30.0, 10.0, 0.0], [5.0, 5.0, 0.0]], dtype=np.float32)
    assert policy_targets(visits, 1.0) == pytest.approx(np.array([[0.75, 0.25, 0], [0.5, 0.5, 0]]))
    assert policy_targets(visits, 0.5)[0] == pytest.approx([0.9, 0.1, 0.0])
    with pytest.raises(ConfigError, match="temperature must be more than 0"):
        policy_targets(visits, 0.0)


def test_distillation_data_is_written_in_chunks_and_reused(tmp_path, monkeypatch):
    from meeple.core.errors import ConfigError
    from meeple.rl import distill

    files = distill.generate(tmp_path, "lost-cities", 2, lambda i: {"rounds": 1}, list(range(7)),
                             "ismcts:iterations=8", keep=0.2, log=lambda _: None)
    assert [f.name for f in files] == ["distill-0000000.npz"]
    monkeypatch.setattr(distill, "CHUNK", 3)
    files = distill.generate(tmp_path / "b", "lost-cities", 2, lambda i: {"rounds": 1}, list(range(7)),
                             "ismcts:iterations=8", keep=0.2, log=lambda _: None)
    assert [f.name for f in files] == ["distill-0000000.npz", "distill-0000003.npz", "distill-0000006.npz"]
    enc = encoders.get("lost-cities", 2)
    data = distill.load(files, enc.size, 127)
    whole = distill.load([tmp_path / "distill-0000000.npz"], enc.size, 127)
    assert np.array_equal(data.visits, whole.visits) and sorted(set(data.game)) == list(range(7))

    def searched(*args):
        raise AssertionError("a chunk that exists is not searched again")

    monkeypatch.setattr(distill, "_job", searched)
    again = distill.generate(tmp_path / "b", "lost-cities", 2, lambda i: {"rounds": 1}, list(range(7)),
                             "ismcts:iterations=8", keep=0.2, log=lambda _: None)
    assert again == files
    with pytest.raises(ConfigError, match="this encoder makes 10"):
        distill.load(files, 10, 127)
    with pytest.raises(ConfigError, match="no distillation data at"):
        distill.load([tmp_path / "none.npz"], enc.size, 127)


def test_distillation_stage_fits_the_policy_and_recommends_a_root_prior(tmp_path):
    first = train(Config(
        "lost-cities", 2, tmp_path / "a", options={"rounds": [1]}, hidden=32, max_iterations=0,
        distill_games=10, distill_expert="ismcts:iterations=40", distill_steps=1000, distill_keep=0.3,
        distill_held=2,
    ), log=lambda _: None)
    assert first == [], "max_iterations 0: no expert iteration"
    net = Network.load(tmp_path / "a" / "distilled.npz", "lost-cities")
    record = net.meta["distill"]
    assert record["games"] == 10 and record["held_out_games"] == 2 and record["samples"] > 20
    assert record["symmetries"] == 120 and record["temperature"] == 0.5
    assert record["held_out"]["policy_loss"] < record["held_out_untrained"]["policy_loss"]
    assert Network.load(tmp_path / "a" / "latest.npz", "lost-cities").meta["distill"] == record
    assert net.meta["search"] == {"mix": 0.0, "prior_depth": 1}
    assert [c["steps"] for c in record["curve"]] == [0, 500, 1000]
    assert (tmp_path / "a" / "distill-curve.png").stat().st_size > 0
    # an earlier run's chunks are reused without searching again
    reused = tmp_path / "a" / "distill" / "distill-0000000.npz"
    train(Config("lost-cities", 2, tmp_path / "b", options={"rounds": [1]}, hidden=32, max_iterations=0,
                 distill_data=[reused], distill_steps=500, distill_held=2), log=lambda _: None)
    again = Network.load(tmp_path / "b" / "latest.npz", "lost-cities").meta["distill"]
    assert again["files"] == ["distill-0000000.npz"] and again["samples"] == record["samples"]
    assert not (tmp_path / "b" / "distill").exists()
    game = games.get("lost-cities")
    state = game.new(2, 4, rounds=1)
    bot = bots.get(f"ismcts:net={tmp_path / 'a' / 'latest.npz'},iterations=30", game, seed=1)
    assert bot.prior_depth == 1 and bot.guide_evaluate is None
    while state.to_move is not None:
        state.apply(bot.choose(state))
    assert state.is_over


def test_symmetries_teach_every_relabelling_of_a_position():
    """Fitted with the colour symmetries on one position, the policy picks the relabelled
    move in each relabelled position, which a fit without them does not learn."""
    from meeple.rl.training import tensors

    enc = encoders.get("lost-cities", 2)
    obs_maps, action_maps = enc.symmetries()
    results, _ = generate("lost-cities", 2, [{"rounds": 1}], EXPERT, [4])[0]
    row = next(i for i in range(len(results)) if results.mask[i].sum() >= 6)
    one = Samples(*(getattr(results, k)[row:row + 1] for k in ("obs", "mask", "policy", "value", "lead")))
    target = int(one.policy[0].argmax())
    one.policy[0] = 0.0
    one.policy[0, target] = 1.0

    def agreement(symmetries):
        torch.manual_seed(0)
        model = build_model(enc.size, 127, 2, 64, 2)
        opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
        fit(model, opt, one, steps=400, batch=64, rng=np.random.default_rng(0), symmetries=symmetries)
        obs, mask, *_ = tensors(one)
        hits = 0
        with torch.no_grad():
            for k in range(1, 120, 7):
                logits = model(obs[:, obs_maps[k]])[0].masked_fill(~mask[:, action_maps[k]], -1e9)
                hits += int(action_maps[k][int(logits.argmax())] == target)
        return hits / len(range(1, 120, 7))

    assert agreement((obs_maps, action_maps)) > 0.9
    assert agreement(None) < 0.7


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
                  steps_per_iteration=5, hidden=16, max_iterations=1, eval_games=0)
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
    assert bad.exit_code == 2 and "trains nothing without --bootstrap-games, --distill-games or " \
        "--distill-data" in " ".join(bad.output.split())
    bad = runner.invoke(app, ["train", "lost-cities", "--distill-data", str(tmp_path / "none-*.npz"),
                              "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "names no distillation file" in " ".join(bad.output.split())
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
