"""Counting: one exact search meets every solution once, so the number it met is the count.

A count (``want`` 3 or more) after the first solution is not a race of
methods whose solutions must be compared with each other: the compiled
search (:mod:`.search`; under ``nikoli`` without touching, the colour search
of :mod:`.colours`) enumerates every solution exactly once, so it counts
alone, keeping only the first :attr:`.Task.keeps` solutions as lines and
counting the others. No set of the solutions met, no blocking clause per
solution, no SAT turn: the memory does not grow with the count. A count
that has to stop (its deadline, the limit ``want``) says how many it met.

Examples
--------
>>> from tremaux.numberlink.solvers.base import Task
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> from tremaux.numberlink.solvers.pipeline import fast
>>> p = Puzzle.from_rows(["1....", ".....", ".....", ".....", "....1"])
>>> a = fast(Task(p, resolve("nikoli"), 10 ** 6, None, keep=1))
>>> a.count, len(a.solutions), a.exhausted
(92, 1, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

from ..result import Linking
from . import bound
from .another import _new_run, _race
from .base import Answer, Task

__all__ = ["count_stage"]


def count_stage(task: Task, one: Answer, found: list[Linking], seen: set, how: list[str],
                first_seconds: float, first_round: float = math.inf) -> Answer | None:
    """A count after the first solution ``one``: by the search that found it, else by a new one, alone.

    A small puzzle whose kernels would run interpreted (:func:`~.search.compiled_now`: from the command
    line) is counted by SAT first, within the first round of a solve (``first_round``), as
    its first questions were: a count of a few solutions needs no compiled kernel. Only if SAT has not
    counted them all by then does the compiled search count them, from the start and alone.

    Parameters
    ----------
    task : Task
        ``want``: the count's limit; ``keep``: how many solutions to keep.
    one : Answer
        The first solution's answer (its ``resume``: the search or the SAT encoding that found it, if any).
    found : list of Linking
        The distinct solutions known so far (the first, those of lines moved into empty cells).
    seen : set
        Their keys (as :func:`.another.another_stage` keeps them).
    how : list of str
        How each was found.
    first_seconds : float
        What the first solution took.
    first_round : float, optional
        Seconds of a solve's first round (:data:`.pipeline.FIRST_HORIZON`, which
        the pipeline hands in), the first solution's included; without rounds SAT
        may count until the deadline.

    Returns
    -------
    Answer or None
        ``None`` without the compiled search module (SAT then counts alone, :func:`.another.another_stage`).

    Examples
    --------
    >>> from dataclasses import replace
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.counting import count_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.pipeline import fast
    >>> t = Task(Puzzle.from_rows(["1..", "...", "..1"]), resolve("fill", touch=True), 99, None, keep=1)
    >>> one = fast(replace(t, want=1, then=99))
    >>> a = count_stage(t, one, list(one.solutions), set(), ["search"], 0.0)
    >>> a.count, len(a.solutions), a.exhausted
    (2, 1, True)
    """
    try:
        from .search import compiled_now
    except ImportError:
        return None
    if hasattr(one.resume, "advance"):
        return _count(task, one.resume, found, how[0])
    if not compiled_now(task.puzzle):
        t = time.perf_counter() + max(0.0, first_round - first_seconds)
        enc = one.resume if hasattr(one.resume, "block") else None
        sat = _race(replace(task, deadline=t if task.deadline is None else min(t, task.deadline)), None, enc,
                    found, seen, how, first_seconds)
        if sat.exhausted or sat.found >= task.want or (task.deadline is not None and task.left() == 0):
            return sat
    elif hasattr(one.resume, "close"):
        one.resume.close()  # the SAT encoding that found the first: a count does not enumerate with SAT
    run = _new_run(task, found[0], counting=True)
    return None if run is None else _count(task, run, found, how[0])


def _count(task: Task, run, found: list[Linking], how: str) -> Answer:
    """A count by the exact search ``run`` alone: it meets every solution once (the first among them), so the
    number it met is the count when it ends, with no solution compared to another and no SAT turn.

    ``found``: the solutions known before it (the first, those of moved lines), all among the run's; when time
    runs out first, the larger of the two numbers stands (a lower bound).
    """
    def answer(out, stopped: str = "") -> Answer:
        sols, n = (out.solutions, out.count) if out.count >= len(found) else (tuple(found), len(found))
        n = min(n, task.want)
        verdict = ("no other (search)" if n < 2 else "counted by search") if out.complete else "another by search"
        return Answer(tuple(sols[: task.keeps]), bool(out.complete), f"{how}; {verdict}", stopped=stopped,
                      steps=int(out.nodes), count=n)

    bound.progress(lambda: answer(_outcome(run), "time limit"))  # what stands if the child is killed: counts
    out = run.advance(task.deadline)
    done = out.complete or out.count >= task.want
    return answer(out, "" if done else "time limit")


def _outcome(run):
    """What ``run`` has found so far, without searching further."""
    return run.advance(float("-inf"))
