"""Global view: fill in the parts of the maze that lead nowhere, then walk what is left.

Dead-end filling fills every dead end (a cell with one way in, other than
the start and the goal), again and again, until none is left: in a perfect
maze exactly the solution remains. Cul-de-sac filling also fills nooses, a
corridor that leaves a junction and loops back to it, which dead-end filling
cannot touch. What remains is then followed depth first from the start.

Neither guarantees the shortest path on a maze with loops: loops that lead
somewhere are not filled, and the walk through them takes the first way it
finds.
"""

from __future__ import annotations

import numpy as np

from .._lazy import lazy_module
from .base import SOLVERS, Problem, counted, finish, found_message, run_recorded
from .result import Solution

# the compiled kernels, loaded on first call (start-up without numba)
ks = lazy_module("tremaux.kernels.solve")
kf = lazy_module("tremaux.kernels.solve_fill")

__all__ = ["dead_end_fill", "cul_de_sac_fill"]


def _fill(problem: Problem, nooses: bool) -> Solution:
    L, H, W = problem.shape3
    n = problem.n
    maze = problem.maze
    deg = np.empty(n, np.int8)
    filled = np.empty(n, np.uint8)
    queue = np.empty(n, np.int32)
    prev = np.empty(n, np.uint8)
    args = (problem.cells, maze.flat_mask, maze.mask is not None, L, H, W, problem.s, problem.g, nooses,
            deg, filled, queue, prev)
    (found, nf, walked, _), rows = run_recorded(kf.fill, args, problem.record, 3 * n + 4, 3)
    path = ks.path_from_prev(prev, problem.s, problem.g, H, W) if found else None
    steps = int(nf) + int(walked)
    if found:
        message = found_message(len(path), steps, f"steps ({counted(int(nf), 'cells filled')})")
    else:
        message = (
            f"no path: after filling {counted(int(nf), 'cells')}, the goal {problem.goal} cannot be reached "
            f"from the start {problem.start}"
        )
    visited = np.logical_or(ks.reached(prev), filled != 0, out=prev.view(np.bool_))
    return finish(problem, found=found, path=path, visited=visited, steps=steps, message=message, rows=rows,
                  extras={"filled": _readonly((filled != 0).reshape(maze.shape))})


def _readonly(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


@SOLVERS.register("dead-end-fill", aliases=("dead-end-filling",), doc="Fill dead ends until none is left, then follow what remains; not always shortest.",
                  shortest=False, view="global", explain=False)
def dead_end_fill(problem: Problem) -> Solution:
    """Dead-end filling.

    On a perfect maze only the solution is left unfilled. On a maze with
    loops the loops stay, and the depth-first walk through what is left
    **does not guarantee the shortest path**. ``extras["filled"]`` shows the
    filled cells.

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
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "dead-end-fill")
    >>> s.found, s.length
    (True, 5)
    """
    return _fill(problem, nooses=False)


@SOLVERS.register("cul-de-sac-fill", aliases=("cul-de-sac-filling", "noose-fill"), doc="Fill dead ends and nooses (loops with one way in), then follow what remains.",
                  shortest=False, view="global", explain=False)
def cul_de_sac_fill(problem: Problem) -> Solution:
    """Cul-de-sac filling: dead-end filling that also fills nooses.

    A noose is a loop hanging off a single junction: a corridor that leaves
    the junction and comes back to it. It leads nowhere, so it is filled,
    which may turn its stalk into a dead end, filled in turn. Loops with two
    ways in stay, so the path **is not always the shortest**.

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
    >>> s = tremaux.solve(tremaux.Maze.open((3, 3)), "cul-de-sac-fill")
    >>> s.found, s.length
    (True, 5)
    """
    return _fill(problem, nooses=True)
