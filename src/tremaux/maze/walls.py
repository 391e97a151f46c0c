"""Walls of a maze: the interior walls still standing and the islands they form.

:mod:`tremaux.maze.properties` exports these functions too (its :func:`~tremaux.maze.properties.summary`
reports them).

Examples
--------
>>> from tremaux.maze import Maze
>>> wall_count(Maze.closed((2, 2))), island_count(Maze.closed((2, 2)))
(4, 0)
"""

from __future__ import annotations

import numpy as np

from .._lazy import lazy_module
from .model import Maze

# the compiled kernels, loaded on first call (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")

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
    labels, count = _islands(maze, True)
    shape = (H + 1, W + 1) if maze.ndim == 2 else (L, H + 1, W + 1)
    return labels.reshape(shape), count


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
    >>> from tremaux.maze import Maze
    >>> import numpy as np
    >>> island_count(Maze(np.array([[6, 10, 12], [5, 0, 5], [3, 10, 9]], dtype=np.uint8)))
    1
    """
    return _islands(maze, False)[1]


def _islands(maze: Maze, want_labels: bool) -> tuple[np.ndarray, int]:
    """Island labels of the posts (flat, ``int32``; empty without ``want_labels``) and their number.

    The walls become the passages of a maze on the post lattice (``(H + 1) x (W + 1)`` per level; posts without a
    wall are masked out), whose connected components the measures' compiled
    :func:`tremaux.kernels.grid.components` labels in flat order: the islands are the components that touch no
    outer wall segment (the grid's border or a masked cell), renumbered in the same order.
    """
    L, H, W = maze.shape3
    cells = maze.flat.reshape(L, H, W)
    exists = np.ones((L, H, W), dtype=bool) if maze.mask is None else maze.flat_mask.reshape(L, H, W)
    # horizontal segments (r, c)-(r, c + 1) of posts, r = 0..H: the cells above and below them
    rows = np.zeros((L, H + 2, W), dtype=bool)
    rows[:, 1:H + 1] = exists
    outer_h = ~(rows[:, :H + 1] & rows[:, 1:])
    north = np.zeros((L, H + 1, W), dtype=bool)
    north[:, :H] = (cells & 1) != 0  # the cell below the segment is open northwards
    wall_h = outer_h | ~north
    # vertical segments (r, c)-(r + 1, c), c = 0..W: the cells left and right of them
    cols = np.zeros((L, H, W + 2), dtype=bool)
    cols[:, :, 1:W + 1] = exists
    outer_v = ~(cols[:, :, :W + 1] & cols[:, :, 1:])
    west = np.zeros((L, H, W + 1), dtype=bool)
    west[:, :, :W] = (cells & 8) != 0  # the cell right of the segment is open westwards
    wall_v = outer_v | ~west
    posts = np.zeros((L, H + 1, W + 1), dtype=np.uint8)
    posts[:, :, :W] |= wall_h * np.uint8(2)  # E
    posts[:, :, 1:] |= wall_h * np.uint8(8)  # W
    posts[:, :H, :] |= wall_v * np.uint8(4)  # S
    posts[:, 1:, :] |= wall_v * np.uint8(1)  # N
    outer = np.zeros((L, H + 1, W + 1), dtype=bool)
    outer[:, :, :W] |= outer_h
    outer[:, :, 1:] |= outer_h
    outer[:, :H, :] |= outer_v
    outer[:, 1:, :] |= outer_v
    flat = posts.reshape(-1)
    haswall = flat != 0
    flat.flags.writeable = False  # read-only, as the measures pass a maze's cells: one compiled components
    # the levels stacked as one level of L * (H + 1) rows: no segment joins the last post row of a level to the
    # first of the next, so the components are the same, and the search runs faster on one level
    labels, count = kg.components(flat, haswall, True, 1, L * (H + 1), W + 1)
    count = int(count)
    outer_group = np.zeros(count, dtype=bool)
    outer_group[labels[outer.reshape(-1)]] = True  # every outer segment has a wall, so its posts are labelled
    kept = ~outer_group
    islands = int(np.count_nonzero(kept))
    if not want_labels:
        return np.empty(0, dtype=np.int32), islands
    number = np.full(count + 1, -1, dtype=np.int32)  # component -> island number; the last entry serves label -1
    number[:count][kept] = np.arange(islands, dtype=np.int32)
    return number[labels], islands
