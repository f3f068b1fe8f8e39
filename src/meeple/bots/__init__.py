"""Bots, chosen by name: ``random``, ``greedy`` (the game's heuristic), ``ismcts``, and
``planner`` (whole turns, judged by greedy continuations; games that declare turns).

A bot spec may carry parameters: ``ismcts:iterations=2000``, ``ismcts:seconds=0.5``,
``greedy:seed=3``. Names and parameter names are case-insensitive; every bot takes
``seed``. Each bot class declares its parameters once (``params``, see
``meeple.bots.params``): the spec is read and the constructor checks it by that one
declaration. Bots from layers above (``policy``, a trained network's own move) and the
network that guides search (``ismcts:net=PATH``) are plug-ins (``meeple.bots.plugins``):
this package imports nothing above ``core`` and ``games``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.bots import plugins
from meeple.bots.base import Bot, GreedyBot, RandomBot
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.params import SEED, Param, spec_params
from meeple.bots.planner import TurnPlanner
from meeple.core.errors import ConfigError
from meeple.core.game import Game

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ISMCTSBot, "planner": TurnPlanner}
#: the built-in bots whose time per move is a budget (``max_seconds`` caps it)
SEARCHING = frozenset(n for n, cls in BOTS.items() if any(p.name == "max_seconds" for p in cls.params))


def names() -> list[str]:
    """The built-in bots (every game has them)."""
    return list(BOTS)


def plugin_names() -> list[str]:
    """Bots that layers above plug in (``policy``: a network's own move), by name; not
    imported to list them, and not offered where a game may have no use for them."""
    return [n for n in plugins.bot_names() if n not in BOTS]


def bot_class(name: str) -> type:
    """The class of the bot called ``name`` (case-insensitive)."""
    key = name.strip().lower()
    cls = BOTS.get(key) or plugins.bot(key)
    if cls is None:
        raise ConfigError(f"no bot called {key!r}; bots: {', '.join(names() + plugin_names())}")
    return cls


def params(name: str) -> tuple[Param, ...]:
    """The parameters the bot ``name`` takes, ``seed`` first."""
    return (SEED, *bot_class(name).params)


def __getattr__(attr: str) -> Any:
    if attr == "PARAMS":  # the old table, derived: bot -> {parameter: type}, seed aside
        return {n: {p.name: p.kind for p in BOTS[n].params} for n in names()}
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"ismcts:iterations=500,seed=2"`` -> ``("ismcts", {"iterations": 500, "seed": 2})``."""
    if not isinstance(spec, str):
        raise ConfigError(f"a bot is named by text such as 'greedy' or 'ismcts:seconds=1', not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    cls = bot_class(name)
    return name, spec_params(name, cls.params, rest, spec)


def get(spec: str, game: Game, seed: int | None = None, max_seconds: float | None = None) -> Bot:
    """Build a bot from ``name`` or ``name:key=value,...`` for ``game`` (a Game object).

    A ``seed`` in the spec wins over the ``seed`` argument. ``max_seconds`` caps the
    time a bot may think per decision whatever its spec says (a server's budget): a
    bot that declares ``max_seconds`` gets the smaller of its own and this one.
    """
    if not isinstance(game, Game):
        hint = " (use meeple.games.get(name) for the game object)" if isinstance(game, str) else ""
        raise ConfigError(f"bots.get needs a Game, not {type(game).__name__}{hint}")
    name, kwargs = parse_spec(spec)
    kwargs.setdefault("seed", seed)
    cls = bot_class(name)
    if max_seconds is not None and any(p.name == "max_seconds" for p in cls.params):
        own = kwargs.get("max_seconds")
        kwargs["max_seconds"] = max_seconds if own is None else min(float(own), max_seconds)  # type: ignore[arg-type]
    return cls(game, **kwargs)


def describe(name: str) -> list[tuple[str, str, str]]:
    """(parameter, allowed values, meaning) rows of a bot, for lists and help."""
    return [(p.name, p.describe(), p.doc) for p in params(name)]


def check_specs(specs: Sequence[str], game: Game) -> None:
    """Refuse a bad spec before any game starts (builds each bot once, plays nothing)."""
    for spec in dict.fromkeys(specs):
        close = getattr(get(spec, game), "close", None)
        if close is not None:
            close()


__all__ = [
    "BOTS", "SEARCHING", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "TurnPlanner", "bot_class", "check_specs",
    "describe", "get", "names", "params", "parse_spec", "plugin_names",
]
