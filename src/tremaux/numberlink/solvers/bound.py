"""A hard bound on a question's time: after a share in process, the question goes on in a child process.

A question stops at its deadline only when every loop and every call
inside it looks at the clock. Most do, but a SAT solver looks at its
interruption when it likes (Glucose between two restarts, Kissat and
CaDiCaL never), and a loop of many calls may look too rarely: round 6
measured questions that ran 25 to 30 s past their limit. So a question
with a time limit first runs in process for :func:`in_process_budget`
seconds (a tenth of its limit, at least :data:`IN_PROCESS_FLOOR`): the
easy ones, nearly all, are answered there and never start a child
process. One not answered by then starts again in a child process
(:func:`in_child`, through :func:`tremaux._portfolio.first_answer`), with
the whole deadline; the child stops itself at the deadline, and is killed
:func:`grace` seconds after it whatever it is doing. Whatever the child
found is lost when it is killed, so the answer is then the one found in
process (a count keeps the solutions found there).

No bound where child processes cannot be started (no ``fork``, or a
daemon process): the question then runs in process to its end, as before.

Examples
--------
>>> in_process_budget(60.0), in_process_budget(1.0), in_process_budget(float("inf"))
(6.0, 0.25, None)
>>> grace(1.0), grace(60.0)
(0.25, 3.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..._portfolio import Job, available, first_answer

__all__ = ["IN_PROCESS_SHARE", "IN_PROCESS_FLOOR", "in_process_budget", "grace", "in_child"]

IN_PROCESS_SHARE = 0.1
"""Share of a question's time limit that it runs in process before it goes on in a child process (a split)."""

IN_PROCESS_FLOOR = 0.25
"""Seconds a question always runs in process, whatever its limit: the corpus questions answered in process
take milliseconds (medians 1-7 ms, ``benchmarks/bench_nl_limits.py``), so this only keeps a child's start
(tens of milliseconds) away from questions a little slower than that."""


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
        child processes cannot be started.

    Examples
    --------
    >>> in_process_budget(5.0)
    0.5
    >>> in_process_budget(0.2) is None
    True
    """
    if math.isinf(limit) or not available():
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
    >>> grace(10.0)
    0.5
    """
    return 0.5 * max(0.5, 0.1 * limit)


def in_child(fn: Callable[..., Any], args: tuple[Any, ...], deadline: float, name: str) -> tuple[Any, str]:
    """``fn(*args)`` in a child process, killed at ``deadline``: its value, or ``None`` and why there is none.

    The child may start child processes of its own (the portfolio stage
    does); they die with it.

    Parameters
    ----------
    fn : callable
        Run in the child; its value is sent back (it must pickle).
    args : tuple
        Its arguments (not pickled: the child is forked).
    deadline : float
        A ``time.perf_counter()`` value: the child is killed then.
    name : str
        What the work is, for the error line.

    Returns
    -------
    (object, str)
        The value and ``""``; or ``None`` and ``"time limit"`` when the child
        was killed, or the child's error in one line.

    Examples
    --------
    >>> import operator
    >>> in_child(operator.mul, (6, 7), time.perf_counter() + 30, "product")
    (42, '')
    >>> in_child(time.sleep, (30,), time.perf_counter() + 0.2, "nap")
    (None, 'time limit')
    """
    out = first_answer([Job(fn, args, name=name, children=True)], deadline=deadline, accept=lambda _v: True, slots=1)
    if out.answered:
        return out.value, ""
    return None, out.stopped or "; ".join(out.errors) or "the child process gave no answer"
