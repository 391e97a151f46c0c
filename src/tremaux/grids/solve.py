"""``solve_on``: solve a :class:`GridMaze` with a registered solver, on any grid.

Solver names are those of :data:`tremaux.solvers.SOLVERS`. The graph searches
(BFS, DFS, A* and greedy with the straight-line distance between cell centres),
Tremaux's traveler and dead-end filling run on every grid; the wall followers
on every orientable grid (not the Möbius strip, not woven grids), turning by the clockwise order
of each cell's sides taken from its geometry. Pledge and cul-de-sac filling run
on the plain square grid only (through :func:`tremaux.solve`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np

from .._args import check_seed
from .._display import picture
from .._values import fingerprint, frozen_state, same, set_frozen_state
from ..errors import UnsupportedError
from ..kernels import graph_solve as kgs
from ..kernels import rng as krng
from ..trace import Trace
from ..solvers import SOLVERS
from ..solvers.base import counted, found_message
from .grid import Grid, article
from .maze import GridMaze, notebook_size

__all__ = ["solve_on", "solver_refusal", "GridSolution", "clockwise", "GRAPH_SOLVERS"]

GRAPH_SOLVERS = ("bfs", "dfs", "astar", "greedy", "tremaux", "dead-end-fill", "wall-left", "wall-right")
"""Solvers that run on every grid (the wall followers: every orientable one)."""


@dataclass(frozen=True, eq=False)
class GridSolution:
    """What :func:`solve_on` returns.

    Attributes
    ----------
    maze : GridMaze
    algorithm : str
        Registry name of the solver.
    found : bool
    path : numpy.ndarray
        ``(k,)`` cell indices from start to goal (empty when not found).
    visited : numpy.ndarray
        One flag per cell: cells the run reached.
    steps : int
        Cells taken from the worklist, or moves of a traveler.
    message : str
    trace : Trace or None
        The transcript of the run when recorded (``record=True``): cells are grid indices, its shape
        ``(size,)``; the last rows are the PATH, start to goal.
    marks : numpy.ndarray or None
        Tremaux's traveler: ``(size, sides)`` marks (0, 1 or 2) on each side of each cell.

    Examples
    --------
    >>> from tremaux.grids import make_grid, generate_on, solve_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> solution = solve_on(maze, "bfs")
    >>> solution.found, solution.path.tolist(), solution.message
    (True, [0, 3, 1, 4, 5], 'path of 5 cells (4 moves) found after 6 cells taken from the worklist')
    """

    maze: GridMaze
    algorithm: str
    found: bool
    path: np.ndarray
    visited: np.ndarray
    steps: int
    message: str = ""
    trace: Trace | None = None
    marks: np.ndarray | None = None

    def __post_init__(self) -> None:  # read-only arrays, as a square maze's Solution holds
        for name in ("path", "visited", "marks"):
            a = getattr(self, name)
            if a is not None and (a := np.asarray(a)).flags.writeable:
                a = a.copy()
                a.flags.writeable = False
            object.__setattr__(self, name, a)

    @property
    def cells(self) -> list[tuple[int, int]]:
        """The path as cell addresses."""
        return [self.maze.grid.cell(int(i)) for i in self.path]

    @property
    def length(self) -> int:
        """Number of cells on the path."""
        return int(self.path.shape[0])

    def __eq__(self, other: object) -> bool:
        """Two solutions are equal when every field is (two runs of one solver on one maze)."""
        if not isinstance(other, GridSolution):
            return NotImplemented
        return all(same(getattr(self, f.name), getattr(other, f.name)) for f in fields(self))

    def __hash__(self) -> int:
        return hash((self.maze, self.algorithm, self.found, self.steps, fingerprint(self.path)))

    def __getstate__(self) -> dict[str, Any]:
        return frozen_state(self)

    def __setstate__(self, state: dict[str, Any]) -> None:  # its arrays read-only again
        set_frozen_state(self, state, proxies=())

    def __repr__(self) -> str:
        return (f"GridSolution(algorithm={self.algorithm!r}, found={self.found}, length={self.length}, "
                f"visited={int(np.count_nonzero(self.visited))}, steps={self.steps})")

    def _repr_svg_(self) -> str | None:
        """The maze with this solution, for Jupyter (``None``, the ``repr``, for a maze too big: as
        :meth:`GridMaze._repr_svg_`)."""
        return picture("grid svg", self) if notebook_size(self.maze) else None  # drawn by tremaux.grids.draw

    def _repr_png_(self) -> bytes | None:
        """The maze with this solution as a PNG, for a maze too big for its SVG (as :meth:`GridMaze._repr_png_`)."""
        return picture("grid png", self)


def clockwise(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's sides in clockwise order on screen, and the place of each side in that order.

    Taken from the geometry: the angle from the cell centre to the middle of each wall.

    Parameters
    ----------
    grid : Grid
        The grid.

    Returns
    -------
    order : numpy.ndarray
        ``(n, S)`` ``int8``: each cell's side slots, clockwise (-1 after the last).
    place : numpy.ndarray
        ``(n, S)``: the position of each slot in ``order``.

    Examples
    --------
    >>> from tremaux.grids.solve import clockwise
    >>> from tremaux.grids import make_grid
    >>> order, place = clockwise(make_grid("hex", size=(2, 3)))
    >>> order[0].tolist(), place[0].tolist()
    ([5, 0, 1, 2, 3, 4], [1, 2, 3, 4, 5, 0])
    """
    geo = grid.geometry()
    mid_x = (geo.ends[:, :, 0] + geo.ends[:, :, 2]) / 2 - geo.centres[:, 0:1]
    mid_y = (geo.ends[:, :, 1] + geo.ends[:, :, 3]) / 2 - geo.centres[:, 1:2]
    ang = np.arctan2(mid_y, mid_x)
    exists = (geo.kind > 0) & (grid.nbr >= -1)
    ang = np.where(exists, ang, np.inf)
    order = np.argsort(ang, axis=1, kind="stable").astype(np.int8)
    order = np.where(np.take_along_axis(exists, order.astype(np.int64), 1), order, -1).astype(np.int8)
    pos = np.zeros(grid.nbr.shape, np.int64)
    rows = np.arange(grid.size)[:, None]
    valid = order >= 0
    pos[np.broadcast_to(rows, order.shape)[valid], order[valid]] = np.nonzero(valid)[1]
    return order, pos


