"""The SAT solver behind :mod:`.encoding`: which one, loading clauses into it, solving with a deadline, the model read back.

python-sat's solvers take clauses one call at a time; for the tens or
hundreds of thousands of clauses of a large puzzle that is where the time of
building an encoding goes (a 80x80 puzzle: 450,000 clauses, about 0.25 s
of a 0.4 s build, 2 shared cores). So clauses go straight to python-sat's C
layer where it allows (:func:`loaded_solver`), in chunks, and a deadline
is checked between chunks: building never runs far past the time given.

Examples
--------
>>> from tremaux.numberlink.solvers.backend import loaded_solver, solve_until
>>> s = loaded_solver("glucose4", [[1, 2], [-1]])
>>> solve_until(s, None), s.get_model()
(True, [-1, 2])
>>> s.delete()
"""

from __future__ import annotations

import functools
import gc
import itertools
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass

import numpy as np
from pysat.solvers import Solver

from ... import _alarm
from .bound import checkpoint, move_time

try:  # python-sat's C layer, used directly by loaded_solver when it is there
    import pysolvers
except ImportError:  # pragma: no cover - every python-sat wheel so far ships it
    pysolvers = None

__all__ = ["SAT_BACKEND", "BUILD_SHARES", "BUILD_PACE", "INCREMENTAL", "JUDGED_FROM", "LOAD_CHUNK", "Model",
           "build_clock", "builds_refused", "deadline_only", "direct_adder", "in_time", "loaded_solver", "solve_until",
           "without_gc"]

SAT_BACKEND = "glucose4"
"""The pysat solver used (interruptible, for time budgets)."""

INCREMENTAL = frozenset({"glucose4", "glucose3", "glucose41", "minisat22", "cadical153", "cadical195", "maplechrono",
                         "lingeling", "minicard", "mergesat3"})
"""Backends that take clauses after a solve; others (Kissat) get a new solver holding every clause instead."""

LOAD_CHUNK = 20_000
"""Clauses loaded between two looks at the deadline (a few milliseconds of loading)."""


def without_gc(fn):
    """``fn`` with the cyclic garbage collector paused while it runs.

    Building a CNF allocates a small list per clause, tens of thousands of
    them and none in a cycle; the collector's passes over them cost more than
    the building itself (a 40x20 puzzle: 16,000 clauses become lists in
    1.6 ms instead of 4.4 ms).

    Parameters
    ----------
    fn : callable
        The function to wrap.

    Returns
    -------
    callable
        ``fn``, run with the collector paused and restored afterwards.

    Examples
    --------
    >>> import gc
    >>> from tremaux.numberlink.solvers.backend import without_gc
    >>> @without_gc
    ... def collecting():
    ...     return gc.isenabled()
    >>> collecting(), gc.isenabled()
    (False, True)
    """

    @functools.wraps(fn)
    def run(*args, **kwargs):
        was = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if was:
                gc.enable()

    return run


_DIRECT_ADD = {"Glucose4": ("glucose", "glucose41_add_cl"), "Kissat404": ("kissat", "kissat404_add_cl"),
               "Minisat22": ("minisat", "minisat22_add_cl")}
"""Solvers whose clauses :func:`loaded_solver` hands to python-sat's C layer directly: (handle, function)."""


def loaded_solver(backend: str, clauses: list[list[int]], deadline: float | None = None) -> Solver:
    """A python-sat ``Solver`` named ``backend`` that holds ``clauses``.

    Same as ``Solver(name=backend, bootstrap_with=clauses)``, a third
    quicker for the solvers of :data:`_DIRECT_ADD`: their clauses go
    straight to python-sat's C functions, without two Python method calls
    each (16,000 clauses of a 40x20 puzzle load in 4.7 ms instead of 7.0 ms).
    Other solvers, or a python-sat without those functions, take the public
    way. Clauses go in by :data:`LOAD_CHUNK`, and ``deadline`` is checked
    between chunks.

    Parameters
    ----------
    backend : str
        A python-sat solver name, such as ``glucose4`` or ``cadical195``.
    clauses : list of list of int
        The CNF, in DIMACS literals.
    deadline : float, optional
        A ``time.perf_counter()`` value: past it, loading stops.

    Returns
    -------
    pysat.solvers.Solver
        The solver; the caller deletes it.

    Raises
    ------
    TimeoutError
        When ``deadline`` passes before every clause is in (the solver is deleted).

    Examples
    --------
    >>> from tremaux.numberlink.solvers.backend import loaded_solver
    >>> s = loaded_solver("glucose4", [[1, 2], [-1], [-2, 3]])
    >>> s.solve(), s.get_model()
    (True, [-1, 2, 3])
    >>> loaded_solver("glucose4", [[1], [-1]]).solve()
    False
    >>> loaded_solver("glucose4", [[1, 2]] * 3, deadline=0.0)
    Traceback (most recent call last):
    ...
    TimeoutError: the deadline passed while the SAT solver was loaded
    """
    solver = Solver(name=backend)
    direct = direct_adder(solver)
    for start in range(0, len(clauses), LOAD_CHUNK):
        if deadline is not None and time.perf_counter() > deadline:
            solver.delete()
            raise TimeoutError("the deadline passed while the SAT solver was loaded")
        chunk = clauses[start:start + LOAD_CHUNK] if len(clauses) > LOAD_CHUNK else clauses
        if direct is None:
            solver.append_formula(chunk)
        elif False in list(map(direct[0], itertools.repeat(direct[1], len(chunk)), chunk)):
            solver.solver.status = False  # unsatisfiable already: what add_clause records
    return solver


