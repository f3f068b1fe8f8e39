"""Little Town's message domain and the names of its pieces as messages.

Every text a player reads is a message of the ``little_town`` catalogs
(``locale/<lang>/LC_MESSAGES/little_town.po``). A building has two messages: its name
alone (a list, a label, the glossary) and its name with the article its language gives
it inside a sentence ("the Bakery", "la Boulangerie", "la Panadería", "de Bakkerij"),
because French and Spanish articles agree with the noun. French names are the ones
printed on the tiles; the rule text names the wheat fields ("Champs de Blé", line 5),
the construction site ("Chantier", line 28), the market ("Marché", line 5) and the
rounds ("manche", line 18).

Sentences name seats only where no grammar depends on them (``"{player}: ..."``,
"(owner: {player})"): the terminal calls its player "you" ("vous", "tú", "jij"), which
a verb or a preposition would have to agree with.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.games.little_town.components import (
    BUILDING_INDEX,
    BUILDINGS,
    EXCHANGE_COINS,
    OBJECTIVES,
    RESOURCES,
    SETUP,
    Building,
)
from meeple.i18n import COMMON, Domain, Msg, Text, items

M = Domain("little_town", __package__)

OBJECTIVE_BY_KEY = {o.key: o for o in OBJECTIVES}


def building(key: str) -> Msg:
    """A building's name alone: "Bakery", "Wheat field"."""
    return M(f"building.{key}")


def the_building(key: str) -> Msg:
    """A building inside a sentence, with its article: "the Bakery", "la Boulangerie"."""
    return M(f"the_building.{key}")


def resource(name: str) -> Msg:
    """A cube's word alone ("wood", "fish"): a label, a refusal."""
    return M(f"resource.{name}")


def amount(name: str, n: int) -> Msg:
    """``n`` cubes of one kind ("2 fish", "2 poissons"), or coins ("1 coin")."""
    return M(f"amount.{name}", n=n)


def points(n: int) -> Msg:
    """"1 point", "12 points": the shared plural message."""
    return COMMON("points", n=n)


def amounts(cubes: Sequence[int], coins: int = 0, vp: int = 0) -> Text:
    """``2 wood and 1 coin``: cubes, coins and points in words ("nothing" if none)."""
    parts: list[Msg] = [amount(r, n) for r, n in zip(RESOURCES, cubes, strict=True) if n]
    if coins:
        parts.append(amount("coins", coins))
    if vp:
        parts.append(points(vp))
    return items(parts) if parts else M("nothing")


def cost(b: Building) -> Text:
    return amounts(b.cost, b.cost_coins)


def objective(key: str) -> Msg:
    """An objective card's condition: "own 3 buildings joined side to side"."""
    return M(f"objective.{key}")


def objective_line(key: str) -> Msg:
    """``o4 (3 points): own 3 buildings ...``: the card as a list shows it."""
    return M("objective.line", key=key, points=points(OBJECTIVE_BY_KEY[key].vp), text=objective(key))


def terrain(name: str) -> Msg:
    return M(f"terrain.{name}")


def building_of(key: str) -> Building:
    return BUILDINGS[BUILDING_INDEX[key]]


def food_forecast(p: dict, players: int) -> tuple[int, int, int]:
    """A player's next feeding as the view shows it: (meals needed, meals bought with
    coins, workers who would go hungry) if the round ended now (rule text line 35:
    each worker eats 1 fish or 1 wheat, else 3 coins, else -3 points)."""
    needed = SETUP[players].workers
    short = max(0, needed - p["fish"] - p["wheat"])
    bought = min(short, p["coins"] // EXCHANGE_COINS)
    return needed, bought, short - bought
