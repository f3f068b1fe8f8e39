"""The repository stands alone: its code, tests and docs cite "the rule text, line N"
or the spec's facts, never a file outside the repository (a reader of a fresh clone
has no ``../shared`` folder, and ``rules/001`` names nothing they can open)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: a path into the folder the project was built from, however it is spelled
OUTSIDE = re.compile(r"\.\./shared|\bshared/(rules|specs)\b|\brules/\d{3}\b|/work/")
SUFFIXES = {".py", ".md", ".toml", ".js", ".html", ".json", ".css", ".txt", ".cfg"}


def _files() -> list[Path]:
    roots = [ROOT / "src", ROOT / "tests", ROOT / "docs", ROOT / "benchmarks", ROOT / "README.md"]
    out: list[Path] = []
    for root in roots:
        paths = [root] if root.is_file() else root.rglob("*")
        out += [p for p in paths if p.is_file() and p.suffix in SUFFIXES and p != Path(__file__)]
    return out


def test_the_scan_sees_the_repository():
    names = {p.name for p in _files()}
    assert {"README.md", "architecture.md", "lowlands.md", "rules.py"} <= names


def test_nothing_cites_a_path_outside_the_repository():
    found = []
    for path in _files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "cite 'the rule text, line N' instead of a path:\n" + "\n".join(found[:20])
