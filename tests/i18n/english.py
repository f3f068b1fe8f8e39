"""The no-English detector as the tests use it: per game and language, with the words
that are the same in every language allowed (move notation, commands, option keys and
values, the game's title, bot names)."""

from __future__ import annotations

from collections.abc import Iterable

from meeple.core.game import Game
from meeple.i18n import DOMAINS
from meeple.i18n.audit import WORD, EnglishDetector
from meeple.terminal.session import COMMANDS

#: games whose every text is a message: the no-English tests run on these. A game's
#: engineer adds it here once it is converted (docs/architecture.md, "How to localise a game").
CONVERTED = ("lost-cities", "lewis-clark", "little-town", "lowlands")

#: shell commands and names the terminal prints verbatim (``meeple verify ...``,
#: ``printf %s 'meeple-seed/...' | sha256sum``)
VERBATIM = ("meeple", "verify", "printf", "seed", "sha", "sum", "resume")


def notation_words(game: Game) -> set[str]:
    """Words a player types or reads as notation in every language."""
    words: set[str] = set()
    texts: list[str] = [a.text for a in game.actions] + [game.title, game.actions.example]
    for key, option in game.options.items():
        texts += [key, *(str(c) for c in option.choices if c is not None), option.none]
    texts += [w for command in COMMANDS for w in command.words]
    texts += [what for what, _ in game.detail_topics(game.new(), 0)]
    for text in texts:
        words.update(w.lower() for w in WORD.findall(text))
    return words


def game_domain(game: Game) -> str:
    """The message domain owned by the game's package (``lost_cities``)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    return next(d.name for d in DOMAINS.values() if d.package == package)


def detector(game: Game, lang: str, names: Iterable[str] = ()) -> EnglishDetector:
    domain = game_domain(game)
    allow = notation_words(game) | set(VERBATIM) | {w.lower() for n in names for w in WORD.findall(n)}
    return EnglishDetector(lang, ("meeple", domain), frozenset(allow))
