"""Chess-style clocks per seat: an initial budget plus an increment per turn.

Only human seats have a clock, and only the seat to move burns time. The increment is
added when a seat's turn passes to another seat (a turn may be several small
decisions). When a clock reaches zero the table's ``on_timeout`` rule applies: a named
bot takes the seat, or the seat forfeits. Time while the server is down is not charged:
whoever runs the table next restarts the running clock from what was stored at the
last change (an event ``resume``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.server.seats import MAX_SPEC, check_bot

#: the bounds of a time control, in seconds
MAX_INITIAL = 7 * 24 * 3600.0
MAX_INCREMENT = 24 * 3600.0


@dataclass(frozen=True)
class TimeControl:
    initial: float
    increment: float
    on_timeout: str  # "forfeit" or "bot:SPEC"

    @classmethod
    def parse(cls, data: dict[str, Any], game: Game, networks: Collection[str] = ("default",)) -> TimeControl:
        """A time control from a request; ``on_timeout`` is read case-insensitively
        (``Bot:random`` is ``bot:random``) and checked like a bot seat."""
        initial = float(data.get("initial", 600))
        increment = float(data.get("increment", 0))
        rule = str(data.get("on_timeout", "forfeit")).strip()
        if not 0 < initial <= MAX_INITIAL:
            raise ConfigError(f"clock initial={initial:g} s is not allowed; give 0 < initial <= {MAX_INITIAL:g}")
        if not 0 <= increment <= MAX_INCREMENT:
            raise ConfigError(
                f"clock increment={increment:g} s is not allowed; give 0 <= increment <= {MAX_INCREMENT:g}"
            )
        if len(rule) > MAX_SPEC:
            raise ConfigError(f"clock on_timeout is at most {MAX_SPEC} characters; this one has {len(rule)}")
        word, colon, spec = rule.partition(":")
        if word.strip().lower() == "bot" and colon:
            rule = "bot:" + check_bot(spec, game, networks)
        elif rule.lower() == "forfeit":
            rule = "forfeit"
        else:
            raise ConfigError(f"clock on_timeout={rule!r} is not allowed; give forfeit or bot:NAME (e.g. bot:greedy)")
        return cls(initial, increment, rule)

    def to_json(self) -> dict[str, Any]:
        return {"initial": self.initial, "increment": self.increment, "on_timeout": self.on_timeout}

    @property
    def takeover_bot(self) -> str | None:
        """The bot spec that takes a seat whose clock ran out (None: the seat forfeits)."""
        return self.on_timeout[4:] if self.on_timeout.startswith("bot:") else None


@dataclass
class Clocks:
    """Seconds left per seat (None: no clock), which seat burns time, and since when."""

    remaining: list[float | None]
    running: int | None = None
    since: float = 0.0

    def left(self, seat: int, now: float) -> float | None:
        left = self.remaining[seat]
        if left is None:
            return None
        if seat == self.running:
            left -= now - self.since
        return left

    def deadline(self) -> float | None:
        """When the running clock reaches zero (None: no clock runs)."""
        if self.running is None:
            return None
        left = self.remaining[self.running]
        return None if left is None else self.since + left

    def flagged(self, now: float) -> int | None:
        """The seat whose clock has run out, if any."""
        seat = self.running
        if seat is not None and (self.left(seat, now) or 0.0) <= 0.0:
            return seat
        return None

    def stop(self, now: float) -> None:
        """Charge the running seat for the time since the last change and stop its clock."""
        seat = self.running
        if seat is not None and self.remaining[seat] is not None:
            self.remaining[seat] = max(0.0, self.left(seat, now) or 0.0)
        self.running = None
        self.since = now

    def switch(self, now: float, mover: int | None, to_move: int | None, increment: float) -> None:
        """After ``mover``'s decision: charge it, add the increment if its turn passed, start ``to_move``."""
        self.stop(now)
        if mover is not None and to_move != mover and self.remaining[mover] is not None:
            self.remaining[mover] = (self.remaining[mover] or 0.0) + increment
        self.start(now, to_move)

    def start(self, now: float, to_move: int | None) -> None:
        self.since = now
        self.running = to_move if to_move is not None and self.remaining[to_move] is not None else None

    def public(self, now: float) -> dict[str, Any]:
        return {
            "remaining": [self.left(s, now) for s in range(len(self.remaining))],
            "running": self.running,
        }
