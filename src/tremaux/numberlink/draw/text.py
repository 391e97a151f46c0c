"""Number Link drawings as text: lines of box-drawing characters, or the paper's grid of numbers.

* :func:`to_text` draws lines with box-drawing characters (``─ │ ┌ ┐ └ ┘``),
  the endpoint labels in place; :func:`to_rich` is the same as a
  :class:`rich.text.Text` with one colour per pair for a terminal.
* :func:`numbers_text` prints the solution as the grid of numbers the paper's
  program shows, for comparison.

Drawings too big for the memory budget (:mod:`tremaux.budget`) are refused before they are drawn, naming their
size.

Examples
--------
>>> from tremaux.numberlink import to_text, numbers_text
>>> from tremaux.numberlink import Puzzle, solve_puzzle
>>> r = solve_puzzle(Puzzle.from_rows(["12.", "...", "1.2"]), "tremaux", rule="fill")  # the paper's traveler
>>> print(to_text(r))
1 2─┐
│ ┌─┘
1 └─2
>>> print(numbers_text(r))
1 2 2
1 2 2
1 2 2
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import budget
from ..model import Puzzle
from ..result import Linking
from .common import _unpack, palette

__all__ = ["to_text", "to_rich", "numbers_text", "TEXT_CELL_BYTES", "TEXT_CODE_BYTES", "TEXT_ARRAY_BYTES",
           "NUMBERS_CHAR_BYTES", "NUMBERS_CELL_BYTES"]

_BOX = {0: " ", 1: "╵", 2: "╶", 4: "╷", 8: "╴", 5: "│", 10: "─", 6: "┌", 12: "┐", 3: "└", 9: "┘"}

TEXT_CELL_BYTES = 160
"""Peak bytes per cell of a text drawing (measured: the per-cell ``(text, pair)`` tuples of a cell and of the gap
after it, their strings, the row lists and the joined text); :func:`to_text` and :func:`to_rich` check the
memory budget with it."""


def _cells(puzzle: Puzzle, linking: Linking | None) -> list[list[tuple[str, int]]]:
    """Per cell (text, pair) with text of the label width; connectors included per cell."""
    h, w = puzzle.shape
    budget.check(TEXT_CELL_BYTES * h * w + 4096, f"a text drawing of a {w}x{h} (WxH) puzzle")
    g = puzzle.grid
    links = linking.links if linking is not None else np.zeros(puzzle.shape, dtype=np.uint8)
    owner = linking.grid if linking is not None else g
    width = max([1, *(len(x) for x in puzzle.labels)])
    rows = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            v = int(g[r, c])
            bits = int(links[r, c])
            fill = "─" if bits & 8 else " "  # a line coming from the left runs up to the cell's mark
            if v:
                cell = puzzle.labels[v - 1].rjust(width, fill)
            elif bits:
                cell = fill * (width - 1) + _BOX.get(bits, "┼")
            else:
                cell = " " * (width - 1) + "·"  # an empty cell, with or without lines: never blank
            row.append((cell, int(owner[r, c])))
            gap = "─" if bits & 2 else " "
            row.append((gap, int(owner[r, c]) if bits & 2 else 0))
        rows.append(row[:-1])
    return rows


TEXT_CODE_BYTES = 16
"""Peak bytes per character of a :func:`to_text` drawing (the code points of the board, a contiguous copy of
them, the decoded rows and the joined text, four bytes a character at most each); each cell is its label's
width and the gap after it."""

TEXT_ARRAY_BYTES = 24
"""Peak bytes per cell of the arrays :func:`to_text` computes the characters from (links, fills, corners).

