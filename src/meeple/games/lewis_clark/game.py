"""The Lewis & Clark game object: options, notation, bot hooks and presentation."""

from __future__ import annotations

from meeple.core.game import Game, GlossaryEntry, Option
from meeple.games.lewis_clark import ending, explain, narrate, report, strategy
from meeple.games.lewis_clark.actions import ACTIONS, WITH
from meeple.games.lewis_clark.components import FORT, LAST, N_KINDS, SOLO_LEVELS
from meeple.games.lewis_clark.glossary import by_badge, glossary
from meeple.games.lewis_clark.render import detail_topics, render, render_detail
from meeple.games.lewis_clark.rules import LewisClarkState
from meeple.games.lewis_clark.words import M

TURN_LIMITS = (None, 10, 20, 30, 40, 50, 60, 80, 100, 150, 200, 300, 500)
PROGRESS_ROUNDS = (None, 2, 3, 4, 5, 6, 8, 9, 12)
#: LEW-15: every sixth round (rulings: every third ended slow but moving expeditions)
DEFAULT_PROGRESS_ROUNDS = 6

#: The most decisions one turn can take (the argument is in the game doc):
#: 5 in the main phase (camp, recruit, the recruit's equipment card, the action's first
#: decision, end) + 2 for its strength (support card, extra Indians; or an arc's
#: Indians) + at most 3 repetitions of at most 10 decisions each (how to perform it or
#: its target; 1 free-choice payment when it performs another effect; that effect's
#: start and up to 3 payments; up to 4 chosen goods or Farewell discards; one closing
#: ``take all`` or ``skip``) + the goods kept one at a time, each of which fills a
#: place in the boats: at most the room at the start of the turn (31: 11 places and 2
#: per goods tile, 10 tiles) plus the goods spent during the turn (8 for a recruit, at
#: most 5 per repetition).
TURN_DECISIONS = 5 + 2 + 3 * 10 + (31 + 8 + 3 * 5)
#: The most turns a game can last with the default options: the scouts' total grows
#: by at least one space per player at every passed progress check and is at most
#: ``players x LAST``, so at most LAST checks pass (every 6 rounds); solo, Mackenzie
#: reaches the fort within FORT turns.
MAX_CHECKS = LAST + 1
#: how the others' logs show a card played face down as support
FACE_DOWN = "with ?"


