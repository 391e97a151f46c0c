"""Rows of separated numbers read from arrays of their bytes: the fast path of the separated-cell readers.

A grid of whitespace- or comma-separated numbers (``grid``, ``wh``, BwInf and Copris boards) is read a band of
rows at a time, as arrays of bytes, token starts and token values, with no Python string a cell. Anything
else (a word of letters, an empty field, a row of another length, an unpaired number...) is left to the
reader that goes a cell at a time, which names the fault with its line and column.

Examples
--------
>>> grid, labels = number_rows([(1, "1 0 12"), (2, "12 - 1")])
>>> grid.tolist(), labels
([[1, 0, 2], [2, 0, 1]], ['1', '12'])
>>> number_rows([(1, "1 x 1")]) is None  # a word: left to the other reader
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["number_rows"]

_CHUNK = 1 << 17
"""Bytes read at a time (whole rows)."""
_KIND = np.zeros(256, dtype=np.int8)  # 0 another byte, 1 a separator, 2 a digit, 3 '.' or '-'
_KIND[[ord(" "), ord("\t"), ord(","), ord("\n")]] = 1
_KIND[ord("0"):ord("9") + 1] = 2
_KIND[[ord("."), ord("-")]] = 3


def number_rows(rows: Sequence[tuple[int, str]]) -> tuple[np.ndarray, list[str]] | None:
    """The pair ids and the labels of rows of at least two separated cells, each a number or ``.``, ``-`` or
    zeros (empty), every number twice; ``None`` for anything else.

    Parameters
    ----------
    rows : sequence of (int, str)
        Numbered lines, line ends and trailing whitespace removed.

    Returns
    -------
    (numpy.ndarray, list of str) or None
        The ``(H, W)`` ``int32`` pair ids (pairs numbered by their labels' value) and the labels, or ``None``
        when the rows are not such a grid.

    Examples
    --------
    >>> number_rows([(1, "7,0,7")])[0].tolist()
    [[1, 0, 1]]
    >>> number_rows([(1, "7,,7")]) is None, number_rows([(1, "7\\t\\t7")]) is None  # an empty field
    (True, True)
    """
    if not rows:
        return None
    values: list[np.ndarray] = []
    width = -1
    band: list[str] = []
    size = 0
    for k, (_, s) in enumerate(rows):
        band.append(s)
        size += len(s) + 1
        if size >= _CHUNK or k == len(rows) - 1:
            got = _band("\n".join(band), len(band), width)
            if got is None:
                return None
            values.append(got)
            width = got.shape[1]
            band, size = [], 0
    table = np.concatenate(values) if len(values) > 1 else values[0]
    flat = np.flatnonzero(table)
    numbers = table.ravel()[flat]
    labels, counts = np.unique(numbers, return_counts=True)
    if (counts != 2).any():
        return None
    table.ravel()[flat] = np.searchsorted(labels, numbers) + 1  # the numbers become pair ids, in place
    return table, [str(v) for v in labels.tolist()]


def _band(text: str, nrows: int, width: int) -> np.ndarray | None:
    """The numbers (0 for empty) of ``nrows`` rows joined by line ends, each of ``width`` cells (any number at
    least 2 when ``width`` is -1), or ``None``."""
    if not text.isascii():
        return None
    b = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    kind = _KIND[b]
    if not kind.all():
        return None  # a letter, another space, a sign...
    cell = kind != 1
    edge = np.diff(cell.view(np.int8), prepend=0, append=0)
    start, end = np.flatnonzero(edge == 1), np.flatnonzero(edge == -1)
    line_end = np.flatnonzero(b == ord("\n"))
    row = np.searchsorted(line_end, start)
    per_row = np.bincount(row, minlength=nrows)
    w = int(per_row[0])
    if w < 2 or (per_row != (w if width < 0 else width)).any():
        return None  # rows of other lengths, a one-column grid, a row without separators
    commas = np.concatenate(([0], np.cumsum(b == ord(","), dtype=np.int32)))
    before = commas[start] - commas[np.concatenate(([0], end[:-1]))]  # in the gap before each cell
    first = np.concatenate(([True], row[1:] != row[:-1]))
    if (before > np.where(first, 0, 1)).any() or commas[-1] > commas[end[-1]]:
        return None  # an empty field: two commas in a gap, or one at a row's start or end
    tabs = np.concatenate(([0], np.cumsum(b == ord("\t"), dtype=np.int32)))
    if ((tabs[start] - tabs[np.concatenate(([0], end[:-1]))] > 1) & ~first).any():
        return None  # an empty field between tabs (a tab before a row's first cell indents it)
    length = end - start
    marks = np.concatenate(([0], np.cumsum(kind == 3, dtype=np.int32)))
    marked = marks[end] - marks[start] > 0
    if (marked & (length != 1)).any() or int(length.max()) > 18:
        return None  # '1.5', '-3', '..', or a number of many leading zeros
    value = np.zeros(len(start), dtype=np.int64)
    for j in range(int(length.max())):
        has = (length > j) & ~marked
        digit = b[np.minimum(start + j, len(b) - 1)].astype(np.int64) - ord("0")
        value = np.where(has, value * 10 + digit, value)
    if (value > 999_999_999).any():
        return None  # more than 9 digits: named by the other reader
    return value.astype(np.int32).reshape(nrows, w)
