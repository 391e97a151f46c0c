"""The grid's vocabulary: cells, sides (:class:`Direction`) and the size a maze may have.

:mod:`tremaux.maze.model` builds the maze on these; they are apart so that
the model module holds the :class:`~tremaux.maze.model.Maze` alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from enum import IntEnum
from typing import Any

from .._lazy import lazy_module
from ..errors import CellError, InvalidSizeError

# the compiled kernels' direction tables, loaded on first use (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")

__all__ = ["Direction", "MAX_CELLS", "Cell", "check_shape", "direction_index", "whole_numbers"]

NDIR = 6
"""Number of sides a cell of the square grid has (N, E, S, W, then U and D between levels)."""

Cell = tuple[int, ...]
"""A cell: ``(row, col)`` in a single-level maze, ``(level, row, col)`` otherwise."""

MAX_CELLS = 1_000_000_000
"""Largest number of cells (one byte each) a maze may have."""


class Direction(IntEnum):
    """Sides of a cell, in the order algorithms try them.

    Examples
    --------
    >>> from tremaux import Direction
    >>> Direction.N.bit, Direction.W.bit, Direction.U.bit
    (1, 8, 16)
    >>> Direction.E.opposite
    <Direction.W: 3>
    """

    N = 0
    E = 1
    S = 2
    W = 3
    U = 4
    D = 5

    @property
    def bit(self) -> int:
        """The bit of this side in a cell value."""
        return 1 << int(self)

    @property
    def opposite(self) -> Direction:
        """The side facing this one."""
        return Direction(int(kg.OPPOSITE[int(self)]))

    @property
    def step(self) -> tuple[int, int, int]:
        """``(dlevel, drow, dcol)`` of one move this way."""
        d = int(self)
        return int(kg.DL[d]), int(kg.DR[d]), int(kg.DC[d])


def whole_numbers(values: Any) -> tuple[int, ...]:
    """``values`` as a tuple of ``int``; ``TypeError`` unless each one is a whole number.

    A bool, a fraction, an infinity, NaN or text is not a whole number (``2.0`` and numpy integers are);
    the callers turn the ``TypeError`` into their own one-line error.

    Parameters
    ----------
    values : iterable
        The numbers, e.g. a size or a cell.

    Returns
    -------
    tuple of int
        The same numbers.

    Raises
    ------
    TypeError
        For anything but an iterable of whole numbers.

    Examples
    --------
    >>> from tremaux.maze.cells import whole_numbers
    >>> whole_numbers([3, 4.0])
    (3, 4)
    >>> whole_numbers((True, 3))
    Traceback (most recent call last):
    ...
    TypeError: True is not a whole number
    """
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{values!r} is text, not numbers")
    out = []
    for x in values:
        if isinstance(x, bool) or getattr(getattr(x, "dtype", None), "kind", "") == "b":
            raise TypeError(f"{x!r} is not a whole number")
        try:
            v = int(x)
        except (OverflowError, ValueError):
            raise TypeError(f"{x!r} is not a whole number") from None
        if v != x:
            raise TypeError(f"{x!r} is not a whole number")
        out.append(v)
    return tuple(out)


def check_shape(shape: Any) -> tuple[int, int, int]:
    """Validate a maze shape and return it as ``(L, H, W)``.

    Parameters
    ----------
    shape : tuple of int
        ``(H, W)`` or ``(L, H, W)``.

    Returns
    -------
    tuple of int
        ``(L, H, W)``: the number of levels (1 for a flat maze), rows and columns.

    Raises
    ------
    InvalidSizeError
        For a malformed, non-positive or absurdly large shape.

    Examples
    --------
    >>> from tremaux.maze import check_shape
    >>> check_shape((3, 4))
    (1, 3, 4)
    >>> check_shape((0, 4))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: maze size 0 x 4 is invalid: every dimension must be at least 1
    """
    try:
        if isinstance(shape, (Set, Mapping)) or not hasattr(shape, "__len__"):  # no order, or read once
            raise TypeError(shape)
        dims = whole_numbers(shape)
    except TypeError:
        raise InvalidSizeError(f"maze size {shape!r} is not a tuple of whole numbers") from None
    if len(dims) not in (2, 3):
        raise InvalidSizeError(
            f"maze size {shape!r} must have 2 (rows, cols) or 3 (levels, rows, cols) dimensions"
        )
    text = " x ".join(map(str, dims))
    if min(dims) < 1:
        raise InvalidSizeError(f"maze size {text} is invalid: every dimension must be at least 1")
    total = 1
    for x in dims:
        total *= x
    if total > MAX_CELLS:
        raise InvalidSizeError(
            f"maze size {text} has {total:,} cells; the limit is {MAX_CELLS:,}"
        )
    return (1, *dims) if len(dims) == 2 else dims  # type: ignore[return-value]


_DIRECTION_WORDS = ("NORTH", "EAST", "SOUTH", "WEST", "UP", "DOWN")


def direction_index(direction: Direction | str | int) -> int:
    """The side number (0..5) of ``direction``: a :class:`Direction`, its letter or its number.

    Parameters
    ----------
    direction : Direction, str or int
        ``Direction.E``, ``"E"`` (or ``"east"``) or ``1``.

    Returns
    -------
    int
        The side number.

    Raises
    ------
    CellError
        For anything else.

    Examples
    --------
    >>> from tremaux import Direction
    >>> from tremaux.maze.cells import direction_index
    >>> direction_index("east"), direction_index(Direction.W), direction_index(2)
    (1, 3, 2)
    """
    if isinstance(direction, str):
        word = direction.strip().upper()
        if word in _DIRECTION_WORDS:  # a letter or the whole word: 'nope' is not north
            word = word[:1]
        try:
            return int(Direction[word])
        except KeyError:
            raise CellError(f"unknown direction {direction!r}; use N, E, S, W, U or D") from None
    try:
        (d,) = whole_numbers((direction,))
    except TypeError:
        raise CellError(f"unknown direction {direction!r}; use N, E, S, W, U or D, or 0..5") from None
    if not 0 <= d < NDIR:
        raise CellError(f"unknown direction {direction!r}; use 0..5 (N, E, S, W, U, D)")
    return d
