"""What runs inside a bot worker process: build a bot, answer a move or a hint.

Imported by the fork server before any worker starts (``BotPool``), so every game is
already loaded when a worker is forked and the first move costs no import.
"""

from __future__ import annotations

import math
import signal
from multiprocessing.connection import Connection
from typing import Any

from meeple import bots, games
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.state import State

for _name in games.names():  # warm: a forked worker inherits the loaded games
    games.get(_name)


#: bots that carry a plan from one decision to the next (``keeps_a_plan``: the planner),
#: kept per spec in this worker so that a turn is planned once, not once per decision.
#: A plan is followed only while the seat sees exactly the position it was made for, so
#: one bot may serve every table; the newest KEPT_BOTS specs are kept (a client may
#: name any number of specs).
_kept: dict[tuple[str, str, float], bots.Bot] = {}
KEPT_BOTS = 16


def think(spec: str, state: State, seed: int, max_seconds: float) -> str:
    """The move ``spec`` chooses in ``state``, built with the server's ceiling on its time."""
    key = (state.game.name, spec, max_seconds)
    bot = _kept.pop(key, None)
    if bot is None:
        bot = bots.get(spec, state.game, seed=seed, max_seconds=max_seconds)
    if getattr(bot, "keeps_a_plan", False):
        _kept[key] = bot  # the newest last
        while len(_kept) > KEPT_BOTS:
            del _kept[next(iter(_kept))]
    return str(bot.choose(state))


def advise(world: State, seed: int, seconds: float, top: int) -> dict[str, Any]:
    """The search bot's ``top`` moves in ``world``.

    ``world`` is already a determinization for the seat to move: the worker never holds
    the hidden state, and the search only samples worlds that seat cannot tell from it.
    """
    bot = ISMCTSBot(world.game, seed=seed, seconds=seconds)
    candidates = bot.analyse(world, top=top)
    return {
        "simulations": bot.last_iterations,
        "moves": [
            {
                "action": str(c.action),
                "visits": c.visits,
                "win": None if math.isnan(c.value) else round(c.value, 3),
                "kept": c.kept,
            }
            for c in candidates
        ],
    }


def serve(conn: Connection) -> None:
    """A worker's life: say ``("ready", None)``, then take ``(function, args)`` and answer
    ``("ok", result)`` or ``("error", text)``, one job at a time."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself
    conn.send(("ready", None))  # started: from now on its time is the job's
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", fn(*args))
        except Exception as err:  # a bot bug is the server's to log, not the worker's end
            answer = ("error", f"{type(err).__name__}: {err}")
        conn.send(answer)
