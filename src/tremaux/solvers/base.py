"""The solver registry and what every solver shares: the prepared problem and the result builder.

A solver is a function ``solver(problem, **options) -> Solution`` registered
in :data:`SOLVERS` with a one-line description and metadata:

``shortest``
    Whether the path it returns is always a shortest one.
``view``
    ``"global"`` (sees the whole maze) or ``"local"`` (a traveler who sees
    only the walls around it).
``explain``
    Whether :func:`tremaux.solvers.explain` can tell its run step by step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._lazy import lazy_module
from .._args import keyword_slip
from ..errors import UnsupportedError
from ..maze.model import Cell, Maze
from ..registry import Registry
from ..trace import Event, Trace
from .result import Solution

# the compiled kernels, loaded on first call (start-up without numba)
ks = lazy_module("tremaux.kernels.solve")

__all__ = ["SOLVERS", "Problem", "finish", "run_recorded", "solver_options"]

SOLVERS = Registry("solver")
"""Every maze solver by name: ``tremaux.solve(maze, name)``."""



def solver_options(name: str) -> tuple[str, ...]:
    """The keyword options a registered solver takes (what :func:`tremaux.solve` passes on to it).

    One answer for every caller: ``tremaux demo`` and the web page ask it whether a solver
    takes a ``seed``, and :func:`tremaux.solve` refuses an option not in it.

    Parameters
    ----------
    name : str
        A solver's name or alias (see :data:`SOLVERS`).

    Returns
    -------
    tuple of str
        The option names, in the order of the solver's signature (empty for none).

    Raises
    ------
    UnknownNameError
        For a name that is not registered.

    Examples
    --------
    >>> from tremaux.solvers import solver_options
    >>> solver_options("tremaux")
    ('seed',)
    >>> "seed" in solver_options("bfs")
    False
    """
    import inspect

    return tuple(inspect.signature(SOLVERS.get(name).func).parameters)[1:]


def _check_options(entry: Any, options: dict[str, Any], func: str = "solve") -> None:
    params = solver_options(entry.name)
    unknown = sorted(set(options) - set(params))
    keyword_slip(func, f"solver {entry.name!r} has no option", unknown, ("maze", "algorithm", "start", "goal", "record")
                 + (("memory_limit",) if func == "solve" else ()))
    if unknown:
        accepted = ", ".join(params) if params else "none"
        raise UnsupportedError(
            f"solver {entry.name!r} has no option {unknown[0]!r}; its options: {accepted}"
        )


_DIR_NAMES = ("north", "east", "south", "west", "up", "down")


@dataclass(frozen=True)
class Problem:
    """A validated solving task handed to a solver function.

    Attributes hold the maze, the flat arrays the kernels read and the
    checked start and goal (as cells and as flat indices).

    Examples
    --------
    >>> from tremaux.solvers import Problem
    >>> import tremaux
    >>> from tremaux.solvers import SOLVERS
    >>> m = tremaux.Maze.open((2, 2))
    >>> p = Problem(m, "bfs", (0, 0), (1, 1), 0, 3, False)
    >>> SOLVERS.get("bfs").func(p).path_cells()
    [(0, 0), (0, 1), (1, 1)]
    """

    maze: Maze
    algorithm: str
    start: Cell
    goal: Cell
    s: int
    g: int
    record: bool

    @property
    def cells(self) -> np.ndarray:
        """Flat ``uint8`` cells."""
        return self.maze.flat

    @property
    def shape3(self) -> tuple[int, int, int]:
        """``(L, H, W)``."""
        return self.maze.shape3

    @property
    def n(self) -> int:
        """Number of grid positions (masked ones included)."""
        return int(self.maze.flat.shape[0])

    def fmt(self, i: int) -> str:
        """A flat index as the cell tuple the user sees, e.g. ``(2, 3)``.

        Parameters
        ----------
        i : int
            A flat index into the maze.

        Returns
        -------
        str
            The cell as the user writes it.

        Examples
        --------
        >>> from tremaux.solvers import Problem
        >>> import tremaux
        >>> Problem(tremaux.Maze.open((3, 4)), "bfs", (0, 0), (2, 3), 0, 11, False).fmt(6)
        '(1, 2)'
        """
        return str(self.maze.cell(int(i)))

    @staticmethod
    def direction(d: int) -> str:
        """Name of direction ``d`` (``"north"``...).

        Parameters
        ----------
        d : int
            A direction number, 0 to 5 (N, E, S, W, U, D).

        Returns
        -------
        str
            Its name, or ``"nowhere"`` for another number.

        Examples
        --------
        >>> from tremaux.solvers import Problem
        >>> Problem.direction(1), Problem.direction(9)
        ('east', 'nowhere')
        """
        return _DIR_NAMES[int(d)] if 0 <= int(d) < 6 else "nowhere"


def trace_rows(capacity: int, record: bool) -> np.ndarray:
    """An empty ``(capacity, 3)`` int64 event array (``(0, 3)`` when not recording).

    Parameters
    ----------
    capacity : int
        Rows to make room for.
    record : bool
        Whether the run is recorded.

    Returns
    -------
    numpy.ndarray of int64
        Uninitialised rows for a kernel to fill.

    Examples
    --------
    >>> from tremaux.solvers.base import trace_rows
    >>> trace_rows(8, True).shape, trace_rows(8, False).shape
    ((8, 3), (0, 3))
    """
    return np.empty((int(capacity) if record else 0, 3), np.int64)


def run_recorded(kernel: Any, args: tuple, record: bool, capacity: int, nev_at: int) -> tuple[tuple, np.ndarray]:
    """Run ``kernel(*args, trace, record)``; if its trace overflowed, run it again with room.

    ``nev_at`` is the position of the event count in the kernel's returned
    tuple. Returns the kernel's results and the filled event rows.

    Parameters
    ----------
    kernel : callable
        A compiled solver kernel taking ``(*args, trace, record)``.
    args : tuple
        Its leading arguments.
    record : bool
        Whether to record events.
    capacity : int
        The first guess of the number of events.
    nev_at : int
        Position of the event count in the kernel's returned tuple.

    Returns
    -------
    (tuple, numpy.ndarray)
        The kernel's results and its ``(events, 3)`` rows.

    Examples
    --------
    >>> from tremaux.solvers.base import run_recorded
    >>> import numpy as np
    >>> def kernel(n, rows, record):  # writes n events, says how many it had
    ...     rows[: min(n, len(rows))] = 1
    ...     return (n,)
    >>> out, rows = run_recorded(kernel, (5,), True, 2, 0)
    >>> out, rows.shape
    ((5,), (5, 3))
    """
    rows = trace_rows(capacity, record)
    out = kernel(*args, rows, record)
    if record and out[nev_at] > rows.shape[0]:
        rows = trace_rows(out[nev_at], True)
        out = kernel(*args, rows, record)
    return out, rows[: out[nev_at]] if record else rows


def finish(
    problem: Problem,
    *,
    found: bool,
    path: np.ndarray,
    visited: np.ndarray,
    steps: int,
    message: str,
    rows: np.ndarray | None = None,
    extras: Mapping[str, Any] | None = None,
) -> Solution:
    """Build the immutable :class:`Solution` from a kernel's flat results.

    ``path`` holds flat indices from start to goal (ignored when not
    ``found``), ``visited`` is a flat boolean (or 0/1) array. When recording,
    ``PATH`` events for the path cells are appended to ``rows``.

    Parameters
    ----------
    problem : Problem
        The task that was solved.
    found : bool
        Whether the goal was reached.
    path : numpy.ndarray
        Flat indices of the path, start first.
    visited : numpy.ndarray
        Flat flags of the cells the run reached.
    steps : int
        Steps the run took.
    message : str
        The one-line verdict.
    rows : numpy.ndarray, optional
        The recorded ``(n, 3)`` event rows.
    extras : mapping, optional
        Solver-specific results (Tremaux's marks, filled cells...).

    Returns
    -------
    Solution
        The immutable result; its arrays are read-only.

    Examples
    --------
    >>> from tremaux.solvers import Problem
    >>> from tremaux.solvers.base import finish
    >>> import numpy as np, tremaux
    >>> p = Problem(tremaux.Maze.open((1, 2)), "bfs", (0, 0), (0, 1), 0, 1, False)
    >>> finish(p, found=True, path=np.array([0, 1]), visited=np.ones(2), steps=2, message="ok").path_cells()
    [(0, 0), (0, 1)]
    """
    maze = problem.maze
    path = np.asarray(path, dtype=np.int64) if found else np.empty(0, np.int64)
    trace = None
    if problem.record:
        rows = np.empty((0, 3), np.int64) if rows is None else rows
        tail = np.empty((path.shape[0], 3), np.int64)
        tail[:, 0] = int(Event.PATH)
        tail[:, 1] = path
        tail[:, 2] = -1
        trace = Trace.from_rows(np.concatenate([rows, tail]), maze.shape)
    # fresh arrays nobody else holds: frozen here rather than copied by Solution
    vis = np.asarray(visited).astype(bool, copy=False).reshape(maze.shape)
    vis.flags.writeable = False
    L, H, W = maze.shape3
    cells = ks.coords(path, H, W, maze.ndim)
    cells.flags.writeable = False
    return Solution(
        maze=maze,
        algorithm=problem.algorithm,
        start=problem.start,
        goal=problem.goal,
        found=bool(found),
        path=cells,
        visited=vis,
        steps=int(steps),
        message=message,
        trace=trace,
        extras=dict(extras or {}),
    )


def counted(n: int, what: str) -> str:
    """``n`` and what is counted, its first word singular when ``n`` is 1.

    Parameters
    ----------
    n : int
        The count.
    what : str
        What is counted, plural (``"squares taken from the worklist"``).

    Returns
    -------
    str
        ``"1 square taken from the worklist"``, ``"7 steps"``.

    Examples
    --------
    >>> from tremaux.solvers.base import counted
    >>> counted(1, "passages walked"), counted(0, "steps"), counted(2, "steps")
    ('1 passage walked', '0 steps', '2 steps')
    """
    if n != 1:
        return f"{n} {what}"
    first, _, rest = what.partition(" ")
    return f"{n} {first[:-1] if first.endswith('s') else first}{' ' + rest if rest else ''}"


def found_message(path_len: int, steps: int, what: str = "steps") -> str:
    """The verdict of a successful run.

    Parameters
    ----------
    path_len : int
        Cells on the path.
    steps : int
        Steps the run took.
    what : str, default "steps"
        What a step is called.

    Returns
    -------
    str
        The message of the solution.

    Examples
    --------
    >>> from tremaux.solvers.base import found_message
    >>> found_message(3, 7)
    'path of 3 cells (2 moves) found after 7 steps'
    """
    moves = path_len - 1
    return f"path of {counted(path_len, 'cells')} ({counted(moves, 'moves')}) found after {counted(steps, what)}"
