"""Wall following (left hand, right hand) and the Pledge algorithm: travelers with a heading.

A wall follower keeps one hand on the wall and walks. In a perfect maze every
wall is connected to every other, so the hand sweeps the whole maze and the
traveler reaches the goal wherever it is. In a maze with loops the walls can
form islands: a traveler whose hand is on one wall never touches another, and
if the goal is in the middle of the maze it goes round in circles. The
traveler notices: its state (the cell it is on and the side it leaves by)
repeats, and it stops and says so.

None of these travelers guarantees the shortest path: the path returned is
their walk with the loops erased, which can be longer than a shortest one.
"""

from __future__ import annotations

import numpy as np

from ..errors import UnsupportedError
from .._lazy import lazy_module
from .base import SOLVERS, Problem, counted, finish, found_message, run_recorded
from .result import Solution

# the compiled kernels, loaded on first call (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")
kw = lazy_module("tremaux.kernels.solve_walk")

__all__ = ["wall_left", "wall_right", "pledge"]

_HEADINGS = {"n": 0, "north": 0, "e": 1, "east": 1, "s": 2, "south": 2, "w": 3, "west": 3}


def _first_side(problem: Problem) -> int:
    """The side of the start the hand touches first: an outer wall if there is one."""
    maze = problem.maze
    L, H, W = problem.shape3
    i = problem.s
    v = int(problem.cells[i])
    mask = maze.flat_mask
    for d in range(kg.NDIR):
        j = kg.step(i, d, L, H, W)
        if j < 0 or not mask[j]:
            if d < 4 or L > 1:
                return d
    for d in range(kg.NDIR if L > 1 else 4):
        if not v & (1 << d):
            return d
    return -1  # no wall here: the traveler walks north until it meets one


def _traveler_result(problem: Problem, status: int, steps: int, k: int, path: np.ndarray,
                     visited: np.ndarray, rows: np.ndarray, cell: int, d: int, what: str) -> Solution:
    found = status == kw.FOUND_GOAL
    if found:
        message = found_message(k, steps)
    elif status == kw.STUCK:
        message = f"no path: the start {problem.start} has no open side"
    else:
        heading = f" heading {problem.direction(d)}" if d >= 0 else ""
        maze = problem.maze
        labels, _ = kg.components(problem.cells, maze.flat_mask, maze.mask is not None, *problem.shape3)
        why = ("the goal can be reached, but the walls this traveler follows never lead to it"
               if labels[problem.s] == labels[problem.g] else "the goal cannot be reached from the start")
        message = (
            f"no path: going round in circles: {what} came back to {problem.fmt(cell)}{heading} "
            f"after {counted(steps, 'steps')} without reaching the goal {problem.goal} ({why})"
        )
    return finish(problem, found=found, path=path[:k], visited=visited, steps=steps, message=message,
                  rows=rows)


def _wall(problem: Problem, right: bool) -> Solution:
    L, H, W = problem.shape3
    n = problem.n
    darts = np.empty(n, np.uint8)
    pos = np.empty(n, np.int32)
    path = np.empty(n, np.int32)
    args = (problem.cells, L, H, W, problem.s, problem.g, right, _first_side(problem), darts, pos, path)
    cap = 2 * problem.maze.passages + 4
    (status, steps, k, _, cell, d), rows = run_recorded(kw.wall_follow, args, problem.record, cap, 3)
    what = "the right hand" if right else "the left hand"
    return _traveler_result(problem, status, steps, k, path, (darts & kw.VISITED) != 0, rows, cell, d, what)


@SOLVERS.register("wall-left", aliases=("left-hand", "wall-follower"), doc="Keep the left hand on the wall; stops when going round in circles.",
                  shortest=False, view="local", explain=False)
def wall_left(problem: Problem) -> Solution:
    """Follow the wall with the left hand: turn left if you can, else straight, else right, else back.

    The traveler starts with its hand on an outer wall of the start cell if
    it has one, else on another of its walls, else it walks north until it
    meets a wall. It always succeeds on a perfect maze; on a maze with loops it
    succeeds when start and goal are on the outer wall, and may go round in
    circles otherwise (then ``found`` is ``False`` and the message says so).
    On a multi-level maze the hand sweeps N, U, E, S, D, W. **Not a
    shortest path** in general: the path is the walk with its loops erased.

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
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "wall-left")
    >>> s.found, s.path_cells()
    (True, [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)])
    """
    return _wall(problem, right=False)


@SOLVERS.register("wall-right", aliases=("right-hand",), doc="Keep the right hand on the wall; stops when going round in circles.",
                  shortest=False, view="local", explain=False)
def wall_right(problem: Problem) -> Solution:
    """Follow the wall with the right hand: the mirror image of :func:`wall_left`.

    **Not a shortest path** in general.

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
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "wall-right")
    >>> s.found, s.path_cells()
    (True, [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)])
    """
    return _wall(problem, right=True)


def _heading(problem: Problem, direction: str | None) -> int:
    if direction is None:
        dr = problem.goal[-2] - problem.start[-2]
        dc = problem.goal[-1] - problem.start[-1]
        if abs(dr) >= abs(dc):
            return 2 if dr > 0 else 0
        return 1 if dc > 0 else 3
    try:
        return _HEADINGS[str(direction).strip().lower()]
    except KeyError:
        raise UnsupportedError(f"pledge direction {direction!r} is not one of N, E, S, W") from None


@SOLVERS.register("pledge", doc="Head one way; on a wall, follow it counting turns until the count is zero.",
                  shortest=False, view="local", explain=False)
def pledge(problem: Problem, direction: str | None = None) -> Solution:
    """The Pledge algorithm.

    The traveler walks in one preferred direction until a wall stops it,
    then follows that wall with its left hand, counting +1 for each left
    turn and -1 for each right turn; when the count is back to zero it is
    facing the preferred direction again and leaves the wall. Pledge gets
    out of any maze to its outside, and finds any goal in a perfect maze; a
    goal on an island can be missed, in which case the traveler notices that
    it goes round in circles and stops. **Not a shortest path** in general.

    Parameters
    ----------
    problem : Problem
        The validated task: maze, start, goal and whether to record a trace.
    direction : {"N", "E", "S", "W"}, optional
        The preferred direction; by default the one that points most towards the goal.

    Returns
    -------
    Solution
        The run's verdict, path, visited cells and (when recording) trace.

    Examples
    --------
    >>> import tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "pledge", direction="S")
    >>> s.found, s.steps, s.path_cells()
    (True, 8, [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)])
    """
    L, H, W = problem.shape3
    n = problem.n
    flags = np.empty(n, np.uint8)
    pos = np.empty(n, np.int32)
    path = np.empty(n, np.int32)
    args = (problem.cells, L, H, W, problem.s, problem.g, _heading(problem, direction), flags, pos, path)
    cap = 4 * problem.maze.passages + 4
    (status, steps, k, _, cell, h), rows = run_recorded(kw.pledge, args, problem.record, cap, 3)
    return _traveler_result(problem, status, steps, k, path, (flags & kw.VISITED) != 0, rows, cell, h,
                            "the Pledge traveler")
