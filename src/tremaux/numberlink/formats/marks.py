"""Puzzles given as the board size, the number of pairs, then one line for each numbered cell.

``marks``
    ``W H`` (the board's width and height) on a line, the number of pairs ``K`` on the next, then ``2K``
    lines ``row column label``, one for each endpoint (1-based, the row first, as linear-programming and SAT
    course solvers keep their boards). A board whose cells only fit the other way round (a row past ``H``
    that fits in ``W``) is read with its header as ``H W``; a row or column ``0`` anywhere makes every
    position 0-based. Read only.

    Without the count ``K`` (``W H``, then lines ``x y label`` of whole numbers), the lines give the column
    first, as a SAT-encoding course's instances do (``x`` across, ``y`` down, from ``0 0`` at the top left); the
    same rules turn the header and make positions 1-based, and the label ``0`` is a label there. A header ``W H``
    with exactly ``H`` lines of ``W`` = 3 numbers under it stays a grid.

    An endpoint off the board, two endpoints on one cell, a label that is not given twice, or a count of
    lines that is not ``2K``, is an error naming it.

Examples
--------
>>> from tremaux.numberlink.formats.marks import is_marks, read_marks
>>> text = "3 2|2|1 1 7|2 3 7|1 3 8|2 1 8".replace("|", chr(10))
>>> is_marks([(n, s) for n, s in enumerate(text.splitlines(), start=1)])
True
>>> p = read_marks(text, None, "m")[0]
>>> p.grid.tolist(), p.labels
([[1, 0, 2], [2, 0, 1]], ('7', '8'))
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from ...errors import InvalidSizeError, PuzzleError, PuzzleFormatError
from ..model import Puzzle, label_order
from ._text import Line, check_side, lines, show

__all__ = ["is_marks", "read_marks"]

_SIZE = re.compile(r"^\s*(\d{1,9})\s+(\d{1,9})\s*$")
_COUNT = re.compile(r"^\s*(\d{1,9})\s*$")
_MARK = re.compile(r"^\s*(\d{1,9})\s+(\d{1,9})\s+(\S+)\s*$")


def _body(body: Sequence[Line]) -> list[Line]:
    return [(n, s) for n, s in body if s.strip() and not s.lstrip().startswith("#")]


def is_marks(body: Sequence[Line]) -> bool:
    """Whether the non-blank lines ``body`` are the ``marks`` layout: ``W H``, ``K``, then ``2K`` lines
    ``row column label`` (at least the first two of them).

    Parameters
    ----------
    body : sequence of (int, str)
        Numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.marks import is_marks
    >>> is_marks([(1, "7 7"), (2, "1"), (3, "1 1 1"), (4, "7 7 1")]), is_marks([(1, "3 3"), (2, "1.1")])
    (True, False)
    """
    rest = _body(body)
    raw = [(n, s) for n, s in body if s.strip()]
    if len(raw) >= 3 and (size := _SIZE.match(raw[0][1])) and _uncounted(raw, int(size.group(1)),
                                                                        int(size.group(2))):
        return True
    if len(rest) < 4 or not (_SIZE.match(rest[0][1]) and (m := _COUNT.match(rest[1][1]))):
        return False
    return int(m.group(1)) * 2 == len(rest) - 2 and all(_MARK.match(s) for _, s in rest[2:])


def _uncounted(rest: Sequence[Line], w: int, h: int) -> bool:
    """Whether the lines after the header ``W H`` of ``rest`` are ``x y label`` lines of whole numbers, without
    a count: an even number of them (two at least), whose positions fit the board one way or the other (and not
    ``H`` rows of three numbers under ``3 H``: a grid)."""
    marks = [_MARK.match(s) for _, s in rest[1:]]
    if len(marks) < 2 or len(marks) % 2 or not all(m and m.group(3).isdigit() for m in marks) \
            or (w == 3 and len(marks) == h):
        return False
    xs = [int(m.group(1)) for m in marks if m]
    ys = [int(m.group(2)) for m in marks if m]
    if len(set(zip(xs, ys))) != len(xs):  # a cell given twice: rows of a grid of three columns, no positions
        return False
    base = 0 if 0 in xs or 0 in ys else 1
    across, down = max(xs) - base + 1, max(ys) - base + 1
    return (across <= w and down <= h) or (across <= h and down <= w)


def read_marks(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzle of a ``marks`` text: ``W H``, ``K``, then ``row column label`` lines (see the module docstring).

    Parameters
    ----------
    text : str
        The file contents.
    source : str or None
        The file name, for messages.
    base : str
        The puzzle's name.

    Returns
    -------
    list of Puzzle or PuzzleError
        The puzzle, or the error of numbers that break the rules (a label given once).

    Raises
    ------
    PuzzleFormatError
        A line out of the layout, a count of lines that is not ``2K``, an endpoint off the board or two on a
        cell.

    Examples
    --------
    >>> from tremaux.numberlink.formats.marks import read_marks
    >>> read_marks("2 2|1|1 1 a|3 1 a".replace("|", chr(10)), None, "m")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 4:1: the cell at row 3, column 1 is outside the 2x2 (WxH) board (1-based)
    """
    raw = [(n, s) for n, s in lines(text) if s.strip()]
    if len(raw) >= 3 and (size := _SIZE.match(raw[0][1])) and _uncounted(raw, int(size.group(1)),
                                                                        int(size.group(2))):
        return _read_uncounted(raw, source, base)
    body = _body(lines(text))
    if len(body) < 2 or not _SIZE.match(body[0][1]) or not _COUNT.match(body[1][1]):
        at = body[0][0] if body else 1
        raise PuzzleFormatError("expected 'W H' and then the number of pairs, each on a line", line=at, column=1,
                                source=source)
    m = _SIZE.match(body[0][1])
    assert m is not None
    w, h = int(m.group(1)), int(m.group(2))
    k = int(body[1][1])
    marks = []
    for n, s in body[2:]:
        if not (mk := _MARK.match(s)):
            raise PuzzleFormatError(f"expected 'row column label', found {show(s.strip())}", line=n, column=1,
                                    source=source)
        marks.append((n, int(mk.group(1)), int(mk.group(2)), mk.group(3)))
    if len(marks) != 2 * k:
        raise PuzzleFormatError(f"the header gives {k} pairs, so {2 * k} endpoint lines; there are {len(marks)}",
                                line=body[1][0], column=1, source=source)
    base0 = 0 if any(r == 0 or c == 0 for _, r, c, _ in marks) else 1
    rows = max(r for _, r, _, _ in marks) - base0 + 1 if marks else 0
    cols = max(c for _, _, c, _ in marks) - base0 + 1 if marks else 0
    if (rows > h or cols > w) and rows <= w and cols <= h:  # the header as 'H W': the cells only fit that way
        w, h = h, w
    check_side(h, w, body[0][0], source)
    grid: list[list[str | None]] = [[None] * w for _ in range(h)]
    for n, r, c, label in marks:
        if not (0 <= r - base0 < h and 0 <= c - base0 < w):
            raise PuzzleFormatError(f"the cell at row {r}, column {c} is outside the {w}x{h} (WxH) board "
                                    f"({base0}-based)", line=n, column=1, source=source)
        if grid[r - base0][c - base0] is not None:
            raise PuzzleFormatError(f"the cell at row {r}, column {c} is given twice", line=n, column=1,
                                    source=source)
        grid[r - base0][c - base0] = label
    try:
        return [Puzzle.from_rows(grid, name=base)]
    except (PuzzleError, InvalidSizeError) as exc:
        return [PuzzleFormatError(str(exc), line=body[1][0], column=1, source=source)]