def solve_on(maze: GridMaze, algorithm: str = "bfs", *, start: Any = None, goal: Any = None,
             record: bool = False, **options: Any) -> GridSolution:
    """Find a path from ``start`` to ``goal`` (default: the maze's own) with the named solver.

    Parameters
    ----------
    maze : GridMaze
    algorithm : str, default "bfs"
        A name or alias from :data:`tremaux.solvers.SOLVERS`.
    start, goal : tuple of int, optional
        Cells of the maze's grid.
    record : bool, default False
        Keep the transcript of the run (:class:`tremaux.Trace`) for animations. The recorded run makes
        the same moves, so it finds the same path.
    **options
        The solver's options: ``seed`` for ``tremaux`` (on every grid: the traveler walks down one of
        the unmarked passages at random, reproducibly; without it, the first in the order of the
        cell's sides), ``direction`` for ``pledge`` (plain square grid only). The other solvers of
        every grid (:data:`GRAPH_SOLVERS`) take none: their choices are fixed.

    Returns
    -------
    GridSolution

    Raises
    ------
    UnknownNameError
        For an unknown solver.
    UnsupportedError
        For a solver not defined on this grid (the message says where it runs), or an option it
        does not take.
    CellError
        For a start or goal off the grid.

    Examples
    --------
    >>> from tremaux.grids import solve_on
    >>> from tremaux.grids import make_grid, generate_on
    >>> m = generate_on(make_grid("polar", rings=5), seed=1).maze
    >>> sol = solve_on(m, "astar")
    >>> sol.found, sol.cells[0], sol.cells[-1] == m.goal
    (True, (0, 0), True)
    >>> solve_on(m, "bfs").length == sol.length
    True
    >>> walk = solve_on(m, "tremaux", seed=1)
    >>> walk.found, walk == solve_on(m, "tremaux", seed=1)
    (True, True)
    >>> solve_on(m, "dfs", seed=1)
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: solver 'dfs' has no option 'seed'; its options: none
    """
    from .._args import switch

    record = switch(record, "record")  # record="no" would be true
    if hasattr(maze, "stats") and isinstance(getattr(maze, "maze", None), GridMaze):
        maze = maze.maze  # what generate_on returns: its maze
    if not isinstance(maze, GridMaze):
        raise UnsupportedError(f"solve_on needs a GridMaze, not {type(maze).__name__}; use tremaux.solve for a Maze")
    entry = SOLVERS.get(algorithm)
    name = entry.name
    grid = maze.grid
    _check_options(entry, grid, options)
    seed = check_seed(options.get("seed")) if name in GRAPH_SOLVERS else None  # checked before any work
    src = grid.index(start, "start") if start is not None else maze.start_index
    dst = grid.index(goal, "goal") if goal is not None else maze.goal_index
    cells = maze.cells
    why = solver_refusal(grid, name)
    if why:
        raise UnsupportedError(why)
    if name not in GRAPH_SOLVERS:
        import tremaux

        sol = tremaux.solve(maze.to_maze(), name, start=grid.cell(src), goal=grid.cell(dst), record=record,
                            **options)
        W = int(grid.params["size"][1])
        path = (sol.path[:, 0] * W + sol.path[:, 1]).astype(np.int64) if sol.found else np.empty(0, np.int64)
        # the plain square grid numbers its cells row by row, as the square maze's trace does
        trace = Trace(sol.trace.events, (grid.size,)) if record else None
        return GridSolution(maze, name, bool(sol.found), path, np.asarray(sol.visited).reshape(-1), int(sol.steps),
                            sol.message, trace=trace)
    limit = 4 * grid.size * grid.sides + 8
    from . import cost

    cost.check(cost.solve_bytes(grid, name, record=record, trace_rows=kgs.trace_size(grid.size, grid.sides, limit)),
               f"solving {article(grid.name)} {grid.name} maze of {grid.size:,} cells ({name})")
    cells = kgs.as_cells(cells)  # one cell type: each kernel is compiled once for every grid
    rows = np.empty((kgs.trace_size(grid.size, grid.sides, limit), 3), np.int64) if record else _NO_TRACE
    marks = None
    if name in ("bfs", "dfs"):
        parent, seen, steps, t = kgs.SEARCHES[name](grid.nbr, cells, src, dst, _NO_CENTRES, rows)
        sol = _from_parents(maze, name, parent, seen, int(steps), src, dst)
    elif name in ("astar", "greedy"):
        parent, seen, steps, t = kgs.astar(grid.nbr, cells, src, dst, grid.geometry().centres, name == "greedy",
                                           _wrap(grid), rows)
        sol = _from_parents(maze, name, parent, seen, int(steps), src, dst)
    elif name == "tremaux":
        state = krng.make_state(0 if seed is None else seed)
        parent, seen, steps, marks, t = kgs.tremaux(grid.nbr, grid.back, cells, src, dst, limit, state,
                                                    seed is not None, rows)
        sol = _from_parents(maze, name, parent, seen, int(steps), src, dst)
        marks.flags.writeable = False
    elif name == "dead-end-fill":
        filled, steps, t = kgs.dead_end_fill(grid.nbr, grid.back, cells, src, dst, rows)
        open_cells = kgs.as_cells(np.where(filled, 0, cells))
        parent, _, _, t2 = kgs.bfs(grid.nbr, open_cells, src, dst, _NO_CENTRES, rows[t:])
        t += t2
        sol = _from_parents(maze, name, parent, ~filled, int(steps), src, dst)
    else:
        order, pos = clockwise(grid)
        path, length, seen, steps, arrived, t = kgs.wall_follow(grid.nbr, grid.back, cells, order, pos, src, dst,
                                                                name == "wall-right", limit, rows)
        sol = _from_walk(maze, name, path, int(length), seen, int(steps), bool(arrived), src, dst)
    if not record:  # Tremaux's marks come with every run: no transcript needed for them
        return sol if marks is None else replace(sol, marks=marks)
    tail = np.full((sol.path.shape[0], 3), -1, np.int64)
    tail[:, 0] = 16  # Event.PATH
    tail[:, 1] = sol.path
    trace = Trace.from_rows(np.concatenate([rows[:t], tail]), (grid.size,))
    return replace(sol, trace=trace, marks=marks)


