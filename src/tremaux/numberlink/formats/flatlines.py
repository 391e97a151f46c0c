"""Puzzles written on one line each, as Sudoku tools write a grid: the size, a colon, then every cell.

``flat``
    ``RxC:cells`` a line (``6x6:3......4.31..``), the size as rows ``x`` columns (as ``--size`` takes it), then
    the ``R * C`` cells row after row, one character each: ``.`` or ``0`` empty, a digit or a letter a label;
    or the cells separated by commas (``5x5:0,0,1,0,4,...``, a number each, ``0`` empty), as a Flow Free
    screenshot reader writes them, with its solution's ``R * C`` cells after an ``=``, which is checked for its
    count and not read.
    Or ``N;r:c;r:c;...`` a line (``5;1:1;5:4;3:3;1:2``), a board of ``N`` x ``N`` cells then the two ends of each
    pair in turn as ``row:column``, 1-based, as a Flow Free learning project saves its levels, with the solution's
    paths after an ``=`` (``;``-separated cells, ``|`` between paths), whose ends are checked against the pairs'.
    Several lines are several puzzles; lines starting with ``#`` are comments. Read only.

Examples
--------
>>> from tremaux.numberlink.formats.flatlines import is_flat, read_flat
>>> is_flat(["2x3:1.2.12"]), is_flat(["1.2"])
(True, False)
>>> read_flat("2x3:1.2.12\\n", None, "f")[0].grid.tolist()
[[1, 0, 2], [0, 1, 2]]
>>> read_flat("2x2:1,0,0,1=1,1,1,1\\n", None, "f")[0].grid.tolist()
[[1, 0], [0, 1]]
>>> read_flat("3;1:1;3:1;1:3;3:3=1:1;2:1;3:1|1:3;2:3;3:3\\n", None, "f")[0].grid.tolist()
[[1, 0, 2], [0, 0, 0], [1, 0, 2]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from ...errors import InvalidSizeError, PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import check_side, lines
from .grids import entry_names

__all__ = ["is_flat", "read_flat"]

_LINE = re.compile(r"^\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*:\s*(\S*)\s*$")
_ENDS = re.compile(r"^\s*(\d{1,9});((?:\d{1,9}:\d{1,9};)*\d{1,9}:\d{1,9})(?:=(\S*))?\s*$")
"""``N;r:c;...`` a line, with an optional ``=`` and the solution's paths."""
_CELL = re.compile(r"(\d+):(\d+)$")


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
    return bool(rows) and (all(_LINE.match(s) for s in rows) or all(_ENDS.match(s) for s in rows))


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
        if (e := _ENDS.match(s)) is not None:
            try:
                out.append(_from_ends(e, n, source, name))
            except (PuzzleError, InvalidSizeError) as exc:
                out.append(exc if isinstance(exc, PuzzleFormatError) else
                           PuzzleFormatError(str(exc), line=n, column=1, source=source))
            continue
        m = _LINE.match(s)
        if m is None:
            raise PuzzleFormatError("expected 'RxC:cells' (rows x columns, a colon, then every cell, row after row)",
                                    line=n, column=1, source=source)
        r, c, cells = int(m.group(1)), int(m.group(2)), m.group(3)
        check_side(r, c, n, source)
        if "," in cells:  # a number a cell, '0' empty, and maybe '=' and the solution's cells
            out.append(_from_numbers(cells, m.start(3), r, c, n, source, name))
            continue
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


def _from_numbers(cells: str, start: int, r: int, c: int, n: int, source: str | None,
                  name: str) -> Puzzle | PuzzleError:
    """The puzzle of ``RxC:`` cells separated by commas (a number each, ``0`` or nothing empty), the solution's
    cells after an ``=`` counted."""
    given, _, solution = cells.partition("=")
    values = given.split(",")
    if len(values) != r * c:
        raise PuzzleFormatError(f"{len(values)} cells after '{r}x{c}:'; a {r}x{c} board (rows x columns) has "
                                f"{r * c}", line=n, column=start + 1, source=source)
    if solution and len(solution.split(",")) != r * c:
        raise PuzzleFormatError(f"{len(solution.split(','))} cells in the solution after '='; a {r}x{c} board "
                                f"(rows x columns) has {r * c}", line=n, column=start + len(given) + 2, source=source)
    bad = next((v for v in values if not (v == "" or v == "." or (v.isascii() and v.isalnum()))), None)
    if bad is not None:
        raise PuzzleFormatError(f"unexpected {bad!r}; a cell is a number or a word, '0', '.' or nothing (empty)",
                                line=n, column=start + 1, source=source)
    rows = [[None if v in ("", ".", "0") else v for v in values[i * c:(i + 1) * c]] for i in range(r)]
    try:
        return Puzzle.from_rows(rows, name=name)
    except (PuzzleError, InvalidSizeError) as exc:
        return PuzzleFormatError(str(exc), line=n, column=1, source=source)


def _cell(token: str, side: int, n: int, source: str | None) -> tuple[int, int]:
    """The 0-based cell of a 1-based ``row:column`` token of a board of ``side`` x ``side`` cells."""
    m = _CELL.match(token)
    if m is None:
        raise PuzzleFormatError(f"expected a cell 'row:column', not {token!r}", line=n, column=1, source=source)
    row, col = int(m.group(1)), int(m.group(2))
    if not (1 <= row <= side and 1 <= col <= side):
        raise PuzzleFormatError(f"the cell {token} is outside the {side}x{side} board (row:column, 1-based)",
                                line=n, column=1, source=source)
    return row - 1, col - 1


def _from_ends(m: re.Match, n: int, source: str | None, name: str) -> Puzzle:
    """The puzzle of an ``N;r:c;...`` line (its solution's paths checked: as many as the pairs, each from one of
    its pair's ends to the other)."""
    side, ends, paths = int(m.group(1)), m.group(2).split(";"), m.group(3)
    check_side(side, side, n, source)
    if len(ends) % 2:
        raise PuzzleFormatError(f"{len(ends)} cells after the size {side}; each pair has two ends", line=n,
                                column=1, source=source)
    cells = [_cell(t, side, n, source) for t in ends]
    grid = np.zeros((side, side), dtype=np.int32)
    for k, (row, col) in enumerate(cells):
        if grid[row, col]:
            raise PuzzleFormatError(f"pairs {grid[row, col]} and {k // 2 + 1} both end at {ends[k]}", line=n,
                                    column=1, source=source)
        grid[row, col] = k // 2 + 1
    if paths is not None:
        if "=" in paths:
            raise PuzzleFormatError("a second '=' on the line: two levels run together? (one level a line)",
                                    line=n, column=1, source=source)
        found = [p.split(";") for p in paths.split("|")]
        if len(found) != len(cells) // 2:
            raise PuzzleFormatError(f"the solution after '=' has {len(found)} paths for {len(cells) // 2} pairs",
                                    line=n, column=1, source=source)
        for k, path in enumerate(found):
            tips = {_cell(path[0], side, n, source), _cell(path[-1], side, n, source)}
            if tips != {cells[2 * k], cells[2 * k + 1]}:
                raise PuzzleFormatError(f"path {k + 1} of the solution runs from {path[0]} to {path[-1]}, not "
                                        f"between its pair's ends {ends[2 * k]} and {ends[2 * k + 1]}", line=n,
                                        column=1, source=source)
    return Puzzle(grid, [str(k) for k in range(1, len(cells) // 2 + 1)], name=name)
