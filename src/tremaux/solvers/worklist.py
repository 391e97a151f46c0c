"""The worklist solver, with a queue (``bfs``) or a stack (``dfs``), and its step-by-step transcript.

The worklist holds squares we know how to reach from the entrance. It starts
with the entrance, marked. At each step the next square is taken from it (the
front of a queue, the top of a stack); if it is the goal we are done,
otherwise each unmarked open neighbour, in the order North, East, South,
West (then Up, Down), is marked and added with a *previous edge* back to the
square that added it. Following the previous edges back from the goal and
reversing gives the path. An empty worklist means there is no solution.

With a queue this is breadth-first search and the path is a shortest one.
With a stack it is a depth-first search, and the path can be much longer.
"""

from __future__ import annotations

import numpy as np

from .. import budget
from ..errors import UnsupportedError
from .._lazy import lazy_module
from ..trace import Event
from .base import SOLVERS, Problem, counted, finish, found_message, run_recorded
from .result import Solution

_LINE_BYTES = 2 * (50 + 120)
"""Bytes of the shortest line of a transcript step, twice (the lines, then the text they are joined into)."""
_CHECK_EVERY = 1 << 20
"""Bytes of transcript written before the budget is checked again (then at every doubling)."""

# the compiled kernels, loaded on first call (start-up without numba)
ks = lazy_module("tremaux.kernels.solve")

__all__ = ["bfs", "dfs", "explain"]


def _worklist(problem: Problem, use_stack: bool) -> Solution:
    L, H, W = problem.shape3
    n = problem.n
    prev = np.empty(n, np.uint8)
    work = np.empty(n, np.int32)
    args = (problem.cells, L, H, W, problem.s, problem.g, use_stack, prev, work)
    (found, steps, _), rows = run_recorded(ks.worklist, args, problem.record, 3 * n + 2, 2)
    path = ks.path_from_prev(prev, problem.s, problem.g, H, W) if found else None
    if found:
        message = found_message(len(path), steps, "squares taken from the worklist")
    else:
        message = (
            f"no path: the worklist ran empty after {counted(steps, 'squares')}; the goal {problem.goal} "
            f"cannot be reached from the start {problem.start}"
        )
    return finish(problem, found=found, path=path, visited=ks.reached(prev), steps=steps,
                  message=message, rows=rows)


@SOLVERS.register("bfs", aliases=("breadth-first", "queue"), doc="The worklist with a queue (breadth-first search): a shortest path.",
                  shortest=True, view="global", explain=True)
def bfs(problem: Problem) -> Solution:
    """Breadth-first search: the worklist solver with a queue.

    Squares are taken in the order they were added, so squares are reached
    in order of distance from the start and the path found is a shortest one.

    Parameters
    ----------
    problem : Problem
        The validated task: maze, start, goal and whether to record a trace.

    Returns
    -------
    Solution
        The run's verdict, path, visited cells and (when recording) trace.

    Examples
    --------
    >>> import tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "bfs")
    >>> s.found, s.length
    (True, 5)
    """
    return _worklist(problem, use_stack=False)


@SOLVERS.register("dfs", aliases=("depth-first", "stack"), doc="The worklist with a stack (depth-first search); not always shortest.",
                  shortest=False, view="global", explain=True)
def dfs(problem: Problem) -> Solution:
    """Depth-first search: the worklist solver with a stack.

    The most recently added square is taken first. It finds a path whenever
    one exists but **does not guarantee the shortest path**: on a maze with
    loops it can wander far before reaching the goal.

    Parameters
    ----------
    problem : Problem
        The validated task: maze, start, goal and whether to record a trace.

    Returns
    -------
    Solution
        The run's verdict, path, visited cells and (when recording) trace.

    Examples
    --------
    >>> import tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "dfs")
    >>> s.found, s.path_cells()
    (True, [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)])
    """
    return _worklist(problem, use_stack=True)


def _check_transcript_size(ev: np.ndarray, maze, what: str) -> None:
    """Refuse, before a line is written, a transcript over the text cap (:func:`tremaux.budget.text_limit`).

    Each line lists the whole worklist twice, so a wide search of a big maze writes a quadratic text
    (gigabytes, for minutes): its size is counted from the trace's worklist lengths first.
    """
    from ..errors import InputTooLargeError

    cap = budget.text_limit()
    if cap is None:
        return
    kinds = ev["kind"]
    visits = kinds == Event.VISIT
    # the worklist's length after each event: +1 for each cell marked (added), -1 for each visited (taken)
    length = np.cumsum(np.where(kinds == Event.MARK, 1, 0) - visits) + 1
    listed = 2 * int(length[visits].sum()) + int((kinds == Event.MARK).sum())  # before and after each step
    cell = len(str(maze.cell(maze.flat.shape[0] - 1))) + 2  # the widest cell and its ", "
    size = listed * cell + int(visits.sum()) * 120
    if size > cap:
        raise InputTooLargeError(
            f"{what} would be about {budget.format_bytes(size)} of text (each step lists the whole worklist), over "
            f"the {budget.format_bytes(cap)} cap for text (set {budget.TEXT_ENV_VAR}): explain a smaller maze")


def _cells(items: list[int], fmt) -> str:
    return ", ".join(fmt(i) for i in items) if items else "empty"


