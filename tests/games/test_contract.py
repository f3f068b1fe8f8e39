"""The contract every registered game keeps (docs/architecture.md), checked on random games.

Fixed seeds (the same games on every run) each drive a random game through the contract. A wrong
implementation of any game breaks these: a leak shows up as a view that changes under
determinization, a non-atomic refusal as a changed state, hidden non-determinism as a
replay that differs.
"""

from __future__ import annotations

import json
import random

import pytest

from meeple import games
from meeple.core import IllegalAction, ParseError, Record
from tests.seeds import each

NAMES = games.names()
#: the random games each contract test plays per game
SEEDS = range(15)


def random_game(name: str, seed: int, max_plies: int = 4000):
    """A game played by uniform random choice, with every intermediate state."""
    game = games.get(name)
    rng = random.Random(seed)
    players = rng.choice(list(game.players))
    state = game.new(players, seed)
    states = [state.clone()]
    while state.to_move is not None and state.ply < max_plies:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return game, state, states


def test_at_least_one_game_is_registered():
    assert "lost-cities" in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_its_own_rule_tests_and_docs(name):
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    package = type(games.get(name)).__module__.split(".")[2]
    assert list((root / "tests" / "games" / package).glob("test_*.py")), f"no tests for {name}"
    assert (root / "docs" / "games" / f"{name}.md").is_file(), f"no docs/games/{name}.md"
    assert (root / "docs" / "rulings" / f"{name}.md").is_file(), f"no docs/rulings/{name}.md"


@pytest.mark.parametrize("name", NAMES)
def test_unknown_option_and_bad_player_count_are_config_errors(name):
    from meeple.core import ConfigError

    game = games.get(name)
    with pytest.raises(ConfigError, match="no_such_option"):
        game.new(game.players.start, 1, no_such_option=1)
    with pytest.raises(ConfigError, match="players"):
        game.new(game.players.stop, 1)


@pytest.mark.parametrize("name", NAMES)
def test_random_game_keeps_the_contract(name):
    each(SEEDS, lambda seed: keeps_the_contract(name, seed))


