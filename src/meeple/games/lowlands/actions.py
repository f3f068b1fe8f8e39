"""The Lowlands action table: every small decision the game can ever ask for.

One meaning per phase (``pay wood`` pays a tile's cost, a dike contribution or a
bought fence, depending on what is being asked); notation in docs/games/lowlands.md.
"""

from __future__ import annotations

from meeple.core.actions import ActionSpace
from meeple.games.lowlands.components import ACTION_SPACES, FARMERS, RESOURCES, REWARDS, TILES
from meeple.games.lowlands.farm import CELL_NAMES, EDGE_NAMES, SIDES

_texts: list[str] = []


def _add(text: str) -> int:
    _texts.append(text)
    return len(_texts) - 1


NS = len(ACTION_SPACES)
NR = len(RESOURCES)
#: PLACE[farmer index][space], BOOST[...]: place a farmer (with the +2 token)
PLACE = [[_add(f"place {f} {s}") for s in ACTION_SPACES] for f in FARMERS]
BOOST = [[_add(f"boost {f} {s}") for s in ACTION_SPACES] for f in FARMERS]
BUILD_TILE = [_add(f"build {t.key}") for t in TILES]
AT = [_add(f"at {c}") for c in CELL_NAMES]
PAY = [_add(f"pay {r}") for r in RESOURCES]
SUB = [[_add(f"pay 2 {u} for {t}") if u != t else -1 for t in RESOURCES] for u in RESOURCES]
WAIVE = [_add(f"waive {r}") for r in RESOURCES]
FREE = [_add(f"free {r}") for r in RESOURCES]
STOP = _add("stop")
ASK = [_add(f"ask {s}") for s in range(4)]
ASK_MARKET = _add("ask market")
FENCE_AT = [_add(f"fence {e}") for e in EDGE_NAMES]
LIFT = [_add(f"lift {e}") for e in EDGE_NAMES]
BUY = [_add(f"buy {r + 1}") for r in range(4)]
SELL = [_add(f"sell {r + 1}") for r in range(4)]
DRAW_CARD = [_add(f"draw {r}") for r in RESOURCES]
DRAW_DECK = _add("draw deck")
REWARD_KEYS = tuple(REWARDS)
TAKE = {k: _add(f"take {k}") for k in REWARD_KEYS}
WORKER = [_add(f"worker {s}") for s in ACTION_SPACES]
SHIFT = [[_add(f"shift {a} {b}") if a != b else -1 for b in ACTION_SPACES] for a in ACTION_SPACES]
SKIP = _add("skip")
TAKE_CARD = _add("take card")
TAKE_COIN = _add("take coin")
DISCARD = [_add(f"discard {r}") for r in RESOURCES]
AUCTION = _add("auction")
SILO = _add("silo")

ACTIONS = ActionSpace(_texts, example="place 3 dike, pay clay, stop, ask 2, fence c2n, build orchard")
A = ACTIONS  # short alias: A[i] is the Action object of index i

#: the other names of an edge: every square names its four sides (``d2e`` is ``e2w``,
#: ``c1s`` is ``c2n``); the table keeps one name per edge, so the parser (``game.parse``)
#: reads an alias as the edge's one action
EDGE_ALIASES: dict[str, str] = {
    CELL_NAMES[i] + side: EDGE_NAMES[e]
    for i in range(len(CELL_NAMES))
    for side, (e, _) in zip("nswe", SIDES[i], strict=True)
    if CELL_NAMES[i] + side != EDGE_NAMES[e]
}

# reverse maps used by _apply: index -> (kind, arguments)
KIND: list[tuple] = [("?",)] * len(_texts)
for fi in range(len(FARMERS)):
    for s in range(NS):
        KIND[PLACE[fi][s]] = ("place", fi, s, False)
        KIND[BOOST[fi][s]] = ("place", fi, s, True)
for k, i in enumerate(BUILD_TILE):
    KIND[i] = ("build", k)
for c, i in enumerate(AT):
    KIND[i] = ("at", c)
for t in range(NR):
    KIND[PAY[t]] = ("pay", t, t)
    KIND[WAIVE[t]] = ("waive", t)
    KIND[FREE[t]] = ("free", t)
    KIND[DRAW_CARD[t]] = ("draw", t)
    KIND[DISCARD[t]] = ("discard", t)
    for u in range(NR):
        if u != t:
            KIND[SUB[u][t]] = ("sub", u, t)
KIND[STOP] = ("stop",)
for s in range(4):
    KIND[ASK[s]] = ("ask", s)
    KIND[BUY[s]] = ("buy", s)
    KIND[SELL[s]] = ("sell", s)
KIND[ASK_MARKET] = ("ask", -1)
for e in range(len(EDGE_NAMES)):
    KIND[FENCE_AT[e]] = ("fence", e)
    KIND[LIFT[e]] = ("lift", e)
KIND[DRAW_DECK] = ("draw", -1)
for k, i in TAKE.items():
    KIND[i] = ("take", k)
for s in range(NS):
    KIND[WORKER[s]] = ("worker", -1, s)
    for b in range(NS):
        if b != s:
            KIND[SHIFT[s][b]] = ("worker", s, b)
KIND[SKIP] = ("skip",)
KIND[TAKE_CARD] = ("income", 0)
KIND[TAKE_COIN] = ("income", 1)
KIND[AUCTION] = ("auction",)
KIND[SILO] = ("silo",)
