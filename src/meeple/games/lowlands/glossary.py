"""The Lowlands glossary behind ``info NAME``: every tile, action, question (phase),
progress token and term a player meets on the board or in the status line, including
its abbreviations (``ap``, ``DP``, ``prov``) and phase names (``place``, ``help``,
``pay``).

Names, kinds and texts are messages; abbreviations are notation only (the tile keys a
player types after ``build``, the actions). ``lookup`` also finds a tile by its board
label in the reader's language (``info POI``), a term by its short form in the reader's
language or in English (``info pa``, ``info ap``), and a question by its phase name
(``info help``): ``ALIASES``, never shown, so no English word reaches a French screen.
"""

from __future__ import annotations

from functools import cache

from meeple.core.game import GlossaryEntry
from meeple.games.lowlands.components import (
    ACTION_SPACES,
    BOOST_AP,
    DIKE_TRACK_SPACES,
    FENCES_ON_INCOME,
    HAND_LIMIT,
    PROGRESS_TOKENS,
    REWARDS,
    SEGMENTS,
    TILES,
    TOKEN_SPACES,
    TRACK_LENGTH,
    VALUE_DP,
    VALUE_SHEEP,
    VALUE_START,
    Tile,
)
from meeple.games.lowlands.words import (
    M,
    action,
    cost,
    label,
    phase,
    reward,
    tile,
    token,
)
from meeple.i18n import Text, current, items

#: the questions (phases) that are not one of the five actions, by their view name
QUESTIONS = ("place", "at", "pay", "ask", "help", "fence at", "token", "worker", "income", "discard",
             "upkeep")


def _points(t: Tile) -> Text:
    return M("glossary.bang") if t.bang else M("glossary.vp", n=t.vp)


def _tile_entry(t: Tile) -> GlossaryEntry:
    design = M(f"glossary.{t.provenance}")
    where = M("glossary.terrain", terrain=M(f"terrain.{t.terrain}")) if t.terrain else ""
    return GlossaryEntry(
        name=tile(t.key),
        kind=M(f"kind.{t.kind}"),
        text=M("glossary.tile", n=t.ap, cost=cost(t.cost), points=_points(t), effect=M(f"effect.{t.key}"),
               where=where, label=label(t.key), key=t.key, design=design),
        abbreviations=(t.key,),
        design=t.provenance != "confirmed",
    )


def _action_entry(a: str) -> GlossaryEntry:
    return GlossaryEntry(name=M("glossary.action_name", action=action(a)), kind=M("kind.action_space"),
                         text=M(f"glossary.action.{a}"), abbreviations=(a,))


def _question_entry(name: str) -> GlossaryEntry:
    ident = name.replace(" ", "_")
    return GlossaryEntry(name=phase(name), kind=M("kind.question"),
                         text=M(f"glossary.phase.{ident}", limit=HAND_LIMIT, fences=FENCES_ON_INCOME))


def _token_entry(i: int) -> GlossaryEntry:
    t = PROGRESS_TOKENS[i]
    a, b = t.options
    return GlossaryEntry(name=token(t.name), kind=M("kind.token"),
                         text=M("glossary.token", a=reward(a), b=reward(b), spaces=items(TOKEN_SPACES, "comma")),
                         design=t.provenance != "confirmed")


#: the terms, each with the English words a player may type for it (``ALIASES``)
TERM_ALIASES: tuple[tuple[str, ...], ...] = (
    ("value",), ("breach",), ("boost",), ("reward", "rewards"), ("ap",), ("dp", "dike points"),
    ("vp", "pts"), ("prov", "design"), ("segment", "next segment"), ("site",), ("flood", "sea"),
    ("stage", "phase"), ("high",), ("storm",), ("pasture",), ("farmer",),
)


