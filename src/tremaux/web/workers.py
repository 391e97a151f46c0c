"""A small pool of worker processes that runs jobs under a hard time limit.

Numba kernels cannot be interrupted from another thread, so every job that
may take long (generating, solving, rendering) runs in a separate process.
When a job runs past its time limit the worker is killed, a fresh one takes
its place and the caller gets :class:`JobTimeout`; one visitor cannot stall
the server. Jobs are named functions of :mod:`tremaux.web.jobs` that take and
return plain JSON-ready data, so nothing but dicts crosses the pipe.

Errors raised on purpose (:class:`tremaux.errors.TremauxError`) come back as
:class:`JobError` with the exception's class name and one-line message.
With ``encode=True`` the worker also writes the answer as JSON bytes, so the
server's event loop only forwards them and never spends its time encoding a
large answer (a trace of 400,000 events) while other requests wait.

Workers are forked from a fork server that has loaded every kernel once
(:mod:`tremaux.web._preload`), so a fresh worker, including one that replaces
a killed worker, starts warm, and the time limit never has to pay for a numba
compilation. The pool starts in the background: the server answers at once
and computations wait until the first workers are ready.

Examples
--------
>>> from tremaux.web.workers import WorkerPool
>>> pool = WorkerPool(1, warm=False)
>>> pool.run("echo", {"x": 1}, timeout=30)
{'x': 1}
>>> pool.run("echo", {"x": 1}, timeout=30, encode=True)
b'{"x":1}'
>>> pool.close()
"""

from __future__ import annotations

import json
import multiprocessing as mp
import queue
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

__all__ = ["WorkerPool", "JobError", "JobTimeout", "JobCancelled", "PoolBusy", "encode_json", "refuse_in_a_worker"]

TICK = 0.05
"""Seconds between two looks at a job's cancel flag while it runs or waits for a worker."""


class JobTimeout(Exception):
    """A job ran past its time limit and its worker was stopped.

    Parameters
    ----------
    seconds : float
        The time limit that was passed.

    Examples
    --------
    >>> from tremaux.web.workers import JobTimeout
    >>> str(JobTimeout(2.5))
    'the computation ran past the 2.5 s time limit and was stopped'
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"the computation ran past the {seconds:g} s time limit and was stopped")


class JobCancelled(Exception):
    """The caller gave up on a job (its client went away): the job's worker was stopped and replaced.

    Examples
    --------
    >>> from tremaux.web.workers import JobCancelled
    >>> str(JobCancelled())
    'the computation was stopped: nobody waits for it any more'
    """

    def __init__(self) -> None:
        super().__init__("the computation was stopped: nobody waits for it any more")


class PoolBusy(Exception):
    """Every worker stayed busy for longer than the caller would wait.

    Examples
    --------
    >>> from tremaux.web.workers import PoolBusy
    >>> isinstance(PoolBusy("every worker is busy"), Exception)
    True
    """


@dataclass
class JobError(Exception):
    """A job raised an exception; ``kind`` is its class name.

    Examples
    --------
    >>> from tremaux.web.workers import JobError
    >>> err = JobError("ValueError", "bad")
    >>> err.kind, str(err)
    ('ValueError', 'bad')
    """

    kind: str
    message: str
    tremaux: bool = True
    """Whether it was a :class:`~tremaux.errors.TremauxError` (a client error)."""

    def __str__(self) -> str:
        return self.message


def _plain(obj: Any) -> Any:
    """JSON fallback for numpy scalars and arrays in a job's answer."""
    if hasattr(obj, "tolist"):
        return obj.tolist()
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable")


def encode_json(value: Any) -> bytes:
    """``value`` as compact JSON bytes (numpy scalars and arrays as plain numbers).

    Parameters
    ----------
    value : object
        Plain data, NumPy scalars and arrays allowed.

    Returns
    -------
    bytes
        UTF-8 JSON without spaces.

    Examples
    --------
    >>> from tremaux.web.workers import encode_json
    >>> import numpy as np
    >>> encode_json({"n": np.int64(3), "cells": np.arange(2)})
    b'{"n":3,"cells":[0,1]}'
    """
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=_plain)
    return text.encode("utf-8", "backslashreplace")  # a lone surrogate a request brought in: its JSON escape


