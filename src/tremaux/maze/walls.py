"""Walls of a maze: the interior walls still standing and the islands they form.

:mod:`tremaux.maze.properties` exports these functions too (its :func:`~tremaux.maze.properties.summary`
reports them).

Examples
--------
>>> from tremaux.maze.walls import island_count, wall_count
>>> from tremaux.maze import Maze
>>> wall_count(Maze.closed((2, 2))), island_count(Maze.closed((2, 2)))
(4, 0)
"""

from __future__ import annotations

import numpy as np

from .._lazy import lazy_module
from .model import Maze

# the compiled kernels, loaded on first call (start-up without numba)
kp = lazy_module("tremaux.kernels.properties")

__all__ = ["wall_count", "islands", "island_count"]


def wall_count(maze: Maze) -> int:
    """Interior walls still standing: closed sides between two cells that exist.

    The border of the grid and the sides of masked cells are not counted. A
    perfect ``m x n`` maze keeps ``(m - 1)(n - 1)`` of them.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    int
        Closed sides between two existing cells, each counted once.

    Examples
    --------
    >>> from tremaux.maze.walls import wall_count
    >>> from tremaux.maze import Maze
    >>> wall_count(Maze.closed((3, 4))), wall_count(Maze.open((3, 4)))
    (17, 0)
    """
    return _adjacent_pairs(maze) - maze.passages


def _adjacent_pairs(maze: Maze) -> int:
    """Pairs of neighbouring cells that both exist (where a wall or a passage can be), in NumPy."""
    L, H, W = maze.shape3
    if maze.mask is None:
        return L * (H - 1) * W + L * H * (W - 1) + (L - 1) * H * W
    m = maze.flat_mask.reshape(L, H, W)
    return int(np.count_nonzero(m[:, :, 1:] & m[:, :, :-1]) + np.count_nonzero(m[:, 1:] & m[:, :-1])
               + np.count_nonzero(m[1:] & m[:-1]))


def islands(maze: Maze) -> tuple[np.ndarray, int]:
    """Groups of walls not attached to the outer wall (the *îlots* of imperfect mazes).

    Walls are seen on the lattice of *posts*, the corners of the cells: a wall
    segment joins two neighbouring posts where the cells on its sides are not
    joined by a passage. The outer wall is the border of the grid together with
    every wall next to a masked cell. An island is a connected group of wall
    segments that does not touch the outer wall; a wall follower can walk round
    it for ever. Posts that touch no wall at all (the middle of an open
    ``2 x 2`` room) are not islands, although the room is still a loop (see
    :func:`loop_count`). Each level of a multi-level maze is looked at on its own.

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    labels : numpy.ndarray of int32
        Shape ``(H + 1, W + 1)`` (or ``(L, H + 1, W + 1)``): the island number of
        each post, ``-1`` for posts outside every island.
    count : int
        Number of islands (summed over levels).

    Examples
    --------
    >>> from tremaux.maze.walls import islands
    >>> from tremaux.maze import Maze
    >>> import numpy as np
    >>> # a 3 x 3 ring of cells round a closed middle cell: one island
    >>> ring = Maze(np.array([[6, 10, 12], [5, 0, 5], [3, 10, 9]], dtype=np.uint8))
    >>> from tremaux.maze.properties import loop_count
    >>> islands(ring)[1], loop_count(ring)
    (1, 1)
    >>> islands(Maze.open((2, 2)))[1]  # the middle post stands alone
    0
    """
    L, H, W = maze.shape3
    labels, count = kp.islands(maze.flat, maze.flat_mask, maze.mask is not None, L, H, W, True)
    shape = (H + 1, W + 1) if maze.ndim == 2 else (L, H + 1, W + 1)
    return labels.reshape(shape), int(count)


def island_count(maze: Maze) -> int:
    """Number of islands; see :func:`islands` (this one needs half its memory).

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    int
        Groups of walls not attached to the outer wall.

    Examples
    --------
    >>> from tremaux.maze.walls import island_count
    >>> from tremaux.maze import Maze
    >>> import numpy as np
    >>> island_count(Maze(np.array([[6, 10, 12], [5, 0, 5], [3, 10, 9]], dtype=np.uint8)))
    1
    """
    _, count = kp.islands(maze.flat, maze.flat_mask, maze.mask is not None, *maze.shape3, False)
    return int(count)
