"""The Lowlands game object: options, notation, bot hooks and the balance report."""

from __future__ import annotations

from meeple.core.game import Game, Option
from meeple.games.lowlands import strategy
from meeple.games.lowlands.actions import ACTIONS
from meeple.games.lowlands.render import render
from meeple.games.lowlands.report import simulation_report
from meeple.games.lowlands.rules import LowlandsState


class Lowlands(Game):
    name = "lowlands"
    title = "Lowlands"
    players = range(2, 5)
    options = {
        "first_game": Option(False, (False, True), "leave the flood card 6 in the box (rules/001 line 57)"),
        "lock_last_type": Option(
            False,
            (False, True),
            "a just-completed resource may not start the next dike segment (spec §6 reading; "
            "default: only when asking the market, rules/001 line 233)",
        ),
    }
    actions = ACTIONS
    state_class = LowlandsState
    summary = "Raise sheep behind fences, share the dike against the flood, score the most points."
    score_scale = 15.0
    search_iterations = 250  # playouts are slow here: about a second per move

    render = staticmethod(render)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(strategy.rollout_action)
    prior_action = staticmethod(strategy.rollout_action)
    simulation_report = staticmethod(simulation_report)

    #: playout length (decisions) after which search reads the running score
    rollout_plies = 60

    def rollout_done(self, root, state):
        """Search reads the running score once the stage it started in is over
        (after its High Tide) or after ``rollout_plies`` decisions: short playouts."""
        return (
            state.to_move is None
            or state.stage != root.stage
            or state.ply - root.ply >= self.rollout_plies
        )


GAME = Lowlands()
LowlandsState.game = GAME
