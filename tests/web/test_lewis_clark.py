"""The Lewis & Clark board in the browser, in each language, on a desktop (1280x800)
and a phone (390x844): card names never break inside a word, every card's full text
opens on a click or a tap (without playing the card), the fort is named in words, the
board shows no English in French, Spanish or Dutch. Screenshots of each language and
size are saved under ``test-artifacts/web/`` for people to look at."""

from __future__ import annotations

import re

import pytest

from meeple import games
from meeple.games.lewis_clark.components import CARDS, RES_NAMES
from meeple.i18n import Audience, use
from meeple.web import STATIC
from tests.i18n.english import detector
from tests.web.clicking import screenshot, version, wait_ready

LANGUAGES = {"en": "en-US", "fr": "fr-FR", "es": "es-ES", "nl": "nl-NL"}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

#: every word of every card name on one line: a word split over two lines has two boxes
BROKEN = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.lw-card .lw-name')) {
    const node = el.firstChild;
    if (!node) continue;
    const text = node.textContent;
    let at = 0;
    for (const word of text.split(' ')) {
      if (word) {
        const r = document.createRange();
        r.setStart(node, at);
        r.setEnd(node, at + word.length);
        if ([...r.getClientRects()].filter((x) => x.width > 0).length > 1) out.push(text);
      }
      at += word.length + 1;
    }
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${text} (overflows)`);
    if (getComputedStyle(el).hyphens !== 'none') out.push(`${text} (hyphenated)`);
  }
  return out;
}"""


def test_the_boards_card_facts_are_the_components():
    """The board draws each card's strength and badge from its own table: the same as
    components.py, card by card."""
    text = (STATIC / "games" / "lewis-clark.js").read_text(encoding="utf-8")
    table = " ".join(re.findall(r'"([^"]*)"', text.split("const FACTS")[1].split("split(")[0]))
    codes = {"w": "wood", "f": "fur", "d": "food", "e": "equipment"}
    facts = {slug: (int(code[0]), codes[code[1]]) for slug, code in (pair.split(":") for pair in table.split())}
    assert facts == {c.slug: (c.strength, RES_NAMES[c.badge]) for c in CARDS}


def _open(browser, server, lang: str, size: str):
    table, tokens = server.table("lewis-clark", ["human", "bot:random"])
    ctx = browser.new_context(viewport=SIZES[size], locale=LANGUAGES[lang], reduced_motion="reduce",
                              has_touch=size == "phone", is_mobile=size == "phone")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/tables/{table}#seat=0&token={tokens['0']}")
    page.wait_for_selector('[data-game="lewis-clark"]')
    wait_ready(page, 0)
    page.wait_for_selector(".lw-hand .lw-card")
    return ctx, page, errors


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_in_each_language_and_size(server, browser, artifacts, lang, size):
    game = games.get("lewis-clark")
    ctx, page, errors = _open(browser, server, lang, size)
    try:
        # issue 25: names broke mid-word ("Blacksmi th", "Sacagaw ea")
        assert page.evaluate(BROKEN) == []
        # issue 25: the fort read "⚑ 0"; it is named in words
        fort = page.locator(".lw-space.fort text tspan").all_text_contents()
        assert " ".join(fort) == "Fort Clatsop"
        # issue 25: abilities were hover-only; a tap (phone) or a click opens the full text
        first = page.locator(".lw-hand .lw-card").first
        slug = first.get_attribute("data-card")
        with use(Audience(lang)):
            entry = game.lookup(slug)
            expected = Audience(lang).text(entry.text)
        before = version(page)
        button = first.locator(".lw-about-btn")
        if size == "phone":
            button.tap()
        else:
            button.click()
        box = page.locator(".lw-exp[data-expedition='0'] > .lw-about")
        box.wait_for(state="visible")
        assert expected in box.inner_text()
        assert version(page) == before, "opening a card's text must not play it"
        width = page.evaluate("(el) => el.getBoundingClientRect().right", box.element_handle())
        assert width <= SIZES[size]["width"], "the card's text fits the screen"
        if lang != "en":  # the board says nothing in English (names and notation aside)
            names = [page.locator(".lw-exp h3").nth(i).inner_text() for i in range(2)]
            found = detector(game, lang, names=names + ["Alexander", "St", "Louis"]).find(
                page.locator(".board-box").inner_text())
            assert not found, "\n".join(found[:10])
        page.wait_for_timeout(200)
        screenshot(page, artifacts / f"lewis-clark-{lang}-{size}.png")
        assert not errors, errors
    finally:
        ctx.close()


def test_solo_shows_when_mackenzie_reaches_the_fort(server, browser, artifacts):
    # issue 25: solo showed no "Mackenzie reaches the fort in N turns"
    table, tokens = server.table("lewis-clark", ["human"], difficulty=4)
    ctx = browser.new_context(viewport=SIZES["desktop"], locale="en-US", reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/tables/{table}#seat=0&token={tokens['0']}")
        wait_ready(page, 0)
        clock = page.locator(".lw-clock").inner_text()
        assert clock == "Mackenzie (space 4) reaches Fort Clatsop in 35 turns, this one included"
        screenshot(page, artifacts / "lewis-clark-solo-desktop.png")
    finally:
        ctx.close()
