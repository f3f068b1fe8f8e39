"""What a cached table keeps between requests (server/live.py) is what a fresh
computation would give: each reader's log, after moves and undos."""

from __future__ import annotations

import random

from meeple import games
from meeple.core.game import Game
from meeple.server.live import LiveTable, advance, payload, seat_log
from meeple.server.storage import Event


def table(game_name: str, seed: int) -> LiveTable:
    game = games.get(game_name)
    options = game.resolve_options({})
    live = LiveTable(id=1, game=game, players=2, options=options, seed=seed, salt="s", commitment="c",
                     state=game.new(2, seed, **options))
    advance(live, Event(0, "create", None, None, {"seats": [{"kind": "human"}, {"kind": "human"}]}))
    return live


def fresh_log(live: LiveTable, seat: int | None) -> list[str]:
    if live.over or type(live.game).log_text is Game.log_text:
        return [p.action.text for p in live.moves]
    return [live.game.log_text(p.action, p.actor, seat) for p in live.moves]


def test_each_readers_log_follows_moves_and_undos_of_a_game_that_hides_moves():
    live = table("lewis-clark", 4)
    assert type(live.game).log_text is not Game.log_text  # a game whose logs differ by reader
    rng = random.Random(1)
    hidden = 0
    for _ in range(300):
        if live.state.to_move is None:
            break
        if live.moves and rng.random() < 0.2:  # an undo, then maybe another move in its place
            advance(live, Event(live.version + 1, "undo", live.moves[-1].actor, live.moves[-1].action.text))
        else:
            action = rng.choice(list(live.state.legal_actions()))
            advance(live, Event(live.version + 1, "move", live.state.to_move, action.text))
        for seat in (0, 1, None):
            if rng.random() < 0.5:  # read now and then, as requests do
                assert seat_log(live, seat) == fresh_log(live, seat)
        hidden += seat_log(live, 0) != seat_log(live, 1)
    for seat in (0, 1, None):
        assert seat_log(live, seat) == fresh_log(live, seat)
        assert payload(live, seat, 0.0, [False, False])["log"] == fresh_log(live, seat)
    assert hidden, "no move was hidden from another seat: the test proves nothing"


def test_a_finished_game_shows_everyone_the_whole_record():
    live = table("lost-cities", 2)
    rng = random.Random(2)
    while not live.over:
        action = rng.choice(list(live.state.legal_actions()))
        data = None
        after = live.state.clone()
        after.apply(after.parse(action.text))
        if after.to_move is None:
            data = {"result": {"scores": list(after.scores()), "winners": list(after.winners())}}
        advance(live, Event(live.version + 1, "move", live.state.to_move, action.text, data))
    record = [p.action.text for p in live.moves]
    assert all(seat_log(live, seat) == record for seat in (0, 1, None))


def test_a_state_is_built_once_per_version_reader_and_presence():
    from meeple.server.clocks import Clocks
    from meeple.server.live import shown

    live = table("lost-cities", 3)
    rng = random.Random(4)
    for _ in range(30):
        seat = live.state.to_move
        first = shown(live, seat, 0.0, [True, False])
        assert shown(live, seat, 5.0, [True, False]) is first  # the move's push and its answer
        assert first == payload(live, seat, 0.0, [True, False])
        other = shown(live, seat, 0.0, [True, True])  # someone connected: built again
        assert other is not first and other["seats"][1]["connected"]
        assert shown(live, None, 0.0, [True, False]) == payload(live, None, 0.0, [True, False])
        action = rng.choice(list(live.state.legal_actions()))
        advance(live, Event(live.version + 1, "move", seat, action.text))
        after = shown(live, seat, 0.0, [True, False])
        assert after is not first and after == payload(live, seat, 0.0, [True, False])
    live.clocks = Clocks([60.0, 60.0])  # a clock runs with the time: never kept
    assert shown(live, 0, 0.0, [True, False]) is not shown(live, 0, 0.0, [True, False])
