"""The generic ISMCTS bot: finds obvious moves, keeps its budget, stays legal and seeded.

Toy games built on the contract check the search itself (minimax-style replies, one
player, truncated playouts); Lost Cities positions check it on a real game. No timing
assertions and no strength runs: those live in the benchmarks.
"""

from __future__ import annotations

import random

import pytest

from meeple import games
from meeple.bots import get as get_bot
from meeple.bots.ismcts import ISMCTSBot, _Node, rewards
from meeple.core.actions import ActionSpace
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.position import edited
from meeple.core.state import State
from meeple.games.lost_cities.components import CARD_BY_TEXT

# ---- toy games on the contract -----------------------------------------------------

NIM_ACTIONS = ActionSpace(["take 1", "take 2"])


class NimState(State):
    """Take 1 or 2 stones; whoever takes the last stone scores 1. Perfect information."""

    determinized = 0

    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        self.pile = options["pile"]
        self.winner = None
        self.to_move = 0
        return self

    def clone(self):
        new = NimState.__new__(NimState)
        self._copy_core(new)
        new.pile, new.winner = self.pile, self.winner
        return new

    def _legal_actions(self):
        return NIM_ACTIONS[: min(2, self.pile)]

    def _apply(self, action):
        self.pile -= int(action) + 1
        if self.pile == 0:
            self.winner = self.to_move
            self.to_move = None
        else:
            self.to_move = 1 - self.to_move

    def scores(self):
        return [int(self.winner == s) for s in range(2)]

    def view(self, seat):
        return {"pile": self.pile, "to_move": self.to_move}

    def _resample(self, seat, rng):
        NimState.determinized += 1


class Nim(Game):
    name = "toy-nim"
    players = range(2, 3)
    actions = NIM_ACTIONS
    state_class = NimState
    score_scale = 0.5

    def __init__(self, pile: int) -> None:
        from meeple.core.game import Option

        self.options = {"pile": Option(pile, tuple(range(1, 30)), "stones")}


SOLO_ACTIONS = ActionSpace(["cash 5", "invest 3", "collect 10", "waste"])


class SoloState(State):
    """One player: ``cash 5`` ends at 5 points; ``invest 3`` then ``collect 10`` makes 13."""

    evaluated = 0

    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        self.points, self.step = 0, 0
        self.to_move = 0
        return self

    def clone(self):
        new = SoloState.__new__(SoloState)
        self._copy_core(new)
        new.points, new.step = self.points, self.step
        return new

    def _legal_actions(self):
        return SOLO_ACTIONS[0:2] if self.step == 0 else SOLO_ACTIONS[2:4]

    def _apply(self, action):
        self.points += (5, 3, 10, 0)[int(action)]
        self.step += 1
        if int(action) != 1:
            self.to_move = None

    def scores(self):
        return [self.points]

    def view(self, seat):
        return {"points": self.points, "step": self.step}

    def _resample(self, seat, rng):
        pass  # perfect information: nothing to redraw


class Solo(Game):
    name = "toy-solo"
    players = range(1, 2)
    actions = SOLO_ACTIONS
    state_class = SoloState
    score_scale = 10.0


NimState.game = Nim(4)
SoloState.game = Solo()

LC = games.get("lost-cities")


def lc_position(hand0, hand1, deck, expeditions0=None, rounds=1, piles=None, phase="play"):
    """A Lost Cities round with the given cards (the deck's top is its last card), set up
    through the position format (``edited``)."""
    state = LC.new(2, 0, rounds=rounds)
    expeditions = [[[] for _ in range(5)] for _ in range(2)]
    top_ranks = [[-1] * 5 for _ in range(2)]
    for color, cards in (expeditions0 or {}).items():
        kinds = [CARD_BY_TEXT[t] for t in cards.split()]
        expeditions[0][color] = kinds
        top_ranks[0][color] = kinds[-1] % 10
    discard_piles = [[] for _ in range(5)]
    for color, cards in (piles or {}).items():
        discard_piles[color] = [CARD_BY_TEXT[t] for t in cards.split()]
    return edited(
        state,
        hands=[[CARD_BY_TEXT[t] for t in hand0.split()], [CARD_BY_TEXT[t] for t in hand1.split()]],
        deck=[CARD_BY_TEXT[t] for t in deck.split()],
        expeditions=expeditions,
        top_ranks=top_ranks,
        discard_piles=discard_piles,
        phase=phase,
        to_move=0,
        starter=0,
    )


# ---- finding the right move ------------------------------------------------------------


