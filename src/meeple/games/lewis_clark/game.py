"""The Lewis & Clark game object: options, notation and bot hooks."""

from __future__ import annotations

from meeple.core.game import Game, Option
from meeple.games.lewis_clark import strategy
from meeple.games.lewis_clark.actions import ACTIONS, WITH
from meeple.games.lewis_clark.components import N_KINDS, RES_NAMES
from meeple.games.lewis_clark.render import render
from meeple.games.lewis_clark.rules import BACK, LewisClarkState

TURN_LIMITS = (None, 10, 20, 30, 40, 50, 60, 80, 100, 150, 200, 300, 500)


class LewisClark(Game):
    name = "lewis-clark"
    title = "Lewis & Clark (second edition)"
    players = range(1, 6)
    options = {
        "turn_limit": Option(
            None, TURN_LIMITS,
            "house rule for simulations: after this many turns per player the game ends; "
            "the scout furthest along wins, ties fewer Time tokens",
            none="none",
        ),
        "difficulty": Option(
            2, tuple(range(8)),
            "solo: Alexander Mackenzie starts this many spaces ahead of St. Louis (0 easy, 7 expert)",
        ),
        "support_badges": Option(
            True, (True, False),
            "DC-7: badges of face-down supporting cards count when collecting",
        ),
        "interpreter_sweep": Option(
            True, (True, False),
            "DC-19: an Interpreter first moves every village Indian to the Pow-wow area",
        ),
        "interpreter_take": Option(
            "strength", ("strength", "all"),
            "DC-19: an Interpreter takes 1 Pow-wow Indian per strength point, or all at once",
        ),
    }
    actions = ACTIONS
    state_class = LewisClarkState
    summary = "Race to the Pacific: camp past Fort Clatsop with few enough Time tokens."
    score_scale = 10.0

    render = staticmethod(render)

    greedy_action = staticmethod(strategy.greedy_action)
    rollout_action = staticmethod(strategy.rollout_action)
    prior_action = staticmethod(strategy.rollout_action)

    #: search playouts stop this many rounds after the root (the game may run long)
    rollout_rounds = 4

    def rollout_done(self, root, state):
        """Playouts read ``scores()`` (progress minus Time) four rounds ahead."""
        return state.to_move is None or state.turns - root.turns >= self.rollout_rounds * root.players


    def log_text(self, action, actor, seat):
        """A supporting card is played face down: the others read only its back."""
        code = int(action)
        if seat != actor and WITH <= code < WITH + N_KINDS:
            strength, badge = BACK[code - WITH]
            return f"with a face-down card (strength {strength}, {RES_NAMES[badge]})"
        return action.text

    def simulation_report(self, finals) -> str:
        """How simulated games ended: reasons, length, scouts and Time tokens."""
        from collections import Counter

        if not finals:
            return "no games"
        reasons = Counter(f.end_reason or "unfinished" for f in finals)
        n = len(finals)
        turns = sum(f.turns for f in finals) / n
        best = sum(max(f.pos) for f in finals) / n
        tokens = sum(sum(f.time) / f.players for f in finals) / n
        past = sum(sum(p >= 39 for p in f.pos) for f in finals) / sum(f.players for f in finals)
        lines = [f"[bold]{self.title}[/]: {n} games"]
        lines += [f"  ended by {r}: {c} ({100 * c / n:.0f}%)" for r, c in reasons.most_common()]
        lines.append(f"  turns per game {turns:.1f}; furthest scout {best:.1f}; "
                     f"Time tokens per player {tokens:.1f}; scouts past the fort {100 * past:.0f}%")
        return "\n".join(lines)


GAME = LewisClark()
LewisClarkState.game = GAME
