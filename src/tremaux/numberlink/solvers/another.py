"""Uniqueness and counting: a first solution the quickest way, then the question "another one?".

Deciding uniqueness is two questions of different kinds: finding one
solution (what a plain solve does, by whichever stage is quickest) and then
showing a second one or proving there is none. :func:`another_stage` asks
them in that order, so a uniqueness check costs the solve plus the second
question, never a fresh solve by a slower route:

1. **first**: the pipeline for one solution (``first``, a solver function).
   Under ``fill`` without touching, the compiled search instead counts to
   two in one run (with half the time left: its corner theorem prunes
   hard). When the compiled search found the first solution, it goes on
   from there (:class:`.search.SearchRun`) for as long as the first
   solution took (under ``fill`` with touching, a new search does when the
   first came another way): a look that costs the rest of that search, not
   a new one;
2. **local**: one incremental SAT encoding of the rule, every solution found
   forbidden (a blocking clause over its edges), and everything outside a
   window kept as in the first solution (assumptions, so the same solver
   serves every window): windows of side 4, 8, 16, ... sliding by half a
   side, each call with a small conflict budget. A second solution that
   differs from the first in one place, as most do (a detour into empty
   cells, a line that may run beside itself, two lines that swap a
   corner), shows in milliseconds; every window of side 4 is looked at,
   larger ones while the local looks have taken less time than the first
   solution did;
3. **exhaustive**: that search goes on for half the time left, then the
   same SAT encoding without assumptions, the solutions found forbidden and
   the first one's edges as the solver's first guesses, until the deadline.
   "No model" there proves that the solutions found are all.

Every solution returned is a model of the rule's full encoding or one the
search found, so a second solution found locally is a solution, not a guess.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> from tremaux.numberlink.solvers.pipeline import fast
>>> p = Puzzle.from_rows(["1.....", "......", ".....1", "2....2"])
>>> a = another_stage(Task(p, resolve("nikoli", touch=True), 2, None), fast)
>>> len(a.solutions), a.how.split("; ")[1]
(2, 'another by SAT in a 4 x 4 window')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ...kernels import numberlink as kn
from ..result import Linking
from .base import Answer, Task
from .sat import encoding_for

__all__ = ["another_stage", "windows"]

WINDOW_CONFLICTS = 1000
"""Conflicts one window's SAT call may use before the window is passed over (a local change needs few)."""

LOCAL_SHARE = 1.0
"""The local looks stop once they have taken this many times the first solution's time."""

SEARCH_SHARE = 0.5
"""Share of the time left that the compiled search may take in the exhaustive step (under ``fill``)."""


def windows(shape: tuple[int, int]):
    """The windows of the local step: ``(side, r0, c0)`` in order, sides 4, 8, ... below the board's size.

    A side runs while a window of it leaves part of the board outside.

    Parameters
    ----------
    shape : tuple of int
        ``(height, width)`` of the board.

    Returns
    -------
    iterator of tuple of int
        ``(side, first row, first column)`` of each window.

    Examples
    --------
    >>> [w for w in windows((6, 5))]
    [(4, 0, 0), (4, 0, 1), (4, 2, 0), (4, 2, 1)]
    >>> list(windows((4, 4)))
    []
    """
    h, w = shape
    side = 4
    while side < h or side < w:
        step = side // 2
        rows = sorted(set(list(range(0, max(1, h - side + 1), step)) + [max(0, h - side)]))
        cols = sorted(set(list(range(0, max(1, w - side + 1), step)) + [max(0, w - side)]))
        for r0 in rows:
            for c0 in cols:
                yield side, r0, c0
        side *= 2


def another_stage(task: Task, first: Callable[[Task], Answer]) -> Answer | None:
    """Up to ``task.want`` solutions (``want >= 2``): a first one by ``first``, then others as above.

    Parameters
    ----------
    task : Task
        ``want`` 2 decides uniqueness; more counts.
    first : callable
        The solver asked for the first solution (given ``task`` with ``want=1``).

    Returns
    -------
    Answer or None
        ``None`` when ``want`` is 1 (a plain solve: not this stage's
        question); otherwise the solutions found and whether they are all.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.pipeline import fast
    >>> a = another_stage(Task(Puzzle.from_rows(["1..", "...", "..1"]), resolve("fill", touch=True), 3, None), fast)
    >>> len(a.solutions), a.exhausted
    (2, True)
    """
    if task.want < 2:
        return None
    t0 = time.perf_counter()
    found: list[Linking] = []
    seen: set[bytes] = set()
    if task.rule.cover and not task.rule.touch:  # the search's strongest pruning: count in one run
        out = _search(task, found, seen)
        if out is not None:
            return out
    one = Answer((found[0],), False, "search") if found else first(replace(task, want=1, then=task.want))
    if not one.solutions:
        return one  # proven none, or no time
    first_seconds = time.perf_counter() - t0
    if not found:
        found.append(one.solutions[0])
        seen.add(_key(found[0]))
    how = [one.how]
    run = one.resume  # the search that found it, ready to go on with the same pruning
    if run is None and task.rule.cover and task.rule.touch:
        run = _new_run(task)
    if run is not None:  # a look by the search, as long as the first solution took
        out = _go_on(task, run, time.perf_counter() + LOCAL_SHARE * first_seconds, found, seen, how[0])
        if out is not None:
            return out
    with encoding_for(task, one=False) as enc:
        enc.block_lines(found[0])
        try:
            more = _local(task, enc, found[0], first_seconds)
        except TimeoutError:
            return Answer(tuple(found), False, how[0], stopped="time limit", steps=enc.calls)
        for lk, side in more:
            if _key(lk) not in seen:
                seen.add(_key(lk))
                found.append(lk)
                how.append(f"another by SAT in a {side} x {side} window")
        if len(found) >= task.want:
            return Answer(tuple(found[: task.want]), False, "; ".join(how[:2]), steps=enc.calls)
        if run is not None:
            out = _go_on(task, run, task.share(SEARCH_SHARE), found, seen, how[0])
            if out is not None:
                return out
        for lk in found[1:]:
            enc.block_lines(lk)
        enc.set_hint(found[0])
        exhausted = False
        stopped = ""
        try:
            while len(found) < task.want:
                model = enc.next_model(task.deadline)
                if model is None:
                    exhausted = True
                    break
                lk = _linking(task, enc, model)
                found.append(lk)
                enc.block(model)
        except TimeoutError:
            stopped = "time limit"
        verdict = "no other (SAT)" if exhausted else "another by SAT" if len(found) > 1 else ""
        return Answer(tuple(found), exhausted, "; ".join([how[0]] + ([verdict] if verdict else [])),
                      stopped=stopped, steps=enc.calls)