@pytest.mark.parametrize(("pile", "winning"), [(4, "take 1"), (5, "take 2"), (7, "take 1")])
def test_finds_the_winning_nim_move_against_best_replies(pile, winning):
    game = Nim(pile)
    state = game.new(2, 1)
    bot = ISMCTSBot(game, seed=3, iterations=2000, bias=0.0)
    assert str(bot.choose(state)) == winning


def test_one_player_game_prefers_the_plan_that_scores_more():
    state = Solo().new(1, 1)
    bot = ISMCTSBot(Solo(), seed=1, iterations=300)
    assert str(bot.choose(state)) == "invest 3"
    state.apply("invest 3")
    assert str(bot.choose(state)) == "collect 10"


def test_lost_cities_last_turn_plays_the_card_that_scores():
    # Red holds R2..R9 (44 points); R10 adds 10. Starting any other colour loses points,
    # and after this turn's draw the deck is empty and the round ends.
    state = lc_position(
        "R10 YH WH BH GH Y2 W2 B2",
        "Y3 Y4 W3 W4 B3 B4 G3 G4",
        "G5",
        expeditions0={4: "R2 R3 R4 R5 R6 R7 R8 R9"},
    )
    bot = ISMCTSBot(LC, seed=5, iterations=200)
    assert str(bot.choose(state)) == "play R10"


def test_lost_cities_does_not_start_a_hopeless_expedition_at_the_end():
    # Only wagers and low cards of unstarted colours: any play costs 20 or more,
    # any discard costs nothing. The search must discard.
    state = lc_position(
        "YH WH BH GH Y2 W2 B2 G2",
        "Y3 Y4 W3 W4 B3 B4 G3 G4",
        "G5 R5",
    )
    bot = ISMCTSBot(LC, seed=5, iterations=300)
    assert str(bot.choose(state)).startswith("discard")


def test_lost_cities_takes_the_discarded_card_it_needs():
    # Draw phase, last card of the deck: the red pile shows R10, which ends on my R2..R9
    # expedition for +10 if I draw it now... but drawing the deck ends the round first.
    # So drawing R10 (keeping the round alive one more turn) is the only way to gain.
    state = lc_position(
        "YH WH BH GH Y2 W2 B2",
        "Y3 Y4 W3 W4 B3 B4 G3 G4",
        "G5",
        expeditions0={4: "R2 R3 R4 R5 R6 R7 R8 R9"},
        piles={4: "R10"},
        phase="draw",
    )
    assert "draw R" in [str(a) for a in state.legal_actions()]
    bot = ISMCTSBot(LC, seed=2, iterations=300)
    assert str(bot.choose(state)) == "draw R"


# ---- budget, legality, determinism ------------------------------------------------------


def test_respects_the_iteration_budget():
    game = Nim(9)
    state = game.new(2, 1)
    NimState.determinized = 0
    bot = ISMCTSBot(game, seed=1, iterations=77)
    root = bot.search(state)
    assert bot.last_iterations == 77
    assert NimState.determinized == 77  # one world per iteration, no more
    assert root.visits == 77
    assert sum(ch.visits for ch in root.children.values()) == 77


def test_default_budget_is_iterations_not_time():
    bot = ISMCTSBot(LC, seed=1)
    assert bot.iterations == LC.search_iterations == 200 and bot.seconds is None


def test_a_games_search_settings_are_defaults_a_spec_overrides():
    assert LC.search_settings == {"bias": 5.0, "exploration": 0.4}
    tuned = ISMCTSBot(LC, seed=1)
    assert (tuned.bias, tuned.c) == (5.0, 0.4)
    mine = ISMCTSBot(LC, seed=1, bias=1.0)
    assert (mine.bias, mine.c) == (1.0, 0.4)
    assert get_bot("ismcts:exploration=0.7", LC).c == 0.7
    plain = ISMCTSBot(games.get("little-town"), seed=1)
    assert (plain.bias, plain.c) == (1.0, 0.7)


def test_seconds_budget_stops_and_still_answers():
    state = LC.new(2, 4, rounds=1)
    bot = ISMCTSBot(LC, seed=1, seconds=0.02)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_never_returns_an_illegal_move_over_a_game():
    state = LC.new(2, 11, rounds=1)
    bots = [ISMCTSBot(LC, seed=1, iterations=25), ISMCTSBot(LC, seed=2, iterations=25)]
    rng = random.Random(0)
    while state.to_move is not None:
        action = bots[state.to_move].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        # random detours reach positions the bots would not choose
        if state.to_move is not None and rng.random() < 0.3:
            state.apply(rng.choice(state.legal_actions()))
    assert state.to_move is None


