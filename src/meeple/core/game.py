"""The game object: the facts a game declares once, and how to start one."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import ConfigError

if TYPE_CHECKING:
    from meeple.core.state import State


@dataclass(frozen=True)
class Option:
    """One game option: its default, the values allowed, and what it means.

    ``choices`` lists every allowed value. ``None`` as a choice means what ``none``
    names: "random" (decided by the seed, e.g. a board side) or "none" (no limit).
    """

    default: Any
    choices: tuple[Any, ...]
    doc: str
    none: str = "random"

    def coerce(self, name: str, value: Any) -> Any:
        """Accept the value itself or its text (from a command line or a form)."""
        if value is None:
            if None in self.choices:
                return None
        elif isinstance(value, str):
            text = value.strip().lower()
            for choice in self.choices:
                if choice is None and text in (self.none, "none"):
                    return None
                if choice is not None and str(choice).lower() == text:
                    return choice
        else:
            for choice in self.choices:
                if type(choice) is type(value) and choice == value:
                    return choice
        allowed = ", ".join(self.none if c is None else str(c) for c in self.choices)
        raise ConfigError(f"option {name}={value!r} is not allowed; allowed values: {allowed}")


class Game:
    """Base class of the one ``GAME`` object each game package exposes.

    Subclasses set the class attributes and ``state_class``; rules live in the state.
    """

    name: str = ""
    title: str = ""
    players: range = range(2, 3)
    options: Mapping[str, Option] = {}
    actions: ActionSpace
    state_class: type[State]
    #: A one-line description of each seat's goal, shown by the CLI.
    summary: str = ""

    # ---- starting a game -------------------------------------------------
    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ConfigError(
                f"{self.name} has no option {unknown[0]!r}; its options are: {known}"
            )
        resolved = {}
        for key, opt in self.options.items():
            resolved[key] = opt.coerce(key, given[key]) if key in given else opt.default
        return resolved

    def check_players(self, players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"players must be a whole number, got {players!r}")
        if players not in self.players:
            lo, hi = self.players.start, self.players.stop - 1
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise ConfigError(f"{self.title} is played by {span} players, not {players}")
        return players

    def new(self, players: int | None = None, seed: int | None = None, **options: Any) -> State:
        """A fresh game. ``seed=None`` draws one (kept in the state for the record)."""
        if players is None:
            players = self.players.start
        players = self.check_players(players)
        opts = self.resolve_options(options)
        if seed is None:
            seed = random.SystemRandom().getrandbits(48)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ConfigError(f"seed must be a whole number >= 0, got {seed!r}")
        return self.state_class.start(self, players, seed, opts)

    # ---- notation and the integer action space ---------------------------
    def parse(self, text: str) -> Action:
        return self.actions.parse(text)

    def encode(self, action: int) -> int:
        return int(action)

    def decode(self, index: int) -> Action:
        return self.actions[index]

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    # ---- presentation and bot hooks (overridden per game) ----------------
    def render(self, state: State, seat: int | None = None) -> str:
        """The board as text for ``seat`` (``None``: a spectator)."""
        import json

        return json.dumps(state.view(seat), indent=1)

    #: optional: ``greedy_action(state, rng) -> Action``, the game's heuristic move.
    greedy_action: Callable[[State, random.Random], Action] | None = None
    #: optional: a cheap policy for search rollouts (defaults to uniform random).
    rollout_action: Callable[[State, random.Random], Action] | None = None

    def log_text(self, action: Action, actor: int, seat: int | None) -> str:
        """How ``action``, played by seat ``actor``, reads in ``seat``'s log (None: spectators).

        Default: its notation, for everyone. A game whose notation names something the
        other seats may not see (a card played face down) masks it here, so a server can
        hand each seat a log that reveals no more than its ``view``.
        """
        return action.text

    def rollout_done(self, root: State, state: State) -> bool:
        """Where search rollouts may stop and read ``scores()``; default: game over."""
        return state.to_move is None

    #: the score difference that counts as a clear win, for search rewards.
    score_scale: float = 20.0
    #: ISMCTS iterations per move by default (None: the bot's own default), so a
    #: game whose playouts are slow still answers in about a second.
    search_iterations: int | None = None

    def __repr__(self) -> str:
        return f"<game {self.name}>"
