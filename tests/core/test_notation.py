"""Legal-move lists grouped by what the moves do, complete, for refusals and the prompt."""

import pytest

from meeple import games
from meeple.core import IllegalAction, ParseError
from meeple.core.notation import group_actions, group_lines

MOVES = ["play Y2", "play B8", "discard Y2", "draw deck", "draw R", "stop"]


def test_moves_are_grouped_by_all_but_their_last_word_in_order():
    assert group_actions(MOVES) == "play: Y2, B8; discard: Y2; draw: deck, R; stop"
    assert group_actions(["place 2 dike", "place 2 market", "place 3 dike"]) == (
        "place 2: dike, market; place 3: dike"
    )
    assert group_actions([]) == "none"


def test_long_groups_are_written_first_to_last_with_their_count():
    cells = [f"place {c}{r}" for r in range(1, 7) for c in "bcdefgh"][:12]
    text = group_actions([*cells, "build quarry", "build castle"], most=8)
    assert text == "place: b1..f2 (12); build: quarry, castle"
    assert group_actions(cells, most=12).count(",") == 11  # at the limit: spelled out


def test_lines_spell_every_move_out():
    lines = group_lines([f"play {c}" for c in ["Y2", "Y3", "Y4", "Y5"]] + ["stop"])
    assert lines == ["play: Y2, Y3, Y4, Y5 (4)", "stop"]


def test_refusals_name_every_group_of_legal_moves():
    g = games.get("little-town")
    state = g.new(2, 1, board=2)
    legal = state.legal_actions()
    assert len(legal) > 12
    with pytest.raises(IllegalAction) as refused:
        state.apply("build statue")
    text = str(refused.value)
    groups = {str(a).rsplit(" ", 1)[0] for a in legal}
    assert all(f"{head}:" in text for head in groups)
    assert f"({sum(1 for a in legal if str(a).startswith('place '))})" in text
    assert ", ..." not in text
    with pytest.raises(ParseError, match=r"Legal now: place: "):
        state.parse("fly")


@pytest.mark.parametrize("name", games.names())
def test_encode_is_the_code_of_an_action_and_refuses_anything_else(name):
    """``Game.encode`` gives an action's code from the action, its code or its notation,
    and refuses (``ParseError``) codes outside the game's table and unknown notation."""
    game = games.get(name)
    state = game.new(game.players.start, 3)
    for action in list(state.legal_actions())[:20]:
        code = int(action)
        assert game.encode(action) == game.encode(code) == game.encode(action.text) == code
    for wrong in (-1, 10**9, "no such move"):
        with pytest.raises(ParseError):
            game.encode(wrong)
