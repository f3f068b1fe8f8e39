"""Every string the client shows comes from the message catalogs: the keys the code
asks for exist in English, and the JSON files the browser loads are written from the
.po catalogs the server reads (completeness and placeholders: tests/i18n)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from meeple.web import STATIC

CATALOGS = STATIC / "i18n"
LANGUAGES = ("en", "fr", "es", "nl")
#: t("key"...) and tmaybe("key"...) with a literal key; `...${x}...` template keys by prefix
LITERAL = re.compile(r"""\bt(?:maybe)?\(\s*["']([\w.:-]+)["']""")
TEMPLATE = re.compile(r"""\bt(?:maybe)?\(\s*`([\w.:-]*)\$\{""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog(lang: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def scripts() -> list:
    return sorted(STATIC.rglob("*.js"))


def test_every_key_the_code_asks_for_is_in_english():
    en = catalog("en")
    asked, prefixes = set(), set()
    for path in scripts():
        text = path.read_text(encoding="utf-8")
        asked |= set(LITERAL.findall(text))
        prefixes |= set(TEMPLATE.findall(text))
    assert asked, "no t(...) call found: the pattern no longer matches the code"
    assert not sorted(asked - set(en)), f"keys missing from en.json: {sorted(asked - set(en))}"
    for prefix in prefixes:
        if prefix.startswith(("opt.", "game.")):
            continue  # option labels and game summaries fall back to the server's English
        assert any(k.startswith(prefix) for k in en), f"no key of en.json starts with {prefix!r}"
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    for key in re.findall(r'data-i18n="([\w.]+)"', html):
        assert key in en


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_json_catalogs_are_written_from_the_po_catalogs(lang):
    """The browser reads the same catalogs as the server: static/i18n/LANG.json is what
    ``python -m meeple.i18n.web`` writes from the .po files (their completeness and
    placeholders are checked in tests/i18n)."""
    from meeple.i18n import web

    assert catalog(lang) == web.export(lang), "run: python -m meeple.i18n.web (and edit the .po files, not the JSON)"
    if lang != "en":
        assert len(catalog(lang)) >= 100, f"{lang} translates too little to be offered"


def test_a_board_names_cards_with_the_games_own_words():
    """The Lost Cities board asks for the game's catalog (lost_cities:...), so a card reads
    the same in the browser as in the server's narration, adjectives agreeing."""
    nl = catalog("nl")
    assert nl["lost_cities:card.R"] == "rode {value}" and nl["lost_cities:wager.W"] == "witte investeringskaart"
    assert catalog("fr")["lost_cities:the_wager.Y"] == "l'Investissement jaune"
    assert catalog("en")["lc.deck"] == {"one": "deck, {n} card", "other": "deck, {n} cards"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogs_and_every_client_file_ship_in_the_package(lang):
    files = resources.files("meeple.web") / "static"
    assert (files / "i18n" / f"{lang}.json").is_file()
    for name in ("index.html", "app.js", "board.js", "table.js", "lobby.js", "replay.js", "style.css",
                 "games/lost-cities.js", "games/little-town.js", "games/lewis-clark.js", "games/lowlands.js"):
        assert (files / name).is_file(), name


def test_the_package_data_globs_cover_every_client_file():
    """pyproject's package-data for meeple.web must match every file under static/."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["meeple.web"]
    web = STATIC.parent
    for path in STATIC.rglob("*"):
        if path.is_file():
            rel = path.relative_to(web).as_posix()
            assert any(fnmatch.fnmatch(rel, g) and rel.count("/") == g.count("/") for g in globs), rel
