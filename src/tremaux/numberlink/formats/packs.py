"""Level files of other Number Link programs: Flow Free level packs, BwInf Arukone boards, Copris boards.

``flowpack``
    The level packs of the Flow Free app (``levelpack_*.txt``), one level per
    line: a header ``SIZE,0,LEVEL,PAIRS`` (``W:H,0,...`` for a rectangle of
    ``W`` columns and ``H`` rows) then, after ``;``, the path of each colour
    as cell indices ``row * W + column``. The ends of each path are the
    puzzle's endpoints; the cells between them (the published solution) are
    not needed to read the puzzle. Variant packs whose header starts with a
    letter and ``_`` (warps, bridges, hexes...) are not plain Number Link
    grids and are refused by name.
``bwinf``
    The Arukone boards of the German Federal Computer Science Competition
    (BwInf): the side ``n``, the number of pairs, then ``n`` rows of ``n``
    whitespace-separated integers, ``0`` for an empty cell. Several boards
    may follow each other.
``copris``
    The boards of the Copris Numberlink solver (also used for the janko.at
    Arukone boards): the number of rows ``m``, the number of columns ``n``,
    each on a line of its own, then ``m`` rows of ``n`` whitespace-separated
    cells, a number or ``-`` for an empty cell.

Examples
--------
>>> from tremaux.numberlink.formats.packs import read_flowpack, read_bwinf, read_copris
>>> read_flowpack("3,0,1,2;0,1,2;3,4,5,8,7,6", None, "pack")[0].grid.tolist()
[[1, 0, 1], [2, 0, 0], [2, 0, 0]]
>>> read_bwinf("3|2|1 0 1|2 0 0|2 0 0".replace("|", chr(10)), None, "b")[0].grid.tolist()
[[1, 0, 1], [2, 0, 0], [2, 0, 0]]
>>> read_copris("2|3|1 - 1|2 - 2".replace("|", chr(10)), None, "c")[0].grid.tolist()
[[1, 0, 1], [2, 0, 2]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import Line, check_side, count_cells, lines, show
from .grids import _token_rows, entry_names
from .gridwrite import join_cells, pair_numbers
from .._cells import rows as _rows

__all__ = ["FLOWPACK", "read_flowpack", "is_bwinf", "read_bwinf", "write_bwinf", "is_copris",
           "read_copris", "write_copris"]

Item = Puzzle | PuzzleError

FLOWPACK = re.compile(r"^\s*(?:[A-Za-z]+_)?\d{1,9}(?::\d{1,9})?(?:,[^;,]*){3,};\s*\d")
"""The first line of a Flow Free level pack (a header of at least four fields, then a path)."""
_SIZE = re.compile(r"^(\d{1,9})(?::(\d{1,9}))?$")
_VARIANT = re.compile(r"^([A-Za-z]+)_")
_INT = re.compile(r"^\d{1,9}$")


# ---------------------------------------------------------------------- Flow Free level packs
def _level(lineno: int, s: str, source: str | None, base: str) -> Puzzle:
    def err(message: str, col: int) -> PuzzleFormatError:
        return PuzzleFormatError(message, line=lineno, column=col, source=source)

    parts = s.split(";")
    head = parts[0].split(",")
    lead = len(s) - len(s.lstrip())
    if m := _VARIANT.match(head[0].strip()):
        raise err(f"header {show(parts[0].strip())} marks a Flow Free variant level ({m.group(1)}_: warps, "
                  f"bridges, hexes...), not a plain Number Link grid", lead + 1)
    if len(head) < 4:
        raise err(f"a level header is 'SIZE,0,LEVEL,PAIRS' (or 'W:H,...'), found {show(parts[0].strip())}",
                  lead + 1)
    if not (size := _SIZE.match(head[0].strip())):
        raise err(f"level size {show(head[0].strip())} is not 'N' or 'W:H'", lead + 1)
    w = int(size.group(1))
    h = int(size.group(2)) if size.group(2) else w
    check_side(h, w, lineno, source)
    col = lead + len(head[0]) + 2
    for field in head[1:4]:
        if not _INT.match(field.strip()):
            raise err(f"header field {show(field.strip())} is not a number; a level header is "
                      f"'SIZE,0,LEVEL,PAIRS'", col)
        col += len(field) + 1
    extra = [f for f in head[4:] if f.strip()]
    if extra or int(head[1]) != 0:
        raise err(f"header {show(parts[0].strip())} has fields a plain Flow Free level does not (a variant "
                  f"pack: warps, bridges...?)", lead + 1)
    declared = int(head[3])
    paths = parts[1:]
    if paths and not paths[-1].strip():
        paths = paths[:-1]  # a trailing ';'
    if len(paths) != declared:
        raise err(f"the header says {declared} colours but the level gives {len(paths)} paths", lead + 1)
    pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
    owner: dict[int, int] = {}
    col = lead + len(parts[0]) + 2
    for k, path in enumerate(paths, start=1):
        cells = path.split(",")
        values = []
        c = col
        for cell in cells:
            t = cell.strip()
            if not _INT.match(t):
                raise err(f"path {k} has {show(t)} where a cell index (row * {w} + column) belongs", c)
            v = int(t)
            if v >= w * h:
                raise err(f"cell {v} of path {k} is outside the {w}x{h} board (0..{w * h - 1})", c)
            values.append((v, c))
            c += len(cell) + 1
        if len(values) < 2:
            raise err(f"path {k} has {len(values)} cell; a path joins two ends", col)
        for v, c in (values[0], values[-1]):
            if v in owner:
                raise err(f"cell {v} is an end of path {owner[v]} and of path {k}", c)
            owner[v] = k
        pairs.append(((values[0][0] // w, values[0][0] % w), (values[-1][0] // w, values[-1][0] % w)))
        col += len(path) + 1
    name = f"{base}#{int(head[2])}" if base else f"#{int(head[2])}"
    return Puzzle.from_endpoints((h, w), pairs, name=name)


def read_flowpack(text: str, source: str | None, base: str) -> list[Item]:
    """The levels of a Flow Free level pack, one per line; a broken line as its error.

    Parameters
    ----------
    text : str
        Lines ``SIZE,0,LEVEL,PAIRS;path;path...`` (``W:H`` for a rectangle), each path a list of cell indices
        ``row * W + column`` from one end to the other.
    source : str or None
        The file name, for messages.
    base : str
        The puzzles' name; each level is named ``base#LEVEL``.

    Returns
    -------
    list of Puzzle or PuzzleError
        One puzzle (or the error of an unreadable line) per level.

    Raises
    ------
    PuzzleFormatError
        For text that holds no level.

    Examples
    --------
    >>> from tremaux.numberlink.formats.packs import read_flowpack
    >>> [p.shape for p in read_flowpack("2:3,0,7,1;0,2,4,5,3,1", None, "r")]
    [(3, 2)]
    >>> read_flowpack("W_5,0,1,4,,,0|20;0,1", None, "w")[0]
    PuzzleFormatError("1:1: header 'W_5,0,1,4,,,0|20' marks a Flow Free variant level (W_: warps, ...")
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    if not body:
        raise PuzzleFormatError("no level in the input", line=1, column=1, source=source)
    out: list[Item] = []
    for lineno, s in body:
        try:
            out.append(_level(lineno, s, source, base))
        except PuzzleError as exc:
            out.append(exc if isinstance(exc, PuzzleFormatError)
                       else PuzzleFormatError(str(exc), line=lineno, column=1, source=source))
    return out


