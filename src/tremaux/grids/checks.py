"""The checks every grid builder makes before it allocates: a size, a whole number, the cells a table may hold.

Examples
--------
>>> from tremaux.grids.checks import check_whole, check_size
>>> check_size((3, 4)), check_whole(5, "rings")
((3, 4), 5)
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidSizeError
from ..maze.cells import whole_numbers

__all__ = ["check_size", "check_whole", "check_cells", "LEAST", "MAX_TABLE", "article"]

LEAST = {"size": 1, "rings": 1, "side": 1, "radius": 0}
"""The least value of each grid parameter (rows and columns for ``size``): a grid of one cell is a grid. The
web page takes the same (``tremaux.web.models``)."""

MAX_TABLE = 100_000_000
"""Largest number of side slots (cells x sides) a grid may have (400 MB of neighbour table)."""


def check_size(size: Any, what: str = "size", minimum: int | None = None) -> tuple[int, int]:
    """Validate ``(rows, cols)``.

    Parameters
    ----------
    size : object
        The value given.
    what : str, default "size"
        Its name, for messages.
    minimum : int, optional
        The least rows and columns; by default ``LEAST["size"]``, 1.

    Returns
    -------
    (int, int)
        Rows and columns.

    Raises
    ------
    InvalidSizeError
        For anything but two whole numbers of at least ``minimum``.

    Examples
    --------
    >>> from tremaux.grids.checks import check_size
    >>> check_size([3, 4])
    (3, 4)
    >>> check_size((0, 4))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: grid size 0 x 4 is invalid: every dimension must be at least 1
    """
    try:
        dims = whole_numbers(size)
    except TypeError:
        raise InvalidSizeError(f"grid {what} {size!r} is not a pair of whole numbers (rows, cols)") from None
    if len(dims) != 2:
        raise InvalidSizeError(f"grid {what} {size!r} must be (rows, cols)")
    minimum = LEAST["size"] if minimum is None else minimum
    if min(dims) < minimum:
        raise InvalidSizeError(f"grid {what} {dims[0]} x {dims[1]} is invalid: every dimension must be at least "
                               f"{minimum}")
    return dims  # type: ignore[return-value]


def check_whole(value: Any, what: str, minimum: int | None = None) -> int:
    """Validate a whole-number parameter.

    Parameters
    ----------
    value : object
        The value given.
    what : str
        Its name, for messages.
    minimum : int, optional
        The least value; by default ``LEAST[what]`` (1 for a name it has not).

    Returns
    -------
    int
        The value.

    Raises
    ------
    InvalidSizeError
        For anything but a whole number of at least ``minimum``.

    Examples
    --------
    >>> from tremaux.grids.checks import check_whole
    >>> check_whole(5, "rings")
    5
    >>> check_whole(2.5, "rings")
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: grid rings 2.5 is not a whole number
    """
    try:
        (value,) = whole_numbers((value,))
    except TypeError:
        raise InvalidSizeError(f"grid {what} {value!r} is not a whole number") from None
    minimum = LEAST.get(what, 1) if minimum is None else minimum
    if value < minimum:
        raise InvalidSizeError(f"grid {what} {value} is invalid: it must be at least {minimum}")
    return int(value)


def check_cells(cells: int, sides: int, what: str, *, kept: int | None = None, lazy: bool = False,
                extra: int = 0) -> None:
    """Refuse grids whose neighbour table would be absurdly large, or whose building is over the memory limit.

    The memory needed (:func:`tremaux.grids.cost.build_bytes`, and :func:`~tremaux.grids.cost.masked_bytes`
    for a grid cut to a shape) is checked with :func:`tremaux.budget.check` before anything is allocated.

    Parameters
    ----------
    cells : int
        Cells of the grid.
    sides : int
        Sides per cell.
    what : str
        The grid, for the message.
    kept : int, optional
        Cells kept when the grid is cut to a shape (the hexagon, the triangle) from ``cells``.
    lazy : bool, default False
        An arithmetic grid, whose tables are built only when asked for.
    extra : int, default 0
        Bytes a cell of the builder's own arrays (see :func:`tremaux.grids.cost.build_bytes`).

    Raises
    ------
    InvalidSizeError
        When ``cells * sides`` is over the limit.
    MemoryLimitError
        When building the grid needs more memory than the limit (naming both).

    Examples
    --------
    >>> from tremaux.grids.checks import check_cells
    >>> check_cells(100, 6, "a hex grid")
    >>> check_cells(10**12, 6, "a hex grid")
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: a hex grid has 1,000,000,000,000 cells of 6 sides; the limit is ...
    """
    if cells * sides > MAX_TABLE:
        raise InvalidSizeError(f"{what} has {cells:,} cells of {sides} sides; the limit is "
                               f"{MAX_TABLE // sides:,} cells")
    from . import cost

    need = cost.build_bytes(cells, sides, lazy=lazy, extra=extra)
    if kept is not None:
        need = max(need, cost.masked_bytes(cells, kept, sides))
    cost.check(need, f"building {what}")


def article(word: str) -> str:
    """``"an"`` before a vowel sound's letter, else ``"a"``: for messages naming a grid.

    Parameters
    ----------
    word : str
        The word that follows.

    Returns
    -------
    str
        ``"a"`` or ``"an"``.

    Examples
    --------
    >>> from tremaux.grids.checks import article
    >>> article("upsilon grid"), article("hex grid")
    ('an', 'a')
    """
    return "an" if word[:1].lower() in "aeiou" else "a"
