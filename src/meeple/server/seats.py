"""Who sits in a seat (``human``, ``open`` or ``bot:SPEC``), and which bots a client may ask for.

A client names a bot by its spec (``bot:ismcts:iterations=500``), but the machine is
the server's: ``workers`` (processes) and ``net=FILE`` (a file on the server's disk) are
refused with one identical message, whatever the value, so no client can make the server
open a file or learn whether one exists; a network is named only from the server's list
(``net=default``: the one meeple ships for the game). The time a bot thinks is capped by
the server, never by the spec (``BotPool``). Checking a spec builds the bot through its
constructor, with a stand-in for the network: no file is opened.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from meeple import bots
from meeple.core.errors import ConfigError
from meeple.core.game import Game

KINDS = ("human", "open", "bot")
#: the longest bot spec (and seat text) a client may send
MAX_SPEC = 200
#: the bot parameters only the server sets
SERVER_ONLY = ("workers",)


@dataclass
class Seat:
    kind: str  # human, open, bot
    bot: str | None = None  # the bot spec, e.g. "ismcts:seconds=0.5"
    name: str | None = None
    token_hash: str | None = None

    @property
    def spec(self) -> str:
        return f"bot:{self.bot}" if self.kind == "bot" else self.kind


def refused(networks: Collection[str]) -> str:
    """The one answer to a server-only bot parameter, whatever its value."""
    named = ", ".join(f"net={n}" for n in sorted(networks)) or "none on this server"
    return ("bot parameters workers and net=FILE are the server's to set, not a client's; "
            f"a network is named from the server's list ({named})")


def check_bot(spec: str, game: Game, networks: Collection[str] = ("default",),
              max_seconds: float | None = None, plugins: Collection[str] = ()) -> str:
    """``spec`` tidied (``ismcts:seconds=1``), or ``ConfigError`` saying what is allowed.

    ``plugins`` names plug-in bots the server itself seats (``lesson``, at a lesson's
    table): a client's table never gets one."""
    if not isinstance(spec, str):
        raise ConfigError(f"a bot is named by text such as greedy or ismcts:seconds=1, not {spec!r}")
    spec = spec.strip()
    if len(spec) > MAX_SPEC:
        raise ConfigError(f"a bot spec is at most {MAX_SPEC} characters; this one has {len(spec)}")
    if not spec:
        raise ConfigError(f"a bot seat names its bot: bot:NAME, with NAME one of {', '.join(bots.names())}")
    name, kwargs = bots.parse_spec(spec)
    if name in plugins and not kwargs:
        bots.get(spec, game).close()
        return spec
    if name not in bots.names():  # plug-in bots (a network's own policy) need files: not at a table
        raise ConfigError(f"no bot called {name!r} at a table; bots: {', '.join(bots.names())}")
    if any(key in kwargs for key in SERVER_ONLY) or ("net" in kwargs and str(kwargs["net"]) not in networks):
        raise ConfigError(refused(networks))
    if kwargs.pop("net", None) is not None:  # named, not loaded: the constructor checks the rest
        from meeple.rl.network import SHIPPED

        if game.name not in SHIPPED:
            raise ConfigError(f"net=default exists for {', '.join(SHIPPED)} only, not {game.name}")
        kwargs.update(prior=_stand_in, evaluate=_stand_in, lead=_stand_in)
    if max_seconds is not None and name in bots.SEARCHING:
        kwargs["max_seconds"] = max_seconds
    bots.BOTS[name](game, **kwargs)
    return spec


def _stand_in(*_args: object) -> list[float]:
    """Takes a network's place while a spec is checked (never called: nothing searches)."""
    raise AssertionError("a stand-in network is never asked")


def parse_seat(text: str, game: Game, networks: Collection[str] = ("default",),
               max_seconds: float | None = None, plugins: Collection[str] = ()) -> Seat:
    """``human``, ``open`` or ``bot:NAME[:params]``; the bot spec is checked against ``game``."""
    if not isinstance(text, str):
        raise ConfigError(f"a seat is written as text (human, open, bot:greedy), got {text!r}")
    word, _, spec = text.strip().partition(":")
    word = word.lower()
    if word == "bot":
        return Seat("bot", bot=check_bot(spec, game, networks, max_seconds, plugins))
    if word in ("human", "open") and not spec:
        return Seat(word)
    raise ConfigError(
        f"seat {text[:MAX_SPEC]!r} is not allowed; a seat is human, open or bot:NAME "
        f"(bots: {', '.join(bots.names())}, e.g. bot:greedy, bot:ismcts:seconds=0.5)"
    )