def test_same_seed_same_moves():
    def moves(seed):
        state = LC.new(2, 21, rounds=1)
        bot = ISMCTSBot(LC, seed=seed, iterations=40)
        out = []
        for _ in range(12):
            action = bot.choose(state)
            out.append(str(action))
            state.apply(action)
        return out

    assert moves(7) == moves(7)


def test_search_does_not_touch_the_real_state():
    state = LC.new(2, 5, rounds=1)
    before = (state.view(0), state.view(1), state.ply, state.log)
    ISMCTSBot(LC, seed=1, iterations=50).choose(state)
    assert (state.view(0), state.view(1), state.ply, state.log) == before


def test_registry_builds_ismcts_with_parameters():
    bot = get_bot("ismcts:iterations=30,exploration=0.5", LC, seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 30 and bot.c == 0.5


# ---- rewards and truncated playouts -----------------------------------------------------


def test_rewards_compare_gains_with_the_best_rival():
    root = Solo().new(1, 1)
    end = root.clone()
    end.points = 10
    (solo,) = rewards(root, end, 10.0)
    assert solo > 0.8
    nim = Nim(3).new(2, 1)
    done = nim.clone()
    done.apply("take 2")
    done.apply("take 1")  # seat 1 takes the last stone
    low, high = rewards(nim, done, 0.5)
    assert high > 0.9 and low < 0.1 and abs(low + high - 1) < 1e-9


def test_truncated_playouts_use_the_evaluation_hook():
    class Judged(Solo):
        name = "toy-judged"

        def evaluate(self, state):
            SoloState.evaluated += 1
            # thinks investing is worthless: the search must follow the evaluation
            return [state.points - (10 if state.step == 1 and state.points == 3 else 0)]

    game = Judged()
    state = game.new(1, 1)
    SoloState.evaluated = 0
    # two iterations expand both first moves; "invest 3" is cut at once and judged
    root = ISMCTSBot(game, seed=1, iterations=2, rollout_depth=0).search(state)
    assert SoloState.evaluated == 1
    cash, invest = root.children[0], root.children[1]
    assert cash.total > 0.7 and invest.total < 0.3
    # without a depth limit the playout runs to the end and the hook is not asked
    # (the default rollout_done is "game over")
    SoloState.evaluated = 0
    ISMCTSBot(game, seed=1, iterations=50).search(state)
    assert SoloState.evaluated == 0


def test_default_budget_follows_the_game_and_specs_take_every_parameter():
    from meeple import bots, games
    from meeple.core import ConfigError

    assert bots.get("ismcts", games.get("lowlands")).iterations == 250
    assert bots.get("ismcts", games.get("lost-cities")).iterations == 200
    bot = bots.get("ismcts:iterations=50,bias=2,rollout_depth=10,exploration=0.5", games.get("lost-cities"))
    assert (bot.iterations, bot.rollout_depth, bot.c) == (50, 10, 0.5)
    with pytest.raises(ConfigError, match="at least 1"):
        bots.get("ismcts:iterations=0", games.get("lost-cities"))
    with pytest.raises(ConfigError, match="parameters.*iterations, seconds"):
        bots.get("ismcts:depth=3", games.get("lost-cities"))


# ---- every search answers: a bound no playout can escape --------------------------------

LOOP_ACTIONS = ActionSpace(["pass", "finish"])


class LoopState(State):
    """Two seats may pass forever; ``finish`` ends the game. A random playout that
    passes for ever would never return without the search's own bound."""

    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        self.finished = False
        self.to_move = 0
        return self

    def clone(self):
        new = LoopState.__new__(LoopState)
        self._copy_core(new)
        new.finished = self.finished
        return new

    def _legal_actions(self):
        return LOOP_ACTIONS

    def _apply(self, action):
        if int(action) == 1:
            self.finished = True
            self.to_move = None
        else:
            self.to_move = 1 - self.to_move

    def scores(self):
        return [0, 0]

    def view(self, seat):
        return {"finished": self.finished}

    def _resample(self, seat, rng):
        pass


class Loop(Game):
    name = "toy-loop"
    players = range(2, 3)
    actions = LOOP_ACTIONS
    state_class = LoopState
    playout_limit = 50

    def rollout_action(self, state, rng):
        return LOOP_ACTIONS[0]  # the worst case: a policy that never ends the game

    def prior_action(self, state, rng):
        return LOOP_ACTIONS[0]


LoopState.game = Loop()


def test_a_playout_that_would_cycle_forever_is_cut_and_judged():
    state = LoopState.game.new(2, 1)
    bot = ISMCTSBot(LoopState.game, seed=1, iterations=30)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations == 30
    assert state.ply == 0


def test_bot_specs_refuse_nonsense_with_config_errors():
    from meeple import bots
    from meeple.core import ConfigError, IllegalAction

    lc = games.get("lost-cities")
    with pytest.raises(ConfigError, match="needs a Game.*games.get"):
        bots.get("greedy", "lost-cities")
    with pytest.raises(ConfigError, match="seconds must be more than 0"):
        bots.get("ismcts:seconds=-1", lc)
    with pytest.raises(ConfigError, match="not both"):
        bots.get("ismcts:iterations=10,seconds=1", lc)
    with pytest.raises(ConfigError, match="finite"):
        bots.get("ismcts:seconds=nan", lc)
    with pytest.raises(ConfigError, match="given twice"):
        bots.get("ismcts:iterations=10,iterations=20", lc)
    with pytest.raises(ConfigError, match="whole number"):
        bots.get("ismcts:iterations=2.5", lc)
    # names and parameter names are case-insensitive alike; every bot takes a seed
    bot = bots.get("ISMCTS:Iterations=12,SEED=4", lc)
    assert bot.iterations == 12
    state = lc.new(2, 3, rounds=1)
    assert bots.get("greedy:seed=4", lc).choose(state) == bots.get("greedy", lc, seed=4).choose(state)
    first = [bots.get("random:seed=9", lc).choose(state) for _ in range(3)]
    assert len(set(first)) == 1
    # a finished game: meeple's own error, for every bot
    over = lc.new(2, 1, rounds=1)
    while over.to_move is not None:
        over.apply(over.legal_actions()[0])
    for spec in ("random", "greedy", "ismcts:iterations=5"):
        with pytest.raises(IllegalAction, match="game is over"):
            bots.get(spec, lc).choose(over)


def test_analyse_lists_the_weighed_moves_best_first_from_the_seat_information():
    state = LC.new(2, 4, rounds=1)
    bot = ISMCTSBot(LC, seed=3, iterations=200)
    ranked = bot.analyse(state)
    assert [c.visits for c in ranked] == sorted((c.visits for c in ranked), reverse=True)
    assert sum(c.visits for c in ranked) == 200
    assert all(0.0 <= c.value <= 1.0 for c in ranked)
    assert {c.action for c in ranked} <= set(state.legal_actions())
    assert ranked[0].action == ISMCTSBot(LC, seed=3, iterations=200).choose(state)
    assert len(bot.analyse(state, top=3)) == 3


# ---- the reward: the final outcome from the root (issue 16) -----------------------------

BANK_ACTIONS = ActionSpace(["stop", "gamble"])


class BankState(State):
    """Seat 0 leads 10-0 and may ``stop`` (the game ends: it wins 10-0) or ``gamble``: a
    hidden coin (heads 60%) gives 12 points to seat 0 on heads, to seat 1 on tails (then
    seat 1 leads 12-10). Gambling raises seat 0's expected gain (+2.4 on average), but
    loses the game 40% of the time: a reward counting gains since the root prefers it, a
    reward counting the outcome stops and banks the lead."""

    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        self.points = [10, 0]
        self.heads = True
        self.to_move = 0
        return self

    def clone(self):
        new = BankState.__new__(BankState)
        self._copy_core(new)
        new.points, new.heads = list(self.points), self.heads
        return new

    def _legal_actions(self):
        return BANK_ACTIONS

    def _apply(self, action):
        if int(action) == 1:
            self.points[0 if self.heads else 1] += 12
        self.to_move = None

    def scores(self):
        return list(self.points)

    def view(self, seat):
        return {"points": self.points}

    def _resample(self, seat, rng):
        self.heads = rng.random() < 0.6


class Bank(Game):
    name = "toy-bank"
    players = range(2, 3)
    actions = BANK_ACTIONS
    state_class = BankState
    score_scale = 10.0


BankState.game = Bank()


@pytest.mark.parametrize(("reward", "expected"), [("outcome", "stop"), ("margin", "stop"), ("gain", "gamble")])
def test_the_outcome_reward_banks_a_lead_where_gains_gamble_it(reward, expected):
    # margin stops too: a 10-point lead is already worth most of what tanh can give
    state = BankState.game.new(2, 1)
    bot = ISMCTSBot(BankState.game, seed=4, iterations=400, bias=0.0, reward=reward)
    assert str(bot.choose(state)) == expected


def test_the_default_reward_is_the_outcome_and_specs_choose_another():
    from meeple import bots
    from meeple.core import ConfigError

    assert ISMCTSBot(LC).reward == "outcome" and ISMCTSBot(LC).margin_weight == 0.5
    assert bots.get("ismcts:Reward=GAIN", LC).reward == "gain"
    with pytest.raises(ConfigError, match="no reward 'score'; rewards: outcome, margin, gain"):
        bots.get("ismcts:reward=score", LC)
    assert bots.get("ismcts:margin_weight=0.5", LC).margin_weight == 0.5
    with pytest.raises(ConfigError, match="margin_weight must be between 0 and 1, got 1.5"):
        bots.get("ismcts:margin_weight=1.5", LC)


def test_outcome_rewards_score_wins_ties_and_margins_from_the_root():
    root = BankState.game.new(2, 1)  # 10-0 at the root
    end = root.clone()
    end.points = [10, 10]  # the rival caught up: a tie, and my margin fell by 10
    tie = rewards(root, end, 10.0)
    assert tie[0] + tie[1] == pytest.approx(1.0) and 0.25 < tie[0] < 0.35 < 0.65 < tie[1] < 0.75
    # gain alone: the rival gained 10 since the root, I gained nothing
    low, high = rewards(root, end, 10.0, kind="gain")
    assert low < 0.15 and high > 0.85
    # margin alone: a tie is even
    assert rewards(root, end, 10.0, kind="margin") == [0.5, 0.5]
    # nothing happened: I still lead by 10 and win (0.5 x 1 + 0.5 x 0.5); gain sees nothing
    assert rewards(root, root.clone(), 10.0) == pytest.approx([0.75, 0.25])
    assert rewards(root, root.clone(), 10.0, kind="gain") == [0.5, 0.5]
    assert rewards(root, root.clone(), 10.0, margin_weight=0.2) == pytest.approx([0.9, 0.1])
    # a certain win is still worth more with a bigger margin, however large the lead
    far = root.clone()
    far.points = [80, 0]
    closer = far.clone()
    closer.points = [80, 12]
    assert rewards(far, far.clone(), 30.0)[0] > rewards(far, closer, 30.0)[0] + 0.03
    assert rewards(far, closer, 30.0, kind="margin")[0] > rewards(far, far.clone(), 30.0, kind="margin")[0] - 0.01
    # an evaluation of a cut playout is judged the same way, by who leads in it
    ahead, behind = rewards(root, root.clone(), 10.0, final=[3.0, 4.0])
    assert behind > 0.9 > 0.1 > ahead


# ---- deferring to the game's favourite move ----------------------------------------------


class FondOfCash(Solo):
    """The toy solo game whose favourite move is ``cash 5`` (13 points lie the other way)."""

    def prior_action(self, state, rng):
        return SOLO_ACTIONS.parse("cash 5") if state.step == 0 else None


def _child(visits: int, mean: float) -> _Node:
    node = _Node(0)
    node.visits, node.total = visits, visits * mean
    return node


@pytest.mark.parametrize(("favourite_mean", "kept"), [(0.50, "cash 5"), (0.20, "invest 3")])
def test_defer_keeps_the_favourite_unless_search_found_better_beyond_noise(favourite_mean, kept):
    # 0.55 against 0.50 over 100 and 90 visits is within one standard error: noise, so
    # the favourite stands; against 0.20 the search's choice is many errors better
    game = FondOfCash()
    state = game.new(1, 1)
    bot = ISMCTSBot(game, seed=1)
    children = {1: _child(100, 0.55), 0: _child(90, favourite_mean)}
    best = SOLO_ACTIONS.parse("invest 3")
    assert str(bot._deferred(state, best, children, 2.0)) == kept


def test_defer_still_plays_a_clearly_better_move_and_is_off_by_default():
    game = FondOfCash()
    state = game.new(1, 1)
    assert str(ISMCTSBot(game, seed=1, iterations=300, defer=2.0).choose(state)) == "invest 3"
    assert ISMCTSBot(game, seed=1).defer is None and game.search_defer(state) == 0.0
    assert get_bot("ismcts:defer=3", game).defer == 3.0
    with pytest.raises(ConfigError, match="defer"):
        get_bot("ismcts:defer=-1", game)
