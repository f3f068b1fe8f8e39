"""The package's layers hold: each part of ``meeple`` imports only the parts below it.

``i18n`` (messages and catalogs) imports nothing of meeple; ``core`` only ``i18n``;
games only ``core`` (and messages); bots only ``core`` and the games; ``arena`` (the one match harness) nothing above bots; and so on up to the
``cli``, which may import everything. Every import statement counts, also the ones
inside functions (a lazy import is still a dependency), and so do ``"meeple.X"`` texts
a lower layer could hand to ``importlib``. What plugs an upper layer into a lower one
(the network guide into search) is named only in the composition root,
``meeple.PLUGINS`` (docs/architecture.md, "Layers").
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from meeple.i18n.audit import parse_source

SRC = Path(__file__).resolve().parents[1] / "src" / "meeple"

#: each part of the package -> the parts it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "i18n": set(),
    "core": {"i18n"},
    "games": {"core", "i18n"},
    "rulestext": {"core", "games", "i18n"},
    "store": {"core"},
    "bots": {"core", "games"},
    "arena": {"core", "games", "bots", "store"},
    "rl": {"core", "games", "bots", "arena"},
    # lessons: the guided first games, data played through games and bots (docs/lessons.md)
    "lessons": {"core", "games", "bots", "i18n"},
    "terminal": {"core", "games", "bots", "i18n", "rulestext", "lessons"},
    "web": {"core", "i18n"},
    "server": {"core", "games", "bots", "store", "web", "i18n", "rulestext", "arena", "rl", "lessons"},
    "bench": {"core", "games", "bots", "arena", "rl", "store", "server"},
    "cli": {"core", "games", "bots", "arena", "rl", "store", "server", "web", "terminal", "bench", "rulestext", "i18n", "lessons"},
}


def part_of(path: Path) -> str:
    rel = path.relative_to(SRC)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, part of meeple) for every import in the file, at any depth."""
    out = []
    for node in ast.walk(parse_source(path)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names] if node.module == "meeple" else [node.module]
        else:
            continue
        out += [(node.lineno, n.split(".")[1]) for n in names if n.startswith("meeple.")]
    return out


FILES = sorted(p for p in SRC.rglob("*.py") if p.name != "__init__.py" or p.parent != SRC)

#: modules that stand above their part's layer: tools run on their own (``python -m``)
#: over every game, so they may import what the part itself may not
TOOLS: dict[str, set[str]] = {
    "i18n/audit.py": {"games", "web"},  # the catalog checks, over every game's domain
    "i18n/web.py": {"games", "web"},  # writes the browser catalogs from every domain
}


def test_every_part_of_the_package_has_a_declared_layer():
    parts = {part_of(p) for p in FILES} - {"__main__"}
    assert parts <= set(ALLOWED), f"declare the layer of {sorted(parts - set(ALLOWED))} in ALLOWED"


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_no_part_imports_a_layer_above_it(part):
    wrong = [
        f"{p.relative_to(SRC)}:{line} imports meeple.{target}"
        for p in FILES if part_of(p) == part
        for line, target in imported(p)
        if target != part and target not in ALLOWED[part] | TOOLS.get(str(p.relative_to(SRC)), set())
    ]
    assert not wrong, f"{part} may import only {sorted(ALLOWED[part]) or 'nothing of meeple'}: {wrong}"


@pytest.mark.parametrize("part", ["i18n", "core", "games", "bots", "arena"])
def test_no_lower_layer_names_an_upper_one_for_importlib(part):
    above = {p for p in ALLOWED if p != part and p not in ALLOWED[part]}
    names = "|".join(sorted(above))
    pattern = re.compile(rf"""["']meeple\.({names})\b""")
    wrong = [
        f"{p.relative_to(SRC)}:{n}: {line.strip()}"
        for p in FILES if part_of(p) == part and str(p.relative_to(SRC)) not in TOOLS
        for n, line in enumerate(p.read_text().splitlines(), 1) if pattern.search(line)
    ]
    assert not wrong, wrong


def test_the_composition_root_imports_no_layer():
    assert imported(SRC / "__init__.py") == []


def test_importing_a_layer_loads_nothing_above_it():
    """At run time too: what ``import meeple.bots`` loads stays below it, and bots build
    the network guide only when a spec asks for it."""
    code = (
        "import sys, meeple.bots, meeple.games; from meeple import games, bots;"
        "bots.get('ismcts:iterations=5', games.get('lost-cities'));"
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('meeple.')}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['bots', 'core', 'games', 'i18n']"
    code = (
        "import sys; from meeple import games, bots;"
        "bots.get('ismcts:net=default,iterations=5', games.get('lost-cities'));"
        "print('meeple.rl.guide' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True", "net=default finds the rl guide through meeple.PLUGINS"
