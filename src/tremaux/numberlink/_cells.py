"""How messages name a cell of a puzzle: by row and column counted from 1, as the readers count lines."""

from __future__ import annotations

__all__ = ["at_cell", "cells"]


def at_cell(r: int, c: int) -> str:
    """A cell as messages name it, counted from 1 as the readers count lines and columns.

    Parameters
    ----------
    r, c : int
        The cell's row and column, from 0 (as :meth:`Puzzle.endpoints` gives them).

    Returns
    -------
    str
        ``"row R column C"``, both from 1.

    Examples
    --------
    >>> at_cell(0, 2)
    'row 1 column 3'
    """
    return f"row {int(r) + 1} column {int(c) + 1}"


def cells(n: int) -> str:
    """``n`` cells as messages count them: ``"1 cell"``, ``"3 cells"``.

    Parameters
    ----------
    n : int
        How many.

    Returns
    -------
    str

    Examples
    --------
    >>> cells(1), cells(3)
    ('1 cell', '3 cells')
    """
    return f"{n} cell{'' if n == 1 else 's'}"


def rows(n: int) -> str:
    """``n`` rows as messages count them: ``"1 row"``, ``"3 rows"``.

    Parameters
    ----------
    n : int
        How many.

    Returns
    -------
    str

    Examples
    --------
    >>> rows(1), rows(0)
    ('1 row', '0 rows')
    """
    return f"{n} row{'' if n == 1 else 's'}"
