"""The core contract pieces: actions, options, records, the registry and errors."""

import json
import pickle

import pytest

from meeple import games
from meeple.core import (
    ActionSpace,
    ConfigError,
    IllegalAction,
    MeepleError,
    NotYourTurn,
    Option,
    ParseError,
    Record,
)


def test_actions_are_ints_that_print_as_notation():
    space = ActionSpace(["pass", "take 2"], example="pass, take 2")
    a = space.parse("  TAKE   2 ")
    assert a == 1 and str(a) == "take 2" and space[1] is a
    assert pickle.loads(pickle.dumps(a)) == a and str(pickle.loads(pickle.dumps(a))) == "take 2"
    with pytest.raises(ParseError, match="take 3.*pass, take 2"):
        space.parse("take 3")
    with pytest.raises(ParseError, match="as text"):
        space.parse(3)
    with pytest.raises(ValueError, match="duplicate"):
        ActionSpace(["a", "A"])


def test_options_coerce_text_and_refuse_other_values():
    opt = Option(5, (5, 6), "colours")
    assert opt.coerce("colors", "6") == 6 and opt.coerce("colors", 5) == 5
    with pytest.raises(ConfigError, match=r"colors=7.*allowed values: 5, 6"):
        opt.coerce("colors", 7)
    with pytest.raises(ConfigError):
        opt.coerce("colors", True)  # a bool is not the number 1
    side = Option(None, (1, 2, None), "board side")
    assert side.coerce("board", "random") is None and side.coerce("board", "2") == 2
    flag = Option(False, (False, True), "flag")
    assert flag.coerce("robin", "true") is True


def test_error_hierarchy():
    assert issubclass(ConfigError, MeepleError) and issubclass(ParseError, MeepleError)
    assert issubclass(NotYourTurn, IllegalAction) and issubclass(IllegalAction, MeepleError)
    assert IllegalAction("because").reason == "because"


def test_registry_names_and_unknown_games():
    assert "lost-cities" in games.names()
    assert games.get("Lost_Cities") is games.get("lost-cities")
    with pytest.raises(ConfigError, match="no game called 'chess'.*lost-cities"):
        games.get("chess")


def test_the_registry_refuses_a_game_object_in_place_of_its_name():
    game = games.get("lost-cities")
    with pytest.raises(ConfigError, match="by its name.*got LostCities"):
        games.get(game)


def test_new_checks_players_and_seed():
    game = games.get("lost-cities")
    with pytest.raises(ConfigError, match="players"):
        game.new(1, 0)
    with pytest.raises(ConfigError, match="seed"):
        game.new(2, -1)
    assert game.new(2).seed >= 0  # a seed is drawn and kept when none is given


def test_apply_with_a_seat_refuses_other_seats():
    s = games.get("lost-cities").new(2, 4)
    other = 1 - s.to_move
    with pytest.raises(NotYourTurn, match=f"seat {s.to_move}'s turn"):
        s.apply(s.legal_actions()[0], seat=other)
    with pytest.raises(IllegalAction, match="action code"):
        s.apply(10_000)
    s.apply(str(s.legal_actions()[0]), seat=s.to_move)  # notation is accepted
    assert s.ply == 1


def test_record_round_trips_and_replays(tmp_path):
    s = games.get("lost-cities").new(2, 8, rounds=1)
    for _ in range(30):
        s.apply(s.legal_actions()[-1])
    path = tmp_path / "game.json"
    s.record().save(path)
    data = json.loads(path.read_text())
    assert data["game"] == "lost-cities" and data["seed"] == 8 and len(data["actions"]) == 30
    again = games.replay(Record.load(path))
    assert again.view(0) == s.view(0) and again.log == s.log


def test_bad_records_say_what_is_wrong():
    with pytest.raises(MeepleError, match="JSON"):
        Record.from_json("{not json")
    with pytest.raises(MeepleError, match="lacks seed"):
        Record.from_json('{"game": "lost-cities", "players": 2}')
    record = Record("lost-cities", 2, 1, {}, ["draw deck"], rules=games.get("lost-cities").rules_version)
    with pytest.raises(MeepleError, match="action 1 .'draw deck'. cannot be replayed"):
        games.replay(record)


