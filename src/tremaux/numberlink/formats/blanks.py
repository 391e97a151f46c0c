"""Boards whose empty cells are blanks: ``R C``, then ``R`` rows of characters, a space for an empty cell.

``blanks``
    The number of rows and of columns on the first line (``filas columnas``,
    rows first), then one line a row, one character a cell: a space is an
    empty cell and any other character (``0``, letters, digits...) is a label,
    on exactly two cells. A row shorter than ``C`` ends in empty cells (editors
    drop trailing spaces), so a row of empty cells may be an empty line. This
    is how several course projects keep their boards (the file's own reader
    pads rows the same way). Read only.

    A text that also reads as a ``grid`` of separated labels, or whose rows
    hold a ``.``, a tab or more than ``C`` characters, is not taken for this
    format when the format is detected.

Examples
--------
>>> from tremaux.numberlink.formats.blanks import read_blanks
>>> p = read_blanks("2 5|p   p|8   8".replace("|", chr(10)), None, "b")[0]
>>> p.shape, p.labels
((2, 5), ('8', 'p'))
>>> read_blanks("2 3|0 0|".replace("|", chr(10)), None, "b")[0].grid.tolist()
[[1, 0, 1], [0, 0, 0]]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from ...errors import PuzzleFormatError
from ..model import Puzzle, label_order
from ._text import Line, check_side, lines, show

__all__ = ["is_blanks", "read_blanks"]

_HEADER = re.compile(r"^\s*(\d{1,9})\s+(\d{1,9})\s*$")


def _frame(numbered: Sequence[Line]) -> tuple[Line, int, int, list[Line]] | None:
    """``(header line, rows, columns, row lines)`` when the lines are a header ``R C`` then ``R`` lines (and
    nothing but blank lines after them), else ``None``."""
    start = next((i for i, (_, s) in enumerate(numbered) if s.strip()), None)
    if start is None or not (m := _HEADER.match(numbered[start][1])):
        return None
    r, c = int(m.group(1)), int(m.group(2))
    rows = list(numbered[start + 1:start + 1 + r])
    if r < 1 or c < 1 or len(rows) != r or any(s.strip() for _, s in numbered[start + 1 + r:]):
        return None
    return numbered[start], r, c, rows


def _label_grid(numbered: Sequence[Line]) -> bool:
    """Whether the non-blank lines read as a grid of whitespace-separated labels, as many a row, each twice."""
    rows = [s.split() for _, s in numbered if s.strip()]
    counts = Counter(t for row in rows for t in row if t not in (".", "0", "-"))
    return len({len(r) for r in rows}) == 1 and all(n == 2 for n in counts.values())


def is_blanks(numbered: Sequence[Line]) -> bool:
    """Whether the numbered lines (blank ones included) are a ``blanks`` board: ``R C``, then ``R`` rows of at
    most ``C`` characters, a space among them, no ``.`` or tab, a last row of blanks written as a line of its own
    (``2 4`` over one row and a newline is a ``W H`` file cut short), and no grid of separated labels.

    Parameters
    ----------
    numbered : sequence of (int, str)
        All the numbered lines of the text, trailing whitespace removed.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.blanks import is_blanks
    >>> is_blanks([(1, "2 3"), (2, "a a"), (3, "b b")]), is_blanks([(1, "2 3"), (2, "a.a"), (3, "b.b")])
    (True, False)
    >>> is_blanks([(1, "2 5"), (2, "2 5"), (3, "1 1")])  # a grid of separated labels: 2, 5 and 1 each twice
    False
    >>> is_blanks([(1, "2 4"), (2, "1  1"), (3, "")])  # the text "2 4\\n1  1\\n": its last row is not written
    False
    >>> is_blanks([(1, "2 4"), (2, "1  1"), (3, ""), (4, "")])  # "2 4\\n1  1\\n\\n": a last row of blanks
    True
    """
    framed = _frame(numbered)
    if framed is None:
        return False
    _, _, c, rows = framed
    texts = [s for _, s in rows]
    if any(len(s) > c or "." in s or "\t" in s for s in texts) or not any(" " in s for s in texts):
        return False
    if not texts[-1].strip() and rows[-1][0] == numbered[-1][0]:  # the blank after the text's last newline is
        return False  # no row: '2 4' over one row is a 'W H' file cut short (a last row of blanks is a line of its own)
    return not _label_grid(numbered)


def read_blanks(text: str, source: str | None, base: str) -> list[Puzzle]:
    """The board of a ``blanks`` text: ``R C``, then ``R`` rows, a space for an empty cell.

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
    list of Puzzle
        The one puzzle.

    Raises
    ------
    PuzzleFormatError
        No ``R C`` header, fewer rows than ``R``, a row longer than ``C``, or a label not on exactly two cells
        (naming its cells).

    Examples
    --------
    >>> from tremaux.numberlink.formats.blanks import read_blanks
    >>> read_blanks("1 5|a a a".replace("|", chr(10)), None, "b")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 2:5: 'a' appears 3 times (line 2 column 1, line 2 column 3, line 2 column 5); each label must appear exactly twice
    """
    numbered = lines(text)
    body = [ln for ln in numbered if ln[1].strip()]
    if not body or not _HEADER.match(body[0][1]):
        at = body[0] if body else (1, "")
        raise PuzzleFormatError(f"expected the board size 'R C' (rows, columns) first, found {show(at[1].strip())}",
                                line=at[0], column=1, source=source)
    framed = _frame(numbered)
    head = body[0]
    r, c = (int(x) for x in head[1].split())
    check_side(r, c, head[0], source)
    if framed is None:
        after = [ln for ln in numbered if ln[0] > head[0]]
        if len(after) < r:
            raise PuzzleFormatError(f"the header says {r} rows; {len(after)} follow", line=head[0] + len(after) + 1,
                                    column=1, source=source)
        extra = next(ln for ln in after[r:] if ln[1].strip())
        raise PuzzleFormatError(f"a line after the {r} rows of the board: {show(extra[1].strip())}", line=extra[0],
                                column=1, source=source)
    _, _, _, rows = framed
    cells: dict[str, list[tuple[int, int]]] = {}
    for lineno, s in rows:
        if len(s) > c:
            raise PuzzleFormatError(f"row has {len(s)} characters; the header says {c} columns", line=lineno,
                                    column=c + 1, source=source)
        for col, ch in enumerate(s):
            if ch != " ":
                if not ch.isprintable():
                    raise PuzzleFormatError(f"unexpected {show(ch)} in a row", line=lineno, column=col + 1,
                                            source=source)
                cells.setdefault(ch, []).append((lineno, col + 1))
    for ch, where in cells.items():
        if len(where) != 2:
            times = "once" if len(where) == 1 else f"{len(where)} times"
            at = ", ".join(f"line {ln} column {col}" for ln, col in where[:4]) + (", ..." if len(where) > 4 else "")
            raise PuzzleFormatError(f"{show(ch)} appears {times} ({at}); each label must appear exactly twice",
                                    line=where[-1][0], column=where[-1][1], source=source)
    order = label_order(cells)  # '0' is a label here, as any character but the space
    grid = np.zeros((r, c), dtype=np.int32)
    for k, ch in enumerate(order, start=1):
        for lineno, col in cells[ch]:
            grid[lineno - rows[0][0], col - 1] = k
    return [Puzzle(grid, order, name=base)]
