"""Two people and a spectator at one Lost Cities table, each in a browser of their own;
a server restarted under a player's page; the language and the keyboard.

The secrets test reads everything each page received (HTTP answers of the table API and
every WebSocket frame) and its DOM after every move, and checks that no card hidden in
another seat's hand appears in it. The hands at every version come from the game's
record, public once the game is over.
"""

from __future__ import annotations

import html
import json
import random
import re

from playwright.sync_api import expect

from meeple import games
from meeple.core.record import Record
from tests.web.clicking import offered, play, screenshot, version, wait_ready
from tests.web.server import Server

NUMBERS = re.compile(r"^[A-Z](10|[2-9])$")  # the unique cards (three wagers per colour are alike)


def _hidden_by_version(record: Record) -> list[list[set[str]]]:
    """Per version (= moves played), per seat: the unique cards in that hand nobody else knows."""
    state = games.get(record.game).new(record.players, record.seed, **record.options)
    out = []
    for ply in range(len(record.actions) + 1):
        known = state.view(None)["known"]
        out.append([{c for c in state.view(s)["hand"] if NUMBERS.match(c)} - set(known[s])
                    for s in range(record.players)])
        if ply < len(record.actions):
            state.apply(record.actions[ply])
    return out


def _words(card: str) -> list[str]:
    """How a card may be written: its code, and its name in the page's words."""
    color = {"Y": "yellow", "W": "white", "B": "blue", "G": "green", "R": "red", "P": "purple"}[card[0]]
    return [rf"\b{card}\b", rf"\b{color} {card[1:]}\b"]


ATTRIBUTE = re.compile(r'aria-description="([^"]*)"')
TIP = re.compile(r'<div id="tip"[^>]*>.*?<p>([^<]*)</p>(?:</div>)?', re.S)


def _leaks(text: str, cards: set[str], public: frozenset[str] = frozenset()) -> list[str]:
    """The hidden cards ``text`` names, once the public rule texts (the glossary, which
    speaks of "the numbers Y2 to Y10" to everyone) are taken out of it."""
    if public:
        said = {html.unescape(v) for v in ATTRIBUTE.findall(text)}
        if said <= public:  # every description is a glossary text: take them all out at once
            text = ATTRIBUTE.sub("", text)
        text = TIP.sub(lambda m: "" if html.unescape(m.group(1)) in public else m.group(0), text)
    return [c for c in cards for w in _words(c) if re.search(w, text)]


class Recorder:
    """Everything one page received: table API answers and WebSocket frames."""

    def __init__(self, page) -> None:
        self.frames: list[str] = []
        self.responses = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(str(payload))))
        page.on("response", lambda r: self.responses.append(r) if "/api/tables" in r.url else None)

    def texts(self) -> list[str]:
        bodies = []
        for r in self.responses:
            try:
                bodies.append(r.text())
            except Exception:  # noqa: BLE001 - a redirect or an aborted request has no body
                continue
        return self.frames + bodies


def _version_of(message: dict) -> int | None:
    """The table version a message was built at (TableState, a WS state, a story)."""
    if "table" in message and isinstance(message["table"], dict):
        message = message["table"]
    if "version" in message and "view" in message:
        return int(message["version"])
    if "plies" in message and "entries" in message:
        return int(message["plies"])
    return None


