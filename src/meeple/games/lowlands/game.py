"""The Lowlands game object: options, notation, bot hooks and the balance report."""

from __future__ import annotations

from meeple.core.actions import Action, normalize
from meeple.core.game import Game, Option
from meeple.games.lowlands import describe, explain, glossary, strategy
from meeple.games.lowlands.actions import ACTIONS, EDGE_ALIASES
from meeple.games.lowlands.bounds import decision_bound
from meeple.games.lowlands.render import detail_topics, render, render_detail
from meeple.games.lowlands.report import simulation_report
from meeple.games.lowlands.rules import LowlandsState
from meeple.games.lowlands.words import M


class Lowlands(Game):
    name = "lowlands"
    title = "Lowlands"
    players = range(2, 5)
    options = {
        "first_game": Option(False, (False, True), M("option.first_game")),
        "lock_last_type": Option(False, (False, True), M("option.lock_last_type")),
        "marker_spaces": Option("cards", ("cards", "contributions"), M("option.marker_spaces")),
        "market_reveals": Option("cards", ("cards", "contributions"), M("option.market_reveals")),
        "helper_bonus": Option("paid", ("paid", "contributed"), M("option.helper_bonus")),
    }
    actions = ACTIONS
    state_class = LowlandsState
    summary = M("summary")
    score_scale = 15.0
    #: 2: audit corrections (issue 9): Dike Association takes no token rewards, no
    #: placement that changes nothing, market placement pays its coin first, a value
    #: track whose every step moves both values, the literal LL-7/8/9 readings
    rules_version = "2"
    search_iterations = 250  # playouts are slow here: about a second per move

    render = staticmethod(render)
    render_detail = staticmethod(render_detail)
    detail_topics = staticmethod(detail_topics)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(strategy.rollout_action)
    prior_action = staticmethod(strategy.rollout_action)
    simulation_report = staticmethod(simulation_report)
    styles = strategy.STYLE_DOCS
    style_action = staticmethod(strategy.style_action)

    #: playout length (decisions) after which search reads the running score
    rollout_plies = 60

    def max_decisions(self, players, options):
        """A fixed program of phases, each asking a bounded number of decisions, whatever
        the options: the argument is in docs/games/lowlands.md, "Every game ends"
        (``bounds.py``)."""
        return decision_bound(players)

    def rollout_done(self, root, state):
        """Search reads the running score once the stage it started in is over
        (after its High Tide) or after ``rollout_plies`` decisions: short playouts."""
        return (
            state.to_move is None
            or state.stage != root.stage
            or state.ply - root.ply >= self.rollout_plies
        )

    def parse(self, text: str) -> Action:
        """The notation, and any square's name for an edge (``fence d2e`` is ``fence e2w``:
        ``actions.EDGE_ALIASES``); the action is always the edge's one action."""
        if isinstance(text, str):
            words = normalize(text).split()
            if len(words) == 2 and words[0] in ("fence", "lift") and words[1] in EDGE_ALIASES:
                text = f"{words[0]} {EDGE_ALIASES[words[1]]}"
        return self.actions.parse(text)

    # ---- for people (the notation names nothing hidden: the default log_text fits) ----
    def glossary(self):
        return glossary.glossary()

    def lookup(self, text):
        """By name or key (``info bank``), and by board label or short form in the
        reader's language (``info POI``, ``info pa``)."""
        return super().lookup(text) or glossary.lookup(text)

    def status(self, view):
        return explain.status(view)

    def describe(self, action, view):
        return describe.describe(action, view)

    def futile(self, action, view):
        return describe.futile(action, view)

    def narrate(self, before, action, after):
        return explain.narrate(before, action, after)

    def score_breakdown(self, state):
        return explain.score_breakdown(state)


GAME = Lowlands()
LowlandsState.game = GAME