def _worker_main(conn: Any, warm: bool, nice: int = 0) -> None:  # pragma: no cover - runs in a child process
    import os

    from ..errors import TremauxError
    from . import jobs

    if nice:
        try:
            os.nice(nice)
        except OSError:  # not allowed here: run at the usual priority
            pass

    if warm:
        try:
            jobs.warm_up()
        except Exception:  # a broken warm-up must not keep the worker down
            pass
    conn.send(("ready", None))
    while True:
        try:
            name, payload, encode = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            result = jobs.JOBS[name](payload)
            if encode and not isinstance(result, (bytes, str)):
                result = encode_json(result)
        except TremauxError as exc:
            conn.send(("error", (type(exc).__name__, str(exc), True)))
        except Exception as exc:  # noqa: BLE001 - reported to the caller as a server error
            conn.send(("error", (type(exc).__name__, f"{type(exc).__name__}: {exc}", False)))
        else:
            conn.send(("ok", result))


def refuse_in_a_worker() -> None:
    """Raise when called from the top level of a script that a worker process re-runs.

    A worker starts by importing the script that started the server as ``__mp_main__``; a script that builds and
    runs the server without ``if __name__ == "__main__":`` would start a second server in every worker, which
    never answers (the page then waits on 503 answers). This names the mistake instead.

    Raises
    ------
    RuntimeError
        When the caller is the module-level code of ``__mp_main__`` in a child process.

    Examples
    --------
    >>> from tremaux.web.workers import refuse_in_a_worker
    >>> refuse_in_a_worker()  # in the main process: nothing to refuse
    """
    frame = sys._getframe(1)  # '__mp_main__' is the name multiprocessing gives the script it re-runs in a child
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__mp_main__":
            raise RuntimeError(
                "the tremaux web server was started again inside one of its worker processes: put the lines that "
                "start it under `if __name__ == \"__main__\":` in your script")
        frame = frame.f_back


class _Worker:
    def __init__(self, ctx: Any, warm: bool, nice: int = 0) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, warm, nice), daemon=True)
        self.proc.start()
        child.close()
        self.ready = False
        self.failed = False  # it died, or said something else than "ready", before taking a job

    def wait_ready(self, timeout: float) -> bool:
        if not self.ready and not self.failed and self.conn.poll(timeout):
            try:
                self.ready = self.conn.recv()[0] == "ready"
            except (EOFError, OSError):
                pass
            self.failed = not self.ready
        return self.ready

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)
        self.conn.close()


