"""One place per game: every registered game has every part a game needs.

A new game touches more than its package: the RL encoder, the browser's board module
and style sheet, the message catalog, the player docs and rulings, its tests. The
checklist lives in docs/architecture.md ("Adding a game"); this test holds each
registered game to it and fails naming the part that is missing. ``X`` is the game's
name (``lost-cities``), ``P`` its package (``lost_cities``).
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from meeple import games

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "meeple"
STATIC = SRC / "web" / "static"

#: the files of a game package (docs/architecture.md, "the same files for the same
#: responsibilities") and its rules summary for ``meeple rules``
PACKAGE_FILES = (
    "components.py", "actions.py", "rules.py", "information.py", "explain.py", "strategy.py",
    "render.py", "report.py", "game.py", "rules.md",
)
#: every other file a game needs, as a path pattern
FILES = (
    "src/meeple/rl/encoders/P.py",
    "src/meeple/web/static/games/X.js",
    "src/meeple/web/static/games/X.css",
    "docs/games/X.md",
    "docs/rulings/X.md",
)


def package(name: str) -> str:
    return type(games.get(name)).__module__.split(".")[2]


def path_of(pattern: str, name: str) -> Path:
    return ROOT / pattern.replace("X", name).replace("P", package(name))


@pytest.mark.parametrize("name", games.names())
def test_the_game_package_has_the_shared_layout(name):
    home = SRC / "games" / package(name)
    missing = [f for f in PACKAGE_FILES if not (home / f).is_file()]
    assert not missing, f"{name}: games/{package(name)}/ lacks {missing}"


@pytest.mark.parametrize("name", games.names())
def test_every_part_outside_the_package_exists(name):
    missing = [p for p in FILES if not path_of(p, name).is_file()]
    assert not missing, f"{name} lacks {[str(path_of(p, name).relative_to(ROOT)) for p in missing]}"


@pytest.mark.parametrize("name", games.names())
def test_the_parts_are_registered(name):
    from meeple.rl import encoders

    assert name in encoders.names(), f"{name}: no encoder in meeple.rl.encoders._ENCODERS"
    assert encoders.get(name, games.get(name).players.start).size > 0
    index = (STATIC / "games" / "index.js").read_text()
    assert f'"{name}": () => import("./{name}.js")' in index, f"{name}: not in web/static/games/index.js"
    tests = ROOT / "tests" / "games" / package(name)
    assert list(tests.glob("test_*.py")), f"{name}: no tests/games/{package(name)}/test_*.py"


@pytest.mark.parametrize("name", games.names())
def test_the_board_speaks_through_the_catalog(name):
    """The board module's words are message keys, and English has each of them."""
    en = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    board = (STATIC / "games" / f"{name}.js").read_text(encoding="utf-8")
    keys = set(re.findall(r"""\bt(?:maybe)?\(\s*["']([\w.:-]+)["']""", board))
    assert keys, f"{name}.js shows no catalog text (t('...')): its words would be English only"
    assert keys <= set(en), f"{name}.js asks for keys en.json lacks: {sorted(keys - set(en))}"


@pytest.mark.parametrize("name", games.names())
def test_the_game_declares_what_the_platform_relies_on(name):
    game = games.get(name)
    for players in game.players:
        assert game.decision_bound(players) > 0  # the server and the arena stop runaway games at it
    assert game.rules_version and game.summary and game.title
    importlib.import_module(f"meeple.games.{package(name)}")
    assert (SRC / "games" / package(name) / "rules.md").read_text().strip()


def test_the_architecture_checklist_names_every_part():
    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text[text.index("## Adding a game"):]
    for part in (*FILES, *(f"games/P/{f}" for f in PACKAGE_FILES)):
        shown = part.removeprefix("src/meeple/")
        assert f"`{shown}`" in section, f"docs/architecture.md, 'Adding a game', does not name `{shown}`"


@pytest.mark.parametrize("name", games.names())
def test_the_game_speaks_every_language(name):
    """Every game is localised: its catalog in each language meeple speaks, and the
    catalog and no-English tests (tests/i18n) run on it."""
    from meeple.i18n.languages import LANGUAGES
    from tests.i18n.english import CONVERTED

    home = SRC / "games" / package(name) / "locale"
    missing = [lang for lang in LANGUAGES if not (home / lang / "LC_MESSAGES" / f"{package(name)}.po").is_file()]
    assert not missing, f"{name}: no catalog for {missing} under games/{package(name)}/locale/"
    assert name in CONVERTED, f"{name}: add it to CONVERTED in tests/i18n/english.py"