class LewisClark(Game):
    name = "lewis-clark"
    title = "Lewis & Clark (second edition)"
    players = range(1, 6)
    options = {
        "turn_limit": Option(None, TURN_LIMITS, M("option.turn_limit"), none="none"),
        "progress_rounds": Option(DEFAULT_PROGRESS_ROUNDS, PROGRESS_ROUNDS, M("option.progress_rounds"),
                                  none="none"),
        "difficulty": Option(2, SOLO_LEVELS, M("option.difficulty")),
        "support_badges": Option(True, (True, False), M("option.support_badges")),
        "interpreter_sweep": Option(True, (True, False), M("option.interpreter_sweep")),
        "interpreter_take": Option("strength", ("strength", "all"), M("option.interpreter_take")),
        "drop_goods": Option(False, (True, False), M("option.drop_goods")),
    }
    actions = ACTIONS
    state_class = LewisClarkState
    summary = M("summary")
    rules_version = "2"
    score_scale = 6.0
    search_iterations = 200

    render = staticmethod(render)
    render_detail = staticmethod(render_detail)
    detail_topics = staticmethod(detail_topics)
    describe = staticmethod(explain.describe)
    futile = staticmethod(explain.futile)
    status = staticmethod(narrate.status)
    narrate = staticmethod(narrate.narrate)
    score_breakdown = staticmethod(report.score_breakdown)
    simulation_report = staticmethod(report.simulation_report)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(strategy.rollout_action)
    prior_action = staticmethod(strategy.prior_action)
    evaluate = staticmethod(strategy.evaluate)
    styles = {name: doc for name, (doc, _) in strategy.STYLES.items()}
    style_action = staticmethod(strategy.style_action)

    #: two players: search playouts stop after this many turns, long enough for goods
    #: made now to be spent on moves
    rollout_turns = 5
    #: three players or more: playouts stop after this many rounds (one turn per seat)
    rollout_rounds = 4

    def turn_of(self, state) -> int:
        """Turns are counted by the state (a turn: one action, a recruitment, a camp)."""
        return state.turns

    def rollout_done(self, root, state) -> bool:
        """With others at the table, playouts stop a few turns ahead and are judged by
        ``evaluate``: 5 turns at 2 players, 4 rounds at 3 or more. Two rounds at 3
        players won 8 of 25 tuning deals for one search against two ``greedy``, four
        rounds 13 of the same 25 (the tuning games took about twice as long);
        benchmarks/README.md has the claims.

        Solo, playouts play on to the end (at most 39 turns, Mackenzie's clock): the
        result then counts the race itself, and a cut playout made the search worse than
        its own playout policy (difficulty 2, 8 games each: furthest space 28.1 cut after
        5 turns, 23.5 after 3, 22.1 after 8, 31.0 played out, like greedy's 31; about
        0.25 s per decision at the default 200 iterations)."""
        if root.players == 1:
            return state.to_move is None
        horizon = self.rollout_turns if root.players == 2 else self.rollout_rounds * root.players
        return state.to_move is None or state.turns - root.turns >= horizon

    def search_defer(self, state) -> float:
        """At 2 and 3 players search keeps the balanced plan's move unless another is
        better by 4 standard errors. At 2 players its playouts stop 5 turns ahead,
        before goods made now can buy horses and move in the mountains, so near-ties
        were noise: the search declined goods, reached the mountains without horses and
        camped on one space for dozens of turns, and the `rusher` beat it (27% of 100
        games). On tuning deals (40 games each) it then won 13 against the rusher, 24
        deferring at 2 errors, 35 at 4; against `greedy` 31, and 30 at 4. At 3 players
        (four-round playouts) the same stall lost to the rusher (35.3% of 102 games,
        equal share 33.3%); deferring at 4 errors won 45.1% there and held against
        `greedy` and the other styles. At 4 players deferring did not beat the rusher
        either (31% of 100 games, plain search 32%), so search decides alone there, as
        its claims were measured; solo too (its playouts run to the race's end).
        benchmarks/README.md has the claims."""
        return 4.0 if state.players in (2, 3) else 0.0

    def race_margin(self, state) -> float | None:
        """Solo: the race with Mackenzie, scout minus Time tokens (a winning camp needs at
        least the fort's space) less Mackenzie's space (he wins at the fort), so it is
        positive when you are ahead of him (DC-25, LEW-16)."""
        if state.mackenzie is None:
            return None
        return float(ending.progress(state.expeditions[0]) - state.mackenzie)

    def glossary(self):
        return glossary()

    def lookup(self, text: str) -> GlossaryEntry | None:
        """Names and notation, and the board's badge letters in the reader's language."""
        return super().lookup(text) or by_badge(text)

    def log_text(self, action, actor, seat):
        """A supporting card is played face down: the others read ``with ?`` (the
        narration names its back: strength and badge)."""
        code = int(action)
        if seat != actor and WITH <= code < WITH + N_KINDS:
            return FACE_DOWN
        return action.text

    def max_decisions(self, players, options):
        """Turns times ``TURN_DECISIONS``. Solo: Mackenzie ends the game within ``FORT``
        turns. Otherwise each clock in use bounds the turns: at most ``MAX_CHECKS``
        progress checks pass, one every ``progress_rounds`` rounds, and ``turn_limit``
        ends the game after that many turns per player. With neither
        (``progress_rounds=none`` and no ``turn_limit``) no bound exists: nothing in the
        rule text ends a game in which no one reaches the Pacific."""
        limit = options["turn_limit"]
        if players == 1:
            turns = FORT if limit is None else min(FORT, limit)
            return turns * TURN_DECISIONS
        clocks = []
        if options["progress_rounds"] is not None:
            clocks.append(MAX_CHECKS * options["progress_rounds"] * players)
        if limit is not None:
            clocks.append(limit * players)
        return min(clocks) * TURN_DECISIONS if clocks else None

    unbounded_hint = M("error.unbounded_hint")


GAME = LewisClark()
LewisClarkState.game = GAME
