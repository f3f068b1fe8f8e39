"""The newcomer problems issue 25 found in Lewis & Clark, each fixed and held here:
moves that gain nothing are marked and narrated, the two kinds of "take" read apart,
recruiting names the card, the status offers a recruitment only when one is legal,
solo shows Mackenzie's clock and explains his leaps, and at the terminal ``show``
lists its targets, cuts nothing, and what the bots did stays on a 110x45 screen."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.text import Text
from tests.games.lewis_clark.lc_helpers import change, goods, play, table

from meeple import bots
from meeple.core.position import edited
from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark.components import CARDS
from meeple.games.lewis_clark.glossary import describe_card
from meeple.games.lewis_clark.render import legend_lines
from meeple.i18n import ENGLISH, Audience, use
from meeple.terminal import TerminalGame
from meeple.terminal.hint import HintBudget

#: at five players the board itself fills the screen: what the four others did, the
#: status line and the prompt take at most this many lines below it
SUMMARY_MOST = 24

en = ENGLISH.text


def futile(state, move: str) -> str | None:
    reason = GAME.futile(state.parse(move), state.view(state.to_move))
    return None if reason is None else en(reason)


def said(state, move: str, seat: int = 0) -> list[str]:
    """Play ``move`` and return what the narration says to ``seat``."""
    before = state.view(seat)
    state.apply(move)
    return [en(line) for line in GAME.narrate(before, move, state.view(seat))]


# ---- moves that gain nothing: marked before, narrated after ---------------------------


def test_a_village_action_that_cannot_be_paid_is_marked_and_narrated():
    # issue 25: "village upgrade" with no wood placed the Indian and did nothing, silently
    s = change(table(), goods_=goods(fur=1), indians=2)
    assert futile(s, "village upgrade") == "its cost (3 wood) cannot be paid: the action ends at once"
    assert futile(s, "village canoes") == "its cost (2 wood) cannot be paid: the action ends at once"
    assert futile(s, "village hunting") is None and futile(s, "village farewell") is None
    lines = said(s, "village upgrade")
    assert "village upgrade gains nothing: its cost (3 wood) cannot be paid: the action ends at once" in lines
    assert "you place 1 Indian on Expedition Upgrade" in lines
    assert s.phase == "main" and s.expeditions[0].goods_tiles == 0  # it indeed did nothing
    # the others read the same, about the mover
    s = change(table(), goods_=goods(fur=1), indians=2)
    assert any(line.startswith("village upgrade gains nothing") for line in said(s, "village upgrade", seat=1))


def test_gains_that_would_not_fit_or_go_nowhere_are_marked():
    full = change(table(), goods_=goods(wood=11), indians=1, give=("lumberjack", "hunter"))
    assert futile(full, "village crafts") == "the boats are full: nothing it gives would fit"
    assert futile(full, "play hunter") == "the boats are full: nothing it gives would fit"
    assert futile(full, "village canoes") is None  # paying 2 wood makes room for the canoe
    # a river move that starts before a mountain goes nowhere (space 19 is a mountain)
    blocked = change(table(), goods_=goods(food=2), give=("leader", "hunter"), indians=1, scout=18, camp=18)
    assert futile(blocked, "play leader") == ("the scout cannot go on by river: space 19 is a mountain")
    play(blocked, "play leader", "with hunter", "stop")
    assert futile(blocked, "pay food") == "the scout cannot go on by river: space 19 is a mountain"
    # the Interpreter with no Indian to fetch; the Shaman with no face-up character to copy
    empty = edited(change(table(), goods_=goods(food=1), indians=1, give=("interpreter", "hunter")),
                   powwow=0, indian_stock=table().indian_stock + table().powwow)
    assert futile(empty, "play interpreter").startswith("no Indian waits in the village")
    assert futile(empty, "village shaman") == "no face-up character in any play area can be copied"
    copyable = change(empty, 1, area=[("hunter", None, 0)])
    assert futile(copyable, "village shaman") is None  # copying the Hunter brings food


@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_move_marked_futile_never_gains_anything(players):
    """Whatever follows a move the hook calls futile, the expedition ends the action with
    no more goods, no further scout, no new tile and no more Indians."""
    rng = random.Random(players)
    s = GAME.new(players, players)
    marked = 0
    while s.to_move is not None and s.ply < 900:
        seat = s.to_move
        view = s.view(seat)
        for action in s.legal_actions():
            if s.phase != "main" or not str(action).startswith(("play ", "village ")):
                continue
            if GAME.futile(action, view) is None:
                continue
            marked += 1
            after = s.clone()
            before = after.expeditions[seat].copy()
            after.apply(action)
            while after.phase != "main" and after.to_move == seat:
                legal = after.legal_actions()
                after.apply(legal[0] if after.phase in ("source", "extra", "arc") else rng.choice(legal))
            e = after.expeditions[seat]
            assert sum(e.goods) <= sum(before.goods), action
            assert e.scout == before.scout and e.goods_tiles + e.indian_tiles == before.goods_tiles + before.indian_tiles
            assert e.indians <= before.indians, action
        s.apply(GAME.greedy_action(s, rng) if rng.random() < 0.7 else rng.choice(s.legal_actions()))
    assert marked >= 5


# ---- the words of a move: two kinds of "take", recruiting by name ----------------------


def test_take_wood_says_which_decision_it_is():
    # issue 25: "take wood" named two different decisions
    s = change(table(), give=("john-hay", "hunter"), goods_=goods(), indians=1,
               area=[("lumberjack", "interpreter", 0)])  # two wood badges in the play area
    play(s, "play john-hay", "with hunter", "stop")
    choose = en(GAME.describe(s.parse("take wood"), s.view(0)))
    assert choose.startswith("choose wood for this repetition: gain 1 wood per wood badge")
    assert choose.endswith(": 2 wood now")
    play(s, "take wood")
    keep = en(GAME.describe(s.parse("take wood"), s.view(0)))
    assert keep.startswith("keep 1 wood of what is on offer (2 wood)")
    assert en(GAME.describe(s.parse("take all"), s.view(0))) == "keep all that is on offer: 2 wood"
    assert "(all, one at a time, or decline the rest)" in en(GAME.status(s.view(0)))


def test_recruiting_names_the_card_before_and_after():
    # issue 25: recruiting did not name the card
    s = change(table(), give=("hunter", "trapper"), goods_=goods(fur=5, equip=3))
    first = CARDS[s.journal[0]]
    assert en(GAME.describe(s.parse("recruit 1"), s.view(0))).startswith(f"recruit {en(GAME.glossary()[s.journal[0]].name)} (")
    lines = said(s, "recruit 1")
    assert f"you recruit {en(GAME.glossary()[CARDS.index(first)].name)} from Journal slot 1" in lines


def test_the_status_offers_a_recruitment_only_when_one_is_legal():
    # issue 25: "may recruit" showed when no recruit was legal
    poor = change(table(), give=("hunter", "trapper"), goods_=goods())
    assert en(GAME.status(poor.view(0))) == "you choose the action: a character or the village; also possible: a camp"
    rich = change(table(), give=("hunter", "trapper"), goods_=goods(fur=5, equip=3))
    assert en(GAME.status(rich.view(0))).endswith("also possible: a camp and a recruitment")
    rng = random.Random(3)
    for players in (2, 3):
        s = GAME.new(players, players)
        while s.to_move is not None and s.ply < 600:
            if s.phase == "main":
                status = en(GAME.status(s.view(s.to_move)))
                recruit = any(str(a).startswith("recruit ") for a in s.legal_actions())
                assert ("a recruitment" in status) == recruit, status
            s.apply(GAME.greedy_action(s, rng))


def test_solo_status_and_board_say_when_mackenzie_arrives_and_explain_his_leaps():
    # issue 25: solo showed no "Mackenzie reaches the fort in N turns" and never explained his leaps
    s = GAME.new(1, 3, difficulty=5)
    assert en(GAME.status(s.view(0))).endswith("Mackenzie (space 5) reaches Fort Clatsop in 34 turns, this one included")
    assert "Mackenzie  .....M" in GAME.render(s, 0) and "space 5, the fort in 34 turns" in GAME.render(s, 0)
    s = change(edited(s, acted=True), scout=6, camp=6)  # your scout right in front of him
    assert "in 33 turns" in en(GAME.status(s.view(0)))  # he will leap over it
    lines = said(s, "end")
    assert ("Mackenzie advances from space 5 to 7, leaping over the scout on space 6: he never stops "
            "on an occupied space (Fort Clatsop in 32 turns)") in lines
    last = edited(s, mackenzie=38, acted=True)
    assert en(GAME.status(last.view(0))).endswith("Mackenzie (space 38) reaches Fort Clatsop at the end of this turn")


# ---- at the terminal --------------------------------------------------------------------


def terminal(state, lines: list[str], lang: str = "en", players_bots: dict | None = None, **kw):
    """Run a terminal game on ``state`` as seat 0 with scripted ``lines``; the console text."""
    console = Console(record=True, width=110, height=45, file=io.StringIO())
    script = iter(lines)

    def read(prompt: str) -> str:
        line = next(script, None)
        if line is None:
            raise EOFError  # the terminal leaves the game, as at the end of a script
        return line

    with use(Audience(lang)):
        term = TerminalGame(GAME, state, 0, players_bots or {}, console, None, read,
                            hint=HintBudget(iterations=20, seed=1), **kw)
        term.run()
    return console.export_text(styles=False)


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_show_lists_its_targets_and_cuts_no_card_text():
    # issue 25: "show" alone listed nothing; "show journal" and "show hand" cut card texts
    s = GAME.new(2, 3)
    s = edited(s, to_move=0)
    text = terminal(s, ["show", "show journal", "show hand"])
    listing = text.split("What you can look at closer:")[1]
    for what in ("route", "journal", "hand", "discard", "legend", "seat 0", "seat 1"):
        assert f"\n  {what} " in listing
    flat = _flat(text)
    for k in s.journal + s.expeditions[0].hand:
        assert _flat(en(describe_card(CARDS[k]))) in flat, CARDS[k].slug


def _screens(lang: str, players: int, prompts: int) -> list[tuple[int, int]]:
    """Over ``prompts`` prompts: the lines from the top of the board to the prompt, and
    from the end of the board (its legend) to the prompt (the others' moves, the status)."""
    state = GAME.new(players, 7)
    console = Console(record=True, width=110, height=45, file=io.StringIO())
    heights: list[tuple[int, int]] = []
    holder = {}
    with use(Audience(lang)):
        last_legend = Text.from_markup(legend_lines()[-1]).plain.strip()

    def read(prompt: str) -> str:
        lines = console.export_text(clear=False, styles=False).splitlines()
        top = max(i for i, line in enumerate(lines) if line.startswith("Lewis & Clark  "))
        end = max(i for i, line in enumerate(lines) if line.strip() == last_legend)
        heights.append((len(lines) - top + 1, len(lines) - end))  # the prompt's own line counts
        if len(heights) >= prompts:
            raise EOFError
        s = holder["t"].state
        return str(GAME.greedy_action(s, random.Random(s.ply)))

    others = {seat: bots.get("greedy", GAME, seed=seat) for seat in range(1, players)}
    with use(Audience(lang)):
        holder["t"] = TerminalGame(GAME, state, 0, others, console, None, read,
                                   hint=HintBudget(iterations=20, seed=1))
        holder["t"].run()
    return heights


@pytest.mark.parametrize("lang", ["en", "fr", "es", "nl"])
def test_the_board_and_what_the_bots_did_fit_a_110_by_45_screen(lang):
    # issue 25: bot turns scrolled off the 45-line screen before your turn. With two or
    # three expeditions the board, the summary of the others' moves, the status line and
    # the prompt all fit; with five, the summary and the prompt still do.
    for players in (2, 3):
        heights = [whole for whole, _ in _screens(lang, players, 60)]
        assert max(heights) <= 45, (players, heights)
    below = [under for _, under in _screens(lang, 5, 30)]
    assert max(below) <= SUMMARY_MOST, below


# ---- the end of a turn, told in the order it happens ----------------------------------


def test_a_turn_ends_before_its_round_and_a_passed_check_names_both_counts():
    """Issue 25: "round ends" was printed before the turn that closed it ended, and a
    passed progress check read "advanced 10 of the 3 spaces needed". Over whole 3-player
    games of greedy bots: the turn's end comes first, then the round's, then the check,
    whose text gives the spaces advanced and, apart, the spaces needed (the rule text's
    progress check: at least as many as needed, else the game ends)."""
    import re

    rounds = checks = 0
    for seed in (3, 8):
        greedy = bots.get("greedy", GAME, seed=seed)
        state = GAME.new(3, seed)
        while state.to_move is not None and state.ply < 3000:
            lines = said(state, greedy.choose(state).text)
            ends = [i for i, t in enumerate(lines) if "ends the turn" in t or "your turn" in t]
            round_end = [i for i, t in enumerate(lines) if re.fullmatch(r"round \d+ ends", t)]
            passed = [t for t in lines if t.startswith("progress check:")]
            if round_end and state.to_move is not None:
                rounds += 1
                assert ends and ends[-1] < round_end[0], lines
            for text in passed:
                checks += 1
                m = re.search(r"advanced (\d+) spaces? together \(at least (\d+) needed\)", text)
                assert m and int(m[1]) >= int(m[2]), text
                assert round_end and lines.index(text) > round_end[0], lines
    assert rounds > 10 and checks > 0
