"""The Little Town game object: options, notation and the hooks bots and people use."""

from __future__ import annotations

import random
from collections.abc import Sequence

from meeple.core.actions import Action
from meeple.core.game import Game, GlossaryEntry, Option
from meeple.games.little_town import glossary, narration, strategy
from meeple.games.little_town.actions import ACTIONS
from meeple.games.little_town.components import (
    BUILDINGS,
    EXCHANGE_COINS,
    NEIGHBOURS,
    ROUNDS,
    SETUP,
    START_COINS,
)
from meeple.games.little_town.render import render, render_detail
from meeple.games.little_town.report import simulation_report
from meeple.games.little_town.rules import LittleTownState
from meeple.games.little_town.scoring import breakdown


def decision_bound(players: int) -> int:
    """The most decisions a game of ``players`` can take (the argument is in the game's
    docs, "Every game ends"): per turn at most a main action, a put, eight activations,
    four Pawnshop steps and ``done``/``end``; per round a Residence (eight activations,
    four Pawnshop steps, ``done``) and one meal choice per worker; one claim per
    objective dealt; and, with ``exchange=keep``, one purchase per 3 coins that ever
    entered the game (3 per seat, at most 4 per activation)."""
    setup = SETUP[players]
    neighbours = max(len(n) for n in NEIGHBOURS)
    per_turn = 1 + 1 + neighbours + 4 + 2
    turns = ROUNDS * players * setup.workers
    per_round = (neighbours + 4 + 1) + players * setup.workers
    claims = players * setup.objectives
    most_coins = max(b.gain_coins for b in BUILDINGS)
    coins_ever = START_COINS * players + most_coins * neighbours * (turns + ROUNDS)
    purchases = coins_ever // EXCHANGE_COINS
    return turns * per_turn + ROUNDS * per_round + claims + purchases


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
            "use: 3 coins cover each missing cube when you pay, the Pawnshop included; "
            "keep: 'buy <cube>' between the steps of your turn, and the cube is kept",
        ),
        "limited_supply": Option(False, (False, True), "15 cubes of each kind and 40 coins in the bank"),
        "castle": Option("own", ("own", "any"), "the Castle scores its owner's neighbours (own) or all (any)"),
        "residence_harvest": Option(
            False, (False, True), "the Residence also harvests the terrain around it each round"
        ),
        "o7": Option(False, (False, True), "add a designed stand-in for the unknown 18th objective"),
        "tiebreak": Option("share", ("share", "coins"), "ties share the win, or most leftover coins win"),
    }
    actions = ACTIONS
    state_class = LittleTownState
    summary = "Build a town on the meadow: harvest, activate buildings, feed your workers."
    score_scale = 10.0
    #: version 2: lone done/end steps asked when an objective could be open (LT-18),
    #: coins complete a Pawnshop payment (LT-14), objectives ruled out by the history
    rules_version = "2"

    render = staticmethod(render)
    render_detail = staticmethod(render_detail)
    status = staticmethod(narration.status)
    narrate = staticmethod(narration.narrate)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(strategy.rollout_action)
    prior_action = staticmethod(strategy.rollout_action)
    evaluate = staticmethod(strategy.evaluate)
    styles = strategy.STYLE_DOCS
    simulation_report = staticmethod(simulation_report)

    def style_action(self, style: str, state: LittleTownState, rng: random.Random) -> Action:
        return strategy.style_action(style, state, rng)

    def max_decisions(self, players, options):
        return decision_bound(players)

    def rollout_done(self, root: LittleTownState, state: LittleTownState) -> bool:
        """Search reads the evaluation once the round it started in is fed and over
        (playing on through the next round measured no stronger, at twice the cost)."""
        return state.to_move is None or state.round != root.round

    def glossary(self) -> Sequence[GlossaryEntry]:
        return glossary.ENTRIES

    def score_breakdown(self, state: LittleTownState) -> list[dict[str, int]]:
        return breakdown(state)


GAME = LittleTown()
LittleTownState.game = GAME
