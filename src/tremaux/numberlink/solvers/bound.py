"""A hard bound on a question's time: past a share of it in process, the work moves on in a forked child.

A question stops at its deadline only when every loop and every call
inside it looks at the clock. Most do, but a SAT solver looks at its
interruption when it likes (Glucose between two restarts, Kissat and
CaDiCaL never), and a loop of many calls may look too rarely: round 6
measured questions that ran 25 to 30 s past their limit.

So :func:`run` does the work in process, and the work calls
:func:`checkpoint` where it is about to go on (before every SAT call,
between slices of the search, wherever it asks how much time is left:
:meth:`.base.Task.left`). The first checkpoint past
:func:`in_process_budget` (a tenth of the limit, at least
:data:`IN_PROCESS_FLOOR`) forks the process. The child goes on with the work
from exactly where it was, nothing redone and nothing lost, and sends its
value back when the work is done; the parent waits for it, and kills the
child :func:`grace` seconds after the deadline whatever it is doing. Easy
questions, nearly all, are answered before their first checkpoint past the
budget and never start a child.

What the work publishes with :func:`progress` (how many solutions a count has
found so far, and the few it keeps, say) is the answer of a child killed at the deadline: the
child sends it to the parent from its checkpoints, every
:data:`PROGRESS_SHARE` of the grace (less often when making it takes long:
at most a tenth of the child's time goes to it), so a child killed while it
winds up (its answer large, and slow to send) loses at most the finds of
that last stretch; before the first such message, what was published
before the fork stands.

No bound where a process cannot fork (no ``os.fork``), without a time
limit, or inside another :func:`run` of the same thread (the outer one
bounds it): the work then runs in process to its end.

Examples
--------
>>> from tremaux.numberlink.solvers.bound import in_process_budget, grace, run
>>> in_process_budget(60.0), in_process_budget(1.0), in_process_budget(float("inf"))
(6.0, 0.25, None)
>>> grace(1.0), grace(60.0)
(0.25, 3.0)
>>> run(sum, ([1, 2, 3],), limit=10.0)
(6, '')
"""

from __future__ import annotations

import dataclasses
import math
import os
import pickle
import select
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..._pipes import kill, send_and_exit, write_message

__all__ = ["IN_PROCESS_SHARE", "IN_PROCESS_FLOOR", "PROGRESS_SHARE", "in_process_budget", "grace", "run",
           "checkpoint", "move_time", "progress", "in_child", "latest", "Moved"]

IN_PROCESS_SHARE = 0.1
"""Share of a question's time limit that it runs in process before its work moves on in a child process."""

IN_PROCESS_FLOOR = 0.25
"""Seconds a question always runs in process, whatever its limit: the corpus questions answered in process
take milliseconds (medians 1-7 ms, ``benchmarks/bench_nl_limits.py``), so this only keeps a fork
(a few milliseconds) away from questions a little slower than that."""


PROGRESS_SHARE = 0.5
"""Share of :func:`grace` between two messages of a child's published progress (:func:`progress`) to its parent."""


def in_process_budget(limit: float) -> float | None:
    """Seconds a question with a time limit of ``limit`` runs in process; ``None``: all of it, no child.

    Parameters
    ----------
    limit : float
        The question's time limit in seconds (``inf``: none).

    Returns
    -------
    float or None
        :data:`IN_PROCESS_SHARE` of ``limit``, at least :data:`IN_PROCESS_FLOOR`;
        ``None`` when that is the whole limit, without a limit, or where
        the process cannot fork.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import in_process_budget
    >>> in_process_budget(5.0)
    0.5
    >>> in_process_budget(0.2) is None
    True
    """
    if math.isinf(limit) or not hasattr(os, "fork"):
        return None
    budget = max(IN_PROCESS_FLOOR, IN_PROCESS_SHARE * limit)
    return budget if budget < limit else None


