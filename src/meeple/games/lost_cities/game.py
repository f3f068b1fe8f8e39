"""The Lost Cities game object: options, notation and bot hooks."""

from __future__ import annotations

from meeple.core.game import Game, Option
from meeple.games.lost_cities import strategy
from meeple.games.lost_cities.render import render
from meeple.games.lost_cities.rules import ACTIONS, LostCitiesState


class LostCities(Game):
    name = "lost-cities"
    title = "Lost Cities"
    players = range(2, 3)
    options = {
        "colors": Option(5, (5, 6), "5 colours (60 cards) or 6 with purple (72 cards)"),
        "rounds": Option(3, (1, 2, 3, 4, 5), "rounds in a match; scores are summed"),
    }
    actions = ACTIONS
    state_class = LostCitiesState
    summary = "Lead profitable expeditions: play each colour in rising order."
    score_scale = 30.0

    render = staticmethod(render)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(strategy.rollout_action)
    prior_action = staticmethod(strategy.rollout_action)

    def rollout_done(self, root, state):
        """Search reads the score at the end of the round it started in."""
        return state.to_move is None or state.round != root.round


GAME = LostCities()
LostCitiesState.game = GAME
