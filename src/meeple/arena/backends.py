"""Where work runs: this process, a local process pool, or a Ray cluster, behind one interface.

A backend applies a function to batches of items in worker processes and yields each
batch's results as soon as it finishes (``stream``; in any order). It keeps only a few
batches in flight, so a caller that stops early (SPRT) wastes little work and a killed
run loses only what was in flight. On top of it: ``run`` plays scheduled games
(tournaments, SPRTs, simulations, panels) and ``map`` returns any function's results in
order (self-play, warm-start and distillation games). Results never depend on the
backend: every seed is in the job.
"""

from __future__ import annotations

import logging
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from meeple.arena.match import Job, Outcome, play_job
from meeple.core.errors import ConfigError

T = TypeVar("T")
R = TypeVar("R")
#: one unit of work: a function (module-level, so processes can import it) and its batch
Work = Callable[[Any], Any]


def apply_all(work: Work, batch: list[Any]) -> list[Any]:
    """``work`` over one batch, in the worker that received it."""
    return [work(item) for item in batch]

RAY_MISSING = "the Ray backend needs Ray: pip install 'meeple[ray]'"


class Backend(ABC):
    name: str = ""
    #: how many batches run at once
    slots: int = 1

    @abstractmethod
    def stream(self, work: Work, batches: Iterable[list[Any]]) -> Iterator[tuple[list[Any], list[Any]]]:
        """``(batch, [work(item) for item in batch])`` as batches finish; closing the
        iterator cancels the rest. Batches are pulled from ``batches`` only as slots
        free up, so an iterator that adapts its batches (``Batches``) sees every result
        before it cuts the next one."""

    def run(self, batches: Iterable[list[Job]]) -> Iterator[list[Outcome]]:
        """Play scheduled games: each batch's outcomes as it finishes; closing the
        iterator cancels the rest."""
        source = self.stream(play_job, batches)
        try:
            for _, outcomes in source:
                if isinstance(batches, Batches):
                    batches.observe(outcomes)
                yield outcomes
        finally:
            source.close()  # type: ignore[attr-defined]

    def map(self, work: Callable[[T], R], items: Sequence[T], per_batch: int = 1) -> list[R]:
        """``work`` over every item (``per_batch`` to a task), the results in order."""
        batches = [list(items[i:i + per_batch]) for i in range(0, len(items), max(1, per_batch))]
        where = {id(b): i for i, b in enumerate(batches)}
        done: list[list[R]] = [[] for _ in batches]
        for batch, results in self.stream(work, batches):
            done[where[id(batch)]] = results
        return [r for part in done for r in part]

    def close(self) -> None:  # noqa: B027 (nothing to release by default)
        """Release processes or the cluster connection."""

    def describe(self) -> str:
        return f"{self.name} ({self.slots} at once)"

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class SerialBackend(Backend):
    """Everything in this process, one batch after the other (``--workers 1``)."""

    name = "this process"

    def stream(self, work: Work, batches: Iterable[list[Any]]) -> Iterator[tuple[list[Any], list[Any]]]:
        for batch in batches:
            yield batch, apply_all(work, batch)


class StoredOnly(Backend):
    """Plays nothing: reports a stored tournament as it stands (``--show``)."""

    name = "nothing (--show: the stored games only)"
    slots = 1

    def stream(self, work: Work, batches: Iterable[list[Any]]) -> Iterator[tuple[list[Any], list[Any]]]:
        yield from ()

    def describe(self) -> str:
        return self.name


def _windowed(
    batches: Iterable[list[Any]],
    window: int,
    submit: Callable[[list[Any]], Any],
    wait_any: Callable[[list[Any]], list[Any]],
    result: Callable[[Any], list[Any]],
    cancel: Callable[[Any], None],
) -> Iterator[tuple[list[Any], list[Any]]]:
    """Keep at most ``window`` batches in flight; yield each with its results as it finishes."""
    pending: dict[Any, list[Any]] = {}  # handle -> its batch
    source = iter(batches)
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < window:
                batch = next(source, None)
                if batch is None:
                    exhausted = True
                else:
                    pending[submit(batch)] = batch
            if not pending:
                return
            for handle in wait_any(list(pending)):
                batch = pending.pop(handle)
                yield batch, result(handle)
    finally:
        for handle in pending:
            cancel(handle)


