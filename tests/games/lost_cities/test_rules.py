"""Lost Cities rules: each test cites the rule text line it checks, the component facts
(the spec) or a ruling of docs/rulings/lost-cities.md."""

import random
from collections import Counter

import pytest

from meeple.core import ConfigError, IllegalAction, ParseError
from meeple.games.lost_cities.components import CARD_BY_TEXT
from tests.games.lost_cities.helpers import GAME, position

HAND0 = "RH RH R3 R5 B2 B9 GH Y10"
HAND1 = "WH W2 W3 W4 W5 W6 W7 W8"
DECK = "Y2 Y3 Y4 Y5 Y6 Y7"


def test_setup_deals_eight_each_and_leaves_44_or_56():
    # the rule text, line 18 ("Distribuez ensuite huit cartes"); spec: 44-card deck (56 with 6)
    five = GAME.new(2, 1)
    assert [len(h) for h in five.hands] == [8, 8] and len(five.deck) == 44
    six = GAME.new(2, 1, colors=6)
    assert len(six.deck) == 56
    every = Counter(six.deck + six.hands[0] + six.hands[1])
    assert sum(every.values()) == 72 and every[GAME.parse("play PH") % 60] == 3


def test_bad_options_name_the_option():
    with pytest.raises(ConfigError, match="colors"):
        GAME.new(2, 1, colors=7)
    with pytest.raises(ConfigError, match="rounds"):
        GAME.new(2, 1, rounds=0)
    with pytest.raises(ConfigError, match="2 players"):
        GAME.new(3, 1)


def test_notation_round_trips_and_is_tolerant():
    assert str(GAME.parse("PLAY  r7")) == "play R7"
    assert GAME.parse("draw deck") != GAME.parse("draw R")
    assert len({GAME.encode(a) for a in GAME.actions}) == GAME.num_actions == 127
    for a in GAME.actions:
        assert GAME.parse(str(a)) == a
    with pytest.raises(ParseError, match="play R7"):
        GAME.parse("play R1")


def test_a_turn_is_play_or_discard_then_draw():
    # the rule text, line 22: "Un tour se compose obligatoirement de deux actions consécutives"
    s = position(HAND0, HAND1, DECK)
    with pytest.raises(IllegalAction, match="first play or discard"):
        s.apply("draw deck")
    s.apply("play R3")
    with pytest.raises(IllegalAction, match="now draw"):
        s.apply("play R5")
    s.apply("draw deck")
    assert s.to_move == 1 and len(s.hands[0]) == 8 and "Y7" in s.view(0)["hand"]


def test_numbers_rise_strictly_and_wagers_come_first():
    # the rule text, line 24: "par ordre strictement croissant"; wagers "qu'au tout début"
    s = position(HAND0, HAND1, DECK)
    s.apply("play R5")
    s.apply("draw deck")
    s.apply("discard W2")
    s.apply("draw deck")
    legal = {str(a) for a in s.legal_actions()}
    assert "play R3" not in legal and "play RH" not in legal and "discard R3" in legal
    with pytest.raises(IllegalAction, match="wagers go before the first number"):
        s.apply("play RH")
    with pytest.raises(IllegalAction, match="not higher than the red 5"):
        s.apply("play R3")


def test_any_number_of_wagers_before_numbers():
    # the rule text, line 24 (wagers before the first number); spec: "any number of wagers (0-3)"
    s = position(HAND0, HAND1, DECK)
    s.apply("play RH")
    s.apply("draw deck")
    s.apply("discard W2")
    s.apply("draw deck")
    s.apply("play RH")
    assert s.view(0)["expeditions"][0]["R"] == ["RH", "RH"]
    s.apply("draw deck")
    s.apply("discard W3")
    s.apply("draw deck")
    assert {"play R3", "play R5"} <= {str(a) for a in s.legal_actions()}


def test_the_card_just_discarded_cannot_be_drawn_back():
    # the rule text, line 26: "vous ne pouvez pas défausser une carte et reprendre immédiatement"
    # (ruling LC-4)
    s = position(HAND0, HAND1, DECK)
    s.apply("discard B9")
    assert "draw B" not in {str(a) for a in s.legal_actions()}
    with pytest.raises(IllegalAction, match="just discarded"):
        s.apply("draw B")
    s.apply("draw deck")
    # the other player may take it, and so may the discarder on a later turn
    s.apply("discard W2")
    assert "draw B" in {str(a) for a in s.legal_actions()}


def test_empty_piles_cannot_be_drawn():
    # the rule text, line 26: the top card "de l'une des cinq défausses"
    s = position(HAND0, HAND1, DECK)
    s.apply("play R3")
    with pytest.raises(IllegalAction, match="yellow discard pile is empty"):
        s.apply("draw Y")


def test_round_ends_the_moment_the_last_deck_card_is_drawn():
    # the rule text, line 30: "Une manche prend fin immédiatement dès qu'un joueur pioche la
    # toute dernière carte"; scoring lines 32-34
    s = position(HAND0, HAND1, "Y2", rounds=1)
    s.apply("play R3")
    s.apply("draw deck")
    assert s.is_over and s.to_move is None and s.legal_actions() == ()
    # R3 alone: (3 - 20) x 1 = -17; seat 1 never started an expedition: 0
    assert s.view(0)["round_scores"] == [[-17, 0]] and s.winners() == [1]
    assert s.view(None)["round_ends"] == ["deck"]
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply("draw deck")


