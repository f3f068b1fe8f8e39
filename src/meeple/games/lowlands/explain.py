"""Lowlands in words: who is asked what, what just happened, each part of the score,
and the glossary behind ``info NAME``.

``status`` and ``narrate`` read views only, so they can never tell a seat more than it
may know.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from meeple.core.game import GlossaryEntry
from meeple.games.lowlands.components import (
    ACTION_SPACES,
    PROGRESS_TOKENS,
    RESOURCES,
    REWARDS,
    TILES,
    VALUE_DP,
    VALUE_SHEEP,
    VALUE_START,
    Tile,
)

if TYPE_CHECKING:
    from meeple.games.lowlands.rules import LowlandsState

#: what each phase asks, as a player reads it
ASKS = {
    "place": "places a farmer on an action",
    "build": "chooses a face-up tile to build (or stops)",
    "at": "chooses the square for {tile}",
    "pay": "pays for {tile}",
    "dike": "contributes cards to the dike ({ap} points left)",
    "ask": "asks an opponent to help with the dike",
    "help": "may help with the dike (up to {limit}, {helped} given)",
    "fence": "buys or moves fences ({ap} points left)",
    "fence at": "puts a fence on an edge",
    "market": "buys or sells sheep ({ap} points left)",
    "draw": "draws cards ({ap} points left)",
    "token": "chooses a progress-token reward",
    "worker": "assigns or moves a worker",
    "income": "takes a card or a coin",
    "discard": "discards down to 8 cards",
    "upkeep": "may use the Auction House or Fodder Silo",
}

#: the score's parts in the order a player counts them (keys of ``score_parts``)
PART_NAMES = {
    "dike": "dike points x their value",
    "sheep": "sheep x their value",
    "tiles": "printed tile points",
    "bang": "\"!\" tiles",
    "coins": "coins (minus unpaid breach)",
    "cards": "a point per two cards",
}


def _seat(view: dict[str, Any], seat: int) -> str:
    return f"seat {seat} (you)" if view.get("seat") == seat else f"seat {seat}"


def status(view: dict[str, Any]) -> str:
    """One line: who is asked what right now, the stage and the flood against the dike."""
    if view["to_move"] is None:
        w = view["winners"][0]
        who = "you win" if view.get("seat") == w else f"seat {w} wins"
        return f"the game is over: {who} with {view['scores'][w]} points"
    turn = view["turn"]
    ask = ASKS.get(view["phase"], "decides").format(
        tile=turn["tile"] or "the tile", ap=turn["ap"], limit=turn["help_limit"], helped=turn["helped"]
    )
    holds = "holds" if view["dike"] >= view["flood"] else "would break"
    return (
        f"{_seat(view, view['to_move'])} {ask}; stage {view['stage']}/3; "
        f"flood {view['flood']} vs dike {view['dike']} (the dike {holds})"
    )


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[str]:
    """What ``action`` and the automatic steps after it did, from views only: flood
    cards turned, dike segments placed, High Tides and the Storm Tide, a new first
    player, a new stage, the end."""
    lines: list[str] = []
    if after["segments"] > before["segments"]:
        n = after["segments"] - before["segments"]
        lines.append(f"{n} dike segment{'s' * (n > 1)} placed: the dike is {after['dike']} long.")
    for held in after["tides"][len(before["tides"]):]:
        value = after["value"]
        if held:
            lines.append(
                "High Tide: the dike holds. Coins for dike points above the lowest; "
                f"value now dike point {value['dike_point']} | sheep {value['sheep']}."
            )
        else:
            lines.append(
                "High Tide: the dike breaks. Breach tokens for dike points behind the leader; "
                f"value now dike point {value['dike_point']} | sheep {value['sheep']}."
            )
    turned = [c["face"] for c in after["sea"] if c["face"] is not None]
    was = [c["face"] for c in before["sea"] if c["face"] is not None]
    if len(after["sea"]) == len(before["sea"]) and len(turned) > len(was):
        lines.append(f"A flood card shows {turned[-1]}: the flood is {after['flood']}.")
    elif after["sea"] and after["sea"] != before["sea"] and turned:
        lines.append(f"New flood cards; the first shows {turned[0]}: the flood is {after['flood']}.")
    if after["stage"] != before["stage"]:
        lines.append(f"Stage {after['stage']} begins.")
    if after["first"] != before["first"] and after["to_move"] is not None:
        lines.append(f"{_seat(after, after['first']).capitalize()} is first player (furthest on the dike track).")
    if after["storm_held"] is not None and before["storm_held"] is None:
        lines.append(
            "Storm Tide: the dike " + ("holds: breach tokens are returned." if after["storm_held"]
                                       else "breaks: each breach token costs a sheep, or coins, or a point.")
        )
        lines.append(f"{status(after).capitalize()}.")
    return lines


def score_breakdown(state: LowlandsState) -> list[dict[str, int]]:
    """Per seat, each part of the score at the current values; adds up to ``scores()``."""
    return [
        {PART_NAMES[key]: points for key, points in state.score_parts(s).items()}
        for s in range(state.players)
    ]


# ---- the glossary -------------------------------------------------------------------


def _cost(t: Tile) -> str:
    cards = ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, t.cost, strict=True) if n)
    return f"{t.ap} action points and {cards or 'no cards'}"


def _tile_entry(t: Tile) -> GlossaryEntry:
    kind = {"storm": "storm-tide building", "sheep": "sheep building", "action": "action building",
            "feature": "feature"}[t.kind]
    points = "scored at the Storm Tide (\"!\")" if t.bang else f"{t.vp} points"
    where = f" Goes on a {t.terrain}." if t.terrain else ""
    design = "" if t.provenance == "confirmed" else f" (Effect {t.provenance}; cost and points are meeple's design.)"
    return GlossaryEntry(
        name=t.name,
        kind=kind,
        text=f"{t.name}: costs {_cost(t)}; {points}. {t.text[:1].upper() + t.text[1:]}.{where}{design}",
        abbreviations=(t.key,),
        design=t.provenance != "confirmed",
    )


ACTION_TEXT = {
    "build": "Build face-up tiles: each costs its action points and cards; a missing card can be "
             "paid with two of one other type; unused points draw cards.",
    "dike": "Contribute one card per point to the construction site (a part-way cube locks its "
            "resource); your marker moves one space per card handed over, then an opponent you "
            "choose may add as many (you get a bonus space if they pay a card).",
    "fence": "One point per fence: buy one for a card (from your income board, left to right) or "
             "move one; a move must change the farm and keep your sheep housed.",
    "market": "Buy or sell one sheep per point in one row, one direction, at the value track's price.",
    "draw": "Draw one card per point, from the display or the deck.",
}


def _token_entry(i: int) -> GlossaryEntry:
    token = PROGRESS_TOKENS[i]
    a, b = token.options
    return GlossaryEntry(
        name=f"{token.name} token",
        kind="progress token",
        text=(f"A progress token on the dike track: the first time your marker reaches or passes "
              f"it, take one of: {a} or {b}. Each seat takes each token once."),
        design=token.provenance != "confirmed",
    )


TERMS = (
    GlossaryEntry(
        name="value track",
        kind="rule",
        text=(
            "Dike-point value over sheep value: "
            + ", ".join(f"{d}|{s}" for d, s in zip(VALUE_DP, VALUE_SHEEP, strict=True))
            + f"; the marker starts on {VALUE_DP[VALUE_START]}|{VALUE_SHEEP[VALUE_START]}. A High Tide "
            "that holds moves it right (sheep up, dike points down), a breach left; it stops at "
            "the ends (design, ruling LL-37)."
        ),
        design=True,
    ),
    GlossaryEntry(
        name="breach token",
        kind="rule",
        text=("Taken at a High Tide the dike loses: one per dike point behind the leader. If the "
              "dike also breaks at the Storm Tide, each costs a sheep, else the sheep value in "
              "coins, else a point; if it holds, they are returned."),
        abbreviations=("breach",),
    ),
    GlossaryEntry(
        name="Farmer +2",
        kind="rule",
        text="A token from the dike track: one placement (`boost 3 dike`) gets 2 more action points.",
        abbreviations=("boost",),
        design=True,
    ),
)


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    """Every tile, action, progress token and term a player may look up (``info bank``)."""
    actions = tuple(
        GlossaryEntry(name=f"{a} action", kind="action", text=ACTION_TEXT[a], abbreviations=(a,))
        for a in ACTION_SPACES
    )
    rewards = ", ".join(REWARDS)
    tokens = tuple(_token_entry(i) for i in range(len(PROGRESS_TOKENS)))
    reward_entry = GlossaryEntry(
        name="progress rewards", kind="rule", text=f"The rewards on the progress tokens: {rewards}.",
        design=True,
    )
    return tuple(_tile_entry(t) for t in TILES) + actions + tokens + TERMS + (reward_entry,)