class PoolBackend(Backend):
    """A pool of worker processes on this machine (``--workers W``)."""

    name = "process pool"

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ConfigError(f"--workers must be at least 1, got {workers}")
        self.slots = workers
        self.pool = ProcessPoolExecutor(workers)

    def stream(self, work: Work, batches: Iterable[list[Any]]) -> Iterator[tuple[list[Any], list[Any]]]:
        def wait_any(pending: list[Future]) -> list[Future]:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            return list(done)

        return _windowed(
            batches, 2 * self.slots, lambda b: self.pool.submit(apply_all, work, b), wait_any,
            lambda f: f.result(), lambda f: f.cancel(),
        )

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class RayBackend(Backend):
    """Ray tasks: a new local Ray (``address=None``) or a running cluster (``address``).

    Every node needs the same meeple installed (the tasks import ``meeple``).
    """

    name = "Ray"

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ConfigError(RAY_MISSING) from None
        if address is not None and num_cpus is not None:
            raise ConfigError("--workers sets the CPUs of a local Ray only; a cluster has its own")
        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            # a Ray we start sends no usage statistics anywhere
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            try:
                ray.init(
                    address=address or "local", num_cpus=num_cpus, include_dashboard=False,
                    log_to_driver=False, logging_level=logging.WARNING,
                )
            except (ConnectionError, ValueError, RuntimeError) as err:
                hint = "" if address is None else (
                    "; is the cluster running ('ray status' on its head)? If it uses token "
                    "authentication, set RAY_AUTH_MODE=token and give its token "
                    "(RAY_AUTH_TOKEN or ~/.ray/auth_token; 'ray get-auth-token' on the head)"
                )
                raise ConfigError(f"cannot start or join Ray at {address or 'a new local instance'}: {err}{hint}") from None
        self.address = address or "local"
        self.slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.task = ray.remote(num_cpus=1, max_retries=2)(apply_all)

    def stream(self, work: Work, batches: Iterable[list[Any]]) -> Iterator[tuple[list[Any], list[Any]]]:
        ray = self.ray

        def wait_any(pending: list[Any]) -> list[Any]:
            done, _ = ray.wait(pending, num_returns=1)
            return done

        def cancel(ref: Any) -> None:
            ray.cancel(ref, force=True)

        return _windowed(batches, 2 * self.slots, lambda b: self.task.remote(work, b), wait_any, ray.get, cancel)

    def describe(self) -> str:
        where = "a new local instance" if self.address == "local" else self.address
        return f"Ray at {where} ({self.slots} CPUs)"

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()


def make_backend(workers: int = 1, ray: str | None = None) -> Backend:
    """``ray`` is None (no Ray), ``"local"`` (start one) or a cluster address to join."""
    if workers < 1:
        raise ConfigError(f"--workers must be at least 1, got {workers}")
    if ray is not None:
        local = ray == "local"
        return RayBackend(None if local else ray, num_cpus=workers if local and workers > 1 else None)
    return PoolBackend(workers) if workers > 1 else SerialBackend()


class Batches:
    """The jobs, in schedule order, cut into batches sized by how long games take.

    A batch should take about ``target`` seconds: long enough that task overhead does not
    matter for tiny games, short enough that progress, resume and an early stop stay
    fine-grained for slow ones. Game times are learnt per lineup (a search bot's games
    take far longer than a heuristic's); a game of a lineup not seen finishing yet gets
    a batch of its own. ``observe`` is called with each finished batch. Batch sizes never
    change which games are played or their results.
    """

    def __init__(self, jobs: list[Job], target: float = 0.5, most: int = 64) -> None:
        self.jobs = jobs
        self.target = target
        self.most = most
        self.times: dict[int, list[float]] = {}  # lineup -> [games, seconds]

    def observe(self, outcomes: list[Outcome]) -> None:
        for o in outcomes:
            games_seconds = self.times.setdefault(o.lineup, [0, 0.0])
            games_seconds[0] += 1
            games_seconds[1] += o.seconds

    def estimate(self, job: Job) -> float | None:
        """Mean seconds a game of this job's lineup took so far (None: none finished)."""
        seen = self.times.get(job.lineup)
        return seen[1] / seen[0] if seen else None

    def __iter__(self) -> Iterator[list[Job]]:
        at = 0
        while at < len(self.jobs):
            batch, total = [self.jobs[at]], self.estimate(self.jobs[at]) or self.target
            while at + len(batch) < len(self.jobs) and len(batch) < self.most:
                guess = self.estimate(self.jobs[at + len(batch)])
                if guess is None or total + guess > self.target:
                    break
                batch.append(self.jobs[at + len(batch)])
                total += guess
            at += len(batch)
            yield batch


def run_all(
    work: Callable[[T], R], items: Sequence[T], workers: int = 1, backend: Backend | None = None,
    per_batch: int = 1,
) -> list[R]:
    """``work`` over ``items``, results in order, on ``backend`` (default: ``workers``
    local processes, started and stopped here)."""
    if backend is not None:
        return backend.map(work, items, per_batch)
    with make_backend(workers) as own:
        return own.map(work, items, per_batch)
