"""Who sits in a seat: ``human``, ``open`` (joined later) or ``bot:SPEC``."""

from __future__ import annotations

from dataclasses import dataclass

from meeple import bots
from meeple.core.errors import ConfigError
from meeple.core.game import Game

KINDS = ("human", "open", "bot")


@dataclass
class Seat:
    kind: str  # human, open, bot
    bot: str | None = None  # the bot spec, e.g. "ismcts:seconds=0.5"
    name: str | None = None
    token_hash: str | None = None
    connected: int = 0  # open WebSocket connections of this seat

    @property
    def spec(self) -> str:
        return f"bot:{self.bot}" if self.kind == "bot" else self.kind


def parse_seat(text: str, game: Game) -> Seat:
    """``human``, ``open`` or ``bot:NAME[:params]``; the bot spec is checked against ``game``."""
    if not isinstance(text, str):
        raise ConfigError(f"a seat is written as text (human, open, bot:greedy), got {text!r}")
    word, _, spec = text.strip().partition(":")
    word = word.lower()
    if word == "bot":
        check_bot(spec, game)
        return Seat("bot", bot=spec.strip())
    if word in ("human", "open") and not spec:
        return Seat(word)
    raise ConfigError(
        f"seat {text!r} is not allowed; a seat is human, open or bot:NAME "
        f"(bots: {', '.join(bots.names())}, e.g. bot:greedy, bot:ismcts:seconds=0.5)"
    )


def check_bot(spec: str, game: Game) -> None:
    """Raise ``ConfigError`` unless ``spec`` builds a bot for ``game``."""
    if not spec.strip():
        raise ConfigError(f"a bot seat names its bot: bot:NAME, with NAME one of {', '.join(bots.names())}")
    bots.get(spec, game)
