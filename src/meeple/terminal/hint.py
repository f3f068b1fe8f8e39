"""``hint``: the search bot's top moves for the seat at the prompt.

``ISMCTSBot.analyse`` searches only worlds sampled for the seat to move
(determinizations), so the advice uses exactly what that seat may know.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from meeple.bots.ismcts import ISMCTSBot
from meeple.core.state import State
from meeple.i18n import COMMON as M
from meeple.i18n import current


@dataclass(frozen=True)
class HintBudget:
    """How long ``hint`` thinks: seconds of search, or a fixed number of iterations
    (reproducible, for tests)."""

    seconds: float | None = 1.0
    iterations: int | None = None
    #: the search's own seed; ``None`` draws one (never derived from the deal's seed)
    seed: int | None = None


def hint_lines(state: State, budget: HintBudget, top: int = 3) -> list[str]:
    bot = ISMCTSBot(
        state.game,
        seed=random.SystemRandom().getrandbits(32) if budget.seed is None else budget.seed,
        seconds=None if budget.iterations else budget.seconds,
        iterations=budget.iterations,
    )
    candidates = bot.analyse(state, top=top)
    say = current()
    if len(candidates) == 1 and math.isnan(candidates[0].value):
        return [say(M("term.only_move_hint", move=str(candidates[0].action)))]
    lines = [say(M("hint.title", n=bot.last_iterations))]
    width = max(len(str(c.action)) for c in candidates)
    for rank, c in enumerate(candidates, 1):
        figures = say(M("hint.figures", visits=f"{c.visits:>5}", win=f"{100 * c.value:.0f}"))
        kept = f"  {say(M('hint.kept'))}" if c.kept else ""
        lines.append(f"  {rank}. {str(c.action):<{width}}  {figures}{kept}")
    return lines