def _terms() -> tuple[GlossaryEntry, ...]:
    rule = M("kind.rule")
    values = items((f"{d}|{s}" for d, s in zip(VALUE_DP, VALUE_SHEEP, strict=True)), "comma")
    lengths = {s.color: s.length for s in SEGMENTS}
    counts = {s.color: sum(1 for x in SEGMENTS if x.color == s.color) for s in SEGMENTS}
    return (
        GlossaryEntry(M("term.value_track"), rule, M(
            "glossary.value_track", values=values, start=f"{VALUE_DP[VALUE_START]}|{VALUE_SHEEP[VALUE_START]}"),
            design=True),
        GlossaryEntry(M("term.breach"), rule, M("glossary.breach")),
        GlossaryEntry(M("term.boost"), rule, M("glossary.boost", n=BOOST_AP), ("boost",), design=True),
        GlossaryEntry(M("term.rewards"), rule, M("glossary.rewards", list=items(reward(k) for k in REWARDS)),
                      design=True),
        GlossaryEntry(M("term.ap"), rule, M("glossary.ap")),
        GlossaryEntry(M("term.dp"), rule, M("glossary.dp", spaces=DIKE_TRACK_SPACES)),
        GlossaryEntry(M("term.vp"), rule, M("glossary.vp_term")),
        GlossaryEntry(M("term.provenance"), rule, M("glossary.provenance")),
        GlossaryEntry(M("term.segment"), rule, M(
            "glossary.segment", brown=lengths["brown"], green=lengths["green"], grey=lengths["grey"],
            nbrown=counts["brown"], ngreen=counts["green"], ngrey=counts["grey"])),
        GlossaryEntry(M("term.site"), rule, M("glossary.site", n=max(TRACK_LENGTH.values()))),
        GlossaryEntry(M("term.flood"), rule, M("glossary.flood")),
        GlossaryEntry(M("term.stages"), rule, M("glossary.stages")),
        GlossaryEntry(M("term.high_tide"), rule, M("glossary.high_tide")),
        GlossaryEntry(M("term.storm_tide"), rule, M("glossary.storm_tide")),
        GlossaryEntry(M("term.pasture"), rule, M("glossary.pasture")),
        GlossaryEntry(M("term.farmer"), rule, M("glossary.farmer")),
    )


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    """Every tile, action, question, progress token and term a player may look up."""
    return (
        tuple(_tile_entry(t) for t in TILES)
        + tuple(_action_entry(a) for a in ACTION_SPACES)
        + tuple(_question_entry(q) for q in QUESTIONS)
        + tuple(_token_entry(i) for i in range(len(PROGRESS_TOKENS)))
        + _terms()
    )


#: the short forms the board and the rules write, by language (``short.*`` messages)
SHORT = {"term.ap": "short.ap", "term.dp": "short.dp", "term.vp": "short.vp"}


@cache
def aliases() -> dict[str, GlossaryEntry]:
    """What a player may type besides names and abbreviations: the phase names of the
    status and the view (``help``, ``pay``, ``fence at``) and the English words of the
    terms (``ap``, ``DP``, ``prov``, ``next segment``)."""
    entries = glossary()
    questions = {str(e.name): e for e in entries if e.kind == M("kind.question")}
    out = {q: questions[str(phase(q))] for q in QUESTIONS}
    terms = [e for e in entries if e.kind == M("kind.rule")]
    for entry, words in zip(terms, TERM_ALIASES, strict=True):
        for word in words:
            out[word] = entry
    return out


def lookup(text: str) -> GlossaryEntry | None:
    """A tile by its board label, a term by its short form (the reader's language or
    English), a question by its phase name."""
    key = " ".join(text.split()).lower()
    say = current()
    for t, entry in zip(TILES, glossary(), strict=False):
        if say(label(t.key)).lower() == key:
            return entry
    for entry in glossary():
        short = SHORT.get(getattr(entry.name, "id", ""))
        if short and key in (say(M(short)).lower(), str(M(short)).lower()):
            return entry
    return aliases().get(key)
