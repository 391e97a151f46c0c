"""Checking what a maze is built from: the cell array, the mask, the passages and a cell.

:class:`~tremaux.maze.model.Maze` calls these on construction; each raises
one of the :mod:`tremaux.errors` that names the bad value: a passage open
from one side only, leading off the grid or into a masked cell, a cell with
unknown bits, a start outside the grid.

Examples
--------
>>> from tremaux.maze.checks import check_cells, check_passages
>>> import numpy as np
>>> cells, shape3 = check_cells([[2, 8]])
>>> cells.dtype, shape3
(dtype('uint8'), (1, 1, 2))
>>> check_passages(np.array([[2, 0]], dtype=np.uint8), None)
Traceback (most recent call last):
...
tremaux.errors.InvalidMazeError: passage E of cell (0, 0) is open from one side only: (0, 1) has no W side open
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._lazy import lazy_module
from ..errors import CellError, InvalidMazeError
from .cells import Cell, Direction, check_shape, whole_numbers

# the compiled kernels, loaded on first call (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")

__all__ = ["check_cells", "check_mask", "check_passages", "check_cell"]


def check_cells(cells: Any) -> tuple[np.ndarray, tuple[int, int, int]]:
    """The cells as a C-contiguous ``uint8`` array of 2 or 3 dimensions, and its ``(L, H, W)``.

    Parameters
    ----------
    cells : array_like of int
        ``(H, W)`` or ``(L, H, W)`` side bits, 0 to 63.

    Returns
    -------
    (numpy.ndarray, (int, int, int))
        The array (``cells`` itself when it already fits) and its shape as levels, rows, columns.

    Raises
    ------
    InvalidMazeError
        For an array of another dimension, or values that are not side bits.
    InvalidSizeError
        For an empty or absurdly large grid.

    Examples
    --------
    >>> from tremaux.maze.checks import check_cells
    >>> check_cells([[0, 1], [4, 0]])[1]
    (1, 2, 2)
    >>> check_cells([[0, 64]])
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: cell (0, 1) has value 64; side bits must be in 0..15 (N=1, E=2, S=4, W=8)
    """
    try:
        arr = np.asarray(cells)
    except (TypeError, ValueError):  # rows of different lengths, or values numpy cannot hold in one array
        raise InvalidMazeError("maze cells must be a rectangular array of side bits (rows of one length)") from None
    if arr.ndim not in (2, 3):
        raise InvalidMazeError(
            f"maze cells must be a 2-D (rows, cols) or 3-D (levels, rows, cols) array, not {arr.ndim}-D"
        )
    shape3 = check_shape(arr.shape)
    if arr.dtype != np.uint8:
        if not np.issubdtype(arr.dtype, np.integer):
            raise InvalidMazeError(
                f"maze cells must be uint8 side bits (0..63), got dtype {arr.dtype}"
            )
        bad = (arr < 0) | (arr > 63)
        if bad.any():  # named where it is, as for a uint8 array (a negative value would wrap round in uint8)
            i = int(np.flatnonzero(bad)[0])
            allowed = "0..15 (N=1, E=2, S=4, W=8)" if arr.ndim == 2 else "0..63 (N, E, S, W, U=16, D=32)"
            raise InvalidMazeError(f"cell {tuple(int(x) for x in np.unravel_index(i, arr.shape))} has value {arr.reshape(-1)[i]}; "
                                   f"side bits must be in {allowed}")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr), shape3


def as_mask(mask: Any) -> np.ndarray:
    """``mask`` as a boolean array: booleans, or numbers that are all 0 or 1.

    Parameters
    ----------
    mask : array_like
        ``True`` (or 1) for each cell that exists.

    Returns
    -------
    numpy.ndarray of bool
        Of the same shape.

    Raises
    ------
    InvalidMazeError
        For ragged rows, text, or numbers other than 0 and 1 (0.5, NaN, 255), whose meaning would be a guess.

    Examples
    --------
    >>> from tremaux.maze.checks import as_mask
    >>> as_mask([[1, 0], [1, 1]]).tolist()
    [[True, False], [True, True]]
    >>> as_mask([[0.5, 1]])
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: a mask holds True/False (or 1/0) for each cell, not other numbers such as 0.5
    """
    if isinstance(mask, (str, bytes, os.PathLike)) or (isinstance(mask, (list, tuple)) and mask
                                                        and all(isinstance(row, str) for row in mask)):
        what = ("a file name" if isinstance(mask, os.PathLike) else "rows of text" if isinstance(mask, (list, tuple))
                else f"a {type(mask).__name__} (a file name or a text)")
        raise InvalidMazeError(f"a mask is an array of True/False for each cell, not {what}: read a mask file with "
                               "tremaux.generators.load_mask(path), or '#'/'.' rows with mask_from_text(text)")
    try:
        m = np.asarray(mask)
    except (TypeError, ValueError):  # rows of different lengths
        raise InvalidMazeError("a mask is a rectangular array of True/False (rows of one length)") from None
    if m.dtype == bool:
        return m
    if m.dtype.kind not in "iuf":
        raise InvalidMazeError(f"a mask holds True/False (or 1/0) for each cell, not values of type {m.dtype}")
    odd = (m != 0) & (m != 1)
    if odd.any():
        raise InvalidMazeError(f"a mask holds True/False (or 1/0) for each cell, not other numbers such as "
                               f"{m[odd].flat[0]}")
    return m.astype(bool)


def check_mask(mask: Any, shape: tuple[int, ...]) -> np.ndarray | None:
    """The mask as a C-contiguous boolean array of ``shape``; ``None`` when it keeps every cell.

    Parameters
    ----------
    mask : array_like of bool or None
        ``False`` for cells that are not part of the maze.
    shape : tuple of int
        The shape of the maze's cells.

    Returns
    -------
    numpy.ndarray of bool or None
        The mask, or ``None`` for no mask (``mask`` is ``None`` or all true).

    Raises
    ------
    InvalidMazeError
        When the shapes differ or the mask leaves no cell.

    Examples
    --------
    >>> from tremaux.maze.checks import check_mask
    >>> check_mask([[True, False]], (1, 2))
    array([[ True, False]])
    >>> check_mask([[True, True]], (1, 2)) is None
    True
    """
    if mask is None:
        return None
    m = np.ascontiguousarray(as_mask(mask))
    if m.shape != tuple(shape):
        raise InvalidMazeError(f"mask shape {m.shape} differs from maze shape {tuple(shape)}")
    if not m.any():
        raise InvalidMazeError("mask leaves no cell in the maze")
    return None if m.all() else m


def check_passages(cells: np.ndarray, mask: np.ndarray | None) -> None:
    """Check that every passage is open from both sides and stays on the grid, out of masked cells.

    Parameters
    ----------
    cells : numpy.ndarray of uint8
        C-contiguous ``(H, W)`` or ``(L, H, W)`` side bits (as :func:`check_cells` returns them).
    mask : numpy.ndarray of bool or None
        The mask, as :func:`check_mask` returns it.

    Raises
    ------
    InvalidMazeError
        Naming the first cell at fault and what is wrong with it.

    Examples
    --------
    >>> from tremaux.maze.checks import check_passages
    >>> import numpy as np
    >>> check_passages(np.array([[2, 8]], dtype=np.uint8), None)
    >>> check_passages(np.array([[1, 0]], dtype=np.uint8), None)
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: passage N of cell (0, 0) leads off the grid
    """
    shape3 = (1, *cells.shape) if cells.ndim == 2 else tuple(cells.shape)
    code, i, d = _first_fault(cells.reshape(shape3), None if mask is None else mask.reshape(shape3))
    if code != kg.OK:
        raise InvalidMazeError(_explain(code, i, d, shape3, cells.ndim, cells.reshape(-1)))


_BLOCK = 1 << 18
"""Cells checked at once by :func:`_first_fault` (whole rows): its temporary arrays stay a few megabytes, so a
100-million-cell maze is validated in little more memory than its cells."""


def _first_fault(cells: np.ndarray, mask: np.ndarray | None) -> tuple[int, int, int]:
    """``(code, flat index, direction)`` of the first fault in row-major order, code ``OK`` if there is none.

    The faults of a block of rows are found at once with NumPy (shifted slices, no division); the first faulty
    cell of the first block that has one is then checked alone, in the order the codes are defined: a masked
    cell with open sides; side bits out of range; then for each open side, in direction order, a passage off
    the grid, into a masked cell, or open from one side only.
    """
    L, H, W = cells.shape
    rows = max(1, _BLOCK // max(W, 1))
    for lv in range(L):
        for r0 in range(0, H, rows):
            r1 = min(H, r0 + rows)
            bad = _faulty(cells, mask, lv, r0, r1).reshape(-1)
            k = int(np.argmax(bad))
            if bad[k]:
                return _cell_fault(cells.reshape(-1), None if mask is None else mask.reshape(-1),
                                   (lv * H + r0) * W + k, L, H, W)
    return kg.OK, -1, -1


def _faulty(cells: np.ndarray, mask: np.ndarray | None, lv: int, r0: int, r1: int) -> np.ndarray:
    """Which cells of rows ``r0:r1`` of level ``lv`` have a fault (``bool``, shaped like those rows)."""
    L, H, W = cells.shape
    block = cells[lv, r0:r1]
    here = None if mask is None else mask[lv, r0:r1]
    bad = (block & np.uint8(~(15 if L == 1 else 63) & 255)) != 0
    if here is not None:
        bad &= here
        bad |= ~here & (block != 0)
    every = slice(None)
    for d in range(6):
        opened = (block & np.uint8(1 << d)) != 0
        if here is not None:
            opened &= here
        if not opened.any():
            continue
        # the block's cells that have a neighbour towards d (target) and those neighbours (source)
        if d == 0:
            a = max(r0, 1)
            target, source = (slice(a - r0, r1 - r0), every), (lv, slice(a - 1, r1 - 1), every)
        elif d == 2:
            b = min(r1, H - 1)
            target, source = (slice(0, b - r0), every), (lv, slice(r0 + 1, b + 1), every)
        elif d == 1:
            target, source = (every, slice(0, W - 1)), (lv, slice(r0, r1), slice(1, W))
        elif d == 3:
            target, source = (every, slice(1, W)), (lv, slice(r0, r1), slice(0, W - 1))
        elif d == 4:
            target, source = ((every, every), (lv + 1, slice(r0, r1), every)) if lv < L - 1 else (None, None)
        else:
            target, source = ((every, every), (lv - 1, slice(r0, r1), every)) if lv > 0 else (None, None)
        wrong = np.ones(block.shape, dtype=bool)  # a side open towards the border leads off the grid
        if target is not None:
            fault = (cells[source] & np.uint8(1 << ((d + 2) % 4 if d < 4 else 9 - d))) == 0
            if mask is not None:
                fault |= ~mask[source]
            wrong[target] = fault
        bad |= opened & wrong
    return bad


def _cell_fault(flat: np.ndarray, flat_mask: np.ndarray | None, i: int, L: int, H: int, W: int) -> tuple[int, int, int]:
    """The first fault of cell ``i`` (it has one), its checks in the order of :func:`_first_fault`."""
    v = int(flat[i])
    if flat_mask is not None and not flat_mask[i]:
        return kg.MASKED_OPEN, i, -1
    if v & ~(15 if L == 1 else 63):
        return kg.BAD_BITS, i, -1
    lv, rest = divmod(i, H * W)
    r, c = divmod(rest, W)
    for d in range(6):
        if not v & (1 << d):
            continue
        move = ((r > 0, -W), (c < W - 1, 1), (r < H - 1, W), (c > 0, -1), (lv < L - 1, W * H), (lv > 0, -W * H))[d]
        if not move[0]:
            return kg.OFF_GRID, i, d
        j = i + move[1]
        if flat_mask is not None and not flat_mask[j]:
            return kg.INTO_MASK, i, d
        if not int(flat[j]) & (1 << ((d + 2) % 4 if d < 4 else 9 - d)):
            return kg.ONE_SIDED, i, d
    raise AssertionError("unreachable: the cell was found faulty")  # pragma: no cover


def check_cell(cell: Any, shape: Sequence[int], mask: np.ndarray | None, what: str) -> Cell:
    """``cell`` as a tuple of ints, checked to lie on the grid of ``shape`` and off the mask.

    Parameters
    ----------
    cell : sequence of int
        ``(row, col)``, or ``(level, row, col)`` when ``shape`` has three dimensions.
    shape : tuple of int
        The shape of the maze's cells.
    mask : numpy.ndarray of bool or None
        The maze's mask.
    what : str
        What the cell is, for the message (``"start"``).

    Returns
    -------
    tuple of int
        The cell.

    Raises
    ------
    CellError
        For a cell that is not whole numbers, has the wrong length, is outside the grid or masked.

    Examples
    --------
    >>> from tremaux.maze.checks import check_cell
    >>> check_cell([1, 2.0], (3, 4), None, "goal")
    (1, 2)
    >>> check_cell((3, 0), (3, 4), None, "goal")
    Traceback (most recent call last):
    ...
    tremaux.errors.CellError: goal (3, 0) is outside the 3 x 4 grid
    """
    ndim = len(shape)
    try:
        t = whole_numbers(cell)
    except TypeError:
        raise CellError(f"{what} {cell!r} is not a tuple of whole numbers") from None
    if len(t) != ndim:
        want = "(row, col)" if ndim == 2 else "(level, row, col)"
        raise CellError(f"{what} {t} must be given as {want}")
    if any(x < 0 or x >= n for x, n in zip(t, shape)):
        dims = " x ".join(map(str, shape))
        raise CellError(f"{what} {t} is outside the {dims} grid")
    if mask is not None and not mask[t]:
        raise CellError(f"{what} {t} is a masked cell, not part of the maze")
    return t


def _explain(code: int, i: int, d: int, shape3: tuple[int, int, int], ndim: int, flat: np.ndarray) -> str:
    L, H, W = shape3
    lv, rest = divmod(i, H * W)
    r, c = divmod(rest, W)
    cell = (r, c) if ndim == 2 else (lv, r, c)
    name = Direction(d).name if d >= 0 else ""
    if code == kg.BAD_BITS:
        allowed = "0..15 (N=1, E=2, S=4, W=8)" if L == 1 else "0..63 (N, E, S, W, U=16, D=32)"
        return f"cell {cell} has value {int(flat[i])}; side bits must be in {allowed}"
    if code == kg.OFF_GRID:
        return f"passage {name} of cell {cell} leads off the grid"
    if code == kg.MASKED_OPEN:
        return f"masked cell {cell} has open sides (value {int(flat[i])})"
    j = int(kg.step(i, d, L, H, W))
    jl, jrest = divmod(j, H * W)
    jr, jc = divmod(jrest, W)
    other = (jr, jc) if ndim == 2 else (jl, jr, jc)
    if code == kg.INTO_MASK:
        return f"passage {name} of cell {cell} leads into masked cell {other}"
    return (
        f"passage {name} of cell {cell} is open from one side only: "
        f"{other} has no {Direction(d).opposite.name} side open"
    )
