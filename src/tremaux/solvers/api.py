"""The one entry point: :func:`solve`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import budget
from ..errors import InvalidMazeError
from ..maze.model import Cell, Maze
from .base import SOLVERS, Problem, _check_options, finish, trace_rows
from .result import Solution

__all__ = ["solve", "default_endpoints", "check_solve_memory"]


def default_endpoints(maze: Maze) -> tuple[Cell, Cell]:
    """The maze's own start and goal, else its first and last existing cells.

    "First" and "last" are in reading order: the top-left and bottom-right
    cells of a plain maze (of its first and last level on a multi-level one).

    Parameters
    ----------
    maze : Maze
        The maze to solve.

    Returns
    -------
    (start, goal) : tuple of cells
        Where a solve starts and ends when the caller names neither.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.solvers import default_endpoints
    >>> default_endpoints(Maze.open((3, 4)))
    ((0, 0), (2, 3))
    """
    if maze.mask is None:
        first, last = 0, maze.flat.shape[0] - 1
    else:
        mask = maze.mask.reshape(-1)
        first = int(np.argmax(mask))
        last = int(mask.shape[0] - 1 - np.argmax(mask[::-1]))
    start = maze.start if maze.start is not None else maze.cell(first)
    goal = maze.goal if maze.goal is not None else maze.cell(last)
    return start, goal


_ELSEWHERE: dict[str, Callable[..., Any]] = {}
"""Mazes :func:`solve` hands on, and to what, by class (``"module:Class"``): a GridMaze (and a GridGenerated, which
holds one) to :func:`tremaux.grids.solve_on`. Named by :mod:`tremaux.grids` with :func:`_solved_elsewhere`: the
grids stand above the solvers (they use this registry's solvers), so this module imports none of them, and a
class is tested only once its module is imported (:func:`tremaux._lazy.loaded_types`).
"""


def _solved_elsewhere(kind: str, solve_it: Callable[..., Any]) -> None:
    """Have :func:`solve` hand a ``kind`` of maze to ``solve_it(maze, algorithm, *, start, goal, record, **options)``.

    Parameters
    ----------
    kind : str
        The class of maze (or of the run that holds one), as ``"package.module:Class"``.
    solve_it : callable
        What solves it, as :func:`solve` is called.

    Examples
    --------
    >>> import tremaux.grids
    >>> "tremaux.grids.maze:GridMaze" in _ELSEWHERE  # named by tremaux.grids as it is imported
    True
    """
    _ELSEWHERE[kind] = solve_it


def solve(
    maze: Maze,
    algorithm: str = "bfs",
    *,
    start: Sequence[int] | None = None,
    goal: Sequence[int] | None = None,
    record: bool = False,
    memory_limit: str | int | None = None,
    **options: Any,
) -> Solution:
    """Find a path from ``start`` to ``goal`` with the named algorithm.

    Parameters
    ----------
    maze : Maze, Generated, GridMaze or GridGenerated
        Any maze: masked, multi-level, perfect or with loops; what
        :func:`tremaux.generate` returns is taken as its maze. A maze on
        another grid (:mod:`tremaux.grids`) is solved by
        :func:`tremaux.grids.solve_on`, which returns a ``GridSolution``.
    algorithm : str, default "bfs"
        A name (or alias) from :data:`tremaux.solvers.SOLVERS`: ``bfs``,
        ``dfs``, ``tremaux``, ``wall-left``, ``wall-right``, ``pledge``,
        ``astar``, ``greedy``, ``dead-end-fill``, ``cul-de-sac-fill``.
    start, goal : tuple of int, optional
        ``(row, col)`` (or ``(level, row, col)``). By default the maze's own,
        else its top-left and bottom-right existing cells.
    record : bool, default False
        Keep the transcript of the run in ``solution.trace``.
    memory_limit : str or int, optional
        Overrides the memory limit (``"8G"``; see :mod:`tremaux.budget`),
        checked against an estimate of the run's peak before it starts.
    **options
        Options of the algorithm (e.g. ``seed`` for ``tremaux``,
        ``direction`` for ``pledge``).

    Returns
    -------
    Solution
        Immutable. "No path" is an answer, not an error: ``found`` is
        ``False`` and ``message`` says why (goal unreachable, going round in
        circles...). A start equal to the goal is a path of one cell.

    Raises
    ------
    InvalidMazeError
        When ``maze`` is not a maze (a :class:`~tremaux.Maze`, a grid maze, or what a generator returns).
    UnknownNameError
        For an unknown algorithm (the message lists the valid names).
    CellError
        For a start or goal outside the grid or on a masked cell.
    UnsupportedError
        For an option the algorithm does not have.
    MemoryLimitError
        When the run would need more memory than the limit.

    Examples
    --------
    >>> import tremaux
    >>> m = tremaux.Maze.open((3, 4))
    >>> s = tremaux.solve(m, "bfs")
    >>> s
    Solution(algorithm='bfs', found=True, length=6, visited=12, steps=12)
    >>> s.path_cells()[0], s.path_cells()[-1]
    ((0, 0), (2, 3))
    >>> tremaux.solve(m, "astar", start=(1, 1), goal=(1, 2)).length
    2
    >>> tremaux.solve(tremaux.generate((4, 4), seed=1)).found
    True
    >>> tremaux.solve(m, goal=(3, 0))
    Traceback (most recent call last):
    ...
    tremaux.errors.CellError: goal (3, 0) is outside the 3 x 4 grid
    """
    from .._args import switch
    from .._lazy import loaded_types

    record = switch(record, "record")  # record="no" would be true
    # what generate() returns; tested without importing it (a maze read from a file)
    if isinstance(maze, loaded_types("tremaux.generators.result:Generated")):
        maze = maze.maze
    elsewhere = next((f for kind, f in _ELSEWHERE.items() if isinstance(maze, loaded_types(kind))), None)
    if elsewhere is not None:  # a maze on another grid, or what generate_on() returns
        if memory_limit is None:
            return elsewhere(maze, algorithm, start=start, goal=goal, record=record, **options)
        with budget.limited(memory_limit):  # solve_on checks its estimate (tremaux.grids.cost) against it
            return elsewhere(maze, algorithm, start=start, goal=goal, record=record, **options)
    entry = SOLVERS.get(algorithm)
    if not isinstance(maze, Maze):
        hint = "; pass its .maze" if hasattr(maze, "maze") else ""  # a solution: the maze it solved
        raise InvalidMazeError(f"solve() needs a tremaux.Maze, not {type(maze).__name__}{hint}")
    _check_options(entry, options)
    own_start, own_goal = default_endpoints(maze)
    s_cell = maze._checked_cell(start if start is not None else own_start, "start")
    g_cell = maze._checked_cell(goal if goal is not None else own_goal, "goal")
    check_solve_memory(maze, entry.name, record=bool(record), memory_limit=memory_limit)
    problem = Problem(maze, entry.name, s_cell, g_cell, maze.index(s_cell), maze.index(g_cell), bool(record))
    if problem.s == problem.g:
        # the solver still runs (unrecorded): it checks its options (seed, direction) as on any other ends, and
        # gives its extras (Tremaux's marks, the filled cells), emptied below: nothing was walked or filled
        ran = entry.func(Problem(maze, entry.name, s_cell, g_cell, problem.s, problem.g, False), **options)
        return _trivial(problem, ran.extras)
    return entry.func(problem, **options)


def check_solve_memory(maze: Maze, name: str, *, record: bool = False,
                       memory_limit: str | int | None = None) -> None:
    """Refuse a solve of ``maze`` whose arrays would not fit the memory budget, as :func:`solve` does first.

    Parameters
    ----------
    maze : Maze
        The maze to solve.
    name : str
        The solver's registry name, for the message.
    record : bool, default False
        Whether the run is recorded (a trace is kept).
    memory_limit : str or int, optional
        A limit instead of the budget in force.

    Raises
    ------
    MemoryLimitError
        Naming the maze, the solver and the limit.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.solvers.api import check_solve_memory
    >>> check_solve_memory(Maze.open((2, 2)), "bfs")
    >>> check_solve_memory(Maze.open((1000, 1000)), "bfs", record=True, memory_limit="1M")
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: solving a 1000 x 1000 maze (bfs) needs about ... of memory; the limit is 1.0 MiB ...
    """
    budget.check(budget.solve_bytes(maze.flat.shape[0], record=record, ndim=maze.ndim),
                 f"solving a {' x '.join(map(str, maze.shape))} maze ({name})", memory_limit)


def _trivial(problem: Problem, extras: Any) -> Solution:
    from ..trace import Event

    empty = {}
    for key, value in extras.items():  # marks and filled cells: none, in the solver's own shape and type
        if isinstance(value, np.ndarray):
            value = np.zeros_like(value)
            value.flags.writeable = False
        empty[key] = value

    rows = trace_rows(2, problem.record)
    if problem.record:
        rows[:] = [[int(Event.VISIT), problem.s, -1], [int(Event.FOUND), problem.s, -1]]
    visited = np.zeros(problem.n, bool)
    visited[problem.s] = True
    return finish(problem, found=True, path=np.array([problem.s]), visited=visited, steps=0,
                  message=f"the start {problem.start} is the goal: a path of 1 cell", rows=rows, extras=empty)
