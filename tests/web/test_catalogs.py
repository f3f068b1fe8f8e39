"""Every string the client shows comes from the message catalogs: the keys the code
asks for exist in English, French has every key, Spanish and Dutch translate a subset,
and every translation keeps the placeholders of the English text."""

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


def test_french_is_complete_and_every_translation_keeps_the_placeholders():
    en = catalog("en")
    fr = catalog("fr")
    assert not sorted(set(en) - set(fr)), f"French lacks: {sorted(set(en) - set(fr))}"
    for lang in LANGUAGES[1:]:
        other = catalog(lang)
        assert len(other) >= 100, f"{lang} translates too little to be offered"
        for key, text in other.items():
            if key in en:
                assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en[key])), (lang, key, text)
            else:
                assert key.startswith(("opt.", "game.")), f"{lang}.json has a key English lacks: {key}"
            assert text.strip(), (lang, key)


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