# ---------------------------------------------------------------------- BwInf Arukone boards
def _single_int(s: str) -> int | None:
    t = s.strip()
    return int(t) if _INT.match(t) else None


def is_bwinf(body: Sequence[Line]) -> bool:
    """Whether the non-blank lines ``body`` start as a BwInf board: ``n``, the pair count, then ``n`` cells.

    Parameters
    ----------
    body : sequence of (int, str)
        Numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.packs import is_bwinf
    >>> is_bwinf([(1, "2"), (2, "1"), (3, "1 1"), (4, "0 0")]), is_bwinf([(1, "2"), (2, "1"), (3, "11")])
    (True, False)
    >>> is_bwinf([(1, "1"), (2, "0"), (3, "0")]), is_bwinf([(1, "1"), (2, "0"), (3, "1")])  # 1x1 board; a column
    (True, False)
    """
    if len(body) < 3:
        return False
    n, k = _single_int(body[0][1]), _single_int(body[1][1])
    if n == 1:
        return _empty_unit_boards(body)
    return n is not None and k is not None and n >= 2 and len(body[2][1].split()) == n


def _empty_unit_boards(body: Sequence[Line]) -> bool:
    """Whether ``body`` starts with 1x1 boards (``1``, ``0`` pairs, a ``0`` cell: the only 1x1 board there is) and
    what follows them, if anything, starts as a larger board.

    Three lines ``1 0 0`` are also a column of cells, but not one a grid can be: its '1' appears once.
    """
    i = 0
    while i + 2 < len(body) and [_single_int(s) for _, s in body[i:i + 3]] == [1, 0, 0]:
        i += 3
    return i > 0 and (i == len(body) or is_bwinf(body[i:]))


