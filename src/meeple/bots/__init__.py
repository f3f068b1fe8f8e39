"""Bots, chosen by name: ``random``, ``greedy`` (the game's heuristic), ``ismcts``.

A bot spec may carry parameters: ``ismcts:iterations=2000``, ``ismcts:seconds=0.5``,
``greedy:seed=3``. Names and parameter names are case-insensitive; every bot takes
``seed``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from meeple.bots.base import Bot, GreedyBot, RandomBot
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.errors import ConfigError
from meeple.core.game import Game

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ISMCTSBot}
#: parameters per bot beyond ``seed``, with the type their text is read as
PARAMS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {"style": str},
    "ismcts": {
        "iterations": int,
        "seconds": float,
        "exploration": float,
        "bias": float,
        "rollout_depth": int,
        "reward": str,  # outcome (default), margin or gain: see ismcts.rewards
        "margin_weight": float,  # the outcome reward's weight on the margin term
        "workers": int,  # root-parallel search over this many processes
        "net": Path,  # a network file from meeple train, or "default" (meeple.rl)
        "mix": float,  # with net: the network's share of a leaf's value, a playout the rest (0: prior only)
        "prior_weight": float,  # with net: the PUCT coefficient of the network's prior
        "prior_depth": int,  # with net: the prior is asked only this many decisions deep (1: the root)
    },
}


#: the bots whose time per move is a budget (``max_seconds`` caps it)
SEARCHING = frozenset({"ismcts"})


def names() -> list[str]:
    return list(BOTS)


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"ismcts:iterations=500,seed=2"`` -> ``("ismcts", {"iterations": 500, "seed": 2})``."""
    if not isinstance(spec, str):
        raise ConfigError(f"a bot is named by text such as 'greedy' or 'ismcts:seconds=1', not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in BOTS:
        raise ConfigError(f"no bot called {name!r}; bots: {', '.join(BOTS)}")
    allowed = {"seed": int, **PARAMS[name]}
    kwargs: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in rest.split(";" if ";" in rest else ","))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or key not in allowed:
            keys = ", ".join(allowed)
            raise ConfigError(f"bot {name} has no parameter {part!r}; parameters (key=value): {keys}")
        if key in kwargs:
            raise ConfigError(f"bot parameter {key} is given twice in {spec!r}")
        kind = allowed[key]
        if kind is str:
            kwargs[key] = value.strip().lower()
            continue
        try:
            number = kind(value.strip())
        except ValueError:
            what = "a whole number" if kind is int else "a number"
            raise ConfigError(f"bot parameter {key}={value.strip()!r} must be {what}") from None
        if isinstance(number, float) and not math.isfinite(number):
            raise ConfigError(f"bot parameter {key}={value.strip()!r} must be a finite number")
        kwargs[key] = number
    return name, kwargs


def get(spec: str, game: Game, seed: int | None = None, max_seconds: float | None = None) -> Bot:
    """Build a bot from ``name`` or ``name:key=value,...`` for ``game`` (a Game object).

    A ``seed`` in the spec wins over the ``seed`` argument. ``max_seconds`` is a ceiling
    on a search bot's time per move that no spec can raise (the server's budget); bots
    that do not search ignore it.
    """
    if not isinstance(game, Game):
        hint = " (use meeple.games.get(name) for the game object)" if isinstance(game, str) else ""
        raise ConfigError(f"bots.get needs a Game, not {type(game).__name__}{hint}")
    name, kwargs = parse_spec(spec)
    kwargs.setdefault("seed", seed)
    if "net" in kwargs:  # ismcts:net=PATH: the network's policy and value guide the search
        from meeple.rl.guide import NetGuide  # NumPy only; loaded when asked for

        guide = NetGuide.load(str(kwargs.pop("net")), game.name)
        kwargs["prior"], kwargs["evaluate"], kwargs["lead"] = guide.prior, guide.evaluate, guide.lead
        for key, value in guide.search_defaults.items():  # how the network is best used
            kwargs.setdefault(key, value)
    if max_seconds is not None and name in SEARCHING:
        kwargs["max_seconds"] = max_seconds
    return BOTS[name](game, **kwargs)


__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "get", "names", "parse_spec"]
