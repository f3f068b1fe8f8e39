"""The network as search sees it: a prior over the legal moves and an evaluation.

Both read only ``state.view(state.to_move)``. Inside search the state is a
determinization, so the network never sees more than the searching seat could.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from meeple.bots.base import legal_or_refuse
from meeple.bots.params import Param, settle
from meeple.bots.plugins import Guidance
from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.state import State
from meeple.rl.network import SHIPPED, Network, Outputs, shipped

#: the ismcts settings a network file may recommend
SEARCH_SETTINGS = frozenset({"mix", "prior_depth", "prior_weight", "rollout_depth", "bias", "exploration"})


class NetGuide:
    """``prior(state)`` and ``evaluate(state)`` for ISMCTS, from one network."""

    def __init__(self, net: Network) -> None:
        self.net = net
        self.scale = net.game.score_scale
        self._last: tuple[int, State | None, Outputs] = (0, None, Outputs(np.empty(0), np.empty(0), None))
        #: ``lead(state)`` for search, or None when the network has no lead head
        self.lead = self._lead if net.lead is not None else None
        #: the search settings the network file recommends (``meta["search"]``, e.g. a
        #: distilled prior used at the root only); a bot spec's own settings win
        self.search_defaults = {k: v for k, v in net.meta.get("search", {}).items()
                                if k in SEARCH_SETTINGS}
        self._observe = net.encoder.encode_state  # the seat's observation, tested equal to its view's

    @classmethod
    def load(cls, path: str | Path, game: str) -> NetGuide:
        return cls(Network.load(path, game))

    def _run(self, state: State) -> Outputs:
        """The outputs for the seat to move (one forward pass, reused by the prior,
        the evaluation and the lead of the same state object at the same ply)."""
        key, obj, out = self._last
        if obj is state and key == state.ply:
            return out
        out = self.net.forward(self._observe(state, state.to_move))
        self._last = (state.ply, state, out)
        return out

    def prior(self, state: State, legal: Sequence[Action]) -> list[float]:
        """Probabilities of the legal actions (in ``legal``'s order)."""
        logits = self._run(state).logits
        picked = logits[[int(a) for a in legal]]
        picked = np.exp(picked - picked.max())
        return (picked / picked.sum()).tolist()

    def evaluate(self, state: State) -> list[float]:
        """Expected final scores per seat: the running scores plus the predicted change."""
        values = self._run(state).values
        me, n = state.to_move, state.players
        now = state.scores()
        return [now[s] + float(values[(s - me) % n]) * self.scale for s in range(n)]

    def _lead(self, state: State) -> list[float]:
        """Per seat, the chance to lead where search reads the score (sums to 1)."""
        lead = self._run(state).lead
        p = np.exp(lead - lead.max())
        p /= p.sum()
        me, n = state.to_move, state.players
        return [float(p[(s - me) % n]) for s in range(n)]

    def best(self, state: State) -> Action:
        """The network's own move (no search): the most likely legal action."""
        legal = state.legal_actions()
        probs = self.prior(state, legal)
        return legal[max(range(len(legal)), key=probs.__getitem__)]


class ShippedGuide:
    """``net=default``: for each state, the shipped network trained for its options
    (``network.SHIPPED``: Lost Cities ships one for six colours, one for one-round games
    and one for the rest), each loaded once. Search asks the prior once a move, so
    choosing costs nothing."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._guides: dict[Path, NetGuide] = {}
        catch_all = self._guide(shipped(game))
        #: the settings of the catch-all network; every shipped file recommends the same
        self.search_defaults = catch_all.search_defaults
        self.lead = self._lead if catch_all.lead is not None else None

    def _guide(self, path: Path) -> NetGuide:
        if path not in self._guides:
            self._guides[path] = NetGuide.load(path, self.game)
        return self._guides[path]

    def of(self, state: State) -> NetGuide:
        """The guide for this state's configuration."""
        return self._guide(shipped(self.game, state.options))

    def prior(self, state: State, legal: Sequence[Action]) -> list[float]:
        return self.of(state).prior(state, legal)

    def evaluate(self, state: State) -> list[float]:
        return self.of(state).evaluate(state)

    def _lead(self, state: State) -> list[float]:
        lead = self.of(state).lead
        if lead is None:
            raise ConfigError(f"the shipped {self.game} networks do not all have a lead head")
        return lead(state)

    def best(self, state: State) -> Action:
        return self.of(state).best(state)


def load_guide(net: str | Path, game: str) -> NetGuide | ShippedGuide:
    """The guide of ``net=PATH``, or of the shipped networks for ``net=default``."""
    if str(net) == "default" and game in SHIPPED:
        return ShippedGuide(game)
    return NetGuide.load(net, game)


def guidance(net: str, game: Game) -> Guidance:
    """``ismcts:net=PATH`` (the ``net`` guide, registered in ``meeple.PLUGINS``): the
    network's prior, evaluation and lead for the search, and its recommended settings."""
    guide = load_guide(net, game.name)
    return Guidance(guide.prior, guide.evaluate, guide.lead, guide.search_defaults)


class PolicyBot:
    """A trained network's own move (its most likely legal action), without search.

    ``policy:net=PATH`` measures what a network learnt by itself (``meeple train``
    checks it against ``greedy`` after every iteration)."""

    name = "policy"
    params = (Param("net", Path, "default", "a network file from meeple train, or 'default'"),)

    def __init__(self, game: Game, seed: int | None = None, **settings: object) -> None:
        net = settle(self.name, self.params, settings)["net"]
        if net is None:
            raise ConfigError("the policy bot plays a network: give net=PATH or net=default")
        self.guide = load_guide(str(net), game.name)

    def choose(self, state: State) -> Action:
        legal = legal_or_refuse(state)
        return legal[0] if len(legal) == 1 else self.guide.best(state)

    def close(self) -> None:
        pass