_GRID_OPTIONS = {"tremaux": {"seed"}}
"""The options a solver of every grid takes there (its random choice)."""
_NO_TRACE = np.empty((0, 3), np.int64)
_NO_CENTRES = np.zeros((1, 2))


def _check_options(entry: Any, grid: Grid, options: dict[str, Any]) -> None:
    """Refuse an option the solver does not take here (of the grid solvers, Tremaux's ``seed`` only)."""
    if not options:
        return
    from ..solvers.base import _check_options as check_solver_options

    check_solver_options(entry, options, "solve_on")  # an option the solver has nowhere: its own message lists those it has
    if entry.name in GRAPH_SOLVERS and set(options) - _GRID_OPTIONS.get(entry.name, set()):
        key = sorted(set(options) - _GRID_OPTIONS.get(entry.name, set()))[0]
        # a wrapped or woven square grid is named so: "a square grid" read as the plain one
        label = grid.name + (f" ({grid.params['wrap']})" if "wrap" in grid.params else "")
        label = ("woven " if grid.params.get("weave") else "") + label
        raise UnsupportedError(f"the {entry.name} solver on {article(label)} {label} grid has no option {key!r}")


def solver_refusal(grid: Grid, name: str) -> str | None:
    """Why the solver ``name`` does not run on ``grid``, in one line; ``None`` when it does.

    Parameters
    ----------
    grid : Grid
        The grid.
    name : str
        A solver's registry name.

    Returns
    -------
    str or None
        The message :func:`solve_on` raises as :class:`~tremaux.errors.UnsupportedError`.

    Examples
    --------
    >>> from tremaux.grids.solve import solver_refusal
    >>> from tremaux.grids import make_grid
    >>> solver_refusal(make_grid("hex", size=(3, 3)), "bfs") is None
    True
    >>> solver_refusal(make_grid("square", size=(3, 3), wrap="moebius"), "wall-left")
    'wall-left is not defined on a Möbius strip (it has no left and right); use bfs, dfs, astar, tremaux or dead-end-fill'
    """
    if name not in GRAPH_SOLVERS:
        if grid.rect and grid.name == "square":
            return None
        label = ("woven " if "weave" in grid.params else "") + ("masked " if "mask" in grid.params else "") + grid.name
        label += f" ({grid.params['wrap']})" if "wrap" in grid.params else ""
        here = ", ".join(n for n in GRAPH_SOLVERS if solver_refusal(grid, n) is None)
        return f"{name} runs on the plain square grid only; on {article(label)} {label} grid use one of: {here}"
    if name in ("wall-left", "wall-right"):
        if "weave" in grid.params:
            return (f"{name} is not defined on a woven grid (a hand on the wall loses it in a tunnel); "
                    "use bfs, dfs, astar, tremaux or dead-end-fill")
        if grid.params.get("wrap") == "moebius":
            return (f"{name} is not defined on a Möbius strip (it has no left and right); "
                    "use bfs, dfs, astar, tremaux or dead-end-fill")
    return None