Measured with ``tracemalloc``: 36 bytes a cell in all for one-character labels, 84 for six-character ones."""


def to_text(obj: Any) -> str:
    """Lines drawn with box-drawing characters, endpoints by their labels (trailing spaces removed).

    An empty cell is ``·``, in a puzzle and in a solution that leaves it empty (rule ``nikoli``), so that no
    row is drawn blank. The board is drawn as one array of code points, not cell by cell, so that the largest board is drawn in
    seconds.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw; a solution shows its first linking.

    Returns
    -------
    str
        The drawing, one line per row.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle, to_text
    >>> print(to_text(Puzzle.from_rows(["1.1"])))
    1 · 1
    """
    puzzle, linking = _unpack(obj)
    h, w = puzzle.shape
    width = max([1, *(len(x) for x in puzzle.labels)])
    budget.check((TEXT_CODE_BYTES * (width + 1) + TEXT_ARRAY_BYTES) * h * w + 4096,
                 f"a text drawing of a {w}x{h} (WxH) puzzle")
    bits = (linking.links if linking is not None else np.zeros(puzzle.shape, dtype=np.uint8)).astype(np.intp)
    fill = np.where(bits & 8, ord("─"), ord(" ")).astype(np.uint32)  # a line from the left runs up to the mark
    box = np.full(16, ord("┼"), dtype=np.uint32)
    for k, ch in _BOX.items():
        box[k] = ord(ch)
    box[0] = ord("·")  # an empty cell, in a puzzle or a solution that leaves it empty: never a blank row
    codes = np.empty((h, w, width + 1), dtype=np.uint32)
    codes[:, :, :-2] = fill[:, :, None]
    codes[:, :, -2] = box[bits]
    codes[:, :, -1] = np.where(bits & 2, ord("─"), ord(" "))
    if puzzle.pairs:
        text = "".join(x.rjust(width, "\0") for x in puzzle.labels)  # no label holds NUL: it marks the fill
        labels = np.frombuffer(text.encode("utf-32-le"), dtype="<u4").reshape(puzzle.pairs, width)
        at = puzzle.grid != 0
        ends = labels[puzzle.grid[at] - 1]
        codes[at, :-1] = np.where(ends == 0, fill[at][:, None], ends)
    rows = np.ascontiguousarray(codes.reshape(h, w * (width + 1))[:, :-1])
    return "\n".join(row.tobytes().decode("utf-32-le").rstrip() for row in rows)


def to_rich(obj: Any) -> Any:
    """The :func:`to_text` picture as a :class:`rich.text.Text` with one colour per pair.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.

    Returns
    -------
    rich.text.Text
        The drawing of :func:`to_text` with each line in its colour.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.draw import to_rich
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> print(to_rich(puzzle).plain)
    1 · 1
    2 · 2
    """
    from rich.text import Text

    puzzle, linking = _unpack(obj)
    colours = palette(puzzle.pairs)
    out = Text()
    ends = puzzle.grid != 0
    for i, row in enumerate(_cells(puzzle, linking)):
        if i:
            out.append("\n")
        for j, (text, k) in enumerate(row):  # cells and the gaps between them, in turn
            if k > 0:
                out.append(text, style=("bold " if j % 2 == 0 and ends[i, j // 2] else "") + colours[k - 1])
            else:
                out.append(text, style="dim")
    return out


def numbers_text(obj: Any) -> str:
    """The solution as the paper prints it: the number of its line in every cell (0 for empty).

    Parameters
    ----------
    obj : Linking or PuzzleSolution
        A solved board.

    Returns
    -------
    str
        Rows of numbers, each cell holding its line's number.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle, numbers_text
    >>> from tremaux.numberlink import solve_puzzle
    >>> print(numbers_text(solve_puzzle(Puzzle.from_rows(["1.1", "2.2"]))))
    1 1 1
    2 2 2
    """
    puzzle, linking = _unpack(obj)
    grid = linking.grid if linking is not None else puzzle.grid
    h, w = puzzle.shape
    nums = puzzle.numbers
    used = np.bincount(grid.ravel(), minlength=len(nums)) > 0
    width = len(str(int(nums[used].max())))
    budget.check(NUMBERS_CHAR_BYTES * (width + 1) * h * w + NUMBERS_CELL_BYTES * h * w + 4096,
                 f"the numbers of a {w}x{h} (WxH) board")
    table = np.full((len(nums), width + 1), ord(" "), dtype=np.uint8)  # each number right-aligned, then a space
    for d in range(width):
        power = 10 ** d
        digits = (ord("0") + nums // power % 10).astype(np.uint8)
        table[:, width - 1 - d] = np.where((nums >= power) | (d == 0), digits, ord(" "))
    codes = table[grid]  # the board as one array of characters, not cell by cell
    codes[:, -1, -1] = ord("\n")
    return codes.tobytes()[:-1].decode("ascii")


NUMBERS_CHAR_BYTES = 3
"""Peak bytes per character of :func:`numbers_text` (the characters, their bytes and the text, one byte each)."""

NUMBERS_CELL_BYTES = 8
"""Peak bytes per cell of :func:`numbers_text` besides its characters (the count of each number's cells)."""
