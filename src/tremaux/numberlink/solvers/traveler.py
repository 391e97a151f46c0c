"""The paper's modified Tremaux traveler, reproduced as described.

Numbers are taken from the first row to the last, left to right; the line
goes straight until an obstacle, then tries North, East, South, West, taking
an unmarked way; with none, it steps back one cell at a time; when a pair
cannot be connected it steps back into the previous pair's line. It has a
step budget and the task's deadline, and finds one solution, as the paper's
program did. Lines may run beside themselves (the paper knows no convention).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ...errors import InvalidSizeError
from ...kernels import numberlink as kn
from ..model import Puzzle
from ..result import Linking
from .base import NL_SOLVERS, Answer, Task

__all__ = ["DEFAULT_MAX_STEPS", "traveler"]

DEFAULT_MAX_STEPS = 1_000_000_000
"""Default step budget of the traveler."""

_CHUNK = 1 << 20
"""Steps run in the kernel between two looks at the clock."""


@NL_SOLVERS.register("tremaux", aliases=("paper", "traveler"), counts=False, touch_only=True, steps=True, record=True,
                     doc="The paper's modified Tremaux traveler: straight, then N/E/S/W, step back one cell.")
def traveler(task: Task) -> Answer:
    """Run the traveler on ``task`` (one solution, touching allowed).

    Parameters
    ----------
    task : Task

    Returns
    -------
    Answer

    Raises
    ------
    InvalidSizeError
        A step budget below 1.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.traveler import traveler
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> a = traveler(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("fill", touch=True), 1, None))
    >>> a.solutions[0].grid.tolist(), a.steps
    ([[1, 1, 1], [2, 2, 2]], 4)
    """
    puzzle = task.puzzle
    h, w = puzzle.shape
    max_steps = DEFAULT_MAX_STEPS if task.max_steps is None else int(task.max_steps)
    if max_steps < 1:
        raise InvalidSizeError(f"max_steps must be at least 1, not {max_steps}")
    if puzzle.pairs == 0:
        if task.rule.cover:
            return Answer((), True, "no numbers", why="no numbers: no line can cover a cell")
        return Answer((Linking(puzzle.shape, ()),), True, "no numbers")
    flat = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int64)
    order = _paper_order(puzzle)
    stack = np.zeros(h * w + puzzle.pairs + 1, dtype=np.int64)
    pstart = np.zeros(puzzle.pairs, dtype=np.int64)
    stack[0] = order[0, 0] * 64 + 4 * 8
    st = np.array([0, 1, 0, 0, 0], dtype=np.int64)
    trace = np.zeros((1_000_000 if task.record else 0, 3), dtype=np.int64)
    status = 0
    while True:
        left = max_steps - int(st[2])
        if left <= 0:
            break
        status = kn.tremaux_run(flat, h, w, order, task.rule.cover, stack, pstart, st, min(_CHUNK, left), trace)
        if status:
            break
        if task.deadline is not None and time.perf_counter() > task.deadline:
            break
    steps = int(st[2])
    extras: dict[str, Any] = {"order": tuple(int(k) for k in order[:, 2])}
    if task.record:
        from ...trace import Trace

        extras["trace"] = Trace.from_rows(trace[: int(st[4])], (h, w))
    in_steps = f"in {steps} step{'' if steps == 1 else 's'}"
    if status == 1:
        lk = _lines_from_stack(puzzle, order, stack, pstart, int(st[1]))
        return Answer((lk,), False, f"the traveler, {in_steps}", steps=steps, extras=extras)
    if status == 2:
        return Answer((), True, "the traveler", why=f"no solution: every way was tried {in_steps}", steps=steps,
                      extras=extras)
    why = "step budget" if steps >= max_steps else "time limit"
    return Answer((), False, "the traveler", stopped=why, steps=steps, extras=extras)


def _paper_order(puzzle: Puzzle) -> np.ndarray:
    """``(n, 3)`` rows ``(start, goal, pair)``: numbers met first to last row, left to right."""
    seen: list[int] = []
    for v in puzzle.grid.ravel().tolist():
        if v and v not in seen:
            seen.append(v)
    ends = puzzle.ends
    return np.array([(ends[k - 1, 0], ends[k - 1, 1], k) for k in seen], dtype=np.int64)


def _lines_from_stack(puzzle: Puzzle, order: np.ndarray, stack: np.ndarray, pstart: np.ndarray,
                      depth: int) -> Linking:
    n = puzzle.pairs
    w = puzzle.width
    paths: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for j in range(n):
        lo = int(pstart[j])
        hi = int(pstart[j + 1]) if j + 1 < n else depth
        cells = [int(x) // 64 for x in stack[lo:hi]] + [int(order[j, 1])]
        paths[int(order[j, 2]) - 1] = [(c // w, c % w) for c in cells]
    return Linking.from_paths(puzzle, paths)
