"""Puzzles given as the board size and a list of endpoint coordinates.

``ends``
    ``W H`` then the two endpoints of every pair as ``x1 y1 x2 y2`` (0-based,
    ``x`` the column, ``y`` the row), all whitespace-separated integers: one
    puzzle a line (``W H x1 y1 x2 y2 ...``), or the ``W H`` line on its own
    with the coordinates on the line after it. Pairs are numbered in order.
    Several puzzles may follow each other. This is how some generators and
    solvers store random boards, one per line; a board whose two endpoints
    fall on one cell is an error naming both pairs.

Examples
--------
>>> read_ends("3 2 0 0 2 1", None, "e")[0].grid.tolist()
[[1, 0, 0], [0, 0, 1]]
>>> print(write_ends([Puzzle.from_rows(["1.2", "1.2"])]), end="")
3 2
0 0 0 1 2 0 2 1
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import Line, check_side, lines, show
from .grids import entry_names

__all__ = ["is_ends", "read_ends", "write_ends"]

Item = Puzzle | PuzzleError

_INTS = re.compile(r"^\s*\d{1,9}(?:\s+\d{1,9})*\s*$")
_TOKEN = re.compile(r"\S+")


def _ints(s: str) -> list[int] | None:
    return [int(t) for t in s.split()] if _INTS.match(s) else None


def _fits(w: int, h: int, coords: list[int]) -> bool:
    """Whether ``coords`` are one or more pairs of distinct cells inside a ``w`` by ``h`` board."""
    if w < 1 or h < 1 or not coords or len(coords) % 4:
        return False
    cells = list(zip(coords[0::2], coords[1::2]))
    return all(x < w and y < h for x, y in cells) and len(set(cells)) == len(cells)


def _record(body: Sequence[Line], i: int) -> tuple[int, int, list[int], int] | None:
    """The puzzle starting at line ``i`` as ``(W, H, coordinates, next line)``, if it fits the format."""
    first = _ints(body[i][1])
    if first is None or len(first) < 2:
        return None
    if len(first) > 2:
        return (first[0], first[1], first[2:], i + 1) if _fits(first[0], first[1], first[2:]) else None
    coords = _ints(body[i + 1][1]) if i + 1 < len(body) else None
    return (first[0], first[1], coords, i + 2) if coords and _fits(first[0], first[1], coords) else None


def _label_grid(body: Sequence[Line]) -> bool:
    """Whether the lines read as a grid of separated labels: as many in every row, each non-zero one twice."""
    rows = [s.split() for _, s in body]
    labels = [t for row in rows for t in row if t != "0"]
    return len({len(r) for r in rows}) == 1 and all(labels.count(t) == 2 for t in set(labels))


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
    >>> is_ends([(1, "4 4 0 0 3 1")]), is_ends([(1, "4 4"), (2, "0 0 3 3 3 0 3 1")])
    (True, True)
    >>> is_ends([(1, "4 4 0 0 3 3")])  # also a one-row grid: pairs 4 and 3 side by side
    False
    >>> is_ends([(1, "2 2 0 0 0 0")]), is_ends([(1, "1 2 0 0"), (2, "1 2 0 0")])  # one cell twice; a grid
    (False, False)
    """
    i = 0
    while i < len(body):
        rec = _record(body, i)
        if rec is None:
            return False
        i = rec[3]
    return bool(body) and not _label_grid(body)


