"""Lewis & Clark's message domain and the names of its pieces as messages.

Every text a player reads is a message of the ``lewis_clark`` catalogs
(``locale/<lang>/LC_MESSAGES/lewis_clark.po``). Names follow the published editions:
the 54 Journal characters keep the names printed on the cards (historical people, the
same in every edition, as the French cards print them), except "The Partisan", whom
the French card texts call "le Partisan"; the starting roles, goods, places and pieces
take the rule text's words in French ("Chef d'expédition", "Interprète", "bois",
"pirogue", "Journal des rencontres", lines 17-27 and 142). Where a sentence needs an
article before a name, ``the_card`` gives it inside the name ("le Chasseur"), so no
catalog ever writes an article before a placeholder.
"""

from __future__ import annotations

from collections.abc import Iterable

from meeple.games.lewis_clark.components import (
    CARDS,
    N_KINDS,
    RES_NAMES,
    SLUG,
    STARTING_KINDS,
    VILLAGE_LOCS,
)
from meeple.i18n import Domain, Msg, Text, items

M = Domain("lewis_clark", __package__)

#: card kind by its notation word
KIND = {slug: k for k, slug in enumerate(SLUG)}
#: village location index by its notation word
LOC = {loc.slug: i for i, loc in enumerate(VILLAGE_LOCS)}
#: resource index by its name in views ("equipment") and by its notation word ("equip")
GOOD = {name: r for r, name in enumerate(RES_NAMES)} | {"equip": 3}
#: cards whose name is a role, so sentences give it an article ("the Hunter")
ROLES = frozenset(STARTING_KINDS) | {KIND["partisan"]}


def card(k: int) -> Msg:
    """A character's name alone (lists, glossary, the board): "Hunter", "Ebenezer Tuttle"."""
    return M(f"card.{SLUG[k]}")


def the_card(k: int) -> Msg:
    """A character inside a sentence, with the article its language gives a role: "the
    Hunter", "le Chasseur", "Ebenezer Tuttle"."""
    return M(f"the_card.{SLUG[k]}") if k in ROLES else card(k)


def location(i: int) -> Msg:
    """A village location's name: "Hunting", "Chasse"."""
    return M(f"loc.{VILLAGE_LOCS[i].slug}")


def good(r: int) -> Msg:
    """A good's name alone: "wood", "bois"."""
    return M(f"good.{RES_NAMES[r]}")


def goods(r: int, n: int) -> Msg:
    """A number of one good: "1 fur", "3 fourrures"."""
    return M(f"goods.{RES_NAMES[r]}", n=n)


def goods_list(amounts: Iterable[int], style: str = "standard") -> Text:
    """Amounts by resource index as words: "1 fur and 2 food"; "nothing" when empty."""
    parts = [goods(r, n) for r, n in enumerate(amounts) if n]
    return items(parts, style) if parts else M("nothing")


def goods_of(d: dict[str, int], style: str = "standard") -> Text:
    """A view's {good name: count} as words."""
    amounts = [0] * len(RES_NAMES)
    for name, n in d.items():
        amounts[GOOD[name]] += n
    return goods_list(amounts, style)


def indians(n: int) -> Msg:
    return M("indians", n=n)


def spaces(n: int) -> Msg:
    return M("spaces", n=n)


def tokens(n: int) -> Msg:
    return M("tokens", n=n)


def cards(n: int) -> Msg:
    return M("cards", n=n)


def badge(r: int) -> Msg:
    """The board's two letters for a badge: "wd", "bo"."""
    return M(f"badge.{RES_NAMES[r]}")


def effect_name(name: str) -> Msg:
    """A running effect as the view names it (``hunter``, ``village hunting``)."""
    if name.startswith("village "):
        return location(LOC[name.split(" ", 1)[1]])
    return card(KIND[name])


assert len(CARDS) == N_KINDS
