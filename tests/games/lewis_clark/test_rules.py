"""Turn structure, recruitment, camp, the end of the game, solo and the house rules.

"rule text line n" cites the French rule text (second edition game help).
"""

from __future__ import annotations

import random

import pytest
from tests.games.lewis_clark.lc_helpers import (
    KIND,
    change,
    check_invariants,
    goods,
    legal,
    play,
    table,
)

from meeple.core import ConfigError, IllegalAction
from meeple.core.position import edited
from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark.components import FORT, LAST, MAX_ALLOWANCE, STRENGTH
from meeple.games.lewis_clark.expedition import goods_time


def me(s):
    return s.expeditions[0]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup(players):
    # rule text lines 31-37: 3 + 3 x players Indians; line 47: 6 cards each;
    # setup notes: 1 fur, 1 food, 1 equipment, 1 Indian, 1 in the Pow-wow, journal by strength
    s = GAME.new(players, 5)
    assert all(len(e.hand) == 6 for e in s.expeditions)
    assert all(e.goods == [0, 1, 1, 1, 0, 0] for e in s.expeditions)
    assert [e.indians for e in s.expeditions] == [1] * players and s.powwow == 1
    assert sum(e.indians for e in s.expeditions) + s.powwow + s.indian_stock == 3 + 3 * players
    assert len(s.journal) == 5 and [STRENGTH[k] for k in s.journal] == sorted(
        STRENGTH[k] for k in s.journal)
    check_invariants(s)


def test_strength_sources_total_at_most_three():
    # rule text lines 101-105: a card, 1-3 Indians, or a card + 1-2 Indians, total <= 3
    s = change(table(), give=("hunter", "interpreter", "reed"), indians=3)
    play(s, "play hunter")
    assert legal(s) == ["with reed", "with interpreter", "indians 1", "indians 2", "indians 3"]
    play(s, "with interpreter")
    assert legal(s) == ["indians 1", "stop"]  # 2 + 1 = 3
    play(s, "indians 1")
    assert s.effects[-1].repetitions == 3 and me(s).indians == 2


def test_the_action_is_mandatory_and_single():
    # rule text line 76: "vous devez réaliser une Action"
    s = change(table(), give=("hunter", "trapper", "lumberjack"))
    assert "end" not in legal(s)
    play(s, "play hunter", "with trapper", "stop")
    assert "end" in legal(s) and not any(a.startswith("play") for a in legal(s))


def test_declining_every_repetition_is_allowed():
    # rule text line 122: an action activated 3 times may be done 2 times or not at all
    s = change(table(), goods_=goods(), give=("hunter",), indians=3)
    play(s, "play hunter", "indians 3", "take food", "stop")
    assert me(s).goods[2] == 1 and s.phase == "main" and s.acted


def test_recruitment_costs_fur_by_position_and_equipment_by_strength():
    # rule text lines 130-138
    s = change(table(), give=("hunter", "trapper"))
    slot3 = s.journal[2]
    need = STRENGTH[slot3]
    s2 = change(s, goods_=goods(fur=2, equip=need))
    assert "recruit 3" not in legal(s2) and "recruit 2" in legal(s2)  # 3 fur for slot 3
    s2 = change(s, goods_=goods(fur=3, equip=need - 1))
    assert "recruit 3" in legal(s2)  # a strength-1 hand card covers the missing equipment
    s = change(s, goods_=goods(fur=3, equip=need))
    play(s, "recruit 3")
    assert legal(s) == ["discard hunter", "discard trapper", "skip"]
    play(s, "skip")
    assert me(s).goods[1] == 0 and me(s).goods[3] == 0 and slot3 in me(s).hand
    assert len(s.journal) == 5 and not any(a.startswith("recruit") for a in legal(s))


def test_recruitment_discard_pays_equipment_and_stays_visible_on_the_pile():
    # rule text line 135: "Vous économisez alors autant d'Équipements que la Force de la
    # carte défaussée. La carte défaussée est placée face visible dans une pile de défausse"
    s = change(table(), give=("interpreter", "hunter"), goods_=goods(fur=1, equip=1))
    first = s.journal[0]
    play(s, "recruit 1", "discard interpreter")
    assert me(s).goods[3] == 1  # strength-2 card covers up to 2 equipment; none paid
    assert first in me(s).hand and KIND["interpreter"] not in me(s).hand
    assert s.discard[-1] == KIND["interpreter"]
    for seat in (None, 0, 1):
        assert s.view(seat)["discard"][-1] == "interpreter"
    check_invariants(s)


