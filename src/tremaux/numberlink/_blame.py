"""Naming the pairs in the way of a puzzle without solution: what :func:`.check.diagnose` says of one."""

from __future__ import annotations

import math
import time

from .model import Puzzle

_UNNAMED = "every way of drawing the lines was ruled out, but no pair in the way was named within the time limit"
"""What a no-solution verdict says when the solver's proof names nothing and :func:`_blocking_pair` ran out of time."""

_ALL_DRAWN = "the lines can all be drawn, but never covering every cell"
"""What :func:`_blocking_pair` says when no pair blocks: the puzzle has solutions if cells may stay empty."""


def _blocking_pair(puzzle: Puzzle, t0: float, time_limit: float | None) -> str | None:
    """Name the first pair (in order) that cannot be connected together with the ones before it.

    Pairs after it count as obstacles. Found by bisection on the number of
    pairs, each step under the rule that lets cells stay empty (under
    ``fill`` a pair can also fail because of the cells left over): the
    router's first rounds, whose lines prove the pairs can be joined, and
    when they find none a SAT call on lines that never run beside themselves.
    Within the time limit of the whole check, which started at ``t0``
    (``None`` when there is no time left for it); a question cut at its share of the time left
    (:data:`STEP_SHARE`) ends the bisection, and pairs that cannot all be joined are named instead
    (:func:`_core`).
    """
    from .solvers import DEFAULT_TIME_LIMIT
    from .solvers.router import router_joins

    n = puzzle.pairs
    limit = DEFAULT_TIME_LIMIT if time_limit is None else float(time_limit)
    deadline = None if math.isinf(limit) else t0 + limit

    def connectable(k: int) -> bool | None:
        if router_joins(puzzle, k, deadline):  # a way found by the router is a proof, and quicker than SAT's
            return True
        return _lines_exist(puzzle, frozenset(range(1, k + 1)), _step(deadline, STEP_SHARE))

    full = connectable(n)
    if full is None:
        return _core(puzzle, None, deadline)  # the whole board's question, cut at its share: not known unsolvable
    if full:
        return _ALL_DRAWN
    lo, hi = 0, n  # pairs 1..lo connectable, 1..hi not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ok = connectable(mid)
        if ok is None:  # a question of many pairs that can perhaps be joined, neither shown nor refuted in its share:
            return _core(puzzle, hi, deadline)  # pairs that cannot all be joined are named instead
        lo, hi = (mid, hi) if ok else (lo, mid)
    lab = puzzle.labels
    if hi == 1:
        return f"number {lab[0]!r} cannot be connected even alone (the other numbers are in the way)"
    before = ", ".join(repr(x) for x in lab[: hi - 1])
    return f"number {lab[hi - 1]!r} cannot be connected once {before} {'is' if hi == 2 else 'are'} connected"


STEP_SHARE = 0.5
"""The share of what is left of a check's time limit one question of :func:`_blocking_pair` may take: a question
of many pairs that can be joined, but not by the router, took the whole limit of a 30x30 board with a number
moved, while pairs that cannot all be joined were refuted in 20 ms each. (A tenth cut questions on boards of
10x10 that a loaded machine answers within a 4 s limit.)"""

CORE_STEP = 1.0
"""Seconds (at least) each question of :func:`_core` may take: it keeps a pair whose question is not answered."""


def _step(deadline: float | None, share: float, floor: float = 0.0) -> float | None:
    """The deadline of one question: ``share`` of what is left until ``deadline`` (at least ``floor`` seconds),
    never past it."""
    if deadline is None:
        return None
    now = time.perf_counter()
    return min(deadline, now + max(floor, (deadline - now) * share))


def _lines_exist(puzzle: Puzzle, active: frozenset, until: float | None) -> bool | None:
    """Whether the pairs ``active`` can all be joined (the other numbers in the way), ``None`` when not known by
    ``until``: SAT on lines that never run beside themselves (induced), which exist exactly when lines do (a line
    that touches itself takes the shortcut) and are a much smaller question; the encoding of a large board takes
    its time too, so it is built within the same deadline."""
    from .solvers.encoding import Encoding

    inactive = frozenset(range(1, puzzle.pairs + 1)) - active
    try:
        with Encoding(puzzle, "nikoli", inactive=inactive, induced=True, deadline=until) as enc:
            return enc.next_model(until) is not None
    except TimeoutError:
        return None


def _core(puzzle: Puzzle, known: int | None, deadline: float | None) -> str | None:
    """Pairs that cannot all be joined, when the bisection of :func:`_blocking_pair` cannot go on: from pairs
    ``1..known`` (proved not joinable; ``None``: every pair, asked first), each pair, the last first, is left out
    when the others are proved not joinable without it (at least :data:`CORE_STEP` a question; one not answered
    keeps the pair). ``None`` when nothing is proved in time, or no pair could be left out."""
    every = frozenset(range(1, (puzzle.pairs if known is None else known) + 1))
    if known is None and _lines_exist(puzzle, every, _step(deadline, 0.5)) is not False:
        return None
    core = set(every)
    for k in sorted(every, reverse=True):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if len(core) > 1 and _lines_exist(puzzle, frozenset(core - {k}),
                                          _step(deadline, 1 / (2 * len(core)), CORE_STEP)) is False:
            core.discard(k)
    if len(core) == puzzle.pairs:  # every pair: no more than "no solution" says
        return None
    lab = puzzle.labels
    if len(core) == 1:
        return f"number {lab[min(core) - 1]!r} cannot be connected even alone (the other numbers are in the way)"
    names = [repr(lab[k - 1]) for k in sorted(core)]
    return (f"numbers {', '.join(names[:-1])} and {names[-1]} cannot all be connected (the other numbers in the "
            f"way)")
