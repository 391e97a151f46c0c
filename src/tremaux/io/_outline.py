"""The cells of a picture that lie outside the maze's drawn outline: its masked cells, when no note names them.

tremaux draws a masked cell blank: no wall of its own, not even on the outer
border. So a group of cells joined by undrawn walls whose every side on the
border is open, and which holds neither the start nor the goal, lies outside
the outline: it is masked. A maze's entrance is no such group, because the
cells behind a gap in the outer wall join the rest of the maze, whose other
border sides are walled. A masked group enclosed by maze cells, touching no
border, cannot be told from cells walled off from the maze; it reads as such.

A ragged outline (a disc, a diamond) leaves the picture's outer rows mostly
blank; the outer wall's thickness is then read from the depth of the wall
pixels along each edge (:func:`edge_thickness`).
"""

from __future__ import annotations

import numpy as np

from ..maze.model import Maze


def outside(cells: np.ndarray, east: np.ndarray, south: np.ndarray,
            ends: tuple[tuple[int, int] | None, ...] = ()) -> np.ndarray | None:
    """The cells outside the outline (see the module), or ``None`` when there are none.

    Parameters
    ----------
    cells : numpy.ndarray
        ``(H, W)`` passage bits read from the picture.
    east, south : numpy.ndarray
        ``(H, W + 1)`` and ``(H + 1, W)`` flags, True where a wall is drawn (the outer ones included).
    ends : tuple of (int, int) or None
        The start and goal read from the cells' colours: their groups are the maze.

    Returns
    -------
    numpy.ndarray of bool or None
        ``(H, W)``, True on the cells outside.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.io._outline import outside
    >>> cells = np.zeros((1, 3), np.uint8)  # three walled-in cells; the last one's border sides are not drawn
    >>> east = np.array([[True, True, True, False]])
    >>> south = np.array([[True, True, False], [True, True, False]])
    >>> outside(cells, east, south).tolist()
    [[False, False, True]]
    """
    from ..maze.properties import components

    H, W = cells.shape
    opened = np.zeros((H, W), np.int64)
    walled = np.zeros((H, W), np.int64)
    for side, at in ((south[0], (0, slice(None))), (south[H], (H - 1, slice(None))),
                     (east[:, 0], (slice(None), 0)), (east[:, W], (slice(None), W - 1))):
        opened[at] += ~side
        walled[at] += side
    if not opened.any():
        return None
    labels, count = components(Maze(cells))
    flat = labels.ravel()
    out = (np.bincount(flat, opened.ravel(), count) > 0) & (np.bincount(flat, walled.ravel(), count) == 0)
    for end in ends:
        if end is not None:
            out[labels[end]] = False
    cut = out[labels]
    return cut if cut.any() and not cut.all() else None


def edge_thickness(box: np.ndarray) -> int:
    """The outer wall's thickness where the outline is ragged: on each side of ``box``, the most common depth of
    the wall pixels on its edge (a wall along the edge is as deep as it is thick; one meeting it is deeper), the
    thinnest side's.

    Parameters
    ----------
    box : numpy.ndarray of bool
        The wall pixels, cropped to the walls.

    Returns
    -------
    int
        Pixels.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.io._outline import edge_thickness
    >>> box = np.zeros((12, 12), bool)
    >>> box[:2, 4:] = box[:, -2:] = box[-2:, :] = box[4:, :2] = True  # a notch at the top left corner
    >>> edge_thickness(box)
    2
    """
    depths = []
    for side in (box, box[::-1], box.T, box.T[::-1]):
        first = side[0]
        if not first.any():
            return 0
        down = side[:, first]  # the edge's wall columns, inward
        depth = np.where(down.all(axis=0), side.shape[0], np.argmin(down, axis=0))  # to the first open pixel
        depths.append(int(np.argmax(np.bincount(depth)[1:]) + 1))
    return min(depths)
