"""The terminal tables of the arena: nothing a reader needs is cut off on a narrow terminal."""

import io

from rich.console import Console
from rich.table import Table

from meeple.arena.tables import add_columns


def column(text: str, k: int) -> str:
    """Column ``k`` of a Rich table's body, its wrapped lines joined back together."""
    rows = [line.split("│") for line in text.splitlines() if line.startswith("│")]
    return "".join(r[k + 1].strip() for r in rows)


def test_long_bot_specs_and_figures_wrap_whole_on_a_narrow_terminal():
    table = Table()
    add_columns(table, ("bot", "vs", "games", "95% CI"))
    table.add_row("greedy:style=scavenger", "ismcts:iterations=300;bias=2", "100", "42.5-58.1")
    console = Console(width=36, file=io.StringIO(), record=True)
    console.print(table)
    text = console.export_text()
    assert "…" not in text
    assert column(text, 0) == "greedy:style=scavenger"
    assert column(text, 1) == "ismcts:iterations=300;bias=2"
    assert column(text, 3) == "42.5-58.1"