def _read_uncounted(body: list[Line], source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzle of ``W H`` then ``x y label`` lines (column first; see the module docstring)."""
    m = _SIZE.match(body[0][1])
    assert m is not None
    w, h = int(m.group(1)), int(m.group(2))
    marks = []
    for n, s in body[1:]:
        mk = _MARK.match(s)
        assert mk is not None
        marks.append((n, int(mk.group(2)), int(mk.group(1)), str(int(mk.group(3)))))  # (line, y, x, label)
    base0 = 0 if any(r == 0 or c == 0 for _, r, c, _ in marks) else 1
    rows = max(r for _, r, _, _ in marks) - base0 + 1
    cols = max(c for _, _, c, _ in marks) - base0 + 1
    if (rows > h or cols > w) and rows <= w and cols <= h:  # the header as 'H W': the cells only fit that way
        w, h = h, w
    check_side(h, w, body[0][0], source)
    grid = np.zeros((h, w), dtype=np.int32)
    where: dict[str, list[tuple[int, int, int]]] = {}
    for n, r, c, label in marks:
        if grid[r - base0, c - base0]:
            raise PuzzleFormatError(f"the cell at x {c}, y {r} is given twice", line=n, column=1, source=source)
        where.setdefault(label, []).append((n, r - base0, c - base0))
        grid[r - base0, c - base0] = -1
    for label, cells in where.items():
        if len(cells) != 2:
            times = "once" if len(cells) == 1 else f"{len(cells)} times"
            return [PuzzleFormatError(f"label {label!r} is given {times}; each label must be given exactly twice",
                                      line=cells[-1][0], column=1, source=source)]
    order = label_order(where)
    for i, label in enumerate(order, start=1):
        for _, r, c in where[label]:
            grid[r, c] = i
    return [Puzzle(grid, order, name=base)]
