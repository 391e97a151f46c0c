"""The warm-up in several processes: tasks grouped by the kernels they share, groups handed out to spawned workers, each task reported as it ends.

:func:`tremaux.warmup.warmup` calls :func:`run` when asked for more than one process. Every worker is a fresh
interpreter (``spawn``: nothing of the calling process is inherited) that takes the next group of tasks from a
queue as soon as it is free, the costliest groups first, and reports each task as it starts and ends; the kernels
it compiles go to numba's on-disk cache, which every process shares (a kernel one worker wrote is loaded by the
others). The workers ignore Ctrl+C: the calling process gets it alone, ends them, and raises
``KeyboardInterrupt`` once, so the terminal shows no worker's traceback. SIGTERM ends them too (the calling
process then exits with status 143), and a worker whose calling process was killed outright stops before its
next task.
"""

from __future__ import annotations

import queue
import signal
from collections.abc import Callable
from typing import Any

__all__ = ["run", "kernel_groups", "cost", "COSTS"]

_POLL = 0.5
"""Seconds between checks that no worker died without a word (killed, out of memory) while waiting for news."""


def kernel_groups(labels: list[str]) -> list[list[int]]:
    """Indices of the tasks, grouped so that tasks compiling the same kernels run in one process.

    Generators that run the same kernel (the growing-tree family, say) form one group, solvers of one module
    another (they share its kernels), the grids on tables a third and the hex grids a fourth; every other task is
    a group of its own. Groups keep the order of ``labels`` and come costliest first (:func:`cost`), so that
    several processes, each taking the next group when free, end together.

    Parameters
    ----------
    labels : list of str
        The labels of :func:`tasks`, in order.

    Returns
    -------
    list of list of int
        Every index exactly once.

    Examples
    --------
    >>> from tremaux.warmup import kernel_groups, tasks
    >>> groups = kernel_groups([name for name, _ in tasks()])
    >>> labels = [name for name, _ in tasks()]
    >>> sorted(labels[i] for i in next(g for g in groups if labels.index("generate prim") in g))[:3]
    ['generate breadth-first', 'generate growing-tree', 'generate naive-dfs']
    """
    from .generators import GENERATORS
    from .generators.options import check_options
    from .solvers import SOLVERS

    keys: dict[str, str] = {}
    for e in GENERATORS:
        opts = check_options(e.name, e.meta["options"], {})  # the defaults, then the preset, as generate does
        opts.update(e.meta["preset"])
        kernel = e.meta["kernel"](opts)
        keys[f"generate {e.name}"] = "growing_tree" if kernel.startswith("growing_tree") else kernel
    for e in SOLVERS:
        keys[f"solve {e.name}"] = "solvers " + e.func.__module__
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        if label.startswith("grid "):  # the grids share the graph kernels of their form of topology
            key = "grids hex" if label.startswith("grid hex") else "grids"
        else:
            key = keys.get(label, label)
        groups.setdefault(key, []).append(i)
    return sorted(groups.values(), key=lambda g: sum(cost(labels[i]) for i in g), reverse=True)


COSTS = {"numberlink fast": 34.0, "grid square wrap=torus": 15.0, "grid hex": 9.0, "generate backtracker": 3.0,
         "generate growing-tree": 2.5, "generate aldous-broder": 2.0, "dataset": 2.0, "dataset generators": 2.0,
         "numberlink generate": 2.0, "measures": 2.0}
"""CPU seconds of the costliest tasks from an empty cache (``benchmarks/bench_compile.py``, docs/benchmarks.md),
rounded: only the order in which :func:`warmup` hands groups of tasks to its processes depends on them."""


def cost(label: str) -> float:
    """The expected CPU seconds of the warm-up task ``label`` from an empty cache (:data:`COSTS`, else 1).

    Parameters
    ----------
    label : str
        A label of :func:`tasks`.

    Returns
    -------
    float

    Examples
    --------
    >>> from tremaux.warmup import cost
    >>> cost("numberlink fast") > cost("grid hex") > cost("solve pledge")
    True
    """
    return COSTS.get(label, 1.0)