def direct_adder(solver: Solver):
    """python-sat's C function that adds one clause to ``solver``, and its handle, or ``None``.

    For the solvers of :data:`_DIRECT_ADD`: ``add(handle, clause)`` does
    what ``solver.add_clause(clause)`` does without its two Python method
    calls (it returns ``False`` once the clauses are unsatisfiable, which the
    caller records as ``solver.solver.status = False``). It takes Python
    ints only (``TypeError`` otherwise, with nothing added).

    Parameters
    ----------
    solver : pysat.solvers.Solver
        A live solver.

    Returns
    -------
    tuple of (callable, object) or None
        The function and the solver's handle, or ``None`` for other solvers.

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> from tremaux.numberlink.solvers.backend import direct_adder
    >>> s = Solver(name="glucose4")
    >>> add, handle = direct_adder(s)
    >>> add(handle, [1, -2]), s.solve(assumptions=[2]), s.get_model()
    (True, True, [1, 2])
    >>> s.delete()
    """
    inner = solver.solver
    handle_name, add_name = _DIRECT_ADD.get(type(inner).__name__, (None, None))
    add = getattr(pysolvers, add_name, None) if add_name and pysolvers is not None else None
    handle = getattr(inner, handle_name, None) if handle_name else None
    return None if add is None or handle is None else (add, handle)


def solve_until(solver: Solver, deadline: float | None, *, assumptions: list[int] | None = None,
                conflicts: int | None = None, propagations: int | None = None, exact: bool = False) -> bool:
    """Solve with ``solver`` until ``deadline``: whether its clauses (and ``assumptions``) have a model.

    The solver is interrupted when the deadline passes, by the process's
    alarm thread (:mod:`tremaux._alarm`)
    (backends that cannot be interrupted run to the end). In a bounded
    question (:mod:`.bound`), a call still running when the question is due
    to move on into a child process is interrupted then too, and goes on in
    the child with what the solver has learnt.

    Parameters
    ----------
    solver : pysat.solvers.Solver
    deadline : float or None
        A ``time.perf_counter()`` value, or ``None`` for no limit.
    assumptions : list of int, optional
        Literals assumed for this call only.
    conflicts : int, optional
        Conflicts the solver may use in this call (incremental backends only).
    propagations : int, optional
        Propagations the solver may use in this call (incremental backends only).
    exact : bool, default False
        Stop only when a budget is used up or at ``deadline``, never to move on into a child process
        (it moves at the next checkpoint): a call bounded in work then ends in the same state whatever
        the machine's speed, as the generator's questions need to make the same puzzle from a seed.

    Returns
    -------
    bool
        True when there is a model (``solver.get_model()``), False when there is none.

    Raises
    ------
    TimeoutError
        When the deadline passed first, or the call used up its ``conflicts`` or ``propagations``.

    Examples
    --------
    >>> import time
    >>> from tremaux.numberlink.solvers.backend import loaded_solver, solve_until
    >>> s = loaded_solver("glucose4", [[1], [-1, 2]])
    >>> solve_until(s, time.perf_counter() + 10), s.get_model()
    (True, [1, 2])
    >>> solve_until(s, None, assumptions=[-2])
    False
    >>> s.delete()
    """
    assumptions = [] if assumptions is None else assumptions
    while True:
        checkpoint()  # a bounded question past its share in process goes on in a child from here (.bound)
        move = None if exact else move_time()  # when it would: a call still running then is stopped, goes on there
        if deadline is None and conflicts is None and propagations is None and move is None:
            return bool(solver.solve(assumptions=assumptions))
        stop = deadline if move is None or (deadline is not None and deadline <= move) else move
        if conflicts is not None:
            solver.conf_budget(max(0, int(conflicts)))
        if propagations is not None:
            try:
                solver.prop_budget(max(0, int(propagations)))
            except NotImplementedError:  # CaDiCaL: bounded by conflicts and the clock only
                propagations = None
        alarm = _alarm.ALARM  # one thread for the process: a thread per call cost about a millisecond
        token = None if stop is None else alarm.set(stop, solver.interrupt)
        fired = False
        try:
            ok = solver.solve_limited(assumptions=assumptions, expect_interrupt=token is not None)
        finally:
            if token is not None:
                fired = alarm.clear(token)
                solver.clear_interrupt()
            if conflicts is not None:
                solver.conf_budget(-1)  # no budget for later calls
            if propagations is not None:
                solver.prop_budget(-1)
        if ok is None and fired and stop != deadline and (deadline is None or time.perf_counter() < deadline):
            continue  # stopped to move on into a child (learnt clauses kept)
        if ok is None:
            raise TimeoutError("the deadline passed while the SAT solver searched")
        return bool(ok)


