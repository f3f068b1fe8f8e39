"""Single-observer information-set MCTS, generic over the game contract.

Each iteration samples a world the deciding seat cannot tell from the real one
(``determinize``), walks one shared tree keyed by actions, choosing by UCB among the
actions available in that world, expands one node, plays out with the game's cheap
rollout policy until ``GAME.rollout_done`` (or for ``rollout_depth`` plies, then asks
``GAME.evaluate``), and backs up a reward per seat. Search therefore never reads hidden
state: it only ever sees determinizations.

Game hooks used (declared on ``Game`` with generic defaults, see docs/architecture.md):
``rollout_action``, ``prior_action`` (the move progressive bias favours; ``None``: no
bias), ``search_defer`` (how clearly search must beat that move at the root to play
another), ``rollout_done``, ``evaluate`` (expected final scores where a playout stops
early), ``score_scale``, ``search_iterations`` (the default budget) and
``playout_limit`` (the most plies one iteration may play: the bound that makes every
search answer even when a playout would cycle).

Guidance from outside (e.g. a network, ``ismcts:net=PATH`` built by ``bots.get`` from
``meeple.rl``) arrives as three callables: ``prior(state, legal)`` (probabilities of
the legal actions) replaces the favourite move of progressive bias with a PUCT term,
``evaluate(state)`` replaces ``GAME.evaluate`` where playouts are cut (at once, by
default, when it is given), and ``lead(state)`` (each seat's chance to lead there)
replaces the win term of the reward at such a cut. With ``mix`` the leaf is both
evaluated and played out, its value ``mix`` times the evaluation's reward plus the
rest times the playout's (AlphaGo's mixed leaf evaluation): the playout is unbiased
but noisy, the network smooth but wrong in its own ways. ``mix=0`` uses the prior
alone: leaves are played out to the end as in plain search, and the network is asked
only at nodes search comes back to (most leaves are visited once), so it costs little
time. The prior adds a PUCT term
and orders expansion; the game's favourite move keeps its progressive bias (it is
expanded first and keeps its bonus), so a flat network prior cannot make the search
blinder than without it.

Root-parallel search (``workers=N``): N independent searches of the whole budget, one
in this process and N-1 in worker processes, each seeded from this bot's generator,
their root statistics summed. Deterministic for a seed with an iterations budget.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

from meeple.bots import plugins
from meeple.bots.base import legal_or_refuse
from meeple.bots.params import Param, at_least, between, more_than, settle
from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.state import State


class Candidate(NamedTuple):
    """One move the search weighed: how often it was tried and how well it did."""

    action: Action
    visits: int
    value: float  # mean reward for the deciding seat, in [0, 1] (0.5: even)
    #: the game's favourite move, played over a more visited one whose lead was within
    #: the noise (``defer``); advice shows it so its lower figure does not look a slip
    kept: bool = False


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "mover", "prior")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.mover = mover  # the seat whose choice led here: its reward is stored
        self.prior: dict[int, float] | None = None  # action -> probability (guided search)


#: what a playout is worth to each seat (``ismcts:reward=``); see ``rewards``
REWARDS = ("outcome", "margin", "gain")
#: root-parallel search uses at most this many processes
MAX_WORKERS = 64
#: in the ``outcome`` reward, the weight of the margin term next to the win (0.5 won more
#: mirrored Lost Cities rounds than 0.2 against both opponents tried: docs/architecture.md)
MARGIN_WEIGHT = 0.5


def rewards(
    root: State,
    end: State,
    scale: float,
    final: Sequence[float] | None = None,
    kind: str = "outcome",
    margin_weight: float = MARGIN_WEIGHT,
    lead: Sequence[float] | None = None,
) -> list[float]:
    """Per seat, in [0, 1], what the playout from ``root`` to ``end`` is worth.

    ``outcome`` (the default): the final result seen from the root, a win (1, a shared
    win its share, a loss 0), plus ``margin_weight`` of the ``gain`` term below (with
    two seats: how much the seat's margin grew since the root). A seat that leads wants
    the game to end, since ending it banks the win; the margin term is counted from the
    root so that it still tells lines apart when the result is certain (final margins
    of 72 and of 60 look alike through tanh, a change of 0 and one of -12 do not).
    ``margin``: the final margin alone, ``0.5 + 0.5 tanh(margin / scale)``.
    ``gain``: the score gained since the root against the best rival's gain (the
    reward before issue 16): blind to who leads, so ending a round one leads is
    worth a neutral 0.5 and a leader never banks its lead.

    ``final`` replaces ``end.scores()`` (an evaluation of a truncated playout); one
    seat alone has no rival and always gets ``0.5 + 0.5 tanh(gain / scale)``. ``lead``
    (per seat, the chance to lead, from a network) then replaces the win term, which
    would otherwise call a predicted lead of one point a certain win.
    """
    start = root.scores()
    over = final is None and end.to_move is None
    if final is None:
        final = end.scores()
    if len(final) == 1:
        return [_solo_reward(root, end, final, start, scale, kind, margin_weight, over, lead)]
    if kind == "margin":
        return _soft_margins(final, scale)
    gains = [f - s for f, s in zip(final, start, strict=True)]
    if kind == "gain":
        return _soft_margins(gains, scale)
    if over:  # the game's own verdict, tie-breaks included
        winners = end.winners()
        wins = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(final))]
    elif lead is not None:
        wins = list(lead)
    else:
        best = max(final)
        top = sum(1 for f in final if f == best)
        wins = [1.0 / top if f == best else 0.0 for f in final]
    soft = _soft_margins(gains, scale)
    return [(1.0 - margin_weight) * w + margin_weight * m for w, m in zip(wins, soft, strict=True)]


def _solo_reward(root: State, end: State, final: Sequence[float], start: Sequence[float],
                 scale: float, kind: str, margin_weight: float, over: bool,
                 lead: Sequence[float] | None) -> float:
    """One seat: against the game's automaton (``GAME.race_margin``) as against a rival,
    the win plus the soft margin of the race (``margin``: the soft margin alone;
    ``gain``: how much the margin grew since the root); without one,
    ``0.5 + 0.5 tanh(gain / scale)``. A lost solo game's score carries a large penalty,
    so its gain alone calls every losing line 0 and cannot tell them apart."""
    race = end.game.race_margin(end)
    if race is None:
        return 0.5 + 0.5 * math.tanh((final[0] - start[0]) / scale)
    soft = 0.5 + 0.5 * math.tanh(race / scale)
    if kind == "margin":
        return soft
    if kind == "gain":
        return 0.5 + 0.5 * math.tanh((race - (root.game.race_margin(root) or 0.0)) / scale)
    if over:
        win = 1.0 if end.winners() else 0.0
    elif lead is not None:
        win = lead[0]
    else:
        win = 1.0 if race > 0 else 0.0
    return (1.0 - margin_weight) * win + margin_weight * soft


def _soft_margins(points: Sequence[float], scale: float) -> list[float]:
    """Per seat, ``0.5 + 0.5 tanh((its points - the best rival's) / scale)``."""
    return [
        0.5 + 0.5 * math.tanh((p - max(o for i, o in enumerate(points) if i != seat)) / scale)
        for seat, p in enumerate(points)
    ]


def _merge_prior(node: _Node, legal: Sequence[Action], probs: Sequence[float]) -> dict[int, float]:
    """Record the guide's probabilities at ``node`` for the actions it has none for yet."""
    if node.prior is None:
        node.prior = {}
    for a, p in zip(legal, probs, strict=True):
        node.prior.setdefault(int(a), p)
    return node.prior


class ISMCTSBot:
    """Information-set Monte Carlo tree search over the game's worlds for the seat to move."""

    name = "ismcts"
    #: every parameter a spec or a caller may give (``seed`` aside), with its rule:
    #: the constructor checks them by this table (``meeple.bots.params``)
    params = (
        Param("iterations", int, None, "search iterations per decision (default: the game's "
              "search_iterations)", "at least 1", at_least(1)),
        Param("seconds", float, None, "a wall-clock budget per decision instead of iterations",
              "more than 0", more_than(0)),
        Param("max_seconds", float, None, "a cap on each decision's wall time whatever the budget "
              "(a server's limit; the search stops at whichever comes first)", "more than 0", more_than(0)),
        Param("exploration", float, 0.7, "the UCB exploration constant", "0 or more", at_least(0)),
        Param("bias", float, 1.0, "progressive bias towards the game's favourite move", "0 or more",
              at_least(0)),
        Param("defer", float, None, "keep the game's favourite move unless the most visited one is "
              "better by this many standard errors (default: the game's search_defer; 0: never "
              "keep it)", "0 or more", at_least(0)),
        Param("rollout_depth", int, None, "cut playouts after this many plies and judge them by the "
              "evaluation", "0 or more", at_least(0)),
        Param("reward", str, "outcome", "what a playout is worth to each seat (see rewards)",
              choices=REWARDS),
        Param("margin_weight", float, MARGIN_WEIGHT, "the outcome reward's weight on its margin term",
              "between 0 and 1", between(0.0, 1.0)),
        Param("workers", int, 1, "root-parallel search over this many processes",
              f"1 to {MAX_WORKERS}", between(1, MAX_WORKERS)),
        Param("net", Path, None, "a network file from meeple train, or 'default': its prior and "
              "evaluation guide the search (a plug-in guide, docs/rl.md)"),
        Param("mix", float, None, "with net: the network's share of a leaf's value, a playout the "
              "rest (0: the prior only)", "from 0 (prior only) to below 1", between(0.0, 1.0, high_open=True)),
        Param("prior_weight", float, 1.0, "with net: the PUCT coefficient of the network's prior",
              "0 or more", at_least(0)),
        Param("prior_depth", int, None, "with net: the prior is asked only this many decisions deep "
              "(1: the root)", "at least 1", at_least(1)),
    )

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        prior: Callable[[State, Sequence[Action]], Sequence[float]] | None = None,
        evaluate: Callable[[State], Sequence[float]] | None = None,
        lead: Callable[[State], Sequence[float]] | None = None,
        **settings: object,
    ) -> None:
        """``settings`` are the declared ``params``; ``prior``, ``evaluate`` and ``lead``
        are guidance from outside the game (``net=`` loads them from a plug-in guide)."""
        if settings.get("net") is not None:  # a guide: its callables and its recommended settings
            guidance = plugins.guide("net")(str(settings["net"]), game)
            prior, evaluate, lead = guidance.prior, guidance.evaluate, guidance.lead
            # the game's tuning still holds for the playouts a guided search plays; the
            # network's recommendations win over it, and the spec over both
            settings = {**game.search_settings, **guidance.settings, **settings}
        elif prior is None and evaluate is None and lead is None:  # plain search: the
            settings = {**game.search_settings, **settings}  # game's tuning for its playouts
        s = settle(self.name, self.params, settings)
        iterations, seconds = s["iterations"], s["seconds"]
        if iterations is not None and seconds is not None:
            raise ConfigError(
                "give ismcts a budget of iterations or of seconds, not both "
                f"(got iterations={iterations}, seconds={seconds})"
            )
        if iterations is None and seconds is None:
            iterations = game.search_iterations
        if s["max_seconds"] is not None:  # a cap: the search stops at whichever comes first
            seconds = s["max_seconds"] if seconds is None else min(seconds, s["max_seconds"])
        if s["prior_depth"] is not None and prior is None:
            raise ConfigError("prior_depth says where a network's prior is asked: give net= too")
        mix = s["mix"]
        if mix is not None and evaluate is None:
            raise ConfigError("mix weighs a network's evaluation against a playout: give net= too")
        self.game = game
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = s["exploration"]
        self.bias = s["bias"]
        self.defer = s["defer"]
        self.rollout_depth = s["rollout_depth"]
        self.reward = s["reward"]
        self.margin_weight = s["margin_weight"]
        self.workers = s["workers"]
        self._pool: Executor | None = None
        self.last_iterations = 0
        # ---- guidance (callables only; see the module docstring) ----
        self.guide_prior = prior
        #: the prior is asked at nodes at most this many decisions below the root
        self.prior_depth = s["prior_depth"] if s["prior_depth"] is not None else 1 << 30
        #: the PUCT coefficient of the network's prior (the favourite's progressive bias
        #: keeps ``bias``)
        self.prior_weight = s["prior_weight"]
        if mix == 0.0:  # the prior alone: every leaf is played out to the end
            evaluate, lead, mix = None, None, None
        self.guide_evaluate = evaluate
        self.guide_lead = lead if evaluate is not None else None
        self.mix = mix
        if evaluate is not None and self.rollout_depth is None and mix is None:
            self.rollout_depth = 0  # the evaluation judges each new leaf: no playout

    def choose(self, state: State) -> Action:
        legal = legal_or_refuse(state)
        if len(legal) == 1:
            return legal[0]
        return self._pick(state, legal, self.search(state).children)

    def _pick(self, state: State, legal: Sequence[Action], children: dict[int, _Node]) -> Action:
        """The move to play: the most visited, or the game's favourite where deferring
        (``defer``) calls the difference a tie."""
        best = max(legal, key=lambda a: children[int(a)].visits if int(a) in children else -1)
        defer = self.defer if self.defer is not None else self.game.search_defer(state)
        if defer > 0.0:
            return self._deferred(state, best, children, defer)
        return best

    def _deferred(self, state: State, best: Action, children: dict[int, _Node], defer: float) -> Action:
        """The game's favourite move unless search found ``best`` clearly better: means
        that differ by less than ``defer`` standard errors (of a reward in [0, 1], its
        variance read from the mean) are a tie, and a tie goes to the favourite."""
        liked = self.game.prior_action(state, self.rng)
        if liked is None or int(liked) == int(best) or int(liked) not in children:
            return best
        b, f = children[int(best)], children[int(liked)]
        if not f.visits:
            return best
        mb, mf = b.total / b.visits, f.total / f.visits
        var = max(mb * (1 - mb), 0.01) / b.visits + max(mf * (1 - mf), 0.01) / f.visits
        return best if mb - mf > defer * math.sqrt(var) else liked

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        """The moves the search weighed for the seat to move, the one ``choose`` plays
        first (where ``defer`` keeps the favourite, it may not be the most visited: it is
        marked ``kept``), then the most visited, with visit counts and the estimated
        chance of doing well (the mean reward in [0, 1]).

        Search only ever sees determinizations for the deciding seat, so this is
        honest advice from that seat's information: never the true state.
        """
        legal = legal_or_refuse(state)
        if len(legal) == 1:
            return [Candidate(legal[0], 0, float("nan"))]
        root = self.search(state)
        out = []
        for action in legal:
            node = root.children.get(int(action))
            if node is not None and node.visits:
                out.append(Candidate(action, node.visits, node.total / node.visits))
        out.sort(key=lambda c: (-c.visits, -c.value))
        played = self._pick(state, legal, root.children)  # first: the move choose plays
        out.sort(key=lambda c: c.action != played)
        if out and out[0].visits < max(c.visits for c in out):  # deferred to the favourite
            out[0] = out[0]._replace(kept=True)
        return out[:top] if top else out

    def __getstate__(self) -> dict[str, object]:
        """A worker gets the settings, never the pool."""
        return {**self.__dict__, "_pool": None}

    def close(self) -> None:
        """Stop the worker processes (started by the first parallel search)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def search(self, state: State) -> _Node:
        """The root of the search tree for the seat to move (merged over workers)."""
        if self.workers == 1:
            return self._search(state)
        seeds = [self.rng.getrandbits(64) for _ in range(self.workers)]
        if self._pool is None:
            context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
            self._pool = ProcessPoolExecutor(self.workers - 1, mp_context=context)
            weakref.finalize(self, self._pool.shutdown, cancel_futures=True)
        futures = [self._pool.submit(_worker_search, self, state, seed) for seed in seeds[1:]]
        root = _Node(mover=-1)
        totals = [_worker_search(self, state, seeds[0])]  # this process's share
        totals += [future.result() for future in futures]
        n = 0
        for iterations, stats in totals:
            n += iterations
            for action, (visits, total) in stats.items():
                child = root.children.get(action)
                if child is None:
                    child = root.children[action] = _Node(state.to_move)
                    child.avail = 0
                child.visits += visits
                child.total += total
                child.avail += visits
        root.visits = sum(ch.visits for ch in root.children.values())
        self.last_iterations = n
        return root

    def _search(self, state: State) -> _Node:
        game, rng, c = self.game, self.rng, self.c
        seat = state.to_move
        policy = game.rollout_action
        prior = game.prior_action
        bias = self.bias
        done = game.rollout_done
        scale = game.score_scale
        evaluate = self.guide_evaluate or game.evaluate
        guide = self.guide_prior
        guide_depth = self.prior_depth
        puct = self.prior_weight
        lead = self.guide_lead
        depth_limit = self.rollout_depth
        mix = self.mix
        ply_limit = game.playout_limit
        kind, weight = self.reward, self.margin_weight
        root = _Node(mover=-1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations if self.iterations is not None else 1 << 60
        log, sqrt = math.log, math.sqrt
        n = 0
        while n < limit:
            if deadline is not None and n % 8 == 0 and time.perf_counter() >= deadline:
                break
            n += 1
            world = state.determinize(seat, rng)
            stop = world.ply + ply_limit  # the bound no policy can escape
            node = root
            path = [root]
            # ---- selection and expansion ----
            while world.to_move is not None and world.ply < stop and not done(state, world):
                legal = world.legal_actions()
                if len(legal) == 1:  # forced: no decision, no node
                    world.apply(legal[0])
                    continue
                children = node.children
                guided = guide is not None and len(path) <= guide_depth
                if guided:  # guided: the prior's probabilities (PUCT)
                    probs = node.prior
                    if probs is None:
                        probs = _merge_prior(node, legal, guide(world, legal))
                    elif len(probs) < len(legal) or any(int(a) not in probs for a in legal):
                        # an action this world offers that earlier worlds did not: an even
                        # share, not another network pass
                        for a in legal:
                            probs.setdefault(int(a), 1.0 / len(legal))
                liked = prior(world, rng) if bias > 0.0 or len(children) < len(legal) else None
                favourite = -1 if liked is None else int(liked)
                untried = None
                best, best_value = legal[0], -1.0
                # one pass: count the availability of every child and, when every action
                # may have one (fewer children than actions means one is untried), pick by
                # UCB. Actions are ints: they find the children's int keys as they are.
                rate = len(children) >= len(legal)
                for a in legal:
                    child = children.get(a)
                    if child is None:
                        if untried is None:
                            untried = []
                        untried.append(a)
                        rate = False
                        continue
                    child.avail += 1
                    if rate:
                        v = child.visits
                        value = child.total / v + c * sqrt(log(child.avail) / v)
                        if guided:
                            value += puct * probs[a] * sqrt(child.avail) / (v + 1)
                        if bias > 0.0 and a == favourite:
                            value += bias / (v + 1)
                        if value > best_value:
                            best, best_value = a, value
                if untried is not None:
                    a = untried[rng.randrange(len(untried))]
                    if guided:
                        a = max(untried, key=lambda u: probs[int(u)])
                    for u in untried:
                        if u == favourite:
                            a = u
                            break
                    child = children[int(a)] = _Node(world.to_move)
                    world.apply(a)
                    path.append(child)
                    break
                world.apply(best)
                node = children[best]
                path.append(node)
            # ---- playout ----
            leaf = world.ply
            judged = None
            if mix is not None and world.to_move is not None and not done(state, world):
                # the evaluation of the new leaf, weighed against the playout from it
                judged = rewards(state, world, scale, evaluate(world), kind, weight,
                                 None if lead is None else lead(world))
                if guide is not None and len(path) <= guide_depth and path[-1].prior is None:
                    here = world.legal_actions()
                    if len(here) > 1:
                        _merge_prior(path[-1], here, guide(world, here))
            if depth_limit is not None:
                stop = min(stop, world.ply + depth_limit)
            play = world.apply
            while world.to_move is not None and world._ply < stop and not done(state, world):
                play(policy(world, rng))  # ``_ply``: the ``ply`` property costs a call
            if world.to_move is None:
                result = rewards(state, world, scale, kind=kind, margin_weight=weight)
            else:  # stopped early: judged by the game (default: running scores)
                result = rewards(state, world, scale, evaluate(world), kind, weight,
                                 None if lead is None else lead(world))
                if guide is not None and world.ply == leaf and len(path) <= guide_depth \
                        and path[-1].prior is None:
                    here = world.legal_actions()  # the new leaf: the guide reuses its pass
                    if len(here) > 1:
                        _merge_prior(path[-1], here, guide(world, here))
            if judged is not None:
                result = [mix * j + (1.0 - mix) * r for j, r in zip(judged, result, strict=True)]
            for node in path:
                node.visits += 1
                if node.mover >= 0:
                    node.total += result[node.mover]
        self.last_iterations = n
        return root


def _single(bot: ISMCTSBot, seed: int) -> ISMCTSBot:
    """A one-process copy of ``bot`` with its own generator."""
    copy = ISMCTSBot.__new__(ISMCTSBot)
    copy.__dict__.update(bot.__getstate__())
    copy.workers, copy.rng = 1, random.Random(seed)
    return copy


def _root_stats(root: _Node) -> dict[int, tuple[int, float]]:
    return {a: (ch.visits, ch.total) for a, ch in root.children.items()}


def _worker_search(bot: ISMCTSBot, state: State, seed: int) -> tuple[int, dict[int, tuple[int, float]]]:
    """One worker's search: its iterations and, per root action, visits and total reward."""
    copy = _single(bot, seed)
    root = copy._search(state)
    return copy.last_iterations, _root_stats(root)
