"""Every lesson, played: each step's move legal where the script reaches it, each rule it
claims to teach a line the game's rules cite, every message in four languages, the game
played to its end through the contract and through ``meeple learn``."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from meeple import bots, games, lessons
from meeple.core.state import State
from meeple.i18n import LANGUAGES, Audience, catalogs
from meeple.i18n.audit import catalog_problems
from meeple.lessons import Lesson, parse_teaches
from meeple.lessons.bot import LessonBot
from meeple.lessons.generate import DEALS, generate
from meeple.lessons.words import cites, step_texts
from meeple.rulestext import packaged_rules
from meeple.terminal.lesson import LessonGame

NAMES = lessons.names()


def test_every_game_has_a_lesson():
    assert sorted(games.names()) == NAMES


def cited_lines(game: str) -> set[tuple[str, int]]:
    """(which rule text, line) for every line the game's rules cite, ranges filled in."""
    flat = " ".join(packaged_rules(games.get(game)).split())
    out: set[tuple[str, int]] = set()
    for which, part in re.findall(r"the rule text(?: \((FR|ES)\))?,([^)]*)", flat):
        for first, last in re.findall(r"(\d+)(?:-(\d+))?", part):
            out |= {(which, n) for n in range(int(first), int(last or first) + 1)}
    return out


def claims(lesson: Lesson) -> list[str]:
    return [ref for s in lesson.steps for ref in s.teaches] + list(lesson.finale_teaches)


@pytest.mark.parametrize("name", NAMES)
def test_every_rule_a_lesson_teaches_is_a_line_its_rules_cite(name):
    lesson = lessons.load(name)
    cited = cited_lines(name)
    assert claims(lesson)
    for text in claims(lesson):
        which, lines = parse_teaches(text)
        wrong = [n for n in range(lines[0], lines[-1] + 1) if (which, n) not in cited]
        assert not wrong, f"{name}: {text!r} names lines the rules never cite: {wrong}"


def test_the_rule_check_can_fail():
    cited = cited_lines("lost-cities")
    assert ("", 30) in cited and ("", 31) not in cited and ("FR", 30) not in cited
    with pytest.raises(Exception, match="rule reference"):
        parse_teaches("chapter 3")


@pytest.mark.parametrize("name", NAMES)
def test_each_expected_move_is_legal_when_the_script_reaches_it(name):
    lesson = lessons.load(name)
    state = lesson.new_state()
    for move in lesson.opening:
        assert state.to_move != lesson.seat
        state.apply(move)
    for step in lesson.steps:
        assert state.ply == step.ply
        assert state.to_move == lesson.seat, f"step {step.index + 1}: not the learner's decision"
        assert lesson.step_at(state.log) == step
        legal = [str(a) for a in state.legal_actions()]
        assert step.move in legal, f"step {step.index + 1}: {step.move} is not legal; legal: {legal[:12]}"
        state.apply(step.move)
        for reply in step.replies:
            assert state.to_move not in (None, lesson.seat)
            assert reply in [str(a) for a in state.legal_actions()]
            state.apply(reply)
    assert lesson.on_script(state.log) and lesson.step_at(state.log) is None


@pytest.mark.parametrize("name", NAMES)
def test_the_shipped_lesson_is_what_its_generator_writes(name):
    """The script is the deal played by the heuristic and the seeded gentle bot: running
    the generator again reproduces the file (so a game change that alters the deal shows)."""
    text = (lessons.__path__[0] + f"/data/{name}.toml")
    with open(text, encoding="utf-8") as fp:
        assert fp.read() == generate(DEALS[name])


def messages(lesson: Lesson) -> set[str]:
    ids = {lesson.finale, "step", "ask", "cite", "ref.line", "ref.lines", "done", "left", "title", "howto"}
    for step in lesson.steps:
        ids |= {*step.say, step.refuse}
    return ids


