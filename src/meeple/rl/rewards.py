"""Episode rewards, given once at the end of a game (zero on every other step).

``margin``: my final score minus the best rival's, divided by the game's
``score_scale`` (a solo game has no rival: my score / ``score_scale``).
``win``: +1 for the only winner, 0 for each seat sharing a win (a draw), -1 otherwise.
"""

from __future__ import annotations

from meeple.core.errors import ConfigError
from meeple.core.state import State

MODES = ("margin", "win")


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise ConfigError(f"reward={mode!r} is not a reward mode; modes: {', '.join(MODES)}")
    return mode


def final_rewards(state: State, mode: str) -> list[float]:
    """One reward per seat for a finished game."""
    scores = state.scores()
    if mode == "win":
        winners = state.winners()
        if len(winners) == 1:
            return [1.0 if s in winners else -1.0 for s in range(state.players)]
        return [0.0 if s in winners else -1.0 for s in range(state.players)]
    scale = state.game.score_scale
    if state.players == 1:
        return [scores[0] / scale]
    out = []
    for seat, score in enumerate(scores):
        rival = max(x for s, x in enumerate(scores) if s != seat)
        out.append((score - rival) / scale)
    return out