def grace(limit: float) -> float:
    """Seconds past its deadline a child is given to answer before it is killed: half of max(0.5 s, 10 % of ``limit``).

    Parameters
    ----------
    limit : float
        The question's time limit in seconds.

    Returns
    -------
    float

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import grace
    >>> grace(10.0)
    0.5
    """
    return 0.5 * max(0.5, 0.1 * limit)


class Moved(BaseException):
    """Raised in the parent by the :func:`checkpoint` that forked: it unwinds the work's stack down to :func:`run`,
    carrying the child's value (a ``BaseException``, so that no ``except Exception`` of the work stops it).

    Parameters
    ----------
    value : object
        The child's value, or what was published (:func:`progress`) when it was killed.
    why : str
        ``""``, or ``"time limit"`` when the child was killed.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import Moved
    >>> m = Moved(42, "")
    >>> m.value, m.why, isinstance(m, Exception)
    (42, '', False)
    """

    def __init__(self, value: Any, why: str) -> None:
        super().__init__(why)
        self.value, self.why = value, why


@dataclass
class _Run:
    move_at: float
    """A ``time.perf_counter()`` value: the first checkpoint after it forks."""
    kill_at: float
    """When the parent kills the child."""
    published: Any = None
    """The last value given to :func:`progress` (the answer if a child is killed)."""
    pipe: int | None = None
    """In the child: where its value goes."""
    slack: Callable[[], float] | None = None
    """Seconds given back to the work so far (:func:`run`); what the child is given back after the fork is its
    own business (the parent's kill does not move)."""
    given: float = 0.0
    """The part of ``slack`` the budget and the kill have moved by."""
    owner: int = 0
    """The process of the run (a process forked by the work itself, a portfolio's child say, never forks)."""
    every: float = 0.0
    """In the child: the least seconds between two messages of its progress to the parent."""
    next_progress: float = 0.0
    """In the child: when (``time.perf_counter()``) its progress may next be sent."""
    sent: tuple = ()
    """In the child: the solutions of the progress last sent (:func:`_send_progress`)."""
    margin: float = 0.0
    """Seconds between the deadline and the kill (:func:`grace`)."""


_local = threading.local()


def _current() -> _Run | None:
    return getattr(_local, "run", None)


def run(fn: Callable[..., Any], args: tuple[Any, ...], *, limit: float, deadline: float | None = None,
        start: float | None = None, slack: Callable[[], float] | None = None) -> tuple[Any, str]:
    """``fn(*args)``, bounded: its value and ``""``, or the last :func:`progress` and why the work was stopped.

    The work runs in process; its first :func:`checkpoint` past
    :func:`in_process_budget` seconds moves it on into a forked child, which
    is killed :func:`grace` seconds after ``deadline`` if it has not answered.

    Parameters
    ----------
    fn : callable
        The work; it should stop by itself at ``deadline`` and call
        :func:`checkpoint` where it goes on.
    args : tuple
        Its arguments.
    limit : float
        The work's time limit in seconds (``inf``: none, no bound).
    deadline : float, optional
        A ``time.perf_counter()`` value; default ``start + limit``.
    start : float, optional
        When the work's time started (``time.perf_counter()``); default now.
    slack : callable, optional
        Seconds the work has been given back so far (time spent loading
        kernels on their first use, say): the budget and the kill move by
        that much.

    Returns
    -------
    (object, str)
        ``fn``'s value and ``""``; or, when the child was killed, the last
        value given to :func:`progress` (``None`` if none) and ``"time limit"``.

    Raises
    ------
    Exception
        What ``fn`` raised, in process or in the child (an exception that
        does not pickle comes back as a ``RuntimeError`` naming it).

    Examples
    --------
    >>> import os
    >>> import time
    >>> from tremaux.numberlink.solvers.bound import checkpoint, run
    >>> def slow(n):
    ...     t = time.perf_counter()
    ...     while time.perf_counter() < t + n:
    ...         checkpoint()
    ...     return os.getpid()
    >>> pid, why = run(slow, (0.5,), limit=1.0)
    >>> pid != os.getpid(), why  # it went on in a child after 0.25 s
    (True, '')
    >>> run(time.sleep, (0.05,), limit=1.0)  # no checkpoint: all in process
    (None, '')
    """
    start = time.perf_counter() if start is None else start
    budget = in_process_budget(limit)
    if budget is None or _current() is not None:
        return fn(*args), ""
    deadline = start + limit if deadline is None else deadline
    state = _Run(start + budget, deadline + grace(limit), slack=slack, owner=os.getpid(),
                 every=PROGRESS_SHARE * grace(limit), margin=grace(limit))
    _local.run = state
    try:
        value = fn(*args)
    except Moved as moved:
        return moved.value, moved.why
    except BaseException as exc:
        if state.pipe is not None:  # pragma: no cover - in the child
            send_and_exit(state.pipe, ("error", exc))
        raise
    finally:
        if state.pipe is None:
            _local.run = None
    if state.pipe is not None:  # pragma: no cover - in the child: the value goes to the parent, nothing else runs
        _send_progress(state, now=True)  # what was found, in case the value itself is too slow to arrive
        send_and_exit(state.pipe, ("value", value))
    return value, ""


