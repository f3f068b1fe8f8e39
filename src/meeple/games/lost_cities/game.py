"""The Lost Cities game object: options, notation and the hooks bots and people use."""

from __future__ import annotations

from meeple.core.game import Game, Option
from meeple.games.lost_cities import chance, details, explain, playout, report, scoring, strategy
from meeple.games.lost_cities.actions import ACTIONS
from meeple.games.lost_cities.components import HAND_SIZE, deck
from meeple.games.lost_cities.render import render
from meeple.games.lost_cities.rules import LostCitiesState
from meeple.games.lost_cities.stalling import IDLE_LIMIT, turns_bound
from meeple.games.lost_cities.words import M


class LostCities(Game):
    name = "lost-cities"
    title = "Lost Cities"
    players = range(2, 3)
    options = {
        "colors": Option(5, (5, 6), M("option.colors")),
        "rounds": Option(3, (1, 2, 3, 4, 5), M("option.rounds")),
        "stall_rules": Option("on", ("on", "off"), M("option.stall_rules", limit=IDLE_LIMIT)),
    }
    actions = ACTIONS
    state_class = LostCitiesState
    summary = M("summary")
    score_scale = 30.0
    #: playouts with the card-holding policy (playout.py) cost about 2.5 times the old
    #: ones; 200 iterations keep a decision well under a second on one core
    search_iterations = 200
    #: at that budget the search trusts the playout policy's favourite until the playouts
    #: clearly prefer another move (bias 1, exploration 0.7 spread 200 iterations so thin
    #: that the choice was mostly noise: benchmarks/README.md, issue 24)
    search_settings = {"bias": 5.0, "exploration": 0.4}
    #: 2: the stall rules (a third repetition or 50 idle turns end a round)
    rules_version = "2"

    render = staticmethod(render)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(playout.playout_action)
    prior_action = staticmethod(playout.playout_action)
    evaluate = staticmethod(strategy.evaluate)
    styles = strategy.STYLE_DOCS
    style_action = staticmethod(strategy.style_action)
    chance_outcomes = staticmethod(chance.draw_outcomes)

    def rollout_done(self, root, state):
        """Search reads the score at the end of the round it started in."""
        return state.to_move is None or state.round != root.round

    def max_decisions(self, players, options):
        """Under the stall rules (the default): a round lasts at most
        ``stalling.turns_bound`` turns of two decisions, over ``rounds`` rounds of the
        deck of ``colors`` colours. With ``stall_rules=off`` (the bare rule text) no
        bound exists: two players may discard and draw back for ever (LC-9)."""
        if options["stall_rules"] != "on":
            return None
        return options["rounds"] * 2 * turns_bound(len(deck(options["colors"])), HAND_SIZE)

    unbounded_hint = M("error.unbounded_hint")

    # ---- for people ----------------------------------------------------------------------
    def glossary(self):
        return explain.glossary()

    def status(self, view):
        return explain.status(view)

    def describe(self, action, view):
        return explain.describe(action, view)

    def detail_topics(self, state, seat):
        return details.TOPICS

    def render_detail(self, state, seat, what):
        return details.render_detail(self, state, seat, what)

    def narrate(self, before, action, after):
        return explain.narrate(before, action, after)

    def score_breakdown(self, state):
        return scoring.score_breakdown(state)

    def simulation_report(self, finals):
        return report.simulation_report(finals)


GAME = LostCities()
LostCitiesState.game = GAME
