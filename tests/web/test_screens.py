"""Each game in each language, at desktop and phone size, saved for people to look at
(``test-artifacts/web/GAME-LANG-desktop.png``, ``-phone.png``), and what issue 25 asked
of every board: no English in a translated game, moves that gain nothing marked and
confirmed, a single tap on a touch screen that shows the move before playing it, names
rather than seat numbers, ownership shown by a shape as well as a colour, replays
without a player's prompt, and texts that follow a change of language.

One short position per game (a dozen moves into it) serves every language.
"""

from __future__ import annotations

import random

import pytest

import meeple.web  # noqa: F401  declares the browser's message domain (web)
from meeple import games
from meeple.i18n.audit import EnglishDetector
from tests.i18n.english import CONVERTED, detector
from tests.web.clicking import fits_phone, play, screenshot, version, wait_ready

LANGUAGES = ("en", "fr", "es", "nl")
LOCALES = {"en": "en-US", "fr": "fr-FR", "es": "es-ES", "nl": "nl-NL"}
#: (game, seats, options, moves of seat 0 before the pictures)
POSITIONS = [
    ("lost-cities", ["human", "bot:greedy"], {"rounds": 1}, 6),
    ("little-town", ["human", "bot:greedy"], {"board": 1}, 8),
    ("lewis-clark", ["human", "bot:random"], {"turn_limit": 10}, 6),
    ("lowlands", ["human", "bot:greedy"], {}, 6),
]
#: moves a position prefers (so the pictures show buildings, cards, camps)
PREFERRED = ("build", "put", "play", "claim", "recruit", "place")


def _advance(server, table: int, token: str, moves: int, rng: random.Random) -> None:
    """Play ``moves`` decisions of seat 0 through the API; the bots answer by themselves."""
    for _ in range(moves):
        state = server.wait_for(table, lambda s: s["over"] or (s["to_move"] == 0 and bool(s["legal"])), token)
        if state["over"]:
            return
        useful = [m["action"] for m in state["moves"] if m["futile"] is None] or state["legal"]
        liked = [m for m in useful if m.split()[0] in PREFERRED]
        move = rng.choice(liked or useful)
        server.api(f"/api/tables/{table}/moves", {"action": move, "version": state["version"]}, token=token)
    server.wait_for(table, lambda s: s["to_move"] in (0, None))  # the pictures show a decision


@pytest.fixture(scope="module")
def positions(server):
    out = {}
    for game, seats, options, moves in POSITIONS:
        table, tokens = server.table(game, seats, **options)
        _advance(server, table, tokens["0"], moves, random.Random(game))
        out[game] = (table, tokens["0"])
    return out