def test_camp_time_indians_back_cards_back_camp_to_scout():
    # rule text lines 152-169
    s = change(table(), goods_=goods(food=4), give=("hunter", "trapper", "lumberjack", "leader"),
               indians=2, scout=6)
    play(s, "play hunter", "with trapper", "indians 1", "stop")
    assert s.camp_time(0) == 2 + 1 + 1  # 2 hand cards, boat B, 2 Indians (1 free)
    play(s, "camp")
    assert me(s).time_tokens == 4 and me(s).indians == 2 and len(me(s).hand) == 4
    assert me(s).play_area == [] and me(s).camp == 6
    assert "camp" not in legal(s)  # DC-21: once per turn


def test_goods_time_packs_boats_best():
    # boats: A 3 free, B 3 (1 if used), C 5 (1 each); 2nd-edition tile 2 free (DC-13)
    assert [goods_time(n, 0) for n in range(12)] == [0, 0, 0, 0, 1, 1, 1, 2, 3, 4, 5, 6]
    assert goods_time(5, 1) == 0 and goods_time(6, 1) == 1


def test_forced_camp_then_pass_when_still_impossible():
    # rule text line 148 (forced camp) and DC-26 (pass)
    s = change(table(), goods_=goods(wood=1), give=("hunter",))
    assert legal(s) == ["camp"]
    play(s, "camp")
    assert legal(s) == ["end"]  # still one card, no Indians: the turn passes


def test_goods_cannot_be_thrown_away_unless_the_house_rule_allows_it():
    # DC-15 re-read: line 156 allows re-arranging goods, not discarding them, and lines
    # 163-165 make the load a real cost at camp; declining a gain (line 124) is the way
    s = change(table(), goods_=goods(wood=6), give=("hunter", "trapper"))
    assert not any(a.startswith("drop") for a in legal(s))
    with pytest.raises(IllegalAction, match="drop_goods"):
        s.apply("drop wood")
    s = change(table(drop_goods=True), goods_=goods(wood=6), give=("hunter", "trapper"))
    play(s, "drop wood")
    assert me(s).goods[0] == 5


def test_win_needs_camp_past_the_fort_with_few_enough_time_tokens_and_ends_at_once():
    # rule text lines 175-181
    s = change(table(players=3), give=("hunter", "trapper"), scout=FORT + 2, time_tokens=1)
    play(s, "camp")
    assert s.to_move is not None  # 1 token + 2 cards > 2: the game goes on (line 177)
    s = change(table(players=3), scout=FORT + 2, time_tokens=2)
    play(s, "camp")
    assert s.to_move is None and s.winners() == [0] and s.legal_actions() == ()
    assert s.end_reason == "reached the Pacific"


def test_the_route_ends_at_its_last_printed_space_allowing_ten_tokens():
    # rule text lines 175-179 and DC-20/DC-23: 0 St. Louis, 1-17 river, 18 mixed, 19-25
    # mountain, 26 mixed, 27-31 river, 32-34 mountain, 35-38 river, 39 Fort Clatsop (0)
    # .. 49 (10); a scout stops on the last space
    from meeple.games.lewis_clark.components import ROUTE, allowance

    assert "".join(ROUTE) == "R" * 18 + "X" + "M" * 7 + "X" + "R" * 5 + "M" * 3 + "R" * 15
    assert LAST == 49 and FORT == 39 and MAX_ALLOWANCE == 10
    assert [allowance(p) for p in (38, 39, 40, 49)] == [None, 0, 1, 10]
    s = change(table(), scout=47, camp=47, goods_=goods(canoe=1), give=("leader",), indians=1)
    play(s, "play leader", "indians 1", "pay canoe")
    assert me(s).scout == LAST
    s = change(table(), scout=LAST, time_tokens=MAX_ALLOWANCE)
    play(s, "camp")
    assert s.winners() == [0]  # ten tokens on the last space still win


def test_a_seat_with_more_tokens_than_the_last_space_allows_cannot_win():
    # LEW-14: tokens are never given back (DC-24) and no space allows more than 10, so
    # such an expedition cannot win; the game goes on for the others (line 177)
    s = change(table(players=3), scout=LAST, time_tokens=MAX_ALLOWANCE + 1)
    play(s, "camp")
    assert s.to_move is not None
    assert s.view(None)["expeditions"][0]["can_still_win"] is False


