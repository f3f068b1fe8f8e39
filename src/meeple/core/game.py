"""The game object: the facts a game declares once, and how to start one."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import ConfigError, ParseError, clip
from meeple.i18n import COMMON as M
from meeple.i18n import Seat, Text, current

if TYPE_CHECKING:
    from meeple.core.state import State


@dataclass(frozen=True)
class GlossaryEntry:
    """One thing a player may look up: ``info QUARRY`` or ``info QUA``.

    ``name``, ``kind`` and ``text`` are texts (messages in a converted game), so a
    player finds and reads them in their language; abbreviations are notation.
    """

    name: Text
    kind: Text  # "character", "tile", "building", "objective", "card", ...
    text: Text  # the full text a player needs: cost, effect, points
    abbreviations: tuple[str, ...] = ()
    #: True where the official text is not public and meeple designed it (Lowlands)
    design: bool = False


class ChanceOutcome(NamedTuple):
    """One way a chance event can fall (``Game.chance_outcomes``)."""

    probability: float
    label: str  # what happened, in the words of the game (the card drawn: ``R7``)
    state: State  # the position after the action, with this outcome


@dataclass(frozen=True)
class Option:
    """One game option: its default, the values allowed, and what it means.

    ``choices`` lists every allowed value. ``None`` as a choice means what ``none``
    names: "random" (decided by the seed, e.g. a board side) or "none" (no limit).
    """

    default: Any
    choices: tuple[Any, ...]
    doc: Text
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
        raise ConfigError(M("error.option_value", option=name, value=clip(repr(value)), allowed=allowed))


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
    summary: Text = ""

    # ---- starting a game -------------------------------------------------
    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            if not self.options:
                raise ConfigError(M("error.no_options", game=self.name, option=clip(repr(unknown[0]))))
            known = ", ".join(sorted(self.options))
            raise ConfigError(M("error.unknown_option", game=self.name, option=clip(repr(unknown[0])), known=known))
        resolved = {}
        for key, opt in self.options.items():
            resolved[key] = opt.coerce(key, given[key]) if key in given else opt.default
        return resolved

    def check_players(self, players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(M("error.players_type", got=clip(repr(players))))
        if players not in self.players:
            lo, hi = self.players.start, self.players.stop - 1
            if lo == hi:
                raise ConfigError(M("error.players_exact", game=self.title, count=lo, given=players))
            raise ConfigError(M("error.players_range", game=self.title, lo=lo, hi=hi, given=players))
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
            raise ConfigError(M("error.seed", got=clip(repr(seed))))
        return self.state_class.start(self, players, seed, opts)

    # ---- notation and the integer action space ---------------------------
    def parse(self, text: str) -> Action:
        return self.actions.parse(text)

    def encode(self, action: Action | int | str) -> int:
        """The code of an action of this game (an ``Action``, its code or its notation).

        Actions are ``int`` subclasses, so for an action of this game this is
        ``int(action)``; it is the contract's name for that, and unlike ``int`` it refuses
        what is not an action of the game (``ParseError``).
        """
        if isinstance(action, str) and not isinstance(action, Action):
            return int(self.parse(action))
        return int(self.decode(int(action) if isinstance(action, int) else action))

    def decode(self, index: int) -> Action:
        """The action whose code is ``index``; codes outside the table are refused."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.actions):
            raise ParseError(
                f"{index!r} is not an action code of {self.name}; "
                f"codes are whole numbers from 0 to {len(self.actions) - 1}"
            )
        return self.actions[index]

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    # ---- positions -------------------------------------------------------
    def from_json(self, text: str) -> State:
        """Read back a position written by ``state.to_json()`` (checks game and rules)."""
        from meeple.core.position import load_position

        return load_position(self, text)

    # ---- hooks: every one a game may override, with its generic default ----
    # Bots, the CLI and the benchmarks call these directly; none is probed with
    # getattr. A game overrides what it knows better.

    #: the version of the rules this implementation plays. Records carry it, and a
    #: record of another version is refused instead of replaying a different game.
    #: Bump it whenever a change can alter the outcome of a recorded game.
    rules_version: str = "1"

    def render(self, state: State, seat: int | None = None) -> str:
        """The board as text for ``seat`` (``None``: a spectator); default: the view as JSON."""
        import json

        return json.dumps(state.view(seat), indent=1)

    def render_detail(self, state: State, seat: int | None, what: str) -> str | None:
        """A closer look asked for at the prompt (``show farm 2``, ``show route``):
        text for ``what``, or ``None`` when the game has no such detail."""
        return None

    def status(self, view: dict[str, Any]) -> Text:
        """One line saying who is being asked what, right now, from a view (so it
        leaks nothing): e.g. "Ada pays for the dike (2 points left)". A message whose
        seats are ``Seat(n)`` parameters, so each client names the players."""
        if view.get("to_move") is None:
            return M("status.over")
        return M("status.to_move", player=Seat(view["to_move"]))

    def greedy_action(self, state: State, rng: random.Random) -> Action:
        """The ``greedy`` bot's move: the game's one-step heuristic.

        Default: uniform random, for a game that has no heuristic yet. Must read only
        what ``state.to_move`` may know (the bots-do-not-peek test checks it).
        """
        return rng.choice(state.legal_actions())

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """The cheap policy that plays out search simulations. Default: uniform random."""
        return rng.choice(state.legal_actions())

    def prior_action(self, state: State, rng: random.Random) -> Action | None:
        """The move search's progressive bias favours at a tree node (``None``: no bias).

        Default: none. Games with a good cheap policy return it (usually the rollout
        policy), so the tree first tries, for every seat, what a sensible player plays.
        """
        return None

    def describe(self, action: Action, view: dict[str, Any]) -> Text | None:
        """What ``action`` does, in words, for the seat whose ``view`` this is (``play R7``:
        "play the red 7 on your expedition"); shown beside the notation in move lists.
        ``None``: the notation says it all (the default)."""
        return None

    def futile(self, action: Action, view: dict[str, Any]) -> Text | None:
        """Why ``action`` would gain nothing for the seat whose ``view`` this is (a "take
        sheep" with every pasture full, a village action it cannot pay for), or ``None``
        when it gains something (the default). The rules allow such moves; players must be
        told before (the move list marks them) and after (the narration says so)."""
        return None

    def log_text(self, action: Action, actor: int, seat: int | None) -> str:
        """How ``action``, played by seat ``actor``, reads in ``seat``'s log (None: spectators).

        Default: its notation, for everyone. A game whose notation names something the
        other seats may not see (a card played face down) masks it here, so a server can
        hand each seat a log that reveals no more than its ``view``.
        """
        return action.text

    def turn_of(self, state: State) -> Hashable | None:
        """What identifies the turn in progress (it changes when a turn ends), for the
        ``planner`` bot that plans whole turns; ``None`` (the default): the game has no
        turns of several decisions to plan."""
        return None

    def rollout_done(self, root: State, state: State) -> bool:
        """Where search playouts may stop and read ``evaluate``; default: the game is over."""
        return state.to_move is None

    def race_margin(self, state: State) -> float | None:
        """A lone seat racing the game's own opponent (a solo automaton): how far ahead of
        it the seat stands, in the units of ``scores()`` without the result's bonus
        (positive: winning). Search then judges a solo playout like a two-seat one, by
        the win and this margin, so its values (and ``hint``'s win chances) follow the
        race. ``None`` (the default): no such opponent; a lone seat is judged by its gain.
        """
        return None

    def search_defer(self, state: State) -> float:
        """How sure search must be to overrule ``prior_action`` at the root: the most
        visited move is played only if its mean reward beats the favourite's by this
        many standard errors, else the favourite is (``ismcts``'s ``defer`` when a
        spec gives none). Where short playouts cannot see a plan pay off, near-ties
        are noise and the game's own policy knows better. Default 0: search decides.
        """
        return 0.0

    def evaluate(self, state: State) -> list[float]:
        """Expected final scores per seat, read where a playout stops early.

        Playouts stop at ``rollout_done``, at the bot's ``rollout_depth`` or at the
        search's hard bound (``playout_limit``). Default: the running ``scores()``;
        games that can judge a position better override it.
        """
        return [float(s) for s in state.scores()]

    #: the score difference that counts as a clear win, for search rewards.
    score_scale: float = 20.0
    #: ISMCTS iterations per move by default, so a game whose playouts are slow still
    #: answers in about a second.
    search_iterations: int = 1000
    #: the game's own defaults for other ``ismcts`` parameters (``{"bias": 5.0}``), tuned
    #: with its playout policy; a network's recommended settings (``net=``) and then a
    #: spec's or a caller's values win over them, and search given bare guidance
    #: callables goes without them
    search_settings: Mapping[str, Any] = {}
    #: the most plies one search iteration may play (tree walk and playout together);
    #: past it the playout stops and ``evaluate`` judges the position. A bound no policy
    #: can escape, so every search answers even if a playout would cycle.
    playout_limit: int = 2000

    def decision_bound(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        """The most decisions (plies) a game of ``players`` with ``options`` can take,
        whatever the players do: no sequence of legal moves exceeds it.

        ``options`` are the game's options as given to ``new`` (``None`` or missing keys:
        the defaults; text is read as by ``new``). The arena stops a game that passes it
        (a rules bug: the stalling tests drive adversaries against it), a server may too.
        Raises ``ConfigError`` naming the options where they admit no bound (a rule
        text with no end, such as Lost Cities with ``stall_rules=off``): such games are
        not played where something must end. The argument is the game's
        (``max_decisions``), written out in its docs.
        """
        players = self.check_players(players)
        resolved = self.resolve_options(options or {})
        bound = self.max_decisions(players, resolved)
        if bound is None:
            changed = [f"{k}={self._option_text(k, v)}" for k, v in resolved.items() if v != self.options[k].default]
            hint = self.unbounded_hint or M("error.bound_options")
            if changed:
                raise ConfigError(M("error.no_bound_with", game=self.name, options=", ".join(changed), hint=hint))
            raise ConfigError(M("error.no_bound", game=self.name, hint=hint))
        return bound

    def _option_text(self, key: str, value: Any) -> str:
        return self.options[key].none if value is None else str(value)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int | None:
        """The game's own bound for ``decision_bound`` (options resolved), or ``None``
        where those options admit none. Default: none declared."""
        return None

    #: what ``decision_bound``'s refusal suggests instead (the options that bound a game)
    unbounded_hint: Text = ""

    def chance_outcomes(self, state: State, action: Action) -> Sequence[ChanceOutcome] | None:
        """Every way the chance in ``action`` can fall, for tools that enumerate a chance
        node (expectimax, the exact value of a draw) instead of sampling it.

        ``None``: the action holds no chance the game declares (the default). Otherwise
        one outcome per distinct result, with its probability as ``state.to_move`` sees
        it (from its view only: the probabilities are the same in every world it cannot
        tell apart) and the position after the action with that result. The positions
        are built from ``state``'s hidden parts: call it on a determinization
        (``state.determinize(seat, rng)``) where the caller must not learn them.
        """
        return None

    # ---- hooks for people: names, scores and events in words ---------------
    def glossary(self) -> Sequence[GlossaryEntry]:
        """Every card, tile, building, character or objective a player may look up."""
        return ()

    def lookup(self, text: str) -> GlossaryEntry | None:
        """The glossary entry named ``text`` (in the reader's language or in English) or
        abbreviated so; case and spacing ignored."""
        key = " ".join(text.split()).lower()
        reader = current()
        for entry in self.glossary():
            names = {reader.text(entry.name).lower(), str(entry.name).lower()}
            if key in names or key in (a.lower() for a in entry.abbreviations):
                return entry
        return None

    def detail_topics(self, state: State, seat: int | None) -> Sequence[tuple[str, Text]]:
        """What ``show WHAT`` can show now: (what to type, what it shows), e.g.
        ``("farm 2", "seat 2's farm")``. Default: none."""
        return ()

    def score_breakdown(self, state: State) -> list[dict[Text, int]]:
        """Per seat, what each part of the score is worth (label -> points), in the order
        a player would count them; the parts add up to ``scores()``. Labels are texts
        (messages in a converted game). Default: the total."""
        return [{M("score.total"): score} for score in state.scores()]

    def narrate(self, before: dict[str, Any], action: str, after: dict[str, Any]) -> list[Text]:
        """What happened, in words, when ``action`` took the game from one view to the
        next (both views of the same seat, or both ``None``'s). Built from views only, so
        it can never tell a seat what it may not know. Automatic steps (upkeep, tides,
        feeding, round ends) are described here. Default: nothing beyond the action."""
        return []

    #: named variants of ``greedy_action`` for panels of differently-styled opponents
    #: (style -> what it does), played as ``greedy:style=NAME``
    styles: Mapping[str, str] = {}

    def style_action(self, style: str, state: State, rng: random.Random) -> Action:
        """The move of the heuristic variant ``style`` (one of ``styles``)."""
        raise ConfigError(M("error.no_styles", game=self.name))

    def simulation_report(self, finals: Sequence[State]) -> str:
        """What ``meeple simulate --report`` prints about these finished games.

        Default: score and length statistics per seat; games add their own figures.
        """
        from meeple.core.report import generic_report

        return generic_report(finals)

    def __repr__(self) -> str:
        return f"<game {self.name}>"

