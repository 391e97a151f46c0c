"""Puzzles given as the board size and a list of endpoint coordinates.

``ends``
    The board size ``W H`` then the two endpoints of every pair as ``x1 y1 x2
    y2`` (0-based, ``x`` the column, ``y`` the row), whole numbers separated
    by whitespace (parentheses and commas are separators too), in one of
    three layouts:

    * one puzzle a line, ``W H x1 y1 x2 y2 ...`` (how some generators store
      random boards);
    * ``W H`` on a line of its own, the coordinates on the next line;
    * ``K W H`` (the number of pairs first), then ``K`` lines
      ``(x1, y1) (x2, y2)``, one a pair (the Free Flow solver challenge's
      input, also used for Arukone and Nikoli boards).

    Pairs are numbered in order. Several puzzles may follow each other. An
    endpoint outside the board, or two endpoints on one cell, is an error
    naming them; so is a ``W H`` line followed by a line whose count of
    numbers is not a multiple of 4.

    A line that also reads as a one-row ``grid`` of separated labels, each
    twice (``4 4 0 0 3 3``: pairs 4, 0-empty and 3 side by side), is read as
    that grid when the format is detected. Name the format to read it as
    endpoints (``loads(text, format="ends")``), or write the size on a line
    of its own (``4 4`` then ``0 0 3 3``), the layout :func:`write_ends` and
    ``tremaux numberlink convert -f ends`` write, which no grid shares.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.formats.ends import read_ends, write_ends
>>> read_ends("3 2 0 0 2 1", None, "e")[0].grid.tolist()
[[1, 0, 0], [0, 0, 1]]
>>> read_ends("2 3 2|(0, 0) (2, 1)|(1, 0) (0, 1)".replace("|", chr(10)), None, "e")[0].grid.tolist()
[[1, 2, 0], [2, 0, 1]]
>>> print(write_ends([Puzzle.from_rows(["1.2", "1.2"])]), end="")
3 2
0 0 0 1 2 0 2 1
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

import numpy as np

from ...errors import PuzzleError, PuzzleFormatError
from .._cells import tokens as cell_tokens
from ..model import Puzzle
from ._text import Line, check_side, count_cells, lines, show
from .grids import entry_names

__all__ = ["is_ends", "miscounted", "parenthesised", "read_ends", "write_ends"]

Item = Puzzle | PuzzleError

_INT = re.compile(r"\d{1,9}")
_LONG = re.compile(r"\d{10}")
_TOKEN = re.compile(r"[^\s(),]+")
_PUNCT = re.compile(r"^[\s\d(),]*$")

Token = tuple[int, int, str]
"""``(line, column, text)`` of one number."""


class _Tokens(Sequence):
    """The numbers of one line as :data:`Token` items, made when asked: a line of millions of coordinates is
    read as one list of strings, and only a number named in a message is given its column."""

    __slots__ = ("lineno", "s", "texts", "start")

    def __init__(self, lineno: int, s: str, texts: list[str], start: int = 0) -> None:
        self.lineno, self.s, self.texts, self.start = lineno, s, texts, start

    def __len__(self) -> int:
        return len(self.texts) - self.start

    def __iter__(self) -> Iterator[Token]:
        return ((self.lineno, m.start() + 1, m.group()) for m in islice(_TOKEN.finditer(self.s), self.start, None))

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            a, b, step = i.indices(len(self))
            if step == 1 and b == len(self):  # the rest of the line: still one list of strings
                return _Tokens(self.lineno, self.s, self.texts, self.start + a)
            return [self[j] for j in range(a, b, step)]
        k = i + len(self) if i < 0 else i
        if not 0 <= k < len(self):
            raise IndexError(i)
        m = next(islice(_TOKEN.finditer(self.s), self.start + k, None))  # only the tokens up to it are looked at
        return self.lineno, m.start() + 1, m.group()

    def values(self) -> np.ndarray:
        """The numbers, as integers."""
        return np.array(self.texts[self.start:], dtype=np.int64)


def _values(tokens: Sequence[Token]) -> np.ndarray:
    """The numbers of ``tokens`` as integers."""
    return tokens.values() if isinstance(tokens, _Tokens) else np.array([int(t[2]) for t in tokens], dtype=np.int64)


def _tokens(line: Line) -> _Tokens | None:
    """The numbers of a line (parentheses and commas are separators), or ``None`` when it holds anything else."""
    lineno, s = line
    if not _PUNCT.match(s) or _LONG.search(s):  # digits, spaces, parentheses and commas: each token a number
        return None
    return _Tokens(lineno, s, _TOKEN.findall(s))


def _split(body: Sequence[Line], i: int) -> tuple[list[Token], list[Token], int] | None:
    """The puzzle starting at line ``i`` as ``(header numbers, coordinates, next line)``, framed by its header:
    ``W H x1 y1 ...`` on one line, ``W H`` then a line of coordinates, or ``K W H`` then ``K`` lines of four."""
    head = _tokens(body[i])
    if not head or len(head) < 2:
        return None
    if len(head) > 3:
        return head[:2], head[2:], i + 1
    if len(head) == 2:
        coords = _tokens(body[i + 1]) if i + 1 < len(body) else None
        return (head, coords, i + 2) if coords else None
    k = int(head[0][2])
    rows = [_tokens(ln) for ln in body[i + 1:i + 1 + k]]
    if k < 1 or len(rows) < k or any(r is None or len(r) != 4 for r in rows):
        return None
    return head[1:], [t for r in rows for t in r], i + 1 + k


def _problem(head: list[Token], coords: list[Token]) -> tuple[Token, str] | None:
    """Where and why a framed puzzle does not fit: the token that breaks it and the reason."""
    w, h = int(head[0][2]), int(head[1][2])
    if w < 1 or h < 1:
        return head[0], f"the board size {w} {h} (W H) has a side of 0"
    if not coords or len(coords) % 4:
        last = coords[-1] if coords else head[-1]
        return last, (f"{len(coords)} numbers after the size {w} {h}: expected x1 y1 x2 y2 for each pair (a "
                      f"multiple of 4)")
    values = _values(coords)
    limit = np.where(np.arange(len(values)) % 2 == 0, w, h)
    if (out := np.flatnonzero(values >= limit)).size:
        k = int(out[0])
        axis = "x (column)" if k % 2 == 0 else "y (row)"
        return coords[k], f"{axis} {coords[k][2]} is outside the {w}x{h} (WxH) board (0-based)"
    key = values[1::2] * w + values[0::2]  # each endpoint's cell
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    if (again := np.flatnonzero(first[inverse] < np.arange(len(key)))).size:  # the first cell given twice
        j = int(again[0])
        one = int(first[inverse[j]])
        return coords[2 * j], (f"pairs {one // 2 + 1} and {j // 2 + 1} both end at x {values[2 * j]}, "
                               f"y {values[2 * j + 1]}")
    return None


def _label_grid(body: Sequence[Line]) -> bool:
    """Whether the lines read as a grid of separated labels: as many in every row, each non-zero one twice (cells
    separated as the grid format separates them: by white space, commas or semicolons, as a CSV row is)."""
    rows = [[t for _, t in cell_tokens(s)] for _, s in body]
    counts = Counter(t for row in rows for t in row if t != "0")
    return len({len(r) for r in rows}) == 1 and all(n == 2 for n in counts.values())


def is_ends(body: Sequence[Line]) -> bool:
    """Whether the non-blank lines ``body`` are puzzles of the ``ends`` format (every line used).

    A text that also reads as a grid of separated labels (each label twice) is left to the grid.

    Parameters
    ----------
    body : sequence of (int, str)
        Numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.ends import is_ends
    >>> is_ends([(1, "4 4 0 0 3 1")]), is_ends([(1, "4 4"), (2, "0 0 3 3 3 0 3 1")])
    (True, True)
    >>> is_ends([(1, "1 3 1"), (2, "(0, 0) (2, 0)")])  # K W H, then K lines of two (x, y)
    True
    >>> is_ends([(1, "4 4 0 0 3 3")])  # also a one-row grid: pairs 4 and 3 side by side
    False
    >>> is_ends([(1, "2 2 0 0 0 0")]), is_ends([(1, "1 2 0 0"), (2, "1 2 0 0")])  # one cell twice; a grid
    (False, False)
    """
    i = 0
    while i < len(body):
        framed = _split(body, i)
        if framed is None or _problem(framed[0], framed[1]):
            return False
        i = framed[2]
    return bool(body) and not _label_grid(body)


def miscounted(body: Sequence[Line]) -> bool:
    """Whether the non-blank lines ``body`` are ``ends`` puzzles but for a line of coordinates whose count is not
    a multiple of 4, after a ``W H`` line (``H`` at least 2) that no ``wh`` rows follow (``3 3`` then 6 numbers).

    Such a text is no grid (its rows differ in length: rows of one length are left to the grid) and no ``wh``
    board, so that reading it as ``ends`` names its real problem, the number of coordinates.

    Parameters
    ----------
    body : sequence of (int, str)
        Numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.ends import miscounted
    >>> miscounted([(1, "3 3"), (2, "0 0 1 1 2 2")]), miscounted([(1, "3 3"), (2, "0 0 1 1 2 2 0 1")])
    (True, False)
    >>> miscounted([(1, "3 1"), (2, "1 . 1")])  # a 'wh' board of separated cells
    False
    >>> miscounted([(1, "6 2"), (2, "1 0 0 0 0 2"), (3, "1 0 0 0 0 2")])  # one of integers, 0 for empty
    False
    """
    i, found = 0, False
    while i < len(body):
        framed = _split(body, i)
        if framed is None:
            return False
        head, coords, nxt = framed
        if len(coords) % 4:
            alone = len(_tokens(body[i]) or ()) == 2  # 'W H' on a line of its own, not the start of a longer row
            if not alone or int(head[1][2]) < 2:  # or a one-row 'wh' board ('4 1', '1,,1')
                return False
            if _board_follows(body, i):  # 'W H' then H rows of W numbers: a 'wh' board of separated cells
                return False
            found = True
        i = nxt
    return found and len({count_cells(s) for _, s in body}) > 1  # rows of one length are a grid's ('2 5', '2 5')


def parenthesised(body: Sequence[Line]) -> bool:
    """Whether the non-blank lines ``body`` start as the ``K W H`` layout: three whole numbers, then a line of
    numbers in parentheses (``(0, 0) (2, 0)``), which no grid or ``wh`` board holds, so that a pair given twice
    or off the board is named by the ``ends`` reader rather than read as a grid of ragged rows.

    Parameters
    ----------
    body : sequence of (int, str)
        Numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.ends import parenthesised
    >>> parenthesised([(1, "2 3 3"), (2, "(0, 0) (2, 0)"), (3, "(0, 0) (2, 2)")])
    True
    >>> parenthesised([(1, "3 3 3"), (2, "1 . 1")])
    False
    """
    if len(body) < 2:
        return False
    head, row = _tokens(body[0]), _tokens(body[1])
    return head is not None and len(head) == 3 and row is not None and "(" in body[1][1]


def _board_follows(body: Sequence[Line], i: int) -> bool:
    """Whether line ``i`` is ``W H`` alone and the next ``H`` lines are rows of ``W`` cells (``10 10`` then ten
    rows of ten numbers, ``0`` for empty), a ``wh`` board rather than endpoint coordinates."""
    head = _tokens(body[i])
    if head is None or len(head) != 2:
        return False
    w, h = (int(t[2]) for t in head)
    rows = body[i + 1:i + 1 + h]
    return w > 0 and len(rows) == h and all(count_cells(s) == w for _, s in rows)


def _unframed(body: Sequence[Line], i: int, source: str | None) -> PuzzleFormatError:
    """Why no puzzle can be framed from line ``i``."""
    lineno, s = body[i]
    for m in _TOKEN.finditer(s):
        if not _INT.fullmatch(m.group()):
            return PuzzleFormatError(f"expected whole numbers 'W H x1 y1 x2 y2 ...', found {show(m.group())}",
                                     line=lineno, column=m.start() + 1, source=source)
    head = _tokens(body[i]) or []
    if len(head) < 2:
        return PuzzleFormatError("expected the board size 'W H' first", line=lineno, column=1, source=source)
    if len(head) == 2:
        if i + 1 >= len(body):
            return PuzzleFormatError(f"the board {head[0][2]} {head[1][2]} (W H) has no endpoints after it",
                                     line=lineno + 1, column=1, source=source)
        return _unframed(body, i + 1, source)
    k = int(head[0][2])
    for j in range(i + 1, i + 1 + k):
        if j >= len(body):
            return PuzzleFormatError(f"the header says {k} pairs; {j - i - 1} follow", line=body[-1][0] + 1,
                                     column=1, source=source)
        row = _tokens(body[j])
        if row is None:
            return _unframed(body, j, source)
        if len(row) != 4:
            return PuzzleFormatError(f"expected the two endpoints '(x1, y1) (x2, y2)' of pair {j - i}, found "
                                     f"{len(row)} numbers", line=body[j][0], column=1, source=source)
    return PuzzleFormatError("the header 'K W H' needs K of at least 1", line=lineno, column=1, source=source)


def read_ends(text: str, source: str | None, base: str) -> list[Item]:
    """Puzzles as ``W H x1 y1 x2 y2 ...`` (one a line; ``W H`` then a line of coordinates; or ``K W H`` then ``K``
    lines ``(x1, y1) (x2, y2)``).

    When the format is detected, a one-line puzzle that also reads as a one-row grid of separated labels, each
    twice (``4 4 0 0 3 3``), is read as the grid: name the format (``format="ends"``) or write the size on a line
    of its own (``4 4`` then ``0 0 3 3``) to have it read here.

    Parameters
    ----------
    text : str
        One or more puzzles.
    source : str or None
        The file name, for messages.
    base : str
        The puzzles' name (numbered when there are several).

    Returns
    -------
    list of Puzzle or PuzzleError
        The puzzles, or the error of each whose endpoints do not fit its board; after lines that cannot be
        framed as a puzzle their error ends the list (the puzzles before them are kept).

    Raises
    ------
    PuzzleFormatError
        When the first puzzle cannot be framed (no size, not whole numbers...).

    Examples
    --------
    >>> from tremaux.numberlink.formats.ends import read_ends
    >>> [p.shape for p in read_ends("4 4|0 0 3 3|2 1 0 0 1 0".replace("|", chr(10)), None, "e")]
    [(4, 4), (1, 2)]
    >>> read_ends("2 2 0 0 2 1", None, "e")
    [PuzzleFormatError('1:9: x (column) 2 is outside the 2x2 (WxH) board (0-based)')]
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    if not body:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    found: list[tuple[list[Token], list[Token]]] = []
    broken: list[Item] = []
    i = 0
    while i < len(body):
        framed = _split(body, i)
        if framed is None:
            exc = _unframed(body, i, source)
            if not found:
                raise exc
            broken.append(exc)  # the puzzles read so far are kept; what follows cannot be framed
            break
        found.append(framed[:2])
        i = framed[2]
    out: list[Item] = []
    for (head, coords), name in zip(found, entry_names(base, len(found) + len(broken))):
        try:
            w, h = int(head[0][2]), int(head[1][2])
            check_side(h, w, head[0][0], source)
            if problem := _problem(head, coords):
                (lineno, col, _), why = problem
                raise PuzzleFormatError(why, line=lineno, column=col, source=source)
            c = _values(coords)  # checked: on the board, one pair a cell
            grid = np.zeros(h * w, dtype=np.int32)
            grid[c[1::2] * w + c[0::2]] = np.arange(len(c) // 2) // 2 + 1
            out.append(Puzzle(grid.reshape(h, w), name=name))
        except PuzzleError as exc:
            out.append(exc)
    return out + broken


def write_ends(puzzles: Sequence[Puzzle]) -> str:
    """Puzzles as a ``W H`` line and a line of ``x1 y1 x2 y2 ...``, pairs in pair order.

    The size has a line of its own, so that no puzzle is read back as a one-row grid of labels
    (``2 2 0 0 1 1`` is both).

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles.

    Returns
    -------
    str
        Two lines per puzzle.

    Raises
    ------
    PuzzleFormatError
        For a puzzle without a pair (the format has no way to write one).

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.ends import write_ends
    >>> write_ends([Puzzle.from_rows(["A.A"])])
    '3 1\\n0 0 2 0\\n'
    """
    out = []
    for p in puzzles:
        if not p.pairs:
            raise PuzzleFormatError("a puzzle without a pair cannot be written as 'ends' (size then endpoints)")
        out.append(f"{p.width} {p.height}")
        row, col = np.divmod(p.ends, p.width)
        out.append(" ".join(map(str, np.stack([col, row], axis=-1).ravel().tolist())))  # x1 y1 x2 y2 a pair
    return "\n".join(out) + "\n"
