"""Bots, chosen by name: ``random``, ``greedy`` (the game's heuristic), ``ismcts``.

A bot spec may carry parameters: ``ismcts:iterations=2000``, ``ismcts:seconds=0.5``.
"""

from __future__ import annotations

from meeple.bots.base import Bot, GreedyBot, RandomBot
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.errors import ConfigError
from meeple.core.game import Game

BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ISMCTSBot}
PARAMS = {
    "ismcts": {
        "iterations": int,
        "seconds": float,
        "exploration": float,
        "bias": float,
        "rollout_depth": int,
        "net": str,  # a network file from meeple train, or "default" (meeple.rl)
    }
}


def names() -> list[str]:
    return list(BOTS)


def get(spec: str, game: Game, seed: int | None = None) -> Bot:
    """Build a bot from ``name`` or ``name:key=value,...`` for ``game``."""
    name, _, rest = spec.strip().partition(":")
    name = name.lower()
    if name not in BOTS:
        raise ConfigError(f"no bot called {name!r}; bots: {', '.join(BOTS)}")
    kwargs: dict[str, object] = {}
    allowed = PARAMS.get(name, {})
    for part in filter(None, rest.split(";" if ";" in rest else ",")):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or key not in allowed:
            keys = ", ".join(allowed) or "none"
            raise ConfigError(f"bot {name} has no parameter {key!r}; parameters: {keys}")
        try:
            kwargs[key] = allowed[key](value)
        except ValueError:
            raise ConfigError(f"bot parameter {key}={value!r} must be a number") from None
    if "net" in kwargs:  # ismcts:net=PATH: the network's policy and value guide the search
        from meeple.rl.guide import NetGuide  # NumPy only; loaded when asked for

        guide = NetGuide.load(str(kwargs.pop("net")), game.name)
        kwargs["prior"], kwargs["evaluate"] = guide.prior, guide.evaluate
    return BOTS[name](game, seed=seed, **kwargs)


__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "get", "names"]
