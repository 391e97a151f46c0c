"""The maze of a lattice's walls read from a drawing: its passages, masked cells, start and goal.

Shared by the readers of pictures (:mod:`tremaux.io.image`) and of SVG drawings (:mod:`tremaux.io.svg`), which
find the walls each in its own way and then read them as one.
"""

from __future__ import annotations

import numpy as np

from ..maze.model import Maze
from ._colours import _filled


def maze_of_walls(east: np.ndarray, south: np.ndarray, colour: np.ndarray, mask: np.ndarray | None = None,
                  left: np.ndarray | None = None) -> Maze:
    """The maze whose walls are ``east`` and ``south``, its ends from the cells' colours or the outer wall's gaps.

    Parameters
    ----------
    east, south : numpy.ndarray
        ``(H, W + 1)`` and ``(H + 1, W)`` flags, True where a wall is drawn (the outer ones included).
    colour : numpy.ndarray
        ``(H, W, 3)`` signed colours of the cells' middles: a clear red one is the start, a green one the goal.
    mask : numpy.ndarray, optional
        The cells that exist, when known; otherwise the cells outside the drawn outline are masked
        (:mod:`tremaux.io._outline`).
    left : numpy.ndarray, optional
        ``(H, W, 3)`` colours a quarter of a cell from the left edge: a cell that is both the start and the goal
        is drawn green with its left half red, so its middle shows the goal only.

    Returns
    -------
    Maze
        The maze; without a coloured start (goal), the first (second) gap in the outer wall in reading order.
    """
    H, W = south.shape[0] - 1, east.shape[1] - 1
    colour = colour.copy()
    cells = np.zeros((H, W), dtype=np.uint8)
    cells[:, :-1] |= np.where(east[:, 1:-1], 0, 2).astype(np.uint8)
    cells[:, 1:] |= np.where(east[:, 1:-1], 0, 8).astype(np.uint8)
    cells[:-1] |= np.where(south[1:-1], 0, 4).astype(np.uint8)
    cells[1:] |= np.where(south[1:-1], 0, 1).astype(np.uint8)
    gaps = _border_gaps(east, south, H, W)
    if mask is None and gaps:  # no note: the cells outside the drawn outline are masked (see _outline)
        from ._outline import outside

        cut = outside(cells, east, south, (_filled(colour, 0), _filled(colour, 1)))
        mask = None if cut is None else ~cut
    if mask is not None:  # masked cells are blank: no passage into them, no start or goal there
        cells[~mask] = 0
        cells[:, :-1] &= np.where(mask[:, 1:], 255, 255 ^ 2).astype(np.uint8)
        cells[:, 1:] &= np.where(mask[:, :-1], 255, 255 ^ 8).astype(np.uint8)
        cells[:-1] &= np.where(mask[1:], 255, 255 ^ 4).astype(np.uint8)
        cells[1:] &= np.where(mask[:-1], 255, 255 ^ 1).astype(np.uint8)
        gaps = [g for g in gaps if mask[g]]
        colour[~mask] = 0
    if left is not None and mask is not None:
        left = left.copy()
        left[~mask] = 0
    start = _filled(colour, 0) or (_filled(left, 0) if left is not None else None) or (gaps[0] if gaps else None)
    goal = _filled(colour, 1) or (gaps[1] if len(gaps) > 1 else None)
    return Maze(cells, mask=mask, start=start, goal=goal)


def _border_gaps(east: np.ndarray, south: np.ndarray, H: int, W: int) -> list[tuple[int, int]]:
    """Cells beside an opening in the outer wall, in reading order (top, then the sides row by row, then bottom)."""
    out = [(0, j) for j in range(W) if not south[0, j]]
    for i in range(H):
        out += [(i, 0)] if not east[i, 0] else []
        out += [(i, W - 1)] if not east[i, W] else []
    out += [(H - 1, j) for j in range(W) if not south[H, j]]
    return list(dict.fromkeys(out))
