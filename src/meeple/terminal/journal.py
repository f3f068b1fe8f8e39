"""What happened at the table, move by move, as one seat saw it.

Each move keeps what ``GAME.narrate`` said about it (from that seat's views only) and
whether it revealed hidden information (``state.reveals`` grew), so ``undo`` can say
exactly which move blocks it and what that move revealed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.i18n import COMMON as M
from meeple.i18n import Text, items

#: view keys that change with nearly every move and say nothing about what was revealed
_BOOKKEEPING = frozenset({"to_move", "phase", "turn", "seat", "game"})


@dataclass
class Move:
    ply: int  # 1-based: the n-th move of the game
    seat: int
    action: str  # as the watching seat may read it (``Game.log_text``)
    revealed: bool
    lines: list[Text] = field(default_factory=list)  # the narration for the watching seat
    changed: list[str] = field(default_factory=list)  # the view keys that changed


def play(state: State, action: Action, seat: int | None) -> Move:
    """Apply ``action`` to ``state`` and describe it as ``seat`` (``None``: spectators)
    sees it."""
    game = state.game
    mover = state.to_move
    assert mover is not None
    before_view, before_reveals = state.view(seat), state.reveals
    state.apply(action)
    after_view = state.view(seat)
    return Move(
        ply=state.ply,
        seat=mover,
        action=game.log_text(action, mover, seat),
        revealed=state.reveals != before_reveals,
        lines=list(game.narrate(before_view, str(action), after_view)),
        changed=_changed(before_view, after_view),
    )


def _changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    keys = [k for k in after if k not in _BOOKKEEPING and before.get(k) != after[k]]
    return [k.replace("_", " ") for k in keys]


def what_it_revealed(move: Move) -> Text:
    """In words, from the narration when the game gives one, else from the parts of the
    watching seat's view that changed."""
    if move.lines:
        return M("term.revealed_said", lines=items(move.lines, "parts"))
    if move.changed:
        return M("term.revealed_changed", keys=", ".join(move.changed))
    return M("term.revealed_unknown")
