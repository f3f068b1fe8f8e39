"""The hint toggle on a table page: the search bot's top three moves for the player's
seat (GET /api/tables/{id}/hint), shown on the player's turn only, and remembered."""

from __future__ import annotations

from tests.web.clicking import offered, play, screenshot, wait_ready


def my_turn(server, browser):
    """A one-round Lost Cities table against a random bot, open at seat 0's first turn."""
    table, tokens = server.table("lost-cities", ["human", "bot:random"], rounds=1)
    ctx = browser.new_context(locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{server.url}/tables/{table}#seat=0&token={tokens['0']}")
    wait_ready(page, 0)
    return table, ctx, page


def test_hints_show_the_top_three_legal_moves_on_my_turn_when_enabled(server, browser, artifacts):
    _, ctx, page = my_turn(server, browser)
    assert page.locator(".hint-box").is_visible()
    assert page.locator("[data-hint]").count() == 0  # off until the player asks
    page.check("#hint-toggle")
    page.wait_for_selector("[data-hint]")
    hints = page.locator("[data-hint]")
    assert hints.count() == 3
    _, legal = offered(page)
    moves = [hints.nth(i).get_attribute("data-hint") for i in range(3)]
    assert set(moves) <= set(legal)
    text = page.locator(".hint-list").inner_text()
    assert "simulations" in text and "estimated win chance" in text
    screenshot(page, artifacts / "lost-cities-hint.png")
    # play the first advice: the next decision of this seat gets a fresh hint
    play(page, moves[0])
    if not wait_ready(page, 0):
        page.wait_for_function(
            "(v) => { const h = document.querySelector('[data-hint]'); return h && "
            "Number(document.querySelector('.table-page').dataset.version) > v; }",
            arg=0)
        _, legal = offered(page)
        fresh = page.locator("[data-hint]")
        assert {fresh.nth(i).get_attribute("data-hint") for i in range(fresh.count())} <= set(legal)
    # the choice is remembered, and switching off removes the advice
    page.reload()
    wait_ready(page, 0)
    assert page.is_checked("#hint-toggle")
    page.uncheck("#hint-toggle")
    assert page.locator("[data-hint]").count() == 0
    ctx.close()


def test_spectators_get_no_hint_box(server, browser):
    table, _ = server.table("lost-cities", ["human", "bot:random"], rounds=1)
    ctx = browser.new_context(locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{server.url}/tables/{table}")
    page.wait_for_selector(".table-page[data-version]")
    assert not page.locator(".hint-box").is_visible()
    ctx.close()


def test_a_kept_plan_move_is_marked_in_the_advice(server, browser, artifacts):
    # where the search defers to the game's plan, the move it plays leads with fewer
    # visits; the page says why instead of leaving a lower figure on top unexplained
    table, ctx, page = my_turn(server, browser)
    _, legal = offered(page)
    version = int(page.locator(".table-page").get_attribute("data-version"))
    answer = {"id": table, "seat": 0, "version": version, "simulations": 100, "moves": [
        {"action": legal[0], "visits": 30, "win": 0.32, "kept": True},
        {"action": legal[1], "visits": 70, "win": 0.47, "kept": False}]}
    page.route("**/api/tables/*/hint*", lambda route: route.fulfill(json=answer))
    page.check("#hint-toggle")
    page.wait_for_selector("[data-hint]")
    first, second = page.locator("[data-hint]").nth(0), page.locator("[data-hint]").nth(1)
    assert first.get_attribute("data-hint") == legal[0]
    assert "what the bot plays: its plan's move" in first.locator(".hint-kept").inner_text()
    assert second.locator(".hint-kept").count() == 0
    screenshot(page, artifacts / "hint-kept.png")
    ctx.close()
