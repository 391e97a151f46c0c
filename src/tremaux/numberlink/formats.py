"""Reading and writing Number Link puzzles and solutions as text.

Puzzle formats (the reader tells them apart by their first line):

``grid``
    One row per line, one character per cell: ``.`` (or ``0``) for an empty
    cell, a digit or letter for an endpoint. Rows whose cells are separated by
    whitespace or commas hold one label per cell instead, so integers above 9
    (more than 35 pairs) can be written. Several puzzles may follow each other,
    separated by blank lines. This also reads the Flow Free style grid of colour
    letters.
``contest``
    The DA Symposium Algorithm Design Contest problem: ``SIZE WxH``,
    ``LINE_NUM n`` and ``LINE#k (x1,y1)-(x2,y2)`` with 0-based ``x`` the column.
``wh``
    ``W H`` on a line, then ``H`` rows as in ``grid``; repeated for several
    puzzles; ``0 0`` ends the input.

Solution formats: the contest answer (``SIZE WxH`` then rows of comma-separated
line numbers, ``00`` for an empty cell, several answers separated by blank
lines) and the ``*.sol.json`` list of paths of ``[row, col]`` cells.

Malformed text raises :class:`~tremaux.errors.PuzzleFormatError` with the line
and column; a number that appears once or three times is named with where it
appears.

Examples
--------
>>> p = loads("1.2\\n...\\n1.2\\n")
>>> p
Puzzle(shape=(3, 3), pairs=2)
>>> print(dumps(p, "contest"), end="")
SIZE 3X3
LINE_NUM 2
LINE#1 (0,0)-(0,2)
LINE#2 (2,0)-(2,2)
>>> loads("1.2\\n..\\n")
Traceback (most recent call last):
...
tremaux.errors.PuzzleFormatError: 2:3: row 2 has 2 cells; row 1 has 3
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import PuzzleError, PuzzleFormatError, UnknownNameError
from .model import MAX_SIDE, Puzzle, label_order

__all__ = [
    "FORMATS",
    "detect",
    "loads",
    "loads_all",
    "load",
    "load_all",
    "dumps",
    "dumps_all",
    "save",
    "loads_answers",
    "load_answers",
    "loads_paths",
    "load_paths",
]

FORMATS: dict[str, str] = {
    "grid": "one character (or whitespace/comma-separated label) per cell, '.' for empty",
    "contest": "SIZE WxH / LINE_NUM n / LINE#k (x1,y1)-(x2,y2), 0-based x = column",
    "wh": "'W H' then H rows, repeated; '0 0' ends",
}
"""Puzzle formats by name."""

_EMPTY = {".", "0", "00", "-", "_"}
_LABEL = re.compile(r"^[0-9A-Za-z]+$")
_SIZE = re.compile(r"^\s*SIZE\s+(\d+)\s*[xX]\s*(\d+)\s*$")
_LINENUM = re.compile(r"^\s*LINE_NUM\s+(\d+)\s*$")
_LINE = re.compile(r"^\s*LINE#(\d+)\s+\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*-\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*$")
_WH = re.compile(r"^\s*(\d+)\s+(\d+)\s*$")
_DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Line = tuple[int, str]  # (1-based line number, text without the line end)


def _lines(text: str) -> list[Line]:
    if text.startswith("\ufeff"):
        text = text[1:]
    return [(i + 1, s.rstrip("\r\n").rstrip()) for i, s in enumerate(text.splitlines())]


def detect(text: str) -> str:
    """The name of the format of ``text`` (a key of :data:`FORMATS`, or ``"answer"``).

    Examples
    --------
    >>> detect("SIZE 3X3\\nLINE_NUM 1\\nLINE#1 (0,0)-(2,2)\\n"), detect("2 1\\n11\\n0 0\\n"), detect("1.1\\n")
    ('contest', 'wh', 'grid')
    """
    lines = [s for _, s in _lines(text) if s.strip()]
    if not lines:
        return "grid"
    if _SIZE.match(lines[0]):
        return "answer" if len(lines) > 1 and "," in lines[1] and not lines[1].lstrip().startswith("LINE") \
            else "contest"
    m = _WH.match(lines[0])
    if m and len(lines) > 1:
        w, h = int(m.group(1)), int(m.group(2))
        if _row_width(lines[1]) == w:
            return "wh"
    return "grid"


def _row_width(s: str) -> int:
    toks = _tokens(s)
    return len(toks)


def _tokens(s: str) -> list[tuple[int, str]]:
    """Cells of one row as (1-based column, text)."""
    if re.search(r"[\s,]", s.strip()):
        return [(m.start() + 1, m.group()) for m in re.finditer(r"[^\s,]+", s)]
    stripped = s.lstrip()
    off = len(s) - len(stripped)
    return [(off + i + 1, ch) for i, ch in enumerate(stripped)]


# ---------------------------------------------------------------------- readers
def _parse_grid(rows: Sequence[Line], source: str | None, name: str) -> Puzzle:
    """Rows of labels -> Puzzle, with line/column in every error."""
    table: list[list[tuple[int, int, str | None]]] = []
    width = -1
    first_line = rows[0][0]
    for lineno, s in rows:
        cells = _tokens(s)
        if width < 0:
            width = len(cells)
        elif len(cells) != width:
            col = cells[width][0] if len(cells) > width else len(s) + 1
            raise PuzzleFormatError(f"row {lineno - first_line + 1} has {len(cells)} cells; row 1 has {width}",
                                    line=lineno, column=col, source=source)
        row = []
        for col, tok in cells:
            if tok in _EMPTY or (tok.isdecimal() and int(tok) == 0):
                row.append((lineno, col, None))
            elif _LABEL.match(tok):
                row.append((lineno, col, str(int(tok)) if tok.isdecimal() else tok))
            else:
                raise PuzzleFormatError(f"unexpected {tok!r}; a cell is '.', a digit, a letter or a number",
                                        line=lineno, column=col, source=source)
        table.append(row)
    _check_side(len(table), width, rows[0][0], source)
    where: dict[str, list[tuple[int, int]]] = {}
    for row in table:
        for lineno, col, lab in row:
            if lab is not None:
                where.setdefault(lab, []).append((lineno, col))
    for lab in label_order(where):
        if len(where[lab]) != 2:
            (ln, co) = where[lab][2] if len(where[lab]) > 2 else where[lab][0]
            at = ", ".join(f"line {a} column {b}" for a, b in where[lab])
            times = "once" if len(where[lab]) == 1 else f"{len(where[lab])} times"
            raise PuzzleFormatError(f"number {lab!r} appears {times} ({at}); each number must appear exactly twice",
                                    line=ln, column=co, source=source)
    return Puzzle.from_rows([[lab for _, _, lab in row] for row in table], name=name)


def _check_side(h: int, w: int, lineno: int, source: str | None) -> None:
    if h < 1 or w < 1 or h > MAX_SIDE or w > MAX_SIDE:
        raise PuzzleFormatError(f"puzzle size {w}x{h} (WxH) is outside 1..{MAX_SIDE} on a side",
                                line=lineno, column=1, source=source)


def _split_blocks(lines: Sequence[Line]) -> list[list[Line]]:
    blocks: list[list[Line]] = []
    cur: list[Line] = []
    for ln in lines:
        if ln[1].strip():
            cur.append(ln)
        elif cur:
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    return blocks


def _read_contest(lines: Sequence[Line], source: str | None, name: str) -> Puzzle:
    body = [ln for ln in lines if ln[1].strip()]
    lineno, s = body[0]
    m = _SIZE.match(s)
    if not m:
        raise PuzzleFormatError(f"expected 'SIZE WxH', found {s.strip()!r}", line=lineno, column=1, source=source)
    w, h = int(m.group(1)), int(m.group(2))
    _check_side(h, w, lineno, source)
    declared = None
    pairs: dict[int, tuple[tuple[int, int], tuple[int, int], int, int]] = {}
    owner: dict[tuple[int, int], int] = {}
    for lineno, s in body[1:]:
        if m := _LINENUM.match(s):
            declared = (int(m.group(1)), lineno)
            continue
        m = _LINE.match(s)
        if not m:
            col = len(s) - len(s.lstrip()) + 1
            raise PuzzleFormatError(f"expected 'LINE#k (x1,y1)-(x2,y2)', found {s.strip()!r}", line=lineno,
                                    column=col, source=source)
        k = int(m.group(1))
        if k in pairs:
            raise PuzzleFormatError(f"LINE#{k} is given twice", line=lineno, column=m.start(1), source=source)
        ends = []
        for j, (gx, gy) in enumerate(((2, 3), (4, 5))):
            x, y = int(m.group(gx)), int(m.group(gy))
            if not (0 <= x < w and 0 <= y < h):
                raise PuzzleFormatError(f"endpoint ({x},{y}) of LINE#{k} is outside the {w}x{h} grid "
                                        f"(x in 0..{w - 1}, y in 0..{h - 1})", line=lineno,
                                        column=m.start(gx), source=source)
            if (y, x) in owner:
                raise PuzzleFormatError(f"endpoint ({x},{y}) of LINE#{k} is already an endpoint of "
                                        f"LINE#{owner[(y, x)]}", line=lineno, column=m.start(gx), source=source)
            owner[(y, x)] = k
            ends.append((y, x))
        pairs[k] = (ends[0], ends[1], lineno, m.start(1))
    if declared is not None and declared[0] != len(pairs):
        raise PuzzleFormatError(f"LINE_NUM says {declared[0]} lines but {len(pairs)} are given",
                                line=declared[1], column=10, source=source)
    if not pairs:
        raise PuzzleFormatError("no LINE#k entries", line=body[0][0], column=1, source=source)
    ids = sorted(pairs)
    return Puzzle.from_endpoints((h, w), [pairs[k][:2] for k in ids], labels=[str(k) for k in ids], name=name)


def _chunks(text: str, source: str | None) -> tuple[str, list[tuple[list[Line], str]]]:
    """Split ``text`` into (format, [(lines of one puzzle, name)])."""
    lines = _lines(text)
    fmt = detect(text)
    base = Path(source).stem if source else ""
    if fmt == "answer":
        first = next(ln for ln in lines if ln[1].strip())
        raise PuzzleFormatError("this is a contest answer (a solution grid), not a puzzle; read it with "
                                "load_answers", line=first[0], column=1, source=source)
    if fmt == "contest":
        return fmt, [(lines, base)]
    if fmt == "wh":
        out = []
        i = 0
        body = [ln for ln in lines if ln[1].strip()]
        while i < len(body):
            lineno, s = body[i]
            m = _WH.match(s)
            if not m:
                raise PuzzleFormatError(f"expected a 'W H' header, found {s.strip()!r}", line=lineno, column=1,
                                        source=source)
            w, h = int(m.group(1)), int(m.group(2))
            if w == 0 and h == 0:
                break
            _check_side(h, w, lineno, source)
            rows = body[i + 1:i + 1 + h]
            if len(rows) < h:
                last = rows[-1][0] + 1 if rows else lineno + 1
                raise PuzzleFormatError(f"the {w}x{h} puzzle has only {len(rows)} rows", line=last, column=1,
                                        source=source)
            for rl, rs in rows:
                n = _row_width(rs)
                if n != w:
                    raise PuzzleFormatError(f"row has {n} cells; the header says W = {w}", line=rl,
                                            column=min(len(rs), max(1, len(rs))), source=source)
            out.append((rows, f"{base}#{len(out) + 1}" if base else f"#{len(out) + 1}"))
            i += 1 + h
        return fmt, out
    blocks = _split_blocks(lines)
    if not blocks:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    if len(blocks) == 1:
        return fmt, [(blocks[0], base)]
    return fmt, [(b, f"{base}#{i + 1}" if base else f"#{i + 1}") for i, b in enumerate(blocks)]


def loads_all(text: str, *, source: str | None = None, errors: str = "raise") -> list[Any]:
    """Every puzzle in ``text``, in order.

    Parameters
    ----------
    text : str
        The file contents, in any format of :data:`FORMATS`.
    source : str, optional
        A file name, shown in error messages and used to name the puzzles.
    errors : {"raise", "keep"}
        With ``"keep"``, a puzzle that breaks the rules (an unpaired number...)
        is returned as its :class:`~tremaux.errors.PuzzleError` in the list, so
        the others can still be used. A file that cannot be split into puzzles
        always raises.

    Returns
    -------
    list of Puzzle (or PuzzleError with ``errors="keep"``)

    Examples
    --------
    >>> [p.shape for p in loads_all("2 1\\n11\\n3 1\\n2.2\\n0 0\\n")]
    [(1, 2), (1, 3)]
    >>> loads_all("2 1\\n12\\n0 0\\n", errors="keep")
    [PuzzleFormatError("2:1: number '1' appears once (line 2 column 1); each number must appear exactly twice")]
    """
    if errors not in ("raise", "keep"):
        raise UnknownNameError("errors mode", errors, ("raise", "keep"))
    fmt, chunks = _chunks(text, source)
    out: list[Any] = []
    for lines, name in chunks:
        try:
            out.append(_read_contest(lines, source, name) if fmt == "contest" else _parse_grid(lines, source, name))
        except PuzzleError as exc:
            if errors == "raise":
                raise
            out.append(exc)
    return out


def loads(text: str, *, source: str | None = None) -> Puzzle:
    """The one puzzle in ``text`` (any format of :data:`FORMATS`).

    Raises
    ------
    PuzzleFormatError
        Malformed text (with line and column), or more than one puzzle.
    """
    puzzles = loads_all(text, source=source)
    if len(puzzles) != 1:
        raise PuzzleFormatError(f"the input holds {len(puzzles)} puzzles; use loads_all/load_all",
                                line=1, column=1, source=source)
    return puzzles[0]


def load(path: str | Path) -> Puzzle:
    """The one puzzle in the file at ``path``."""
    return loads(Path(path).read_text(encoding="utf-8-sig"), source=str(path))


def load_all(path: str | Path, *, errors: str = "raise") -> list[Any]:
    """Every puzzle in the file at ``path``; see :func:`loads_all`."""
    return loads_all(Path(path).read_text(encoding="utf-8-sig"), source=str(path), errors=errors)


# ---------------------------------------------------------------------- writers
def _cell_strings(p: Puzzle) -> tuple[list[str], bool]:
    """Per pair id (0 = empty) the text to write, and whether one character each."""
    labs = list(p.labels)
    if all(len(x) == 1 and x != "0" for x in labs):
        return [".", *labs], True
    if all(x.isdecimal() for x in labs) and max(int(x) for x in labs) <= len(_DIGITS):
        return [".", *(_DIGITS[int(x) - 1] for x in labs)], True
    return ["0" if all(x.isdecimal() for x in labs) else ".", *labs], False


def _rows(p: Puzzle) -> list[str]:
    strings, single = _cell_strings(p)
    if single:
        return ["".join(strings[v] for v in row) for row in p.grid.tolist()]
    width = max(len(s) for s in strings)
    return [" ".join(strings[v].rjust(width) for v in row) for row in p.grid.tolist()]


def dumps(puzzle: Puzzle, format: str = "grid") -> str:
    """``puzzle`` as text in ``format`` (a key of :data:`FORMATS`).

    ``grid`` writes one character per cell while every label fits in one
    character (numbers 10-35 as ``A``-``Z``), else whitespace-separated labels.

    Examples
    --------
    >>> print(dumps(Puzzle.from_rows(["1.2", "1.2"]), "wh"), end="")
    3 2
    1.2
    1.2
    0 0
    """
    return dumps_all([puzzle], format)


def dumps_all(puzzles: Iterable[Puzzle], format: str = "grid") -> str:
    """Several puzzles as text (blank-line separated grids, or one ``wh`` file)."""
    if format not in FORMATS:
        raise UnknownNameError("numberlink format", format, FORMATS)
    parts = []
    for p in puzzles:
        if format == "contest":
            lines = [f"SIZE {p.width}X{p.height}", f"LINE_NUM {p.pairs}"]
            for k in range(1, p.pairs + 1):
                (r1, c1), (r2, c2) = p.endpoints(k)
                lines.append(f"LINE#{k} ({c1},{r1})-({c2},{r2})")
            parts.append("\n".join(lines) + "\n")
        elif format == "wh":
            parts.append(f"{p.width} {p.height}\n" + "\n".join(_rows(p)) + "\n")
        else:
            parts.append("\n".join(_rows(p)) + "\n")
    if format == "contest" and len(parts) > 1:
        raise PuzzleFormatError("the contest format holds one puzzle per file")
    if format == "wh":
        return "".join(parts) + "0 0\n"
    return "\n".join(parts)


def save(puzzle: Puzzle, path: str | Path, format: str | None = None) -> None:
    """Write ``puzzle`` to ``path`` (format by name, else ``contest`` for ``Q*``/``NL_Q*`` names, else ``grid``)."""
    path = Path(path)
    if format is None:
        format = "contest" if re.match(r"^(NL_)?Q\d", path.name) else "grid"
    path.write_text(dumps(puzzle, format), encoding="utf-8")


# ---------------------------------------------------------------------- solutions
def loads_answers(text: str, *, source: str | None = None) -> list[np.ndarray]:
    """The solution grids of a contest answer: ``(H, W)`` arrays of line numbers, 0 for empty.

    Examples
    --------
    >>> loads_answers("SIZE 3X1\\n01,01,00\\n")[0].tolist()
    [[1, 1, 0]]
    """
    lines = _lines(text)
    body = [ln for ln in lines if ln[1].strip()]
    if not body or not (m := _SIZE.match(body[0][1])):
        where = body[0] if body else (1, "")
        raise PuzzleFormatError("expected 'SIZE WxH' on the first line", line=where[0], column=1, source=source)
    w, h = int(m.group(1)), int(m.group(2))
    start = lines.index(body[0]) + 1
    out = []
    for block in _split_blocks(lines[start:]):
        if len(block) != h:
            raise PuzzleFormatError(f"an answer has {len(block)} rows; SIZE says H = {h}", line=block[0][0],
                                    column=1, source=source)
        g = np.zeros((h, w), dtype=np.int64)
        for r, (lineno, s) in enumerate(block):
            toks = _tokens(s)
            if len(toks) != w:
                raise PuzzleFormatError(f"row has {len(toks)} cells; SIZE says W = {w}", line=lineno, column=1,
                                        source=source)
            for c, (col, tok) in enumerate(toks):
                if not tok.isdecimal():
                    raise PuzzleFormatError(f"unexpected {tok!r}; an answer cell is a line number",
                                            line=lineno, column=col, source=source)
                g[r, c] = int(tok)
        out.append(g)
    return out


def load_answers(path: str | Path) -> list[np.ndarray]:
    """The solution grids of the contest answer file at ``path``; see :func:`loads_answers`."""
    return loads_answers(Path(path).read_text(encoding="utf-8-sig"), source=str(path))


def loads_paths(text: str, *, source: str | None = None) -> list[list[tuple[int, int]]]:
    """Paths of a ``*.sol.json`` solution: one list of ``(row, col)`` cells per line.

    Examples
    --------
    >>> loads_paths("[[[0,0],[0,1]]]")
    [[(0, 0), (0, 1)]]
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno,
                                source=source) from None
    try:
        return [[(int(r), int(c)) for r, c in path] for path in data]
    except (TypeError, ValueError):
        raise PuzzleFormatError("expected a list of paths of [row, col] cells", line=1, column=1,
                                source=source) from None


def load_paths(path: str | Path) -> list[list[tuple[int, int]]]:
    """Paths of the ``*.sol.json`` file at ``path``; see :func:`loads_paths`."""
    return loads_paths(Path(path).read_text(encoding="utf-8-sig"), source=str(path))
