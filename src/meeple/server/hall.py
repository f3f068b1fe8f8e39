"""The hall: the one path by which a table changes, and this process's view of the log.

A change (a move, an undo, a join, a clock running out, a seat handed to a bot) happens
under the table's lock: it is checked against the cached table, written to the log as
the next version in one transaction (the version is the event's key), and only then applied to
the cache by ``advance``, the same function that replays the log, pushed to the
table's WebSockets and answered. A refusal changes nothing anywhere.

The cache is a bounded LRU of tables. Several processes may share a PostgreSQL
database: a process reads the log from its cached version on before it answers a read
(one statement), catches up when another process's commit is announced (LISTEN/NOTIFY)
or when its own write finds the version taken, and runs the bots and clocks only of the
tables whose lease it holds. On SQLite the server is one process: its cache is the log.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import logging
import random
import secrets
import time
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError, OperationalError

from meeple import games
from meeple.arena.match import decision_bound
from meeple.core.commitment import commit, new_salt
from meeple.core.errors import ConfigError, IllegalAction, MeepleError, ParseError
from meeple.core.record import Record
from meeple.server import notify
from meeple.server.botpool import BotFailed, BotPool
from meeple.server.clocks import TimeControl
from meeple.server.config import ServerConfig
from meeple.server.errors import ApiError
from meeple.server.fanout import Fanout, Subscriber
from meeple.server.leases import LeasesLost, LocalLeases, PgLeases
from meeple.server.live import Gap, LiveTable, advance, seats_info, shown
from meeple.server.seats import Seat, parse_seat
from meeple.server.storage import Event, Stale, Store, from_notice
from meeple.server.tokens import find_seat, hash_token, new_token

log = logging.getLogger("meeple.server")
T = TypeVar("T")
#: the largest table id (the column is a 32-bit integer)
MAX_ID = 2**31 - 1
#: retry delays after a database failure in the background (bots, clocks): first, most
BACKOFF = (0.5, 30.0)
#: a bot that fails this often in a row plays a random legal move instead
BOT_FAILURES = 3
#: PostgreSQL: the most statements a process runs at once on the event loop's connections
ASYNC_CONNECTIONS = 8


class Hall:
    def __init__(self, engine: Engine, config: ServerConfig, now: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.config = config
        self.now = now
        #: several processes may share the database (PostgreSQL); SQLite is one process
        self.shared = engine.dialect.name != "sqlite"
        self.process = uuid.uuid4().hex[:12]
        self.store = Store(engine)
        # SQLite has one writer, on the event loop; its reads take one thread. PostgreSQL
        # waits on the network: a move and the log read on the event loop (async
        # connections, see storage), the rest in a pool of threads, each with its connection
        self._db_pool = ThreadPoolExecutor(8 if self.shared else 1, thread_name_prefix="meeple-db")
        self.cache: OrderedDict[int, LiveTable] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._loading: dict[int, asyncio.Future[LiveTable | None]] = {}
        self.fanout = Fanout(config.ws_backlog)
        self.bots = BotPool(config.bot_workers, config.bot_seconds)
        self.leases: LocalLeases | PgLeases = LocalLeases()
        self.listener: notify.Listener | None = None
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._hints: set[tuple[int, int]] = set()
        #: the version each table's write in progress stores (its notification is no news)
        self._writing: dict[int, int] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    # ---- lifecycle ---------------------------------------------------------------
    async def start(self) -> None:
        """Join the other processes (PostgreSQL), start the bot workers, run the tables."""
        loop = asyncio.get_running_loop()
        if self.shared:
            space = await loop.run_in_executor(self._db_pool, notify.namespace, self.engine)
            self.store.channel = notify.channel_name(space)
            self.leases = PgLeases(self.engine, notify.lock_space(space))
            self.store.start_async(ASYNC_CONNECTIONS)
            self.listener = notify.Listener(self.engine, self.store.channel, self.process)
            self.listener.start(notify.Handlers(self._heard, self._heard_presence, self._heard_hello,
                                                self._reconnected))
        await self.bots.start()
        if self.shared:
            self._spawn(self._sweep_forever())
        else:
            for table_id in await self._db(self.store.runner_tables):
                await self._took(table_id)

    async def close(self) -> None:
        self.closed = True
        for timer in self._timers.values():
            timer.cancel()
        self.fanout.close_all()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.listener is not None:
            await self.listener.close()
        self.bots.close()
        self.leases.close()  # its connection closes: other processes take the tables over
        self._db_pool.shutdown(wait=True)
        await self.store.close_async()
        self.store.close()

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """A store call in the database threads; its failure as the client should read it."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._db_pool, partial(fn, *args))
        except (Stale, ApiError):
            raise
        except DBAPIError as err:
            raise database_error(err) from err

    def lock(self, table_id: int) -> asyncio.Lock:
        """The table's lock; one per table while anyone holds it, cached or not."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # ---- the cache ------------------------------------------------------------------
    def _remember(self, live: LiveTable) -> None:
        self.cache[live.id] = live
        self.cache.move_to_end(live.id)
        while len(self.cache) > self.config.cache_tables:
            self.cache.popitem(last=False)

    async def table(self, table_id: int, fresh: bool = True) -> LiveTable:
        """The table, from the cache; caught up with the log first when other processes
        may have written (``fresh``)."""
        if not 1 <= table_id <= MAX_ID:
            raise ApiError(404, f"there is no table {table_id}; table ids are 1 to {MAX_ID}")
        live = self.cache.get(table_id)
        if live is None:
            return await self._load_once(table_id)
        self.cache.move_to_end(table_id)
        if fresh and self.shared:
            async with self.lock(table_id):
                live = await self._catch_up(self._held(live))
        return live

    async def _load_once(self, table_id: int) -> LiveTable:
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded = await self._load(table_id)
                if loaded is not None:
                    self._remember(loaded)
                pending.set_result(loaded)
            except BaseException as err:
                pending.set_exception(err)
                pending.exception()  # retrieved: the loader raises it itself, waiters read it
                raise
            finally:
                del self._loading[table_id]
        live = await asyncio.shield(pending)
        if live is None:
            raise ApiError(404, f"there is no table {table_id}; GET /api/tables lists the tables")
        return live

    async def _load(self, table_id: int) -> LiveTable | None:
        """The table rebuilt from its immutable setup and its whole log."""
        row = await self._db(self.store.setup, table_id)
        if row is None:
            return None
        events = await self._db(self.store.events_after, table_id, -1)
        try:
            game = games.get(row["game"])
            if row["rules_version"] not in (None, game.rules_version):
                raise MeepleError(
                    f"it was played under {game.name} rules version {row['rules_version']}, and this "
                    f"server plays version {game.rules_version}; its moves stay in the database"
                )
            live = LiveTable(
                id=table_id, game=game, players=row["players"], options=dict(row["options"]),
                seed=row["seed"], salt=row["salt"], commitment=row["commitment"],
                state=game.new(row["players"], row["seed"], **row["options"]),
                rules_version=row["rules_version"] or game.rules_version,
                control=TimeControl(**row["clock"]) if row["clock"] else None, runner=row["runner"],
            )
            await asyncio.get_running_loop().run_in_executor(self._db_pool, _replay_all, live, events)
        except MeepleError as err:
            raise ApiError(500, f"table {table_id} cannot be rebuilt from its stored moves: {err}") from err
        return live

    async def _catch_up(self, live: LiveTable) -> LiveTable:
        """Apply the log's events after the cached version (lock held); push each new version."""
        events = await self._read_log(live.id, live.version)
        if not events:
            return live
        try:
            for event in events:
                advance(live, event)
                self._changed(live)
        except (Gap, MeepleError) as err:
            log.error("table %s: the cache could not follow the log (%s); rebuilding it", live.id, err)
            self.cache.pop(live.id, None)
            live = await self._load_once(live.id)
            self._changed(live)
        return live

    async def refresh(self, table_id: int, heard: Event | None = None) -> None:
        """Catch up with a change another process announced (if this process cares): with
        the event the notification carried when it is the next one, else from the log."""
        live = self.cache.get(table_id)
        if live is None:
            if not self.fanout.sockets(table_id) and not self.leases.holds(table_id):
                return
            live = await self.table(table_id, fresh=False)
        async with self.lock(table_id):
            live = self._held(live)
            if heard is not None and heard.version == live.version + 1:
                try:
                    advance(live, heard)
                except (Gap, MeepleError) as err:  # nothing applied: the log decides
                    log.error("table %s: a notified event did not apply (%s); reading the log", live.id, err)
                else:
                    self._changed(live)
                    return
            await self._catch_up(live)

    # ---- what other processes say ----------------------------------------------------------
    def _heard(self, table_id: int, version: int, event: str | None = None) -> None:
        if self._writing.get(table_id) == version:
            return  # this process's own commit (its cache follows when the write returns)
        live = self.cache.get(table_id)
        if live is not None and live.version >= version:
            return  # already read
        if live is None and not self.fanout.sockets(table_id) and not self.leases.holds(table_id):
            return
        heard = None
        if event is not None:
            try:
                heard = from_notice(version, event)
            except (ValueError, TypeError):
                log.warning("an unreadable event in a notification of table %s; reading the log", table_id)
        self._spawn(self._guarded(self.refresh(table_id, heard), f"catching up with table {table_id}"))

    def _heard_presence(self, table_id: int, seat: int, process: str, count: int) -> None:
        if self.fanout.set_remote(table_id, seat, process, count):
            self.fanout.presence(table_id, seat, self.fanout.count(table_id, seat) > 0)

    def _heard_hello(self, _process: str) -> None:
        for (table_id, seat), count in list(self.fanout.local.items()):
            self._announce(table_id, seat, count)

    async def _reconnected(self) -> None:
        """Listening (again): notifications may have been missed; read the log of every table held."""
        self._spawn(self._guarded(self._db(self.store.notify, f"h:{self.process}"), "saying hello"))
        for table_id in list(self.cache):
            self._spawn(self._guarded(self.refresh(table_id), f"catching up with table {table_id}"))

    def _announce(self, table_id: int, seat: int, count: int) -> None:
        if self.shared:
            self._spawn(self._guarded(self._db(self.store.notify, f"p:{table_id}:{seat}:{count}:{self.process}"),
                                      "announcing presence"))

    async def _guarded(self, coro: Coroutine[Any, Any, Any], what: str) -> None:
        try:
            await coro
        except ApiError as err:
            log.warning("%s failed: %s", what, err.detail)

    # ---- leases: which tables this process runs ----------------------------------------------
    async def _sweep_forever(self) -> None:
        """Take over the tables nobody runs, every ``lease_seconds``, for the process's life."""
        delay = BACKOFF[0]
        while not self.closed:
            try:
                for table_id in await self.leases.sweep():
                    await self._took(table_id)
                await self._forget_gone_processes()
                delay = BACKOFF[0]
                await asyncio.sleep(self.config.lease_seconds)
            except LeasesLost as err:
                log.error("the lease connection broke (%s): %d tables are no longer run here; "
                          "retrying in %.1f s", err, len(err.tables), delay)
                for table_id in err.tables:
                    self._stop_running(table_id)
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF[1])
            except ApiError as err:
                log.error("taking over tables failed (%s); retrying in %.1f s", err.detail, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF[1])

    async def _forget_gone_processes(self) -> None:
        processes = {p for counts in self.fanout.remote.values() for p in counts}
        if not processes:
            return
        alive = await self._db(self.store.live_processes)
        for process in processes - alive:
            for table_id, seat in self.fanout.forget_process(process):
                self.fanout.presence(table_id, seat, self.fanout.count(table_id, seat) > 0)

    async def _took(self, table_id: int) -> None:
        """This process runs the table now: its clock restarts from what was stored
        (the time nobody ran it is not charged), its bots move."""
        try:
            live = await self.table(table_id)
            async with self.lock(table_id):
                live = await self._catch_up(self._held(live))
                if live.clocks is not None and live.clocks.running is not None and live.status == "playing":
                    now = self.now()
                    await self._store(live, Event(live.version + 1, "resume", None, None,
                                                  {"clocks": list(live.clocks.remaining)}, _stamp(now)), {})
        except ApiError as err:
            log.error("table %s cannot be resumed: %s", table_id, err.detail)
            return
        self._run(live)

    def _stop_running(self, table_id: int) -> None:
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        task = self._bot_tasks.pop(table_id, None)
        if task is not None:
            task.cancel()

    # ---- finding seats -------------------------------------------------------------------
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

    async def viewer(self, table_id: int, token: str | None) -> tuple[LiveTable, int | None]:
        """The table (fresh) and the token's seat (None: a spectator)."""
        live = await self.table(table_id)
        return live, self.seat_of(live, token)

    def view(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees now (shared: not to be changed by the caller)."""
        return shown(live, seat, self.now(), self.fanout.connected(live.id, live.players))

    def _player(self, live: LiveTable, token: str | None, what: str) -> int:
        """The seat that may play (``what``: moves, an undo, a hint) with ``token``."""
        if token is None:
            raise ApiError(401, f"{what} need the seat's token: send the header Authorization: Bearer TOKEN")
        seat = self.seat_of(live, token)
        assert seat is not None
        if live.seats[seat].kind != "human":
            raise ApiError(403, f"seat {seat} was handed to bot:{live.seats[seat].bot} when its clock ran out; "
                                "its token may still watch the table, but no longer play")
        return seat

    # ---- creating and joining -------------------------------------------------------
    async def create(
        self,
        game_name: str,
        seat_specs: list[str],
        players: int | None,
        options: dict[str, Any],
        names: list[str | None] | None,
        clock: dict[str, Any] | None,
        client: str | None = None,
        *,
        lesson_seed: int | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table. ``lesson_seed``: a lesson's table (``server/lessons.py``), whose deal
        is the lesson's and whose bot may be the ``lesson`` plug-in; never a client's choice."""
        config = self.config
        plugins = ("lesson",) if lesson_seed is not None else ()
        try:
            game = games.get(game_name)
            seats = [parse_seat(s, game, config.networks, config.bot_seconds, plugins) for s in seat_specs]
            count = len(seats) if players is None else players
            game.check_players(count)
            if count != len(seats):
                raise ConfigError(f"players is {count} but {len(seats)} seats were given; give one seat per player")
            if names is not None:
                if len(names) != count:
                    raise ConfigError(f"names has {len(names)} entries; give one per seat ({count}) or none")
                for seat, name in zip(seats, names, strict=True):
                    seat.name = clean_name(name)
            resolved = game.resolve_options(options)
            decision_bound(game, count, resolved)  # options with no sure end are not played here
            control = TimeControl.parse(clock, game, config.networks) if clock is not None else None
            seed = secrets.randbits(48) if lesson_seed is None else lesson_seed
            state = game.new(count, seed, **resolved)
        except MeepleError as err:
            raise ApiError(422, err.text) from None
        creator = hashlib.sha256(f"meeple-client/{client}".encode()).hexdigest() if client else None
        await self._check_limits(creator)
        salt = new_salt()
        tokens: dict[int, str] = {}
        for i, seat in enumerate(seats):
            if seat.kind == "human":
                tokens[i] = new_token()
                seat.token_hash = hash_token(tokens[i])
        now = self.now()
        seat_rows = [{"kind": s.kind, "bot": s.bot, "name": s.name, "token_hash": s.token_hash} for s in seats]
        clocks = [None if s.kind == "bot" else control.initial for s in seats] if control else None
        status = "waiting" if any(s.kind == "open" for s in seats) else "playing"
        runner = control is not None or any(s.kind == "bot" for s in seats)
        row = {
            "game": game.name, "players": count, "options": resolved, "seed": seed, "salt": salt,
            "commitment": commit(seed, salt), "rules_version": game.rules_version, "status": status,
            "clock": control.to_json() if control else None, "result": None, "creator": creator, "runner": runner,
        }
        first = Event(0, "create", None, None, {"seats": seat_rows, "clocks": clocks}, _stamp(now))
        table_id = await self._write(self.store.create, row, seat_rows, first)
        live = LiveTable(
            id=table_id, game=game, players=count, options=resolved, seed=seed, salt=salt,
            commitment=row["commitment"], state=state, rules_version=game.rules_version,
            control=control, runner=runner,
        )
        advance(live, first)
        self._remember(live)
        if runner and live.status == "playing":
            await self.leases.claim(table_id)
        self._changed(live)
        return live, tokens

    async def _check_limits(self, creator: str | None) -> None:
        config = self.config
        if creator is not None:
            since = datetime.fromtimestamp(self.now(), UTC) - timedelta(minutes=1)
            made = await self._db(self.store.created_since, creator, since)
            if made >= config.tables_per_minute:
                raise ApiError(429, f"this client created {made} tables in the last minute: the limit is "
                                    f"{config.tables_per_minute} a minute (tables_per_minute); try again soon",
                               headers={"Retry-After": "60"})
        open_now = await self._db(self.store.open_tables)
        if open_now >= config.max_open_tables:
            raise ApiError(429, f"the server has {open_now} open tables: the limit is {config.max_open_tables} "
                                "(max_open_tables); join a waiting table or try again later",
                           headers={"Retry-After": "60"})

    async def join(self, table_id: int, seat: int | None, name: str | None) -> tuple[LiveTable, int, str]:
        live = await self.table(table_id)
        async with self.lock(table_id):
            live = self._held(live)
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
            name = clean_name(name)
            event = Event(live.version + 1, "join", seat, None, {"name": name, "token_hash": digest},
                          _stamp(self.now()))
            await self._store(live, event, {"status": "playing"} if starts else {},
                              {seat: {"kind": "human", "token_hash": digest, "name": name}})
            advance(live, event)
            if starts and live.runner:
                await self.leases.claim(table_id)
            self._changed(live)
        return live, seat, token

    # ---- moves and undo --------------------------------------------------------------
    async def move(self, table_id: int, token: str | None, action: str, version: int) -> tuple[LiveTable, int]:
        live = await self.table(table_id, fresh=False)
        async with self.lock(table_id):
            live = await self._when_current(live, token, version, "moves")
            seat = self._player(live, token, "moves")
            await self._play(live, seat, action, version)
        return live, seat

    def _held(self, live: LiveTable) -> LiveTable:
        """Under the table's lock: the cached object if the cache has one (``live`` may have
        been dropped from the cache and reloaded while the caller waited)."""
        current = self.cache.get(live.id)
        if current is None:
            self._remember(live)
            return live
        return current

    async def _when_current(self, live: LiveTable, token: str | None, version: int, what: str) -> LiveTable:
        """The table (lock held), read from the log first if the request speaks of another
        version, of a waiting table or of a seat this cache has not seen joined: another
        process (or a reload) may have written since. Only a refusal costs this read."""
        live = self._held(live)
        if version != live.version or live.status == "waiting":
            return await self._catch_up(live)
        try:
            self._player(live, token, what)
        except ApiError:
            return await self._catch_up(live)
        return live

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
        """Apply ``text`` for ``seat`` (lock held): check, store, then change the cache."""
        self._check_turn(live, seat, version)
        now = self.now()
        if live.clocks is not None and live.clocks.flagged(now) == seat:
            await self._timeout(live, seat, now)
            raise ApiError(409, f"seat {seat}'s clock ran out before this move; "
                                f"the table's rule applied ({live.control.on_timeout if live.control else ''})",
                           version=live.version)
        state = live.state.clone()
        try:
            action = state.parse(text)
            state.apply(action)
        except (ParseError, IllegalAction) as err:
            raise ApiError(422, err.text, legal=[a.text for a in live.state.legal_actions()]) from None
        data: dict[str, Any] = {}
        changes: dict[str, Any] = {}
        if live.clocks is not None:
            clocks = copy.deepcopy(live.clocks)
            clocks.switch(now, seat, state.to_move, live.control.increment if live.control else 0.0)
            data["clocks"] = clocks.remaining
        if state.to_move is None:
            data["result"] = changes["result"] = {"scores": list(state.scores()), "winners": list(state.winners())}
            changes["status"] = "over"
        event = Event(live.version + 1, "move", seat, action.text, data or None, _stamp(now))
        await self._store(live, event, changes)
        advance(live, event, (state, action))
        self._changed(live)

    async def undo(self, table_id: int, token: str | None, version: int) -> tuple[LiveTable, int]:
        live = await self.table(table_id, fresh=False)
        async with self.lock(table_id):
            live = await self._when_current(live, token, version, "undos")
            seat = self._player(live, token, "undos")
            self._check_turn(live, seat, version)
            if not live.moves or live.moves[-1].actor != seat:
                raise ApiError(422, "there is nothing to undo: only your own moves of this turn can be taken back")
            last = live.moves[-1]
            if last.reveals_before != live.state.reveals:
                raise ApiError(422, f"cannot undo {last.action.text!r}: it revealed hidden information "
                                    "(a card or tile was drawn or turned)")
            now = self.now()
            data: dict[str, Any] | None = None
            if live.clocks is not None:
                clocks = copy.deepcopy(live.clocks)
                clocks.switch(now, seat, seat, 0.0)
                data = {"clocks": clocks.remaining}
            event = Event(live.version + 1, "undo", seat, last.action.text, data, _stamp(now))
            await self._store(live, event, {})
            advance(live, event)
            self._changed(live)
        return live, seat

    async def _read_log(self, table_id: int, version: int) -> list[Event]:
        """The table's events after ``version`` (PostgreSQL: on the event loop)."""
        if not self.shared:
            return await self._db(self.store.events_after, table_id, version)
        try:
            return await self.store.events_after_async(table_id, version)
        except DBAPIError as err:
            raise database_error(err) from err

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        """A write: on the event loop for SQLite (see ``storage``), in a thread for PostgreSQL."""
        if self.shared:
            return await self._db(fn, *args)
        try:
            return fn(*args)
        except DBAPIError as err:
            raise database_error(err) from err

    async def _store(self, live: LiveTable, event: Event, changes: dict[str, Any],
                     seat_changes: dict[int, dict[str, Any]] | None = None) -> None:
        """Append ``event`` to the log (lock held); 409 if another writer got there first."""
        self._writing[live.id] = event.version
        try:
            if self.shared and not seat_changes:  # one statement, on the event loop
                try:
                    await self.store.append_async(live.id, event, changes)
                except DBAPIError as err:
                    raise database_error(err) from err
            else:
                await self._write(self.store.append, live.id, event, changes, seat_changes)
        except Stale:
            await self._catch_up(live)  # another process wrote: this one reads it
            raise ApiError(409, f"table {live.id} changed meanwhile (it is at version {live.version}); "
                                "fetch it and decide again", version=live.version) from None
        finally:
            del self._writing[live.id]

    # ---- clocks -------------------------------------------------------------------------
    async def _timeout(self, live: LiveTable, seat: int, now: float) -> None:
        """``seat``'s clock ran out (lock held): a bot takes the seat, or the seat forfeits."""
        assert live.clocks is not None and live.control is not None
        clocks = copy.deepcopy(live.clocks)
        clocks.stop(now)
        bot = live.control.takeover_bot
        if bot is not None:
            clocks.remaining[seat] = None
            event = Event(live.version + 1, "timeout", seat, bot, {"clocks": clocks.remaining}, _stamp(now))
            await self._store(live, event, {}, {seat: {"kind": "bot", "bot": bot}})
        else:
            clocks.remaining[seat] = 0.0
            scores = list(live.state.scores())
            others = [s for s in range(live.players) if s != seat]
            best = max((scores[s] for s in others), default=None)
            result = {"scores": scores, "winners": [s for s in others if scores[s] == best], "forfeit": seat}
            event = Event(live.version + 1, "forfeit", seat, None, {"clocks": clocks.remaining, "result": result},
                          _stamp(now))
            await self._store(live, event, {"status": "over", "result": result})
        advance(live, event)
        self._changed(live)

    def _arm_timer(self, live: LiveTable) -> None:
        timer = self._timers.pop(live.id, None)
        if timer is not None:
            timer.cancel()
        if live.clocks is None or live.status != "playing" or self.closed:
            return
        deadline = live.clocks.deadline()
        if deadline is None:
            return
        self._timers[live.id] = asyncio.get_running_loop().call_later(
            max(0.0, deadline - self.now()) + 0.01, lambda: self._spawn(self._on_timer(live.id))
        )

    async def _on_timer(self, table_id: int, delay: float = BACKOFF[0]) -> None:
        """A clock may have run out: apply the table's rule; a database failure retries."""
        self._timers.pop(table_id, None)
        try:
            live = await self.table(table_id)
            async with self.lock(table_id):
                live = self._held(live)
                if live.status != "playing" or live.clocks is None or not self.leases.holds(table_id):
                    return
                now = self.now()
                seat = live.clocks.flagged(now)
                if seat is None:
                    self._arm_timer(live)
                else:
                    await self._timeout(live, seat, now)
        except ApiError as err:
            if err.status == 409:  # the table moved meanwhile: it is re-armed by that change
                return
            log.error("the clock of table %s could not be applied (%s); retrying in %.1f s",
                      table_id, err.detail, delay)
            await asyncio.sleep(delay)
            if not self.closed and self.leases.holds(table_id):
                self._spawn(self._on_timer(table_id, min(delay * 2, BACKOFF[1])))

    # ---- hints ----------------------------------------------------------------------------
    async def hint(self, table_id: int, token: str | None, top: int = 3) -> dict[str, Any]:
        """The search bot's ``top`` moves for the token's seat, which must be to move.

        The worker gets a determinization for that seat (hidden cards redrawn from what
        the seat cannot see), never the true state: the advice cannot leak what the
        seat does not know, even by accident. One hint per seat at a time.
        """
        live = await self.table(table_id)
        seat = self._player(live, token, "hints")
        async with self.lock(table_id):
            self._check_turn(live, seat, live.version)
            version = live.version
            world = live.state.determinize(seat, random.Random(secrets.randbits(64)))
        key = (table_id, seat)
        if key in self._hints:
            raise ApiError(429, f"a hint for seat {seat} is being computed: one hint per seat at a time")
        self._hints.add(key)
        try:
            advice = await self.bots.advise(table_id, world, self.config.hint_budget, top)
        except BotFailed as err:
            raise ApiError(503, f"the hint could not be computed ({err}); ask again") from None
        finally:
            self._hints.discard(key)
        return {"id": live.id, "seat": seat, "version": version, **advice}

    # ---- bots ---------------------------------------------------------------------------
    def _run(self, live: LiveTable) -> None:
        """After any change: run the table's clock and bots if this process holds its lease."""
        if self.closed:
            return
        if not self.leases.holds(live.id):
            self._stop_running(live.id)
            return
        if live.over:
            self._stop_running(live.id)
            self._spawn(self.leases.release(live.id))
            return
        self._arm_timer(live)
        if live.bot_to_move() is not None:
            task = self._bot_tasks.get(live.id)
            if task is None or task.done():
                self._bot_tasks[live.id] = self._spawn(self._bot_loop(live.id))

    async def _bot_loop(self, table_id: int) -> None:
        """Play the bots' moves while a bot is to move; a move is committed like a human's.

        A database failure is retried with backoff and logged each time: the loop ends only
        when no bot is to move, the lease is gone, the server stops, or the table has passed
        its decision bound (a rules bug, logged: a runaway game never plays forever).
        """
        failures = 0
        delay = BACKOFF[0]
        while not self.closed and self.leases.holds(table_id):
            try:
                live = await self.table(table_id)
                spec = live.bot_to_move()
                if spec is None:
                    return
                bound = decision_bound(live.game, live.players, live.options)
                if live.state.ply >= bound:  # a safety stop: past it the rules failed to end the game
                    log.error("table %s passed its decision bound of %s decisions (%s, %s players, "
                              "options %s): its bots stop; please report it", table_id, bound,
                              live.game.name, live.players, live.options)
                    return
                seat, version, state = live.to_move, live.version, live.state.clone()
                assert seat is not None
                try:
                    text = await self.bots.choose(table_id, spec, state)
                except BotFailed as err:  # a crashed worker or a bot bug must not stall the table
                    failures += 1
                    log.error("bot %s at table %s failed (%s); %s", spec, table_id, err,
                              "retrying" if failures < BOT_FAILURES else "playing a random legal move")
                    if failures < BOT_FAILURES:
                        continue
                    text = secrets.choice(list(state.legal_actions())).text
                failures = 0
                async with self.lock(table_id):
                    await self._play(self._held(live), seat, text, version)
                delay = BACKOFF[0]
            except ApiError as err:
                if err.status in (403, 409):  # the table moved on (undo, clock, another process)
                    continue
                if err.status == 422:
                    log.error("bot move at table %s refused: %s", table_id, err.detail)
                    failures += 1
                    continue
                log.error("bot at table %s: %s; retrying in %.1f s", table_id, err.detail, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, BACKOFF[1])

    # ---- pushing --------------------------------------------------------------------------
    def _changed(self, live: LiveTable) -> None:
        """After any change: push it to the table's sockets, run its bots and clock."""
        self.fanout.push(live.id, lambda seat: json.dumps({"type": "state", "table": self.view(live, seat)}))
        self._run(live)

    def subscribe(self, live: LiveTable, seat: int | None) -> Subscriber:
        """A new socket: it alone gets the state; the others hear only a presence change."""
        sub = Subscriber(seat)
        flipped = self.fanout.add(live.id, sub)
        self.fanout.send(sub, json.dumps({"type": "state", "table": self.view(live, seat)}))
        if seat is not None:
            if flipped:
                self.fanout.presence(live.id, seat, True, skip=sub)
            self._announce(live.id, seat, self.fanout.local.get((live.id, seat), 0))
        return sub

    def unsubscribe(self, table_id: int, sub: Subscriber) -> None:
        flipped = self.fanout.remove(table_id, sub)
        if sub.seat is not None and not self.closed:
            if flipped:
                self.fanout.presence(table_id, sub.seat, False)
            self._announce(table_id, sub.seat, self.fanout.local.get((table_id, sub.seat), 0))

    # ---- listing and records ------------------------------------------------------------------
    async def list_tables(self, status: str | None, game: str | None, limit: int, before: int | None
                          ) -> list[dict[str, Any]]:
        rows = await self._db(self.store.list_tables, status, game, limit, before)
        out = []
        for row, seat_rows in rows:
            seats = [Seat(s["kind"], s["bot"], s["name"]) for s in seat_rows]
            seat_list = seats_info(seats, self.fanout.connected(row["id"], len(seats)))
            out.append({
                "id": row["id"], "game": row["game"], "players": row["players"], "options": row["options"],
                "status": row["status"], "version": row["version"], "seats": seat_list,
                "open_seats": [s["seat"] for s in seat_list if s["kind"] == "open"],
                "winners": (row["result"] or {}).get("winners"), "clock": row["clock"],
                "commitment": row["commitment"],
                "created_at": row["created_at"], "updated_at": row["updated_at"],
            })
        return out

    def record(self, live: LiveTable) -> Record:
        if not live.over:
            raise ApiError(409, f"the record of table {live.id} is published when the game is over "
                                "(it holds the seed, which would reveal the hidden cards)")
        return Record(game=live.game.name, players=live.players, seed=live.seed,
                      options=dict(live.options), actions=live.actions(), rules=live.rules_version,
                      seats=[seat.name or seat.spec for seat in live.seats])


def _replay_all(live: LiveTable, events: list[Event]) -> None:
    for event in events:
        advance(live, event)


def _stamp(now: float) -> datetime:
    return datetime.fromtimestamp(now, UTC)


def clean_name(name: str | None) -> str | None:
    if name is None:
        return None
    name = " ".join(str(name).split())[:60]
    return name or None


def database_error(err: DBAPIError) -> ApiError:
    """A lost or unreachable database is 503 (try again); anything else the database refused
    is a server bug (input must be checked before it gets there): 500 with an id in the log."""
    if isinstance(err, OperationalError) or err.connection_invalidated:
        log.error("database unavailable: %s", str(err.orig or err).splitlines()[0])
        return ApiError(503, "the database is unavailable; nothing was changed, try again")
    error_id = secrets.token_hex(6)
    log.error("database refused a statement (error id %s): %s", error_id, err)
    return ApiError(500, f"an unexpected error (id {error_id}, in the server's log); nothing was changed",
                    error_id=error_id)
