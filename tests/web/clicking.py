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

#: where to click a menu item (it is opened next to its element, on screen)
ITEM = """(move) => {
  const el = document.querySelector(`.menu .menu-item[data-move="${move}"]`);
  if (!el) return null;
  el.scrollIntoView({block: 'nearest'});
  const r = el.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
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
    index, several, point = page.evaluate(FIND, move)
    if index >= 0:
        if point:
            page.mouse.click(*point)
        else:
            click(page.locator(".board-box .target[data-moves]").nth(index))
        if several:
            item = page.locator(f'.menu .menu-item[data-move="{move}"]')
            item.wait_for(timeout=5000)
            page.mouse.click(*page.evaluate(ITEM, move))
        where = "board"
    else:
        click(page.locator(f'.act-bar .act[data-move="{move}"]'))
        where = "bar"
    page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v",
                           arg=before, timeout=30_000, polling=25)
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
    phone.screenshot(path=str(path), full_page=True)
    widths = fits_phone(phone)
    phone.close()
    return widths
