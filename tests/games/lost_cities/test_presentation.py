"""What a player meets: the board and its legend, the status line, the narration of round
ends, the glossary, the score breakdown and the simulation report."""

import random

from rich.text import Text

from meeple.core.position import edited
from meeple.games.lost_cities.render import WIDTH
from meeple.i18n import ENGLISH
from tests.games.lost_cities.helpers import GAME, ks, position


def en(text) -> str:
    """A text in English, seats unnamed ("seat 1")."""
    return ENGLISH.text(text)

FULL = "H H H 2 3 4 5 6 7 8 9 10 =156"


def plain(text: str) -> list[str]:
    return Text.from_markup(text).plain.split("\n")


def crowded():
    """The widest table there can be: six colours, a twelve-card expedition on each side,
    a full pile just discarded to, every stall warning on."""
    s = GAME.new(2, 3, colors=6)
    expeditions = [[[] for _ in range(6)] for _ in range(2)]
    expeditions[0][1] = ks("WH WH WH W2 W3 W4 W5 W6 W7 W8 W9 W10")
    expeditions[1][0] = ks("YH YH YH Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10")
    top_ranks = [[-1] * 6 for _ in range(2)]
    top_ranks[0][1] = top_ranks[1][0] = 9
    piles = [[] for _ in range(6)]
    piles[3] = ks("GH GH GH G2 G3 G4 G5 G6 G7 G8 G9 G10")
    piles[4] = ks("R5")
    return edited(
        s,
        hands=[ks("R2 R3 R4 B2 B3 B4 P2"), ks("R6 R7 R8 B5 B6 B7 P3 P4")],
        expeditions=expeditions,
        top_ranks=top_ranks,
        discard_piles=piles,
        deck=ks("P5"),
        phase="draw",
        blocked_pile=3,
        to_move=0,
        idle_turns=49,
        taken_from_piles=[[], ks("R6 R7 R8 B5 B6 B7 P3 P4")],
    )


def test_the_widest_board_fits_and_nothing_is_cut():
    s = crowded()
    for seat in (0, 1, None):
        lines = plain(GAME.render(s, seat))
        assert max(len(line) for line in lines) <= WIDTH <= 100, "\n".join(lines)
        text = "\n".join(lines)
        assert text.count(FULL) == 2  # both twelve-card expeditions, whole
        assert "G10 +11*" in text  # the pile's top, what lies under it, the block mark


def test_five_rounds_of_the_worst_scores_fit():
    from meeple.games.lost_cities.rules import RoundResult

    s = crowded()
    worst = RoundResult(scores=(-400, -400), expeditions=((), ()), ended_by="deck")
    s = edited(s, finished_rounds=[worst] * 4, round=5, rounds=5)
    lines = plain(GAME.render(s, None))
    assert max(len(line) for line in lines) <= WIDTH
    assert "rounds so far (seat 0 : seat 1): -400:-400  -400:-400  -400:-400  -400:-400" in lines


def test_every_symbol_on_the_board_is_in_the_legend():
    text = "\n".join(plain(GAME.render(crowded(), 0)))
    legend = text[text.index("legend:"):]
    for symbol in ("H wager", "=N", "+N", "* just discarded", "- none"):
        assert symbol in legend
    assert "stall rules: this position has come up 1 of 3 times; idle turns 49 of 50" in text
    assert "stall rules" not in "\n".join(plain(GAME.render(GAME.new(2, 1), 0)))  # no idle turn yet


def test_status_says_who_is_asked_what():
    s = crowded()
    line = en(GAME.status(s.view(0)))
    assert line.startswith("you draw a card")
    assert "not green: just discarded" in line
    # the last card; the 50th idle turn: in words, not notation
    assert "drawing the last card of the deck or taking from the red discard pile ends the round" in line
    assert "49 idle turns in a row (50 end the round)" in line
    assert "1 card in the deck" in line  # one card, not "1 cards"
    assert en(GAME.status(s.view(1))).startswith("seat 0 draws a card")
    assert ENGLISH.named(["Ada", "Bob"]).text(GAME.status(s.view(1))).startswith("Ada draws a card")
    fresh = GAME.new(2, 4)
    assert f"seat {fresh.to_move} plays a card" in en(GAME.status(fresh.view(None)))


