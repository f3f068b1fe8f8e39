"""The Little Town game object: options, notation and bot hooks."""

from __future__ import annotations

from meeple.core.game import Game, Option
from meeple.games.little_town import strategy
from meeple.games.little_town.render import render
from meeple.games.little_town.report import simulation_report
from meeple.games.little_town.rules import ACTIONS, LittleTownState


class LittleTown(Game):
    name = "little-town"
    title = "Little Town"
    players = range(2, 5)
    options = {
        "board": Option(None, (None, 1, 2), "board side 1 or 2; random (drawn from the seed) by default"),
        "robin": Option(False, (False, True), "first game: the 12 robin buildings instead of 12 random ones"),
        "exchange": Option(
            "use",
            ("use", "keep"),
            "use: 3 coins cover each missing cube when paying (ruling LT-3); "
            "keep: 'buy <cube>' at any step of your turn, the cube is kept (literal rule text)",
        ),
        "limited_supply": Option(False, (False, True), "15 cubes of each kind and 40 coins in the bank"),
        "castle": Option("own", ("own", "any"), "the Castle scores its owner's neighbours (own) or all (any)"),
        "residence_harvest": Option(
            False, (False, True), "the Residence also harvests the terrain around it each round"
        ),
        "o7": Option(False, (False, True), "add the designed placeholder for the unknown 18th objective"),
        "tiebreak": Option("share", ("share", "coins"), "ties share the win, or most leftover coins win"),
    }
    actions = ACTIONS
    state_class = LittleTownState
    summary = "Build a town on the meadow: harvest, activate buildings, feed your workers."
    score_scale = 10.0

    render = staticmethod(render)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(strategy.rollout_action)
    prior_action = staticmethod(strategy.rollout_action)
    simulation_report = staticmethod(simulation_report)

    def rollout_done(self, root: LittleTownState, state: LittleTownState) -> bool:
        """Search reads the score once the round it started in is fed and over
        (playing on through the next round measured no stronger, at twice the cost)."""
        return state.to_move is None or state.round != root.round


GAME = LittleTown()
LittleTownState.game = GAME
