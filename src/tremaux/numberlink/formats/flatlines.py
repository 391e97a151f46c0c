"""Puzzles written on one line each, as Sudoku tools write a grid: the size, a colon, then every cell.

``flat``
    ``RxC:cells`` a line (``6x6:3......4.31..``), the size as rows ``x`` columns (as ``--size`` takes it), then
    the ``R * C`` cells row after row, one character each: ``.`` or ``0`` empty, a digit or a letter a label.
    Several lines are several puzzles; lines starting with ``#`` are comments. Read only.

Examples
--------
>>> from tremaux.numberlink.formats.flatlines import is_flat, read_flat
>>> is_flat(["2x3:1.2.12"]), is_flat(["1.2"])
(True, False)
>>> read_flat("2x3:1.2.12\\n", None, "f")[0].grid.tolist()
[[1, 0, 2], [0, 1, 2]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import InvalidSizeError, PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import check_side, lines
from .grids import entry_names

__all__ = ["is_flat", "read_flat"]

_LINE = re.compile(r"^\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*:\s*(\S*)\s*$")


def is_flat(body: Sequence[str]) -> bool:
    """Whether every non-blank line of ``body`` that is no ``#`` comment is ``RxC:cells``.

    Parameters
    ----------
    body : sequence of str
        The non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.flatlines import is_flat
    >>> is_flat(["# a comment", "6x6:3......4.31........2.....1.4.2......"]), is_flat(["6x6"])
    (True, False)
    """
    rows = [s for s in body if s.strip() and not s.lstrip().startswith("#")]
    return bool(rows) and all(_LINE.match(s) for s in rows)


def read_flat(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzles of ``RxC:cells`` lines (see the module docstring).

    Parameters
    ----------
    text : str
        The file contents.
    source : str or None
        The file name, for messages.
    base : str
        The puzzles' name (numbered when there are several).

    Returns
    -------
    list of Puzzle or PuzzleError
        One puzzle a line, or the error of a line whose numbers break the rules.

    Raises
    ------
    PuzzleFormatError
        A line that is not ``RxC:cells``, or whose count of cells is not ``R * C``.

    Examples
    --------
    >>> from tremaux.numberlink.formats.flatlines import read_flat
    >>> read_flat("2x3:1.2.1\\n", None, "f")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:5: 5 cells after '2x3:'; a 2x3 board (rows x columns) has 6
    """
    found = [(n, s) for n, s in lines(text) if s.strip() and not s.lstrip().startswith("#")]
    if not found:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    out: list[Puzzle | PuzzleError] = []
    for (n, s), name in zip(found, entry_names(base, len(found))):
        m = _LINE.match(s)
        if m is None:
            raise PuzzleFormatError("expected 'RxC:cells' (rows x columns, a colon, then every cell, row after row)",
                                    line=n, column=1, source=source)
        r, c, cells = int(m.group(1)), int(m.group(2)), m.group(3)
        check_side(r, c, n, source)
        if len(cells) != r * c:
            raise PuzzleFormatError(f"{len(cells)} cells after '{r}x{c}:'; a {r}x{c} board (rows x columns) has "
                                    f"{r * c}", line=n, column=m.start(3) + 1, source=source)
        bad = next((i for i, ch in enumerate(cells) if not (ch.isascii() and (ch.isalnum() or ch == "."))), None)
        if bad is not None:
            raise PuzzleFormatError(f"unexpected {cells[bad]!r}; a cell is '.' or '0' (empty), a digit or a letter",
                                    line=n, column=m.start(3) + bad + 1, source=source)
        rows = [[None if ch in ".0" else ch for ch in cells[i * c:(i + 1) * c]] for i in range(r)]
        try:
            out.append(Puzzle.from_rows(rows, name=name))
        except (PuzzleError, InvalidSizeError) as exc:
            out.append(PuzzleFormatError(str(exc), line=n, column=1, source=source))
    return out
