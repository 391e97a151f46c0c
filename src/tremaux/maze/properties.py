"""Properties of a maze, computed from its arrays (never stored twice).

Examples
--------
>>> from tremaux.maze.properties import loop_count, is_perfect, passage_count
>>> from tremaux.maze import Maze
>>> m = Maze.open((2, 2))
>>> passage_count(m), is_perfect(m), loop_count(m)
(4, False, 1)
"""

from __future__ import annotations

import numpy as np

from .._lazy import lazy_module
from .model import Maze
from .walls import island_count, islands, wall_count

# the compiled kernels, loaded on first call (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")

_OPEN_SIDES = np.array([bin(v).count("1") for v in range(256)], dtype=np.int8)
"""Number of open sides of a cell value: a table look-up in NumPy, as fast as a compiled loop and nothing to
compile."""


def _degrees(flat: np.ndarray) -> np.ndarray:
    """Open sides of every cell of a flat maze (``int8``)."""
    return _OPEN_SIDES[flat]

__all__ = [
    "cell_count",
    "passage_count",
    "degrees",
    "components",
    "component_count",
    "is_connected",
    "is_perfect",
    "loop_count",
    "distances_from",
    "dead_ends",
    "dead_end_count",
    "unreachable",
    "unreachable_count",
    "wall_count",
    "islands",
    "island_count",
    "summary",
]


def cell_count(maze: Maze) -> int:
    """Number of cells that are part of the maze (masked cells excluded).

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    int
        Existing cells.

    Examples
    --------
    >>> from tremaux.maze.properties import cell_count
    >>> import numpy as np
    >>> from tremaux.maze import Maze
    >>> cell_count(Maze.open((2, 3), mask=np.array([[1, 1, 1], [1, 1, 0]], bool)))
    5
    """
    return maze.size


def passage_count(maze: Maze) -> int:
    """Number of open passages between two cells.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    int
        Open passages, each counted once.

    Examples
    --------
    >>> from tremaux.maze.properties import passage_count
    >>> from tremaux.maze import Maze
    >>> passage_count(Maze.open((2, 3))), passage_count(Maze.closed((2, 3)))
    (7, 0)
    """
    return maze.passages


def degrees(maze: Maze) -> np.ndarray:
    """Open sides of every cell, shaped like the maze (``-1`` on masked cells).

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    numpy.ndarray of int
        The number of open sides of each cell, shaped like ``maze.cells``.

    Examples
    --------
    >>> from tremaux.maze.properties import degrees
    >>> from tremaux.maze import Maze
    >>> degrees(Maze.open((2, 3))).tolist()
    [[2, 3, 2], [2, 3, 2]]
    """
    deg = _degrees(maze.flat).reshape(maze.shape)
    if maze.mask is not None:
        deg = np.where(maze.mask, deg, np.int8(-1)).astype(np.int8)
    return deg


def components(maze: Maze) -> tuple[np.ndarray, int]:
    """Connected components through open passages.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    labels : numpy.ndarray of int32
        Component number of each cell, shaped like the maze; ``-1`` on masked cells.
    count : int
        Number of components.

    Examples
    --------
    >>> from tremaux.maze.properties import components
    >>> from tremaux.maze import Maze
    >>> labels, count = components(Maze.closed((1, 3)))
    >>> labels.tolist(), count
    ([[0, 1, 2]], 3)
    """
    labels, count = kg.components(maze.flat, maze.flat_mask, maze.mask is not None, *maze.shape3)
    return labels.reshape(maze.shape), int(count)


def component_count(maze: Maze) -> int:
    """Number of connected components.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    int
        Groups of cells joined by passages (1 for a connected maze).

    Examples
    --------
    >>> from tremaux.maze.properties import component_count
    >>> from tremaux.maze import Maze
    >>> component_count(Maze.open((2, 2))), component_count(Maze.closed((2, 2)))
    (1, 4)
    """
    return components(maze)[1]


def is_connected(maze: Maze) -> bool:
    """True when every cell can reach every other cell.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    bool
        Whether the maze has a single component.

    Examples
    --------
    >>> from tremaux.maze.properties import is_connected
    >>> from tremaux.maze import Maze
    >>> is_connected(Maze.open((2, 2))), is_connected(Maze.closed((2, 2)))
    (True, False)
    """
    return component_count(maze) == 1


