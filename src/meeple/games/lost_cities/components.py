"""Lost Cities cards, as data.

Sources: the rule text, lines 11-13 (the box: 60 cards, per colour 3 wagers and
the numbers 2 to 10) and line 52 (the sixth colour), and the component facts
(purple inferred from one rulebook copy). A card *kind* is a colour and a rank;
a kind's code is ``colour * 10 + rank``. Wagers (rank ``H``, the handshake
"investment" cards) come three to a colour and are identical.
"""

from __future__ import annotations

from typing import NamedTuple


class Color(NamedTuple):
    letter: str
    name: str
    provenance: str  # confirmed | inferred


#: The expedition colours in board order. Purple is the 2019 sixth-colour variant.
COLORS: tuple[Color, ...] = (
    Color("Y", "yellow", "confirmed"),
    Color("W", "white", "confirmed"),
    Color("B", "blue", "confirmed"),
    Color("G", "green", "confirmed"),
    Color("R", "red", "confirmed"),
    Color("P", "purple", "inferred"),
)

#: Ranks in play order: the wager, then the numbers. ``value`` counts in the sum.
RANKS: tuple[str, ...] = ("H", "2", "3", "4", "5", "6", "7", "8", "9", "10")
VALUES: tuple[int, ...] = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10)
COPIES: tuple[int, ...] = (3, 1, 1, 1, 1, 1, 1, 1, 1, 1)  # wagers come three per colour
WAGER = 0

HAND_SIZE = 8
EXPEDITION_COST = 20
LONG_EXPEDITION = 8  # cards, wagers included, for the bonus
LONG_BONUS = 20

N_RANKS = len(RANKS)
N_KINDS = len(COLORS) * N_RANKS  # card kinds over the largest (6-colour) set


def kind(color: int, rank: int) -> int:
    return color * N_RANKS + rank


def card_text(k: int) -> str:
    """``R7``, ``B10``, ``GH``."""
    return COLORS[k // N_RANKS].letter + RANKS[k % N_RANKS]


CARD_TEXT: tuple[str, ...] = tuple(card_text(k) for k in range(N_KINDS))
CARD_BY_TEXT: dict[str, int] = {t: k for k, t in enumerate(CARD_TEXT)}
COLOR_OF: tuple[int, ...] = tuple(k // N_RANKS for k in range(N_KINDS))
RANK_OF: tuple[int, ...] = tuple(k % N_RANKS for k in range(N_KINDS))
VALUE_OF: tuple[int, ...] = tuple(VALUES[k % N_RANKS] for k in range(N_KINDS))
#: a card may be played while its expedition's last rank is below this: its own rank
#: for a number, 1 for a wager (wagers go before the first number)
PLAYABLE_BELOW: tuple[int, ...] = tuple(max(1, k % N_RANKS) for k in range(N_KINDS))


def deck(colors: int) -> list[int]:
    """Every card of a game with ``colors`` colours (60 or 72), unshuffled."""
    return [
        kind(c, r) for c in range(colors) for r in range(N_RANKS) for _ in range(COPIES[r])
    ]
