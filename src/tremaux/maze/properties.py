"""Properties of a maze, computed from its arrays (never stored twice).

Examples
--------
>>> from tremaux.maze import Maze
>>> m = Maze.open((2, 2))
>>> passage_count(m), is_perfect(m), loop_count(m)
(4, False, 1)
"""

from __future__ import annotations

import numpy as np

from ..kernels import grid as kg
from .model import Maze

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
]


def cell_count(maze: Maze) -> int:
    """Number of cells that are part of the maze (masked cells excluded)."""
    return maze.size


def passage_count(maze: Maze) -> int:
    """Number of open passages between two cells."""
    return maze.passages


def degrees(maze: Maze) -> np.ndarray:
    """Open sides of every cell, shaped like the maze (``-1`` on masked cells).

    Examples
    --------
    >>> from tremaux.maze import Maze
    >>> degrees(Maze.open((2, 3))).tolist()
    [[2, 3, 2], [2, 3, 2]]
    """
    deg = kg.degrees(maze.flat).reshape(maze.shape)
    if maze.mask is not None:
        deg = np.where(maze.mask, deg, np.int8(-1)).astype(np.int8)
    return deg


def components(maze: Maze) -> tuple[np.ndarray, int]:
    """Connected components through open passages.

    Returns
    -------
    labels : numpy.ndarray of int32
        Component number of each cell, shaped like the maze; ``-1`` on masked cells.
    count : int
        Number of components.
    """
    labels, count = kg.components(maze.flat, maze.flat_mask, maze.mask is not None, *maze.shape3)
    return labels.reshape(maze.shape), int(count)


def component_count(maze: Maze) -> int:
    """Number of connected components."""
    return components(maze)[1]


def is_connected(maze: Maze) -> bool:
    """True when every cell can reach every other cell."""
    return component_count(maze) == 1


def is_perfect(maze: Maze) -> bool:
    """True for a perfect maze: connected, with exactly ``cells - 1`` passages (a tree)."""
    return maze.passages == maze.size - 1 and is_connected(maze)


def loop_count(maze: Maze) -> int:
    """Passages beyond a spanning forest: the number of independent loops."""
    return maze.passages - (maze.size - component_count(maze))


def distances_from(maze: Maze, cell) -> np.ndarray:
    """Breadth-first distance (in passages) from ``cell`` to every cell; ``-1`` if unreachable.

    Examples
    --------
    >>> from tremaux.maze import Maze
    >>> distances_from(Maze.open((2, 2)), (0, 0)).tolist()
    [[0, 1], [1, 2]]
    """
    d = kg.distances(maze.flat, maze.index(cell), *maze.shape3)
    return d.reshape(maze.shape)