def test_the_game_ends_when_no_seat_can_still_win():
    # LEW-14 and LEW-16: the expedition closest to the Pacific (scout - tokens) wins
    s = table(players=3)
    s = change(s, 1, scout=30, time_tokens=12)
    s = change(s, 2, scout=45, time_tokens=14)
    s = change(s, scout=20, time_tokens=11)
    play(s, "camp")
    assert s.to_move is None and s.end_reason.startswith("no expedition can still win")
    assert s.winners() == [2]  # 45 - 14 = 31 beats 30 - 12 = 18 and 20 - 11 = 9


def test_expeditions_that_stop_moving_end_the_game_at_a_progress_check():
    # LEW-15 (option progress_rounds, default 6): at the end of every sixth round the
    # scouts must have advanced together one space per player since the last check
    s = GAME.new(2, 3)
    assert s.options["progress_rounds"] == 6
    ahead = 1 - s.first_player  # the seat that ends round 6
    s = change(edited(s, turns=11, phase="main", acted=True), ahead, scout=1)
    assert s.view(None)["progress_check"] == {"advanced": 1, "needed": 2, "turns_left": 1}
    s.apply("end")
    assert s.to_move is None and s.end_reason.startswith("the expeditions are stuck")
    assert s.winners() == [ahead]  # the scout furthest along


def test_enough_progress_passes_the_check_and_sets_the_next_mark():
    s = GAME.new(3, 3)
    s = change(edited(s, turns=17, phase="main", acted=True), 0, scout=3)
    s.apply("end")
    assert s.to_move is not None and s.progress_mark == 3
    assert s.view(None)["progress_check"] == {"advanced": 0, "needed": 3, "turns_left": 18}
    # the window is the option's: every third round when asked for
    s = GAME.new(3, 3, progress_rounds=3)
    s = change(edited(s, turns=8, phase="main", acted=True), 0, scout=2)
    s.apply("end")
    assert s.to_move is None and s.end_reason.startswith("the expeditions are stuck")


def test_no_progress_check_solo_nor_with_the_option_off():
    # solo: Mackenzie is the clock; progress_rounds=none: the bare rule text
    for s in (GAME.new(1, 3), GAME.new(2, 3, progress_rounds=None)):
        s = edited(s, turns=6 * s.players - 1, phase="main", acted=True)
        s.apply("end")
        assert s.to_move is not None and s.view(None)["progress_check"] is None


def test_the_ranking_puts_expeditions_still_in_the_race_first():
    # LEW-16: an expedition that can still win beats those that cannot, whatever the
    # scouts; then scout minus Time tokens
    s = GAME.new(3, 3)
    s = change(change(change(s, 0, scout=49, time_tokens=11), 1, scout=20, time_tokens=3),
               2, scout=25, time_tokens=9)
    s = edited(s, turns=17, phase="main", acted=True, progress_mark=49 + 20 + 25)
    s.apply("end")
    assert s.end_reason.startswith("the expeditions are stuck") and s.winners() == [1]  # 20 - 3 = 17 beats 25 - 9 = 16; seat 0 is out of the race


def test_scouts_never_share_a_space():
    # component notes (both fan engines): "a scout never ends on a space holding another"
    s = change(table(), 1, scout=2)
    s = change(s, goods_=goods(food=1), give=("leader",), indians=1)
    play(s, "play leader", "indians 1", "pay food")
    assert me(s).scout == 3


def test_gains_beyond_capacity_stay_in_the_stock():
    # DC-15: what does not fit is not gained
    s = change(table(), goods_=goods(wood=10), give=("hunter",), indians=1)
    s = change(s, 1, area=[("hunter", None, 0)])
    play(s, "play hunter", "indians 1", "take food", "take food")
    assert sum(me(s).goods) == 11 and me(s).goods[2] == 1 and s.phase == "main"


def test_empty_deck_reshuffles_the_discard_piles_journal_cards_only():
    # DC-12; rule text line 135: starting cards on the pile are not Journal cards
    s = change(table(), goods_=goods(fur=1, equip=3), give=("hunter", "trapper"))
    s = change(s, 1, hand=[k for k in s.expeditions[1].hand if k != KIND["hunter"]])
    s = edited(s, discard=list(s.deck) + [KIND["hunter"]], deck=[])  # seat 1's hunter
    play(s, "recruit 1", "skip")
    assert len(s.journal) == 5 and s.deck and s.discard == [KIND["hunter"]]
    check_invariants(s)


