"""Where shards are built: in this process, a local process pool, or Dask.

Every engine runs the same task, ``task(spec, batch) -> [result, ...]``, on
batches of shard numbers, and hands each result to ``on_result`` *in the
calling process*. What a result carries is the task's business: either the
shard's bytes (the caller writes them, so a remote Dask cluster needs no
shared file system) or only its counts and checksum (the worker wrote the
file itself, to object storage or a shared path). The local and processes
engines run batches of one shard; Dask runs batches that shrink as the build
goes on (:func:`~tremaux.dataset.dask_engine.dask_batch`), so at a billion mazes the scheduler's per-task
cost is paid once per many shards, and the last tasks are single shards; the
shards of a batch still reach ``on_result`` one by one as they finish
(:mod:`tremaux.dataset.dask_engine`).

Ctrl-C (``KeyboardInterrupt``) stops the workers at once; the shards already
handed to ``on_result`` stay written. So does a worker process that dies (the
out-of-memory killer, a crash): the build stops with a :class:`TremauxError`
naming the shard and how the worker ended, and a rerun resumes.
"""

from __future__ import annotations

import multiprocessing as mp
import pickle
import signal
from multiprocessing.pool import ExceptionWithTraceback
from collections.abc import Callable, Sequence
from typing import Any

from .._system import MAX_WORKERS_PER_CORE, check_local_workers, cpu_count
from ..errors import TremauxError, UnknownNameError
from .dask_engine import LOCAL_DASK_CONFIG, _batches, dask_batch, run_dask  # noqa: F401

__all__ = ["ENGINES", "LOCAL_DASK_CONFIG", "MAX_WORKERS_PER_CORE", "cpu_count", "check_engine", "run_shards",
           "dask_batch", "workers_note"]

ENGINES: dict[str, str] = {
    "local": "in this process, one shard after another (one core)",
    "processes": "a pool of local worker processes (all cores by default)",
    "dask": "a Dask cluster: a local one by default, or an existing scheduler given by address",
}
"""Engines that can build a dataset."""


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent, which stops them cleanly.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _check_workers(workers: int | None) -> int:
    if workers is None:
        return cpu_count()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise TremauxError(f"workers {workers!r} is invalid: it must be a whole number, at least 1")
    return workers




def workers_note(engine: str, workers: int | None, scheduler: str | None, shards: int) -> str | None:
    """The line that says local worker processes outnumber the cores, or None.

    Parameters
    ----------
    engine : str
        The engine's canonical name.
    workers : int or None
        The worker count asked for (None: the cores).
    scheduler : str or None
        A Dask scheduler address (its workers are not on this machine's cores).
    shards : int
        Shards to build: no more processes start.

    Returns
    -------
    str or None
        ``note: ...`` when more processes than cores would start.

    Examples
    --------
    >>> from tremaux.dataset.engines import workers_note
    >>> workers_note("processes", 10**9, None, 1) is None  # one shard: one process
    True
    """
    cores = cpu_count()
    if engine == "local" or scheduler is not None or workers is None:
        return None
    n = min(workers, shards)
    if n <= cores:
        return None
    return (f"note: {n} worker processes on {cores} core{'s' if cores != 1 else ''}: they share "
            f"{'it' if cores == 1 else 'them'} (each runs slower)")


def check_engine(engine: str, workers: int | None = None, scheduler: str | None = None) -> str:
    """Check an engine name and its options; return the canonical name.

    Parameters
    ----------
    engine : str
        ``local``, ``processes`` or ``dask`` (any case).
    workers : int, optional
        Worker processes; at least 1.
    scheduler : str, optional
        A Dask scheduler address (``dask`` only).

    Returns
    -------
    str
        The engine's canonical name.

    Raises
    ------
    UnknownNameError
        For an unknown engine (listing the valid ones).
    TremauxError
        For a bad worker count or a scheduler address given to an engine
        other than Dask.

    Examples
    --------
    >>> from tremaux.dataset.engines import check_engine
    >>> check_engine("Dask", 2)
    'dask'
    >>> check_engine("local", scheduler="tcp://h:8786")
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: a scheduler address (tcp://h:8786) needs the dask engine, not local
    """
    name = str(engine).strip().lower()
    if name not in ENGINES:
        raise UnknownNameError("engine", str(engine), ENGINES)
    if scheduler is not None and name != "dask":
        raise TremauxError(f"a scheduler address ({scheduler}) needs the dask engine, not {name}")
    if name == "dask":  # said before anything is written
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise TremauxError("the dask engine needs dask[distributed]: pip install 'dask[distributed]'") from None
    if workers is not None:
        _check_workers(workers)
        if name == "local" and workers != 1:
            raise TremauxError(f"the local engine runs one worker, not {workers}; use the processes engine")
        if scheduler is None:  # local processes: at most MAX_WORKERS_PER_CORE a core (a cluster has its own)
            check_local_workers(workers)
    return name


