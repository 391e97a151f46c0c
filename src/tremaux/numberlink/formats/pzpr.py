"""The file puzz.link / pzprjs saves (File > Save: ``pzprv3``) for a Number Link puzzle.

``pzprv3``
    The line ``pzprv3`` (or ``pzprv3.1``...), the puzzle type ``numlin``, the number of rows, the number of
    columns, then the rows of cells separated by spaces (a number, or ``.`` for an empty cell); what follows
    (the lines drawn so far, a history) is the player's and is not read. pzprjs also reads the lines joined by
    ``/`` (``pzprv3/numlin/2/3/1 . 1 /2 . 2 /``), and so does :func:`read_pzprv3`. A cell ``-`` (a hidden
    number, ``?``) is an error naming it, as in a URL.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.formats.pzpr import read_pzprv3, write_pzprv3
>>> read_pzprv3("pzprv3|numlin|2|3|1 . 2 |1 . 2 |0 0 |0 0 |".replace("|", chr(10)), None, "p")[0].grid.tolist()
[[1, 0, 2], [1, 0, 2]]
>>> print(write_pzprv3([Puzzle.from_rows(["1.2", "1.2"])]), end="")
pzprv3
numlin
2
3
1 . 2 
1 . 2 
0 0 
0 0 
0 0 0 
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import PuzzleError, PuzzleFormatError
from .._cells import at_cell
from ..model import Puzzle
from ._text import Line, check_side, lines, show
from .grids import _one
from .gridwrite import pair_numbers
from .puzzlink import PUZZLE_TYPES

__all__ = ["PZPRV3", "is_pzprv3", "read_pzprv3", "write_pzprv3"]

PZPRV3 = re.compile(r"^\s*pzprv3(?:\.\d+)?\s*(?:/|$)")
"""The first line of a pzprjs file (or the start of its ``/``-joined form)."""


def is_pzprv3(first: str) -> bool:
    """Whether ``first``, the first non-blank line of a text, starts a pzprjs file.

    Parameters
    ----------
    first : str
        The line.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.pzpr import is_pzprv3
    >>> is_pzprv3("pzprv3"), is_pzprv3("pzprv3.1/numlin/1/2/1 1 /"), is_pzprv3("pzprv3x")
    (True, True, False)
    """
    return PZPRV3.match(first) is not None


def _fields(text: str) -> list[Line]:
    """The numbered non-blank lines of ``text``; a first line holding ``/`` is the whole file joined by slashes."""
    numbered = [ln for ln in lines(text) if ln[1].strip()]
    if numbered and "/" in numbered[0][1]:
        lineno, first = numbered[0]
        parts = [(lineno, part.rstrip()) for part in first.strip().split("/")]
        return [ln for ln in parts if ln[1].strip()] + numbered[1:]
    return numbered


def read_pzprv3(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The Number Link puzzle of a pzprjs file.

    Parameters
    ----------
    text : str
        The file's contents.
    source : str or None
        The file name, for messages.
    base : str
        The name of the puzzle.

    Returns
    -------
    list of Puzzle or PuzzleError
        The puzzle, or why its cells cannot make one.

    Raises
    ------
    PuzzleFormatError
        Text that is no pzprjs file of a Number Link puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.formats.pzpr import read_pzprv3
    >>> read_pzprv3("pzprv3/numlin/1/3/1 . 1 /0 0 /", None, "p")
    [Puzzle(shape=(1, 3), pairs=1, name='p')]
    >>> read_pzprv3("pzprv3/slither/1/3/1 . 1 /", None, "p")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 2:1: the file is for the puzzle type 'slither', not Number Link (numlin or \
numberlink)
    """
    body = _fields(text)
    if not body or not is_pzprv3(body[0][1].split("/")[0]):
        raise PuzzleFormatError("expected a pzprjs file: 'pzprv3', the puzzle type, the rows, the columns",
                                line=body[0][0] if body else 1, column=1, source=source)
    slashed = len(body) > 1 and body[1][0] == body[0][0]
    head: list[Line] = body[1:4]
    if len(head) < 3:
        raise PuzzleFormatError("the pzprjs file ends before its puzzle type, rows and columns",
                                line=body[-1][0] + (0 if slashed else 1), column=1, source=source)
    (lt, pid), (lr, rows), (lc, cols) = ((n, s.strip()) for n, s in head)
    if pid.lower() not in PUZZLE_TYPES:
        raise PuzzleFormatError(f"the file is for the puzzle type {show(pid)}, not Number Link "
                                f"({' or '.join(PUZZLE_TYPES)})", line=lt if not slashed else lt + 1, column=1,
                                source=source)
    for n, s, what in ((lr, rows, "rows"), (lc, cols, "columns")):
        if not (s.isascii() and s.isdigit() and len(s) <= 9):
            raise PuzzleFormatError(f"expected the number of {what}, found {show(s)}", line=n, column=1,
                                    source=source)
    h, w = int(rows), int(cols)
    check_side(h, w, lr, source)
    cells = body[4:4 + h]
    if len(cells) < h:
        raise PuzzleFormatError(f"the pzprjs file says {h} rows; {len(cells)} follow", line=body[-1][0],
                                column=1, source=source)
    for r, (n, s) in enumerate(cells):
        found = s.split()
        if len(found) != w:
            return [PuzzleFormatError(f"row {r + 1} has {len(found)} cells; the file says {w} columns", line=n,
                                      column=1, source=source)]
        if "-" in found:
            c = found.index("-")
            return [PuzzleFormatError(f"the cell at {at_cell(r, c)} holds a hidden number ('-'), which a Number "
                                      "Link puzzle cannot hold", line=n, column=1, source=source)]
    return [_one(cells, "grid", source, base, 1 if w == 1 else -1)]


def write_pzprv3(puzzles: Sequence[Puzzle]) -> str:
    """The pzprjs file of a puzzle (no line drawn), which puzz.link opens (File > Open).

    Parameters
    ----------
    puzzles : sequence of Puzzle
        One puzzle (a pzprjs file holds one); its numbers are kept (other labels are written as
        the numbers 1 to K).

    Returns
    -------
    str
        The file's text.

    Raises
    ------
    PuzzleFormatError
        For more than one puzzle.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.pzpr import write_pzprv3
    >>> write_pzprv3([Puzzle.from_rows(["1", "1"])]).split(chr(10))[:6]
    ['pzprv3', 'numlin', '2', '1', '1 ', '1 ']
    """
    if len(puzzles) != 1:
        raise PuzzleFormatError(f"a pzprjs file holds one puzzle, not {len(puzzles)}; write each to its own file")
    p = puzzles[0]
    out = ["pzprv3", "numlin", str(p.height), str(p.width)]
    number = pair_numbers(p)
    out += ["".join(f"{number[v]} " if v else ". " for v in row) for row in p.grid.tolist()]
    out += ["0 " * (p.width - 1)] * p.height + ["0 " * p.width] * (p.height - 1)  # no line drawn yet
    return "".join(s + "\n" for s in out)
