"""The hall: every live table, and the one path by which a table changes.

A change (a move, an undo, a clock running out, a seat joined) happens under the
table's lock, is checked against the cached position, written to the database in one
transaction guarded by the version, and only then applied in memory, pushed to the
table's WebSockets and answered. A refusal changes nothing anywhere.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from meeple import games
from meeple.core.commitment import commit, new_salt
from meeple.core.errors import ConfigError, IllegalAction, MeepleError, ParseError
from meeple.core.record import Record
from meeple.server import storage
from meeple.server.botpool import BotPool
from meeple.server.clocks import Clocks, TimeControl
from meeple.server.config import ServerConfig
from meeple.server.errors import ApiError
from meeple.server.live import LiveTable, Played, Subscriber, effective_moves, payload, replay
from meeple.server.seats import Seat, parse_seat
from meeple.server.storage import Event, Stale
from meeple.server.tokens import find_seat, hash_token, new_token

log = logging.getLogger("meeple.server")
T = TypeVar("T")
#: positions kept for undo without a replay (a solo game may be one long run of one seat)
HISTORY = 64


class Hall:
    def __init__(self, engine: Engine, config: ServerConfig, now: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.config = config
        self.now = now
        self.tables: dict[int, LiveTable] = {}
        self._loading: dict[int, asyncio.Future[LiveTable | None]] = {}
        # SQLite has one writer: one database thread avoids lock waits; PostgreSQL takes several
        threads = 1 if engine.dialect.name == "sqlite" else 8
        self._db_pool = ThreadPoolExecutor(threads, thread_name_prefix="meeple-db")
        self.writer = storage.EventWriter(engine)
        # a SQLite commit (WAL, no fsync per commit) takes tens of microseconds: cheaper on
        # the event loop than a hop to a thread; PostgreSQL waits on the network, in threads
        self._inline_writes = engine.dialect.name == "sqlite"
        self.bots = BotPool(config.bot_workers, config.bot_seconds)
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    # ---- lifecycle ---------------------------------------------------------------
    async def start(self) -> None:
        """Resume every unfinished table: bots move again, clocks run again."""
        for table_id in await self._db(storage.unfinished):
            try:
                live = await self.table(table_id)
            except ApiError as err:
                log.error("table %s cannot be resumed: %s", table_id, err.detail)
                continue
            self._changed(live, push=False)

    async def close(self) -> None:
        self.closed = True
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
            for sub in live.subscribers:
                sub.queue.put_nowait(None)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self.bots.close()
        self._db_pool.shutdown(wait=True)
        self.writer.close()

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._db_pool, partial(fn, self.engine, *args))
        except (Stale, ApiError):
            raise
        except SQLAlchemyError as err:
            log.error("database error: %s", err)
            raise ApiError(503, "the database is unavailable; nothing was changed, try again") from err

    # ---- finding tables and seats -------------------------------------------------
    async def table(self, table_id: int) -> LiveTable:
        live = self.tables.get(table_id)
        if live is not None:
            return live
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded = await self._load(table_id)
                if loaded is not None:
                    self.tables[table_id] = loaded
                pending.set_result(loaded)
            except BaseException as err:
                pending.set_exception(err)
                raise
            finally:
                del self._loading[table_id]
        live = await asyncio.shield(pending)
        if live is None:
            raise ApiError(404, f"there is no table {table_id}; GET /api/tables lists the tables")
        return live

    async def _load(self, table_id: int) -> LiveTable | None:
        stored = await self._db(storage.load_table, table_id)
        if stored is None:
            return None
        row = stored.row
        try:
            game = games.get(row["game"])
            if row["rules_version"] not in (None, game.rules_version):
                raise MeepleError(
                    f"it was played under {game.name} rules version {row['rules_version']}, and this "
                    f"server plays version {game.rules_version}; its moves stay in the database"
                )
            state, moves = await asyncio.get_running_loop().run_in_executor(
                self._db_pool, replay, game, row["players"], row["seed"], row["options"],
                effective_moves(stored.events),
            )
        except MeepleError as err:
            raise ApiError(500, f"table {table_id} cannot be rebuilt from its stored moves: {err}") from err
        seats = [Seat(s["kind"], s["bot"], s["name"], s["token_hash"]) for s in stored.seats]
        control = TimeControl(**row["clock"]) if row["clock"] else None
        clocks = None
        if control is not None and row["clocks"] is not None:
            clocks = Clocks(list(row["clocks"]))
            if row["status"] == "playing":
                clocks.start(self.now(), state.to_move)  # downtime is not charged
        return LiveTable(
            id=table_id, game=game, players=row["players"], options=dict(row["options"]),
            seed=row["seed"], salt=row["salt"], commitment=row["commitment"], status=row["status"],
            version=row["version"], seats=seats, state=state, moves=moves, control=control,
            clocks=clocks, result=row["result"], rules_version=row["rules_version"] or game.rules_version,
        )

    @staticmethod
    def seat_of(live: LiveTable, token: str | None) -> int | None:
        """The seat ``token`` belongs to; None for no token (a spectator); 403 for a wrong one."""
        if token is None:
            return None
        seat = find_seat(token, [s.token_hash for s in live.seats])
        if seat is None:
            raise ApiError(403, f"this token is not a seat's token at table {live.id}; "
                                "send a token from POST /api/tables or /join, or none to spectate")
        return seat

    def view(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        return payload(live, seat, self.now())

    # ---- creating and joining -------------------------------------------------------
    async def create(
        self,
        game_name: str,
        seat_specs: list[str],
        players: int | None,
        options: dict[str, Any],
        names: list[str | None] | None,
        clock: dict[str, Any] | None,
    ) -> tuple[LiveTable, dict[int, str]]:
        try:
            game = games.get(game_name)
            seats = [parse_seat(s, game) for s in seat_specs]
            count = len(seats) if players is None else players
            game.check_players(count)
            if count != len(seats):
                raise ConfigError(f"players is {count} but {len(seats)} seats were given; give one seat per player")
            if names is not None:
                if len(names) != count:
                    raise ConfigError(f"names has {len(names)} entries; give one per seat ({count}) or none")
                for seat, name in zip(seats, names, strict=True):
                    seat.name = _clean_name(name)
            resolved = game.resolve_options(options)
            control = TimeControl.parse(clock, game) if clock is not None else None
            seed = secrets.randbits(48)
            state = game.new(count, seed, **resolved)
        except MeepleError as err:
            raise ApiError(422, err.text) from None
        salt = new_salt()
        tokens: dict[int, str] = {}
        for i, seat in enumerate(seats):
            if seat.kind == "human":
                tokens[i] = new_token()
                seat.token_hash = hash_token(tokens[i])
        status = "waiting" if any(s.kind == "open" for s in seats) else "playing"
        clocks = None
        if control is not None:
            clocks = Clocks([None if s.kind == "bot" else control.initial for s in seats])
            if status == "playing":
                clocks.start(self.now(), state.to_move)
        row = {
            "game": game.name, "players": count, "options": resolved, "seed": seed, "salt": salt,
            "commitment": commit(seed, salt), "rules_version": game.rules_version,
            "status": status, "version": 0, "clock": control.to_json() if control else None,
            "clocks": clocks.remaining if clocks else None, "result": None,
        }
        seat_rows = [{"kind": s.kind, "bot": s.bot, "name": s.name, "token_hash": s.token_hash} for s in seats]
        table_id = await self._db(storage.insert_table, row, seat_rows)
        live = LiveTable(
            id=table_id, game=game, players=count, options=resolved, seed=seed, salt=salt,
            commitment=row["commitment"], status=status, version=0, seats=seats, state=state,
            moves=[], control=control, clocks=clocks, rules_version=game.rules_version,
        )
        self.tables[table_id] = live
        self._changed(live, push=False)
        return live, tokens

    async def join(self, table_id: int, seat: int | None, name: str | None) -> tuple[LiveTable, int, str]:
        live = await self.table(table_id)
        async with live.lock:
            free = live.open_seats()
            if not free:
                raise ApiError(409, f"table {table_id} has no open seat (it is {live.status}); "
                                    "create a table or spectate this one")
            if seat is None:
                seat = free[0]
            elif seat not in free:
                raise ApiError(409, f"seat {seat} of table {table_id} is not open; open seats: "
                                    f"{', '.join(map(str, free))}")
            token = new_token()
            digest = hash_token(token)
            starts = len(free) == 1
            changes: dict[str, Any] = {}
            clocks = copy.deepcopy(live.clocks)
            if starts:
                changes["status"] = "playing"
                if clocks is not None:
                    clocks.start(self.now(), live.state.to_move)
            if not await self._db(storage.take_seat, table_id, seat, digest, _clean_name(name), changes):
                raise ApiError(409, f"seat {seat} of table {table_id} was just taken; try another")
            live.seats[seat] = Seat("human", None, _clean_name(name), digest, live.seats[seat].connected)
            if starts:
                live.status = "playing"
                live.clocks = clocks
            self._changed(live)
        return live, seat, token

    # ---- moves and undo --------------------------------------------------------------
    async def move(self, table_id: int, token: str | None, action: str, version: int) -> LiveTable:
        live = await self.table(table_id)
        seat = self._player(live, token)
        async with live.lock:
            await self._play(live, seat, action, version)
        return live

    def _player(self, live: LiveTable, token: str | None) -> int:
        if token is None:
            raise ApiError(401, "moves need the seat's token: send the header Authorization: Bearer TOKEN")
        seat = self.seat_of(live, token)
        assert seat is not None
        return seat

    def _check_turn(self, live: LiveTable, seat: int, version: int) -> None:
        """The refusals every change of a game shares, in the order a client should read them."""
        if live.status == "waiting":
            raise ApiError(409, f"table {live.id} is waiting for seats {live.open_seats()} to be joined",
                           version=live.version)
        if live.over:
            raise ApiError(409, f"the game at table {live.id} is over", version=live.version)
        if version != live.version:
            raise ApiError(409, f"version {version} is stale: table {live.id} is at version {live.version}; "
                                "fetch the table and decide again", version=live.version)
        if live.to_move != seat:
            raise ApiError(403, f"it is seat {live.to_move}'s turn, not seat {seat}'s")

    async def _play(self, live: LiveTable, seat: int, text: str, version: int) -> None:
        """Apply ``text`` for ``seat`` (lock held): check, store, then change memory."""
        self._check_turn(live, seat, version)
        now = self.now()
        if live.clocks is not None and live.clocks.flagged(now) == seat:
            await self._timeout(live, seat, now)
            raise ApiError(409, f"seat {seat}'s clock ran out before this move; "
                                f"the table's rule applied ({live.control.on_timeout if live.control else ''})",
                           version=live.version)
        state = live.state.clone()
        reveals = state.reveals
        try:
            action = state.parse(text)
            state.apply(action)
        except (ParseError, IllegalAction) as err:
            raise ApiError(422, err.text, legal=[a.text for a in live.state.legal_actions()]) from None
        changes: dict[str, Any] = {}
        clocks = copy.deepcopy(live.clocks)
        if clocks is not None:
            clocks.switch(now, seat, state.to_move, live.control.increment if live.control else 0.0)
            changes["clocks"] = clocks.remaining
        result = None
        if state.to_move is None:
            result = {"scores": list(state.scores()), "winners": list(state.winners())}
            changes.update(status="over", result=result)
        await self._store(live, Event(live.version + 1, "move", seat, action.text), changes)
        if live.moves and live.moves[-1].actor != seat:
            live.history.clear()
        live.history.append(live.state)
        if len(live.history) > HISTORY:
            del live.history[0]
        live.state = state
        live.moves.append(Played(action, seat, reveals))
        live.clocks = clocks
        if result is not None:
            live.status, live.result = "over", result
        self._changed(live)

    async def undo(self, table_id: int, token: str | None, version: int) -> LiveTable:
        live = await self.table(table_id)
        seat = self._player(live, token)
        async with live.lock:
            self._check_turn(live, seat, version)
            if not live.moves or live.moves[-1].actor != seat:
                raise ApiError(422, "there is nothing to undo: only your own moves of this turn can be taken back")
            last = live.moves[-1]
            if last.reveals_before != live.state.reveals:
                raise ApiError(422, f"cannot undo {last.action.text!r}: it revealed hidden information "
                                    "(a card or tile was drawn or turned)")
            if live.history:
                before = live.history[-1]
            else:
                before, _ = replay(live.game, live.players, live.seed, live.options,
                                   [(p.action.text, p.actor) for p in live.moves[:-1]])
            now = self.now()
            changes: dict[str, Any] = {}
            clocks = copy.deepcopy(live.clocks)
            if clocks is not None:
                clocks.switch(now, seat, seat, 0.0)
                changes["clocks"] = clocks.remaining
            await self._store(live, Event(live.version + 1, "undo", seat, last.action.text), changes)
            if live.history:
                live.history.pop()
            live.state = before
            live.moves.pop()
            live.clocks = clocks
            self._changed(live)
        return live

    async def _store(self, live: LiveTable, event: Event, changes: dict[str, Any],
                     seat_changes: dict[int, dict[str, Any]] | None = None) -> None:
        try:
            if self._inline_writes:
                self.writer.append(live.id, event, changes, seat_changes)
            else:
                await asyncio.get_running_loop().run_in_executor(
                    self._db_pool, self.writer.append, live.id, event, changes, seat_changes
                )
        except Stale:
            # another writer got there first (a second server on the same database):
            # forget the cache so the next request reads the truth
            self.tables.pop(live.id, None)
            raise ApiError(409, f"table {live.id} changed meanwhile; fetch it and decide again") from None
        except Exception as err:
            log.error("database error storing %s at table %s: %s", event.kind, live.id, err)
            raise ApiError(503, "the database is unavailable; nothing was changed, try again") from err
        live.version = event.version

    # ---- clocks -------------------------------------------------------------------------
    async def _timeout(self, live: LiveTable, seat: int, now: float) -> None:
        """``seat``'s clock ran out (lock held): a bot takes the seat, or the seat forfeits."""
        assert live.clocks is not None and live.control is not None
        clocks = copy.deepcopy(live.clocks)
        clocks.stop(now)
        clocks.remaining[seat] = 0.0
        bot = live.control.takeover_bot
        if bot is not None:
            clocks.remaining[seat] = None
            clocks.start(now, live.to_move)
            await self._store(live, Event(live.version + 1, "timeout", seat, bot),
                              {"clocks": clocks.remaining}, {seat: {"kind": "bot", "bot": bot}})
            old = live.seats[seat]
            live.seats[seat] = Seat("bot", bot, old.name, old.token_hash, old.connected)
            live.clocks = clocks
        else:
            scores = list(live.state.scores())
            others = [s for s in range(live.players) if s != seat]
            best = max((scores[s] for s in others), default=None)
            result = {"scores": scores, "winners": [s for s in others if scores[s] == best], "forfeit": seat}
            await self._store(live, Event(live.version + 1, "forfeit", seat),
                              {"clocks": clocks.remaining, "status": "over", "result": result})
            live.status, live.result, live.clocks = "over", result, clocks
        live.history.clear()
        self._changed(live)

    def _arm_timer(self, live: LiveTable) -> None:
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if live.clocks is None or live.status != "playing":
            return
        deadline = live.clocks.deadline()
        if deadline is None:
            return
        delay = max(0.0, deadline - self.now()) + 0.01
        live.timer = asyncio.get_running_loop().call_later(
            delay, lambda: self._spawn(self._on_timer(live))
        )

    async def _on_timer(self, live: LiveTable) -> None:
        async with live.lock:
            live.timer = None
            if live.status != "playing" or live.clocks is None:
                return
            now = self.now()
            seat = live.clocks.flagged(now)
            if seat is None:
                self._arm_timer(live)
            else:
                await self._timeout(live, seat, now)

    # ---- hints ----------------------------------------------------------------------------
    async def hint(self, table_id: int, token: str | None, top: int = 3) -> dict[str, Any]:
        """The search bot's ``top`` moves for the token's seat, which must be to move.

        The worker gets a determinization for that seat (hidden cards redrawn from what
        the seat cannot see), never the true state: the advice cannot leak what the
        seat does not know, even by accident.
        """
        live = await self.table(table_id)
        if token is None:
            raise ApiError(401, "a hint is for a seat: send the header Authorization: Bearer TOKEN")
        seat = self.seat_of(live, token)
        assert seat is not None
        async with live.lock:
            self._check_turn(live, seat, live.version)
            version = live.version
            world = live.state.determinize(seat, random.Random(secrets.randbits(64)))
        advice = await self.bots.advise(world, self.config.hint_seconds, top)
        return {"id": live.id, "seat": seat, "version": version, **advice}

    # ---- bots ---------------------------------------------------------------------------
    def _wake_bot(self, live: LiveTable) -> None:
        if live.bot_to_move() is None or self.closed:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = self._spawn(self._bot_loop(live))

    async def _bot_loop(self, live: LiveTable) -> None:
        """Play the bots' moves while a bot is to move; a move is committed like a human's."""
        failures = 0
        while not self.closed:
            async with live.lock:
                spec = live.bot_to_move()
                if spec is None or self.tables.get(live.id) is not live:
                    return
                seat, version, state = live.to_move, live.version, live.state.clone()
            assert seat is not None
            try:
                text = await self.bots.choose(spec, state)
            except Exception as err:  # a crashed worker or a bot bug must not stall the table
                failures += 1
                log.error("bot %s at table %s failed (%s); %s", spec, live.id, err,
                          "retrying" if failures < 3 else "playing a random legal move")
                if failures < 3:
                    await asyncio.sleep(0.5)
                    continue
                text = secrets.choice(list(state.legal_actions())).text
            failures = 0
            async with live.lock:
                try:
                    await self._play(live, seat, text, version)
                except ApiError as err:
                    if err.status not in (403, 409):  # the table moved on (undo, clock): think again
                        log.error("bot move %r at table %s refused: %s", text, live.id, err.detail)
                        return

    # ---- pushing --------------------------------------------------------------------------
    def _changed(self, live: LiveTable, push: bool = True) -> None:
        """After any change: push it, let a bot move, run the right clock."""
        if push:
            self.push(live)
        self._arm_timer(live)
        self._wake_bot(live)

    def push(self, live: LiveTable) -> None:
        """Queue the new state for every WebSocket of the table (one view per seat)."""
        if not live.subscribers:
            return
        texts: dict[int | None, str] = {}
        for sub in list(live.subscribers):
            if sub.seat not in texts:
                texts[sub.seat] = json.dumps({"type": "state", "table": self.view(live, sub.seat)})
            if sub.queue.qsize() >= self.config.ws_backlog:
                self.unsubscribe(live, sub, push=False)
                sub.queue.put_nowait(None)  # too slow: the socket closes, the client reconnects
                continue
            sub.queue.put_nowait(texts[sub.seat])

    def subscribe(self, live: LiveTable, seat: int | None) -> Subscriber:
        sub = Subscriber(seat)
        live.subscribers.add(sub)
        if seat is not None:
            live.seats[seat].connected += 1
        self.push(live)  # the newcomer gets the state first; the others see it connected
        return sub

    def unsubscribe(self, live: LiveTable, sub: Subscriber, push: bool = True) -> None:
        if sub not in live.subscribers:
            return
        live.subscribers.discard(sub)
        if sub.seat is not None:
            live.seats[sub.seat].connected -= 1
        if push and not self.closed:
            self.push(live)

    # ---- records ----------------------------------------------------------------------------
    def record(self, live: LiveTable) -> Record:
        if not live.over:
            raise ApiError(409, f"the record of table {live.id} is published when the game is over "
                                "(it holds the seed, which would reveal the hidden cards)")
        return Record(game=live.game.name, players=live.players, seed=live.seed,
                      options=dict(live.options), actions=live.actions(), rules=live.rules_version,
                      seats=[seat.name or seat.spec for seat in live.seats])


def _clean_name(name: str | None) -> str | None:
    if name is None:
        return None
    name = " ".join(str(name).split())[:60]
    return name or None