def _key(lk: Linking) -> bytes:
    return np.asarray(lk.links, dtype=np.uint8).tobytes()


def _linking(task: Task, enc, model) -> Linking:
    puzzle = task.puzzle
    _owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
    return Linking.from_flat(puzzle, cells, starts)


def _local(task: Task, enc, lk: Linking, first_seconds: float) -> list[tuple[Linking, int]]:
    """Solutions that differ from ``lk`` inside one window, up to ``task.want - 1`` of them."""
    h, w = task.puzzle.shape
    stop = time.perf_counter() + LOCAL_SHARE * first_seconds
    if task.deadline is not None:
        stop = min(stop, task.share(0.5))
    out: list[tuple[Linking, int]] = []
    inside = np.zeros((h, w), dtype=bool)
    on = enc._on(lk)  # bool per edge variable: the first solution's edges
    for side, r0, c0 in windows((h, w)):
        now = time.perf_counter()
        if task.deadline is not None and now > task.deadline:
            raise TimeoutError
        if side > 4 and now > stop:  # the smallest windows are always looked at
            break
        inside[:] = False
        inside[r0:r0 + side, c0:c0 + side] = True
        assume = _fixed_outside(enc, on, inside)
        while len(out) < task.want - 1:
            try:  # bounded by conflicts, not by a timer: a call is short
                model = enc.next_model(None, assumptions=assume, conflicts=WINDOW_CONFLICTS)
            except TimeoutError:
                break  # this window's budget is spent
            if model is None:
                break
            out.append((_linking(task, enc, model), side))
            enc.block(model)
        if len(out) >= task.want - 1:
            break
    return out


def _fixed_outside(enc, on: np.ndarray, inside: np.ndarray) -> list[int]:
    """Assumptions that keep every edge of ``enc`` with no end in ``inside`` (bool per cell) as in ``on``.

    With the solution of ``on`` forbidden, a model under them is another
    solution that differs from it only around ``inside``.
    """
    inside = np.asarray(inside, dtype=bool).ravel()
    fixed = np.flatnonzero(~(inside[enc.eu] | inside[enc.ev]))
    return np.where(on[fixed], fixed + 1, -(fixed + 1)).tolist()


def _new_run(task: Task):
    """A :class:`~.search.SearchRun` for ``task.want`` solutions, or ``None`` without the search module."""
    try:
        from .search import SearchRun
    except ImportError:
        return None
    return SearchRun(task.puzzle, cover=task.rule.cover, touch=task.rule.touch, max_solutions=task.want)


def _go_on(task: Task, run, deadline: float | None, found: list[Linking], seen: set, how: str) -> Answer | None:
    """Let ``run`` go on until ``deadline``: an answer when it finished or found enough, else ``None``.

    Solutions it meets are added to ``found`` (each once) either way.
    """
    if task.deadline is not None:
        deadline = task.deadline if deadline is None else min(deadline, task.deadline)
    out = run.advance(deadline)
    for lk in out.solutions:
        if _key(lk) not in seen:
            seen.add(_key(lk))
            found.append(lk)
    if not (out.complete or len(found) >= task.want):
        return None
    sols = tuple(out.solutions)[: task.want] if out.complete else tuple(found[: task.want])
    verdict = "no other (search)" if len(sols) < 2 else "another by search"
    return Answer(sols, bool(out.complete), f"{how}; {verdict}", steps=int(out.nodes))


def _search(task: Task, found: list[Linking], seen: set, deadline: float | None = None) -> Answer | None:
    """The compiled search for ``task.want`` solutions: an answer when it finished, else ``None``.

    Solutions it meets are added to ``found`` (each once) either way. It
    stops at ``deadline``, or by default after :data:`SEARCH_SHARE` of the
    time left.
    """
    try:
        from .search import search
    except ImportError:
        return None
    if deadline is None:
        deadline = task.share(SEARCH_SHARE)
    elif task.deadline is not None:
        deadline = min(deadline, task.deadline)
    out = search(task.puzzle, cover=task.rule.cover, touch=task.rule.touch, max_solutions=task.want,
                 deadline=deadline)
    for lk in out.solutions:
        if _key(lk) not in seen:
            seen.add(_key(lk))
            found.append(lk)
    if out.complete:
        sols = tuple(out.solutions)[: task.want]
        verdict = "no other (search)" if len(sols) < 2 else "another by search"
        return Answer(sols, True, verdict, steps=int(out.nodes))
    if len(found) >= task.want:
        return Answer(tuple(found[: task.want]), False, "another by search", steps=int(out.nodes))
    return None
