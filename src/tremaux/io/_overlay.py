"""A solution drawn over a maze picture in the walls' colour: told from the walls of a maze of twice the cells.

A line through the middles of a maze's cells, as dark as its walls (or
turned dark when a smoothed picture is reduced to black and white), lies on
the lattice of twice the rows and columns: read as walls, it fits that
lattice (:mod:`tremaux.io.image`) and gives a maze of twice the cells.
Such a reading is the coarser maze with a line over it when, on the finer
lattice:

* the walls on its even lines come in pairs, each the two halves of one
  segment of the coarser lattice (walls run from post to post);
* the walls on its odd lines (the coarser cells' middles) come in pairs that
  cross an even line, so that each pair is a step from a coarser cell's
  middle to its neighbour's, through a passage of the coarser maze (never
  through its wall); a half step reaches the outer wall only at an opening;
* the steps make one line without a branch or a loop (a solution's path).

A maze of twice the cells whose walls are like that would be a coarser maze
cut by one line through every cell it crosses: not a maze a generator makes.

Examples
--------
>>> import numpy as np
>>> from tremaux.io._overlay import coarser
>>> east = np.array([[1, 0, 0, 0, 1], [1, 0, 0, 0, 1]], bool)  # 2 x 4 cells: an open room of 1 x 2, a line
>>> south = np.array([[1, 1, 1, 1], [0, 1, 1, 0], [1, 1, 1, 1]], bool)  # through its middles, row 1's walls
>>> e, s = coarser(east, south)
>>> e.astype(int).tolist(), s.astype(int).tolist()
([[1, 0, 1]], [[1, 1], [1, 1]])
>>> coarser(east, np.ones((3, 4), bool)) is None  # walls all along the middle line: a maze of 2 x 4 cells
True
"""

from __future__ import annotations

import numpy as np

__all__ = ["coarser"]


def _halves(line: np.ndarray) -> np.ndarray | None:
    """Segments along the last axis taken two by two (``(..., 2n)`` to ``(..., n)``), or ``None`` when two
    halves of one segment disagree."""
    a, b = line[..., 0::2], line[..., 1::2]
    return None if (a != b).any() else a


def coarser(east: np.ndarray, south: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The walls of the maze of half the rows and columns, when ``east`` and ``south`` are its walls and a line
    through its cells' middles (see the module); else ``None``.

    Parameters
    ----------
    east, south : numpy.ndarray
        ``(H, W + 1)`` and ``(H + 1, W)`` flags, True where a wall is read (the outer ones included).

    Returns
    -------
    tuple of numpy.ndarray or None
        ``(east, south)`` of the maze of ``H / 2`` rows and ``W / 2`` columns.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.io._overlay import coarser
    >>> coarser(np.ones((3, 4), bool), np.ones((4, 3), bool)) is None  # odd numbers of rows and columns
    True
    """
    H, W = east.shape[0], south.shape[1]
    if H % 2 or W % 2:
        return None
    E = _halves(east[:, 0::2].T)  # the coarser lattice's vertical walls, (W/2 + 1, H/2) before turning
    S = _halves(south[0::2])  # (H/2 + 1, W/2)
    if E is None or S is None:
        return None
    E = E.T
    h, w = H // 2, W // 2
    # steps: along the vertical middle lines (H rows of segments a column), paired from the second segment
    v, across = east[:, 1::2].T, south[1::2]  # (w, H) and (h, W)
    down = _halves(v[:, 1:-1])  # (w, h - 1): a step from (i, j) down to (i + 1, j)
    right = _halves(across[:, 1:-1])  # (h, w - 1)
    if down is None or right is None:
        return None
    down = down.T
    if (down & S[1:-1]).any() or (right & E[:, 1:-1]).any():
        return None  # a line through a wall: not a path through the maze
    # half steps to the outer wall: only at an opening of it
    out_top, out_bottom, out_left, out_right = v[:, 0], v[:, -1], across[:, 0], across[:, -1]
    if (out_top & S[0]).any() or (out_bottom & S[-1]).any() or (out_left & E[:, 0]).any() or \
            (out_right & E[:, -1]).any():
        return None
    degree = np.zeros((h, w), np.int64)
    degree[:-1] += down
    degree[1:] += down
    degree[:, :-1] += right
    degree[:, 1:] += right
    degree[0] += out_top
    degree[-1] += out_bottom
    degree[:, 0] += out_left
    degree[:, -1] += out_right
    steps = int(down.sum() + right.sum())
    on = degree > 0
    if steps == 0 or (degree > 2).any() or steps != int(on.sum()) - 1:
        return None  # no line, a branch, or a loop
    return (E, S) if _joined(down, right, on) else None


def _joined(down: np.ndarray, right: np.ndarray, on: np.ndarray) -> bool:
    """Whether the cells ``on`` are joined by the steps ``down`` and ``right`` into one piece."""
    h, w = on.shape
    first = tuple(int(v) for v in np.argwhere(on)[0])
    seen, todo = {first}, [first]
    while todo:
        i, j = todo.pop()
        for ok, cell in ((i + 1 < h and down[i, j], (i + 1, j)), (i > 0 and down[i - 1, j], (i - 1, j)),
                         (j + 1 < w and right[i, j], (i, j + 1)), (j > 0 and right[i, j - 1], (i, j - 1))):
            if ok and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return len(seen) == int(on.sum())
