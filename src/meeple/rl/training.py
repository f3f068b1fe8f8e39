"""Expert iteration with PyTorch on the CPU: self-play with search, then fit a small
policy+value MLP to the search's visit shares and to the outcomes, and repeat.

Each iteration: play ``games_per_iteration`` self-play games with the expert search
(``selfplay.generate``), add their samples to a replay buffer, take optimizer steps on
it, save a checkpoint (``net-NNNN.npz`` and ``latest.npz``, NumPy files that play
without PyTorch), measure the network's own policy (no search) against ``greedy``, and
redraw the training curve (``curve.png``). With ``guided``, from the second iteration
on the expert search is guided by the latest checkpoint (``ismcts:net=...``), which is
AlphaZero-style expert iteration; without it, every iteration imitates plain ISMCTS.
With ``bootstrap_games``, a warm start (``warm_start``) first fits the network to games
of the playout policy, which are a thousand times cheaper than games of search.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from meeple import games
from meeple.core.errors import ConfigError
from meeple.rl import bootstrap, encoders, network
from meeple.rl import distill as distill_data
from meeple.rl.selfplay import Samples, generate


def require_torch():
    try:
        import torch
    except ImportError:  # pragma: no cover - the rl extra installs it
        raise ConfigError("training needs PyTorch: pip install 'meeple[rl]'") from None
    return torch


@dataclass
class Config:
    game: str
    players: int
    out: Path
    minutes: float = 10.0
    #: game options; a list of values alternates between games (e.g. rounds 1 and 3)
    options: dict[str, list[Any]] = field(default_factory=dict)
    expert: str = "ismcts:iterations=300"
    guided: bool = False
    games_per_iteration: int = 8
    workers: int = 1
    seed: int = 0
    hidden: int = 256
    layers: int = 2
    lr: float = 1e-3
    weight_decay: float = 1e-4
    batch: int = 256
    steps_per_iteration: int = 200
    buffer: int = 60_000
    eval_games: int = 20
    max_iterations: int | None = None
    resume: Path | None = None
    #: warm start (``meeple.rl.bootstrap``): games of the playout policy fitted before
    #: the first expert iteration (0: none), with ``bootstrap_steps`` minibatch steps
    bootstrap_games: int = 0
    bootstrap_steps: int = 20_000
    bootstrap_keep: float = 0.05
    bootstrap_epsilon: float = 0.15
    #: distillation (``distill``, ``meeple.rl.distill``): positions of ``distill_games``
    #: playout-policy games (deals ``distill_seed`` on) searched by ``distill_expert``,
    #: or the chunk files ``distill_data`` of an earlier run; the policy is fitted to
    #: them before the first expert iteration (0 games and no files: no distillation)
    distill_games: int = 0
    distill_data: list[Path] = field(default_factory=list)
    distill_seed: int = 0
    distill_expert: str = "ismcts:iterations=1600"
    distill_keep: float = 0.1
    distill_epsilon: float = 0.1
    distill_steps: int = 10_000
    distill_lr: float = 5e-4
    #: the visit shares raised to 1/T and renormalised (below 1: sharper targets)
    distill_temperature: float = 0.5
    #: games held out of the distillation fit (the first ones), at most a fifth
    distill_held: int = 100


def build_model(inputs: int, actions: int, players: int, hidden: int, layers: int):
    torch = require_torch()
    nn = torch.nn

    class PolicyValue(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            sizes = [inputs] + [hidden] * layers
            self.body = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:], strict=False))
            self.policy = nn.Linear(hidden, actions)
            self.value = nn.Linear(hidden, players)
            self.lead = nn.Linear(hidden, players)

        def forward(self, x):
            for layer in self.body:
                x = torch.relu(layer(x))
            return self.policy(x), self.value(x), self.lead(x)

    return PolicyValue()


def weights_of(model) -> dict[str, np.ndarray]:
    """The model's weights in the NumPy network's layout (``x @ w + b``)."""
    out = {}
    for i, layer in enumerate(model.body):
        out[f"w{i}"] = layer.weight.detach().numpy().T.copy()
        out[f"b{i}"] = layer.bias.detach().numpy().copy()
    out["wp"] = model.policy.weight.detach().numpy().T.copy()
    out["bp"] = model.policy.bias.detach().numpy().copy()
    out["wv"] = model.value.weight.detach().numpy().T.copy()
    out["bv"] = model.value.bias.detach().numpy().copy()
    out["wl"] = model.lead.weight.detach().numpy().T.copy()
    out["bl"] = model.lead.bias.detach().numpy().copy()
    return out


def load_weights(model, weights: dict[str, np.ndarray]) -> None:
    torch = require_torch()
    with torch.no_grad():
        for i, layer in enumerate(model.body):
            layer.weight.copy_(torch.from_numpy(weights[f"w{i}"].T.copy()))
            layer.bias.copy_(torch.from_numpy(weights[f"b{i}"]))
        model.policy.weight.copy_(torch.from_numpy(weights["wp"].T.copy()))
        model.policy.bias.copy_(torch.from_numpy(weights["bp"]))
        model.value.weight.copy_(torch.from_numpy(weights["wv"].T.copy()))
        model.value.bias.copy_(torch.from_numpy(weights["bv"]))
        if "wl" in weights:  # a checkpoint from before the lead head keeps its fresh one
            model.lead.weight.copy_(torch.from_numpy(weights["wl"].T.copy()))
            model.lead.bias.copy_(torch.from_numpy(weights["bl"]))


LOSSES = ("loss", "policy_loss", "value_loss", "lead_loss")


def losses(model, obs, mask, policy, value, lead, weights=(1.0, 1.0, 1.0)):
    """(total, policy cross-entropy, value mean squared error, lead cross-entropy) on
    one batch of tensors; the total weighs the three by ``weights``."""
    torch = require_torch()
    logits, v, lead_logits = model(obs)
    logits = logits.masked_fill(~mask, -1e9)
    logp = torch.log_softmax(logits, dim=1)
    pl = -(policy * logp).sum(dim=1).mean()
    vl = ((v - value) ** 2).mean()
    ll = -(lead * torch.log_softmax(lead_logits, dim=1)).sum(dim=1).mean()
    return weights[0] * pl + weights[1] * vl + weights[2] * ll, pl, vl, ll


def tensors(samples: Samples):
    torch = require_torch()
    return tuple(torch.from_numpy(getattr(samples, k)) for k in ("obs", "mask", "policy", "value", "lead"))


def fit(model, optimizer, data: Samples, steps: int, batch: int, rng: np.random.Generator,
        symmetries: tuple[np.ndarray, np.ndarray] | None = None,
        weights: tuple[float, float, float] = (1.0, 1.0, 1.0)) -> dict[str, float]:
    """``steps`` minibatch steps on ``data``; mean losses over them. With ``symmetries``
    (``Encoder.symmetries``) each sample of a minibatch is relabelled by one drawn at
    random: the same position seen another way, so the network cannot learn one
    labelling's accidents."""
    torch = require_torch()
    columns = tensors(data)
    maps = None if symmetries is None else tuple(torch.from_numpy(m) for m in symmetries)
    model.train()
    totals = np.zeros(len(LOSSES))
    for _ in range(steps):
        idx = torch.from_numpy(rng.integers(0, len(data), size=min(batch, len(data))))
        obs, mask, policy, value, lead = (c[idx] for c in columns)
        if maps is not None:
            k = torch.from_numpy(rng.integers(0, len(maps[0]), size=len(idx)))
            rows = torch.arange(len(idx))[:, None]
            obs, mask, policy = obs[rows, maps[0][k]], mask[rows, maps[1][k]], policy[rows, maps[1][k]]
        parts = losses(model, obs, mask, policy, value, lead, weights)
        optimizer.zero_grad()
        parts[0].backward()
        optimizer.step()
        totals += [p.item() for p in parts]
    totals /= max(1, steps)
    return dict(zip(LOSSES, totals.tolist(), strict=True))


