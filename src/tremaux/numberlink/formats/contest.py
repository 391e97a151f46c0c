"""The DA Symposium Algorithm Design Contest formats: problems, answers, and ``*.sol.json`` paths.

Examples
--------
>>> from tremaux.numberlink.formats import loads_answers
>>> from tremaux.numberlink.formats.contest import read_contest
>>> p = read_contest("SIZE 3X1\\nLINE_NUM 1\\nLINE#1 (0,0)-(2,0)\\n", None, "")[0]
>>> p.grid.tolist()
[[1, 0, 1]]
>>> loads_answers("SIZE 3X1\\n01,01,00\\n")[0].tolist()
[[1, 1, 0]]
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import check_side, lines, read_text, show, split_blocks, tokens

__all__ = ["SIZE", "read_contest", "write_contest", "loads_answers", "load_answers", "loads_paths", "load_paths"]

_N = r"(\d{1,9})"
SIZE = re.compile(rf"^\s*SIZE\s+{_N}\s*X\s*{_N}\s*$", re.IGNORECASE)
"""The ``SIZE WxH`` line of a problem or an answer (keywords in either case, as everywhere in the format)."""
_LINENUM = re.compile(r"^\s*LINE_NUM\s+(\d+)\s*$", re.IGNORECASE)
_LINE = re.compile(rf"^\s*LINE#{_N}\s+\(\s*(-?\d{{1,9}})\s*,\s*(-?\d{{1,9}})\s*\)\s*-\s*"
                   rf"\(\s*(-?\d{{1,9}})\s*,\s*(-?\d{{1,9}})\s*\)\s*$", re.IGNORECASE)


def read_contest(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The one problem of a contest file (``SIZE``, ``LINE_NUM``, ``LINE#k``); a broken one as its error.

    Parameters
    ----------
    text : str
        A problem file of the DA Symposium contest (``SIZE``, ``LINE_NUM``, ``LINE#k``).
    source : str or None
        The file name, for messages.
    base : str
        The puzzle's name.

    Returns
    -------
    list of Puzzle or PuzzleError
        The one puzzle of the file, or the error that made it unreadable.

    Raises
    ------
    PuzzleFormatError
        For text that holds no puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.formats.contest import read_contest
    >>> read_contest("SIZE 3X2|LINE_NUM 1|LINE#1 (0,0)-(2,1)".replace("|", chr(10)), None, "c")
    [Puzzle(shape=(2, 3), pairs=1, name='c')]
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    if not body:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    try:
        return [_problem(body, source, base)]
    except PuzzleError as exc:
        return [exc]


_EVERY_LINE = re.compile(r"^[ \t]*LINE#(\d{1,9})[ \t]+\([ \t]*(\d{1,9})[ \t]*,[ \t]*(\d{1,9})[ \t]*\)[ \t]*-[ \t]*"
                         r"\([ \t]*(\d{1,9})[ \t]*,[ \t]*(\d{1,9})[ \t]*\)[ \t]*$", re.IGNORECASE | re.MULTILINE)
_EVERY_LINENUM = re.compile(r"^[ \t]*LINE_NUM[ \t]+(\d{1,9})[ \t]*$", re.IGNORECASE | re.MULTILINE)


def _plain(body: list[tuple[int, str]], w: int, h: int, base: str) -> Puzzle | None:
    """The problem read with regular expressions over all its lines at once and numpy (half a million lines in
    a second, not ten), when every line is well formed and the lines fit the board; ``None`` otherwise, for the
    line by line reading to name the first fault."""
    rest = "\n".join(s for _, s in body[1:])
    found = _EVERY_LINE.findall(rest)
    declared = _EVERY_LINENUM.findall(rest)
    if len(found) + len(declared) != len(body) - 1 or (declared and int(declared[-1]) != len(found)) or not found:
        return None
    a = np.array(found, dtype=np.int64).reshape(-1, 5)
    ks, xs, ys = a[:, 0], a[:, 1::2], a[:, 2::2]
    order = np.argsort(ks, kind="stable")
    if xs.max() >= w or ys.max() >= h or (ks[order][1:] == ks[order][:-1]).any():
        return None
    cells = (ys * w + xs).ravel()
    if np.bincount(cells, minlength=h * w).max() > 1:  # a cell given twice
        return None
    rank = np.empty(len(ks), dtype=np.int32)
    rank[order] = np.arange(1, len(ks) + 1, dtype=np.int32)
    grid = np.zeros(h * w, dtype=np.int32)
    grid[cells] = np.repeat(rank, 2)
    return Puzzle(grid.reshape(h, w), [str(k) for k in ks[order].tolist()], name=base)


def _problem(body: list[tuple[int, str]], source: str | None, base: str) -> Puzzle:
    lineno, s = body[0]
    m = SIZE.match(s)
    if not m:
        raise PuzzleFormatError(f"expected 'SIZE WxH', found {show(s.strip())}", line=lineno, column=1,
                                source=source)
    w, h = int(m.group(1)), int(m.group(2))
    check_side(h, w, lineno, source)
    if (plain := _plain(body, w, h, base)) is not None:
        return plain
    declared = None
    pairs: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
    owner: dict[tuple[int, int], int] = {}
    for lineno, s in body[1:]:
        if m := _LINENUM.match(s):
            if len(m.group(1)) > 9:  # no grid holds that many lines (and int() refuses thousands of digits)
                raise PuzzleFormatError(f"LINE_NUM {show(m.group(1))} is more lines than a grid can hold",
                                        line=lineno, column=m.start(1) + 1, source=source)
            declared = (int(m.group(1)), lineno)
            continue
        m = _LINE.match(s)
        if not m and SIZE.match(s):  # problems written one after the other in one file
            raise PuzzleFormatError("a second 'SIZE' line: a contest file holds one problem (write several as "
                                    "'wh' or 'grid')", line=lineno, column=len(s) - len(s.lstrip()) + 1,
                                    source=source)
        if not m:
            raise PuzzleFormatError(f"expected 'LINE#k (x1,y1)-(x2,y2)', found {show(s.strip())}", line=lineno,
                                    column=len(s) - len(s.lstrip()) + 1, source=source)
        k = int(m.group(1))
        if k in pairs:
            raise PuzzleFormatError(f"LINE#{k} is given twice", line=lineno, column=m.start(1), source=source)
        ends = []
        for gx, gy in ((2, 3), (4, 5)):
            x, y = int(m.group(gx)), int(m.group(gy))
            if not (0 <= x < w and 0 <= y < h):
                raise PuzzleFormatError(f"endpoint ({x},{y}) of LINE#{k} is outside the {w}x{h} grid "
                                        f"(x in 0..{w - 1}, y in 0..{h - 1})", line=lineno,
                                        column=m.start(gx), source=source)
            if (y, x) in owner:
                raise PuzzleFormatError(f"endpoint ({x},{y}) of LINE#{k} is already an endpoint of "
                                        f"LINE#{owner[(y, x)]}", line=lineno, column=m.start(gx),
                                        source=source)
            owner[(y, x)] = k
            ends.append((y, x))
        pairs[k] = (ends[0], ends[1])
    if declared is not None and declared[0] != len(pairs):
        raise PuzzleFormatError(f"LINE_NUM says {declared[0]} lines but {len(pairs)} are given",
                                line=declared[1], column=10, source=source)
    if not pairs and declared is None:  # 'LINE_NUM 0' says so: a board without numbers, as written for one
        raise PuzzleFormatError("no LINE#k entries", line=body[0][0], column=1, source=source)
    ids = sorted(pairs)
    grid = np.zeros((h, w), dtype=np.int32)  # the endpoints are checked: on the board, one line a cell
    for n, k in enumerate(ids, start=1):
        (r1, c1), (r2, c2) = pairs[k]
        grid[r1, c1] = grid[r2, c2] = n
    return Puzzle(grid, [str(k) for k in ids], name=base)


def write_contest(puzzles: Sequence[Puzzle]) -> str:
    """One problem as ``SIZE``/``LINE_NUM``/``LINE#k`` lines; pairs are numbered 1..n in pair order.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        One puzzle.

    Returns
    -------
    str
        The problem file.

    Raises
    ------
    PuzzleFormatError
        For more than one puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.formats.contest import write_contest
    >>> from tremaux.numberlink import Puzzle
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> print(write_contest([puzzle]), end="")
    SIZE 3X2
    LINE_NUM 2
    LINE#1 (0,0)-(2,0)
    LINE#2 (0,1)-(2,1)
    """
    if len(puzzles) != 1:
        raise PuzzleFormatError("the contest format holds one puzzle per file")
    p = puzzles[0]
    out = [f"SIZE {p.width}X{p.height}", f"LINE_NUM {p.pairs}"]
    row, col = np.divmod(p.ends, p.width)
    out += [f"LINE#{k} ({c1},{r1})-({c2},{r2})"
            for k, (c1, c2, r1, r2) in enumerate(np.concatenate([col, row], axis=1).tolist(), start=1)]
    return "\n".join(out) + "\n"


def loads_answers(text: str, *, source: str | None = None) -> list[np.ndarray]:
    """The solution grids of a contest answer: ``(H, W)`` arrays of line numbers, 0 for empty.

    Parameters
    ----------
    text : str
        ``SIZE WxH`` then one or more blocks of ``H`` rows of ``W`` comma-separated numbers.
    source : str, optional
        A file name for error messages.

    Returns
    -------
    list of numpy.ndarray

    Raises
    ------
    PuzzleFormatError
        Malformed text, with line and column.

    Examples
    --------
    >>> from tremaux.numberlink.formats import loads_answers
    >>> loads_answers("SIZE 3X1\\n01,01,00\\n")[0].tolist()
    [[1, 1, 0]]
    """
    all_lines = lines(text)
    body = [ln for ln in all_lines if ln[1].strip()]
    if not body or not (m := SIZE.match(body[0][1])):
        where = body[0] if body else (1, "")
        raise PuzzleFormatError("expected 'SIZE WxH' on the first line", line=where[0], column=1, source=source)
    w, h = int(m.group(1)), int(m.group(2))
    check_side(h, w, body[0][0], source)
    start = all_lines.index(body[0]) + 1
    out = []
    for block in split_blocks(all_lines[start:]):
        if len(block) != h:
            raise PuzzleFormatError(f"an answer has {len(block)} rows; SIZE says H = {h}", line=block[0][0],
                                    column=1, source=source)
        g = np.zeros((h, w), dtype=np.int64)
        for r, (lineno, s) in enumerate(block):
            toks = tokens(s)
            if len(toks) != w:
                raise PuzzleFormatError(f"row has {len(toks)} cells; SIZE says W = {w}", line=lineno, column=1,
                                        source=source)
            for c, (col, tok) in enumerate(toks):
                if not (tok.isascii() and tok.isdigit() and len(tok) <= 9):
                    raise PuzzleFormatError(f"unexpected {show(tok)}; an answer cell is a line number",
                                            line=lineno, column=col, source=source)
                g[r, c] = int(tok)
        out.append(g)
    return out


def load_answers(path: str | Path) -> list[np.ndarray]:
    """The solution grids of the contest answer file at ``path``; see :func:`loads_answers`.

    Parameters
    ----------
    path : str or pathlib.Path
        An answer file of the contest.

    Returns
    -------
    list of numpy.ndarray
        Each answer's board of line numbers.

    Examples
    --------
    >>> from tremaux.numberlink.formats import load_answers
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "A.txt"
    >>> _ = f.write_text("SIZE 2X1\\n01,01\\n")
    >>> load_answers(f)[0].tolist()
    [[1, 1]]
    """
    return loads_answers(read_text(path), source=str(path))


def loads_paths(text: str, *, source: str | None = None) -> list[list[tuple[int, int]]]:
    """Paths of a ``*.sol.json`` solution: one list of ``(row, col)`` cells per line.

    Parameters
    ----------
    text : str
        A JSON list of paths, each a list of ``[row, col]`` pairs of integers.
    source : str, optional
        A file name for error messages.

    Returns
    -------
    list of list of (int, int)

    Raises
    ------
    PuzzleFormatError
        Invalid JSON (with line and column), nesting too deep, or another shape.

    Examples
    --------
    >>> from tremaux.numberlink.formats import loads_paths
    >>> loads_paths("[[[0,0],[0,1]]]")
    [[(0, 0), (0, 1)]]
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno,
                                source=source) from None
    except RecursionError:
        raise PuzzleFormatError("JSON nested too deeply", line=1, column=1, source=source) from None
    except ValueError:  # an integer of thousands of digits, which int() refuses
        raise PuzzleFormatError("a number in the JSON is too long", line=1, column=1, source=source) from None
    bad = PuzzleFormatError("expected a list of paths of [row, col] cells (integers)", line=1, column=1,
                            source=source)
    if not isinstance(data, list):
        raise bad
    out = []
    for path in data:
        if not isinstance(path, list):
            raise bad
        cells = []
        for cell in path:
            if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
                raise bad
            cells.append((cell[0], cell[1]))
        out.append(cells)
    return out


def load_paths(path: str | Path) -> list[list[tuple[int, int]]]:
    """Paths of the ``*.sol.json`` file at ``path``; see :func:`loads_paths`.

    Parameters
    ----------
    path : str or pathlib.Path
        A file of paths.

    Returns
    -------
    list of list of tuple of int
        Each path's ``(row, col)`` cells.

    Examples
    --------
    >>> from tremaux.numberlink.formats import load_paths
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "p.sol.json"
    >>> _ = f.write_text("[[[0, 0], [0, 1]]]")
    >>> load_paths(f)
    [[(0, 0), (0, 1)]]
    """
    return loads_paths(read_text(path), source=str(path))
