"""Learn to play in a real browser: each game's lesson started from the lobby, every step
clicked on the highlighted board element, another move refused in the lesson's words, and
the game then finished (through the API, quickly) to the end screen and the lesson's last
word. Screenshots of each lesson's first and last step go to ``test-artifacts/web/lessons/``
(the ones in docs/screenshots/lessons/ were taken so and looked at)."""

from __future__ import annotations

import time
import urllib.error

import pytest

from meeple import lessons
from tests.web.clicking import fits_phone, play, screenshot, wait_ready

STEP = """(n) => { const b = document.querySelector('.lesson-box');
  return b && !b.hidden && b.dataset.step === String(n); }"""


def highlighted(page, move: str) -> list[str]:
    """The moves carried by the elements the lesson highlights."""
    return page.evaluate("""() => [...document.querySelectorAll('.board-box .lesson-target[data-moves], .lesson-target[data-move]')]
      .map((el) => el.dataset.moves || el.dataset.move)""")


@pytest.mark.parametrize("game", lessons.names())
def test_a_lesson_from_the_lobby_to_its_last_step(server, context, artifacts, game):
    lesson = lessons.load(game)
    shots = artifacts / "lessons"
    shots.mkdir(exist_ok=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_selector(f'[data-learn="{game}"]')
    if game == "lost-cities":
        screenshot(page, shots / "lobby.png")
    page.click(f'[data-learn="{game}"]')
    page.wait_for_selector(f'[data-game="{game}"]')
    for step in lesson.steps:
        assert not wait_ready(page, lesson.seat)
        page.wait_for_function(STEP, arg=step.index, timeout=60_000, polling=25)
        box = page.locator(".lesson-box")
        assert f"Step {step.index + 1} of {len(lesson.steps)}" in box.locator("h2").inner_text()
        assert f"({step.move})" in box.locator(".lesson-ask").inner_text()
        carried = highlighted(page, step.move)
        assert carried and all(step.move in c.split("|") for c in carried), carried
        if step.index == 0:
            screenshot(page, shots / f"{game}-first.png")
            phone = context.new_page()  # the same step on a phone: the lesson box fits
            phone.set_viewport_size({"width": 390, "height": 844})
            phone.goto(page.url)
            phone.wait_for_function(STEP, arg=0, timeout=30_000)
            assert fits_phone(phone)["doc"] <= 390
            screenshot(phone, shots / f"{game}-first-phone.png")
            phone.close()
            if game == "lost-cities":  # another move: refused in the lesson's words, nothing played
                wrong = page.locator(f'.moves .fallback[data-move]:not([data-move="{step.move}"])').first.get_attribute("data-move")
                page.click(f'.moves .fallback[data-move="{wrong}"]')
                if page.locator(".menu").count():  # a move that gains nothing is confirmed first
                    page.locator(f'.menu .menu-item[data-move="{wrong}"]').click()
                refused = page.wait_for_selector(".lesson-refused")
                assert f"Not {wrong} yet: this step shows the wager" in refused.inner_text()
        if step.index == 0 and game == "lowlands":  # one element, several moves: its menu marks the step's
            page.locator(".board-box .lesson-target[data-moves]").first.click()
            page.wait_for_selector(f'.menu .menu-item.lesson-target[data-move="{step.move}"]')
            assert page.locator(".menu .menu-item.lesson-target").count() == 1
            page.keyboard.press("Escape")
        if step.index == len(lesson.steps) - 1:
            screenshot(page, shots / f"{game}-last.png")
        play(page, step.move)
    page.wait_for_selector(".lesson-box .lesson-note, .lesson-box .lesson-finale")
    # the rest of the game as a normal one: the learner's moves through the API
    token = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('token')")
    table = int(page.url.split("/tables/")[1].split("#")[0])
    while True:
        state = server.api(f"/api/tables/{table}", token=token)
        if state["over"]:
            break
        if state["to_move"] != lesson.seat:
            time.sleep(0.02)  # the bot's turn
            continue
        try:
            server.api(f"/api/tables/{table}/moves", {"action": state["legal"][0], "version": state["version"]}, token)
        except urllib.error.HTTPError as err:
            assert err.code == 409, err.read()  # the table moved meanwhile: look again
    page.wait_for_selector(".end-screen:not([hidden]) table.breakdown", timeout=60_000)
    finale = page.wait_for_selector(".lesson-box .lesson-finale")
    assert finale.inner_text().startswith("The game is over")
    assert not errors, errors
