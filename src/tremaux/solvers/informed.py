"""Global view: search guided by the Manhattan distance to the goal (A*, greedy best-first).

With a view of the whole maze and the goal's position, the distance to the
goal "as the crow flies along the grid" -- the Manhattan distance, where a
change of level counts as one step -- tells which cells look promising.
"""

from __future__ import annotations

import numpy as np

from .._lazy import lazy_module
from .base import SOLVERS, Problem, finish, found_message, run_recorded
from .result import Solution

# the compiled kernels, loaded on first call (start-up without numba)
ks = lazy_module("tremaux.kernels.solve")
kb = lazy_module("tremaux.kernels.solve_best")

__all__ = ["astar", "greedy"]


def _best_first(problem: Problem, greedy: bool) -> Solution:
    L, H, W = problem.shape3
    n = problem.n
    prev = np.empty(n, np.uint8)
    g = np.empty(1 if greedy else n, np.int32)
    args = (problem.cells, L, H, W, problem.s, problem.g, greedy, prev, g)
    (found, steps, _), rows = run_recorded(kb.best_first, args, problem.record, n + 2 * problem.maze.passages + 3, 2)
    path = ks.path_from_prev(prev, problem.s, problem.g, H, W) if found else None
    if found:
        message = found_message(len(path), steps, "cells expanded")
    else:
        message = (
            f"no path: every cell reachable from the start {problem.start} was expanded "
            f"({steps}); the goal {problem.goal} is not among them"
        )
    return finish(problem, found=found, path=path, visited=ks.reached(prev), steps=steps, message=message,
                  rows=rows)


@SOLVERS.register("astar", aliases=("a-star",), doc="A* with the Manhattan distance: a shortest path, expanding fewer cells.",
                  shortest=True, view="global", explain=False)
def astar(problem: Problem) -> Solution:
    """A* search with the Manhattan distance to the goal.

    Cells are expanded in order of (steps from the start + Manhattan
    distance to the goal). Every step costs one and the Manhattan distance
    never overestimates, so the path is a shortest one.

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
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "astar")
    >>> s.found, s.length
    (True, 5)
    """
    return _best_first(problem, greedy=False)


@SOLVERS.register("greedy", aliases=("greedy-best-first", "best-first"), doc="Greedy best-first: always expand the cell closest to the goal; not always shortest.",
                  shortest=False, view="global", explain=False)
def greedy(problem: Problem) -> Solution:
    """Greedy best-first search: expand the cell with the smallest Manhattan distance to the goal.

    Often fast, but it **does not guarantee the shortest path**: it is drawn
    towards the goal even when the way there goes round a long wall.

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
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "greedy")
    >>> s.found, s.length
    (True, 5)
    """
    return _best_first(problem, greedy=True)