def checkpoint() -> None:
    """Where the work of a :func:`run` goes on: past the in-process budget, it moves on in a forked child.

    Cheap (a clock reading) and does nothing outside a :func:`run`, in the
    child, or before the budget is spent. In the parent, it waits for the
    child's value and raises :class:`Moved` with it.

    Raises
    ------
    Moved
        In the parent, once the child answered or was killed.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import checkpoint
    >>> checkpoint()  # outside a run: nothing
    """
    state = _current()
    if state is not None and state.pipe is not None:  # pragma: no cover - in the child
        if os.getpid() == state.owner:  # not in a process the child's work forked in turn
            _send_progress(state)
        return
    if state is None or time.perf_counter() < state.move_at or os.getpid() != state.owner:
        return
    if state.slack is not None:  # time given back to the work moves the budget and the kill
        more = state.slack() - state.given
        if more > 0:
            state.given += more
            state.move_at += more
            state.kill_at += more
            if time.perf_counter() < state.move_at:
                return
    from ..._portfolio import _die_with_parent

    parent = os.getpid()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child goes on with the work
        os.close(read)
        _die_with_parent(parent)
        state.pipe, state.owner = write, os.getpid()
        state.next_progress = time.perf_counter() + state.every
        return
    os.close(write)
    try:
        kind, value = _receive(read, pid, state.kill_at)
    except BaseException:  # an interruption of the wait (Ctrl-C): the child goes too
        kill(pid)
        raise
    finally:
        os.close(read)
    if kind == "error":
        raise value
    if kind == "killed":
        if value is not None:  # the child's last progress
            raise Moved(value[0], "time limit")
        published = state.published() if callable(state.published) else state.published
        raise Moved(published, "time limit")
    raise Moved(value, "")


def move_time() -> float | None:
    """When the :func:`run` under way in this process moves its work on into a child (a ``time.perf_counter()``
    value), or ``None`` (no run, or this is the child): a long call that does not reach a :func:`checkpoint` by
    itself (a SAT call) stops then, and calls it.

    Returns
    -------
    float or None

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import move_time
    >>> move_time() is None  # outside a run
    True
    """
    state = _current()
    if state is None or state.pipe is not None or os.getpid() != state.owner:
        return None
    return state.move_at


def in_child() -> bool:
    """Whether this is the child process a :func:`run` moved its work into (its kill time is fixed then: time
    given back to the work after the fork does not move it).

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import in_child
    >>> in_child()  # outside a run
    False
    """
    state = _current()
    return state is not None and state.pipe is not None and os.getpid() == state.owner