def _open(browser, server, table: int, token: str, lang: str, size=(1280, 800), **context):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=LOCALES[lang],
                              reduced_motion="reduce", **context)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/tables/{table}#seat=0&token={token}")
    page.wait_for_selector("[data-game]")
    page.wait_for_selector("[data-status]", timeout=30_000)
    return ctx, page, errors


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", [p[0] for p in POSITIONS])
def test_each_game_in_each_language_at_desktop_and_phone_size(server, browser, artifacts, positions, game, lang):
    table, token = positions[game]
    ctx, page, errors = _open(browser, server, table, token, lang)
    assert page.locator("html").get_attribute("lang") == lang
    screenshot(page, artifacts / f"{game}-{lang}-desktop.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    widths = fits_phone(page)
    screenshot(page, artifacts / f"{game}-{lang}-phone.png")
    assert not errors, errors
    assert widths["doc"] <= 390, widths
    if game in CONVERTED and lang != "en":  # what the page shows, in the language: no English
        text = page.locator(".table-page").inner_text()
        game_words = detector(games.get(game), lang, names=["greedy", "random"])
        page_words = EnglishDetector(lang, (*game_words.domains, "web"), game_words.allow)  # the frame's words too
        found = page_words.find(text)
        assert not found, "\n".join(found[:20])
    ctx.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_in_each_language(server, browser, artifacts, lang):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=LOCALES[lang], reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.click('[data-game="little-town"]')
    screenshot(page, artifacts / f"lobby-{lang}-desktop.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert fits_phone(page)["doc"] <= 390
    screenshot(page, artifacts / f"lobby-{lang}-phone.png")
    lost_cities = page.locator('[data-game="lost-cities"] .players').inner_text()
    assert lost_cities.startswith("2 ")  # a count in words: "2 players", never "2 player" nor "1 players"
    ctx.close()


def test_a_move_that_gains_nothing_is_marked_and_asked_about(server, browser):
    """Little Town: a worker placed where it harvests nothing and no building can be used
    (Game.futile). Its cell and its button in the move list are marked; clicking it asks,
    saying why; Cancel keeps the turn, confirming plays it."""
    table, tokens = server.table("little-town", ["human", "bot:greedy"], board=1)
    ctx, page, _ = _open(browser, server, table, tokens["0"], "en")
    wait_ready(page, 0)
    state = server.api(f"/api/tables/{table}", token=tokens["0"])
    futile = [m for m in state["moves"] if m["futile"] is not None]
    assert futile, "the first placement of board 1 always has a cell with nothing around it"
    move = futile[0]["action"]
    cell = page.locator(f'.board-box [data-cell="{move.split()[1]}"]')
    assert "futile" in cell.get_attribute("class")
    assert "gains nothing: it harvests nothing" in cell.get_attribute("aria-label")
    assert "futile" in page.locator(f'.moves .fallback[data-move="{move}"]').get_attribute("class")
    before = version(page)
    cell.click()
    menu = page.locator(".menu")
    assert "gains nothing: it harvests nothing and no building around it can be used" in menu.inner_text()
    assert "Play it anyway?" in menu.inner_text()
    page.click(".menu .menu-cancel")
    assert version(page) == before and page.locator(".menu").count() == 0
    play(page, move)  # clicks the cell, then confirms in the menu
    assert version(page) > before
    story = server.api(f"/api/tables/{table}/story", token=tokens["0"])
    mine = [e for e in story["entries"] if e["seat"] == 0][-1]
    assert mine["move"] == move and mine["words"][0].startswith("harvest around")
    ctx.close()


def test_a_single_tap_on_a_touch_screen_shows_the_move_and_waits_for_a_second_tap(server, browser, artifacts):
    """Issue 25: on a phone, one tap on an element with a single move played it before
    its text could be read. The tap now opens the move in words; a tap on it plays it."""
    table, tokens = server.table("little-town", ["human", "bot:greedy"], board=1)
    ctx, page, _ = _open(browser, server, table, tokens["0"], "fr", size=(390, 844), has_touch=True, is_mobile=True)
    wait_ready(page, 0)
    state = server.api(f"/api/tables/{table}", token=tokens["0"])
    move = next(m["action"] for m in state["moves"] if m["futile"] is None and m["action"].startswith("place"))
    cell = page.locator(f'.board-box [data-cell="{move.split()[1]}"]')
    cell.scroll_into_view_if_needed()
    before = version(page)
    cell.tap()
    item = page.locator(f'.menu .menu-item[data-move="{move}"]')
    item.wait_for()
    assert "Touchez le coup pour le jouer" in page.locator(".menu").inner_text()
    assert "ouvrier en" in item.inner_text()  # the move in words, in the reader's language
    screenshot(page, artifacts / "little-town-fr-phone-tap.png")
    assert version(page) == before
    item.tap()
    page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
    ctx.close()


def test_names_marks_and_a_language_switch(server, browser, positions):
    """Names, not seat numbers (status, log, seats); each seat's mark has its own shape
    (a building's owner on the Little Town meadow too); switching the language asks the
    server's texts again (status, narration, glossary)."""
    table, token = positions["little-town"]
    ctx, page, _ = _open(browser, server, table, token, "en")
    bar = page.locator(".status-bar").inner_text()
    assert "Seat 1" not in bar and "You are Seat 0" in bar  # the human has no name; the bot is "greedy"
    assert "greedy" in page.locator(".seats-panel").inner_text()
    log = page.locator(".log").inner_text()
    assert "greedy" in log and "Seat 1" not in log
    clips = page.eval_on_selector_all(".seats-panel .swatch", "els => els.map(e => getComputedStyle(e).clipPath)")
    assert len(set(clips)) == 2  # a circle and a triangle, not two dots of different colours
    owners = page.eval_on_selector_all("[data-owner]", "els => els.map(e => [e.dataset.owner, e.tagName])")
    assert owners, "the position has buildings"
    assert {tag for owner, tag in owners if owner == "0"} <= {"circle"} and {tag for owner, tag in owners if owner == "1"} <= {"polygon"}
    english_status = page.locator("[data-status]").inner_text()
    english_words = page.locator(".log .words").first.inner_text()
    page.select_option("#lang", "fr")
    page.wait_for_function("(w) => document.querySelector('.log .words').innerText !== w", arg=english_words)
    assert page.locator("[data-status]").inner_text() != english_status
    french = page.locator(".log").inner_text() + "\n" + page.locator("[data-status]").inner_text()
    assert not detector(games.get("little-town"), "fr", names=["greedy"]).find(french)  # the whole story, again
    page.locator(".lt-market .lt-tile").first.hover()
    assert page.locator("#tip .kind").inner_text().endswith("bâtiment")
    ctx.close()


def test_a_replay_shows_no_prompt_and_draws_its_step_buttons(server, browser, artifacts):
    table, _ = server.table("little-town", ["bot:random", "bot:random"], board=1)
    server.wait_for(table, lambda s: s["over"])
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{server.url}/replays?table={table}&ply=5")
    page.wait_for_selector('[data-game="little-town"]')
    for button in ("#first", "#prev", "#next", "#last"):
        assert page.locator(f"{button} svg path").count() == 1  # drawn, not a glyph a font may lack
    page.wait_for_function("() => document.querySelector('.counter').textContent.includes('5')")
    text = page.locator(".replay-page").inner_text()
    assert "random" in text and "Seat 1" not in text  # names, not seat numbers
    assert page.locator(".target, .act-bar button, .moves, .menu").count() == 0
    for prompt in ("Your turn", "Tap the move", "Play it anyway"):
        assert prompt not in text
    screenshot(page, artifacts / "little-town-replay.png")
    # Lost Cities: a spectator's replay at a draw showed the player's "Now draw: click the deck"
    lc, _ = server.table("lost-cities", ["bot:random", "bot:random"], rounds=1)
    server.wait_for(lc, lambda s: s["over"])
    page.goto(f"{server.url}/replays?table={lc}&ply=1")  # after a play: the same seat now draws
    page.wait_for_selector('[data-game="lost-cities"]')
    page.wait_for_function("() => document.querySelector('.counter').textContent.includes('1')")
    assert "draw" in page.locator(".game-status").inner_text()  # the status line says who draws
    assert page.locator(".lc-hint").count() == 0 and "click the deck" not in page.locator(".replay-page").inner_text()
    ctx.close()


def test_the_lobby_asks_again_for_the_games_texts_in_the_new_language(server, browser):
    ctx = browser.new_context(locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.click('[data-game="little-town"]')
    summary = page.locator('[data-game="little-town"] .summary').inner_text()
    assert summary.startswith("Build a town")
    page.select_option("#lang", "nl")
    page.wait_for_function("() => document.querySelector('[data-game=\"little-town\"] .summary').textContent.startsWith('Bouw')")
    assert page.locator("#opt-robin-doc").inner_text().startswith("eerste spel")
    ctx.close()
