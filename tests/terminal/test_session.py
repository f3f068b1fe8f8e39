"""The prompt's commands, driven through a scripted stdin, on a toy game with every
presentation hook (and on Lost Cities where a real game matters)."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from meeple import bots, games
from meeple.core.commitment import verify
from meeple.core.record import Record
from meeple.terminal import TerminalGame
from meeple.terminal.hint import HintBudget, hint_lines
from meeple.terminal.sealed import SealedSeed
from meeple.terminal.session import BY_WORD
from tests.terminal.toy import QUIET, TOY, VALUE

SEED = 918273645


class FirstMoveBot:
    """Plays the first legal move: predictable opponents for the scripts."""

    name = "first"

    def choose(self, state):
        return state.legal_actions()[0]


class Script:
    """Answers prompts with the given lines, then ends the input (EOF)."""

    def __init__(self, *lines, then=None):
        self.lines = list(lines)
        self.prompts: list[str] = []
        self.then = then

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.lines:
            line = self.lines.pop(0)
            if isinstance(line, BaseException):
                raise line
            return line
        if self.then is not None:
            return self.then()
        raise EOFError


def session(*lines, state=None, save=None, then=None, game=TOY, bot=None, seed=SEED):
    state = state or game.new(2, seed)
    console = Console(record=True, width=250)
    script = Script(*lines, then=then)
    terminal = TerminalGame(
        game, state, 0, {1: bot or FirstMoveBot()}, console, save, script,
        hint=HintBudget(iterations=60, seed=1),
    )
    return terminal, console, script


def run(*lines, **kw):
    terminal, console, script = session(*lines, **kw)
    terminal.run()
    return terminal, console.export_text(), script


def deal(state, mine, theirs):
    """The position with these hands for seat 0 and seat 1."""
    from meeple.core.position import edited

    return edited(state, hands=[sorted(mine), sorted(theirs)])


# ---- info ----------------------------------------------------------------------------
def test_info_shows_full_text_by_name_or_abbreviation_and_marks_designed_entries():
    _, text, _ = run("info HWK", "info owl", "info SWN")
    assert "hawk (bird; shown as HWK)\nworth 3 points when played" in text
    assert "owl (bird; shown as OWL)\nworth 2 points when played" in text
    assert "designed by meeple" in text.split("swan (")[1]


def test_info_on_an_unknown_name_lists_near_matches():
    _, text, _ = run("info hwak", "info zebra")
    assert "nothing called 'hwak' in Toy Birds; did you mean: hawk (HWK)?" in text
    assert "nothing called 'zebra' in Toy Birds" in text and "did you mean" not in text.split("zebra")[1]


def test_info_alone_lists_only_what_your_view_shows():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["swan", "swan"])
    state.deck = [b for b in state.deck if b != "hawk"] + ["hawk"]  # hawk only in the deck
    _, text, _ = run("info", state=state)
    listed = text.split("on the table now")[1].splitlines()[1]
    assert "lark (LRK)" in listed and "owl (OWL)" in listed
    assert "swan" not in listed and "hawk" not in listed  # the rival's hand and the deck stay hidden


def test_info_all_lists_every_entry():
    _, text, _ = run("info all")
    assert "bird: lark (LRK), owl (OWL), hawk (HWK), swan (SWN)" in text


# ---- single legal move, status line, narration ---------------------------------------
def test_a_single_legal_move_is_announced_and_enter_plays_it():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    terminal, text, script = run("play lark", "", state=state)
    assert "only one move is possible: draw (press Enter to play it)" in text
    assert "your move [draw]> " in script.prompts
    assert terminal.state.log[:2] == ["play lark", "draw"]


def test_enter_does_nothing_when_there_is_a_choice():
    terminal, _, _ = run("", "")
    assert terminal.state.ply == 0


def test_status_line_before_each_prompt_and_narration_after_every_move():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    _, text, _ = run("pass", state=state)
    assert text.count("seat 0 plays a bird or passes") >= 2  # before both prompts
    bot_part = text.split("you: pass")[1]
    # the bot's moves are summed up above your next prompt, under the board, named by who played them
    summary = bot_part.split("since your last move (2 moves):")[1]
    assert "first: play hawk" in summary and "first: draw" in summary
    assert "a card was drawn from the deck" in summary  # the bot's draw, narrated
    assert summary.index("first: draw") < summary.index("seat 0 plays a bird or passes")
    assert bot_part.count("first: play hawk") == 1  # said once, where it stays on screen


def test_round_end_and_game_end_show_a_breakdown_table_not_lists():
    _, text, _ = run(then=lambda: "pass")
    after_round = text.split("after round 1")[1]
    assert re.search(r"birds\s*│\s*0\s*│\s*\d+", after_round)
    assert "pair bonus" in after_round
    final = text.split("final scores")[1]
    assert "total" in final and "[" not in final.split("winner")[0]
    assert "winner: first" in final


def test_moves_are_listed_grouped_and_complete():
    _, text, _ = run("?")
    assert "play: lark, owl" in text or "play: " in text
    listed = text.split("your legal moves:")[1].splitlines()[1:3]
    assert listed[0].startswith("  play: ") and listed[1] == "  pass"


def test_refused_moves_name_every_legal_group():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    _, text, _ = run("play swan", "fly away", state=state)
    assert "Legal now: play: lark, owl; pass" in text
    assert "'fly away' is not an action of this game" in text


def test_the_move_list_marks_a_move_that_gains_nothing_with_the_reason():
    """Issue 25: moves that gain nothing, silently. ``?`` marks them (Game.futile)."""
    _, text, _ = run("?", game=QUIET)
    listed = text.split("your legal moves:")[1].splitlines()
    assert "  pass: gains nothing: a pass scores nothing" in listed
    assert not [line for line in listed if line.startswith("  play") and "gains nothing" in line]


def test_a_move_that_gains_nothing_is_played_only_once_confirmed():
    """The prompt says what the move would not gain and asks; anything but yes (or the
    move typed again) keeps the turn; the only legal move is never asked about."""
    terminal, text, script = run("pass", "n", game=QUIET)
    assert "pass would gain nothing: a pass scores nothing. Play it anyway?" in script.prompts[1]
    assert "not played: it is still your move" in text and terminal.state.ply == 0
    for answer in ("y", "pass", " PASS ".lower()):
        terminal, text, script = run("pass", answer, game=QUIET)
        assert terminal.state.ply >= 1 and terminal.state.record().actions[0] == "pass", answer
    terminal, _, script = run("play " + TOY.new(2, SEED).view(0)["hand"][0], game=QUIET)
    assert not any("gain nothing" in p for p in script.prompts)  # a scoring move is not asked about


# ---- show ----------------------------------------------------------------------------
def test_show_gives_the_games_closer_look_or_says_there_is_none():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    _, text, _ = run("show hand", "show farm 9", "show", state=state)
    assert "lark: worth 1\nowl: worth 2" in text
    assert "nothing called 'farm 9' to show" in text and "show what?" in text


# ---- save, quit, Ctrl-C --------------------------------------------------------------
def test_save_without_a_name_asks_for_one(tmp_path):
    path = tmp_path / "asked.json"
    terminal, text, script = run("pass", "save", str(path), "quit")
    assert any(p.startswith("save to which file?") for p in script.prompts)
    record = Record.load(path)
    assert record.actions == terminal.state.log and record.seats == ["human", "first"]
    assert "record saved to" in text and "quit anyway" not in "".join(script.prompts)


def test_save_prompt_cancelled_with_enter_saves_nothing(tmp_path):
    _, text, script = run("save", "")
    assert "not saved" in text and not list(tmp_path.iterdir())


def test_quit_asks_for_confirmation_when_unsaved():
    terminal, text, script = run("pass", "quit", "n", "pass", "quit", "y")
    confirmations = [p for p in script.prompts if "quit anyway" in p]
    assert len(confirmations) == 2 and "going on" in text
    assert terminal.state.log.count("pass") == 2  # the game went on after "n"
    assert "left unfinished" in text


def test_quit_does_not_ask_when_nothing_would_be_lost(tmp_path):
    _, _, script = run("quit")  # no move yet
    assert not any("quit anyway" in p for p in script.prompts)
    _, _, script = run("pass", "quit", save=tmp_path / "g.json")  # --save writes it on leaving
    assert not any("quit anyway" in p for p in script.prompts)
    assert Record.load(tmp_path / "g.json").actions[0] == "pass"


def test_ctrl_c_at_the_prompt_saves_the_record_when_a_file_was_given(tmp_path):
    path = tmp_path / "interrupted.json"
    terminal, console, _ = session("pass", KeyboardInterrupt(), save=path)
    with pytest.raises(KeyboardInterrupt):
        terminal.run()
    record = Record.load(path)
    assert record.game == "toy-birds" and record.seed == SEED
    assert record.actions == terminal.state.log and len(record.actions) == terminal.state.ply >= 2
    assert "interrupted" in console.export_text()


# ---- undo ----------------------------------------------------------------------------
def test_undo_takes_back_a_move_that_revealed_nothing():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    terminal, text, _ = run("play owl", "undo", state=state)
    assert "undone: back before your move 1" in text and terminal.state.ply == 0
    assert terminal.state.hands[0] == ["lark", "owl"]


def test_undo_names_your_own_move_that_revealed_something():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    _, text, _ = run("play owl", "draw", "undo", state=state, bot=FirstMoveBot())
    assert "cannot undo your 'draw' (move 2): it revealed hidden information" in text
    assert "a card was drawn from the deck" in text.split("cannot undo")[1]


def test_undo_names_the_bots_move_that_revealed_something():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    _, text, _ = run("pass", "undo", state=state)
    assert "cannot undo your 'pass' (move 1): since then first's move 'draw' (move 3) revealed" in text


def test_undo_explains_from_the_view_when_the_game_does_not_narrate(monkeypatch):
    g = games.get("lost-cities")
    monkeypatch.setattr(type(g), "narrate", lambda self, before, action, after: [])
    state = next(s for seed in range(50) if (s := g.new(2, seed, rounds=1)).to_move == 0)
    first = str(state.legal_actions()[0])
    terminal, console, _ = session(first, "draw deck", "undo", game=g, state=state, bot=bots.get("random", g, 1))
    terminal.run()
    text = console.export_text()
    assert "cannot undo your 'draw deck' (move 2): it revealed hidden information" in text
    assert "it changed what you see of: " in text and "hand" in text.split("cannot undo")[1]


# ---- hint ----------------------------------------------------------------------------
def test_hint_shows_three_legal_moves_with_visits_and_win_chance():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "swan"])
    _, text, _ = run("hint", state=state)
    rows = re.findall(r"\d\. (play \w+|pass)\s+visits\s+(\d+)\s+estimated win chance (\d+)%", text)
    assert len(rows) == 3
    assert {r[0] for r in rows} == {"play lark", "play owl", "pass"}
    assert all(0 <= int(r[2]) <= 100 for r in rows) and sum(int(r[1]) for r in rows) == 60


def test_hint_reads_only_what_the_seat_may_know():
    g = games.get("lost-cities")
    state = g.new(2, 4, rounds=1)
    budget = HintBudget(iterations=150, seed=3)
    world = state.determinize(state.to_move, random.Random(9))
    assert hint_lines(state, budget) == hint_lines(world, budget)


def test_hint_says_when_the_bot_keeps_its_plans_move_over_a_more_visited_one():
    # Lewis & Clark at 2 players defers to the plan on near-ties (deal 1, three greedy
    # plies in: the plan takes food, the most visited move stops the production)
    g = games.get("lewis-clark")
    state = g.new(2, 1)
    rng = random.Random(1)
    for _ in range(3):
        state.apply(g.greedy_action(state, rng))
    lines = hint_lines(state, HintBudget(seconds=None, seed=1))
    assert "1. take food" in lines[1] and "(what the bot plays: its plan's move" in lines[1]
    assert not any("plan's move" in line for line in lines[2:])
    visits = [int(v) for v in re.findall(r"visits\s+(\d+)", "\n".join(lines[1:]))]
    assert visits[0] < max(visits)


def test_hint_with_a_single_move_says_so():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    state.apply("play lark")
    assert hint_lines(state, HintBudget(iterations=10, seed=1)) == ["only one move is possible: draw"]


# ---- the seed ------------------------------------------------------------------------
def test_the_seed_is_sealed_until_the_end_and_then_verifiable():
    terminal, text, _ = run(then=lambda: "pass")
    head, sep, tail = text.partition("the deal: seed")
    assert sep and str(SEED) not in head
    commitment = re.search(r"deal commitment ([0-9a-f]{64})", head).group(1)
    salt = re.search(r"salt ([0-9a-f]{32})", tail).group(1)
    assert f"seed {SEED}," in sep + tail and verify(SEED, salt, commitment)
    assert f"meeple verify {SEED} {salt} {commitment}" in tail


def test_a_game_left_early_still_reveals_the_seed_only_on_leaving():
    _, text, _ = run("pass", "board", "?")
    head, sep, _ = text.partition("the deal: seed")
    assert sep and str(SEED) not in head and "left unfinished after" in head


def test_bots_seeds_do_not_carry_the_deals_seed():
    from meeple.terminal.sealed import bot_seed

    assert bot_seed(SEED, 1) != SEED + 1 and bot_seed(SEED, 1) == bot_seed(SEED, 1)
    assert bot_seed(SEED, 1) != bot_seed(SEED, 2)
    sealed = SealedSeed(SEED, "ab")
    assert sealed.commitment != SealedSeed(SEED, "cd").commitment


# ---- the command words ---------------------------------------------------------------
def test_no_command_word_hides_a_move_of_any_game():
    for g in [TOY, *(games.get(n) for n in games.names())]:
        first_words = {str(a).split()[0].lower() for a in g.actions}
        assert not first_words & set(BY_WORD), g.name


# ---- presentation details ------------------------------------------------------------
class SayingBirds(type(TOY)):
    """Puts the status line into the board itself, and scores each played bird apart."""

    def render(self, state, seat=None):
        return super().render(state, seat) + "\n" + self.status(state.view(seat))

    def score_breakdown(self, state):
        return [{f"{bird} #{i}": points for i, bird in enumerate(p) for points in [VALUE[bird]]}
                for p in state.played]


def test_the_status_line_is_not_repeated_when_the_board_already_says_it():
    state = deal(TOY.new(2, SEED), ["lark", "owl"], ["hawk", "hawk"])
    terminal, console, _ = session("info", state=state, game=SayingBirds())
    terminal.run()
    text = console.export_text()
    before_info, _, after_info = text.partition("on the table now")
    assert before_info.count("seat 0 plays a bird or passes") == 1  # in the board only
    assert "seat 0 plays a bird or passes" in after_info  # no board reprinted: the line alone


def test_breakdowns_whose_parts_differ_by_seat_get_a_table_per_seat():
    _, text, _ = run(then=lambda: "pass", game=SayingBirds())
    final = text.split("final scores")[1]
    assert re.search(r"you\s+first", final)  # two tables side by side
    assert re.search(r"│ hawk #\d\s*│ 3 │", final) and "│ total   │ 8 │" in final


def test_a_face_down_card_played_by_another_seat_is_not_named():
    """Lewis & Clark: a card played for its strength is turned face down (the rule text,
    line 103; ruling LEW-6), so the terminal prints the move as that seat's log reads it, not its notation."""
    from meeple import games
    from meeple.terminal.journal import play

    game = games.get("lewis-clark")
    rng = random.Random(3)
    for seed in range(40):
        state = game.new(2, seed)
        while state.to_move is not None and state.ply < 400:
            actor = state.to_move
            action = rng.choice(list(state.legal_actions()))
            if str(action).startswith("with "):
                watcher = play(state.clone(), action, 1 - actor)
                mine = play(state, action, actor)
                assert watcher.action == "with ?", watcher.action  # the narration names its back
                assert str(action) not in watcher.action
                assert mine.action == str(action)
                return
            state.apply(action)
    raise AssertionError("no face-down support was played in 40 games: the test saw nothing")
