"""The WebSockets of this process, by table, and who is connected where.

Sockets are kept by table id, apart from the table cache: a table dropped from the
cache keeps its sockets, and the next change reaches them. A change sends each socket
one frame (its seat's state); a socket that connects gets one frame (its state), and
nobody else hears of it unless its seat's presence flips (from no socket anywhere to
one, or back), which is a small ``presence`` frame. So pushes grow linearly with the
sockets, never with their square.

Presence counts this process's sockets and, on PostgreSQL, the other processes'
(announced over the notification bus, forgotten when their process goes).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(eq=False)
class Subscriber:
    """One WebSocket: the seat it watches as and the messages waiting to be sent, in order."""

    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    #: told to close (too slow, or the server stops): nothing more is queued
    closed: bool = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


class Fanout:
    def __init__(self, backlog: int) -> None:
        self.backlog = backlog
        self.subscribers: dict[int, set[Subscriber]] = {}
        #: this process's socket count per (table, seat)
        self.local: dict[tuple[int, int], int] = {}
        #: other processes' counts: (table, seat) -> {process: count}
        self.remote: dict[tuple[int, int], dict[str, int]] = {}

    # ---- presence ---------------------------------------------------------------------
    def count(self, table_id: int, seat: int) -> int:
        key = (table_id, seat)
        return self.local.get(key, 0) + sum(self.remote.get(key, {}).values())

    def connected(self, table_id: int, players: int) -> list[bool]:
        return [self.count(table_id, s) > 0 for s in range(players)]

    def set_remote(self, table_id: int, seat: int, process: str, count: int) -> bool:
        """Another process's sockets of a seat; True when the seat's presence flipped."""
        before = self.count(table_id, seat) > 0
        counts = self.remote.setdefault((table_id, seat), {})
        if count > 0:
            counts[process] = count
        else:
            counts.pop(process, None)
            if not counts:
                del self.remote[(table_id, seat)]
        return (self.count(table_id, seat) > 0) != before

    def forget_process(self, process: str) -> list[tuple[int, int]]:
        """Drop a gone process's sockets; the (table, seat) pairs whose presence flipped."""
        flipped = []
        for key in [k for k, v in self.remote.items() if process in v]:
            if self.set_remote(key[0], key[1], process, 0):
                flipped.append(key)
        return flipped

    # ---- sockets ------------------------------------------------------------------------
    def sockets(self, table_id: int) -> int:
        return len(self.subscribers.get(table_id, ()))

    def add(self, table_id: int, sub: Subscriber) -> bool:
        """Register a socket; True when its seat's presence flipped to connected."""
        self.subscribers.setdefault(table_id, set()).add(sub)
        if sub.seat is None:
            return False
        key = (table_id, sub.seat)
        self.local[key] = self.local.get(key, 0) + 1
        return self.count(table_id, sub.seat) == 1

    def remove(self, table_id: int, sub: Subscriber) -> bool:
        """Forget a socket; True when its seat's presence flipped to gone."""
        subs = self.subscribers.get(table_id)
        if subs is None or sub not in subs:
            return False
        subs.discard(sub)
        if not subs:
            del self.subscribers[table_id]
        if sub.seat is None:
            return False
        key = (table_id, sub.seat)
        self.local[key] -= 1
        if not self.local[key]:
            del self.local[key]
        return self.count(table_id, sub.seat) == 0

    def send(self, sub: Subscriber, text: str) -> None:
        if sub.closed:
            return
        if sub.queue.qsize() >= self.backlog:
            sub.close()  # too slow: the socket closes, the client reconnects
            return
        sub.queue.put_nowait(text)

    def push(self, table_id: int, render: Callable[[int | None], str]) -> None:
        """One frame per socket: ``render(seat)``, built once per seat."""
        texts: dict[int | None, str] = {}
        for sub in list(self.subscribers.get(table_id, ())):
            if sub.seat not in texts:
                texts[sub.seat] = render(sub.seat)
            self.send(sub, texts[sub.seat])

    def presence(self, table_id: int, seat: int, connected: bool, skip: Subscriber | None = None) -> None:
        """The small frame that tells a table's sockets a seat came or went."""
        text = json.dumps({"type": "presence", "seat": seat, "connected": connected})
        for sub in list(self.subscribers.get(table_id, ())):
            if sub is not skip:
                self.send(sub, text)

    def close_all(self) -> None:
        for subs in self.subscribers.values():
            for sub in subs:
                sub.close()
