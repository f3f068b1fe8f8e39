"""Checks that keep the catalogs honest, used by the tests (tests/i18n/) and by anyone
translating: ``python -m meeple.i18n.audit`` lists every problem of every domain.

- ``catalog_problems``: every language of a domain has exactly the English keys, each
  translation keeps exactly the English placeholders (a plural form may drop ``{n}``,
  "un point"), plural messages stay plural, nothing is left empty.
- ``code_ids``: the message ids a package's code names literally (``M("status.draw")``),
  so a test can tell an id the code asks for that no catalog has.
- ``EnglishDetector``: finds English words in a text that should be in another
  language: the words of the English catalogs (and of a short list of common English
  words, for text built outside the catalogs) that the target language's own catalogs
  never use, and that are not notation, names or commands the caller allows.
"""

from __future__ import annotations

import ast
import gc
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog

from meeple.i18n import catalogs
from meeple.i18n.languages import DEFAULT, LANGUAGES

PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)\}(?!\})")
#: hexadecimal strings (a seed's commitment, a salt): not words
HEX = re.compile(r"\b[0-9a-f]{8,}\b")
#: words: letters, with underscores inside (``stall_rules`` is one word, notation)
WORD = re.compile(r"[^\W\d_]+(?:_[^\W\d_]+)*")


#: keys a domain may lack in some languages (or hold only in some, as French holds the
#: option texts of games whose own catalogs do not exist yet), by key prefix, until the
#: game they belong to is converted: its engineer translates them and deletes the line
PENDING: dict[str, tuple[str, ...]] = {
    "web": (
    ),
}


def pending(domain: str, key: str) -> bool:
    return key.startswith(PENDING.get(domain, ("\0",)))


