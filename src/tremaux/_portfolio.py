"""A portfolio of child processes: run jobs side by side, keep the first answer, stop the rest.

Some work cannot be interrupted in process (a SAT solver inside a C
extension, for one); run in a child process, it can be stopped at any
moment. :func:`first_answer` starts each :class:`Job` in a child (the
``fork`` start method where the platform has it), shares the processor
cores between them and returns the first value that the caller's
``accept`` takes, as soon as it comes. Every child still running is then
killed, and so is every child when the deadline passes.

When there are more jobs than cores, the jobs take turns: every
:data:`SLICE_SECONDS` the ones that have had the least time for their
``weight`` run and the others are paused (``SIGSTOP``, where the platform
has it), so a slow job never starves a quick one and no work is lost. A
job's ``delay`` counts as time it has already had, so it starts once the
others have had that much for each unit of their weight.

On Linux a child is killed by the kernel when its parent dies, so not
even a parent killed outright leaves one behind.

A job that raises is reported as one line (``"name: ValueError: ..."``)
in :attr:`Outcome.errors`; the other jobs go on.

The module knows nothing about what the jobs compute.

Examples
--------
>>> import operator, time
>>> out = first_answer([Job(operator.add, (2, 3), name="add")], deadline=time.perf_counter() + 30)
>>> out.name, out.value, out.errors
('add', 5, ())
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidSizeError, UnsupportedError

__all__ = ["Job", "Outcome", "Race", "first_answer", "SLICE_SECONDS", "available"]

SLICE_SECONDS = 0.2
"""How often the scheduler looks at its children and chooses which run."""


@dataclass(frozen=True)
class Job:
    """One piece of work for :func:`first_answer`: ``fn(*args)``, run in a child process.

    Parameters
    ----------
    fn : callable
        A function of module level (picklable where ``fork`` is missing).
    args : tuple
        Its arguments.
    weight : float
        Its share of the processor time when jobs take turns (positive).
    delay : float
        Seconds counted as already had, so the job starts later.
    name : str
        How the job is named in :class:`Outcome` and in error lines.
    children : bool
        Whether the job may start child processes of its own (its process is
        then not a daemon; they are killed with it, see :func:`first_answer`).

    Raises
    ------
    InvalidSizeError
        When ``weight`` is not positive or ``delay`` is negative.

    Examples
    --------
    >>> Job(abs, (-1,), name="abs").weight
    1.0
    """

    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()
    weight: float = 1.0
    delay: float = 0.0
    name: str = ""
    children: bool = False

    def __post_init__(self) -> None:
        if not self.weight > 0:
            raise InvalidSizeError(f"a job's weight must be positive, not {self.weight}")
        if self.delay < 0:
            raise InvalidSizeError(f"a job's delay must not be negative, not {self.delay}")


@dataclass(frozen=True)
class Outcome:
    """What :func:`first_answer` found.

    Attributes
    ----------
    index : int or None
        Position of the job that answered, ``None`` when none did.
    name : str
        Its name (``""`` when none answered).
    value : object
        Its answer (``None`` when none answered).
    finished : tuple of int
        Jobs that ended (with an answer not accepted, or an error) before it.
    errors : tuple of str
        One line per job that raised or died.
    stopped : str
        ``""`` when a job answered or every job ended; ``"time limit"`` when
        the deadline passed first.
    seconds : float
        Wall time taken.
    rejected : tuple of (int, object)
        The jobs that returned a value ``accept`` did not take, with the value.

    Examples
    --------
    >>> Outcome(None, "", None).answered
    False
    """

    index: int | None
    name: str
    value: Any
    finished: tuple[int, ...] = ()
    errors: tuple[str, ...] = ()
    stopped: str = ""
    seconds: float = 0.0
    rejected: tuple[tuple[int, Any], ...] = field(default=(), repr=False)

    @property
    def answered(self) -> bool:
        """Whether a job's answer was accepted."""
        return self.index is not None


def available() -> bool:
    """Whether child processes can be started here: by forking (the only start method used), not from a daemon.

    A daemonic process (a worker of a pool, say) may not have children.

    Examples
    --------
    >>> isinstance(available(), bool)
    True
    """
    import multiprocessing as mp  # here: a solve that starts no child process does not load it

    return "fork" in mp.get_all_start_methods() and not mp.current_process().daemon