def test_status_at_the_end_names_the_winner():
    s = position("R2 R3 R4 R5 R6 R7 R8 R9", "B2 B3 B4 B5 B6 B7 B8 B9", "Y2", rounds=1)
    s.apply("play R9")
    s.apply("draw deck")
    assert en(GAME.status(s.view(1))) == "the game is over: you win, 0 to -11"
    assert en(GAME.status(s.view(0))) == "the game is over: seat 1 wins, 0 to -11"


def test_narrate_tells_how_a_round_ended_and_what_each_expedition_scored():
    # the rule text, line 30 (the last card ends the round) and 38 (the next round)
    s2 = position("RH R2 R3 R4 R5 R6 R7 R8", "B2 B3 B4 B5 B6 B7 B8 B9", "Y2 Y3 Y4", rounds=2)
    for move in ("play RH", "draw deck", "play B2", "draw deck", "play R2"):
        s2.apply(move)
    before = s2.view(1)
    s2.apply("draw deck")
    lines = [en(line) for line in GAME.narrate(before, "draw deck", s2.view(1))]
    assert lines[0] == "Round 1 ends: the last card of the deck was drawn."
    assert "seat 0: red: wager, 2 = -36 (round total -36)" in lines[1]
    assert "seat 1: blue: 2 = -18 (round total -18)" in lines[2]
    assert lines[3] == "Round 2 begins: you start (you lead -18 to -36)."
    assert len(lines) == 4 and s2.round == 2
    assert not any("drew" in line for line in lines)


def test_narrate_shows_the_drawn_card_to_its_drawer_only():
    s = position("R2 R3 R4 R5 R6 R7 R8 R9", "B2 B3 B4 B5 B6 B7 B8 B9", "Y2 Y3 Y4", rounds=1)
    s.apply("play R2")
    views = {seat: s.view(seat) for seat in (0, 1, None)}
    s.apply("draw deck")
    assert [en(x) for x in GAME.narrate(views[0], "draw deck", s.view(0))] == ["You drew the yellow 4."]
    assert GAME.narrate(views[1], "draw deck", s.view(1)) == []
    assert GAME.narrate(views[None], "draw deck", s.view(None)) == []
    s.apply("play B2")
    before = s.view(None)
    s.apply("draw deck")
    assert "One card is left in the deck" in en(GAME.narrate(before, "draw deck", s.view(None))[0])


def test_narrate_warns_before_a_third_repetition():
    s = position(
        "R2 R3 R4 R5 R6 R7 R8 R9", "B2 B3 B4 B5 B6 B7 B8 B9", "Y2 Y3 Y4 Y5 Y6 Y7",
        piles={"G": "G5", "W": "W5"},
    )
    lap = ("discard R2", "draw G", "discard B2", "draw R", "discard G5", "draw B") * 2
    for move in lap[:-1]:
        s.apply(move)
    before = s.view(None)
    s.apply(lap[-1])
    assert [en(x) for x in GAME.narrate(before, lap[-1], s.view(None))] == [
        "This position has now come up 2 times this round: once more and the round ends "
        "(stall rule)."
    ]


def test_glossary_has_every_card_and_finds_it_by_what_the_board_shows():
    entries = GAME.glossary()
    cards = [e for e in entries if en(e.kind) in ("expedition card", "wager card")]
    assert len(cards) == 60  # six colours of ten kinds; the three wagers are identical
    keys = [en(k).lower() for e in entries for k in (e.name, *e.abbreviations)]
    assert len(keys) == len(set(keys)), "two entries answer to the same name"
    assert en(GAME.lookup("R7").name) == "red 7" and "Adds 7" in en(GAME.lookup("r7").text)
    wager = GAME.lookup("RH")
    assert en(wager.name) == "red wager" and "quadruple" in en(wager.text) and "loss included" in en(wager.text)
    assert GAME.lookup("red wager") is wager
    assert "six-colour" in en(GAME.lookup("P10").text) and "six-colour" not in en(GAME.lookup("Y10").text)
    assert "(sum of its numbers - 20) x (1 + its wagers)" in en(GAME.lookup("R").text)
    assert "3rd time" in en(GAME.lookup("stall rules").text) and "50 turns" in en(GAME.lookup("stall rules").text)


