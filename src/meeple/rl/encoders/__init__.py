"""One observation encoder per game, chosen by game name.

Each module here is the only place that knows a game's view format; the environments
and the training code are generic.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from meeple.core.errors import ConfigError
from meeple.rl.encoders.base import Encoder, Feature, ViewShapeError

#: game name -> (module, class)
_ENCODERS = {
    "lost-cities": ("meeple.rl.encoders.lost_cities", "LostCitiesEncoder"),
    "little-town": ("meeple.rl.encoders.little_town", "LittleTownEncoder"),
    "lewis-clark": ("meeple.rl.encoders.lewis_clark", "LewisClarkEncoder"),
    "lowlands": ("meeple.rl.encoders.lowlands", "LowlandsEncoder"),
}


def get(game: str, players: int, options: Mapping[str, Any] | None = None) -> Encoder:
    """The encoder of ``game`` for ``players`` seats (its shape is fixed by the two)."""
    if game not in _ENCODERS:
        raise ConfigError(f"no observation encoder for {game!r}; encoders: {', '.join(_ENCODERS)}")
    module, name = _ENCODERS[game]
    return getattr(importlib.import_module(module), name)(players, options)


def names() -> list[str]:
    return list(_ENCODERS)


__all__ = ["Encoder", "Feature", "ViewShapeError", "get", "names"]
