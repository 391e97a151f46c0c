"""Mazes written as grids of digits, as data sets and ``numpy.savetxt`` leave them: ``1`` wall, ``0`` open.

Rows of ``0`` and ``1`` (side by side, or separated by spaces, tabs or commas), with at most one ``2`` (the
start) and one ``3`` (the goal), or the letters of a block text (``S``, ``E``, ``G``), are a block picture when
some square is not open (rows of open squares alone, such as a ``W H`` header ``0 0``, picture no maze). Three
lines of two numbers before the rows, ``W H``, then the start's ``x y`` and the end's (``0 0`` the top-left
square), as the maze files of a much-solved coding exercise begin, give the size and the ends:
:func:`as_block_text` redraws them as a block text (``#``, ``.``, ``S``, ``G``) for
:func:`tremaux.io.block.loads`, and :func:`as_block_rows` does the same for a JSON list of such rows. ``1`` is
the wall, as in mazelib's ``grid`` and the ``.npy`` reader.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import MazeFormatError

_CHARS = re.compile(r"[0-9SEG \t,\r\n]+")
_SQUARE = {"0": ".", "1": "#", "2": "S", "3": "G", "S": "S", "E": "E", "G": "G"}  # letters as in block texts
_MEANING = "a grid of digits reads as 1 wall, 0 open, 2 the start and 3 the goal"
_SEPARATOR = re.compile(r"[ \t,]")
_CELLS = re.compile(r"[^ \t,]+")
_NOT_A_SQUARE = re.compile(r"[^0123SEG \t,]")
_SIDE_BY_SIDE = str.maketrans({**_SQUARE, " ": None, "\t": None, ",": None})


def as_block_text(text: str, source: str | None = None) -> str | None:
    """The block text of a grid of digits (see the module documentation), or None for any other text."""
    if (not isinstance(text, str) or not _CHARS.fullmatch(text.strip("\ufeff")) or not re.search("[0-9]", text)
            or not re.search("[1-9SEG]", text)):
        return None
    rows = []
    lines = text.strip("\ufeff").replace("\r", "").split("\n")
    header = _header(lines)
    _not_edges(lines, header, source)
    for n, line in enumerate(lines[3:] if header else lines, start=4 if header else 1):
        if not rows and not line.strip():  # the blank lines left for a size line (tremaux.io._others.unsized)
            continue
        if _SEPARATOR.search(line.strip()):  # cells separated: each run of other characters is one
            cells = _CELLS.findall(line)
            if not _SQUARE.keys() >= set(cells):
                c = next(c for c in _CELLS.finditer(line) if c.group() not in _SQUARE)
                raise MazeFormatError(f"{c.group()!r} in a grid of digits; {_MEANING}", line=n,
                                      column=c.start() + 1, source=source)
            rows.append("".join(map(_SQUARE.__getitem__, cells)))
        else:  # side by side: one character a cell (whole strings at once: a line may be megabytes long)
            bad = _NOT_A_SQUARE.search(line)
            if bad:
                raise MazeFormatError(f"{bad.group()!r} in a grid of digits; {_MEANING}", line=n,
                                      column=bad.start() + 1, source=source)
            rows.append(line.translate(_SIDE_BY_SIDE))
        _same_length(rows, n, source)
    if header:
        rows = _ends(header, rows, source)
    return _one_each("\n".join(rows), source)


_PAIR = re.compile(r"[ \t]*(\d+)[ \t,]+(\d+)[ \t]*")


def _header(lines: list[str]) -> tuple[int, ...] | None:
    """``W H``, the start's ``x y`` and the end's from three lines of two numbers before rows of 0 and 1."""
    pairs = [_PAIR.fullmatch(line) for line in lines[:3]]
    if len(lines) < 4 or not all(pairs) or not lines[3].strip() or not set(lines[3]) <= set("01 \t,"):
        return None
    w, h, *ends = (int(x) for m in pairs for x in m.groups())
    width = len(_CELLS.findall(lines[3])) if _SEPARATOR.search(lines[3].strip()) else len(lines[3].strip())
    if (w, h) != (width, len([line for line in lines[3:] if line.strip()])):
        return None  # rows of a grid two squares wide, or numbers that do not describe the rows below
    return (w, h, *ends)


def _not_edges(lines: list[str], header, source: str | None) -> None:
    """Refuse lines of two numbers (one first, a count, at most) that name cells: an edge list, not a grid."""
    rows = [line for line in lines if line.strip()]
    if header or len(rows) < 3 or not all(_PAIR.fullmatch(r) for r in rows[1:]):
        return
    if rows[0].strip().isdigit() or _PAIR.fullmatch(rows[0]):
        if any(len(n) > 1 or n > "3" for r in rows for n in r.split()):
            raise MazeFormatError("every line is a pair of numbers: a list of passages between numbered cells, "
                                  f"which gives no rows and columns to lay the cells on; {_MEANING}", line=1,
                                  column=1, source=source)


def _ends(header: tuple[int, ...], rows: list[str], source: str | None) -> list[str]:
    """The rows with the start and end squares the header gives marked ``S`` and ``G`` (``*`` if one)."""
    w, h, sx, sy, ex, ey = header
    rows = [r for r in rows if r]
    grid = [list(r) for r in rows]
    for line, (x, y), what in ((2, (sx, sy), "start"), (3, (ex, ey), "end")):
        if not (x < w and y < h):
            raise MazeFormatError(f"the {what} ({x}, {y}) is outside the {w} x {h} squares", line=line, column=1,
                                  source=source)
        if grid[y][x] == "#":
            raise MazeFormatError(f"the {what} ({x}, {y}) is on a wall (1)", line=line, column=1, source=source)
    grid[sy][sx] = "S"
    grid[ey][ex] = "*" if (ex, ey) == (sx, sy) else "G"
    return ["".join(r) for r in grid]


def as_block_rows(data: Any, source: str | None = None) -> str | None:
    """The block text of a JSON list of rows of 0, 1, 2 and 3, or None for other JSON."""
    if not (isinstance(data, list) and data and all(isinstance(r, list) and r for r in data)):
        return None
    if not all(type(x) is int for r in data for x in r) or not any(x for r in data for x in r):
        return None
    rows = []
    for i, r in enumerate(data):
        for j, x in enumerate(r):
            if str(x) not in _SQUARE:
                raise MazeFormatError(f"{x} at row {i}, column {j} of a list of rows; {_MEANING}", source=source)
        rows.append("".join(_SQUARE[str(x)] for x in r))
        _same_length(rows, None, source)
    return _one_each("\n".join(rows), source)


def _one_each(text: str, source: str | None) -> str:
    for digit, mark, what in (("2", "S", "start"), ("3", "G", "goal")):
        if text.count(mark) > 1:
            raise MazeFormatError(f"{text.count(mark)} squares {digit} in a grid of digits, where {digit} marks the "
                                  f"{what} (a Number Link puzzle? tremaux numberlink solve reads those)", source=source)
    return text


def _same_length(rows: list[str], line: int | None, source: str | None) -> None:
    if rows[-1] and len(rows[-1]) != len(rows[0]):
        raise MazeFormatError(f"row {len(rows) - 1} of the grid of digits has {len(rows[-1])} squares but row 0 has "
                              f"{len(rows[0])}", line=line, column=1 if line else None, source=source)
