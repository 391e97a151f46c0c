"""Puzzles given as the board size on a line, then one line a pair.

``pairs``
    ``W H`` (the board's width and height) on a line of its own, then one line
    for each pair: its two endpoints ``(x1, y1) (x2, y2)`` in parentheses
    (0-based, ``x`` the column, ``y`` the row; commas optional), or the same
    numbers after a label and a colon, ``a: 0 0 1 2`` (parentheses optional
    there). A labelled line may give a whole path, ``x y`` for each cell from
    one endpoint to the other: its first and last cells are the endpoints.
    This is how several Flow Free solvers keep their boards (the Free Flow
    challenge's layout without the count of pairs in front). Pairs are
    numbered in order; when every line has a label the labels are the pairs'.
    Lines starting with ``#`` are comments; a further ``W H`` line starts
    another puzzle.

    An endpoint off the board, two endpoints on one cell, a label given
    twice, or a line whose count of numbers is odd or below 4, is an error
    naming it.

    A square board may also be given as ``N K`` (its side and the number of
    pairs), then ``K`` lines ``r1 c1 r2 c2`` (1-based, the row first), as a
    Flow Free clone's level converter reads them: read so only when the same
    text is no ``ends`` puzzle (an endpoint would fall off its ``N`` x ``K``
    board) and no grid of four columns under a ``wh`` header.

Examples
--------
>>> from tremaux.numberlink.formats.pairlines import read_pairs
>>> read_pairs("3 2|(0, 0) (2, 1)|(1, 0) (0, 1)".replace("|", chr(10)), None, "p")[0].grid.tolist()
[[1, 2, 0], [2, 0, 1]]
>>> p = read_pairs("3 2|b: 0 0 1 0 2 0|a: 0 1 2 1".replace("|", chr(10)), None, "p")[0]
>>> p.grid.tolist(), p.labels
([[1, 0, 1], [2, 0, 2]], ('b', 'a'))
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import Line, check_side, lines, show
from .grids import entry_names

__all__ = ["is_pairs", "read_pairs"]

Item = Puzzle | PuzzleError

_SIZE = re.compile(r"^\s*(\d{1,9})[\s,]+(\d{1,9})\s*$")
_LABEL = re.compile(r"^\s*([^\s:(),]+)\s*:(.*)$")
_NUMBERS = re.compile(r"^[\s\d(),]*$")
_TOKEN = re.compile(r"[^\s(),]+")


def _pair_line(s: str) -> tuple[str | None, str] | None:
    """``(label, the numbers' text)`` of a pair line, or ``None`` when ``s`` is not one: a label and a colon
    before numbers, or numbers with parentheses."""
    if m := _LABEL.match(s):
        return (m.group(1), m.group(2)) if _NUMBERS.match(m.group(2)) else None
    return (None, s) if "(" in s and _NUMBERS.match(s) else None


def _body(text: str) -> list[Line]:
    """The non-blank lines that are not ``#`` comments."""
    return [ln for ln in lines(text) if ln[1].strip() and not ln[1].lstrip().startswith("#")]


def is_pairs(body: Sequence[Line]) -> bool:
    """Whether the non-blank lines ``body`` start as the ``pairs`` layout: ``W H`` alone, then a pair line
    (a label and a colon, or numbers in parentheses).

    Parameters
    ----------
    body : sequence of (int, str)
        Numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.pairlines import is_pairs
    >>> is_pairs([(1, "5 5"), (2, "(0,0) (1,4)")]), is_pairs([(1, "5 5"), (2, "a: 0 0 1 2")])
    (True, True)
    >>> is_pairs([(1, "3 1"), (2, "1 0 1")]), is_pairs([(1, "1 3 1"), (2, "(0, 0) (2, 0)")])
    (False, False)
    """
    rest = [s for _, s in body if not s.lstrip().startswith("#")]
    return len(rest) >= 2 and _SIZE.match(rest[0]) is not None and _pair_line(rest[1]) is not None \
        or _square_pairs(body) is not None


_FOUR = re.compile(r"^\s*(\d{1,9})\s+(\d{1,9})\s+(\d{1,9})\s+(\d{1,9})\s*$")


def _square_pairs(body: Sequence[Line]) -> tuple[int, list[tuple[int, list[int]]]] | None:
    """``(N, [(line, [r1, c1, r2, c2]), ...])`` when ``body`` is ``N K`` then ``K`` lines of four numbers in
    ``1..N`` that no other layout reads (see the module docstring), else ``None``."""
    rest = [(n, s) for n, s in body if s.strip() and not s.lstrip().startswith("#")]
    if len(rest) < 2 or not (m := _SIZE.match(rest[0][1])):
        return None
    side, k = int(m.group(1)), int(m.group(2))
    fours = [(n, f) for n, s in rest[1:] if (f := _FOUR.match(s))]
    if k < 1 or len(fours) != k or len(rest) != k + 1:
        return None
    pairs = [(n, [int(v) for v in f.groups()]) for n, f in fours]
    values = [v for _, q in pairs for v in q]
    if not all(1 <= v <= side for v in values):
        return None
    ends_fit = all(q[0] < side and q[1] < k and q[2] < side and q[3] < k for _, q in pairs)  # 'x y' 0-based
    counts = [values.count(v) for v in set(values) if v]
    grid_fits = side == 4 and all(c == 2 for c in counts)  # a 'wh' grid of 4 columns, each number twice
    return None if ends_fit or grid_fits else (side, pairs)


def _read_square(body: Sequence[Line], source: str | None, base: str) -> list[Item]:
    """The puzzle of ``N K`` then ``K`` lines ``r1 c1 r2 c2`` (1-based, the row first)."""
    got = _square_pairs(body)
    assert got is not None
    side, pairs = got
    check_side(side, side, body[0][0], source)
    grid = np.zeros((side, side), dtype=np.int32)
    for k, (at, (r1, c1, r2, c2)) in enumerate(pairs, start=1):
        for r, c in ((r1, c1), (r2, c2)):
            if grid[r - 1, c - 1]:
                return [PuzzleFormatError(f"pairs {grid[r - 1, c - 1]} and {k} both end at row {r}, column {c} "
                                          "(1-based)", line=at, column=1, source=source)]
            grid[r - 1, c - 1] = k
    return [Puzzle(grid, name=base)]


def _puzzle(size: Line, rows: list[tuple[Line, str | None, str]], source: str | None, name: str) -> Puzzle:
    """One puzzle from its size line and pair lines; a :class:`PuzzleFormatError` names what does not fit."""
    lineno, s = size
    m = _SIZE.match(s)
    assert m is not None
    w, h = int(m.group(1)), int(m.group(2))
    check_side(h, w, lineno, source)
    labelled = [label is not None for _, label, _ in rows]
    if any(labelled) and not all(labelled):
        (at, _), _, _ = rows[labelled.index(False) if labelled[0] else labelled.index(True)]
        raise PuzzleFormatError("some pair lines have a label and others not: give every pair a label, or none",
                                line=at, column=1, source=source)
    grid = np.zeros((h, w), dtype=np.int32)
    seen: dict[tuple[int, int], int] = {}
    for k, ((at, line), label, numbers) in enumerate(rows, start=1):
        offset = len(line) - len(numbers)
        tokens = [(mt.start() + offset + 1, mt.group()) for mt in _TOKEN.finditer(numbers)]
        if len(tokens) < 4 or len(tokens) % 2:
            raise PuzzleFormatError(f"pair {k} has {len(tokens)} numbers: expected x1 y1 x2 y2 (or x y for each "
                                    "cell of its path)", line=at, column=1, source=source)
        for col, tok in (tokens[0], tokens[1], tokens[-2], tokens[-1]):
            if not tok.isdigit() or len(tok) > 9:
                raise PuzzleFormatError(f"expected a whole number, found {show(tok)}", line=at, column=col,
                                        source=source)
        for (col, tx), (_, ty) in ((tokens[0], tokens[1]), (tokens[-2], tokens[-1])):
            x, y = int(tx), int(ty)
            if x >= w or y >= h:
                raise PuzzleFormatError(f"endpoint x {x}, y {y} of pair {k} is outside the {w}x{h} (WxH) board "
                                        "(0-based)", line=at, column=col, source=source)
            if (x, y) in seen:
                raise PuzzleFormatError(f"pairs {seen[(x, y)]} and {k} both end at x {x}, y {y}", line=at,
                                        column=col, source=source)
            seen[(x, y)] = k
            grid[y, x] = k
    labels = [label for _, label, _ in rows] if all(labelled) else None
    if labels is not None and len(set(labels)) != len(labels):
        dup = next(x for x in labels if labels.count(x) > 1)
        at = [ln for (ln, _), label, _ in rows if label == dup][1]
        raise PuzzleFormatError(f"the label {show(dup)} is given to two pairs", line=at, column=1, source=source)
    return Puzzle(grid, labels, name=name)


def read_pairs(text: str, source: str | None, base: str) -> list[Item]:
    """Puzzles as ``W H`` then one line a pair, ``(x1, y1) (x2, y2)`` or ``label: x1 y1 x2 y2``.

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
        The puzzles, or the error of each whose pairs do not fit its board.

    Raises
    ------
    PuzzleFormatError
        A line that is neither a size nor a pair line, or a size without pair lines.

    Examples
    --------
    >>> from tremaux.numberlink.formats.pairlines import read_pairs
    >>> [p.shape for p in read_pairs("2 1|(0,0) (1,0)|3 1|(0,0) (2,0)".replace("|", chr(10)), None, "p")]
    [(1, 2), (1, 3)]
    >>> read_pairs("2 1|(0,0) (2,0)".replace("|", chr(10)), None, "p")
    [PuzzleFormatError('2:8: endpoint x 2, y 0 of pair 1 is outside the 2x1 (WxH) board (0-based)')]
    """
    body = _body(text)
    if not body:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    if _square_pairs(body) is not None:
        return _read_square(body, source, base)
    blocks: list[tuple[Line, list[tuple[Line, str | None, str]]]] = []
    for line in body:
        if _SIZE.match(line[1]):
            blocks.append((line, []))
            continue
        pair = _pair_line(line[1])
        if pair is None or not blocks:
            what = "the board size 'W H'" if not blocks else "a pair line '(x1, y1) (x2, y2)' or 'label: x1 y1 x2 y2'"
            raise PuzzleFormatError(f"expected {what}, found {show(line[1].strip())}", line=line[0], column=1,
                                    source=source)
        blocks[-1][1].append((line, *pair))
    for size, rows in blocks:
        if not rows:
            raise PuzzleFormatError(f"the board {' '.join(size[1].split())} (W H) has no pair lines after it",
                                    line=size[0] + 1, column=1, source=source)
    out: list[Item] = []
    for (size, rows), name in zip(blocks, entry_names(base, len(blocks))):
        try:
            out.append(_puzzle(size, rows, source, name))
        except PuzzleError as exc:
            out.append(exc)
    return out
