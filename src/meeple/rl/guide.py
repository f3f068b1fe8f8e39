"""The network as search sees it: a prior over the legal moves and an evaluation.

Both read only ``state.view(state.to_move)``. Inside search the state is a
determinization, so the network never sees more than the searching seat could.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.rl.network import Network


class NetGuide:
    """``prior(state)`` and ``evaluate(state)`` for ISMCTS, from one network."""

    def __init__(self, net: Network) -> None:
        self.net = net
        self.scale = net.game.score_scale
        self._last: tuple[int, State | None, np.ndarray, np.ndarray] = (0, None, np.empty(0), np.empty(0))

    @classmethod
    def load(cls, path: str | Path, game: str) -> NetGuide:
        return cls(Network.load(path, game))

    def _run(self, state: State) -> tuple[np.ndarray, np.ndarray]:
        """Logits and values for the seat to move (one forward pass, reused by the
        prior and the evaluation of the same state object at the same ply)."""
        key, obj, logits, values = self._last
        if obj is state and key == state.ply:
            return logits, values
        obs = self.net.encoder.encode(state.view(state.to_move))
        logits, values = self.net.forward(obs)
        self._last = (state.ply, state, logits, values)
        return logits, values

    def prior(self, state: State, legal: Sequence[Action]) -> list[float]:
        """Probabilities of the legal actions (in ``legal``'s order)."""
        logits, _ = self._run(state)
        picked = logits[[int(a) for a in legal]]
        picked = np.exp(picked - picked.max())
        return (picked / picked.sum()).tolist()

    def evaluate(self, state: State) -> list[float]:
        """Expected final scores per seat: the running scores plus the predicted change."""
        _, values = self._run(state)
        me, n = state.to_move, state.players
        now = state.scores()
        return [now[s] + float(values[(s - me) % n]) * self.scale for s in range(n)]

    def best(self, state: State) -> Action:
        """The network's own move (no search): the most likely legal action."""
        legal = state.legal_actions()
        probs = self.prior(state, legal)
        return legal[max(range(len(legal)), key=probs.__getitem__)]

