"""Replaying a trace on any grid: the maze a generation trace builds, and the pictures of an animation.

A trace (see :mod:`tremaux.trace`; cells are grid indices) is replayed onto three small arrays: each
cell's colour (an entry of :data:`tremaux.render.palette.PALETTE`), the open sides (carving opens them)
and the state of each passage a run walked. :mod:`tremaux.grids.animate` draws them as GIF or SVG.

Examples
--------
>>> from tremaux.grids.replay import replay_cells, replay
>>> from tremaux.grids import make_grid, generate_on
>>> run = generate_on(make_grid("hex", size=(4, 5)), "backtracker", seed=1, record=True)
>>> bool((replay_cells(run.maze.grid, run.trace) == run.maze.cells).all())
True
>>> [f.colour.count("frontier") for f in replay(run, frames=4)][:2]
[0, 9]
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import TremauxError
from ..trace import Event, Trace
from .grid import Grid
from .maze import GridMaze

__all__ = ["Frame", "replay_cells", "replay"]


_RANK = {"floor": 0, "visited": 1, "marked": 2, "dead": 3, "retraced": 4, "path": 5}


@dataclass(frozen=True)
class Frame:
    """One picture of an animation.

    Attributes
    ----------
    cells : numpy.ndarray
        The open sides of each cell at this point (carving opens them).
    colour : tuple of str
        The palette entry each cell is painted with.
    passages : dict
        ``(cell, side) -> palette entry`` of the passages the run walked (both ends of each).

    Examples
    --------
    >>> from tremaux.grids.replay import replay
    >>> from tremaux.grids import make_grid, generate_on
    >>> first = next(replay(generate_on(make_grid("hex", size=(2, 3)), seed=1, record=True)))
    >>> first.colour[:2], int(first.cells.sum()), first.passages
    (('uncarved', 'uncarved'), 0, {})
    """

    cells: np.ndarray
    colour: tuple[str, ...]
    passages: dict[tuple[int, int], str]


def _side(grid: Grid, i: int, j: int, cells: np.ndarray | None = None, want: int | None = None) -> int:
    """The side of ``i`` that leads to ``j`` (with ``want``: the first one whose bit is ``want``), or -1."""
    sides = np.flatnonzero(grid.nbr[i] == j)
    if cells is not None and want is not None and sides.size > 1:
        for s in sides.tolist():
            if (int(cells[i]) >> s & 1) == want:
                return s
    return int(sides[0]) if sides.size else -1


def _check(grid: Grid, trace: Trace) -> None:
    if not isinstance(trace, Trace):
        raise TremauxError(f"trace must be a tremaux.Trace, not {type(trace).__name__}")
    ev = trace.events
    n = grid.size
    if int(np.prod(trace.shape)) != n:
        raise TremauxError(f"trace of a grid of {int(np.prod(trace.shape))} cells does not fit this grid of {n} cells")
    if ev.shape[0] and (ev["cell"].min() < 0 or ev["cell"].max() >= n or ev["other"].min() < -1
                        or ev["other"].max() >= n):
        raise TremauxError(f"trace refers to cells outside the grid of {n} cells")


def _toggle(grid: Grid, cells: np.ndarray, i: int, j: int, opening: bool) -> int:
    s = _side(grid, i, j, cells, 0 if opening else 1)
    if s < 0:
        return -1
    b = int(grid.back[i, s])
    if opening:
        cells[i] |= 1 << s
        cells[j] |= 1 << b
    else:
        full = (1 << (8 * cells.dtype.itemsize)) - 1
        cells[i] &= full ^ (1 << s)
        cells[j] &= full ^ (1 << b)
    return s


def replay_cells(grid: Grid, trace: Trace) -> np.ndarray:
    """The maze a generation trace builds: its CARVE events on a closed grid (its WALL events on an open one).

    Parameters
    ----------
    grid : Grid
        The grid the trace was recorded on.
    trace : Trace
        Cells as grid indices.

    Returns
    -------
    numpy.ndarray
        One value per cell, its open sides.

    Raises
    ------
    TremauxError
        For a trace of another grid (its cell count, or cells outside this grid).

    Examples
    --------
    >>> from tremaux.grids.replay import replay_cells
    >>> from tremaux.grids import make_grid, generate_on
    >>> run = generate_on(make_grid("polar", rings=3), "prim", seed=2, record=True)
    >>> bool((replay_cells(run.maze.grid, run.trace) == run.maze.cells).all())
    True
    """
    _check(grid, trace)
    walls = bool((trace.kinds == int(Event.WALL)).any())
    cells = _all_open(grid) if walls else np.zeros(grid.size, grid.dtype)
    ev = trace.events
    for k, i, j in zip(ev["kind"].tolist(), ev["cell"].tolist(), ev["other"].tolist()):
        if k in (Event.CARVE, Event.WALL) and j >= 0:
            _toggle(grid, cells, i, j, k == Event.CARVE)
    return cells


def _all_open(grid: Grid) -> np.ndarray:
    bits = (grid.nbr >= 0).astype(np.int64) << np.arange(grid.sides)
    return bits.sum(axis=1).astype(grid.dtype)


def _parts(obj: Any) -> tuple[GridMaze, Trace, Any]:
    from .generate import GridGenerated
    from .solve import GridSolution

    if not isinstance(obj, (GridGenerated, GridSolution)):
        raise TremauxError(f"animate a GridGenerated or GridSolution made with record=True, not {type(obj).__name__}")
    if obj.trace is None:
        raise TremauxError(f"this {type(obj).__name__} has no trace to animate; run it with record=True")
    return obj.maze, obj.trace, obj if isinstance(obj, GridSolution) else None


def _budget(frames: Any) -> int:
    if isinstance(frames, bool) or not isinstance(frames, (int, np.integer)):
        raise TremauxError(f"frames {frames!r} is not a whole number")
    if frames < 2:
        raise TremauxError(f"frames {frames} is too few; an animation needs at least 2")
    return int(frames)


def replay(obj: Any, *, frames: int = 100) -> Iterator[Frame]:
    """The pictures of the animation of ``obj`` (a recorded :class:`GridGenerated` or :class:`GridSolution`).

    Parameters
    ----------
    obj : GridGenerated or GridSolution
        Made with ``record=True``.
    frames : int, default 100
        At most this many pictures.

    Yields
    ------
    Frame
        The state before any event, then after each batch of ``ceil(events / (frames - 1))`` events;
        the last is the finished maze or solution.

    Raises
    ------
    TremauxError
        For another object, a run not recorded, or fewer than 2 frames.

    Examples
    --------
    >>> from tremaux.grids.replay import replay
    >>> from tremaux.grids import make_grid, generate_on, solve_on
    >>> maze = generate_on(make_grid("hex", size=(3, 3)), seed=1).maze
    >>> pics = list(replay(solve_on(maze, "bfs", record=True), frames=5))
    >>> len(pics) <= 5, pics[-1].colour[maze.start_index]
    (True, 'path')
    """
    maze, trace, sol = _parts(obj)
    grid = maze.grid
    _check(grid, trace)
    budget = _budget(frames)
    generation = bool(len(trace)) and int(trace.kinds.max()) < 10
    n = grid.size
    if generation:
        walls = bool((trace.kinds == int(Event.WALL)).any())
        cells = _all_open(grid) if walls else np.zeros(n, grid.dtype)
        colour = ["floor" if walls else "uncarved"] * n
    else:
        cells = np.array(maze.cells, copy=True)
        colour = ["floor"] * n
    marks: dict[tuple[int, int], int] = {}  # (lower cell, higher cell) -> marks
    passages: dict[tuple[int, int], str] = {}

    def paint(i: int, name: str) -> None:
        if generation or _RANK[name] >= _RANK.get(colour[i], 0):
            colour[i] = name

    def walk(i: int, j: int, name: str) -> None:
        if j < 0:
            return
        s = _side(grid, i, j, cells, 1)
        if s < 0:
            return
        for key in ((i, s), (j, int(grid.back[i, s]))):
            if _RANK[name] >= _RANK.get(passages.get(key, "floor"), 0):
                passages[key] = name

    def snapshot() -> Frame:
        return Frame(cells.copy(), tuple(colour), dict(passages))

    ev = trace.events
    rows = list(zip(ev["kind"].tolist(), ev["cell"].tolist(), ev["other"].tolist()))
    per = max(1, math.ceil(len(rows) / (budget - 1)))
    yield snapshot()
    prev_path = -1
    for lo in range(0, len(rows), per):
        for k, i, j in rows[lo:lo + per]:
            if k == Event.CARVE or k == Event.WALL:
                if j >= 0:
                    _toggle(grid, cells, i, j, k == Event.CARVE)
                if k == Event.CARVE:
                    for c in (i, j):
                        if c >= 0 and colour[c] == "uncarved":
                            colour[c] = "floor"
            elif k == Event.FRONTIER:
                colour[i] = "frontier"
            elif k == Event.DONE:
                colour[i] = "floor"
            elif k == Event.VISIT:
                paint(i, "visited")
                walk(i, j, "visited")
            elif k == Event.MARK:
                key = (min(i, j), max(i, j))  # a passage's marks, whichever way it was walked
                marks[key] = marks.get(key, 0) + 1
                name = "marked" if marks[key] == 1 else "retraced"
                walk(i, j, name)
                if marks[key] == 1:
                    paint(i, "marked")
                    if j >= 0:
                        paint(j, "marked")
            elif k == Event.RETRACE:
                walk(i, j, "retraced")
                paint(i, "retraced")
            elif k == Event.DEAD:
                paint(i, "dead")
            elif k == Event.PATH:
                paint(i, "path")
                walk(prev_path, i, "path") if prev_path >= 0 else None
                prev_path = i
        if lo + per < len(rows):
            yield snapshot()
    if generation:
        cells = np.array(maze.cells, copy=True)
        colour = ["floor"] * n
    elif sol is not None and sol.found:  # the answer from the solution itself (the trace may be cut short)
        p = sol.path.tolist()
        for a, b in zip(p, p[1:]):
            walk(a, b, "path")
        for a in p:
            paint(a, "path")
    yield snapshot()