class WorkerPool:
    """``size`` worker processes; :meth:`run` hands a job to an idle one.

    Parameters
    ----------
    size : int
        Number of worker processes (jobs running at once).
    warm : bool
        Let each new worker load the default kernels before taking jobs.
    start_timeout : float
        Seconds to wait for the pool (and a new worker) to get ready; the
        first start compiles every kernel when numba's cache is cold.
    nice : int
        CPU priority added to each worker (``os.nice``): a pool of long jobs
        runs below the server and its quick workers.

    Raises
    ------
    ValueError
        When ``size`` is less than one.

    Examples
    --------
    >>> from tremaux.web.workers import WorkerPool
    >>> with WorkerPool(1, warm=False) as pool:
    ...     pool.run("echo", {"x": 1}, timeout=10)
    {'x': 1}
    """

    def __init__(self, size: int = 2, *, warm: bool = True, start_timeout: float = 600.0, nice: int = 0) -> None:
        if size < 1:
            raise ValueError(f"a worker pool needs at least one worker, not {size}")
        self._ctx = mp.get_context("forkserver")
        self._ctx.set_forkserver_preload(["tremaux.web._preload"])
        self._warm = warm
        self._nice = nice
        self._start_timeout = start_timeout
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False
        self._started = threading.Event()
        self.size = size
        threading.Thread(target=self._start, name="tremaux-pool-start", daemon=True).start()

    def _start(self) -> None:
        try:
            for _ in range(self.size):
                if self._closed:
                    break
                try:
                    self._spawn()
                except Exception as exc:  # noqa: BLE001 - the fork server stopped (Ctrl+C while it warmed up)
                    if not self._closed:
                        print(f"tremaux web page: the worker processes could not start ({exc or type(exc).__name__})",
                              file=sys.stderr)
                    break
        finally:
            self._started.set()

    @property
    def ready(self) -> bool:
        """Whether every worker has been started (they may still be warming up)."""
        return self._started.is_set()

    def _spawn(self) -> None:
        w = _Worker(self._ctx, self._warm, self._nice)
        with self._lock:
            self._all.append(w)
        self._idle.put(w)

    def _retire(self, w: _Worker) -> None:
        w.kill()
        with self._lock:
            if w in self._all:
                self._all.remove(w)
        if not self._closed:
            self._spawn()

    def run(self, name: str, payload: Any, *, timeout: float, wait: float = 30.0, encode: bool = False,
            cancel: threading.Event | None = None) -> Any:
        """Run job ``name`` on ``payload`` and return its result.

        Parameters
        ----------
        name : str
            A key of :data:`tremaux.web.jobs.JOBS`.
        payload : dict
            Its JSON-ready argument.
        timeout : float
            Seconds the job may run before its worker is killed.
        wait : float
            Seconds to wait for an idle worker.
        encode : bool
            Return a dict or list answer as JSON bytes, encoded in the worker.
        cancel : threading.Event, optional
            Set by another thread when nobody waits for the answer any more:
            the job stops waiting for a worker, or its worker is stopped (and
            replaced) within :data:`TICK` seconds.

        Returns
        -------
        object
            The job's answer (bytes of JSON with ``encode``).

        Raises
        ------
        JobTimeout
            The job ran past ``timeout``.
        PoolBusy
            No worker became free within ``wait`` seconds.
        JobError
            The job raised an exception.
        JobCancelled
            ``cancel`` was set.

        Examples
        --------
        >>> from tremaux.web.workers import WorkerPool
        >>> with WorkerPool(1, warm=False) as pool:
        ...     pool.run("echo", {"x": 1}, timeout=10)
        ...     pool.run("sleep", {"seconds": 5}, timeout=0.5)
        Traceback (most recent call last):
        ...
        tremaux.web.workers.JobTimeout: the computation ran past the 0.5 s time limit and was stopped
        """
        if self._closed:
            raise PoolBusy("the worker pool is closed")
        if not self._started.wait(self._start_timeout):
            raise PoolBusy("the worker processes are still starting")
        deadline = time.monotonic() + wait
        w = self._next_idle(wait, deadline, cancel)
        ready_by = time.monotonic() + max(self._start_timeout, deadline - time.monotonic())
        while not w.wait_ready(self._slice(ready_by, cancel)):  # a new worker may still be warming up
            if w.failed or time.monotonic() >= ready_by:
                self._retire(w)
                raise PoolBusy("a worker process failed to start")
            if cancel is not None and cancel.is_set():
                self._idle.put(w)  # still warming up: the next job takes it
                raise JobCancelled()
        try:
            w.conn.send((name, payload, encode))
            end = time.monotonic() + timeout
            while not w.conn.poll(self._slice(end, cancel)):
                gone = cancel is not None and cancel.is_set()
                if gone or time.monotonic() >= end:
                    self._retire(w)
                    w = None
                    raise JobCancelled() if gone else JobTimeout(timeout)
            status, value = w.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            if w is not None:
                self._retire(w)
                w = None
            raise JobError("WorkerCrash", "the computation crashed its worker process (a bug in tremaux, not in "
                           "the request); the server goes on with a new worker", False) from None
        finally:
            if w is not None:
                self._idle.put(w)
        if status == "error":
            raise JobError(*value)
        return value

    @staticmethod
    def _slice(end: float, cancel: threading.Event | None) -> float:
        """Seconds to wait for an answer before looking at ``cancel`` again (all that is left without one)."""
        left = max(0.0, end - time.monotonic())
        return left if cancel is None else min(TICK, left)

    def _next_idle(self, wait: float, deadline: float, cancel: threading.Event | None) -> _Worker:
        """The next idle worker, waiting ``wait`` seconds (until ``deadline``) at most, or until ``cancel`` is set."""
        while True:
            try:
                return self._idle.get(timeout=self._slice(deadline, cancel))
            except queue.Empty:
                if cancel is not None and cancel.is_set():
                    raise JobCancelled() from None
                if time.monotonic() >= deadline:
                    raise PoolBusy(f"every worker stayed busy for {wait:g} s") from None

    @property
    def idle(self) -> int:
        """Workers started and waiting for a job.

        Examples
        --------
        >>> from tremaux.web.workers import WorkerPool
        >>> with WorkerPool(1, warm=False) as pool:
        ...     pool.run("echo", {}, timeout=30) == {} and pool.idle
        1
        """
        return self._idle.qsize()

    def close(self) -> None:
        """Stop every worker.

        Examples
        --------
        >>> from tremaux.web.workers import WorkerPool
        >>> pool = WorkerPool(1, warm=False)
        >>> pool.close()
        """
        self._closed = True
        self._started.wait(self._start_timeout)
        with self._lock:
            workers, self._all = self._all, []
        for w in workers:
            w.kill()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
