"""Each game played to its end screen by clicking in a real browser, against bots.

Every decision must be reachable on the board (or, for decisions no element concerns,
the action bar beside it): ``clicking.play_game`` fails on a legal move only the
fallback list offers. Screenshots of each board (desktop and a 390 px phone) are saved
under ``test-artifacts/web/``.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.web.clicking import phone_shot, play_game, screenshot

#: (game, seats, options): short enough to play out in a minute or two
GAMES = [
    ("lost-cities", ["human", "bot:greedy"], {"rounds": 1}),
    ("little-town", ["human", "bot:greedy"], {}),
    ("lewis-clark", ["human", "bot:random"], {"turn_limit": 10}),
    ("lowlands", ["human", "bot:greedy"], {}),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_clicking(server, context, artifacts, game, seats, options):
    table, tokens = server.table(game, seats, **options)
    url = f"{server.url}/tables/{table}#seat=0&token={tokens['0']}"
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(f'[data-game="{game}"]')
    shots = {}

    def on_step(step: int) -> None:
        if step == 6:
            screenshot(page, artifacts / f"{game}-desktop.png")
            shots["phone"] = phone_shot(context, url, artifacts / f"{game}-phone.png")

    where = play_game(page, 0, random.Random(game), on_step=on_step)
    page.wait_for_selector(".end-screen:not([hidden]) table.breakdown")
    screenshot(page, artifacts / f"{game}-end.png")

    assert not errors, errors
    assert where["board"] > where["bar"], f"most moves should be on the board: {dict(where)}"
    # the end screen: winners, a breakdown row per part of the score, the totals
    end = page.locator(".end-screen")
    assert end.locator(".winners").inner_text().strip()
    totals = [c.inner_text() for c in end.locator("tr.total td").all()]
    state = server.api(f"/api/tables/{table}")
    assert state["over"] and totals == [str(s).removesuffix(".0") if isinstance(s, float) else str(s) for s in state["scores"]]
    assert end.locator("tbody tr").count() >= 1
    # what happened, in words: one entry per move, the game's narration under them
    assert page.locator(".log > li").count() == len(state["log"])
    # fits a phone: nothing wider than the screen, the board included
    widths = shots["phone"]
    assert widths["doc"] <= 390, widths
    assert widths["board"] <= widths["boardClient"] + 1, widths


def test_replay_steps_through_a_finished_table_from_any_seat(server, context, tmp_path):
    table, tokens = server.table("lost-cities", ["bot:random", "bot:random"], rounds=1)
    # watch the bots play as a spectator: the server pushes each move, the end screen
    # opens when the round is over (a clear timeout, no polling)
    watch = context.new_page()
    watch.goto(f"{server.url}/tables/{table}")
    watch.wait_for_selector(".end-screen:not([hidden])", timeout=60_000)
    watch.close()
    state = server.api(f"/api/tables/{table}")
    assert state["over"]
    page = context.new_page()
    page.goto(f"{server.url}/replays?table={table}")
    page.wait_for_selector('[data-game="lost-cities"]')
    assert page.locator("#ply").get_attribute("max") == str(len(state["log"]))
    assert page.locator(".replay-move").inner_text().strip()  # the deal
    page.click("#next")
    page.wait_for_function("() => document.querySelector('.counter').textContent.includes('1')")
    assert state["log"][0] in page.locator(".replay-move").inner_text()
    # spectators see no hand; seat 1's perspective shows seat 1's hand as dealt
    assert page.locator(".lc-hand.mine [data-card]").count() == 0
    page.select_option("#perspective", "1")
    page.wait_for_selector(".lc-hand.mine [data-card]")
    assert page.locator(".lc-hand.mine [data-card]").count() in (7, 8)
    page.click("#last")
    page.wait_for_selector(".end-screen:not([hidden]) table.breakdown")
    # keyboard: arrows step back
    page.locator("body").press("ArrowLeft")
    page.wait_for_selector(".end-screen", state="hidden")

    # the same game from its record file, opened in the replay page
    record = tmp_path / "game.json"
    record.write_text(json.dumps(server.api(f"/api/tables/{table}/record")))
    page.goto(f"{server.url}/replays")
    page.set_input_files("#record", str(record))
    page.wait_for_selector('[data-game="lost-cities"]')
    assert page.locator("#ply").get_attribute("max") == str(len(state["log"]))
    page.select_option("#perspective", "0")
    page.wait_for_selector(".lc-hand.mine [data-card]")