def in_time(deadline: float | None, started: float | None = None, done: float = 1.0,
            shape: tuple[int, int] | None = None) -> None:
    """Raise :class:`TimeoutError` when ``deadline`` (a ``time.perf_counter()`` value) has passed, or will have.

    With ``started`` (a :func:`build_clock` value), the work begun then is ``done`` of the way through (a
    share, :data:`BUILD_SHARES`): it would end ``(now - started) * (1 / done
    - 1)`` seconds from now at the pace so far, and when that is past the
    deadline it stops now. A whole-board encoding of a 300x300 board takes
    seconds, in passes the clock cannot stop (one numpy pass and its lists
    can take half a second), so the first pass, timed, says whether the
    rest fits: a build that cannot end in time is not carried on past it.
    A build is judged so from :data:`JUDGED_FROM` of it on (several passes:
    the first alone, a few hundredths of a second, said 8 s a build where
    builds took 1-3 s when the process was descheduled in it under load).
    With ``shape`` (the board's), the pace so far is recorded for boards
    of that shape (seconds per cell of a whole build); and before a build
    (no ``started``) the recorded pace, or :data:`BUILD_PACE` for a shape
    not met yet, says whether it can end in time, so even the first pass
    of a board too large for the time left is not begun. Inside
    :func:`deadline_only` only the deadline and :data:`BUILD_PACE` stop a
    build; each build refused on its pace is counted (:func:`builds_refused`).

    Parameters
    ----------
    deadline : float or None
        A ``time.perf_counter()`` value, or ``None`` for no deadline.
    started : float, optional
        When the work began, by :func:`build_clock` (kernels loaded meanwhile are not its time).
    done : float, default 1.0
        The share of the work done by now.
    shape : tuple of int, optional
        The board's shape: the pace is recorded (with ``started``) or used (without).

    Raises
    ------
    TimeoutError
        When the deadline has passed, or the work would end past it.

    Examples
    --------
    >>> import time
    >>> from tremaux.numberlink.solvers.backend import build_clock, in_time
    >>> in_time(None); in_time(time.perf_counter() + 60)
    >>> in_time(0.0)
    Traceback (most recent call last):
    ...
    TimeoutError: the deadline passed while the SAT encoding was built
    >>> now = time.perf_counter()
    >>> in_time(now + 5, started=build_clock() - 1, done=0.4)  # 1.5 s more at this pace: fits
    >>> in_time(now + 5, started=build_clock() - 4, done=0.4)  # 6 s more
    Traceback (most recent call last):
    ...
    TimeoutError: the SAT encoding would not be built by the deadline
    >>> in_time(time.perf_counter() + 0.5, shape=(3000, 3000))  # 9 million cells, at least 20 us each
    Traceback (most recent call last):
    ...
    TimeoutError: the SAT encoding would not be built by the deadline
    """
    checkpoint()
    now = time.perf_counter()
    cells = 0 if shape is None else int(shape[0]) * int(shape[1])
    took = 0.0 if started is None else max(0.0, build_clock() - started)
    judged = started is not None and JUDGED_FROM <= done <= 1
    if judged and cells:
        _PACE.clear()  # one shape kept: the board being solved
        _PACE[tuple(shape)] = max(BUILD_PACE, took / done / cells)
    if deadline is None:
        return
    if now > deadline:
        raise TimeoutError("the deadline passed while the SAT encoding was built")
    judge = _JUDGE.get()
    pace = _PACE.get(tuple(shape), BUILD_PACE) if judge and cells else BUILD_PACE
    if (started is None and now + pace * cells > deadline) or (
            judge and judged and done < 1 and now + took * (1 / done - 1) > deadline):
        _REFUSED[0] += 1
        raise TimeoutError("the SAT encoding would not be built by the deadline")


