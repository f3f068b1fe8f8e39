"""The Little Town game object: options, notation and the hooks bots and people use."""

from __future__ import annotations

import random
from collections.abc import Sequence

from meeple.core.actions import Action
from meeple.core.game import Game, GlossaryEntry, Option
from meeple.games.little_town import explain, glossary, narration, strategy
from meeple.games.little_town.actions import ACTIONS
from meeple.games.little_town.components import (
    BUILDINGS,
    EXCHANGE_COINS,
    NEIGHBOURS,
    ROUNDS,
    SETUP,
    START_COINS,
    SUPPLY_COINS,
    SUPPLY_CUBES,
)
from meeple.games.little_town.render import TOPICS, render, render_detail
from meeple.games.little_town.report import simulation_report
from meeple.games.little_town.rules import LittleTownState
from meeple.games.little_town.scoring import score_breakdown
from meeple.games.little_town.words import M
from meeple.i18n import Text


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
        "board": Option(None, (None, 1, 2), M("option.board")),
        "robin": Option(False, (False, True), M("option.robin")),
        "exchange": Option("use", ("use", "keep"), M("option.exchange", coins=EXCHANGE_COINS)),
        "limited_supply": Option(False, (False, True), M("option.limited_supply", cubes=SUPPLY_CUBES,
                                                         coins=SUPPLY_COINS)),
        "castle": Option("own", ("own", "any"), M("option.castle")),
        "residence_harvest": Option(False, (False, True), M("option.residence_harvest")),
        "o7": Option(False, (False, True), M("option.o7")),
        "tiebreak": Option("share", ("share", "coins"), M("option.tiebreak")),
    }
    actions = ACTIONS
    state_class = LittleTownState
    summary = M("summary")
    score_scale = 10.0
    #: version 2: lone done/end steps asked when an objective could be open (LT-18),
    #: coins complete a Pawnshop payment (LT-14), objectives ruled out by the history
    rules_version = "2"

    render = staticmethod(render)
    render_detail = staticmethod(render_detail)
    status = staticmethod(narration.status)
    narrate = staticmethod(narration.narrate)
    describe = staticmethod(explain.describe)
    futile = staticmethod(explain.futile)

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
        return glossary.entries()

    def detail_topics(self, state: LittleTownState, seat: int | None) -> Sequence[tuple[str, Text]]:
        return TOPICS

    def score_breakdown(self, state: LittleTownState) -> list[dict[Text, int]]:
        return score_breakdown(state)


GAME = LittleTown()
LittleTownState.game = GAME