def is_perfect(maze: Maze) -> bool:
    """True for a perfect maze: connected, with exactly ``cells - 1`` passages (a tree).

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    bool
        Whether exactly one path joins every two cells.

    Examples
    --------
    >>> from tremaux.maze.properties import is_perfect
    >>> import tremaux
    >>> is_perfect(tremaux.generate((4, 4), "kruskal", seed=1).maze)
    True
    >>> is_perfect(tremaux.Maze.open((2, 2)))  # a loop round the middle
    False
    """
    return maze.passages == maze.size - 1 and is_connected(maze)


def loop_count(maze: Maze) -> int:
    """Passages beyond a spanning forest: the number of independent loops.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    int
        ``passages - cells + components``; 0 for a perfect maze.

    Examples
    --------
    >>> from tremaux.maze.properties import loop_count
    >>> from tremaux.maze import Maze
    >>> loop_count(Maze.open((2, 3)))
    2
    """
    return maze.passages - (maze.size - component_count(maze))


def distances_from(maze: Maze, cell) -> np.ndarray:
    """Breadth-first distance (in passages) from ``cell`` to every cell; ``-1`` if unreachable.

    Parameters
    ----------
    maze : Maze
        The maze to walk.
    cell : tuple of int
        Where the distances are counted from.

    Returns
    -------
    numpy.ndarray of int
        Shaped like ``maze.cells``: passages on a shortest walk from ``cell``.

    Examples
    --------
    >>> from tremaux.maze.properties import distances_from
    >>> from tremaux.maze import Maze
    >>> distances_from(Maze.open((2, 2)), (0, 0)).tolist()
    [[0, 1], [1, 2]]
    """
    d = kg.distances(maze.flat, maze.index(cell), *maze.shape3)
    return d.reshape(maze.shape)


def dead_ends(maze: Maze) -> np.ndarray:
    """Cells with exactly one open side, as an ``(n, ndim)`` array of coordinates.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    numpy.ndarray of int
        Shape ``(n, ndim)``: the coordinates of each dead end, in reading order.

    Examples
    --------
    >>> from tremaux.maze.properties import dead_ends
    >>> from tremaux.maze import Maze
    >>> import numpy as np
    >>> m = Maze(np.array([[2, 10, 8]], dtype=np.uint8))  # a corridor of three cells
    >>> dead_ends(m).tolist()
    [[0, 0], [0, 2]]
    """
    idx = np.flatnonzero(_degrees(maze.flat) == 1)
    return maze.cells_of(idx)


def dead_end_count(maze: Maze) -> int:
    """Number of cells with exactly one open side.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    int
        Cells with exactly one open side.

    Examples
    --------
    >>> from tremaux.maze.properties import dead_end_count
    >>> from tremaux.maze import Maze
    >>> import numpy as np
    >>> dead_end_count(Maze(np.array([[2, 10, 8]], dtype=np.uint8)))  # a corridor
    2
    """
    return int(np.count_nonzero(_degrees(maze.flat) == 1))


def unreachable(maze: Maze, start=None) -> np.ndarray:
    """Boolean array, shaped like the maze, of the cells a walker cannot reach.

    Parameters
    ----------
    maze : Maze
    start : tuple of int, optional
        Where the walker starts; defaults to ``maze.start``. Without either,
        the cells outside the largest connected component are unreachable
        (ties go to the component holding the lowest cell).

    Returns
    -------
    numpy.ndarray of bool
        ``True`` for cells that exist but cannot be reached; masked cells are ``False``.

    Examples
    --------
    >>> from tremaux.maze.properties import unreachable
    >>> from tremaux.maze import Maze
    >>> import numpy as np
    >>> m = Maze(np.array([[2, 8, 0]], dtype=np.uint8))
    >>> unreachable(m).tolist()
    [[False, False, True]]
    >>> unreachable(m, start=(0, 2)).tolist()
    [[True, True, False]]
    """
    if start is None:
        start = maze.start
    if start is not None:
        dist = kg.distances(maze.flat, maze.index(start), *maze.shape3)
        out = (dist < 0) & maze.flat_mask
        return out.reshape(maze.shape)
    labels, count = components(maze)
    if count <= 1:
        return np.zeros(maze.shape, dtype=bool)
    sizes = np.bincount(labels[labels >= 0].reshape(-1), minlength=count)
    biggest = int(np.argmax(sizes))
    return (labels != biggest) & (labels >= 0)


