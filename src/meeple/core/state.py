"""The state contract every game implements: one seat decides, one action at a time."""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Mapping, Sequence
from hashlib import sha512
from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core.actions import Action
from meeple.core.errors import ConfigError, IllegalAction, NotYourTurn, ParseError
from meeple.core.notation import REFUSAL_GROUP, group_actions
from meeple.i18n import COMMON as M
from meeple.i18n import Seat, Text

if TYPE_CHECKING:
    from meeple.core.game import Game
    from meeple.core.record import Record

#: actions per frozen chunk of the shared history (see ``_copy_core``)
HISTORY_CHUNK = 64


def seeded(text: str) -> random.Random:
    """``random.Random(text)``: the same generator (Python's seeding of text, version 2:
    the text's bytes followed by their SHA-512, as one integer), without the Python-level
    checks of ``Random.seed``; a search meets a chance event every few hundred
    decisions, and those checks were a third of its cost."""
    data = text.encode()
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, int.from_bytes(data + sha512(data).digest()))
    rng.gauss_next = None
    return rng


class State:
    """A game in progress.

    Subclasses implement ``start`` (setup), ``_legal_actions``, ``_apply`` (which may
    assume the action is legal and must not raise), ``clone``, ``view``,
    ``_resample`` (the game's part of ``determinize``) and ``scores``. This base class keeps what every
    game shares: the seed-driven chance, the action log, the legality check that
    leaves a state untouched when a move is refused, and the cached legal list.
    """

    game: ClassVar[Game]
    #: facts derived from this position (``_derived``), with the legal list they belong to
    _memo: tuple[tuple[Action, ...], dict[Any, Any]] | None = None

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
        self._history: tuple[tuple[int, ...], ...] = ()  # full chunks, shared by clones
        self._recent: list[int] = []  # the last < HISTORY_CHUNK actions
        self._ply = 0
        self._legal: tuple[Action, ...] | None = None

    def _copy_core(self, other: State) -> None:
        """Copy the shared fields into ``other`` (a bare ``__new__`` instance).

        The history is shared, not copied: full chunks are immutable tuples, so a
        clone costs the same at ply 10 and at ply 1000.
        """
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.to_move = self.to_move
        other.reveals = self.reveals
        other._chance = self._chance
        other._history = self._history
        other._recent = self._recent.copy()
        other._ply = self._ply
        other._legal = self._legal
        other._memo = self._memo  # valid for the clone while it shares the legal list

    def chance(self) -> random.Random:
        """A fresh RNG for the next chance event, derived from the seed.

        Each call gives a different stream, so a game rebuilt from (seed, actions)
        replays every shuffle exactly; ``determinize`` replaces ``seed`` so a search
        bot never learns the future from it.
        """
        self._chance += 1
        return seeded(f"{self.seed}/{self._chance}")

    # ---- the contract ----------------------------------------------------
    def _derived(self, key: Any, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered for this position: for facts that the rules and the
        bots derive several times per decision (what can be built, say).

        The memo belongs to the cached legal list, so it is forgotten exactly when that
        list is: by ``apply``, ``determinize``, a restored position, or code that edits
        a state and resets ``_legal``. While the legal list is not cached (inside
        ``apply`` and ``_legal_actions``) nothing is remembered. A clone shares the
        memo with its original for as long as they share the legal list, i.e. until
        either changes.
        """
        legal = self._legal
        if legal is None:
            return compute()
        memo = self._memo
        if memo is None or memo[0] is not legal:
            memo = self._memo = (legal, {})
        facts = memo[1]
        if key in facts:
            return facts[key]
        value = facts[key] = compute()
        return value

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of ``to_move``, in a fixed order; never empty while the game
        runs, empty when it is over. A tuple: callers cannot corrupt the cache."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.to_move is None else tuple(self._legal_actions())
        return legal

    def apply(self, action: Action | int | str, seat: int | None = None) -> None:
        """Play ``action`` (an action, its code or its notation) for ``to_move``.

        With ``seat`` given, refuse unless that seat is to move. A refused action
        raises ``IllegalAction`` (or ``ParseError``) and changes nothing.
        """
        if isinstance(action, str):
            action = self.game.parse(action)
        if self.to_move is None:
            raise IllegalAction(M("error.game_over"))
        if seat is not None and seat != self.to_move:
            raise NotYourTurn(M("error.not_your_turn", player=Seat(self.to_move), asked=Seat(seat)))
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_actions())
        if action not in legal:
            raise IllegalAction(self._refusal(action))
        self._legal = None
        self._apply(action)
        recent = self._recent
        recent.append(action)
        if len(recent) == HISTORY_CHUNK:
            self._history += (tuple(recent),)
            self._recent = []
        self._ply += 1

    def _refusal(self, action: int) -> Text:
        try:
            decoded = self.game.decode(action)
        except ParseError as err:
            return err.text
        reason = self.why_illegal(decoded)
        shown = group_actions(self.legal_actions(), most=REFUSAL_GROUP)
        return M("error.refused", move=str(decoded), reason=reason, legal=shown)

    def why_illegal(self, action: Action) -> Text:
        """Explain in words why a (well-formed) action is not legal now (a message, in a
        converted game)."""
        return M("error.cannot_now", player=Seat(self.to_move))

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
        """A world ``seat`` cannot tell from this one: everything it cannot see resampled.

        A template: core clones, replaces the seed (so no future shuffle can be learnt
        from it) and clears caches; the game's ``_resample`` redraws the hidden zones
        from pools built in a canonical order (never the true order), so two states
        with the same ``view(seat)`` give the same worlds for the same ``rng``.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ConfigError(f"seat must be from 0 to {self.players - 1}, got {seat!r}")
        world = self.clone()
        world.seed = rng.getrandbits(48)
        world._chance = 0
        world._legal = None
        world._resample(seat, rng)
        world._legal = None
        return world

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Redraw, in place, every zone ``seat`` cannot see (this is already a clone)."""
        raise NotImplementedError

    # ---- conveniences shared by every game --------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def ply(self) -> int:
        """How many actions have been played."""
        return self._ply

    def history(self) -> list[int]:
        """The codes of the actions played so far."""
        codes = [int(code) for chunk in self._history for code in chunk]
        codes.extend(int(code) for code in self._recent)
        return codes

    @property
    def log(self) -> list[str]:
        """The actions played so far, in notation."""
        table = self.game.actions
        return [table[i].text for i in self.history()]

    def record(self) -> Record:
        from meeple.core.record import Record

        return Record(
            game=self.game.name,
            players=self.players,
            seed=self.seed,
            options=dict(self.options),
            actions=self.log,
            rules=self.game.rules_version,
        )

    def to_json(self) -> str:
        """The full position (every field, hidden ones included) as JSON text.

        For tests, server snapshots and bug reports; ``GAME.from_json`` reads it back.
        It holds the seed and every hidden card: never send it to a player.
        """
        from meeple.core.position import dump_position

        return dump_position(self)

    def parse(self, text: str) -> Action:
        """Parse notation, naming the legal moves when the text is not one."""
        try:
            return self.game.parse(text)
        except ParseError as err:
            shown = group_actions(self.legal_actions(), most=REFUSAL_GROUP)
            raise ParseError(M("error.not_a_move", error=err.text, legal=shown)) from None

    def __repr__(self) -> str:
        who = "over" if self.to_move is None else f"seat {self.to_move} to move"
        return f"<{self.game.name} ply {self.ply}, {who}>"
