"""Writing Number Link puzzles as grid-shaped text: the ``grid``, ``flow`` (Flow Free) and ``wh`` formats.

The readers are in :mod:`.grids`; a label each format cannot hold is an error naming it.

Examples
--------
>>> from tremaux.numberlink.formats.gridwrite import write_wh
>>> from tremaux.numberlink import Puzzle
>>> print(write_wh([Puzzle.from_rows(["1.1", "2.2"])]), end="")
3 2
1.1
2.2
0 0
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...errors import PuzzleFormatError
from ..model import Puzzle
from ._text import ALNUM, DIGITS, LETTERS, any_char, grid_char, letter, show

__all__ = ["write_grid", "write_csv", "write_flow", "write_wh", "join_cells"]

_CHUNK = 1 << 18
"""Cells written at a time: the arrays of a chunk, not of the board, are held beside the text."""


def pair_numbers(puzzle: Puzzle) -> list[str]:
    """The number each pair of ``puzzle`` is written as in a format of numbers (index 0: an empty cell, ``""``).

    Labels that are all whole numbers from 1 (``7``, not ``07``; at most 9 digits) are kept, as the puzzle shows
    them (a puzz.link URL's ``3`` and ``7`` stay ``3`` and ``7``); any other labels are numbered 1 to K in pair
    order.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.

    Returns
    -------
    list of str
        ``K + 1`` texts: ``""``, then the number of each pair.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.gridwrite import pair_numbers
    >>> pair_numbers(Puzzle.from_rows(["3.7", "3.7"])), pair_numbers(Puzzle.from_rows(["A.b", "A.b"]))
    (['', '3', '7'], ['', '1', '2'])
    """
    labels = list(puzzle.labels)
    if all(x.isascii() and x.isdigit() and x[0] != "0" and len(x) <= 9 for x in labels):
        return ["", *labels]
    return ["", *(str(k) for k in range(1, puzzle.pairs + 1))]


def join_cells(grid: np.ndarray, texts: Sequence[str], sep: str = " ") -> str:
    """The rows of ``grid`` as text: each cell's ``texts[id]``, ``sep`` between cells, each row ended by a line end.

    What ``"".join(sep.join(texts[v] for v in row) + "\\n" for row in grid)`` gives, built from arrays of
    character codes a band of rows at a time, with no Python string a cell.

    Parameters
    ----------
    grid : numpy.ndarray
        ``(H, W)`` indices into ``texts``.
    texts : sequence of str
        The text of each index: one character each (any), or ASCII words.
    sep : str, default " "
        Between two cells of a row: ``""`` or one ASCII character.

    Returns
    -------
    str
        ``H`` lines.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink.formats.gridwrite import join_cells
    >>> join_cells(np.array([[1, 0, 12], [0, 1, 0]]), [str(k) for k in range(13)])
    '1 0 12\\n0 1 0\\n'
    >>> join_cells(np.array([[1, 0], [0, 1]]), [".", "\u00e9"], "")
    '\u00e9.\\n.\u00e9\\n'
    """
    h, w = grid.shape
    band = max(1, _CHUNK // max(w, 1))
    parts = []
    if not sep and all(len(t) == 1 for t in texts):  # one character a cell, whatever the script
        codes = np.array([ord(t) for t in texts], dtype=np.uint32)
        for r in range(0, h, band):
            rows = grid[r:r + band]
            out = np.full((len(rows), w + 1), ord("\n"), dtype="<u4")
            out[:, :w] = codes[rows]
            parts.append(out.tobytes().decode("utf-32-le"))
        return "".join(parts)
    if not all(t.isascii() for t in texts) or len(sep) != 1 or not sep.isascii():
        return "".join(sep.join(texts[v] for v in row) + "\n" for row in grid.tolist())
    size = np.array([len(t) for t in texts], dtype=np.int32)
    band = max(1, (_CHUNK >> 2) // max(w, 1))  # a quarter of the cells: four arrays of each
    table = np.zeros((len(texts), int(size.max())), dtype=np.uint8)
    for k, t in enumerate(texts):
        table[k, :len(t)] = np.frombuffer(t.encode("ascii"), dtype=np.uint8)
    for r in range(0, h, band):
        ids = grid[r:r + band].ravel()
        n = size[ids]
        end = np.cumsum(n + 1, dtype=np.int32)  # each cell's text and the character after it
        start = end - n - 1
        out = np.full(int(end[-1]), ord(sep), dtype=np.uint8)
        out[end.reshape(-1, w)[:, -1] - 1] = ord("\n")
        for j in range(table.shape[1]):
            has = n > j
            out[start[has] + j] = table[ids[has], j]
        parts.append(out.tobytes().decode("ascii"))
    return "".join(parts)


def _number(label: str) -> bool:
    """Whether ``label`` is a whole number written as the readers give it back (digits, no leading zero)."""
    return label.isascii() and label.isdigit() and label == str(int(label))


def _cant(label: str, fmt: str, why: str) -> PuzzleFormatError:
    return PuzzleFormatError(f"label {show(label)} cannot be written in the {fmt!r} format ({why})")


def _strings(p: Puzzle, fmt: str) -> tuple[list[str], bool]:
    """Per pair id (0 = empty) the text to write, and whether one character each (never for ``csv`` and ``tsv``,
    whose cells are separated by commas or tabs)."""
    labs = list(p.labels)
    if fmt == "wh" and all(len(x) == 1 and any_char(x) and x != "." for x in labs):
        return [".", *labs], True
    if fmt not in ("csv", "tsv") and all(len(x) == 1 and grid_char(x) and x != "0" for x in labs):
        return [".", *labs], True
    if fmt not in ("csv", "tsv") and all(_number(x) for x in labs) and max(int(x) for x in labs) <= len(DIGITS) \
            and "0" not in labs:
        return [".", *(DIGITS[int(x) - 1] for x in labs)], True
    numbers: dict[int, str] = {}
    for x in labs:
        if not ALNUM.match(x):
            raise _cant(x, fmt, "a label there is a word of letters and digits" +
                        ("; 'wh' takes any one printable character" if fmt == "grid" else ""))
        if x.isdigit() and int(x) == 0:
            raise _cant(x, fmt, "a zero there means an empty cell" +
                        ("; 'wh' holds it" if fmt == "grid" and x == "0" else ""))
        if x.isdigit() and int(x) in numbers:  # '01' and '1' are both read as the number 1
            raise _cant(x, fmt, f"it is read back as the number {int(x)}, as {numbers[int(x)]!r} is")
        if x.isdigit():
            numbers[int(x)] = x
    return ["0" if all(x.isdecimal() for x in labs) else ".", *labs], False


def _rows(p: Puzzle, fmt: str) -> str:
    """The rows of ``p`` in ``fmt``, each ended by a line end."""
    strings, single = _strings(p, fmt)
    if single:
        return join_cells(p.grid, strings, "")
    if fmt in ("csv", "tsv"):
        return join_cells(p.grid, strings, "," if fmt == "csv" else "\t")
    if p.width == 1 and fmt == "grid":  # a row of one cell has no separator: '50' would read as two cells
        wide = next((x for x in strings[1:] if len(x) > 1), "")
        raise _cant(wide, fmt, "a one-column grid reads each row a character; the 'wh' format, whose header "
                               "gives the width, holds it")
    width = max(len(s) for s in strings)
    return join_cells(p.grid, [s.rjust(width) for s in strings])


def _separated(puzzles: Sequence[Puzzle], fmt: str) -> str:
    """The rows of ``puzzles`` with separated cells (``fmt`` ``csv`` or ``tsv``), puzzles apart by blank lines."""
    for p in puzzles:
        if p.width == 1 and any(len(x) > 1 for x in p.labels):  # a row of one cell has no separator: '12' is two
            raise _cant(next(x for x in p.labels if len(x) > 1), fmt,
                        "a one-column grid reads each row a character; the 'wh' format, whose header gives the "
                        "width, holds it")
    # one column has no separator to write: its rows are the grid's ('.' empty), which no header of counts resembles
    return "\n".join(_rows(p, "grid" if p.width == 1 else fmt) for p in puzzles)


def write_grid(puzzles: Sequence[Puzzle]) -> str:
    """Rows of cells, puzzles separated by blank lines (numbers 10-35 written as ``A``-``Z`` when all fit).

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles.

    Returns
    -------
    str
        Their rows, puzzles separated by blank lines.

    Examples
    --------
    >>> from tremaux.numberlink.formats.gridwrite import write_grid
    >>> from tremaux.numberlink import Puzzle
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> print(write_grid([puzzle]), end="")
    1.1
    2.2
    """
    return "\n".join(_rows(p, "grid") for p in puzzles)


def write_csv(puzzles: Sequence[Puzzle]) -> str:
    """Rows of comma-separated labels, ``0`` for an empty cell (``.`` when a label is a word of letters), puzzles
    separated by blank lines: what a spreadsheet opens, read back as a ``grid``.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles.

    Returns
    -------
    str
        Their rows, puzzles separated by blank lines.

    Raises
    ------
    PuzzleFormatError
        A label that is not a word of letters and digits, a zero, or a number another label is read back as.

    Examples
    --------
    >>> from tremaux.numberlink.formats.gridwrite import write_csv
    >>> from tremaux.numberlink import Puzzle
    >>> print(write_csv([Puzzle.from_rows(["1.1", "2.2"])]), end="")
    1,0,1
    2,0,2
    """
    return _separated(puzzles, "csv")


def write_tsv(puzzles: Sequence[Puzzle]) -> str:
    """Rows of tab-separated labels, as :func:`write_csv` writes them with tabs for commas: what a spreadsheet
    opens from a ``.tsv`` file (a packed grid there would be one column), read back as a ``grid``.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles.

    Returns
    -------
    str
        Their rows, puzzles separated by blank lines.

    Raises
    ------
    PuzzleFormatError
        A label that is not a word of letters and digits, a zero, or a number another label is read back as.

    Examples
    --------
    >>> from tremaux.numberlink.formats.gridwrite import write_tsv
    >>> from tremaux.numberlink import Puzzle
    >>> write_tsv([Puzzle.from_rows(["1.1", "2.2"])])
    '1\\t0\\t1\\n2\\t0\\t2\\n'
    """
    return _separated(puzzles, "tsv")


def write_wh(puzzles: Sequence[Puzzle]) -> str:
    """``W H`` blocks ended by ``0 0``; single-character labels kept as they are.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles.

    Returns
    -------
    str
        ``W H`` and rows for each, then ``0 0``.

    Examples
    --------
    >>> from tremaux.numberlink.formats.gridwrite import write_wh
    >>> from tremaux.numberlink import Puzzle
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> print(write_wh([puzzle]), end="")
    3 2
    1.1
    2.2
    0 0
    """
    return "".join(f"{p.width} {p.height}\n" + _rows(p, "wh") for p in puzzles) + "0 0\n"


def write_flow(puzzles: Sequence[Puzzle]) -> str:
    """Square grids of colour letters; labels that are not letters become ``A``-``Z``, ``a``-``z`` in pair order.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        Square puzzles.

    Returns
    -------
    str
        Each as rows of letters.

    Raises
    ------
    PuzzleFormatError
        For a puzzle that is not square, or has more pairs than letters.

    Examples
    --------
    >>> from tremaux.numberlink.formats.gridwrite import write_flow
    >>> from tremaux.numberlink import Puzzle
    >>> print(write_flow([Puzzle.from_rows(["1.1", "2.2", "..."])]), end="")
    A.A
    B.B
    ...
    """
    parts = []
    for p in puzzles:
        if p.height != p.width:
            raise PuzzleFormatError(f"a Flow Free puzzle is square, not {p.width}x{p.height} (WxH)")
        labs = list(p.labels)
        if not all(len(x) == 1 and letter(x) for x in labs):
            if p.pairs > len(LETTERS):
                raise PuzzleFormatError(f"a Flow Free puzzle holds at most {len(LETTERS)} colour letters, "
                                        f"not {p.pairs} pairs")
            labs = list(LETTERS[: p.pairs])
        strings = [".", *labs]
        parts.append(join_cells(p.grid, strings, ""))
    return "\n".join(parts)