def test_two_players_and_a_spectator_never_see_a_hidden_card(server, browser, artifacts):
    ctx_a = browser.new_context(locale="en-US", reduced_motion="reduce")
    ctx_b = browser.new_context(locale="en-US", reduced_motion="reduce")
    ctx_s = browser.new_context(locale="en-US", reduced_motion="reduce")
    a, b, spectator = ctx_a.new_page(), ctx_b.new_page(), ctx_s.new_page()
    seen = {0: Recorder(a), 1: Recorder(b), None: Recorder(spectator)}

    # the lobby: Lost Cities, one round, seat 1 for a friend who gets a link
    a.goto(server.url + "/")
    a.click('[data-game="lost-cities"]')
    a.select_option("#opt-rounds", "1")
    a.select_option("#seat-1", "friend")
    a.fill("#myname", "Ada")
    a.click("#create")
    link = a.locator("input.link").input_value()
    assert "#seat=1&token=" in link
    a.click("#goto")
    a.wait_for_selector('[data-game="lost-cities"]')
    table = int(re.search(r"/tables/(\d+)", a.url).group(1))
    b.goto(link)
    b.wait_for_selector('[data-game="lost-cities"]')
    spectator.goto(f"{server.url}/tables/{table}")
    spectator.wait_for_selector('[data-game="lost-cities"]')
    assert "You are Ada" in a.locator(".status-bar").inner_text()
    assert "watching" in spectator.locator(".status-bar").inner_text()

    public = frozenset(e["text"] for e in server.api("/api/games/lost-cities/glossary"))
    rng = random.Random(11)
    pages = {0: a, 1: b}
    dom_checks = 0
    for _ in range(400):
        state = server.api(f"/api/tables/{table}")
        if state["over"]:
            break
        seat = state["to_move"]
        page = pages[seat]
        if wait_ready(page, seat):
            break
        reach, listed = offered(page)
        assert set(reach) == set(listed)
        quick = "draw deck" in listed and rng.random() < 0.8  # the deck runs out: the round ends
        play(page, "draw deck" if quick else rng.choice(sorted(listed)))
        # every page now: no unique card of another hand in its DOM
        now = version(page)
        known = server.api(f"/api/tables/{table}")["view"]["known"]
        hands = [{c for c in hand_of(pages[s]) if NUMBERS.match(c)} - set(known[s]) for s in (0, 1)]
        for viewer, p in ((0, a), (1, b), (None, spectator)):
            p.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) >= v", arg=now, polling=25)
            hidden = set().union(*(hands[s] for s in (0, 1) if s != viewer))
            dom = p.content()
            assert not _leaks(dom, hidden, public), f"seat {viewer}'s page shows hidden cards {_leaks(dom, hidden, public)}"
            dom_checks += 1
    else:
        raise AssertionError("the game did not end")
    a.wait_for_selector(".end-screen:not([hidden])")
    b.wait_for_selector(".end-screen:not([hidden])")
    spectator.wait_for_selector(".end-screen:not([hidden])")
    screenshot(a, artifacts / "lost-cities-two-players.png")

    # the network: every table message each page received, checked at its version
    record = Record.from_json(json.dumps(server.api(f"/api/tables/{table}/record")))
    hidden = _hidden_by_version(record)
    checked = 0
    for viewer, rec in seen.items():
        for text in rec.texts():
            try:
                message = json.loads(text)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            v = _version_of(message)
            if v is None or v >= len(hidden) or message.get("table", message).get("over"):
                continue  # once over, every hand is public
            secret = set().union(*(hidden[v][s] for s in (0, 1) if s != viewer))
            assert not _leaks(text, secret), f"a message to seat {viewer} at version {v} holds {_leaks(text, secret)}"
            checked += 1
    assert checked > 3 * len(record.actions), (checked, len(record.actions))
    assert dom_checks >= 3 * 20
    for ctx in (ctx_a, ctx_b, ctx_s):
        ctx.close()


def hand_of(page) -> list[str]:
    return page.eval_on_selector_all(".lc-hand.mine [data-card]", "els => els.map(e => e.dataset.card)")


def test_the_seat_survives_a_server_restart(browser, tmp_path):
    srv = Server(tmp_path / "restart.sqlite3")
    srv.start()
    try:
        table, tokens = srv.table("lost-cities", ["human", "human"], rounds=1)
        me = srv.api(f"/api/tables/{table}")["to_move"]  # the starting seat is dealt at random
        ctx = browser.new_context(locale="en-US", reduced_motion="reduce")
        page = ctx.new_page()
        page.goto(f"{srv.url}/tables/{table}#seat={me}&token={tokens[str(me)]}")
        page.wait_for_selector(".conn.on")
        wait_ready(page, me)
        _, listed = offered(page)
        play(page, sorted(m for m in listed if m.startswith("discard"))[0])
        assert version(page) == 1

        srv.kill()  # SIGKILL, as in a crash
        page.wait_for_selector(".conn.off", timeout=20_000)
        srv.start()
        page.wait_for_selector(".conn.on", timeout=30_000)
        assert version(page) == 1
        assert f"You are Seat {me}" in page.locator(".status-bar").inner_text()
        wait_ready(page, me)
        play(page, "draw deck")
        assert version(page) == 2
        assert srv.api(f"/api/tables/{table}")["log"][1] == "draw deck"

        # the seat is remembered without the link's fragment (local storage)
        again = ctx.new_page()
        again.goto(f"{srv.url}/tables/{table}")
        again.wait_for_selector(".conn.on")
        assert f"You are Seat {me}" in again.locator(".status-bar").inner_text()
        ctx.close()
    finally:
        srv.stop()


