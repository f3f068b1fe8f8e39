"""The seat to move gets its legal moves described, and those that would gain nothing
marked (``Game.describe``, ``Game.futile``), as texts in data the browser renders in its
reader's language (``meeple.i18n.wire``): one payload for every language, WebSocket
pushes included."""

from __future__ import annotations

from meeple import games
from meeple.i18n import Audience, wire
from tests.server.play import auth, create, get

GAME = games.get("little-town")


def test_the_seat_to_move_gets_each_move_described_and_the_futile_ones_marked(client):
    table_id, tokens = create(client, "little-town", ["human", "human"], options={"board": 1, "robin": True})
    seat = get(client, table_id)["to_move"]
    mine = client.get(f"/api/tables/{table_id}", headers=auth(tokens[seat])).json()
    assert [m["action"] for m in mine["moves"]] == mine["legal"]  # legal stays as it was
    place = next(m for m in mine["moves"] if m["action"] == "place e5")
    assert place["text"]["msg"] == "little_town:move.place" and place["futile"] is None
    futile = [m for m in mine["moves"] if m["futile"] is not None]
    assert futile and all(m["action"].startswith("place ") for m in futile)
    # the data says what the game says, in any language
    state = GAME.new(2, 0, board=1, robin=True)
    view = mine["view"]
    for m in mine["moves"]:
        action = state.parse(m["action"])
        for lang in ("en", "fr"):
            say = Audience(lang, strict=True)
            assert say(wire.decode(m["text"])) == say(GAME.describe(action, view))
            if m["futile"] is not None:
                assert say(wire.decode(m["futile"])) == say(GAME.futile(action, view))
    # the other seat and spectators have no move to describe
    other = client.get(f"/api/tables/{table_id}", headers=auth(tokens[1 - seat])).json()
    assert other["moves"] == [] and client.get(f"/api/tables/{table_id}").json()["moves"] == []


def test_texts_travel_as_data_and_come_back_the_same():
    from meeple.games.little_town.words import M, amount, amounts
    from meeple.i18n import COMMON, Seat, items

    texts = [M("move.fee", what=M("move.gain", gain=amounts((1, 0, 0, 2), coins=3)), fee=amount("coins", 1),
               owner=Seat(1)), items(["a", COMMON("points", n=-3)], "parts"), "place e5", 1234, True]
    for text in texts:
        data = wire.encode(text)
        assert wire.decode(data) == text or text is True  # a yes travels as the message "yes"
        for lang in ("en", "nl"):
            say = Audience(lang, ("Ada", "Bob"))
            assert say(wire.decode(data)) == say(text)


def test_seats_are_named_by_player_or_bot_numbered_when_bots_repeat():
    """Names, not seat numbers: the story names a seat by its player's name or its bot,
    "random 1" and "random 2" when two seats hold the same bot (as the browser does)."""
    from types import SimpleNamespace

    from meeple.i18n import Seat
    from meeple.server.language import audience

    seats = [SimpleNamespace(name=None, bot="random"), SimpleNamespace(name="Ada", bot=None),
             SimpleNamespace(name=None, bot="random"), SimpleNamespace(name=None, bot="greedy"),
             SimpleNamespace(name=None, bot=None)]
    say = audience("fr", seats)
    assert [say(Seat(n)) for n in range(5)] == ["random 1", "Ada", "random 2", "greedy", "place 4"]