def _bwinf_board(body: Sequence[Line], i: int, source: str | None) -> tuple[list[Line], Line, int]:
    """The board of the BwInf text ``body`` whose side is line ``i``: its rows, its line of the number of pairs,
    and the index of the line after it."""
    lineno, s = body[i]
    n = _single_int(s)
    if n is None:
        raise PuzzleFormatError(f"expected the side n of a board, found {show(s.strip())}", line=lineno,
                                column=len(s) - len(s.lstrip()) + 1, source=source)
    check_side(n, n, lineno, source)
    if i + 1 >= len(body) or _single_int(body[i + 1][1]) is None:
        where = body[i + 1] if i + 1 < len(body) else (lineno + 1, "")
        raise PuzzleFormatError(f"expected the number of pairs after the side {n}, found "
                                f"{show(where[1].strip())}", line=where[0], column=1, source=source)
    rows = body[i + 2:i + 2 + n]
    if len(rows) < n:
        last = rows[-1][0] + 1 if rows else body[i + 1][0] + 1
        raise PuzzleFormatError(f"the {n}x{n} board has only {_rows(len(rows))}", line=last, column=1,
                                source=source)
    for rl, rs in rows:
        if len(rs.split()) != n or ("," in rs and count_cells(rs) != n):  # commas: the count of separated cells
            raise PuzzleFormatError(f"row has {len(rs.split())} cells; the board side is {n}", line=rl,
                                    column=1, source=source)
    return rows, body[i + 1], i + 2 + n