def test_language_from_the_browser_switchable_and_a_move_by_keyboard(server, browser):
    fr = json.loads((_static() / "i18n" / "fr.json").read_text())
    es = json.loads((_static() / "i18n" / "es.json").read_text())
    ctx = browser.new_context(locale="fr-FR", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert page.locator("#create").inner_text() == fr["lobby.create"]
    assert page.locator("html").get_attribute("lang") == "fr"
    page.select_option("#lang", "es")
    page.wait_for_function("(text) => document.querySelector('#create').textContent === text", arg=es["lobby.create"])
    page.reload()
    page.wait_for_selector("#create")
    assert page.locator("#create").inner_text() == es["lobby.create"]  # the choice is remembered

    table, tokens = server.table("lost-cities", ["human", "bot:random"], rounds=1)
    page.goto(f"{server.url}/tables/{table}#seat=0&token={tokens['0']}")
    wait_ready(page, 0)
    # Tab to the first card of the hand, Enter opens its menu, Enter plays the first choice
    first = page.locator(".lc-hand.mine .target").first
    first.focus()
    assert first.get_attribute("aria-label")
    page.keyboard.press("Enter")
    page.wait_for_selector(".menu .menu-item")
    assert page.evaluate("document.activeElement.classList.contains('menu-item')")
    chosen = page.evaluate("document.activeElement.dataset.move")
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
    story = server.api(f"/api/tables/{table}/story", token=tokens["0"])
    assert [e["move"] for e in story["entries"] if e["seat"] == 0][0] == chosen
    ctx.close()


def _static():
    from meeple.web import STATIC

    return STATIC


def test_an_open_seat_is_taken_from_the_table_page(server, browser):
    table, tokens = server.table("lost-cities", ["human", "open"], rounds=1)
    ctx = browser.new_context(locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{server.url}/tables/{table}")
    page.wait_for_selector('[data-join="1"]')
    assert "Waiting for open seats" in page.locator(".status-bar").inner_text()
    page.click('[data-join="1"]')
    # joining reloads the page as the new seat: wait for the new page's status, which
    # (unlike a check made once) survives the reload replacing the old page under the test
    expect(page.locator(".status-bar")).to_contain_text("You are Seat 1", timeout=30_000)
    assert page.locator(".table-page").get_attribute("data-seat") == "1"
    assert "#seat=1&token=" in page.url
    state = server.api(f"/api/tables/{table}")
    assert state["status"] == "playing" and state["seats"][1]["kind"] == "human"
    ctx.close()


def test_the_seat_menu_offers_the_bots_that_play_the_chosen_game(server, context):
    """The lobby lists the bots the server says play a game (``/api/games``): the whole-turn
    planner at Lewis & Clark, not at Lost Cities, which has no turns to plan."""
    page = context.new_page()
    page.goto(server.url + "/")
    page.click('[data-game="lewis-clark"]')
    kinds = page.locator("#seat-1 option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    assert ["bot:planner", "bot: whole-turn planner"] in kinds
    assert [k for k, _ in kinds][:3] == ["me", "friend", "open"]
    page.select_option("#seat-1", "bot:planner")
    page.click("#create")
    page.wait_for_url(re.compile(r"/tables/\d+"))
    table = int(re.search(r"/tables/(\d+)", page.url).group(1))
    assert server.api(f"/api/tables/{table}")["seats"][1]["bot"] == "planner"
    page.goto(server.url + "/")
    page.click('[data-game="lost-cities"]')
    values = page.locator("#seat-1 option").evaluate_all("os => os.map(o => o.value)")
    assert "bot:planner" not in values and "bot:ismcts" in values
