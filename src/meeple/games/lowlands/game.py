"""The Lowlands game object: options, notation, bot hooks and the balance report."""

from __future__ import annotations

from meeple.core.game import Game, Option
from meeple.games.lowlands import explain, strategy
from meeple.games.lowlands.actions import ACTIONS
from meeple.games.lowlands.bounds import decision_bound
from meeple.games.lowlands.render import render, render_detail
from meeple.games.lowlands.report import simulation_report
from meeple.games.lowlands.rules import LowlandsState


class Lowlands(Game):
    name = "lowlands"
    title = "Lowlands"
    players = range(2, 5)
    options = {
        "first_game": Option(False, (False, True), "leave the flood card 6 in the box, as the rules suggest for a first game"),
        "lock_last_type": Option(
            False,
            (False, True),
            "a resource whose dike segment was just completed may not start the next one "
            "(by default only the 2-player market help has this restriction)",
        ),
        "marker_spaces": Option(
            "cards",
            ("cards", "contributions"),
            "cards: a contributor's dike marker moves one space per card handed over, so a "
            "two-for-one moves two and a workshop none (the rules' wording); contributions: "
            "one space per contribution",
        ),
        "market_reveals": Option(
            "cards",
            ("cards", "contributions"),
            "2 players, asking the market for help: reveal as many cards as were paid for the "
            "dike (the rules' wording), or as many as contributions were made",
        ),
        "helper_bonus": Option(
            "paid",
            ("paid", "contributed"),
            "the active player's bonus space on the dike track when the helper paid at least "
            "one card (the rules' wording), or made any contribution, a workshop's included",
        ),
    }
    actions = ACTIONS
    state_class = LowlandsState
    summary = "Raise sheep behind fences, share the dike against the flood, score the most points."
    score_scale = 15.0
    #: 2: audit corrections (issue 9): Dike Association takes no token rewards, no
    #: placement that changes nothing, market placement pays its coin first, a value
    #: track whose every step moves both values, the literal LL-7/8/9 readings
    rules_version = "2"
    search_iterations = 250  # playouts are slow here: about a second per move

    render = staticmethod(render)
    render_detail = staticmethod(render_detail)

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

    # ---- for people (the notation names nothing hidden: the default log_text fits) ----
    def glossary(self):
        return explain.glossary()

    def status(self, view):
        return explain.status(view)

    def narrate(self, before, action, after):
        return explain.narrate(before, action, after)

    def score_breakdown(self, state):
        return explain.score_breakdown(state)


GAME = Lowlands()
LowlandsState.game = GAME
