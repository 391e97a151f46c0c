"""The page's Number Link board as grid text, finished or not: its "save", and its "load" of what it saved.

A board being written may hold a number without its partner yet. The puzzle
formats need every number twice, so such a board is written in the plain grid
layout the formats read (``1.2`` rows, or columns of padded labels), and read
back by :func:`read_board` when the formats refuse it for its pairs alone.

Examples
--------
>>> board_text([[1, 0, 0], [0, 0, 2]])
'1..\\n..2\\n'
>>> read_board('1..\\n..2\\n')
[[1, 0, 0], [0, 0, 2]]
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Mapping


def board_text(grid: list[list[int]], names: Mapping[str, str] | None = None) -> str:
    """A board as grid text: one character a cell when every label is one character, else padded columns.

    Parameters
    ----------
    grid : list of list of int
        Rows of numbers, 0 for an empty cell.
    names : mapping of str to str, optional
        The label written for a number (``{"27": "R"}``); a number without one is written as itself.

    Returns
    -------
    str
        The rows, ``.`` for an empty cell, each ending in a newline.

    Examples
    --------
    >>> print(board_text([[12, 0, 3], [0, 0, 0]]), end="")
    12  .  3
     .  .  .
    >>> board_text([[27, 0], [0, 0]], {"27": "R"})
    'R.\\n..\\n'
    """
    names = names or {}
    cells = [[names.get(str(v), str(v)) if v else "." for v in row] for row in grid]
    wide = max((len(t) for row in cells for t in row), default=1)
    if wide == 1:
        return "".join("".join(row) + "\n" for row in cells)
    return "".join(" ".join(t.rjust(wide) for t in row) + "\n" for row in cells)


def read_board(text: str) -> list[list[int]] | None:
    """A board :func:`board_text` wrote whose only flaw is a number not present exactly twice, else ``None``.

    Parameters
    ----------
    text : str
        Rows of cells: one character a cell, or labels separated by spaces; ``.`` or ``0`` is empty, a label
        is a number up to 999 (the numbers the page's board holds).

    Returns
    -------
    list of list of int or None
        The rows of numbers; ``None`` for any other text (a finished puzzle or one in another format: the
        puzzle formats read it, or say what is wrong with it).

    Examples
    --------
    >>> read_board(" 12  .  .\\n  .  . 12\\n  3  .  .\\n")
    [[12, 0, 0], [0, 0, 12], [3, 0, 0]]
    >>> read_board("1.1\\n2.2\\n") is None, read_board("hello\\nworld\\n") is None
    (True, True)
    """
    lines = [ln.strip() for ln in text.strip().splitlines()]
    if len(lines) < 2 or any(not ln for ln in lines):
        return None
    rows = [ln.split() if re.search(r"\s", ln) else list(ln) for ln in lines]
    if len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
        return None
    grid = []
    for row in rows:
        out = []
        for token in row:
            if token in (".", "0"):
                out.append(0)
            elif token.isdecimal() and token.isascii() and 1 <= int(token) <= 999:
                out.append(int(token))
            else:
                return None
        grid.append(out)
    counts = Counter(v for row in grid for v in row if v)
    return grid if any(n != 2 for n in counts.values()) else None


def unpaired(grid: list[list[int]]) -> str:
    """One line naming what keeps a board from being a puzzle, or ``""`` for a board whose numbers pair up.

    Parameters
    ----------
    grid : list of list of int
        Rows of numbers, 0 for an empty cell.

    Returns
    -------
    str
        The first number without a partner (or with too many), and where it is.

    Examples
    --------
    >>> unpaired([[1, 0, 0], [0, 0, 2], [0, 0, 2]])
    'number 1 has no partner yet (row 1 column 1)'
    >>> unpaired([[1, 1, 1], [0, 0, 0]])
    'number 1 appears 3 times'
    >>> unpaired([[1, 0, 1], [0, 0, 0]])
    ''
    """
    where: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v:
                where.setdefault(v, []).append((r + 1, c + 1))
    for v, cells in where.items():
        if len(cells) == 1:
            return f"number {v} has no partner yet (row {cells[0][0]} column {cells[0][1]})"
        if len(cells) > 2:
            return f"number {v} appears {len(cells)} times"
    return ""