def first_answer(jobs: Sequence[Job], *, deadline: float, accept: Callable[[Any], bool] | None = None,
                 slots: int | None = None) -> Outcome:
    """Run ``jobs`` in child processes until one returns an accepted value or ``deadline`` passes.

    Parameters
    ----------
    jobs : sequence of Job
    deadline : float
        A :func:`time.perf_counter` time; no child outlives it.
    accept : callable, optional
        Whether a returned value is the answer (default: it is not ``None``).
        A value not accepted ends only its job; it is kept in
        :attr:`Outcome.rejected`.
    slots : int, optional
        How many children run at once (default: the processor cores).

    Returns
    -------
    Outcome

    Raises
    ------
    InvalidSizeError
        When there are no jobs or ``slots`` is below 1.
    UnsupportedError
        When the platform cannot fork, or this process is a daemon.

    Examples
    --------
    >>> import time
    >>> out = first_answer([Job(time.sleep, (30,)), Job(divmod, (7, 2), name="divmod")],
    ...                    deadline=time.perf_counter() + 20)
    >>> out.name, out.value
    ('divmod', (3, 1))
    """
    race = Race(jobs, accept=accept, slots=slots)
    try:
        return race.run(deadline)
    finally:
        race.close()


class Race:
    """:func:`first_answer` in steps: :meth:`run` until a deadline, then again later, the jobs going on.

    When a deadline passes with no answer, the children are paused
    (``SIGSTOP``, where the platform has it), or left running with
    ``pause=False``, and the next :meth:`run` lets them go on from where
    they were; :meth:`close` kills them. A copy of the race in a process
    forked from the one that made it can run and close it too (it signals
    the children by their process ids and reads their pipes; their parent
    reaps them).

    Parameters
    ----------
    jobs : sequence of Job
    accept : callable, optional
        Whether a returned value is the answer (default: it is not ``None``).
    slots : int, optional
        How many children run at once (default: the processor cores).

    Raises
    ------
    InvalidSizeError
        When there are no jobs or ``slots`` is below 1.
    UnsupportedError
        When the platform cannot fork, or this process is a daemon.

    Examples
    --------
    >>> import time
    >>> race = Race([Job(time.sleep, (0.3,), name="nap")], accept=lambda v: True)
    >>> race.run(time.perf_counter() + 0.05).stopped
    'time limit'
    >>> race.run(time.perf_counter() + 20).name  # the same child, gone on
    'nap'
    >>> race.close()
    """

    def __init__(self, jobs: Sequence[Job], *, accept: Callable[[Any], bool] | None = None,
                 slots: int | None = None) -> None:
        if not jobs:
            raise InvalidSizeError("the portfolio needs at least one job")
        if slots is not None and slots < 1:
            raise InvalidSizeError(f"slots must be at least 1, not {slots}")
        if not available():
            raise UnsupportedError("the portfolio needs the 'fork' start method and a process that is not a daemon")
        if slots is None:
            from ._system import cpu_count

            slots = max(1, cpu_count())
        self.jobs = list(jobs)
        self.slots = slots
        self.accept = accept or (lambda v: v is not None)
        self.used = [job.weight * job.delay for job in jobs]
        self.procs: dict[int, tuple[Any, Any]] = {}  # job index -> (connection, process)
        self.parents: dict[int, int] = {}  # job index -> the process id that started its child
        self.running: set[int] = set()
        self.done: list[int] = []
        self.errors: list[str] = []
        self.rejected: list[tuple[int, Any]] = []
        self.pausable = hasattr(signal, "SIGSTOP")

    def run(self, deadline: float, *, pause: bool = True) -> Outcome:
        """Go on until a job's answer is accepted, every job ended, or ``deadline`` passes.

        Parameters
        ----------
        deadline : float
            A :func:`time.perf_counter` time.
        pause : bool, default True
            Pause the children still running when it returns (else they go on in the background, and
            the next :meth:`run` or :meth:`close` finds them further on).

        Returns
        -------
        Outcome
            As :func:`first_answer`'s; once a job answered, the race is over (:meth:`close` it).
        """
        t0 = time.perf_counter()
        try:
            return self._run(deadline, t0)
        finally:
            if pause and self.pausable:  # the deadline passed (or an answer came): the others wait for the next run
                for i in self.running:
                    self._signal(i, signal.SIGSTOP)
                self.running = set()

    def _run(self, deadline: float, t0: float) -> Outcome:
        n = len(self.jobs)
        while len(self.done) < n and time.perf_counter() < deadline:
            live = [i for i in range(n) if i not in self.done]
            live.sort(key=lambda i: (self.used[i] / self.jobs[i].weight, i))
            chosen = set(live[: self.slots])
            if not self.pausable:  # pragma: no cover - no pausing: whoever started goes on
                chosen |= self.running
            for i in self.running - chosen:
                self._signal(i, signal.SIGSTOP)
            for i in chosen - self.running:
                if i in self.procs:
                    self._signal(i, signal.SIGCONT)
                else:
                    self._start(i)
            self.running = chosen & set(self.procs)
            conns = {self.procs[i][0]: i for i in self.running}
            t = time.perf_counter()
            ready = _wait(list(conns), max(0.0, min(SLICE_SECONDS, deadline - t)))
            spent = time.perf_counter() - t
            for i in self.running:
                self.used[i] += spent
            for conn in ready:
                i = conns[conn]
                kind, value = self._receive(i)
                self.done.append(i)
                self.running.discard(i)
                if kind == "value" and self.accept(value):
                    return self._outcome(i, value, "", t0)
                if kind == "value":
                    self.rejected.append((i, value))
                else:
                    self.errors.append(f"{self.jobs[i].name or i}: {value}")
        return self._outcome(None, None, "" if len(self.done) == n else "time limit", t0)

    def _outcome(self, i: int | None, value: Any, stopped: str, t0: float) -> Outcome:
        return Outcome(i, "" if i is None else self.jobs[i].name, value,
                       tuple(k for k in self.done if k != i), tuple(self.errors), stopped,
                       time.perf_counter() - t0, tuple(self.rejected))

    def _start(self, i: int) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("fork")
        recv, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_child, args=(self.jobs[i], send, os.getpid()), daemon=not self.jobs[i].children)
        proc.start()
        send.close()
        self.procs[i] = (recv, proc)
        self.parents[i] = os.getpid()

    def _signal(self, i: int, sig: int) -> None:
        try:
            os.kill(self.procs[i][1].pid, sig)
        except (ProcessLookupError, KeyError):  # pragma: no cover - it ended meanwhile
            pass

    def _receive(self, i: int) -> tuple[str, Any]:
        conn, proc = self.procs.pop(i)
        mine = self.parents.pop(i) == os.getpid()
        try:
            answer = conn.recv()
        except (EOFError, OSError):
            if mine:
                proc.join(1.0)
            answer = ("error", f"the child process died (exit code {proc.exitcode if mine else 'unknown'})")
        except Exception as exc:  # noqa: BLE001 - an answer that cannot be unpickled
            answer = ("error", _one_line(exc))
        _stop(conn, proc, mine)
        return answer

    def close(self) -> None:
        """Kill every child of the race (paused ones too)."""
        for i, (conn, proc) in self.procs.items():
            _stop(conn, proc, self.parents[i] == os.getpid())
        self.procs.clear()
        self.parents.clear()
        self.running.clear()


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _die_with_parent(parent: int) -> None:  # pragma: no cover - runs in the child
    """On Linux, have the kernel kill this child when its parent dies (a parent killed outright cannot clean up)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # it died before the call
        os._exit(1)


def _child(job: Job, send: Any, parent: int) -> None:  # pragma: no cover - runs in the child
    _die_with_parent(parent)
    try:
        try:
            answer: tuple[str, Any] = ("value", job.fn(*job.args))
        except BaseException as exc:  # noqa: BLE001 - reported to the parent as one line
            answer = ("error", _one_line(exc))
        try:
            send.send(answer)
        except Exception as exc:  # noqa: BLE001 - an answer that cannot be pickled
            send.send(("error", f"the answer could not be sent back ({_one_line(exc)})"))
    finally:
        send.close()


def _wait(conns: list[Any], timeout: float) -> list[Any]:
    from multiprocessing.connection import wait

    if not conns:
        time.sleep(timeout)
        return []
    return list(wait(conns, timeout))


def _stop(conn: Any, proc: Any, mine: bool) -> None:
    if mine:
        if proc.is_alive():
            proc.kill()  # SIGKILL ends a paused child too
        proc.join()
    else:  # a forked copy of the race: the child is not this process's to wait for; its parent reaps it
        try:
            os.kill(proc.pid, signal.SIGKILL)
        except ProcessLookupError:  # pragma: no cover - it ended meanwhile
            pass
    conn.close()