_COUNTED = {"bfs": "cells taken from the worklist", "dfs": "cells taken from the worklist",
            "astar": "cells expanded", "greedy": "cells expanded", "tremaux": "passages walked",
            "dead-end-fill": "cells filled", "wall-left": "steps", "wall-right": "steps"}
"""What a run's steps count, by solver, as the square grid's solvers word it."""


def _found(maze: GridMaze, name: str, path: np.ndarray, steps: int) -> str:
    """The verdict of a run that found ``path``, worded as the square grid's solvers word it."""
    if path.shape[0] == 1:
        cell = "(" + ", ".join(map(str, maze.grid.cell(int(path[0])))) + ")"
        return f"the start {cell} is the goal: a path of 1 cell"
    return found_message(path.shape[0], steps, _COUNTED[name])


def _lost(maze: GridMaze, name: str, steps: int, src: int, dst: int) -> str:
    """The verdict of a run that found no path, with the facts the square grid's solvers give."""
    cell = maze.grid.cell
    s, g = (("(" + ", ".join(map(str, cell(i))) + ")") for i in (src, dst))
    if name in ("tremaux", "wall-left", "wall-right") and int(maze.degrees()[src]) == 0:
        return f"no path: the start {s} has no open side"
    if name in ("bfs", "dfs"):
        return (f"no path: the worklist ran empty after {counted(steps, 'cells')}; the goal {g} cannot be reached "
                f"from the start {s}")
    if name in ("astar", "greedy"):
        return (f"no path: every cell reachable from the start {s} was expanded ({steps}); the goal {g} is not "
                "among them")
    if name == "dead-end-fill":
        return f"no path: after filling {counted(steps, 'cells')}, the goal {g} cannot be reached from the start {s}"
    if name == "tremaux":
        return (f"no path: after {counted(steps, 'passages walked')}, the goal {g} cannot be reached from the "
                f"start {s}")
    return (f"no path: the wall follower went round in circles after {counted(steps, 'steps')} without reaching "
            f"the goal {g}")


