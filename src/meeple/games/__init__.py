"""The game registry: the only way bots, the CLI and the server reach a game."""

from __future__ import annotations

import importlib

from meeple.core.errors import ConfigError, IllegalAction, MeepleError, ParseError
from meeple.core.game import Game
from meeple.core.record import Record
from meeple.core.state import State

#: game name -> module that defines ``GAME``. Imported on first use.
_MODULES = {
    "lost-cities": "meeple.games.lost_cities",
    "lowlands": "meeple.games.lowlands",
    "little-town": "meeple.games.little_town",
    "lewis-clark": "meeple.games.lewis_clark",
}


def names() -> list[str]:
    """The names of every playable game."""
    return list(_MODULES)


def get(name: str) -> Game:
    """The game object called ``name`` (e.g. ``"lost-cities"``)."""
    if not isinstance(name, str):
        raise ConfigError(
            f"a game is asked for by its name (a str such as 'lost-cities'), got {type(name).__name__}; "
            f"games: {', '.join(names())}"
        )
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    module = _MODULES.get(key)
    if module is None:
        raise ConfigError(f"no game called {name!r}; games: {', '.join(names())}")
    return importlib.import_module(module).GAME


def replay(record: Record) -> State:
    """Rebuild the game a record describes, checking every action on the way."""
    game = get(record.game)
    if record.rules != game.rules_version:
        raise MeepleError(
            f"this record was played under {game.name} rules version {record.rules!r}; "
            f"this meeple plays version {game.rules_version!r}, which may differ, so it "
            "cannot replay it faithfully"
        )
    state = game.new(record.players, record.seed, **record.options)
    for ply, text in enumerate(record.actions):
        try:
            state.apply(game.parse(text))
        except (ParseError, IllegalAction) as err:
            raise MeepleError(f"record action {ply + 1} ({text!r}) cannot be replayed: {err}") from None
    return state
