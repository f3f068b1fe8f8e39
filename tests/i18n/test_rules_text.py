"""``meeple rules GAME`` in each language: a translation for every converted game that
keeps the English summary's structure (sections, table rows), its notation and options
and its citations of the rule text's lines."""

from __future__ import annotations

import re

import pytest

from meeple import games
from meeple.i18n import LANGUAGES
from meeple.rulestext import packaged_rules, rules_text
from tests.i18n.english import CONVERTED

#: how each language cites the rule text: "(the rule text, lines 22-26)"
CITATION = {"en": "the rule text", "fr": "le texte des règles", "es": "el texto de las reglas", "nl": "de regeltekst"}


def citations(text: str, lang: str) -> list[list[str]]:
    """Each citation, in order: which rule text when a game has several ("(FR)", "(ES)":
    Lowlands), then its line numbers."""
    flat = " ".join(text.split())
    found = re.findall(re.escape(CITATION[lang]) + r"( \((?:FR|ES)\))?,([^)]*)", flat)
    return [[which.strip(), *re.findall(r"\d+", part)] for which, part in found]


def shape(text: str) -> tuple[int, int, list[str]]:
    """(sections, table rows, code spans without spaces: notation and option values)."""
    lines = text.splitlines()
    sections = sum(1 for line in lines if line.startswith("#"))
    rows = sum(1 for line in lines if line.startswith("|"))
    notation = sorted(set(re.findall(r"`([^` ]+)`", text)))
    return sections, rows, notation


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("name", CONVERTED)
def test_each_translation_keeps_the_structure_notation_and_citations(name, lang):
    game = games.get(name)
    english = packaged_rules(game)
    translated = packaged_rules(game, lang)
    assert translated is not None, f"{name} has no rules.{lang}.md"
    assert shape(translated) == shape(english)
    assert citations(english, "en") and citations(translated, lang) == citations(english, "en")
    assert rules_text(game, lang) == translated


def test_a_game_without_a_translation_falls_back_to_english(monkeypatch):
    game = games.get("lowlands")
    monkeypatch.setattr("meeple.rulestext.rules_file", lambda lang: "rules.md" if lang == "en" else f"rules.{lang}.none")
    assert rules_text(game, "fr") == rules_text(game, "en")
