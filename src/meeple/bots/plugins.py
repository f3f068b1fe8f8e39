"""What layers above ``bots`` plug into it, found by name so ``bots`` never imports them.

Two kinds of plug-in:

- a *guide*: a spec parameter of ``ismcts`` (``net=PATH``) that turns into the search's
  ``prior``, ``evaluate`` and ``lead`` callables plus the search settings the guide
  recommends (``Guidance``). ``meeple.rl`` provides ``net``.
- a *bot*: a whole bot class under a name (``policy:net=PATH``, a network's own move).

Either is registered with ``register_guide`` / ``register_bot``, or found lazily in the
composition root's table ``meeple.PLUGINS`` (``"module:attribute"`` texts, imported on
first use), which is how ``bots.get("ismcts:net=default", game)`` works without the
caller importing ``meeple.rl`` and without ``bots`` naming it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import meeple
from meeple.core.errors import ConfigError
from meeple.core.game import Game


@dataclass(frozen=True)
class Guidance:
    """Callables a search may take from outside the game (see ``bots.ismcts``), and the
    search settings the guide was made for (a spec's own settings win over them)."""

    prior: Callable[..., Any] | None = None
    evaluate: Callable[..., Any] | None = None
    lead: Callable[..., Any] | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)


#: guide parameter -> loader(value, game) -> Guidance
GuideLoader = Callable[[str, Game], Guidance]
_guides: dict[str, GuideLoader] = {}
_bots: dict[str, type] = {}


def register_guide(param: str, loader: GuideLoader) -> None:
    _guides[param] = loader


def register_bot(name: str, cls: type) -> None:
    _bots[name] = cls


def _table(kind: str) -> dict[str, str]:
    return dict(getattr(meeple, "PLUGINS", {}).get(kind, {}))


def _resolve(where: str) -> Any:
    module, _, attr = where.partition(":")
    return getattr(importlib.import_module(module), attr)


def guide_names() -> list[str]:
    return list(dict.fromkeys([*_guides, *_table("guides")]))


def bot_names() -> list[str]:
    return list(dict.fromkeys([*_bots, *_table("bots")]))


def guide(param: str) -> GuideLoader:
    if param not in _guides:
        where = _table("guides").get(param)
        if where is None:
            raise ConfigError(f"no guide called {param!r}; guides: {', '.join(guide_names()) or 'none'}")
        _guides[param] = _resolve(where)
    return _guides[param]


def bot(name: str) -> type | None:
    """The plug-in bot class called ``name``, or None."""
    if name not in _bots:
        where = _table("bots").get(name)
        if where is None:
            return None
        _bots[name] = _resolve(where)
    return _bots[name]
