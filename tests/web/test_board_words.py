"""How the board puts moves in words: Lost Cities names exactly the moves its view
allows without taking notation apart, shows the column scores the server counted, and
a game module's failure to describe a move is reported, never swallowed."""

from __future__ import annotations

import random

from meeple import games


def _page(server, context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/")
    page.wait_for_selector("body")
    return page, errors


def test_lost_cities_describes_the_moves_of_its_view_and_nothing_else(server, context):
    state = games.get("lost-cities").new(2, 5, rounds=1)
    view = state.view(state.to_move)
    page, errors = _page(server, context)
    words = page.evaluate(
        """async ([view, moves]) => {
            const lc = await import("/static/games/lost-cities.js");
            return moves.map((m) => lc.describe(m, view));
        }""",
        [view, [str(a) for a in state.legal_actions()] + ["draw deck", "play Q9", "play  R7", "dance"]],
    )
    legal = len(state.legal_actions())
    assert all(isinstance(w, str) and w for w in words[:legal + 1]), words
    assert words[legal + 1:] == [None, None, None], "text that is no move of this view has no words"
    assert not errors


def test_the_column_scores_come_from_the_view():
    # the browser module holds none of the rules' numbers: it shows expedition_scores
    from meeple.web import STATIC

    module = (STATIC / "games" / "lost-cities.js").read_text()
    assert "view.expedition_scores[seat][c]" in module
    assert "- 20" not in module and "* (1 +" not in module
    game = games.get("lost-cities")
    state, rng = game.new(2, 3, rounds=1), random.Random(1)
    while state.to_move is not None and sum(len(c) for c in state.expeditions[0] + state.expeditions[1]) < 6:
        state.apply(game.greedy_action(state, rng))
    view = state.view(None)
    from meeple.games.lost_cities.scoring import expedition_score

    for seat in range(2):
        for color, cards in view["expeditions"][seat].items():
            assert view["expedition_scores"][seat][color] == expedition_score(cards)


def test_a_describe_that_fails_shows_the_notation_and_is_reported(server, context):
    page, errors = _page(server, context)
    shown = page.evaluate(
        """async () => {
            const { Board } = await import("/static/board.js");
            const board = new Board({ act: () => {} });
            board.game = { name: "broken", module: { describe() { throw new Error("boom"); } } };
            return board.describe("play R7", {});
        }"""
    )
    assert shown == "play R7"
    page.wait_for_timeout(50)
    assert any('describe("play R7") of broken failed' in e and "boom" in e for e in errors), errors
