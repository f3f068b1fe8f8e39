"""Little Town ends within ``decision_bound`` against adversaries built for it.

The generic adversaries (tests/games/test_stalling.py) play the default options. The
longest Little Town games come from ``exchange=keep``, where purchases are moves of
their own: an adversary that earns every coin it can and spends it all on purchases,
activates everything, never validates an objective and drags every meal out is the
worst case the bound argument counts (docs/games/little-town.md, "Every game ends").
"""

from __future__ import annotations

import random

import pytest

from meeple.games.little_town import GAME


def spender(state, rng: random.Random):
    """Buy while coins last, then activate, then anything but a claim or the main action."""
    legal = state.legal_actions()
    for prefix in ("buy", "activate", "give", "take", "feed"):
        moves = [a for a in legal if str(a).startswith(prefix)]
        if moves:
            return rng.choice(moves)
    quiet = [a for a in legal if not str(a).startswith("claim")]
    return rng.choice(quiet or list(legal))


def hoarder_of_decisions(state, rng: random.Random):
    """Always the move that keeps the most choices open for the same seat next."""
    best, most = None, -1
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        n = len(after.legal_actions()) if after.to_move == state.to_move else 0
        if n > most:
            best, most = action, n
    return best


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("adversary", [spender, hoarder_of_decisions], ids=lambda f: f.__name__)
def test_adversaries_cannot_outlast_the_bound(players, adversary):
    bound = GAME.decision_bound(players)
    for seed in range(2):
        state = GAME.new(players, seed, exchange="keep")
        rng = random.Random(seed)
        while state.to_move is not None and state.ply <= bound:
            state.apply(adversary(state, rng))
        assert state.to_move is None, f"{players} players did not end within {bound} decisions"
        assert state.ply <= bound


def test_the_bound_counts_every_kind_of_decision():
    # 4 rounds x seats x workers turns of at most 16 decisions, Residence and meals per
    # round, claims, and purchases paid by every coin that can enter the game
    assert GAME.decision_bound(2) == 40 * 16 + 4 * (13 + 10) + 8 + (6 + 4 * 8 * 44) // 3
    assert GAME.decision_bound(3) == 48 * 16 + 4 * (13 + 12) + 9 + (9 + 4 * 8 * 52) // 3
