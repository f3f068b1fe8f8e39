"""Lowlands' message domain and the names of its pieces as messages.

Every text a player reads is a message of the ``lowlands`` catalogs
(``locale/<lang>/LC_MESSAGES/lowlands.po``). Names follow the rule texts where they
give them (French: "Piste de Digue", "Jetons de Progrès", "Marée Haute"; Spanish:
"Taller del carpintero", "marejada ciclónica", "tablero de corral"); the Dutch names
are plain Dutch, with the country's own words where they exist (a dwelling mound is a
"terp", a dike association a "waterschap", a dike warden a "dijkgraaf").

Inside sentences a tile is named with its kind of noun and quotes in French, Spanish
and Dutch ("la tuile « Banque »"), so no article has to agree with a name; each tile
also has a three-letter board label per language (``label.<key>``), unique within
the language (tests/games/lowlands/test_words.py).
"""

from __future__ import annotations

from meeple.games.lowlands.components import ACTION_SPACES, PROGRESS_TOKENS, RESOURCES, TILES
from meeple.i18n import Domain, Msg, Text, items

M = Domain("lowlands", __package__)

#: progress-token names (``components.PROGRESS_TOKENS``) -> the id part of their messages
TOKEN_IDS = {t.name: t.name.replace("farmer +2", "boost") for t in PROGRESS_TOKENS}
#: reward keys (``take <key>``) -> the id part of their messages
REWARD_IDS = {"worker": "worker", "2 coins": "coins2", "2 cards": "cards2", "fence": "fence",
              "sheep": "sheep", "boost": "boost", "3 coins": "coins3", "sheep and coin": "sheep_coin"}
#: phase names of the view (``phases.PHASE_NAMES``) -> the id part of their messages
PHASE_IDS = {"fence at": "fence_at"}


def res(r: str | int) -> Msg:
    """A resource alone: "wood", "bois", "madera", "hout"."""
    return M(f"res.{RESOURCES[r] if isinstance(r, int) else r}")


def cards_of(r: str | int, n: int = 1) -> Msg:
    """``n`` cards of a resource: "a wood card", "2 cartes bois", "2 houtkaarten"."""
    return M(f"cards.{RESOURCES[r] if isinstance(r, int) else r}", n=n)


def tile(key: str) -> Msg:
    """A tile's name alone (lists, the glossary): "Fish Pond", "Étang à poissons"."""
    return M(f"tile.{key}")


def the_tile(key: str) -> Msg:
    """A tile inside a sentence: "the Fish Pond", "la tuile « Étang à poissons »"."""
    return M("the_tile", tile=tile(key))


def label(key: str) -> Msg:
    """The tile's three letters on a farm: "FSH", "POI"."""
    return M(f"label.{key}")


def action(a: str | int) -> Msg:
    """An action space: "build", "Construire"."""
    return M(f"action.{ACTION_SPACES[a] if isinstance(a, int) else a}")


def the_action(a: str | int) -> Msg:
    """An action space inside a sentence: "the build action", "l'action « Construire »"."""
    return M("the_action", action=action(a))


def reward(key: str) -> Msg:
    """A progress-token reward: "a sheep and a coin"."""
    return M(f"reward.{REWARD_IDS[key]}")


def token(name: str) -> Msg:
    """A progress token by what it shows: "the sheep token"."""
    return M(f"token.{TOKEN_IDS[name]}")


def token_short(name: str) -> Msg:
    """A progress token's short name on the board: "sheep"."""
    return M(f"token_short.{TOKEN_IDS[name]}")


def phase(name: str) -> Msg:
    """The question a phase asks, as a noun phrase: "placing a farmer"."""
    return M(f"phase.{PHASE_IDS.get(name, name)}")


def cost(counts: dict[str, int] | tuple[int, ...]) -> Text:
    """Cards to pay, in words: "1 wood and 2 stone" ("no cards" when none)."""
    if not isinstance(counts, dict):
        counts = dict(zip(RESOURCES, counts, strict=True))
    parts = [M("amount", n=n, res=res(r)) for r, n in counts.items() if n]
    return items(parts) if parts else M("no_cards")


TILE_KEYS: tuple[str, ...] = tuple(t.key for t in TILES)