def builds_refused() -> int:
    """How many builds :func:`in_time` has refused so far in this process, on their pace (the deadline not passed).

    Returns
    -------
    int
        A count that only grows.

    Examples
    --------
    >>> import time
    >>> from tremaux.numberlink.solvers.backend import builds_refused, in_time
    >>> before = builds_refused()
    >>> try:
    ...     in_time(time.perf_counter() + 0.01, shape=(3000, 3000))
    ... except TimeoutError:
    ...     pass
    >>> builds_refused() - before
    1
    """
    return _REFUSED[0]


def deadline_only() -> Callable[[], None]:
    """Builds judged by their deadline alone from now on (not by the pace met); returns the call undoing it.

    A solve whose last round ended early with a build refused on its pace
    has nothing else to do with the time left: its next round builds
    anyway, stopped only when the deadline passes (:func:`.pipeline.fast`),
    or before its first pass when even the lower bound :data:`BUILD_PACE`
    says it cannot end in time.

    Returns
    -------
    callable
        Called with no argument, it restores the judging in force before.

    Examples
    --------
    >>> import time
    >>> from tremaux.numberlink.solvers.backend import build_clock, deadline_only, in_time
    >>> in_time(None, build_clock() - 9, 1.0, (30, 30))  # a build of this board took 9 s (10 ms a cell)
    >>> undo = deadline_only()
    >>> in_time(time.perf_counter() + 1, shape=(30, 30))  # not refused: 18 ms at the lower bound
    >>> undo()
    >>> in_time(time.perf_counter() + 1, shape=(30, 30))
    Traceback (most recent call last):
    ...
    TimeoutError: the SAT encoding would not be built by the deadline
    """
    token = _JUDGE.set(False)
    return lambda: _JUDGE.reset(token)


def build_clock() -> float:
    """A clock in seconds that stops while kernels are loaded or compiled on their first use (``tremaux._jit.load_seconds``).

    What a build timed by it took is its own work: a kernel loaded in the
    middle of a pass (a second or more) does not make the board look slow.

    Returns
    -------
    float
        ``time.perf_counter()`` less the seconds spent loading kernels so far.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.backend import build_clock
    >>> a = build_clock(); build_clock() >= a
    True
    """
    from ..._jit import load_seconds

    return time.perf_counter() - load_seconds()


BUILD_PACE = 20e-6
"""Seconds per cell a whole-board encoding takes to build at least, before one of that board's was timed.

A lower bound: the densest-lines and few-cells-empty encodings of 100x100
to 300x300 open boards took 30 to 80 us a cell (2 shared cores, 27
November), smaller boards more. Used to leave a board too large for the
time left without even its first pass (half a second on 300x300).
"""
_PACE: dict[tuple[int, int], float] = {}
"""The pace of the last board's builds (:func:`in_time`), by shape."""
_JUDGE: ContextVar[bool] = ContextVar("_JUDGE", default=True)
"""Whether :func:`in_time` refuses builds on their pace (:func:`deadline_only` sets it false)."""
_REFUSED = [0]
"""The builds refused on their pace so far (:func:`builds_refused`)."""


BUILD_SHARES = {"degree": 0.05, "colour": 0.14, "lines": 0.35, "load": 0.4}
"""The share of a whole-board encoding's build done after each of its passes (:class:`.encoding.Encoding`).

Typical values, not bounds: the build of the densest-lines and the
few-cells-empty encodings of 100x100 to 300x300 open boards (2 shared
cores, 27 November) spent 1-7% of it on the degree clauses, 4-21% up to the
colour clauses, and 55% loading the solver. A build judged too slow by a
share too small gives up when it might have ended just in time, with no
time left to solve.
"""
JUDGED_FROM = BUILD_SHARES["lines"]
"""The share of a build done before :func:`in_time` judges it by its pace (and records that pace for the board).

Several passes, a quarter to a third of the build's time: under load (a
process given a tenth of a core) a pass of a few hundredths of a second
can take ten times that when the process waits its turn in it, and the
first pass alone said 8.3 s a build where builds took 1 to 3 s
(``docs/benchmarks.md``); over several passes such a wait weighs far less.
"""


@dataclass(frozen=True)
class Model:
    """One assignment read back from the solver: the links of every cell.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.sat import encoding_for
    >>> enc = encoding_for(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("fill"), want=1, deadline=None), one=True)
    >>> enc.next_model().links.tolist()
    [2, 10, 8, 2, 10, 8]
    >>> enc.close()
    """

    links: np.ndarray
    """``uint8`` per cell, bit ``1 << d`` when a line leaves towards direction d (N0 E1 S2 W3)."""
    edges: np.ndarray
    """Indices of the edge variables set (lines only, loops dropped)."""
    with_loops: np.ndarray | None = None
    """The links with the closed loops that were dropped (``None``: there were none)."""