def _strings(message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def _messages(catalog: Catalog) -> dict[str, object]:
    return {(m.id[0] if m.pluralizable else m.id): m for m in catalog if m.id}


def catalog_problems(domain: str) -> list[str]:
    """Every problem of ``domain``'s catalogs, one sentence each (empty: all is well)."""
    english = catalogs.catalog(domain, DEFAULT)
    if english is None:
        return [f"{domain}: no English catalog ({catalogs.domain(domain).path(DEFAULT)})"]
    source = _messages(english)
    problems = []
    for lang in LANGUAGES:
        found = catalogs.catalog(domain, lang)
        if found is None:
            problems.append(f"{domain}/{lang}: no catalog file")
            continue
        if found.num_plurals != 2:
            problems.append(f"{domain}/{lang}: Plural-Forms declares {found.num_plurals} forms; meeple's languages use 2")
        mine = _messages(found)
        for key in sorted(set(source) - set(mine)):
            if not pending(domain, key):
                problems.append(f"{domain}/{lang}: missing {key!r}")
        for key in sorted(set(mine) - set(source)):
            if not pending(domain, key):
                problems.append(f"{domain}/{lang}: {key!r} is not in the English catalog")
        for key in sorted(set(source) & set(mine)):
            problems += _entry_problems(f"{domain}/{lang}: {key!r}", source[key], mine[key])
    return problems


def _entry_problems(where: str, english, other) -> list[str]:
    if english.pluralizable != other.pluralizable:
        return [f"{where} is {'plural' if english.pluralizable else 'singular'} in English, not here"]
    expected = set().union(*(PLACEHOLDER.findall(s) for s in _strings(english)))
    problems = []
    for form, text in enumerate(_strings(other)):
        if not text.strip():
            problems.append(f"{where} form {form} is empty")
            continue
        got = set(PLACEHOLDER.findall(text))
        allowed_missing = {"n"} if english.pluralizable and form == 0 else set()
        if got - expected:
            problems.append(f"{where} has placeholders English lacks: {sorted(got - expected)}")
        if expected - got - allowed_missing:
            problems.append(f"{where} lacks placeholders: {sorted(expected - got - allowed_missing)}")
        if text.count("{") != text.count("}"):
            problems.append(f"{where} has unbalanced braces: {text!r}")
    return problems


def parse_source(path: Path) -> ast.Module:
    """The file's syntax tree, parsed with the garbage collector paused.

    CPython 3.11's AST builder keeps its recursion count in shared state: a finaliser
    the collector runs mid-parse that formats a traceback (an asyncio future logging an
    error nobody read) parses again and breaks the count, and the outer parse raises
    ``SystemError: AST constructor recursion depth mismatch``."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(path.read_text(encoding="utf-8"), str(path))
    finally:
        if enabled:
            gc.enable()


def code_ids(package_dir: Path, domain_names: Iterable[str] = ("M",)) -> set[str]:
    """The message ids named literally in ``package_dir``'s Python files: the first
    argument of calls to the domain objects (``M("status.draw")``)."""
    names = set(domain_names)
    found = set()
    for path in sorted(package_dir.rglob("*.py")):
        tree = parse_source(path)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in names
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


# ---- English where another language is expected -------------------------------------

#: common English words that text built outside the catalogs would carry
COMMON_ENGLISH = frozenset(["the", "you", "your", "yours", "and", "of", "to", "is", "are", "was", "were", "has", "have", "had", "this", "that", "these", "those", "with", "from", "by", "for", "not", "no", "it", "its", "at", "or", "if", "when", "then", "there", "their", "they", "them", "one", "two", "three", "four", "five", "six", "card", "cards", "round", "rounds", "seat", "seats", "player", "players", "turn", "turns", "move", "moves", "draw", "draws", "drew", "play", "plays", "played", "points", "point", "game", "games", "over", "wins", "win", "won", "left", "ends", "end", "starts", "start", "pile", "piles", "deck", "score", "scores", "hand", "hands", "nothing", "something", "none", "which", "what", "who", "where", "why", "how", "may", "must", "can", "cannot", "only", "also", "just", "now", "here", "than", "more", "most", "less", "each", "every", "all", "any", "other", "another", "after", "before", "since", "until", "while", "into", "onto", "out", "up", "down", "off", "yet", "still", "already", "again", "once", "twice", "first", "last", "next"])


def vocabulary(domains: Iterable[str], lang: str) -> set[str]:
    """Every word (lower case) of the catalogs of ``domains`` in ``lang``."""
    words: set[str] = set()
    for name in domains:
        found = catalogs.catalog(name, lang)
        if found is None:
            continue
        for message in found:
            if message.id:
                for text in _strings(message):
                    words.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    return words


@dataclass
class EnglishDetector:
    """Finds English in text meant to be in ``lang``, for the catalogs of ``domains``.

    ``allow``: words that are legitimately there in every language (move notation,
    command words, option keys, names of bots and players).
    """

    lang: str
    domains: tuple[str, ...]
    allow: frozenset[str] = frozenset()
    english_only: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        english = vocabulary(self.domains, DEFAULT) | COMMON_ENGLISH
        native = vocabulary(self.domains, self.lang)
        self.english_only = frozenset(english - native - {w.lower() for w in self.allow})

    def find(self, text: str) -> list[str]:
        """Each line of ``text`` holding an English word, as ``word: line``."""
        found = []
        for line in text.splitlines():
            plain = HEX.sub(" ", line)  # seeds, salts, commitments
            words = [w for w in WORD.findall(plain) if len(w) > 1 and w.lower() in self.english_only]
            if words:
                found.append(f"{', '.join(dict.fromkeys(words))}: {line.strip()}")
        return found


def main() -> int:
    """Print every problem of every domain of the installed games; exit 1 if any."""
    from meeple import games

    for name in games.names():
        games.get(name)
    import meeple.web  # noqa: F401  the browser frame's domain, where it has one

    problems = [p for name in sorted(catalogs.DOMAINS) for p in catalog_problems(name)]
    for problem in problems:
        print(problem)
    print(f"{len(catalogs.DOMAINS)} domains, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
