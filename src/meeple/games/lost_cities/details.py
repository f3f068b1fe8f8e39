"""``show WHAT`` at the prompt: what the board abbreviates, in full.

The board shows each discard pile's top card and how many lie under it; ``show
piles`` lists every card of every pile (all were discarded face up, so every seat
has seen them). ``show score`` is the score breakdown so far, expedition by
expedition (only public cards count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from meeple.games.lost_cities.components import CARD_BY_TEXT
from meeple.games.lost_cities.words import M, card, pile
from meeple.i18n import Seat, current, items

if TYPE_CHECKING:
    from meeple.core.game import Game
    from meeple.games.lost_cities.rules import LostCitiesState

TOPICS = (("piles", M("show.piles")), ("score", M("show.score")))


def _piles(view: dict[str, Any]) -> list[str]:
    say = current()
    lines = []
    for letter, cards in view["discards"].items():
        if cards:
            names = items((card(CARD_BY_TEXT[t]) for t in reversed(cards)), "comma")
            lines.append(say(M("show.pile_cards", pile=pile(letter), n=len(cards), cards=names)))
        else:
            lines.append(say(M("show.pile_empty", pile=pile(letter))))
    return lines


def _score(game: Game, state: LostCitiesState) -> list[str]:
    say = current()
    lines = []
    for seat, parts in enumerate(game.score_breakdown(state)):
        lines.append(say(M("show.score_of", player=Seat(seat), n=sum(parts.values()))))
        lines += [f"  {say(label)}: {points}" for label, points in parts.items()]
    return lines


def render_detail(game: Game, state: LostCitiesState, seat: int | None, what: str) -> str | None:
    key = " ".join(what.split()).lower()
    if key == "piles":
        lines = _piles(state.view(seat))
    elif key == "score":
        lines = _score(game, state)
    else:
        return None
    return "\n".join(escape(line) for line in lines)
