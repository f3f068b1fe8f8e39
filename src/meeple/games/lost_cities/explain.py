"""Lost Cities in words: why a move is refused, who is asked what, what just
happened, what a move does, and the glossary behind ``info NAME``.

Everything here returns messages (``words.M``), rendered in the reader's language by
the client. ``status`` and ``narrate`` read views only, so they can never tell a seat
more than it may know.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action
from meeple.core.game import GlossaryEntry
from meeple.games.lost_cities.actions import DISCARD, DRAW_DECK, DRAW_PHASE, DRAW_PILE
from meeple.games.lost_cities.components import (
    CARD_BY_TEXT,
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
from meeple.games.lost_cities.words import M, card, card_short, color, expedition, pile, the_card
from meeple.i18n import COMMON, Msg, Seat, Text, items

if TYPE_CHECKING:
    from meeple.games.lost_cities.rules import LostCitiesState

#: why a round ended (keys: ``rules.END_REASONS``) -> the message that says it
END_TEXT = {reason: f"end.{reason}" for reason in ("deck", "repetition", "idle")}


def _cards(texts: list[str]) -> list[Msg]:
    return [the_card(CARD_BY_TEXT[t]) for t in texts]


def points(n: int) -> Msg:
    """"1 point", "12 points": the shared plural message."""
    return COMMON("points", n=n)


# ---- refusals ------------------------------------------------------------------------


def why_illegal(state: LostCitiesState, a: int) -> Text:
    """Why the (well-formed) action ``a`` is not legal now, in words."""
    seat = state.to_move
    if a >= DRAW_DECK:
        if state.phase != DRAW_PHASE:
            return M("refuse.draw_first")
        c = a - DRAW_PILE
        if c >= state.colors:
            return M("refuse.purple")
        if c == state.blocked_pile:
            return M("refuse.draw_back")
        return M("refuse.pile_empty", pile=pile(COLORS[c].letter))
    if state.phase == DRAW_PHASE:
        return M("refuse.draw_now")
    k = a % N_KINDS
    c = COLOR_OF[k]
    if c >= state.colors:
        return M("refuse.purple")
    if k not in state.hands[seat]:
        return M("refuse.not_held_play" if a < DISCARD else "refuse.not_held_discard", card=the_card(k))
    last = state.expeditions[seat][c][-1]
    letter = COLORS[c].letter
    if RANK_OF[k] == WAGER:
        return M("refuse.wager_late", expedition=expedition(letter), card=the_card(last))
    return M("refuse.not_rising", card=the_card(k), last=the_card(last), expedition=expedition(letter))


# ---- who is asked what -----------------------------------------------------------------


def _yours(view: dict[str, Any], seat: int) -> bool:
    return view.get("seat") == seat


def ending_draw(move: str) -> Msg:
    """A draw that would end the round, in words: "drawing the deck's last card"."""
    target = move.split()[-1]
    if target == "deck":
        return M("ending.deck")
    return M("ending.pile", pile=pile(target))


def game_over(view: dict[str, Any], prefix: str = "status") -> Msg:
    """Who won and by how much (``prefix``: "status" for the status line, "narrate" for
    the sentence that ends the story)."""
    scores = view["scores"]
    winners = view["winners"]
    if len(winners) > 1:
        return M(f"{prefix}.tie", points=points(scores[0]))
    w = winners[0]
    if _yours(view, w):
        return M(f"{prefix}.you_win", mine=scores[w], theirs=scores[1 - w])
    return M(f"{prefix}.wins", player=Seat(w), mine=scores[w], theirs=scores[1 - w])


def status(view: dict[str, Any]) -> Text:
    """One line: who is asked what right now, and how close the round is to its end."""
    if view["to_move"] is None:
        return game_over(view)
    seat = view["to_move"]
    you = "you_" if _yours(view, seat) else ""
    if view["phase"] == DRAW_PHASE:
        ask = M(f"status.{you}draw", player=Seat(seat))
        if view["blocked"]:
            ask = M("status.not_blocked", ask=ask, color=color(view["blocked"]))
    else:
        ask = M(f"status.{you}play", player=Seat(seat))
    parts: list[Text] = [
        ask,
        M("status.round", round=view["round"], rounds=view["rounds"]),
        M("status.deck", n=view["deck"]),
    ]
    ending = view["ending_draws"]
    if ending:
        parts.append(M("status.ending", draws=items((ending_draw(d) for d in ending), "or")))
    seen = view["repetitions"]
    if seen is not None and seen >= 2:
        parts.append(M("status.repetitions", n=seen, limit=REPETITION_LIMIT))
    if view["stall_limits"] and view["idle_turns"] >= IDLE_LIMIT - 10:
        parts.append(M("status.idle", n=view["idle_turns"], limit=IDLE_LIMIT))
    return items(parts, "parts")


# ---- what a move does ----------------------------------------------------------------


def describe(action: Action, view: dict[str, Any]) -> Text:
    """``play R7``: "play the red 7 on your expedition", for move lists."""
    verb, _, target = action.text.partition(" ")
    if verb == "draw":
        if target == "deck":
            return M("move.draw_deck", n=view["deck"])
        top = view["discards"][target][-1] if view["discards"].get(target) else None
        if top is None:
            return M("move.draw_empty", pile=pile(target))
        return M("move.draw_pile", card=the_card(CARD_BY_TEXT[top]), pile=pile(target))
    return M(f"move.{verb}", card=the_card(CARD_BY_TEXT[target]))


# ---- what happened ---------------------------------------------------------------------


def expedition_words(row: dict[str, list[str]]) -> list[Msg]:
    """Each started expedition of one seat: "red: wager, 2 = -36"."""
    return [
        M("narrate.expedition", color=color(letter), cards=items(
            (card_short(CARD_BY_TEXT[t]) for t in cards), "comma"), score=expedition_score(cards))
        for letter, cards in row.items()
        if cards
    ]


def expedition_lines(expeditions: list[dict[str, list[str]]]) -> list[Msg]:
    """Per seat, each started expedition with its cards and score, in words."""
    lines = []
    for seat, row in enumerate(expeditions):
        parts = expedition_words(row)
        total = sum(expedition_score(cards) for cards in row.values())
        shown = items(parts, "parts") if parts else M("narrate.no_expedition")
        lines.append(M("narrate.round_line", player=Seat(seat), expeditions=shown, total=total))
    return lines


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[Text]:
    """What ``action`` changed beyond itself: the card a seat drew (for that seat), a
    round's end and why, its scores per expedition, who starts next, warnings that the
    round is about to end. Views only."""
    mover = before["to_move"]
    lines: list[Text] = []
    if len(after["round_ends"]) > len(before["round_ends"]):
        reason = after["round_ends"][-1]
        lines.append(M("narrate.round_ends", round=before["round"], reason=M(END_TEXT[reason], limit=IDLE_LIMIT)))
        lines += expedition_lines(before["expeditions"])
        if after["to_move"] is None:
            lines.append(game_over(after, "narrate"))
            return lines
        totals = after["scores"]  # the new round has no expedition yet
        starter = after["starter"]
        you = "you_" if _yours(after, starter) else ""
        if totals[0] != totals[1]:
            lines.append(M(f"narrate.{you}start_leading", round=after["round"], player=Seat(starter),
                           mine=totals[starter], theirs=totals[1 - starter]))
        else:
            lines.append(M(f"narrate.{you}start_tied", round=after["round"], player=Seat(starter)))
        return lines
    if action == "draw deck" and after.get("seat") == mover and "hand" in after:
        drawn = Counter(after["hand"]) - Counter(before["hand"])
        if drawn:
            lines.append(M("narrate.you_drew", cards=items(_cards(sorted(drawn.elements())))))
    if after["deck"] == 1 and before["deck"] == 2:
        lines.append(M("narrate.last_card"))
    seen = after["repetitions"]
    if seen is not None and seen == REPETITION_LIMIT - 1 and after["phase"] != DRAW_PHASE:
        lines.append(M("narrate.repetition", n=seen))
    idle = after["idle_turns"]
    if after["stall_limits"] and idle != before["idle_turns"] and idle >= IDLE_LIMIT - 10:
        lines.append(M("narrate.idle", n=idle, limit=IDLE_LIMIT))
    return lines


# ---- the glossary ----------------------------------------------------------------------


def _only(letter: str) -> Text:
    return M("glossary.only_six") if letter == "P" else ""


def _card_entry(k: int) -> GlossaryEntry:
    letter = COLORS[COLOR_OF[k]].letter
    rank = RANK_OF[k]
    notation = letter + RANKS[rank]
    if rank == WAGER:
        return GlossaryEntry(
            name=card(k),
            kind=M("kind.wager"),
            text=M("glossary.wager", expedition=expedition(letter), cost=EXPEDITION_COST, only=_only(letter)),
            abbreviations=(notation,),
        )
    value = VALUES[rank]
    return GlossaryEntry(
        name=card(k),
        kind=M("kind.card"),
        text=M("glossary.card", value=value, below=value - 1, expedition=expedition(letter),
               pile=pile(letter), only=_only(letter)),
        abbreviations=(notation,),
    )


def _color_entry(index: int) -> GlossaryEntry:
    letter = COLORS[index].letter
    return GlossaryEntry(
        name=expedition(letter),
        kind=M("kind.expedition"),
        text=M("glossary.expedition", color=color(letter), letter=letter, wagers=f"{letter}H",
               first=f"{letter}2", last=f"{letter}10", expedition=expedition(letter),
               cost=EXPEDITION_COST, bonus=LONG_BONUS, long=LONG_EXPEDITION, only=_only(letter)),
        abbreviations=(letter,),
    )


TERMS = (
    GlossaryEntry(name=M("term.pile"), kind=M("kind.rule"), text=M("glossary.pile")),
    GlossaryEntry(name=M("term.deck"), kind=M("kind.rule"), text=M("glossary.deck", hand=HAND_SIZE)),
    GlossaryEntry(
        name=M("term.bonus", long=LONG_EXPEDITION), kind=M("kind.rule"),
        text=M("glossary.bonus", long=LONG_EXPEDITION, bonus=LONG_BONUS),
    ),
    GlossaryEntry(
        name=M("term.stall"), kind=M("kind.rule"),
        text=M("glossary.stall", limit=IDLE_LIMIT, repetitions=REPETITION_LIMIT),
    ),
)


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    """Every colour, card and term a player may look up (``info R7``, ``info red wager``)."""
    colors = tuple(_color_entry(c) for c in range(len(COLORS)))
    cards = tuple(_card_entry(c * len(RANKS) + r) for c in range(len(COLORS)) for r in range(len(RANKS)))
    return colors + cards + TERMS
