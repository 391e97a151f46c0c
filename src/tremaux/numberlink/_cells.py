"""How messages name cells of a puzzle: by row and column counted from 1, as the readers count lines.

And how a row of text holds its cells (:func:`tokens`), read alike by :meth:`.Puzzle.from_rows` and the grid format.
"""

from __future__ import annotations

import math
import numbers
import re
from typing import Any

__all__ = ["at_cell", "cells", "row_lengths", "not_a_table", "count_message", "labelled", "cell_label", "MIN_SIDE",
           "MAX_SIDE"]

MIN_SIDE = 1
"""Least height or width of a puzzle: a board of one row is a puzzle (the web page takes the same)."""
MAX_SIDE = 4096
"""Largest height or width of a puzzle."""


def cell_label(x: Any, empty: str) -> str | None:
    """The label a cell of a row of labels holds, ``None`` for an empty cell: ``None``, a missing value (NaN, as a
    pandas table holds a blank cell), ``""``, ``0`` or a character of ``empty``; a whole float is its integer.

    Examples
    --------
    >>> [cell_label(x, ".") for x in (None, float("nan"), ".", 0, 3.0, " B ")]
    [None, None, None, None, '3', 'B']
    """
    if x is None or type(x).__name__ == "NAType" or (isinstance(x, numbers.Real) and math.isnan(x)):
        return None
    if isinstance(x, numbers.Real) and not isinstance(x, numbers.Integral) and math.isfinite(x) and x == int(x):
        x = int(x)  # 3.0, as a table of numbers with blanks holds 3: the label '3'
    text = str(x).strip()
    return None if text in ("", "0", *empty) else text


def labelled(grid: Any) -> bool:
    """Whether ``grid`` is rows of text (``["1.1", "2.2"]``, bytes as a file holds them, or a numpy array of
    them), read by :meth:`.Puzzle.from_rows`, rather than a grid of pair ids.

    Examples
    --------
    >>> labelled(["1.1", "2.2"]), labelled([[1, 0, 1]])
    (True, False)
    """
    kind = getattr(getattr(grid, "dtype", None), "kind", None)
    if kind is not None:  # an array: of rows of text
        return kind in "US" and getattr(grid, "ndim", 0) == 1 and len(grid) > 0
    return isinstance(grid, (list, tuple)) and len(grid) > 0 and all(isinstance(row, (str, bytes)) for row in grid)


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


def row_lengths(grid: Any) -> str:
    """The lengths of the rows of a ragged ``grid``, for a message.

    Parameters
    ----------
    grid : sequence of sequences
        The rows given.

    Returns
    -------
    str
        The first row whose length differs from the first row's, and both lengths.

    Examples
    --------
    >>> row_lengths([[1, 2], [3]])
    'row 2 has 1 cell; row 1 has 2'
    """
    try:
        sizes = [len(row) for row in grid]
    except TypeError:
        return "some rows are single values"
    r = next((i for i, n in enumerate(sizes) if n != sizes[0]), 0)
    return f"row {r + 1} has {cells(sizes[r])}; row 1 has {sizes[0]}"


def not_a_table(grid: Any) -> str:
    """Why ``grid``, a sequence numpy could not make one 2-D array of, is no grid of pair ids, for a message: rows
    of different lengths, text among lists, or a cell that holds several values.

    Parameters
    ----------
    grid : sequence
        The rows given.

    Returns
    -------
    str
        The message.

    Examples
    --------
    >>> not_a_table([[1, 0, 1], [2, 2]])
    'the rows of a puzzle grid differ in length: row 2 has 2 cells; row 1 has 3'
    >>> not_a_table([[1, 0, 1], [[2], 0, 2]])
    'the cell at row 2 column 1 holds [2], not a pair id'
    """
    rows = list(grid)
    text = [isinstance(row, str) for row in rows]
    if any(text) and not all(text):
        other = next(row for row in rows if not isinstance(row, str))
        return f"a puzzle's rows are all text or all lists of pair ids, not text and {type(other).__name__}"
    try:
        same = len({len(row) for row in rows}) == 1
    except TypeError:
        same = False
    if same:
        for r, row in enumerate(rows):
            for c, x in enumerate(row):
                if hasattr(x, "__len__") and not isinstance(x, str):
                    return f"the cell at {at_cell(r, c)} holds {x!r}, not a pair id"
    return f"the rows of a puzzle grid differ in length: {row_lengths(rows)}"


def count_message(label: str, where: list[tuple[int, int]]) -> str:
    """The message for a number that does not appear exactly twice, with the cells where it does.

    Parameters
    ----------
    label : str
        The number as the puzzle shows it.
    where : list of (int, int)
        The cells where it appears, from 0.

    Returns
    -------
    str
        The message.

    Examples
    --------
    >>> count_message("7", [(0, 0)])
    "number '7' appears once, at row 1 column 1; each number must appear exactly twice"
    """
    times = {0: "never", 1: "once", 2: "twice"}.get(len(where), f"{len(where)} times")
    at = ", ".join(at_cell(r, c) for r, c in where)
    return f"number {label!r} appears {times}{', at ' + at if at else ''}; each number must appear exactly twice"


_SEP = re.compile(r"[\s,]")
_TOKEN = re.compile(r"[^\s,]+")


def has_separator(s: str) -> bool:
    """Whether a row separates its cells by whitespace or commas."""
    return _SEP.search(s.strip()) is not None


def tokens(s: str) -> list[tuple[int, str]]:
    """Cells of one row as ``(1-based column, text)``: separated ones, else one character each."""
    if has_separator(s):
        return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(s)]
    off = len(s) - len(s.lstrip())
    return [(off + i + 1, ch) for i, ch in enumerate(s.strip())]