def measure(model, data: Samples, chunk: int = 8192) -> dict[str, float]:
    """Mean losses over ``data`` (in chunks, so a large set fits in memory), and
    ``agreement``: how often the policy's favourite legal move is the target's."""
    torch = require_torch()
    model.eval()
    columns = tensors(data)
    totals = np.zeros(len(LOSSES) + 1)
    with torch.no_grad():
        for start in range(0, len(data), chunk):
            part = [c[start:start + chunk] for c in columns]
            parts = losses(model, *part)
            logits = model(part[0])[0].masked_fill(~part[1], -1e9)
            agree = (logits.argmax(dim=1) == part[2].argmax(dim=1)).float().mean()
            totals += [p.item() * len(part[0]) for p in (*parts, agree)]
    return dict(zip((*LOSSES, "agreement"), (totals / max(1, len(data))).tolist(), strict=True))


def policy_vs_greedy(game: str, path: Path, players: int, n_games: int, options: dict[str, Any], seed: int,
                     workers: int = 1) -> float:
    """The network in ``path`` alone (``policy:net=PATH``, no search) against ``greedy``
    over mirrored deals (``meeple.arena.panel``: about ``n_games`` games, whole deals):
    its share of the wins."""
    from meeple.arena.panel import match

    deals = max(1, -(-n_games // players))
    return match(game, f"policy:net={path}", "greedy", players, deals, seed, options, workers).rate


def options_of(config: Config, i: int) -> dict[str, Any]:
    return {k: v[i % len(v)] for k, v in config.options.items()}


def train(config: Config, log: Callable[[str], None] = print) -> list[dict[str, Any]]:
    torch = require_torch()
    torch.set_num_threads(1)
    torch.manual_seed(config.seed)
    game = games.get(config.game)
    players = game.check_players(config.players)
    for i in range(max(1, max((len(v) for v in config.options.values()), default=1))):
        game.resolve_options(options_of(config, i))
    enc = encoders.get(game.name, players)
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    model = build_model(enc.size, game.num_actions, players, config.hidden, config.layers)
    history: list[dict[str, Any]] = []
    start_iteration = 0
    if config.resume is not None:
        old = network.Network.load(config.resume, game.name)
        load_weights(model, old.weights())
        history = list(old.meta.get("history", []))
        start_iteration = int(old.meta.get("iteration", 0))
        log(f"resumed from {config.resume} (iteration {start_iteration})")
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    rng = np.random.default_rng(config.seed)
    buffer: list[Samples] = []
    started = time.monotonic()
    warm = old.meta.get("bootstrap") if config.resume is not None else None
    if config.bootstrap_games and config.resume is None:
        warm = warm_start(model, optimizer, config, players, rng, log)
        path = out / "bootstrap.npz"
        network.save(path, network.meta_for(game.name, players, config.layers, iteration=0,
                                            config=_jsonable(asdict(config)), bootstrap=warm,
                                            history=[]), weights_of(model))
        latest_warm: Path | None = path
    else:
        latest_warm = None
    distilled = old.meta.get("distill") if config.resume is not None else None
    if config.distill_games or config.distill_data:
        distilled = distill(model, config, players, rng, log)
        latest_warm = out / "distilled.npz"
        meta = network.meta_for(game.name, players, config.layers, iteration=start_iteration,
                                config=_jsonable(asdict(config)), bootstrap=warm, distill=distilled,
                                history=history, search=DISTILLED_SEARCH)
        network.save(latest_warm, meta, weights_of(model))
        network.save(out / "latest.npz", meta, weights_of(model))
        plot_distillation(distilled, out / "distill-curve.png", f"{game.title}, {players} players")
    if config.max_iterations == 0:
        return history
    deadline = started + config.minutes * 60
    elapsed0 = history[-1]["minutes"] if history else 0.0
    total_games = history[-1]["games"] if history else 0
    total_samples = history[-1]["samples"] if history else 0
    latest = latest_warm or (Path(config.resume) if config.resume is not None else None)
    iteration = start_iteration
    while True:
        iteration += 1
        spec = config.expert
        if config.guided and latest is not None:
            spec = f"{spec}{',' if ':' in spec else ':'}net={latest}"
        seeds = [config.seed * 1_000_003 + total_games + i for i in range(config.games_per_iteration)]
        opts = [options_of(config, total_games + i) for i in range(config.games_per_iteration)]
        t0 = time.monotonic()
        results = generate(game.name, players, opts, spec, seeds, config.workers)
        gen_seconds = time.monotonic() - t0
        fresh = Samples.concat([s for s, _ in results])
        total_games += len(results)
        total_samples += len(fresh)
        buffer.append(fresh)
        while sum(len(b) for b in buffer) > config.buffer and len(buffer) > 1:
            buffer.pop(0)
        data = Samples.concat(buffer)
        if not len(data):
            log(f"iteration {iteration}: no samples yet (every game was cut before an outcome)")
            if _stop(config, iteration - start_iteration, deadline, gen_seconds):
                break
            continue
        # the loss on games the model has not been fitted to yet
        before = measure(model, fresh) if len(fresh) else {k: float("nan") for k in
                                                          LOSSES}
        t1 = time.monotonic()
        stats = fit(model, optimizer, data, config.steps_per_iteration, config.batch, rng, enc.symmetries())
        fit_seconds = time.monotonic() - t1
        weights = weights_of(model)
        row = {
            "iteration": iteration,
            "minutes": elapsed0 + (time.monotonic() - started) / 60,
            "games": total_games,
            "samples": total_samples,
            "buffer": len(data),
            "expert": spec,
            "fresh_loss": before["loss"],
            "fresh_policy_loss": before["policy_loss"],
            "fresh_value_loss": before["value_loss"],
            "fresh_lead_loss": before["lead_loss"],
            **stats,
            "generate_s": gen_seconds,
            "fit_s": fit_seconds,
        }
        meta = network.meta_for(game.name, players, config.layers, iteration=iteration,
                                config=_jsonable(asdict(config)), history=history + [row],
                                bootstrap=warm, distill=distilled)
        path = out / f"net-{iteration:04d}.npz"
        if config.eval_games:
            network.save(path, meta, weights)  # the policy bot plays the saved file
            row["policy_vs_greedy"] = policy_vs_greedy(
                game.name, path, players, config.eval_games, options_of(config, 0), 10_000 + 97 * iteration,
                config.workers,
            )
        history.append(row)
        meta["history"] = history
        network.save(path, meta, weights)
        network.save(out / "latest.npz", meta, weights)
        latest = path
        (out / "history.json").write_text(json.dumps(history, indent=1))
        plot(history, out / "curve.png", f"{game.title}, {players} players")
        log(
            f"iteration {iteration}: {total_games} games, {total_samples} samples, "
            f"loss on new games {before['loss']:.3f} (policy {before['policy_loss']:.3f}, "
            f"value {before['value_loss']:.3f}, lead {before['lead_loss']:.3f}), after fit {stats['loss']:.3f}"
            + (f", policy alone vs greedy {row['policy_vs_greedy']:.0%}" if config.eval_games else "")
            + f" [{gen_seconds:.0f}s play, {fit_seconds:.0f}s fit]"
        )
        if _stop(config, iteration - start_iteration, deadline, gen_seconds + fit_seconds):
            break
    return history


def warm_start(model, optimizer, config: Config, players: int, rng: np.random.Generator,
                log: Callable[[str], None]) -> dict[str, Any]:
    """Fit the model to games of the playout policy (``meeple.rl.bootstrap``), keeping
    the weights that did best on held-out games (one in twenty), since the value
    targets are noisy and a long fit learns the training games by heart."""
    torch = require_torch()
    n = config.bootstrap_games
    held = max(1, n // 20)
    base = config.seed * 1_000_003 + 500_000_000  # apart from the self-play deals
    t0 = time.monotonic()
    parts = []
    for first, count in ((0, n), (n, held)):
        seeds = [base + first + i for i in range(count)]
        opts = [options_of(config, first + i) for i in range(count)]
        parts.append(bootstrap.generate(config.game, players, opts, seeds, config.bootstrap_epsilon,
                                        config.bootstrap_keep, config.workers))
    train_set, held_set = parts
    gen_seconds = time.monotonic() - t0
    log(f"warm start: {n} + {held} held-out games of the playout policy, {len(train_set)} samples "
        f"[{gen_seconds:.0f}s]")
    best = untrained = measure(model, held_set)
    best_state = {k: v.clone() for k, v in model.state_dict().items()}
    symmetries = encoders.get(config.game, players).symmetries()
    chunk = 1000
    for done in range(0, config.bootstrap_steps, chunk):
        fit(model, optimizer, train_set, min(chunk, config.bootstrap_steps - done), 512, rng, symmetries)
        now = measure(model, held_set)
        if now["loss"] < best["loss"]:
            best, best_state = now, {k: v.clone() for k, v in model.state_dict().items()}
    with torch.no_grad():
        model.load_state_dict(best_state)
    log(f"warm start: held-out loss {best['loss']:.3f} (policy {best['policy_loss']:.3f}, "
        f"value {best['value_loss']:.3f}, lead {best['lead_loss']:.3f})")
    return {"games": n, "held_out_games": held, "samples": len(train_set), "steps": config.bootstrap_steps,
            "keep": config.bootstrap_keep, "epsilon": config.bootstrap_epsilon,
            "seconds": round(time.monotonic() - t0, 1), "held_out": best,
            "held_out_untrained": untrained}


def distill(model, config: Config, players: int, rng: np.random.Generator,
            log: Callable[[str], None]) -> dict[str, Any]:
    """Fit the policy to long searches of positions from playout-policy games
    (``meeple.rl.distill``), each sample relabelled by a random symmetry of the game,
    keeping the weights whose policy did best on held-out games (the first
    ``distill_held``): a short search guided by the result starts from what a long one
    would have preferred. Only the policy is fitted; the value and lead heads stay."""
    torch = require_torch()
    game = games.get(config.game)
    enc = encoders.get(game.name, players)
    t0 = time.monotonic()
    files = [Path(f) for f in config.distill_data]
    if config.distill_games:
        seeds = [config.distill_seed + i for i in range(config.distill_games)]
        files += distill_data.generate(Path(config.out) / "distill", game.name, players,
                                       lambda i: options_of(config, i), seeds, config.distill_expert,
                                       config.distill_epsilon, config.distill_keep, config.workers, log)
    data = distill_data.load(files, enc.size, game.num_actions)
    gen_seconds = time.monotonic() - t0
    seeds_seen = np.unique(data.game)
    held_games = seeds_seen[:min(config.distill_held, len(seeds_seen) // 5)]
    held_rows = np.isin(data.game, held_games)
    train_set, held_set = (_policy_samples(data.take(rows), config.distill_temperature, players)
                           for rows in (~held_rows, held_rows))
    if not len(held_set):
        held_set = train_set
    log(f"distillation: {len(train_set)} + {len(held_set)} held-out positions of {len(seeds_seen)} games "
        f"[{gen_seconds:.0f}s]")
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.distill_lr, weight_decay=config.weight_decay)
    symmetries = enc.symmetries()
    best = untrained = measure(model, held_set)
    best_state = {k: v.clone() for k, v in model.state_dict().items()}
    chunk = 500
    curve = [{"steps": 0, "policy_loss": None, "held_out_policy_loss": untrained["policy_loss"],
              "agreement": untrained["agreement"]}]
    for done in range(0, config.distill_steps, chunk):
        steps = min(chunk, config.distill_steps - done)
        stats = fit(model, optimizer, train_set, steps, config.batch, rng, symmetries, weights=(1.0, 0.0, 0.0))
        now = measure(model, held_set)
        curve.append({"steps": done + steps, "policy_loss": stats["policy_loss"],
                      "held_out_policy_loss": now["policy_loss"], "agreement": now["agreement"]})
        if now["policy_loss"] < best["policy_loss"]:
            best, best_state = now, {k: v.clone() for k, v in model.state_dict().items()}
    with torch.no_grad():
        model.load_state_dict(best_state)
    log(f"distillation: held-out policy loss {untrained['policy_loss']:.3f} -> {best['policy_loss']:.3f}, "
        f"favourite move agrees with the long search {untrained['agreement']:.0%} -> {best['agreement']:.0%}")
    return {"games": len(seeds_seen), "held_out_games": len(held_games), "samples": len(train_set),
            "held_out_samples": len(held_set), "expert": config.distill_expert, "keep": config.distill_keep,
            "epsilon": config.distill_epsilon, "steps": config.distill_steps,
            "temperature": config.distill_temperature, "symmetries": 0 if symmetries is None else len(symmetries[0]),
            "files": [f.name for f in files], "seconds": round(time.monotonic() - t0, 1),
            "held_out": best, "held_out_untrained": untrained, "curve": curve}


def _policy_samples(data: distill_data.Positions, temperature: float, players: int) -> Samples:
    """Distillation records as training samples: policy targets only (the value and
    lead columns are placeholders, weighed 0)."""
    n = len(data)
    return Samples(data.obs, data.mask, distill_data.policy_targets(data.visits, temperature),
                   np.zeros((n, players), dtype=np.float32), np.full((n, players), 1.0 / players, dtype=np.float32))


#: how a distilled network is best used by search (``ismcts:net=...`` applies it unless
#: the spec says otherwise): its prior at the root, every leaf played out to the end
DISTILLED_SEARCH = {"mix": 0.0, "prior_depth": 1}


def _stop(config: Config, done: int, deadline: float, last_seconds: float) -> bool:
    """Whether another iteration would exceed the iteration count or the time budget."""
    if config.max_iterations is not None and done >= config.max_iterations:
        return True
    return time.monotonic() + last_seconds > deadline


def _pyplot():
    """pyplot on the file backend, imported only when a plot is drawn (no screen needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot(history: list[dict[str, Any]], path: Path, title: str) -> None:
    """Losses on not-yet-seen games and the policy's score against greedy, by games played."""
    plt = _pyplot()
    x = [h["games"] for h in history]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    ax.plot(x, [h["fresh_policy_loss"] for h in history], label="policy loss (new games)")
    ax.plot(x, [h["fresh_value_loss"] for h in history], label="value loss (new games)")
    if all("fresh_lead_loss" in h for h in history):
        ax.plot(x, [h["fresh_lead_loss"] for h in history], color="tab:red", label="lead loss (new games)")
    ax.set_xlabel("self-play games")
    ax.set_ylabel("loss")
    ax.set_title(f"{title}: expert iteration")
    lines, labels = ax.get_legend_handles_labels()
    if any("policy_vs_greedy" in h for h in history):
        ax2 = ax.twinx()
        pts = [(h["games"], h["policy_vs_greedy"]) for h in history if "policy_vs_greedy" in h]
        ax2.plot(*zip(*pts, strict=True), color="tab:green", marker=".", label="policy alone vs greedy")
        ax2.set_ylim(0, 1)
        ax2.set_ylabel("score vs greedy (no search)")
        more, more_labels = ax2.get_legend_handles_labels()
        lines, labels = lines + more, labels + more_labels
    ax.legend(lines, labels, loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_distillation(record: dict[str, Any], path: Path, title: str) -> None:
    """The distillation fit: policy loss on the training positions and on held-out games,
    and how often the policy's favourite move is the long search's, by minibatch steps."""
    plt = _pyplot()
    curve = record["curve"]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    fitted = [c for c in curve if c["policy_loss"] is not None]
    ax.plot([c["steps"] for c in fitted], [c["policy_loss"] for c in fitted], label="policy loss (training)")
    ax.plot([c["steps"] for c in curve[1:]], [c["held_out_policy_loss"] for c in curve[1:]],
            label="policy loss (held-out games)")
    ax.set_xlabel("minibatch steps")
    ax.set_ylabel("cross-entropy to the long search's visit shares")
    ax.set_title(f"{title}: distillation of {record['expert']} ({record['samples']:,} positions)", fontsize=9)
    ax2 = ax.twinx()
    ax2.plot([c["steps"] for c in curve], [c["agreement"] for c in curve], color="tab:green", marker=".",
             label="favourite move = the long search's (held-out)")
    ax2.set_ylim(0, 1)
    ax2.set_ylabel("agreement")
    lines, labels = ax.get_legend_handles_labels()
    more, more_labels = ax2.get_legend_handles_labels()
    fig.tight_layout(rect=(0, 0.12, 1, 1))
    fig.legend(lines + more, labels + more_labels, loc="lower center", ncol=3, fontsize=8, frameon=False)
    fig.savefig(path)
    plt.close(fig)


def _jsonable(d: dict[str, Any]) -> dict[str, Any]:
    def plain(v: Any) -> Any:
        if isinstance(v, Path):
            return str(v)
        return [plain(x) for x in v] if isinstance(v, list) else v
    return {k: plain(v) for k, v in d.items()}
