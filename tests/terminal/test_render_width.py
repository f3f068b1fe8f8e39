"""Every game's board fits 100 columns, for every seat and spectators (the limit the
games are built to), so a terminal never has to wrap it; the terminal itself never
wraps what it prints when piped (tests/cli: replay)."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.terminal.screen import board_width
from tests.games.sampling import sampled_states

#: the widest board a game may draw, in columns
LIMIT = 100

#: games whose boards are still wider on this branch (their own branches narrow them);
#: strict, so the mark must go when a board fits
NOT_YET: dict[str, str] = {}


def _cases():
    for name in games.names():
        reason = NOT_YET.get(name)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(_cases()))
def test_boards_fit_the_width_limit(name):
    game = games.get(name)
    too_wide = []
    for state in sampled_states(name):
        for seat in (state.to_move, None):
            width = board_width(game.render(state, seat))
            if width > LIMIT:
                too_wide.append((state.players, state.ply, seat, width))
    assert not too_wide, f"{len(too_wide)} boards wider than {LIMIT}: {too_wide[:3]}"


def test_board_width_counts_what_is_shown_not_the_markup():
    assert board_width("[bold red]ab[/]  c\n[dim]abcdef[/]") == 6
    assert board_width("♣♣♣♣ ≈") == 6