def explain(solution: Solution) -> str:
    """The step-by-step transcript of a worklist run, in the words of the lecture.

    Each step reads ``Current node: ... Worklist: ... Unmarked neighbors of
    the current node: ... Worklist after unmarked neighbors are added: ...``;
    then the goal is announced, the previous edges are followed back and the
    path reversed (or "no solution" is said).

    Parameters
    ----------
    solution : Solution
        A run of ``bfs`` or ``dfs`` made with ``record=True``.

    Returns
    -------
    str
        The transcript, one line per step.

    Raises
    ------
    UnsupportedError
        For another solver, or a run without a trace.
    InputTooLargeError
        When the transcript would be over the cap for text (:func:`tremaux.budget.text_limit`).
    MemoryLimitError
        When the transcript would not fit the memory budget (:mod:`tremaux.budget`): checked
        from the number of steps before it is written, and as it grows (each line lists the
        whole worklist, so a wide search writes long lines).

    Examples
    --------
    >>> from tremaux.solvers import explain
    >>> import tremaux
    >>> m = tremaux.Maze.open((1, 3))
    >>> print(explain(tremaux.solve(m, "bfs", record=True)))
    Current node: (0, 0) Worklist: empty Unmarked neighbors of the current node: (0, 1) Worklist after unmarked neighbors are added: (0, 1)
    Current node: (0, 1) Worklist: empty Unmarked neighbors of the current node: (0, 2) Worklist after unmarked neighbors are added: (0, 2)
    Current node: (0, 2)
    This is the goal so we have found a solution
    We find the actual path by tracing back from the goal to the entrance:
    - (0, 2) was added by (0, 1)
    - (0, 1) was added by (0, 0) which is the entrance
    Following the path edges we get the path from the exit to the entrance:
    (0, 2) -> (0, 1) -> (0, 0)
    Reversing this gives a path from the entrance to the exit, which is the solution to the maze that we seek:
    (0, 0) -> (0, 1) -> (0, 2)
    """
    if not isinstance(solution, Solution):  # a hex maze's run, a string...: said, not an AttributeError
        raise UnsupportedError("explain() needs the Solution of tremaux.solve(maze, 'bfs' or 'dfs', record=True) on a "
                               f"square maze, not {type(solution).__name__}")
    entry = SOLVERS.get(solution.algorithm)
    if not entry.meta.get("explain"):
        names = ", ".join(e.name for e in SOLVERS if e.meta.get("explain"))
        raise UnsupportedError(f"solver {solution.algorithm!r} has no step-by-step transcript; use one of: {names}")
    if solution.trace is None:
        raise UnsupportedError("the transcript needs the run's trace: solve with record=True")
    use_stack = entry.name == "dfs"
    maze = solution.maze
    ev = solution.trace.events
    steps = int((ev["kind"] == Event.VISIT).sum())
    what = f"the step-by-step transcript of {steps:,} steps"
    budget.check(steps * _LINE_BYTES, what)  # each step's line names at least its cell and the worklist
    _check_transcript_size(ev, maze, what)
    written, next_check = 0, _CHECK_EVERY
    fmt = lambda i: str(maze.cell(int(i)))  # noqa: E731
    lines: list[str] = []
    work: list[int] = [maze.index(solution.start)]
    added_by: dict[int, int] = {}
    k = 0
    while k < len(ev):
        kind = int(ev["kind"][k])
        if kind != Event.VISIT:
            k += 1
            continue
        p = int(ev["cell"][k])
        if use_stack:
            work.pop()
        else:
            work.pop(0)
        k += 1
        if k < len(ev) and int(ev["kind"][k]) == Event.FOUND:
            lines.append(f"Current node: {fmt(p)}")
            break
        before = _cells(work, fmt)
        new: list[int] = []
        while k < len(ev) and int(ev["kind"][k]) == Event.MARK:
            q = int(ev["cell"][k])
            added_by[q] = p
            new.append(q)
            k += 1
        work.extend(new)
        neighbours = ", ".join(fmt(q) for q in new) if new else "none"
        lines.append(
            f"Current node: {fmt(p)} Worklist: {before} Unmarked neighbors of the current node: {neighbours} "
            f"Worklist after unmarked neighbors are added: {_cells(work, fmt)}"
        )
        written += len(lines[-1]) + 50  # the text and a str object's own bytes
        if written >= next_check:  # the lines so far, and their joined copy, must fit
            budget.check(2 * written + steps * _LINE_BYTES, what)
            next_check = 2 * written
    if not solution.found:
        lines.append("The worklist is empty, so there is no solution")
        return "\n".join(lines)
    lines.append("This is the goal so we have found a solution")
    path = solution.path_cells()
    if len(path) == 1:
        lines.append(f"The goal is the entrance: {path[0]}")
        return "\n".join(lines)
    lines.append("We find the actual path by tracing back from the goal to the entrance:")
    back = path[::-1]
    for a in back[:-1]:
        b = maze.cell(added_by[maze.index(a)])
        tail = " which is the entrance" if b == path[0] else ""
        lines.append(f"- {a} was added by {b}{tail}")
    lines.append("Following the path edges we get the path from the exit to the entrance:")
    lines.append(" -> ".join(map(str, back)))
    lines.append("Reversing this gives a path from the entrance to the exit, which is the solution to the maze that we seek:")
    lines.append(" -> ".join(map(str, path)))
    return "\n".join(lines)
