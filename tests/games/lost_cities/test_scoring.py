"""Scoring: the rule text, lines 32-36, and the spec's worked values."""

import pytest

from meeple.core import ParseError
from meeple.games.lost_cities import expedition_score

NUMS = [f"R{v}" for v in range(2, 11)]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ([], 0),  # "Une expédition sans aucune carte posée rapporte 0 point."
        (["RH"], -40),  # cost multiplied too: "un score négatif est lui aussi multiplié"
        (["RH", "RH", "RH"], -80),
        (["RH", "R10"], -20),
        (NUMS[:7], 15),  # 2..8: 35 - 20
        (NUMS[:8], 44),  # 2..9: 44 - 20 = 24, 8 cards: +20
        (["RH", *NUMS[:8]], 68),  # (44-20)*2 + 20: the bonus is not multiplied
        (["RH", "RH", "RH", *NUMS[:5]], 20),  # (20-20)*4 + 20 (8 cards, wagers counted)
        (["RH", "RH", "RH", *NUMS], 156),  # the best possible: (54-20)*4 + 20
        (["RH", "RH", "R2"], -54),  # (2-20)*3
    ],
)
def test_expedition_score_worked_values(cards, expected):
    assert expedition_score(cards) == expected


def test_eight_card_bonus_counts_wagers_and_is_added_after_multiplying():
    # the rule text, line 36: "huit cartes ou plus ... (ce bonus n'est pas multiplié)"
    seven = ["RH", "R2", "R3", "R4", "R5", "R6", "R7"]
    assert expedition_score(seven) == (27 - 20) * 2
    assert expedition_score([*seven, "R8"]) == (35 - 20) * 2 + 20


def test_notation_is_checked():
    with pytest.raises(ParseError, match="R1"):
        expedition_score(["R1"])
    with pytest.raises(ParseError, match="one colour"):
        expedition_score(["R2", "B3"])