def read_bwinf(text: str, source: str | None, base: str) -> list[Item]:
    """BwInf Arukone boards: ``n``, the number of pairs, ``n`` rows of ``n`` integers (``0`` empty), repeated.

    Parameters
    ----------
    text : str
        One or more boards.
    source : str or None
        The file name, for messages.
    base : str
        The puzzles' name (numbered when there are several).

    Returns
    -------
    list of Puzzle or PuzzleError
        The boards, or the error of each unreadable one; after a header or a row count that does not fit the
        format, its error ends the list (the boards before it are kept).

    Raises
    ------
    PuzzleFormatError
        For a first header or row count that does not fit the format.

    Examples
    --------
    >>> from tremaux.numberlink.formats.packs import read_bwinf
    >>> read_bwinf("2|1|1 0|0 1".replace("|", chr(10)), None, "a")
    [Puzzle(shape=(2, 2), pairs=1, name='a')]
    >>> read_bwinf("2|2|1 0|0 1".replace("|", chr(10)), None, "a")
    [PuzzleFormatError('2:1: the board says 2 pairs but holds 1')]
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    if not body:
        raise PuzzleFormatError("no board in the input", line=1, column=1, source=source)
    boards: list[tuple[list[Line], Line]] = []
    broken: list[Item] = []
    i = 0
    while i < len(body):
        try:
            rows, pairs, i = _bwinf_board(body, i, source)
        except PuzzleFormatError as exc:
            if not boards:
                raise
            broken.append(exc)  # the boards read so far are kept; what follows cannot be framed
            break
        boards.append((rows, pairs))
    out: list[Item] = []
    for (rows, (kl, ks)), name in zip(boards, entry_names(base, len(boards) + len(broken))):
        try:
            p = _token_rows(rows, "grid", source, name)
            if p.pairs != int(ks):
                said = f"{int(ks)} pair{'s' if int(ks) != 1 else ''}"
                raise PuzzleFormatError(f"the board says {said} but holds {p.pairs}", line=kl,
                                        column=len(ks) - len(ks.lstrip()) + 1, source=source)
            out.append(p)
        except PuzzleError as exc:
            out.append(exc)
    return out + broken


def write_bwinf(puzzles: Sequence[Puzzle]) -> str:
    """Square puzzles as BwInf boards (pairs numbered 1..n in pair order).

    Parameters
    ----------
    puzzles : sequence of Puzzle
        Square puzzles.

    Returns
    -------
    str
        The boards, one after the other.

    Raises
    ------
    PuzzleFormatError
        For a puzzle that is not square (a BwInf board is ``n`` by ``n``).

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.packs import write_bwinf
    >>> print(write_bwinf([Puzzle.from_rows(["A.", ".A"])]), end="")
    2
    1
    1 0
    0 1
    """
    out: list[str] = []
    for p in puzzles:
        if p.height != p.width:
            raise PuzzleFormatError(f"a BwInf board is square; this puzzle is {p.width}x{p.height} (WxH)")
        out.append(f"{p.width}\n{p.pairs}\n" + join_cells(p.grid, [str(k) for k in range(p.pairs + 1)]))
    return "".join(out)


# ---------------------------------------------------------------------- Copris boards
def _copris_cells(block: str) -> bool:
    """Whether rows ``block`` hold only ASCII numbers and lone ``-`` cells, checked on the board's bytes at once."""
    import numpy as np
    b = np.frombuffer(block.encode("ascii", "replace"), dtype=np.uint8)
    dash, word = b == 45, (b == 45) | ((b >= 48) & (b <= 57))
    ok = bool((word | (b == 32) | ((b >= 9) & (b <= 13))).all())
    return ok and not ((dash[1:] & word[:-1]) | (dash[:-1] & word[1:])).any()


def _copris_rows(body: Sequence[Line], i: int) -> list[Line] | None:
    """The rows of the Copris board whose row count is line ``i``, if the board is framed as one."""
    m, n = (_single_int(body[k][1]) if k < len(body) else None for k in (i, i + 1))
    rows = list(body[i + 2:i + 2 + m]) if m and n else []
    framed = m and len(rows) == m and all(len(r.split()) == n for _, r in rows)
    return rows if framed and _copris_cells("\n".join(r for _, r in rows)) else None


def is_copris(body: Sequence[Line]) -> bool:
    """Whether the non-blank lines ``body`` are Copris boards: rows ``m``, columns ``n``, ``m`` rows of ``n`` cells.

    A square board without a ``-`` cell whose second line counts its numbers is left to BwInf (whose header is
    the side and the pair count).

    Parameters
    ----------
    body : sequence of (int, str)
        Numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.packs import is_copris
    >>> is_copris([(1, "2"), (2, "1"), (3, "1"), (4, "-")]), is_copris([(1, "2"), (2, "1"), (3, "11")])
    (True, False)
    """
    i, dashes, counted = 0, False, True
    while i < len(body):
        rows = _copris_rows(body, i)
        if rows is None:
            return False
        dashes = dashes or any("-" in r.split() for _, r in rows)
        # BwInf's second line counts the pairs: a square board of n columns holding other than n numbers is no
        # BwInf board (a dense 12x12 board, 72 pairs and no empty cell, was read as one and refused)
        labels = {int(x) for _, r in rows for x in r.split() if x != "-"} - {0}
        counted = counted and len(labels) == _single_int(body[i + 1][1])
        i += 2 + len(rows)
    return bool(body) and (dashes or not counted or not is_bwinf(body))