def _from_walk(maze: GridMaze, name: str, path: np.ndarray, length: int, seen: np.ndarray, steps: int,
               arrived: bool, src: int, dst: int) -> GridSolution:
    if not arrived:
        return GridSolution(maze, name, False, np.empty(0, np.int64), seen, steps,
                            _lost(maze, name, steps, src, dst))
    p = path[:length].astype(np.int64)
    return GridSolution(maze, name, True, p, seen, steps, _found(maze, name, p, steps))


def _wrap(grid: Grid) -> np.ndarray:
    """Periods of the wrapped axes for A*'s distance (see :func:`tremaux.kernels.graph_solve.astar`)."""
    w = grid.params.get("wrap")
    H, W = (float(x) for x in grid.params.get("size", (0, 0)))
    return np.array([W if w else 0.0, H if w == "torus" else 0.0, H if w == "moebius" else 0.0])


def _from_parents(maze: GridMaze, name: str, parent: np.ndarray, seen: np.ndarray, steps: int, src: int,
                  dst: int) -> GridSolution:
    if src != dst and parent[dst] < 0:
        return GridSolution(maze, name, False, np.empty(0, np.int64), seen, steps, _lost(maze, name, steps, src, dst))
    length, i = 1, dst  # walked twice, so the path is held once, as int64 (not as a list of Python ints)
    while i != src:
        i = int(parent[i])
        length += 1
    p = np.empty(length, np.int64)
    i = dst
    for k in range(length - 1, -1, -1):
        p[k] = i
        i = int(parent[i])
    return GridSolution(maze, name, True, p, seen, steps, _found(maze, name, p, steps))

