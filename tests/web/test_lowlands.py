"""Lowlands in the browser, in each language: screenshots at desktop (1280x800) and phone
(390x844) size for people to look at (``test-artifacts/web/lowlands-<lang>-*.png``), your
own action spaces on screen without scrolling at 1280x800 (issue 25: they were below the
fold), and a board that speaks the page's language."""

from __future__ import annotations

import pytest

from meeple import games
from tests.i18n.english import detector
from tests.web.clicking import screenshot, wait_ready

LANGUAGES = ("en", "fr", "es", "nl")


@pytest.fixture(scope="module")
def table(server):
    """A 3-player table: seat 0 is ours; the two greedy bots have played a few moves."""
    return server.table("lowlands", ["human", "bot:greedy", "bot:greedy"])


def _open(browser, server, table, lang: str, width: int, height: int):
    table_id, tokens = table
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale=lang, reduced_motion="reduce")
    ctx.add_init_script(f"localStorage.setItem('meeple.lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/tables/{table_id}#seat=0&token={tokens['0']}")
    page.wait_for_selector('[data-game="lowlands"]')
    wait_ready(page, 0)
    page.wait_for_timeout(200)
    return ctx, page, errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_own_action_spaces_are_on_screen_at_1280x800_in_every_language(server, browser, artifacts, table, lang):
    ctx, page, errors = _open(browser, server, table, lang, 1280, 800)
    try:
        page.screenshot(path=str(artifacts / f"lowlands-{lang}-desktop-fold.png"))  # what the eye sees first
        boxes = page.evaluate("""() => [...document.querySelectorAll('[data-action^="0:"]')]
          .map((e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })""")
        assert len(boxes) == 5
        for top, bottom, left, right in boxes:
            assert top >= 0 and bottom <= 800 and left >= 0 and right <= 1280, boxes
        screenshot(page, artifacts / f"lowlands-{lang}-desktop.png")
        if lang != "en":
            text = page.locator(".board-box").inner_text()
            game = games.get("lowlands")
            names = page.evaluate("() => [...document.querySelectorAll('.ll-farmhead')].map((e) => e.textContent)")
            found = detector(game, lang, names=["greedy", *names]).find(text)
            assert not found, "English on the " + lang + " board:\n" + "\n".join(found[:20])
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_fits_a_phone_in_every_language(server, browser, artifacts, table, lang):
    ctx, page, errors = _open(browser, server, table, lang, 390, 844)
    try:
        page.screenshot(path=str(artifacts / f"lowlands-{lang}-phone-fold.png"))
        widths = page.evaluate("""() => ({doc: document.documentElement.scrollWidth,
          board: document.querySelector('.board-box').scrollWidth,
          client: document.querySelector('.board-box').clientWidth})""")
        assert widths["doc"] <= 390 and widths["board"] <= widths["client"] + 1, widths
        top = page.evaluate("() => document.querySelector('[data-action=\"0:build\"]').getBoundingClientRect().top")
        assert top < 844  # your farm comes before the shared board on a phone
        screenshot(page, artifacts / f"lowlands-{lang}-phone.png")
        assert not errors, errors
    finally:
        ctx.close()