def test_drawing_a_discard_keeps_the_round_going():
    # the rule text, line 30 (only the deck's last card ends a round); spec "every draw
    # from a discard pile lengthens the round"
    s = position(HAND0, HAND1, "Y2", rounds=1, piles={"Y": "Y5"})
    s.apply("discard B9")
    s.apply("draw Y")
    assert not s.is_over and s.to_move == 1 and len(s.deck) == 1


def test_the_leader_starts_the_next_round_and_scores_sum():
    # the rule text, line 38 (three rounds, totals summed); spec: "The player with the
    # higher total so far starts the next round"
    s = position(HAND0, HAND1, "Y2", to_move=1, rounds=2)
    s.apply("play W2")  # seat 1: -18
    s.apply("draw deck")
    assert s.round == 2 and s.view(1)["round_scores"] == [[0, -18]]
    assert s.to_move == 0 and s.starter == 0
    assert [len(h) for h in s.hands] == [8, 8] and len(s.deck) == 44
    assert s.view(0)["expeditions"][1]["W"] == []


def test_tied_totals_pass_the_start_to_the_other_player():
    # docs/rulings/lost-cities.md LC-1: on a tie the player who did not start starts
    s = position(HAND0, HAND1, "Y2", to_move=1, rounds=2)
    s.apply("discard W2")
    s.apply("draw deck")
    assert s.view(0)["round_scores"] == [[0, 0]] and s.starter == 0 and s.to_move == 0


def test_match_total_decides_and_ties_share_the_win():
    # the rule text, line 38: the highest total wins; ruling LC-3: a tie is shared
    s = position(HAND0, HAND1, "Y2", rounds=1)
    s.apply("discard Y10")
    s.apply("draw deck")
    assert s.scores() == [0, 0] and s.winners() == [0, 1]


def test_known_cards_follow_discard_draws_and_survive_determinize():
    # the rule text, line 26 (pile cards are drawn face up); spec: "A determinizing bot must keep fixed the cards it saw the opponent take"
    s = position(HAND0, HAND1, DECK)
    s.apply("discard B9")
    s.apply("draw deck")
    s.apply("discard W2")
    s.apply("draw B")  # seat 1 takes B9 from the pile: now known to be in its hand
    assert s.view(0)["known"] == [[], ["B9"]]
    for i in range(20):
        d = s.determinize(0, random.Random(i))
        assert d.hands[0] == s.hands[0]
        assert CARD_BY_TEXT["B9"] in d.hands[1]
    s.apply("discard Y10")
    s.apply("draw deck")
    s.apply("play B9")
    assert s.view(0)["known"] == [[], []]


def test_playing_one_of_two_identical_wagers_forgets_the_known_one():
    # ruling LC-8: seat 1 takes a blue wager from the pile and holds another one; when
    # it plays a blue wager, seat 0 cannot tell which, so no blue wager stays known
    s = position(
        "R2 R3 R4 R5 R6 R7 R8 R9", "BH Y2 Y3 Y4 Y5 Y6 Y7 Y8", "G2 G3 G4 G5 G6", piles={"B": "BH"}
    )
    s.apply("discard R2")
    s.apply("draw deck")
    s.apply("discard Y8")
    s.apply("draw B")
    assert s.view(0)["known"] == [[], ["BH"]]
    s.apply("discard R3")
    s.apply("draw deck")
    s.apply("play BH")
    assert s.view(0)["known"] == [[], []]
    assert CARD_BY_TEXT["BH"] in s.hands[1]  # it does hold the other one


def test_determinize_reshuffles_what_is_hidden():
    s = GAME.new(2, 5)
    worlds = {tuple(sorted(s.determinize(0, random.Random(i)).hands[1])) for i in range(10)}
    decks = {tuple(s.determinize(0, random.Random(i)).deck) for i in range(10)}
    assert len(worlds) > 5 and len(decks) > 5
    assert all(s.determinize(0, random.Random(i)).hands[0] == s.hands[0] for i in range(5))


def test_views_hide_the_other_hand_and_the_deck_order():
    # the rule text, line 18: hands are kept secret, the deck face down
    s = GAME.new(2, 9)
    public = s.view(None)
    assert "hand" not in public and public["deck"] == 44 and public["hand_sizes"] == [8, 8]
    mine = s.view(0)
    assert len(mine["hand"]) == 8
    text = repr(mine)
    theirs = [c for c in s.view(1)["hand"] if c not in mine["hand"]]
    assert theirs and all(f"'{c}'" not in text for c in theirs)


def test_purple_is_only_in_the_six_colour_game():
    # the rule text, line 52: the sixth colour is a variant (option colors=6, ruling LC-6)
    s = position(HAND0, HAND1, DECK)
    with pytest.raises(IllegalAction, match="six-colour"):
        s.apply("play P5")