def read_copris(text: str, source: str | None, base: str) -> list[Item]:
    """Copris boards: the number of rows, of columns, then the rows (a number or ``-`` a cell), repeated.

    Parameters
    ----------
    text : str
        One or more boards.
    source : str or None
        The file name, for messages.
    base : str
        The puzzles' name (numbered when there are several).

    Returns
    -------
    list of Puzzle or PuzzleError
        The boards, or the error of each unreadable one; after lines that cannot be framed as a board their
        error ends the list (the boards before them are kept).

    Raises
    ------
    PuzzleFormatError
        For a first board that cannot be framed.

    Examples
    --------
    >>> from tremaux.numberlink.formats.packs import read_copris
    >>> read_copris("1|3|7 - 7".replace("|", chr(10)), None, "c")
    [Puzzle(shape=(1, 3), pairs=1, name='c')]
    >>> read_copris("2|3|1 - 1|2 -".replace("|", chr(10)), None, "c")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 4:1: row has 2 cells; the board has 3 columns
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    boards: list[list[Line]] = []
    broken: list[Item] = []
    i = 0
    while i < len(body) or not boards:
        rows = _copris_rows(body, i)
        if rows is None:
            exc = _copris_error(body, i, source)
            if not boards:
                raise exc
            broken.append(exc)
            break
        boards.append(rows)
        i += 2 + len(rows)
    out: list[Item] = []
    for rows, name in zip(boards, entry_names(base, len(boards) + len(broken))):
        try:
            out.append(_token_rows(rows, "grid", source, name, all(len(r.split()) == 1 for _, r in rows)))  # 1 column
        except PuzzleError as exc:
            out.append(exc)
    return out + broken


def _copris_error(body: Sequence[Line], i: int, source: str | None) -> PuzzleFormatError:
    """Why no Copris board can be framed from line ``i``."""
    for k, what in ((i, "the number of rows"), (i + 1, "the number of columns")):
        lineno, s = body[k] if k < len(body) else ((body[-1][0] if body else 0) + 1, "")
        if not _single_int(s):
            return PuzzleFormatError(f"expected {what} on a line of its own, found {show(s.strip())}", line=lineno,
                                     column=1, source=source)
    m, n = int(body[i][1]), int(body[i + 1][1])
    rows = body[i + 2:i + 2 + m]
    for lineno, r in rows:
        if len(r.split()) != n:
            return PuzzleFormatError(f"row has {len(r.split())} cells; the board has {n} columns", line=lineno,
                                     column=1, source=source)
        if bad := next((m for m in re.finditer(r"\S+", r) if not re.fullmatch(r"-|\d+", m.group())), None):
            return PuzzleFormatError(f"unexpected {show(bad.group())}; a cell is a number or '-' (empty)",
                                     line=lineno, column=bad.start() + 1, source=source)
    return PuzzleFormatError(f"the {m}x{n} board (rows x columns) has only {_rows(len(rows))}",
                             line=body[i + 1][0] + len(rows) + 1, column=1, source=source)


def write_copris(puzzles: Sequence[Puzzle]) -> str:
    """Puzzles as Copris boards (``-`` for an empty cell; numbers kept, other labels numbered 1..n in pair order).

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles.

    Returns
    -------
    str
        The boards, one after the other.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.packs import write_copris
    >>> print(write_copris([Puzzle.from_rows(["A.A"])]), end="")
    1
    3
    1 - 1
    """
    out: list[str] = []
    for p in puzzles:
        out.append(f"{p.height}\n{p.width}\n" + join_cells(p.grid, ["-", *pair_numbers(p)[1:]]))
    return "".join(out)
