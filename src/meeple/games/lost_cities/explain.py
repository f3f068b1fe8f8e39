"""Lost Cities in words: why a move is refused, who is asked what, what just
happened, and the glossary behind ``info NAME``.

``status`` and ``narrate`` read views only, so they can never tell a seat more than
it may know.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from meeple.core.game import GlossaryEntry
from meeple.games.lost_cities.actions import DISCARD, DRAW_DECK, DRAW_PHASE, DRAW_PILE
from meeple.games.lost_cities.components import (
    CARD_TEXT,
    COLOR_OF,
    COLORS,
    EXPEDITION_COST,
    HAND_SIZE,
    LONG_BONUS,
    LONG_EXPEDITION,
    N_KINDS,
    RANK_OF,
    RANKS,
    VALUES,
    WAGER,
)
from meeple.games.lost_cities.scoring import expedition_score
from meeple.games.lost_cities.stalling import IDLE_LIMIT, REPETITION_LIMIT

if TYPE_CHECKING:
    from meeple.games.lost_cities.rules import LostCitiesState

NAME_OF = {c.letter: c.name for c in COLORS}

#: why a round ended, as a player reads it (keys: ``rules.END_REASONS``)
END_TEXT = {
    "deck": "the last card of the deck was drawn",
    "repetition": "the same position came up for the third time (stall rule)",
    "idle": f"{IDLE_LIMIT} turns in a row went by without a card played or drawn from the deck (stall rule)",
}


# ---- refusals ------------------------------------------------------------------------


def why_illegal(state: LostCitiesState, a: int) -> str:
    """Why the (well-formed) action ``a`` is not legal now, in words."""
    seat = state.to_move
    if a >= DRAW_DECK:
        if state.phase != DRAW_PHASE:
            return "first play or discard a card, then draw"
        c = a - DRAW_PILE
        if c >= state.colors:
            return "purple is only in the six-colour game (option colors=6)"
        if c == state.blocked_pile:
            return "you may not draw back the card you just discarded"
        return f"the {COLORS[c].name} discard pile is empty"
    if state.phase == DRAW_PHASE:
        return "you have already played or discarded this turn; now draw a card"
    k = a % N_KINDS
    c = COLOR_OF[k]
    if c >= state.colors:
        return "purple is only in the six-colour game (option colors=6)"
    if k not in state.hands[seat]:
        verb = "play" if a < DISCARD else "discard"
        return f"you hold no {CARD_TEXT[k]} to {verb}"
    last = state.expeditions[seat][c][-1]
    if RANK_OF[k] == WAGER:
        return (
            f"wagers go before the first number; your {COLORS[c].name} "
            f"expedition already has {CARD_TEXT[last]}"
        )
    return (
        f"expeditions rise: {CARD_TEXT[k]} is not higher than {CARD_TEXT[last]}, "
        f"the last card of your {COLORS[c].name} expedition"
    )


# ---- who is asked what -----------------------------------------------------------------


def _seat(view: dict[str, Any], seat: int) -> str:
    return f"seat {seat} (you)" if view.get("seat") == seat else f"seat {seat}"


def status(view: dict[str, Any]) -> str:
    """One line: who is asked what right now, and how close the round is to its end."""
    scores = view["scores"]
    if view["to_move"] is None:
        winners = view["winners"]
        if len(winners) > 1:
            return f"the game is over: a tie at {scores[0]} points"
        w = winners[0]
        who = "you win" if view.get("seat") == w else f"seat {w} wins"
        return f"the game is over: {who}, {scores[w]} to {scores[1 - w]}"
    seat = view["to_move"]
    if view["phase"] == DRAW_PHASE:
        ask = "draws a card: the deck or the top of a discard pile"
        if view["blocked"]:
            ask += f" (not {NAME_OF[view['blocked']]}: just discarded)"
    else:
        ask = "plays a card on an expedition or discards one"
    parts = [f"{_seat(view, seat)} {ask}", f"round {view['round']}/{view['rounds']}", f"deck {view['deck']}"]
    ending = view["ending_draws"]
    if ending:
        parts.append(f"{' or '.join(ending)} ends the round")
    seen = view["repetitions"]
    if seen is not None and seen >= 2:
        parts.append(f"this position has come up {seen} times ({REPETITION_LIMIT} end the round)")
    if view["stall_limits"] and view["idle_turns"] >= IDLE_LIMIT - 10:
        parts.append(f"{view['idle_turns']} idle turns in a row ({IDLE_LIMIT} end the round)")
    return "; ".join(parts)


# ---- what happened ---------------------------------------------------------------------


def expedition_lines(view: dict[str, Any], expeditions: list[dict[str, list[str]]]) -> list[str]:
    """Per seat, each started expedition with its cards and score, in words."""
    lines = []
    for seat, row in enumerate(expeditions):
        parts = [
            f"{NAME_OF[letter]} {' '.join(cards)} = {expedition_score(cards)}"
            for letter, cards in row.items()
            if cards
        ]
        total = sum(expedition_score(cards) for cards in row.values())
        lines.append(f"  {_seat(view, seat)}: {'; '.join(parts) or 'no expedition'} (round total {total})")
    return lines


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[str]:
    """What ``action`` changed beyond itself: the card a seat drew (for that seat), a
    round's end and why, its scores per expedition, who starts next, warnings that the
    round is about to end. Views only."""
    mover = before["to_move"]
    lines: list[str] = []
    if len(after["round_ends"]) > len(before["round_ends"]):
        reason = after["round_ends"][-1]
        lines.append(f"Round {before['round']} ends: {END_TEXT[reason]}.")
        lines += expedition_lines(after, before["expeditions"])
        if after["to_move"] is None:
            lines.append(f"{status(after).capitalize()}.")
            return lines
        totals = after["scores"]  # the new round has no expedition yet
        starter = after["starter"]
        why = (
            f"it leads {totals[starter]} to {totals[1 - starter]}"
            if totals[0] != totals[1]
            else "the totals are tied, so the other player starts"
        )
        lines.append(f"Round {after['round']} begins: {_seat(after, starter)} starts ({why}).")
        return lines
    if action == "draw deck" and after.get("seat") == mover and "hand" in after:
        drawn = Counter(after["hand"]) - Counter(before["hand"])
        if drawn:
            lines.append(f"You drew {' '.join(sorted(drawn.elements()))}.")
    if after["deck"] == 1 and before["deck"] == 2:
        lines.append("One card is left in the deck: whoever draws it ends the round.")
    seen = after["repetitions"]
    if seen is not None and seen == REPETITION_LIMIT - 1 and after["phase"] != DRAW_PHASE:
        lines.append(
            f"This position has now come up {seen} times this round: "
            "once more and the round ends (stall rule)."
        )
    idle = after["idle_turns"]
    if after["stall_limits"] and idle != before["idle_turns"] and idle >= IDLE_LIMIT - 10:
        lines.append(
            f"{idle} turns in a row without a card played or drawn from the deck: "
            f"at {IDLE_LIMIT} the round ends (stall rule)."
        )
    return lines


# ---- the glossary ----------------------------------------------------------------------


def _card_entry(k: int) -> GlossaryEntry:
    color = COLORS[COLOR_OF[k]]
    rank = RANK_OF[k]
    only = " Only in the six-colour game (option colors=6)." if color.letter == "P" else ""
    if rank == WAGER:
        return GlossaryEntry(
            name=f"{color.name} wager",
            kind="wager card",
            text=(
                f"A {color.name} wager (investment card, the handshake symbol); three identical "
                f"copies. Play it on your {color.name} expedition before its first number, as "
                "many as you hold. Each wager multiplies the expedition's result, loss included: "
                "one doubles it, two triple it, three quadruple it. A wager starts the expedition, "
                f"so it costs the {EXPEDITION_COST} too.{only}"
            ),
            abbreviations=(CARD_TEXT[k], f"{color.name} investment", f"{color.letter} wager"),
        )
    value = VALUES[rank]
    return GlossaryEntry(
        name=f"{color.name} {value}",
        kind="expedition card",
        text=(
            f"Adds {value} to your {color.name} expedition. You may play it only while that "
            f"expedition has no number above {value - 1} (numbers strictly rise; wagers come "
            f"first); otherwise discard it onto the {color.name} pile, where the other player "
            f"may take it. One copy.{only}"
        ),
        abbreviations=(CARD_TEXT[k],),
    )


def _color_entry(index: int) -> GlossaryEntry:
    color = COLORS[index]
    only = " Only in the six-colour game (option colors=6)." if color.letter == "P" else ""
    return GlossaryEntry(
        name=f"{color.name} expedition",
        kind="expedition",
        text=(
            f"The {color.name} column ({color.letter}): 12 cards, three wagers {color.letter}H and "
            f"the numbers {color.letter}2 to {color.letter}10. Each player builds one {color.name} "
            "expedition in rising order. Untouched it scores 0; started, it scores (sum of its "
            f"numbers - {EXPEDITION_COST}) x (1 + its wagers), plus {LONG_BONUS} (not multiplied) "
            f"with {LONG_EXPEDITION} or more cards.{only}"
        ),
        abbreviations=(color.letter, color.name),
    )


TERMS = (
    GlossaryEntry(
        name="discard pile",
        kind="rule",
        text=(
            "One face-up pile per colour between the players. A discarded card goes on its "
            "colour's pile; instead of the deck, a player may draw the top card of any pile, "
            "except the one just discarded to that same turn. The board shows each pile's top "
            "card and how many lie under it."
        ),
        abbreviations=("pile", "discards"),
    ),
    GlossaryEntry(
        name="deck",
        kind="rule",
        text=(
            f"The face-down draw pile: what is left after dealing {HAND_SIZE} cards each "
            "(44 cards, 56 with six colours). The round ends the moment its last card is drawn."
        ),
        abbreviations=("draw pile",),
    ),
    GlossaryEntry(
        name="8-card bonus",
        kind="rule",
        text=(
            f"An expedition of {LONG_EXPEDITION} or more cards, wagers counted, scores "
            f"{LONG_BONUS} more, added after the multiplier."
        ),
        abbreviations=("bonus",),
    ),
    GlossaryEntry(
        name="stall rules",
        kind="rule",
        text=(
            "meeple's addition so that every round ends (option stall_rules, on by default): "
            f"the round also ends, as if the last card had been drawn, when the same position "
            f"(both hands, expeditions, discard piles, deck size, player to move) comes up for "
            "the third time in "
            f"the round, or after {IDLE_LIMIT} turns in a row in which nobody played a card "
            "or drew from the deck. The board shows how close the round is to either."
        ),
        abbreviations=("repetition", "repetition rule", "idle turns", "stall rule"),
    ),
)


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    """Every colour, card and term a player may look up (``info R7``, ``info red wager``)."""
    colors = tuple(_color_entry(c) for c in range(len(COLORS)))
    cards = tuple(_card_entry(c * len(RANKS) + r) for c in range(len(COLORS)) for r in range(len(RANKS)))
    return colors + cards + TERMS