def latest() -> float | None:
    """In the child process of a :func:`run`, the latest deadline its work may take (a ``time.perf_counter()``
    value): the parent's kill less its grace; it has moved by the time given back to the work before the fork
    (kernels loaded on their first use), which the work's own deadlines have not. ``None`` elsewhere.

    Returns
    -------
    float or None

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import latest
    >>> latest() is None  # outside a run
    True
    """
    state = _current()
    if not in_child() or state is None:
        return None
    return state.kill_at - state.margin


def progress(value: Any) -> None:
    """Publish what the work has found so far: the answer of a :func:`run` whose child is killed.

    Parameters
    ----------
    value : object or callable
        A partial answer (it stays in this process: it need not pickle), or
        a function of no argument that makes it when it is needed: it then
        sees the work's objects as they were when the child was forked (a
        list of solutions that grows, say).

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bound import progress
    >>> progress("half")  # outside a run: nothing
    """
    state = _current()
    if state is not None and os.getpid() == state.owner:  # in the child, sent to the parent from its checkpoints
        state.published = value


def _send_progress(state: _Run, *, now: bool = False) -> None:  # pragma: no cover - runs in the child
    """Send the published progress to the parent when it is due (see the module's notes), or ``now``.

    A dataclass value with a tuple ``solutions`` that goes on from the one sent before is sent as the solutions
    added since (the parent joins them), so each message costs what is new, not all that was found.
    """
    t = time.perf_counter()
    if state.published is None or (t < state.next_progress and not now):
        return
    try:
        value = state.published() if callable(state.published) else state.published
        sols = getattr(value, "solutions", None)
        sent = state.sent
        if (dataclasses.is_dataclass(value) and isinstance(sols, tuple) and 0 < len(sent) <= len(sols)
                and all(a is b for a, b in zip(sent, sols[:len(sent)]))):
            message = ("more", (len(sent), dataclasses.replace(value, solutions=sols[len(sent):])))
        else:
            message = ("progress", value)
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a value that does not pickle: the parent keeps what it has
        state.next_progress = float("inf")
        return
    write_message(state.pipe, data)
    state.sent = sols if isinstance(sols, tuple) else ()
    took = time.perf_counter() - t
    state.next_progress = time.perf_counter() + max(state.every, 10 * took)


def _receive(read: int, pid: int, kill_at: float) -> tuple[str, Any]:
    """The child's message, or ``("killed", last)`` when ``kill_at`` passed first (the child is then killed).

    ``last``: ``None``, or a 1-tuple of the last progress the child sent (:func:`progress`).
    """
    buf = bytearray()
    last = None
    while True:
        left = kill_at - time.perf_counter()
        ready = select.select([read], [], [], max(0.0, left))[0] if left > 0 else []
        if not ready:
            kill(pid)
            return "killed", last
        chunk = os.read(read, 1 << 20)
        if not chunk:
            break
        buf += chunk
        while len(buf) >= 8 and len(buf) >= 8 + int.from_bytes(buf[:8], "little"):
            size = int.from_bytes(buf[:8], "little")
            data = bytes(buf[8:8 + size])
            del buf[:8 + size]
            try:
                kind, value = pickle.loads(data)
            except Exception as exc:  # a message that does not unpickle
                from ..._portfolio import _one_line

                kill(pid)
                return "error", RuntimeError(f"the child process gave no answer ({_one_line(exc)})")
            if kind == "more":  # the solutions found since the last progress
                start, more = value
                if last is None or len(last[0].solutions) != start:  # pragma: no cover - messages are in order
                    continue
                last = (dataclasses.replace(more, solutions=last[0].solutions + more.solutions),)
            elif kind == "progress":
                last = (value,)
            else:
                os.waitpid(pid, 0)
                return kind, value
    os.waitpid(pid, 0)
    from ..._portfolio import _one_line

    return "error", RuntimeError("the child process gave no answer (it ended without one)")