def run_shards(
    engine: str,
    task: Callable[[Any, int], Any],
    spec: Any,
    shards: Sequence[int],
    on_result: Callable[[Any], None],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    batch: int | None = None,
) -> int:
    """Run ``task(spec, batch)`` over all ``shards`` on ``engine``; return the worker count.

    ``task`` takes a tuple of shard numbers and returns one result per shard;
    ``on_result`` gets each result in this process as batches finish.
    ``batch`` is the number of shards per Dask task (default: shrinking
    as the build goes on, see :func:`dask_batch`); the other engines run one
    shard per task.

    Parameters
    ----------
    engine : str
        ``local``, ``processes`` or ``dask``.
    task : callable
        ``task(spec, shards)`` builds the given shards and yields or returns their results
        (:func:`~tremaux.dataset.shard.build_shards`).
    spec : DatasetSpec
        The dataset.
    shards : sequence of int
        Shard numbers to build.
    on_result : callable
        Called with each result as it arrives, in the calling process.
    workers : int, optional
        Worker processes (default: the cores).
    scheduler : str, optional
        A Dask scheduler address.
    batch : int, optional
        Shards per task (default: one locally, :func:`dask_batch` on Dask).

    Returns
    -------
    int
        The number of workers that ran.

    Raises
    ------
    UnknownNameError
        For an unknown engine.
    TremauxError
        For a bad worker count, a scheduler address given to an engine other
        than Dask, or a scheduler that cannot be reached.

    Examples
    --------
    >>> from tremaux.dataset.engines import run_shards
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> from tremaux.dataset.shard import build_shards
    >>> done = []
    >>> run_shards("local", build_shards, spec, [0, 1], done.append)
    1
    >>> sorted(r.index for r in done)
    [0, 1]
    """
    name = check_engine(engine, workers, scheduler)
    if name == "local":
        for shard in shards:
            for result in task(spec, (shard,)):
                on_result(result)
        return 1
    n = _check_workers(workers)
    if name == "processes":
        return _run_processes(task, spec, shards, on_result, n)
    return run_dask(task, spec, shards, on_result, workers if workers is None else n, scheduler, batch)


def _run_processes(task, spec, shards, on_result, workers: int) -> int:
    # A worker per process, each with a pipe of its own: the parent always knows which
    # shard a worker holds and sees it die (out-of-memory killer, a crash, os._exit) at
    # once. multiprocessing.Pool loses such a task and waits for it forever, and a
    # worker killed while it waits for work leaves the pool's shared queue locked, so
    # that even Pool.terminate() hangs; pipes of their own share no lock.
    if not shards:
        return workers
    workers = min(workers, len(shards))
    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    ctx = mp.get_context(method)
    call = _Call(task, spec)
    procs: list = []
    conns: list = []
    try:
        for _ in range(workers):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(call, theirs), daemon=True)
            proc.start()
            theirs.close()
            procs.append(proc)
            conns.append(mine)
        todo = iter(shards)
        holds: dict[int, int] = {}  # worker -> the shard it builds

        def hand_out(i: int) -> None:
            for shard in todo:
                holds[i] = shard
                try:
                    conns[i].send((shard,))
                except OSError:  # it died after its last result
                    _lost(procs[i], shard)
                return
            try:
                conns[i].send(None)  # nothing left: the worker ends
            except OSError:
                pass  # it has ended already; its results are all in

        for i in range(workers):
            hand_out(i)
        while holds:
            ready = set(mp.connection.wait([conns[i] for i in holds] + [procs[i].sentinel for i in holds]))
            for i in list(holds):
                if conns[i] in ready:
                    try:
                        ok, value = conns[i].recv()
                    except (EOFError, OSError):
                        _lost(procs[i], holds[i])
                    if not ok:
                        raise value
                    del holds[i]
                    for result in value:
                        on_result(result)
                    hand_out(i)
                elif procs[i].sentinel in ready:
                    _lost(procs[i], holds[i])
        for proc in procs:
            proc.join(5)
    finally:
        # Ctrl-C, an error or a lost worker: stop the others at once (a shard
        # file is written whole or not at all, so nothing half-written stays)
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join()
        for conn in conns:
            conn.close()
    return workers


def _serve(call, conn) -> None:
    """A worker: build the batches the pipe brings, send back results (or the error) until ``None``."""
    _ignore_sigint()
    # made again from its pickle, as a process pool would send it: the file systems it holds (s3fs and the other
    # asynchronous ones of fsspec) refuse to run in a forked child, and a fresh copy opens its own
    call = pickle.loads(pickle.dumps(call))
    # a parent killed outright (SIGKILL, SIGTERM) sends no None and, forked, its end of this pipe stays open in
    # this very process, so recv() alone would wait forever: the parent's sentinel ends the wait instead
    parent = mp.parent_process()
    watch = [conn] if parent is None else [conn, parent.sentinel]
    while True:
        if watch[-1] in mp.connection.wait(watch) and parent is not None:
            return
        try:
            batch = conn.recv()
        except EOFError:
            return
        if batch is None:
            return
        try:
            out = (True, call(batch))
        except BaseException as exc:  # sent to the parent, which raises it
            out = (False, ExceptionWithTraceback(exc, exc.__traceback__))
        try:
            conn.send(out)
        except Exception as exc:  # an unpicklable result or error
            conn.send((False, TremauxError(f"a worker could not send back shard {batch[0]}: {exc!r}")))


def _lost(proc, shard: int) -> None:
    """Raise the error for a worker that died while it built ``shard``."""
    proc.join(1)
    code = proc.exitcode
    if code is not None and code < 0:
        try:
            how = f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            how = f"was killed by signal {-code}"
        if code == -signal.SIGKILL:
            how += " (out of memory?)"
    else:
        how = f"exited with code {code}"
    raise TremauxError(f"the worker process building shard {shard} {how}; the finished shards are kept: "
                       "run the same build again to resume")


class _Call:
    """``batch -> task(spec, batch)``, picklable for process pools."""

    def __init__(self, task, spec) -> None:
        self.task = task
        self.spec = spec

    def __call__(self, batch: tuple[int, ...]):
        return self.task(self.spec, batch)
