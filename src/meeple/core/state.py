"""The state contract every game implements: one seat decides, one action at a time."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.actions import Action
from meeple.core.errors import IllegalAction, NotYourTurn, ParseError

if TYPE_CHECKING:
    from meeple.core.game import Game
    from meeple.core.record import Record


class State:
    """A game in progress.

    Subclasses implement ``start`` (setup), ``_legal_actions``, ``_apply`` (which may
    assume the action is legal and must not raise), ``clone``, ``view``,
    ``determinize`` and ``scores``. This base class keeps what every
    game shares: the seed-driven chance, the action log, the legality check that
    leaves a state untouched when a move is refused, and the cached legal list.
    """

    game: ClassVar[Game]

    players: int
    options: Mapping[str, Any]
    seed: int
    to_move: int | None
    #: How many times hidden information became visible to someone (a card drawn
    #: from a deck, a tile revealed). An undo may only cross actions that did not
    #: change it.
    reveals: int

    # ---- construction ----------------------------------------------------
    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: Mapping[str, Any]) -> State:
        raise NotImplementedError

    def _init_core(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.to_move = None
        self.reveals = 0
        self._chance = 0
        self._actions: list[int] = []
        self._legal: Sequence[Action] | None = None

    def _copy_core(self, other: State) -> None:
        """Copy the shared fields into ``other`` (a bare ``__new__`` instance)."""
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.to_move = self.to_move
        other.reveals = self.reveals
        other._chance = self._chance
        other._actions = self._actions.copy()
        other._legal = self._legal

    def chance(self) -> random.Random:
        """A fresh RNG for the next chance event, derived from the seed.

        Each call gives a different stream, so a game rebuilt from (seed, actions)
        replays every shuffle exactly; ``determinize`` replaces ``seed`` so a search
        bot never learns the future from it.
        """
        self._chance += 1
        return random.Random(f"{self.seed}/{self._chance}")

    # ---- the contract ----------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of ``to_move``; never empty while the game runs.

        The returned sequence is shared with the state's cache: do not mutate it.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.to_move is None else self._legal_actions()
        return legal

    def apply(self, action: Action | int | str, seat: int | None = None) -> None:
        """Play ``action`` (an action, its code or its notation) for ``to_move``.

        With ``seat`` given, refuse unless that seat is to move. A refused action
        raises ``IllegalAction`` (or ``ParseError``) and changes nothing.
        """
        if isinstance(action, str):
            action = self.game.parse(action)
        if self.to_move is None:
            raise IllegalAction("the game is over: no more actions can be played")
        if seat is not None and seat != self.to_move:
            raise NotYourTurn(f"it is seat {self.to_move}'s turn, not seat {seat}'s")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if action not in legal:
            raise IllegalAction(self._refusal(action))
        self._legal = None
        self._apply(action)
        self._actions.append(int(action))

    def _refusal(self, action: int) -> str:
        try:
            text = str(self.game.decode(int(action)))
        except (IndexError, TypeError, ValueError):
            return (
                f"{action!r} is not an action code of {self.game.name}; "
                f"codes run from 0 to {self.game.num_actions - 1}"
            )
        reason = self.why_illegal(self.game.decode(int(action)))
        shown = ", ".join(str(a) for a in self.legal_actions()[:12])
        more = "" if len(self.legal_actions()) <= 12 else ", ..."
        return f"{text!r} is not legal: {reason}. Legal now: {shown}{more}"

    def why_illegal(self, action: Action) -> str:
        """Explain in words why a (well-formed) action is not legal now."""
        return f"seat {self.to_move} cannot do that now"

    def _legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def scores(self) -> list[int]:
        """Victory points per seat: final when the game is over, running otherwise."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The winning seats (several on a tie the rules do not break)."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready; ``None`` is the spectators' view."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy where all that ``seat`` cannot see is resampled consistently."""
        raise NotImplementedError

    # ---- conveniences shared by every game --------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def ply(self) -> int:
        return len(self._actions)

    @property
    def log(self) -> list[str]:
        """The actions played so far, in notation."""
        table = self.game.actions
        return [table[i].text for i in self._actions]

    def record(self) -> Record:
        from meeple.core.record import Record

        return Record(
            game=self.game.name,
            players=self.players,
            seed=self.seed,
            options=dict(self.options),
            actions=self.log,
        )

    def parse(self, text: str) -> Action:
        """Parse notation, naming the legal moves when the text is not one."""
        try:
            return self.game.parse(text)
        except ParseError as err:
            shown = ", ".join(str(a) for a in self.legal_actions()[:12])
            raise ParseError(f"{err} Legal now: {shown}") from None

    def __repr__(self) -> str:
        who = "over" if self.to_move is None else f"seat {self.to_move} to move"
        return f"<{self.game.name} ply {self.ply}, {who}>"
