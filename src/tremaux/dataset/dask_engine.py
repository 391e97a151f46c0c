"""The Dask engine: a local cluster or an existing scheduler, tasks of one or several shards.

Tasks hold several shards early in a big build (:func:`dask_batch`), so that
the scheduler's cost is paid once per many shards. A task of several shards
does not keep its results to the end: each finished shard waits on its worker
(:func:`_build_batch`) and the client collects them about every second
(:data:`COLLECT_EVERY`, one ``Client.run`` for the whole cluster, no task), so
the manifest records a shard, and the progress bar counts it, about a second
after it is written, and an interrupted build keeps it, as on the other
engines. A shard built twice (a task retried after its worker died) is handed
on once.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import signal
import threading
import time
import uuid
import warnings
from concurrent.futures import CancelledError
from contextlib import contextmanager
from typing import Any
from collections.abc import Sequence

from .._system import cpu_count
from ..errors import TremauxError

__all__ = ["LOCAL_DASK_CONFIG", "COLLECT_EVERY", "dask_batch", "run_dask", "QuietHeartbeats", "quiet_heartbeats"]

COLLECT_EVERY = 1.0
"""Seconds between two collections of the shards that tasks of several shards have finished."""

_OUTBOX: dict[tuple[str, int], list] = {}  # (build, first shard of the task) -> [(shard, result), ...] not collected
_CLOSED: set[str] = set()  # builds that ended: their tasks still running stop at the next shard
_LOCK = threading.Lock()


def _build_batch(task, spec, batch: tuple[int, ...], build: str) -> list:
    """On a worker: build ``batch`` shard by shard, each result left for :func:`_collect`; return those left."""
    key = (build, batch[0])
    with _LOCK:
        _OUTBOX[key] = []
    try:
        for shard in batch:
            with _LOCK:
                if build in _CLOSED:
                    break
            results = task(spec, (shard,))
            with _LOCK:
                _OUTBOX[key].extend((shard, r) for r in results)
    finally:
        with _LOCK:
            left = _OUTBOX.pop(key, [])
    return left


def _collect(build: str, close: bool = False) -> list:
    """On a worker: take the results of ``build`` its tasks have finished (and, ``close``, stop them)."""
    with _LOCK:
        if close:
            _CLOSED.add(build)
        taken = []
        for key in [k for k in _OUTBOX if k[0] == build]:
            taken += _OUTBOX[key]
            _OUTBOX[key] = []
    return taken


def dask_batch(remaining: int, workers: int, largest: int = 16) -> int:
    """Shards in the next Dask task: half of each worker's share of what remains, 1 to ``largest``.

    Tasks shrink as the build goes on (guided self-scheduling): early tasks
    are big, so that with thousands of shards per worker, as at a billion
    mazes, the scheduler hands out few tasks; the last ones are single
    shards, so no worker is left idle behind a long task at the end. A
    shard takes a fraction of a second to seconds, Dask's cost per task is a
    few milliseconds (measured by ``benchmarks/bench_dataset_scale.py``), so
    below thousands of shards per worker batching changes nothing.

    Parameters
    ----------
    remaining : int
        Shards not yet handed out.
    workers : int
        Dask workers.
    largest : int, default 16
        Most shards in one task.

    Returns
    -------
    int
        Shards in the next task, at least 1.

    Examples
    --------
    >>> from tremaux.dataset.dask_engine import dask_batch
    >>> dask_batch(100, 2), dask_batch(30, 2), dask_batch(3, 2), dask_batch(3, 8), dask_batch(10**7, 10)
    (16, 7, 1, 1, 16)
    >>> from tremaux.dataset.dask_engine import _batches
    >>> [len(b) for b in _batches(range(100), 2, None)]  # 1,000,000 mazes in shards of 10,000, 2 workers
    [16, 16, 16, 13, 9, 7, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1]
    """
    return max(1, min(largest, remaining // (2 * max(1, workers))))


def _batches(shards: Sequence[int], workers: int, largest: int | None):
    """Tuples of shard numbers, in order, sized by :func:`dask_batch` (or all of size ``largest``)."""
    i = 0
    while i < len(shards):
        size = largest if largest else dask_batch(len(shards) - i, workers)
        yield tuple(shards[i : i + size])
        i += size


LOCAL_DASK_CONFIG: dict[str, Any] = {
    # the workers' statistical profiler costs about a tenth of the CPU of a build
    "distributed.worker.profile.enabled": False,
    # housekeeping a build of a few long tasks does not need: an idle local cluster of
    # 2 workers then takes about 1 % of a core instead of 5 % (measured), CPU the
    # processes engine does not spend either
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.scheduler.work-stealing": False,
    "distributed.scheduler.active-memory-manager.start": False,
    "distributed.worker.memory.monitor-interval": "5s",
    "distributed.worker.memory.target": False,
    "distributed.worker.memory.spill": False,
    "distributed.worker.memory.pause": False,
}
"""Dask settings of the local cluster :func:`run_shards` starts (an existing cluster keeps its own).

