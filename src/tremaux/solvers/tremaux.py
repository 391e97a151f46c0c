"""Tremaux's algorithm: a traveler with only a local view who marks the passages it takes.

As Dr. Smockwhitener tells it: walk until you reach an intersection. If it
has not been seen before, mark it and take a passage you have not followed,
marking that passage too. If it has been seen before, treat it like a dead
end: turn round and retrace your steps. When retracing, take any passage not
visited yet. Never take a passage marked twice. It works with loops, and it
finds the exit whenever there is one; with no exit the traveler comes back
to the start with every passage it can reach marked twice.

When the goal is reached the passages marked exactly once form a path from
the start to the goal: the proposed solution. The trace records every
passage walked (``VISIT``), every passage retraced (``RETRACE``: it now has
two marks), every mark (``MARK``) and the solution (``PATH``), which is what
the demo draws: start red, goal green, retraced passages gray, solution
yellow. The marks themselves are in ``solution.extras["marks"]``.
"""

from __future__ import annotations

import numpy as np

from .._args import check_seed
from .._lazy import lazy_module
from .base import SOLVERS, Problem, counted, finish, found_message, run_recorded
from .result import Solution

# the compiled kernels, loaded on first call (start-up without numba)
krng = lazy_module("tremaux.kernels.rng")
kw = lazy_module("tremaux.kernels.solve_walk")

__all__ = ["tremaux"]


@SOLVERS.register("tremaux", aliases=("tremaux-marks",), doc="Tremaux's algorithm: mark passages, never take one marked twice.",
                  shortest=False, view="local", explain=False)
def tremaux(problem: Problem, seed: int | None = None) -> Solution:
    """Solve with Tremaux's algorithm.

    The traveler takes the first unmarked passage in the order N, E, S, W
    (U, D), or a random one when ``seed`` is given. It finds a path whenever
    one exists, but **not necessarily the shortest**: the path is the
    passages marked once, the route by which the traveler first got there.

    Parameters
    ----------
    problem : Problem
        The validated task: maze, start, goal and whether to record a trace.
    seed : int, optional
        Choose among unmarked passages at random, reproducibly.

    Returns
    -------
    Solution
        ``extras["marks"]``: a read-only ``uint8`` array shaped like the maze
        plus one axis for the sides (N, E, S, W, and U, D on multi-level
        mazes): how many marks (0, 1 or 2) the passage through each side has.

    Raises
    ------
    InvalidSizeError
        For a seed that is not a whole number or out of the 64-bit range.

    Examples
    --------
    >>> import tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((2, 2)), "tremaux")
    >>> s.found, s.path_cells()
    (True, [(0, 0), (0, 1), (1, 1)])
    >>> s.extras["marks"][0, 0].tolist()  # N, E, S, W of (0, 0)
    [0, 1, 0, 0]
    """
    seed = check_seed(seed)
    L, H, W = problem.shape3
    n = problem.n
    marks = np.empty(n, np.uint8)
    stack = np.empty(n + 1, np.int32)
    state = krng.make_state(0 if seed is None else seed)
    args = (problem.cells, L, H, W, problem.s, problem.g, marks, stack, state, seed is not None)
    cap = 4 * problem.maze.passages + 4
    (found, steps, k, _), rows = run_recorded(kw.tremaux, args, problem.record, cap, 3)
    ndir = 4 if problem.maze.ndim == 2 else 6
    counts = kw.expand_marks(marks, problem.cells, H, W, ndir).reshape(*problem.maze.shape, ndir)
    counts.flags.writeable = False
    if found:
        message = found_message(k, steps, "passages walked")
    elif steps == 0:  # no passage to walk down: the traveler never left (as the wall followers say it)
        message = f"no path: the start {problem.start} has no open side"
    else:
        message = (
            f"no path: back at the start {problem.start} after {counted(steps, 'passages walked')}, "
            f"every reachable passage marked twice"
        )
    return finish(problem, found=found, path=stack[:k], visited=(marks & kw.VISITED) != 0, steps=steps,
                  message=message, rows=rows, extras={"marks": counts})