def test_the_lessons_catalogs_are_complete_in_every_language():
    assert catalog_problems("lessons") == []
    assert set(catalogs.languages_of("lessons")) == set(LANGUAGES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_step_reads_in_every_language(name, lang):
    lesson = lessons.load(name)
    known = set(catalogs.ids("lessons", lang))
    assert messages(lesson) <= known
    say = Audience(lang)
    state = lesson.new_state()
    for move in lesson.opening:
        state.apply(move)
    for step in lesson.steps:
        texts = [say(t) for t in step_texts(lesson, step, state)]
        assert all(t and "{" not in t for t in texts)
        assert step.move in texts[-1]
        say(step.refusal("x"))
        for ref in step.teaches:
            assert re.search(r"\d", cites((ref,), say))
        for move in (step.move, *step.replies):
            state.apply(move)


def play_out(lesson: Lesson, learner_follows: int) -> list[str]:
    """The game through the contract: the learner plays the first ``learner_follows``
    steps' moves, then the heuristic; the opponent is the lesson's bot."""
    game = games.get(lesson.game)
    state = lesson.new_state()
    opponent = LessonBot(game, seed=3)
    learner = bots.get("greedy", game, seed=3)
    followed = 0
    while state.to_move is not None:
        assert state.ply < 20000
        if state.to_move == lesson.seat:
            step = lesson.step_at(state.log)
            if step is not None and followed < learner_follows:
                followed += 1
                state.apply(step.move)
            else:
                state.apply(learner.choose(state))
        else:
            state.apply(opponent.choose(state))
    assert state.is_over and state.winners()
    return state.log


@pytest.mark.parametrize("name", NAMES)
def test_every_lesson_plays_to_its_end_and_its_bot_follows_the_script(name):
    lesson = lessons.load(name)
    log = play_out(lesson, len(lesson.steps))
    assert log[: len(lesson.script)] == list(lesson.script)


def test_leaving_the_script_early_still_ends_the_game():
    lesson = lessons.load("lost-cities")
    log = play_out(lesson, 1)
    assert not lesson.on_script(log)


def learn(lesson: Lesson, lines: list[str], lang: str = "en") -> tuple[State, str]:
    """``meeple learn`` with ``lines`` typed first, then each step's move (after the
    script, the heuristic's move), as a person following the lesson would: the final
    position and everything printed, on one line."""
    console = Console(record=True, width=200, file=io.StringIO())
    box: list[LessonGame] = []
    greedy = bots.get("greedy", games.get(lesson.game), seed=1)

    def read(prompt: str) -> str:
        if lines:
            return lines.pop(0)
        state = box[0].state
        if state.to_move is None:
            raise EOFError
        step = lesson.step_at(state.log)
        return step.move if step else str(greedy.choose(state))

    box.append(LessonGame(lesson, console, read=read, audience=Audience(lang)))
    final = box[0].run()
    return final, " ".join(console.export_text().split())


@pytest.mark.parametrize("name", NAMES)
def test_meeple_learn_follows_the_lesson_to_the_end(name):
    lesson = lessons.load(name)
    final, out = learn(lesson, ["help"])
    assert final.is_over
    assert f"Step 1 of {len(lesson.steps)}" in out and f"Step {len(lesson.steps)} of" in out
    assert "The lesson is over" in out and "free leave the lesson" in out
    assert Audience("en")(lessons.M(lesson.finale)) in out


def test_meeple_learn_refuses_another_move_in_the_lessons_words_and_free_leaves_the_script():
    lesson = lessons.load("lost-cities")
    first = lesson.steps[0]
    wrong = next(str(a) for a in lesson.new_state().legal_actions() if str(a) != first.move)
    final, out = learn(lesson, [wrong, "free", wrong])
    assert f"Not {wrong} yet: this step shows the wager" in out and f"Play {first.move}, or leave the lesson" in out
    assert "You left the lesson" in out
    assert final.log[0] == wrong and final.is_over


def test_meeple_learn_speaks_french():
    final, out = learn(lessons.load("lost-cities"), ["quit", "y"], "fr")
    assert "Étape 1 sur 8" in out and "le texte des règles, lignes" in out and not final.is_over


def test_a_lesson_file_with_a_misspelt_key_or_a_bad_reference_is_refused():
    import tomllib

    from meeple.core.errors import ConfigError
    from meeple.lessons import read

    path = lessons.__path__[0] + "/data/lost-cities.toml"
    with open(path, "rb") as fp:
        good = tomllib.load(fp)
    assert read(good) == lessons.load("lost-cities")
    marked = read({**good, "steps": [{**good["steps"][0], "highlight": ["play YH", "play Y8"]}]}).steps[0]
    assert marked.marked == ("play YH", "play Y8") and lessons.load("lost-cities").steps[0].marked == ("play YH",)
    with pytest.raises(ConfigError, match="no key 'teach'"):
        read({**good, "steps": [{**good["steps"][0], "teach": "line 3"}]})
    with pytest.raises(ConfigError, match="step 1 says ply 3, but the script reaches it at ply 0"):
        read({**good, "steps": [{**good["steps"][0], "ply": 3}]})
    with pytest.raises(ConfigError, match="rule reference"):
        read({**good, "steps": [{**good["steps"][0], "teaches": "page 3"}]})
    with pytest.raises(ConfigError, match="no lesson for 'chess'"):
        lessons.load("chess")


def test_a_step_without_its_own_refusal_says_the_lessons_general_one():
    lesson = lessons.load("lost-cities")
    step = next(s for s in lesson.steps if s.refuse == "refused")
    assert Audience("es")(step.refusal("draw deck")) == (
        f"La lección pide {step.move} aquí, no draw deck. Haz la jugada que pide, o deja la lección para jugar libremente.")


def test_references_to_one_rule_text_are_cited_together():
    assert cites(("lines 22-26", "line 30"), Audience("en")) == "the rule text, lines 22-26 and line 30"
    assert cites(("lines 22-26", "line 30"), Audience("fr")) == "le texte des règles, lignes 22-26 et ligne 30"
    assert cites(("(FR), line 21", "(ES), lines 182-190"), Audience("nl")) == (
        "de regeltekst (FR), regel 21; de regeltekst (ES), regels 182-190")
