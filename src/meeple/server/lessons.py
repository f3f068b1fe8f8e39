"""Learn to play at a server: the routes under ``/api/lessons`` (see ``meeple.lessons``).

A lesson's table is a normal table: the learner's human seat and the ``lesson`` bot,
dealt from the lesson's seed (the one seed a client can ask for, by naming a lesson's
game, never by number). Where the table is in its script is worked out from its moves,
so nothing about a lesson is stored besides the table itself. ``POST .../moves`` is the
table's move route with the lesson's check in front: a move other than the step's is
refused with the lesson's words; the client sends a learner who chose to play freely to
the table's own route instead.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path

from meeple import games, lessons
from meeple.core.errors import MeepleError
from meeple.i18n import Audience
from meeple.lessons import Lesson
from meeple.lessons import M as L
from meeple.lessons.words import cites, heading, step_texts
from meeple.server.deps import CallerDep, ClientDep, HallDep, LangDep, TableId
from meeple.server.errors import ApiError
from meeple.server.live import LiveTable
from meeple.server.routes import errors
from meeple.server.schemas import CreatedTable, LessonInfo, LessonState, Move, NewLesson, TableState

router = APIRouter(prefix="/api/lessons")
GameName = Path(max_length=40, pattern=r"^[a-z-]+$", description="a game with a lesson, e.g. lost-cities")


def find(game: str) -> Lesson:
    if game not in lessons.names():
        raise ApiError(404, f"no lesson for {game!r}; lessons: {', '.join(lessons.names())}")
    return lessons.load(game)


def lesson_of(live: LiveTable) -> Lesson:
    """The lesson a table follows: 404 for a table that is not a lesson's."""
    if not any(s.kind == "bot" and s.bot == "lesson" for s in live.seats) or live.game.name not in lessons.names():
        raise ApiError(404, f"table {live.id} is not a lesson's table")
    lesson = lessons.load(live.game.name)
    if live.seed != lesson.seed:
        raise ApiError(404, f"table {live.id} is not a lesson's table")
    return lesson


@router.get("", response_model=list[LessonInfo], summary="The lessons: a guided first game of each game")
def list_lessons(lang: LangDep) -> list[dict[str, Any]]:
    say = Audience(lang)
    out = []
    for name in [g for g in games.names() if g in lessons.names()]:  # the lobby's order of games
        lesson, game = lessons.load(name), games.get(name)
        out.append({"game": name, "title": game.title, "steps": len(lesson.steps),
                    "text": say(L("title", game=game.title, n=len(lesson.steps)))})
    return out


@router.post("/{game}", status_code=201, response_model=CreatedTable, responses=errors(404, 422, 429),
             summary="Start a lesson: a table with the lesson's deal, you and the lesson's bot")
async def start_lesson(hall: HallDep, client: ClientDep, game: str = GameName,
                       body: NewLesson | None = None) -> dict[str, Any]:
    lesson = find(game)
    seats = ["bot:lesson"] * lesson.players
    seats[lesson.seat] = "human"
    names: list[str | None] = [lesson.bot] * lesson.players  # the bot seat named by the bot it becomes
    names[lesson.seat] = body.name if body else None
    live, tokens = await hall.create(game, seats, lesson.players, lesson.options, names, None, client,
                                     lesson_seed=lesson.seed)
    return {"id": live.id, "tokens": {str(k): v for k, v in tokens.items()}, "table": hall.view(live, lesson.seat)}


@router.get("/tables/{table_id}", response_model=LessonState, responses=errors(404, 422),
            summary="Where a lesson's table is in its script: the step, its words, the move it asks for")
async def lesson_state(table_id: TableId, hall: HallDep, lang: LangDep) -> dict[str, Any]:
    live = await hall.table(table_id)
    return describe(live, lesson_of(live), Audience(lang))


def describe(live: LiveTable, lesson: Lesson, say: Audience) -> dict[str, Any]:
    state = live.state
    log = state.log
    step = lesson.step_at(log) if state.to_move == lesson.seat else None
    on_script, finished = lesson.on_script(log), lesson.finished(log)
    note = None
    if not on_script or finished:
        note = say(L("done") if finished else L("left"))
    return {
        "id": live.id, "game": lesson.game, "seat": lesson.seat, "steps": len(lesson.steps),
        "step": None if step is None else step.index,
        "heading": None if step is None else say(heading(lesson, step)),
        "texts": [] if step is None else [say(t) for t in step_texts(lesson, step, state)],
        "move": None if step is None else step.move,
        "highlight": [] if step is None else list(step.marked),
        "rule": None if step is None or not step.teaches else cites(step.teaches, say),
        "on_script": on_script, "finished": finished, "note": note,
        "finale": say(L(lesson.finale)) if state.is_over else None,
    }


@router.post("/tables/{table_id}/moves", response_model=TableState, responses=errors(401, 403, 404, 409, 422),
             summary="Play the move the lesson's step asks for (another is refused in the lesson's words)")
async def lesson_move(table_id: TableId, body: Move, who: CallerDep, lang: LangDep) -> dict[str, Any]:
    live = await who.hall.table(table_id)
    lesson = lesson_of(live)
    if body.version == live.version:
        step = lesson.step_at(live.state.log) if live.state.to_move == lesson.seat else None
        if step is not None:
            try:
                tried = str(live.state.parse(body.action))
            except MeepleError:
                tried = None  # the table's own route says what is wrong with it
            if tried is not None and tried != step.move:
                raise ApiError(422, Audience(lang)(step.refusal(tried)))
    live, seat = await who.hall.move(table_id, who.token, body.action, body.version)
    return who.hall.view(live, seat)