def test_action_table_blocks_know_their_offsets():
    from meeple.core import ActionTable

    table = ActionTable()
    play = table.block(f"play {c}" for c in "abc")
    stop = table.block(["stop"])
    space = table.build(example="play a, stop")
    assert (play, stop) == (0, 3)
    assert str(space[play + 2]) == "play c" and space.parse("stop") == stop


def test_an_option_whose_none_means_no_limit_says_so():
    opt = Option(None, (None, 60, 100), "turn limit", none="none")
    assert opt.coerce("turn_limit", "none") is None and opt.coerce("turn_limit", "60") == 60
    with pytest.raises(ConfigError, match="allowed values: none, 60, 100"):
        opt.coerce("turn_limit", 7)


def test_seed_commitment_verifies_only_the_committed_seed():
    from meeple.core.commitment import commit, new_salt, verify

    salt = new_salt()
    assert len(salt) == 32 and salt != new_salt()
    digest = commit(42, salt)
    assert verify(42, salt, digest)
    assert not verify(43, salt, digest)
    assert not verify(42, new_salt(), digest)


def test_edited_positions_replace_fields_and_refuse_unknown_ones():
    from meeple.core.position import edited
    from meeple.games.lost_cities.components import CARD_BY_TEXT

    game = games.get("lost-cities")
    state = game.new(2, 1, rounds=1)
    hand = [CARD_BY_TEXT[t] for t in ["R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"]]
    other = edited(state, hands=[hand, state.hands[1]], to_move=0)
    assert other.view(0)["hand"] == ["R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"]
    assert "play R2" in [str(a) for a in other.legal_actions()]
    assert state.hands[0] != hand  # the original is untouched
    with pytest.raises(MeepleError, match="no field 'hand'.*hands"):
        edited(state, hand=hand)


def test_derived_facts_live_exactly_as_long_as_the_cached_legal_list():
    """``State._derived`` caches a fact per position; a move, a determinization, a
    restored position or a reset legal cache must forget it (a stale fact would be a
    wrong rule), and nothing is cached while the legal list is being worked out."""
    import random

    game = games.get("lost-cities")
    state = game.new(2, 3, rounds=1)
    calls = []

    def fact():
        calls.append(state.ply)
        return len(calls)

    assert state._derived("k", fact) == 1 and state._derived("k", fact) == 2  # no legal list yet
    state.legal_actions()
    assert state._derived("k", fact) == 3 and state._derived("k", fact) == 3  # remembered
    twin = state.clone()
    assert twin._derived("k", fact) == 3  # a clone is the same position
    world = state.determinize(0, random.Random(1))
    world.legal_actions()
    assert world._derived("k", fact) == 4  # another world: worked out again
    state._legal = None  # what code that edits a state in place must do
    state.legal_actions()
    assert state._derived("k", fact) == 5
    twin.apply(twin.legal_actions()[0])
    twin.legal_actions()
    assert twin._derived("k", fact) == 6 and state._derived("k", fact) == 5
    assert "_memo" not in state.to_json()
    assert game.from_json(state.to_json())._derived("k", fact) == 7


def test_chance_streams_are_pythons_generators_seeded_with_the_seed_and_the_count():
    """Records replay only if every chance event draws what ``random.Random("seed/n")``
    draws: ``State.chance`` builds that generator without Python's seeding checks."""
    import random

    from meeple.core.state import seeded

    for text in ("0/1", "123456789/7", "281474976710655/42", "-5/3"):
        assert [seeded(text).random() for _ in range(3)] == [random.Random(text).random() for _ in range(3)]
        assert seeded(text).getstate() == random.Random(text).getstate()
    state = games.get("lost-cities").new(2, 99, rounds=1)
    n = state._chance  # the deal's events
    assert state.chance().getstate() == random.Random(f"99/{n + 1}").getstate() and state._chance == n + 1