def unreachable_count(maze: Maze, start=None) -> int:
    """Number of cells :func:`unreachable` marks.

    Parameters
    ----------
    maze : Maze
        The maze to measure.
    start : tuple of int, optional
        Where the walk starts; see :func:`unreachable`.

    Returns
    -------
    int
        Cells that cannot be reached.

    Examples
    --------
    >>> from tremaux.maze.properties import unreachable_count
    >>> from tremaux.maze import Maze
    >>> unreachable_count(Maze.closed((2, 2), start=(0, 0)))
    3
    """
    return int(np.count_nonzero(unreachable(maze, start)))


def _cell_list(cell) -> list[int] | None:
    return None if cell is None else [int(x) for x in cell]


def summary(maze: Maze) -> dict:
    """Every property of ``maze`` in one JSON-ready dictionary (what ``tremaux info`` shows).

    Keys: ``shape``, ``levels``, ``cells`` (existing cells), ``masked``,
    ``passages``, ``walls`` (see :func:`wall_count`), ``components``,
    ``perfect``, ``loops``, ``islands``, ``dead_ends``, ``unreachable``
    (see :func:`unreachable`), ``degrees`` (how many cells have each degree),
    ``start``, ``goal``, and ``solution_length``: passages on a shortest walk
    from start to goal, ``None`` without both or when the goal cannot be
    reached (the name :func:`tremaux.measure.maze_stats` and
    :func:`tremaux.grids.grid_stats` give it). ``distance``, the same number,
    is deprecated: it will be removed; read ``solution_length``.
    Raises :class:`~tremaux.errors.MemoryLimitError` when the arrays it
    needs would not fit the memory budget (:mod:`tremaux.budget`).

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    dict
        The keys listed above, with JSON types (lists, not tuples).

    Examples
    --------
    >>> from tremaux.maze.properties import summary
    >>> from tremaux.maze import Maze
    >>> s = summary(Maze.open((2, 3), start=(0, 0), goal=(1, 2)))
    >>> s["cells"], s["passages"], s["walls"], s["loops"], s["perfect"], s["solution_length"]
    (6, 7, 0, 2, False, 3)
    >>> s["degrees"]
    {'2': 4, '3': 2}
    """
    from .. import budget

    budget.check(budget.measure_bytes(maze.flat.shape[0]), f"measuring a {' x '.join(map(str, maze.shape))} maze")
    n = maze.size
    # one labelling and one search serve several entries; each big array is
    # dropped before the next kernel runs, to keep the peak memory low
    labels, ncomp = components(maze)
    if maze.start is None:
        if ncomp <= 1:
            unreach = 0
        else:
            sizes = np.bincount(labels[labels >= 0].reshape(-1), minlength=ncomp)
            unreach = int(n - sizes.max())
        del labels
        distance = None
    else:
        del labels
        dist = kg.distances(maze.flat, maze.index(maze.start), *maze.shape3)
        unreach = int(np.count_nonzero((dist < 0) & maze.flat_mask))
        distance = None
        if maze.goal is not None:
            d = int(dist[maze.index(maze.goal)])
            distance = d if d >= 0 else None
        del dist
    deg = _degrees(maze.flat)
    if maze.mask is not None:
        deg = deg[maze.flat_mask]
    hist = np.bincount(deg, minlength=1)
    del deg
    passages = maze.passages
    return {
        "shape": list(maze.shape),
        "levels": maze.levels,
        "cells": n,
        "masked": int(maze.cells.size - n),
        "passages": passages,
        "walls": wall_count(maze),
        "components": ncomp,
        "perfect": passages == n - 1 and ncomp == 1,
        "loops": passages - (n - ncomp),
        "islands": island_count(maze),
        "dead_ends": int(hist[1]) if hist.size > 1 else 0,
        "unreachable": unreach,
        "degrees": {str(k): int(v) for k, v in enumerate(hist) if v},
        "start": _cell_list(maze.start),
        "goal": _cell_list(maze.goal),
        "solution_length": distance,
        "distance": distance,  # deprecated: the old name of solution_length
    }