A task's memory is bounded by :data:`tremaux.dataset.shard.SHARD_MEMORY` and
its result is a few numbers, so there is nothing to spill, steal or rebalance."""


def run_dask(task, spec, shards, on_result, workers: int | None, scheduler: str | None, batch: int | None) -> int:
    """Run ``task`` over ``shards`` on Dask (see :func:`tremaux.dataset.engines.run_shards`); return the workers.

    Parameters
    ----------
    task : callable
        ``task(spec, shards)`` returns one result per shard.
    spec : DatasetSpec
        The dataset.
    shards : sequence of int
        Shard numbers to build.
    on_result : callable
        Called with each result in this process, about a second at most after its shard is built.
    workers : int or None
        Workers of the local cluster (default: the cores); ignored with ``scheduler``.
    scheduler : str or None
        A Dask scheduler address, or None for a local cluster.
    batch : int or None
        Shards per task (default :func:`dask_batch`).

    Returns
    -------
    int
        The number of workers.

    Raises
    ------
    TremauxError
        For a scheduler address that is malformed or cannot be reached, a local cluster that cannot start, or a shard Dask lost.

    Examples
    --------
    >>> from tremaux.dataset.dask_engine import run_dask
    >>> run_dask(None, None, [], print, 2, None, None)  # nothing to build: no cluster is started
    2
    """
    try:
        from distributed import Client, KilledWorker, LocalCluster, as_completed
    except ImportError:  # pragma: no cover - declared dependency
        raise TremauxError("the dask engine needs dask[distributed]: pip install 'dask[distributed]'") from None
    cluster = None
    if scheduler is None and not shards:  # all kept: no cluster to start for nothing
        return workers or cpu_count()
    if scheduler is None:
        n = max(1, min(workers or cpu_count(), len(shards)))  # as the processes engine: no idle worker to start
        import dask

        # forked workers inherit this process's compiled kernels (the caller
        # warmed them up): a new cluster is ready in about a second, where
        # spawned workers would each import tremaux and load every kernel again
        method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
        try:
            with dask.config.set({"distributed.worker.multiprocessing-method": method, **LOCAL_DASK_CONFIG}), \
                    _sigint_ignored(), warnings.catch_warnings():
                # "Port 8787 is already in use" (another cluster's): the build serves no page, nothing to say
                warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
                cluster = LocalCluster(
                    n_workers=n,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
        except (RuntimeError, OSError, TimeoutError) as exc:
            raise TremauxError(
                f"could not start a local Dask cluster of {n} worker{'s' if n != 1 else ''} ({exc}); from a script, "
                "call the build under `if __name__ == \"__main__\":` (the workers are new processes)"
            ) from None
        client = Client(cluster)
        client.register_plugin(_quiet_heartbeats_plugin())  # before any task: on every worker, restarted ones too
    else:
        try:
            client = Client(scheduler, timeout="5s")
        except (OSError, TimeoutError) as exc:
            raise TremauxError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        except (ValueError, TypeError) as exc:  # the address itself: "missing port number in address ..."
            raise TremauxError(f"{scheduler} is not a Dask scheduler address ({exc}); give one such as "
                               "tcp://host:8786") from None
        n = len(client.scheduler_info().get("workers", {})) or 1
    live: dict = {}  # future -> its batch of shards
    build = uuid.uuid4().hex
    delivered: set[int] = set()  # a retried task builds its shards again: each is handed on once
    several = False  # a task of several shards is (or was) running: collect its finished shards

    def hand_on(pairs) -> None:
        for shard, result in pairs:
            if shard not in delivered:
                delivered.add(shard)
                on_result(result)

    def collect(close: bool = False) -> None:
        for pairs in client.run(_collect, build, close, on_error="ignore").values():
            if isinstance(pairs, list):
                hand_on(pairs)

    try:
        # the spec is sent once and shared by every task; a bounded window of
        # batches in flight, so results never pile up faster than they are handled
        spec_f = client.scatter(spec, broadcast=True) if len(shards) else None
        window = max(2, 2 * n)
        todo = iter(_batches(shards, n, batch))
        done = as_completed()

        def submit() -> bool:
            nonlocal several
            for b in todo:
                if len(b) == 1:  # its result is the task's: nothing waits on the worker
                    future = client.submit(_one_shard, task, spec_f, b, pure=False)
                else:
                    several = True
                    future = client.submit(_build_batch, task, spec_f, b, build, pure=False)
                live[future] = b
                done.add(future)
                return True
            return False

        while len(live) < window and submit():
            pass
        collected = time.monotonic()
        while live:
            ready = done.next_batch(block=False)
            if not ready:
                if several and time.monotonic() - collected >= COLLECT_EVERY:
                    collect()
                    collected = time.monotonic()
                time.sleep(0.02)
                continue
            for future in ready:
                try:
                    pairs = future.result()
                except (KilledWorker, CancelledError) as exc:
                    # a worker died (out of memory, a crash): Dask retries a task a few times, then gives
                    # up on it or, having lost the spec it held, cancels the tasks that need it
                    shards_of = live[future]
                    what = f"shard {shards_of[0]}" if len(shards_of) == 1 else f"shards {shards_of[0]}-{shards_of[-1]}"
                    why = "a worker died" if isinstance(exc, KilledWorker) else "a worker died or the task was cancelled"
                    raise TremauxError(f"Dask lost {what} ({type(exc).__name__}: {why}); the finished shards are "
                                       "kept: run the same build again to resume") from None
                del live[future]
                future.release()
                hand_on(pairs)
                submit()
    except BaseException:
        if live:
            try:  # tasks finished but not yet handed on, then the shards finished in the tasks cut short: kept too
                if several:
                    collect(close=True)
                for future in [f for f in live if f.status == "finished"]:
                    hand_on(future.result())
            except Exception:  # pragma: no cover - the cluster is gone: what it held is lost
                pass
            client.cancel(list(live))
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return n


class QuietHeartbeats(logging.Filter):
    """Drop what a Dask worker logs when its heartbeat cannot reach the scheduler (an ``OSError``, as
    ``CommClosedError`` is): on a loaded machine the message is late, the worker sends the next one a second later
    and the build goes on, while the traceback it printed on stderr looked like a failure of the build.

    Any other record passes: a heartbeat that fails otherwise (the worker closes), a task's error, or a worker the
    scheduler gives up on (its shards are then retried, or the build stops with a :class:`TremauxError`).

    Examples
    --------
    >>> import logging
    >>> from tremaux.dataset.dask_engine import QuietHeartbeats
    >>> def record(func, exc):
    ...     return logging.LogRecord("distributed.worker", logging.ERROR, "worker.py", 1, "heartbeat failed", (),
    ...                              (type(exc), exc, None), func=func)
    >>> quiet = QuietHeartbeats()
    >>> quiet.filter(record("heartbeat", OSError("timed out"))), quiet.filter(record("heartbeat", KeyError("x")))
    (False, True)
    >>> quiet.filter(record("execute", OSError("disk full")))
    True
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is shown: all but those of a heartbeat that did not reach the scheduler.

        Parameters
        ----------
        record : logging.LogRecord
            What a worker logs.

        Returns
        -------
        bool
            False for a record logged by ``heartbeat`` with an ``OSError``.

        Examples
        --------
        >>> import logging
        >>> from tremaux.dataset.dask_engine import QuietHeartbeats
        >>> QuietHeartbeats().filter(logging.LogRecord("distributed.worker", logging.ERROR, "", 1, "x", (), None))
        True
        """
        exc = record.exc_info[1] if record.exc_info else None
        return not (record.funcName == "heartbeat" and isinstance(exc, OSError))


def quiet_heartbeats() -> None:
    """Install :class:`QuietHeartbeats` on the logger of Dask's workers in this process (once).

    Examples
    --------
    >>> import logging
    >>> from tremaux.dataset.dask_engine import QuietHeartbeats, quiet_heartbeats
    >>> quiet_heartbeats(); quiet_heartbeats()
    >>> sum(isinstance(f, QuietHeartbeats) for f in logging.getLogger("distributed.worker").filters)
    1
    >>> logging.getLogger("distributed.worker").filters.clear()
    """
    logger = logging.getLogger("distributed.worker")
    if not any(isinstance(f, QuietHeartbeats) for f in logger.filters):
        logger.addFilter(QuietHeartbeats())


def _quiet_heartbeats_plugin() -> Any:
    """A worker plugin that runs :func:`quiet_heartbeats` in each worker of the local cluster a build starts (a
    cluster of the caller's, ``scheduler=``, keeps its own logging)."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class _Quiet(WorkerPlugin):
        name = "tremaux-quiet-heartbeats"

        def setup(self, worker: Any) -> None:
            quiet_heartbeats()

    return _Quiet()


@contextmanager
def _sigint_ignored():
    """While the local cluster starts, Ctrl-C is ignored, so that its processes inherit that and leave it to this one.

    Ctrl-C in a terminal reaches every process of the command: the cluster's own would print tracebacks and lose
    the spec they hold, while this process stops the build cleanly, keeping what the workers finished.
    """
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals stay as they are
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _one_shard(task, spec, batch: tuple[int, ...]) -> list:
    """On a worker: a task of one shard, its results as ``(shard, result)`` pairs."""
    return [(batch[0], r) for r in task(spec, batch)]