def _worker(jobs: Any, news: Any, tasks: Callable[[], list[Any]]) -> None:
    """A worker's loop: run groups of task indices from ``jobs`` until ``None``, telling ``news`` of each task.

    ``tasks`` makes the list the indices point into (:func:`tremaux.warmup.tasks`, handed over by reference).
    """
    import multiprocessing

    from . import _jit

    _jit.allow_interpreted(0)  # compiled, as the warm-up means
    todo = tasks()
    parent = multiprocessing.parent_process()
    try:
        while True:
            try:
                group = jobs.get(timeout=_POLL)
            except queue.Empty:  # the jobs not yet flushed by a parent that was killed never come
                if parent is not None and not parent.is_alive():
                    return
                continue
            if group is None:
                break
            for i in group:
                if parent is not None and not parent.is_alive():  # killed (SIGKILL): no one to compile for
                    return
                news.put(("start", i))
                todo[i][1]()
                news.put(("done", i))
    except BaseException as exc:  # handed to the calling process, which raises it
        import traceback

        text = traceback.format_exc()
        try:
            import pickle

            pickle.dumps(exc)
        except Exception:  # an exception that cannot cross processes: its text does
            exc = RuntimeError(f"{type(exc).__name__}: {exc}")
        news.put(("error", (exc, text)))
        return
    news.put(("end", None))


def run(labels: list[str], groups: list[list[int]], workers: int,
        progress: Callable[[str, int, int], None] | None, tasks: Callable[[], list[Any]]) -> None:
    """Run the tasks ``groups`` (indices into ``labels``, costliest group first) in ``workers`` processes.

    Parameters
    ----------
    labels : list of str
        The labels of ``tasks()``, in order.
    groups : list of list of int
        Every index once; a group runs in one process, groups are handed out in this order.
    workers : int
        Processes to start (at least 2).
    progress : callable, optional
        Called as ``progress(label, done, total)`` as each task starts (``done`` tasks ended before it) and ends.
    tasks : callable
        What makes the ``(label, function)`` pairs in each worker (:func:`tremaux.warmup.tasks`): a function of a
        module, which the spawned workers import by name (so this module needs no import of the warm-up's).

    Raises
    ------
    KeyboardInterrupt
        On Ctrl+C, once every worker has been ended.
    RuntimeError
        When a worker ends without reporting (killed from outside, say).

    Examples
    --------
    >>> run(["a"], [], 2, None, list)  # nothing to do: no process started
    """
    import multiprocessing

    if not groups:
        return
    context = multiprocessing.get_context("spawn")  # fresh interpreters: nothing of ours is forked
    jobs, news = context.Queue(), context.Queue()
    for group in groups:
        jobs.put(group)
    for _ in range(workers):
        jobs.put(None)
    # Python installs its Ctrl+C handler only where SIGINT is not ignored at start: workers born with it ignored
    # never raise KeyboardInterrupt, not even while they import (the calling process ends them itself)
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: nothing to restore, Ctrl+C reaches this thread's process only
        previous = None
    procs = []
    try:
        for _ in range(workers):
            proc = context.Process(target=_worker, args=(jobs, news, tasks), daemon=True)
            proc.start()
            procs.append(proc)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    previous_term = _end_on_sigterm()
    try:
        _follow(labels, procs, news, progress)
    finally:
        if previous_term is not None:
            signal.signal(signal.SIGTERM, previous_term)
        for proc in procs:  # every worker said "end" unless interrupted or failed: end the others now
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join()
        jobs.cancel_join_thread()  # groups left in the queue on an interruption: do not wait to flush them
        news.cancel_join_thread()


def _end_on_sigterm() -> Any:
    """Make SIGTERM raise ``SystemExit(143)`` in this (main) thread, so the workers are ended before the calling
    process is (by default SIGTERM ends it at once, leaving its workers compiling on); the previous handler, or
    ``None`` where no handler can be set (not the main thread)."""

    def end(signum: int, frame: Any) -> None:
        raise SystemExit(128 + signum)

    try:
        return signal.signal(signal.SIGTERM, end)
    except ValueError:
        return None


def _follow(labels: list[str], procs: list[Any], news: Any, progress: Callable[[str, int, int], None] | None) -> None:
    """Read the workers' news until every worker has ended, reporting progress; raise a worker's error."""
    total, done, ended, suspect = len(labels), 0, 0, False
    while ended < len(procs):
        try:
            kind, value = news.get(timeout=_POLL)
        except queue.Empty:
            dead = [p.exitcode for p in procs if p.exitcode is not None]
            if len(dead) > ended and suspect:  # still, a poll after: a worker died without "end" or "error"
                code = next((c for c in dead if c != 0), dead[0])  # killed ones end with a signal's number
                raise RuntimeError(f"a warm-up process ended unexpectedly (exit code {code}); "
                                   "run `tremaux warmup --workers 1` to compile in this process") from None
            suspect = len(dead) > ended  # its last words may still be on their way: look once more
            continue
        suspect = False
        if kind == "start":
            if progress is not None:
                progress(labels[value], done, total)
        elif kind == "done":
            done += 1
            if progress is not None:
                progress(labels[value], done, total)
        elif kind == "end":
            ended += 1
        else:  # "error"
            exc, text = value
            raise exc from RuntimeError(f"in a warm-up process:\n{text}")
