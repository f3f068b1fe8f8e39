"""Playing a table page the way a person does: by clicking what the board offers.

Every decision is checked first: the legal moves the page lists (the fallback list)
must all be reachable from the board or the action bar beside it, and a move is played
from the board whenever an element there carries it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: moves reachable on the board (move -> "board"/"bar") and the fallback list, as the page shows them
OFFERED = """() => {
  const reach = {};
  for (const el of document.querySelectorAll('.board-box .target[data-moves]'))
    for (const m of el.dataset.moves.split('|')) reach[m] = 'board';
  for (const el of document.querySelectorAll('.act-bar .act[data-move]'))
    if (!reach[el.dataset.move]) reach[el.dataset.move] = 'bar';
  const listed = [...document.querySelectorAll('.moves .fallback[data-move]')].map((e) => e.dataset.move);
  return [reach, listed];
}"""

#: the first board element carrying a move: its index among the targets, whether it offers
#: several, and the point a mouse click reaches it at (null when something covers it)
FIND = """(move) => {
  const all = [...document.querySelectorAll('.board-box .target[data-moves]')];
  const i = all.findIndex((el) => el.dataset.moves.split('|').includes(move));
  if (i < 0) return [i, false, null];
  const el = all[i];
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  const x = r.x + r.width / 2, y = r.y + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return [i, el.dataset.moves.split('|').length > 1, hit && el.contains(hit) ? [x, y] : null];
}"""

READY = """(seat) => {
  const p = document.querySelector('.table-page');
  if (!p || document.body.classList.contains('busy')) return false;
  return p.dataset.over === 'true' || p.dataset.toMove === String(seat);
}"""


def version(page) -> int:
    return int(page.get_attribute(".table-page", "data-version"))


def wait_ready(page, seat: int, timeout: float = 90_000) -> bool:
    """Wait until ``seat`` must decide or the game is over; True when it is over."""
    page.wait_for_function(READY, arg=seat, timeout=timeout, polling=25)
    return page.get_attribute(".table-page", "data-over") == "true"


def offered(page) -> tuple[dict[str, str], list[str]]:
    reach, listed = page.evaluate(OFFERED)
    return reach, listed


def click(locator) -> None:
    """A real click; an element still settling after a highlight is clicked where it is."""
    try:
        locator.click(timeout=3000)
    except Exception:  # noqa: BLE001 - playwright's TimeoutError: not "stable" while highlighted
        locator.click(force=True, timeout=5000)


def play(page, move: str) -> str:
    """Click ``move`` on the board (through the element's menu when it offers several),
    else in the action bar. Returns where it was clicked."""
    before = version(page)
    page.evaluate("""() => { if (!window.__spy) { window.__spy = true; document.addEventListener('mousedown',
      (e) => { window.__down = [e.clientX, e.clientY, e.target.outerHTML.slice(0, 120)]; }, true); } }""")
    index, several, point = page.evaluate(FIND, move)
    if index >= 0:
        if point:  # the mouse where a person would click: the element's middle, on screen
            page.mouse.click(*point)
        else:
            click(page.locator(".board-box .target[data-moves]").nth(index))
        where = "board"
    else:
        click(page.locator(f'.act-bar .act[data-move="{move}"]'))
        where = "bar"
    # a menu: the element offers several moves, or asks to confirm one that gains nothing
    item = page.locator(f'.menu .menu-item[data-move="{move}"]')
    if several or item.count():
        click(item)
    try:
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v",
                               arg=before, timeout=30_000, polling=25)
    except Exception as err:  # noqa: BLE001 - say which move and what the page said
        said = page.locator(".table-main .error").inner_text()
        state = page.evaluate("""(move) => ({down: window.__down, menu: !!document.querySelector('.menu'),
          rects: [...document.querySelectorAll('.board-box .target[data-moves]')]
            .filter((el) => el.dataset.moves.split('|').includes(move)).map((el) => JSON.stringify(el.getBoundingClientRect())),
          active: document.activeElement && document.activeElement.outerHTML.slice(0, 200),
          busy: document.body.classList.contains('busy'),
          carriers: [...document.querySelectorAll('.board-box .target[data-moves]')]
            .filter((el) => el.dataset.moves.split('|').includes(move)).map((el) => el.outerHTML.slice(0, 160))})""", move)
        raise AssertionError(f"{move!r} clicked on the {where} at {point} was not played; the page says: {said!r}; {state}") from err
    return where


def play_game(page, seat: int, rng: random.Random, limit: int = 2000,
              choose: Callable[[list[str], random.Random], str] | None = None,
              on_step: Callable[[int], Any] | None = None) -> Counter[str]:
    """Play ``seat`` by clicking until the game ends; returns how many moves went where."""
    where: Counter[str] = Counter()
    for step in range(limit):
        if wait_ready(page, seat):
            return where
        reach, listed = offered(page)
        assert listed, "the seat to move is offered no move"
        missing = sorted(set(listed) - set(reach))
        assert not missing, f"legal moves that no board element or button offers: {missing}"
        assert set(reach) == set(listed), f"the board offers moves that are not legal: {set(reach) - set(listed)}"
        move = (choose or (lambda ms, r: r.choice(ms)))(sorted(listed), rng)
        where[play(page, move)] += 1
        if on_step:
            on_step(step)
    raise AssertionError(f"the game did not end within {limit} moves of seat {seat}")


def screenshot(page, path: Path) -> None:
    """The whole page as a person scrolling it sees it: the window made as tall as the
    page (a full-page capture would leave the sticky status bar in the middle)."""
    size = page.viewport_size
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(height, 6000))})
    page.wait_for_timeout(100)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


def fits_phone(page) -> dict[str, int]:
    """Widths that must fit a 390 px screen: the document and the board."""
    return page.evaluate("""() => {
      const box = document.querySelector('.board-box');
      return {doc: document.documentElement.scrollWidth, board: box ? box.scrollWidth : 0,
              boardClient: box ? box.clientWidth : 0};
    }""")


def phone_shot(context, url: str, path: Path) -> dict[str, int]:
    """The same page on a 390 px wide screen: a screenshot, and the widths to check."""
    phone = context.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(url)
    phone.wait_for_selector("[data-game]")
    phone.wait_for_timeout(300)
    widths = fits_phone(phone)
    screenshot(phone, path)
    phone.close()
    return widths
