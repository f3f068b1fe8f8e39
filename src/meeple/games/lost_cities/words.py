"""Lost Cities' message domain and the names of its pieces as messages.

Every text a player reads is a message of the ``lost_cities`` catalogs
(``locale/<lang>/LC_MESSAGES/lost_cities.po``). A colour has one message per way a
sentence uses it (the word alone, an expedition, a discard pile, a card), because
adjectives agree with their noun in French, Spanish and Dutch ("expédition blanche",
"7 blanc"). Card names follow the published editions: French "Investissement" (the
rule text, line 13), Dutch "investeringskaart" (line 40).
"""

from __future__ import annotations

from meeple.games.lost_cities.components import COLOR_OF, COLORS, RANK_OF, VALUES, WAGER
from meeple.i18n import Domain, Msg

M = Domain("lost_cities", __package__)

#: colour letter -> index in ``COLORS``
INDEX = {c.letter: i for i, c in enumerate(COLORS)}


def color(letter: str) -> Msg:
    """The colour's word alone: "yellow"."""
    return M(f"color.{letter}")


def expedition(letter: str) -> Msg:
    """"yellow expedition", without an article."""
    return M(f"expedition.{letter}")


def pile(letter: str) -> Msg:
    """"yellow discard pile", without an article."""
    return M(f"pile.{letter}")


def card(k: int) -> Msg:
    """A card's name, alone (a glossary entry, a list): "yellow 7", "yellow wager"."""
    letter = COLORS[COLOR_OF[k]].letter
    if RANK_OF[k] == WAGER:
        return M(f"wager.{letter}")
    return M(f"card.{letter}", value=VALUES[RANK_OF[k]])


def the_card(k: int) -> Msg:
    """A card inside a sentence, with the article its language gives it: "the yellow
    7", "l'Investissement jaune", "la apuesta amarilla", "de gele 7"."""
    letter = COLORS[COLOR_OF[k]].letter
    if RANK_OF[k] == WAGER:
        return M(f"the_wager.{letter}")
    return M(f"the_card.{letter}", value=VALUES[RANK_OF[k]])


def card_short(k: int) -> Msg | int:
    """A card inside its colour's row: "wager" or its number."""
    return M("wager") if RANK_OF[k] == WAGER else VALUES[RANK_OF[k]]