def keeps_the_contract(name: str, seed: int) -> None:
    game, final, states = random_game(name, seed)
    rng = random.Random(seed ^ 0xABCDEF)
    for state in states[:: max(1, len(states) // 25)] + [states[-1]]:
        legal = state.legal_actions()
        if state.to_move is None:
            assert list(legal) == []
            continue
        assert legal, "legal_actions is empty while the game runs"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        for a in legal:
            assert game.parse(str(a)) == a
            assert 0 <= game.encode(a) < game.num_actions
        # the view is JSON and the views of a determinization are the same
        for seat in [None, *range(state.players)]:
            json.dumps(state.view(seat))
        seat = rng.randrange(state.players)
        det = state.determinize(seat, random.Random(rng.random()))
        assert det.view(seat) == state.view(seat), "view(seat) depends on hidden information"
        assert det.view(None) == state.view(None)
        if det.to_move == seat:
            assert list(det.legal_actions()) == list(legal)
        # clone independence: playing on a clone leaves the original alone
        before = state.view(None), state.log, state.scores()
        twin = state.clone()
        twin.apply(rng.choice(twin.legal_actions()))
        assert (state.view(None), state.log, state.scores()) == before


@pytest.mark.parametrize("name", NAMES)
def test_replay_of_the_record_rebuilds_the_same_game(name):
    each(SEEDS, lambda seed: replays(name, seed))


def replays(name: str, seed: int) -> None:
    game, final, _ = random_game(name, seed)
    record = Record.from_json(final.record().to_json())
    again = games.replay(record)
    assert again.log == final.log
    for seat in [None, *range(final.players)]:
        assert again.view(seat) == final.view(seat)
    assert again.scores() == final.scores()


@pytest.mark.parametrize("name", NAMES)
def test_refused_actions_change_nothing(name):
    each(SEEDS, lambda seed: refusals_change_nothing(name, seed))


def refusals_change_nothing(name: str, seed: int) -> None:
    game, _, states = random_game(name, seed, max_plies=300)
    rng = random.Random(seed)
    for state in states[:: max(1, len(states) // 10)]:
        if state.to_move is None:
            with pytest.raises(IllegalAction):
                state.apply(game.decode(0))
            continue
        legal = set(state.legal_actions())
        illegal = [a for a in game.actions if a not in legal]
        snapshot = [state.view(s) for s in range(state.players)], state.log
        for a in rng.sample(illegal, min(20, len(illegal))):
            with pytest.raises(IllegalAction) as err:
                state.apply(a)
            assert str(a) in str(err.value) and len(err.value.reason) > len(str(a)) + 10
        with pytest.raises(ParseError):
            state.apply("this is not a move")
        assert ([state.view(s) for s in range(state.players)], state.log) == snapshot


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name):
    a = random_game(name, 12345)[1]
    b = random_game(name, 12345)[1]
    assert a.log == b.log and a.view(None) == b.view(None)
    assert random_game(name, 54321)[1].log != a.log


@pytest.mark.parametrize("name", NAMES)
def test_random_games_end(name):
    each(range(40), lambda seed: ends(name, seed))


def ends(name: str, seed: int) -> None:
    """Every game ends within its decision bound (games with a turn limit option are
    run with it, and their bound follows it)."""
    game = games.get(name)
    rng = random.Random(seed)
    options = {"turn_limit": 60} if "turn_limit" in game.options else {}
    players = rng.choice(list(game.players))
    state = game.new(players, seed, **options)
    bound = game.decision_bound(players, options)
    while state.to_move is not None:
        assert state.ply < bound, "the game did not end within its decision bound"
        state.apply(rng.choice(state.legal_actions()))
    winners = state.winners()
    assert set(winners) <= set(range(state.players))
    # someone wins, except in a solo game the automa may win (no seat does)
    assert winners or state.players == 1


# ---- contract v2: positions, immutable legal lists, codes, shared history --------------


@pytest.mark.parametrize("name", NAMES)
def test_positions_round_trip_and_play_on_identically(name):
    from tests.games.sampling import sampled_states

    game = games.get(name)
    for index, state in enumerate(sampled_states(name)[::3]):
        text = state.to_json()
        back = game.from_json(text)
        assert back.to_json() == text
        assert back.log == state.log and back.ply == state.ply
        assert back.legal_actions() == state.legal_actions()
        for seat in [None, *range(state.players)]:
            assert back.view(seat) == state.view(seat)
        rng_a, rng_b = random.Random(index), random.Random(index)
        for _ in range(30):  # chance included: the seed and chance counter came back
            if state.to_move is None:
                break
            a = rng_a.choice(state.legal_actions())
            state = state.clone()
            state.apply(a)
            back.apply(rng_b.choice(back.legal_actions()))
        assert back.to_json() == state.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_positions_refuse_other_games_other_rules_and_garbage(name):
    from meeple.core import MeepleError

    game = games.get(name)
    other = games.get(next(n for n in NAMES if n != name))
    text = other.new(other.players.start, 1).to_json()
    with pytest.raises(MeepleError, match=f"not of {name!r}"):
        game.from_json(text)
    mine = json.loads(game.new(game.players.start, 1).to_json())
    mine["rules"] = "0-old"
    with pytest.raises(MeepleError, match="rules version"):
        game.from_json(json.dumps(mine))
    mine = json.loads(game.new(game.players.start, 1).to_json())
    mine["fields"]["x"] = {"~object": "os:system", "fields": {}}
    with pytest.raises(MeepleError, match="meeple's own game objects"):
        game.from_json(json.dumps(mine))
    for garbage in ("", "[1, 2]", "{\"position\": 1}"):
        with pytest.raises(MeepleError):
            game.from_json(garbage)


@pytest.mark.parametrize("name", NAMES)
def test_legal_lists_are_immutable_and_codes_outside_the_table_are_refused(name):
    game = games.get(name)
    state = game.new(game.players.start, 3)
    legal = state.legal_actions()
    assert isinstance(legal, tuple)
    twin = state.clone()
    assert twin.legal_actions() == legal
    for code in (-1, game.num_actions, 2**40):
        with pytest.raises(ParseError, match="not an action code"):
            game.decode(code)
        with pytest.raises(IllegalAction, match="not an action code"):
            state.apply(code)
    assert game.decode(0) == 0 and str(game.decode(0)) == str(game.actions[0])


@pytest.mark.parametrize("name", NAMES)
def test_clones_share_the_history_instead_of_copying_it(name):
    _, final, states = random_game(name, 7)
    late = max(states, key=lambda s: s.ply)
    twin = late.clone()
    assert twin._history is late._history and twin.log == late.log
    assert len(twin._recent) < 64
    if late.to_move is not None:
        twin.apply(twin.legal_actions()[0])
        assert late.ply == twin.ply - 1 and twin.log[:-1] == late.log


@pytest.mark.parametrize("name", NAMES)
def test_records_carry_the_rules_version_and_other_versions_are_refused(name):
    from meeple.core import MeepleError

    game = games.get(name)
    state = game.new(game.players.start, 5)
    state.apply(state.legal_actions()[0])
    record = state.record()
    assert record.rules == game.rules_version
    assert Record.from_json(record.to_json()).rules == game.rules_version
    record.rules = "0-old"
    with pytest.raises(MeepleError, match="rules version '0-old'"):
        games.replay(record)