def _error_at(body: Sequence[Line], i: int, source: str | None) -> PuzzleFormatError:
    """Why the puzzle starting at line ``i`` does not fit the format, at the token that breaks it."""
    lineno, s = body[i]
    toks = [(m.start() + 1, m.group()) for m in _TOKEN.finditer(s)]
    for col, t in toks:
        if not t.isdigit() or len(t) > 9:
            return PuzzleFormatError(f"expected whole numbers 'W H x1 y1 x2 y2 ...', found {show(t)}",
                                     line=lineno, column=col, source=source)
    if len(toks) < 2:
        return PuzzleFormatError("expected the board size 'W H' first", line=lineno, column=1, source=source)
    w, h = int(toks[0][1]), int(toks[1][1])
    check_side(h, w, lineno, source)
    if len(toks) == 2:
        if i + 1 >= len(body):
            return PuzzleFormatError(f"the {w}x{h} (WxH) board has no endpoints after it", line=lineno + 1,
                                     column=1, source=source)
        return _error_at([(lineno, s + " " + body[i + 1][1])], 0, source) if _ints(body[i + 1][1]) \
            else _error_at([body[i + 1]], 0, source)
    coords = toks[2:]
    if len(coords) % 4:
        return PuzzleFormatError(f"{len(coords)} numbers after the size {w} {h}: expected x1 y1 x2 y2 for each "
                                 f"pair (a multiple of 4)", line=lineno, column=coords[-1][0], source=source)
    for k, (col, t) in enumerate(coords):
        if int(t) >= (w if k % 2 == 0 else h):
            axis = "x (column)" if k % 2 == 0 else "y (row)"
            return PuzzleFormatError(f"{axis} {t} is outside the {w}x{h} (WxH) board (0-based)", line=lineno,
                                     column=col, source=source)
    cells = [(int(coords[k][1]), int(coords[k + 1][1])) for k in range(0, len(coords), 2)]
    j = next(j for j in range(len(cells)) if cells[j] in cells[:j])
    first = cells.index(cells[j])
    return PuzzleFormatError(f"pairs {first // 2 + 1} and {j // 2 + 1} both end at x {cells[j][0]}, "
                             f"y {cells[j][1]}", line=lineno, column=coords[2 * j][0], source=source)


def read_ends(text: str, source: str | None, base: str) -> list[Item]:
    """Puzzles as ``W H x1 y1 x2 y2 ...`` (one a line, or ``W H`` with the coordinates on the next line).

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
        The puzzles; after a line that does not fit the format its error ends the list (the puzzles before
        it are kept).

    Raises
    ------
    PuzzleFormatError
        When the first puzzle does not fit the format.

    Examples
    --------
    >>> [p.shape for p in read_ends("4 4|0 0 3 3|2 1 0 0 1 0".replace("|", chr(10)), None, "e")]
    [(4, 4), (1, 2)]
    >>> read_ends("2 2 0 0 2 1", None, "e")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:9: x (column) 2 is outside the 2x2 (WxH) board (0-based)
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    if not body:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    found: list[tuple[int, int, int, list[int]]] = []
    broken: list[Item] = []
    i = 0
    while i < len(body):
        rec = _record(body, i)
        if rec is None:
            exc = _error_at(body, i, source)
            if not found:
                raise exc
            broken.append(exc)
            break
        found.append((body[i][0], rec[0], rec[1], rec[2]))
        i = rec[3]
    out: list[Item] = []
    for (lineno, w, h, c), name in zip(found, entry_names(base, len(found) + len(broken))):
        try:
            check_side(h, w, lineno, source)
            pairs = [((c[k + 1], c[k]), (c[k + 3], c[k + 2])) for k in range(0, len(c), 4)]
            out.append(Puzzle.from_endpoints((h, w), pairs, name=name))
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
    >>> write_ends([Puzzle.from_rows(["A.A"])])
    '3 1\\n0 0 2 0\\n'
    """
    out = []
    for p in puzzles:
        if not p.pairs:
            raise PuzzleFormatError("a puzzle without a pair cannot be written as 'ends' (size then endpoints)")
        out.append(f"{p.width} {p.height}")
        nums: list[int] = []
        for k in range(1, p.pairs + 1):
            (r1, c1), (r2, c2) = p.endpoints(k)
            nums += [c1, r1, c2, r2]
        out.append(" ".join(map(str, nums)))
    return "\n".join(out) + "\n"
