"""The README says what the code and the benchmarks say: its speed table is the latest
figures of benchmarks/README.md, its Layout lists every part of the package in an order
the layers respect, and the commands it names exist."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_layers import ALLOWED

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BENCH = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")


def section(text: str, title: str) -> str:
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 3)
    return text[start: end if end >= 0 else len(text)]


def table(text: str) -> dict[str, list[str]]:
    """The rows of the first Markdown table in ``text``: first cell -> the other cells."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows.setdefault(cells[0], cells[1:])
    return rows


def latest_figures() -> tuple[str, dict[str, list[str]]]:
    """The title and table of the last "Figures" section of benchmarks/README.md."""
    titles = re.findall(r"^## (Figures.*)$", BENCH, flags=re.M)
    return titles[-1], table(section(BENCH, titles[-1]))


def test_the_readme_speed_table_is_the_latest_benchmark():
    title, figures = latest_figures()
    speed = section(README, "Measured speed")
    assert title in " ".join(speed.split()), f"the README's speed section does not cite {title!r}"
    shown = table(speed)
    assert shown[""] == figures["measure"], "the games' columns differ"
    for row in ("random decisions/s", "ISMCTS iterations/s (fresh deal)"):
        assert shown[row] == figures[row], f"README {row}: {shown[row]}; benchmarks/README.md: {figures[row]}"


def test_the_readme_layout_lists_every_part_in_layer_order():
    layout = section(README, "Layout")
    listed = re.findall(r"^src/meeple/(\w+)/", layout, flags=re.M)
    parts = {p.name for p in (ROOT / "src" / "meeple").iterdir() if p.is_dir() and any(p.glob("*.py"))}
    assert set(listed) == parts, f"missing: {sorted(parts - set(listed))}; not in the tree: {sorted(set(listed) - parts)}"
    for i, part in enumerate(listed):
        below = ALLOWED.get(part, set()) & parts
        assert below <= set(listed[:i]), f"{part} imports {sorted(below - set(listed[:i]))}, listed after it"
    for folder in re.findall(r"^(\w+)/ ", layout, flags=re.M):
        assert (ROOT / folder).is_dir(), folder


def test_every_command_the_readme_names_exists():
    from typer.main import get_command

    from meeple.cli import app

    commands = set(get_command(app).commands)
    named = set(re.findall(r"`meeple (\w+)", README))
    assert named <= commands, f"the README names commands that do not exist: {sorted(named - commands)}"
    assert commands <= named, f"commands the README does not list: {sorted(commands - named)}"