def test_turn_limit_house_rule():
    # LEW-11 and LEW-16: the highest scout - tokens wins
    s = GAME.new(2, 3, turn_limit=10)
    s = change(change(s, 0, scout=10, time_tokens=3), 1, scout=9, time_tokens=1)
    s = edited(s, turns=19, phase="main", acted=True)
    s.apply("end")
    assert s.to_move is None and s.winners() == [1] and s.end_reason == "turn limit (house rule)"


def test_solo_mackenzie_advances_and_wins_at_the_fort():
    # solo and DC-25
    s = GAME.new(1, 3, difficulty=5)
    assert s.mackenzie == 5
    s = edited(s, acted=True)
    s.apply("end")
    assert s.mackenzie == 6
    s = edited(s, mackenzie=FORT - 1, acted=True)
    s.apply("end")
    assert s.to_move is None and s.winners() == [] and s.scores()[0] < -50


def test_bad_options_are_config_errors():
    with pytest.raises(ConfigError, match="turn_limit"):
        GAME.new(2, 1, turn_limit=7)
    with pytest.raises(ConfigError, match="difficulty"):
        GAME.new(1, 1, difficulty=9)
    with pytest.raises(ConfigError, match="progress_rounds"):
        GAME.new(2, 1, progress_rounds=1)


def test_determinize_keeps_backs_and_own_hand():
    s = table(players=3)
    for seat in (1, 2):
        e = s.expeditions[seat]
        hand = [k for k in e.hand if k not in (KIND["hunter"], KIND["leader"])]
        s = change(s, seat, area=[("hunter", "leader", 0)], hand=hand)
    seen = set()
    for i in range(30):
        d = s.determinize(0, random.Random(i))
        assert d.view(0) == s.view(0) and d.expeditions[0].hand == me(s).hand
        seen.add(d.expeditions[1].play_area[0].support)
        assert sorted(d.expeditions[1].hand + [d.expeditions[1].play_area[0].support]) == sorted(
            s.expeditions[1].hand + [KIND["leader"]])
        check_invariants(d)
    assert seen == {KIND["leader"], KIND["trapper"]}  # both show a 1-strength fur back


def test_partial_strength_cards_once_effects_waste_the_excess():
    # LEW-9: a strength-3 support on a once-only card is allowed, excess wasted
    s = change(table(), give=("little-raven", "heney"))
    play(s, "play little-raven", "with heney")
    assert s.effects[-1].repetitions == 1


def test_views_hide_hands_and_face_down_cards_but_show_their_backs():
    # hand private (size public), deck order hidden; a support is face down
    s = change(table(players=2), give=("hunter", "interpreter", "trapper"))
    play(s, "play hunter", "with interpreter")
    mine, theirs, public = s.view(0), s.view(1), s.view(None)
    assert "hand" not in public and theirs["hand"] != mine["hand"]
    assert mine["expeditions"][0]["play_area"][0]["support"] == "interpreter"
    back = {"face_down": True, "strength": 2, "badge": "wood"}
    assert theirs["expeditions"][0]["play_area"][0]["support"] == back
    assert public["expeditions"][0]["play_area"][0]["support"] == back
    assert public["expeditions"][0]["hand_size"] == 1 and "deck_order" not in public
    assert isinstance(public["deck"], int)


def test_reveals_count_journal_draws():
    # architecture: reveals grows whenever a hidden card becomes visible
    s = change(table(), give=("hunter", "trapper"), goods_=goods(fur=1, equip=3))
    before = s.reveals
    play(s, "recruit 1", "skip")
    assert s.reveals == before + 1


def test_positions_round_trip_through_json():
    s = GAME.new(3, 11)
    rng = random.Random(2)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    assert s.to_move is not None
    again = GAME.from_json(s.to_json())
    assert again.to_json() == s.to_json()
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == s.view(seat)
    assert again.legal_actions() == s.legal_actions()


def test_clone_costs_do_not_grow_with_the_game():
    # issue 8: clone() copies nothing that grows with the number of plies
    import json

    s = GAME.new(2, 4)
    rng = random.Random(4)
    sizes = []
    for _ in range(3):
        for _ in range(40):
            if s.to_move is None:
                break
            s.apply(rng.choice(s.legal_actions()))
        sizes.append(len(json.dumps(json.loads(s.to_json())["fields"])))
    assert max(sizes) < 3 * min(sizes)
