"""A game played in French, Spanish and Dutch shows no English: every text a player
reads (the terminal screen with every command, status lines, narration, score
breakdowns, refusals, the glossary, the options, the rules summary) is searched for
words of the English catalogs that the language's own catalogs never use.

Runs on the games listed in ``english.CONVERTED``; a game's engineer adds it there when
the game is converted.
"""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from meeple import bots, games
from meeple.i18n import Audience, use
from meeple.rulestext import option_lines, rules_text
from meeple.terminal import TerminalGame
from meeple.terminal.hint import HintBudget
from tests.i18n.english import CONVERTED, detector

LANGUAGES = ("fr", "es", "nl")
#: counted nouns after "1", in each language: "1 points" is a bug in any of them
NOT_SINGULAR = re.compile(
    r"(?<![\d.,-])1 (points|cards|players|moves|turns|times|cartes|coups|joueurs|tours|puntos|cartas|jugadas|"
    r"jugadores|turnos|veces|punten|kaarten|zetten|spelers|beurten)\b"
)


class Script:
    """A player at the prompt: every command once, a refused move, a long line, then the
    first legal move until the end."""

    def __init__(self, state_of, first_moves):
        self.state_of = state_of
        self.lines = list(first_moves)

    def __call__(self, prompt: str) -> str:
        if self.lines:
            return self.lines.pop(0)
        state = self.state_of()
        return str(state.game.greedy_action(state, random.Random(state.ply)))


def transcript(game, lang: str, seed: int) -> str:
    """A whole game at the terminal, in ``lang``, with every command tried once."""
    state = game.new(2, seed, **({"rounds": 2} if "rounds" in game.options else {}))
    console = Console(record=True, width=110)
    topics = [f"show {what}" for what, _ in game.detail_topics(state, 0)]  # the game's own closer looks
    looked_up = next(a for e in game.glossary() for a in e.abbreviations)
    commands = ["?", "help", "show", *topics, "show xyz", "info", "info all",
                f"info {looked_up}", "info zzz", "hint", "board", "play Z9", "x" * 5000, "undo"]
    holder = {}
    script = Script(lambda: holder["terminal"].state, commands)
    opponent = bots.get("greedy", game, seed=1)
    with use(Audience(lang)):
        terminal = TerminalGame(game, state, 0, {1: opponent}, console, None, script,
                                hint=HintBudget(iterations=40, seed=1))
        holder["terminal"] = terminal
        final = terminal.run()
    assert final.is_over
    return console.export_text()


def texts_outside_a_match(game, lang: str) -> str:
    """Everything else a player reads: glossary, options, rules, refusals, statuses."""
    say = Audience(lang, ("Ada", "greedy"), strict=True)
    parts = []
    with use(say):
        for entry in game.glossary():
            parts += [say(entry.name), say(entry.kind), say(entry.text)]
        parts += option_lines(game)
        parts.append(say(game.summary))
        parts.append(rules_text(game, lang))
        rng = random.Random(7)
        state = game.new(2, 7)
        while not state.is_over:
            view = state.view(0)
            parts.append(say(game.status(view)))
            legal = set(state.legal_actions())
            refused = [a for a in game.actions if a not in legal]
            for action in rng.sample(refused, 3):
                parts.append(say(state.why_illegal(action)))
            for action in legal:
                described = game.describe(action, view)
                if described is not None:
                    parts.append(say(described))
            action = rng.choice(sorted(legal))
            state.apply(action)
            parts += [say(line) for line in game.narrate(view, str(action), state.view(0))]
        parts.append(say(game.status(state.view(0))))
        parts += [say(label) for seat in game.score_breakdown(state) for label in seat]
    return "\n".join(parts)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CONVERTED)
def test_a_whole_game_at_the_terminal_shows_no_english(name, lang):
    game = games.get(name)
    text = transcript(game, lang, seed=11)
    found = detector(game, lang, names=["greedy"]).find(text)
    assert not found, "English in the " + lang + " terminal:\n" + "\n".join(found[:20])
    assert not NOT_SINGULAR.findall(text), NOT_SINGULAR.findall(text)
    assert "x" * 100 not in text  # the 5,000-character line is not echoed back


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CONVERTED)
def test_glossary_options_rules_refusals_status_narration_and_scores_show_no_english(name, lang):
    game = games.get(name)
    text = texts_outside_a_match(game, lang)
    found = detector(game, lang, names=["Ada", "greedy"]).find(text)
    assert not found, "English in " + lang + ":\n" + "\n".join(found[:20])
    assert not NOT_SINGULAR.findall(text), NOT_SINGULAR.findall(text)


@pytest.mark.parametrize("name", CONVERTED)
def test_the_detector_finds_english_where_it_is(name):
    """The check can fail: the English game read as if it were French is full of English."""
    game = games.get(name)
    english = transcript(game, "en", seed=11)
    found = detector(game, "fr", names=["greedy"]).find(english)
    assert len(found) > 20
    found = detector(game, "fr").find("le joueur pioche the last card")  # "card" is notation in some games
    assert len(found) == 1 and {"the", "last"} <= set(found[0].split(":")[0].split(", "))
