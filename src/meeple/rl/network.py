"""A trained policy+value network, run with NumPy (no PyTorch needed to play with it).

The file is an ``.npz`` archive: the weight matrices plus a JSON ``meta`` record saying
which game, player count and encoder layout it was trained on, so a network is never
silently applied to observations of another shape.

Outputs for one observation of the seat to move:
- policy logits over all ``GAME.num_actions`` codes (mask them with the legal actions);
- values: per seat in observation order (the observing seat first), the expected change
  of that seat's score from now until search reads the score (``GAME.rollout_done``:
  the end of the game, or of the round in Lost Cities), divided by ``GAME.score_scale``;
- lead logits (networks whose meta says ``"lead": true``): per seat in observation
  order, a softmax over them is each seat's chance to lead at that point (to win, where
  the game ends there). Networks without this head still load; search then judges a
  cut playout by the predicted scores alone.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from meeple import games
from meeple.core.errors import ConfigError
from meeple.rl import encoders
from meeple.rl.encoders import Encoder

NETS = Path(__file__).parent / "nets"
#: the networks shipped in the package, per game (``net=default``), each with the game
#: options it was trained for: a game takes the first whose options it has; the last
#: names none and takes every other configuration
SHIPPED: dict[str, tuple[tuple[Mapping[str, Any], Path], ...]] = {
    "lost-cities": (
        ({"colors": 6}, NETS / "lost-cities-6c.npz"),  # six colours (three-round games)
        ({"rounds": 1}, NETS / "lost-cities.npz"),  # one-round, five-colour games
        ({}, NETS / "lost-cities-5c.npz"),  # five colours, three rounds
    ),
}
FORMAT = 1


class Outputs(NamedTuple):
    logits: np.ndarray  # [..., num_actions]
    values: np.ndarray  # [..., players]
    lead: np.ndarray | None  # [..., players] logits, or None (no lead head)


def layout(encoder: Encoder) -> str:
    """A fingerprint of the encoder's feature layout (names and sizes, in order)."""
    text = ";".join(f"{f.name}:{f.size}" for f in encoder.features)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Network:
    """An MLP: ``layers`` hidden ReLU layers, a policy head and a value head."""

    def __init__(self, meta: Mapping[str, Any], weights: Mapping[str, np.ndarray]) -> None:
        self.meta = dict(meta)
        self.game = games.get(self.meta["game"])
        self.players = int(self.meta["players"])
        self.encoder = encoders.get(self.game.name, self.players)
        if self.meta.get("layout") != layout(self.encoder):
            raise ConfigError(
                f"this {self.game.name} network was trained on another observation layout "
                f"than the current encoder's; retrain it (meeple train {self.game.name})"
            )
        n = int(self.meta["layers"])
        needed = [f"{k}{i}" for i in range(n) for k in "wb"] + ["wp", "bp", "wv", "bv"]
        missing = [k for k in needed + (["wl", "bl"] if self.meta.get("lead") else []) if k not in weights]
        if missing:
            raise ConfigError(f"this network file lacks the weights {', '.join(missing)}; retrain it")
        self.hidden = [(weights[f"w{i}"], weights[f"b{i}"]) for i in range(n)]
        self.policy = (weights["wp"], weights["bp"])
        self.value = (weights["wv"], weights["bv"])
        self.lead = (weights["wl"], weights["bl"]) if self.meta.get("lead") else None
        if self.hidden[0][0].shape[0] != self.encoder.size:
            raise ConfigError("network input size does not match the encoder")

    @classmethod
    def load(cls, path: str | Path, game: str | None = None) -> Network:
        """Read a network file; ``path`` ``default`` is the catch-all one shipped for
        ``game`` (``guide.ShippedGuide`` picks per state among all of them)."""
        if str(path) == "default":
            path = shipped(game)
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                weights = {k: data[k].astype(np.float32) for k in data.files if k != "meta"}
        except FileNotFoundError:
            raise ConfigError(f"no network file at {path}") from None
        except (OSError, ValueError, KeyError) as err:
            raise ConfigError(f"{path} is not a meeple network file: {err}") from None
        if meta.get("format") != FORMAT:
            raise ConfigError(f"{path}: network format {meta.get('format')!r}, expected {FORMAT}")
        if game is not None and meta.get("game") != game:
            raise ConfigError(f"{path} is a network for {meta.get('game')!r}, not {game!r}")
        return cls(meta, weights)

    def save(self, path: str | Path) -> None:
        save(path, self.meta, self.weights())

    def weights(self) -> dict[str, np.ndarray]:
        out = {}
        for i, (w, b) in enumerate(self.hidden):
            out[f"w{i}"], out[f"b{i}"] = w, b
        out["wp"], out["bp"] = self.policy
        out["wv"], out["bv"] = self.value
        if self.lead is not None:
            out["wl"], out["bl"] = self.lead
        return out

    def forward(self, obs: np.ndarray) -> Outputs:
        """The outputs for a batch ``[B, n]`` or a single observation ``[n]``."""
        x = obs
        for w, b in self.hidden:
            x = x @ w + b
            np.maximum(x, 0.0, out=x)
        lead = None if self.lead is None else x @ self.lead[0] + self.lead[1]
        return Outputs(x @ self.policy[0] + self.policy[1], x @ self.value[0] + self.value[1], lead)


def shipped(game: str | None, options: Mapping[str, Any] | None = None) -> Path:
    """The file of ``net=default`` for a game with these options (none: the catch-all)."""
    if game is None or game not in SHIPPED:
        raise ConfigError(f"net=default exists for {', '.join(SHIPPED)} only, not {game!r}; give a file")
    given = options or {}
    return next(path for wanted, path in SHIPPED[game]
                if all(given.get(key) == value for key, value in wanted.items()))


def save(path: str | Path, meta: Mapping[str, Any], weights: Mapping[str, np.ndarray]) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, meta=np.array(json.dumps(dict(meta))), **{
        k: np.asarray(v, dtype=np.float32) for k, v in weights.items()
    })
    tmp.replace(path)


def meta_for(game: str, players: int, layers: int, **extra: Any) -> dict[str, Any]:
    enc = encoders.get(game, players)
    return {
        "format": FORMAT, "game": game, "players": players, "layers": layers, "lead": True,
        "layout": layout(enc), "inputs": enc.size, "actions": games.get(game).num_actions,
        **extra,
    }