def test_the_glossary_is_found_by_its_names_in_the_readers_language():
    from meeple.i18n import Audience, use

    with use(Audience("fr")):
        assert GAME.lookup("investissement rouge") is GAME.lookup("RH")
        assert GAME.lookup("7 rouge") is GAME.lookup("R7")
        assert GAME.lookup("red 7") is GAME.lookup("R7")  # English names still answer
    with use(Audience("nl")):
        assert GAME.lookup("rode investeringskaart") is GAME.lookup("RH")


def test_score_breakdown_adds_up_to_the_scores():
    rng = random.Random(5)
    for seed in range(6):
        s = GAME.new(2, seed, rounds=3)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            if rng.random() < 0.05 or s.is_over:
                parts = GAME.score_breakdown(s)
                assert [sum(p.values()) for p in parts] == s.scores()


def test_score_breakdown_names_cards_multiplier_and_bonus():
    full = position("RH R2 R3 R4 R5 R6 R7 R8", "B2 B3 B4 B5 B6 B7 B8 B9", "Y2", rounds=1)
    full = edited(
        full,
        expeditions=[[[], [], [], [], ks("RH R2 R3 R4 R5 R6 R7 R8")], [[] for _ in range(5)]],
        top_ranks=[[-1, -1, -1, -1, 7], [-1] * 5],
        hands=[ks("Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10"), ks("B2 B3 B4 B5 B6 B7 B8 B9")],
    )
    full.apply("discard Y3")
    full.apply("draw deck")
    parts = [{en(k): v for k, v in p.items()} for p in GAME.score_breakdown(full)]
    assert parts[0] == {
        "round 1, red: (35 - 20) x 2": 30,
        "round 1, red: 8-card bonus": 20,
    }
    assert parts[1] == {"round 1: no expedition": 0}
    from meeple.i18n import Audience

    french = [Audience("fr").text(k) for k in GAME.score_breakdown(full)[0]]
    assert french == ["manche 1, rouge : (35 - 20) × 2", "manche 1, rouge : bonus de 8 cartes"]
    assert full.scores() == [50, 0]


def test_simulation_report_counts_expeditions_wagers_and_round_ends():
    finals = []
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.new(2, seed, rounds=2)
        while not s.is_over:
            s.apply(GAME.greedy_action(s, rng))
        finals.append(s)
    text = GAME.simulation_report(finals)
    assert "4 games, 2 players" in text
    assert "expeditions" in text and "wagers" in text and "round score" in text
    assert "8 rounds ended by: last deck card 8 (100%)" in text
    started = sum(1 for f in finals for r in f.finished_rounds for row in r.expeditions for c in row if c)
    overall = next(line for line in text.split("\n") if line.startswith("all"))
    assert overall.split()[1] == f"{started / 16:.2f}"  # 4 games x 2 rounds x 2 seats


def test_the_rules_summary_is_written_for_players():
    from meeple.rulestext import rules_text

    text = rules_text(GAME)
    assert text.startswith("# Lost Cities")
    for needed in ("play R7", "draw deck", "stall_rules", "colors", "rounds", "third time", "=-8"):
        assert needed in text
    for developer in ("LC-", "ruling", "spec", "../", ".txt", "view", "seat"):
        assert developer not in text


def test_the_widest_board_fits_in_every_language():
    from meeple.i18n import LANGUAGES, Audience, use

    s = crowded()
    for lang in LANGUAGES:
        with use(Audience(lang, ("ismcts:seconds=2", "greedy"), strict=True)):
            for seat in (0, 1, None):
                lines = plain(GAME.render(s, seat))
                assert max(len(line) for line in lines) <= WIDTH, (lang, "\n".join(lines))
                assert "\n".join(lines).count(FULL) == 2


def test_moves_are_described_in_words_and_the_game_offers_closer_looks():
    from meeple.i18n import Audience

    s = crowded()
    view = s.view(0)
    fr = Audience("fr")
    said = {str(a): fr(GAME.describe(a, view)) for a in s.legal_actions()}
    assert said["draw deck"] == "piocher dans la pioche (il reste 1 carte)"
    assert said["draw R"] == "prendre le 5 rouge sur la défausse rouge"
    assert [what for what, _ in GAME.detail_topics(s, 0)] == ["piles", "score"]
    with __import__("meeple.i18n", fromlist=["use"]).use(Audience("nl")):
        piles = plain(GAME.render_detail(s, 0, "piles"))
    assert "groene aflegstapel, 12 kaarten, van boven naar onder: groene 10, groene 9" in piles[3]
    assert GAME.render_detail(s, 0, "farm") is None
