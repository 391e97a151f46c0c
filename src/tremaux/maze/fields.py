"""Cell arrays of the two trivial mazes: every wall standing, every inner wall removed.

:meth:`Maze.closed <tremaux.maze.model.Maze.closed>` and
:meth:`Maze.open <tremaux.maze.model.Maze.open>` wrap these; generators start
from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .cells import check_shape
from .checks import check_mask

__all__ = ["closed_cells", "open_cells"]


def closed_cells(shape: Sequence[int]) -> np.ndarray:
    """The ``uint8`` side bits of a maze with every wall standing.

    Parameters
    ----------
    shape : sequence of int
        ``(H, W)`` or ``(L, H, W)`` (checked).

    Returns
    -------
    numpy.ndarray of uint8
        Zeros of that shape.

    Raises
    ------
    MemoryLimitError
        When the maze would not fit the memory budget (:mod:`tremaux.budget`); the message names both.

    Examples
    --------
    >>> from tremaux.maze.fields import closed_cells
    >>> closed_cells((1, 2)).tolist()
    [[0, 0]]
    """
    L, H, W = check_shape(shape)
    dims = (H, W) if len(tuple(shape)) == 2 else (L, H, W)
    _check_memory(dims, 1)
    return np.zeros(dims, np.uint8)


def open_cells(shape: Sequence[int], mask: Any = None) -> tuple[np.ndarray, np.ndarray | None]:
    """The side bits of an open field: every pair of neighbouring existing cells joined.

    Parameters
    ----------
    shape : sequence of int
        ``(H, W)`` or ``(L, H, W)`` (checked).
    mask : array_like of bool, optional
        The cells that exist (``True``); no passage leads to a masked cell.

    Returns
    -------
    cells : numpy.ndarray of uint8
        The side bits, shaped like ``shape``.
    mask : numpy.ndarray of bool or None
        The checked mask (``None`` when every cell exists).

    Raises
    ------
    MemoryLimitError
        When the maze would not fit the memory budget (:mod:`tremaux.budget`); the message names both.

    Examples
    --------
    >>> from tremaux.maze.fields import open_cells
    >>> open_cells((1, 2))[0].tolist()
    [[2, 8]]
    """
    L, H, W = check_shape(shape)
    threed = len(tuple(shape)) == 3
    _check_memory((L, H, W) if threed else (H, W), 1 if mask is None else 4)  # a mask: its copy and negations
    c = np.zeros((L, H, W), np.uint8)
    c[:, 1:, :] |= 1
    c[:, :, :-1] |= 2
    c[:, :-1, :] |= 4
    c[:, :, 1:] |= 8
    if threed:
        c[:-1] |= 16
        c[1:] |= 32
    mk = None if mask is None else check_mask(mask, (L, H, W) if threed else (H, W))
    if mk is not None:
        m3 = mk.reshape(L, H, W)
        c[~m3] = 0
        c[:, 1:, :][~m3[:, :-1, :]] &= ~np.uint8(1)
        c[:, :, :-1][~m3[:, :, 1:]] &= ~np.uint8(2)
        c[:, :-1, :][~m3[:, 1:, :]] &= ~np.uint8(4)
        c[:, :, 1:][~m3[:, :, :-1]] &= ~np.uint8(8)
        if threed:
            c[:-1][~m3[1:]] &= ~np.uint8(16)
            c[1:][~m3[:-1]] &= ~np.uint8(32)
    return (c if threed else c[0]), mk


def _check_memory(dims: tuple[int, ...], per_cell: int) -> None:
    """Refuse, before allocating, a maze whose ``per_cell`` bytes a cell would not fit the memory budget."""
    from .. import budget

    budget.check(per_cell * int(np.prod(dims, dtype=object)), f"a {' x '.join(map(str, dims))} maze", None)
