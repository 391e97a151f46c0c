"""Puzzles given as a size and a list of endpoint pairs, written as terms of a programming language.

``tuples``
    ``(N, K, (1: (x1,y1), (x2,y2)), (2: ...))``: an ``N`` x ``N`` board, ``K`` pairs, each a label and its two
    ends, 1-based, ``x`` the column (a Prolog solver's input).
``dotted``
    ``R.``, ``C.`` and ``[((r1,c1),(r2,c2)), ...].`` a line each: the rows, the columns and the pairs, 1-based
    ``(row, column)`` (a Haskell solver's input); the pairs are numbered 1, 2... in order.
``links``
    ``size N`` (or ``size W, H``) then ``link 'A', [r1, c1], [r2, c2]`` a line: 0-based ``[row, column]`` ends
    (a Ruby solver's input). A link through more than two points (a waypoint) is an error naming it.

All three are read only; a pair's end outside the board, or two ends on one cell, is an error naming them.

Examples
--------
>>> from tremaux.numberlink.formats.termlists import read_terms, term_kind
>>> text = "(3, 1,\\n(1: (1,1), (3,1)))"
>>> term_kind(text)
'tuples'
>>> read_terms(text, None, "t", "tuples")[0].grid.tolist()
[[1, 0, 1], [0, 0, 0], [0, 0, 0]]
>>> read_terms("2.\\n3.\\n[((1,1),(2,3))].", None, "d", "dotted")[0].grid.tolist()
[[1, 0, 0], [0, 0, 1]]
>>> read_terms("size 2\\nlink 'A', [0,0], [1,1]\\n", None, "l", "links")[0].labels
('A',)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice

import numpy as np

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import check_side, lines

__all__ = ["term_kind", "read_terms", "read_tuples", "read_dotted", "read_links"]

_TUPLES = re.compile(r"^\s*\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*,(.*)\)\s*$", re.DOTALL)
_TUPLE = re.compile(r"\(\s*([^\s:(),]+)\s*:\s*\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*,\s*"
                    r"\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*\)")
_DOTTED_SIZE = re.compile(r"^\s*(\d{1,9})\s*\.\s*$")
_DOTTED_PAIR = re.compile(r"\(\s*\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*,\s*\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*\)")
_LINKS_SIZE = re.compile(r"^\s*size\s*\(?\s*(\d{1,9})(?:\s*,\s*(\d{1,9}))?\s*\)?\s*$")
_LINK = re.compile(r"^\s*link\s*\(?\s*(['\"])(.*?)\1\s*((?:,\s*\[\s*-?\d{1,9}\s*,\s*-?\d{1,9}\s*\]\s*)*)\)?\s*$")
_POINT = re.compile(r"\[\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*\]")


def term_kind(text: str) -> str | None:
    """Which of ``tuples``, ``dotted`` and ``links`` ``text`` is written in (``None``: none of them).

    Parameters
    ----------
    text : str
        The contents of a file.

    Returns
    -------
    str or None

    Examples
    --------
    >>> from tremaux.numberlink.formats.termlists import term_kind
    >>> term_kind("7.\\n7.\\n[((1,1),(2,2))]."), term_kind("size 7\\nlink '1', [0,0], [6,2]"), term_kind("1.1")
    ('dotted', 'links', None)
    """
    body = list(islice((s for s in text.lstrip("\ufeff \t\r\n")[:4096].splitlines() if s.strip()), 3))
    if not body:
        return None
    if body[0].lstrip().startswith("(") and _TUPLES.match(text) and _TUPLE.search(text):
        return "tuples"
    if len(body) >= 3 and _DOTTED_SIZE.match(body[0]) and _DOTTED_SIZE.match(body[1]) \
            and body[2].lstrip().startswith("["):
        return "dotted"
    if _LINKS_SIZE.match(body[0]) and len(body) > 1 and body[1].lstrip().startswith("link"):
        return "links"
    return None


def _board(h: int, w: int, ends: list[tuple[str, list[tuple[int, int]], int]], source: str | None,
           name: str, how: Callable[[int, int], str]) -> Puzzle:
    """The puzzle of an ``h`` x ``w`` board and each pair's label, 0-based (row, column) ends and line; ``how``
    writes a cell as the file does."""
    grid = np.zeros((h, w), dtype=np.int32)
    labels: list[str] = []
    for label, cells, line in ends:
        if len(cells) != 2:
            raise PuzzleFormatError(f"pair {label!r} has {len(cells)} points; a pair joins two ends (a line "
                                    f"through waypoints is not a Number Link pair)", line=line, column=1,
                                    source=source)
        if label in labels:
            raise PuzzleFormatError(f"label {label!r} is given twice", line=line, column=1, source=source)
        labels.append(label)
        for r, c in cells:
            if not (0 <= r < h and 0 <= c < w):
                raise PuzzleFormatError(f"pair {label!r} ends at {how(r, c)}, outside the {h}x{w} board "
                                        f"(rows x columns)", line=line, column=1, source=source)
            if grid[r, c]:
                raise PuzzleFormatError(f"pairs {labels[grid[r, c] - 1]!r} and {label!r} both end at "
                                        f"{how(r, c)}", line=line, column=1, source=source)
            grid[r, c] = len(labels)
    return Puzzle(grid, labels, name=name)


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def read_terms(text: str, source: str | None, base: str, kind: str | None = None) -> list[Puzzle | PuzzleError]:
    """The puzzle of a ``tuples``, ``dotted`` or ``links`` text (see the module docstring).

    Parameters
    ----------
    text : str
        The file contents.
    source : str or None
        The file name, for messages.
    base : str
        The puzzle's name.
    kind : {"tuples", "dotted", "links"}, optional
        The layout; detected by default.

    Returns
    -------
    list of Puzzle
        The one puzzle of the file.

    Raises
    ------
    PuzzleFormatError
        Text in none of the three layouts, a count that disagrees, an end off the board or two on one cell.

    Examples
    --------
    >>> from tremaux.numberlink.formats.termlists import read_terms
    >>> read_terms("(3, 2,\\n(1: (1,1), (3,1)))", None, "t")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:1: the header gives 2 pairs; the list holds 1
    """
    kind = kind or term_kind(text)
    if kind == "tuples" and (m := _TUPLES.match(text)):
        n, k = int(m.group(1)), int(m.group(2))
        check_side(n, n, 1, source)
        found = list(_TUPLE.finditer(text, m.start(3)))
        rest = _TUPLE.sub("", m.group(3)).replace(",", "").strip()
        if rest:
            at = m.start(3) + m.group(3).find(rest[0])
            raise PuzzleFormatError(f"unexpected {rest[:12]!r}; a pair is '(label: (x1,y1), (x2,y2))'",
                                    line=_line_of(text, at), column=1, source=source)
        if len(found) != k:
            raise PuzzleFormatError(f"the header gives {k} pairs; the list holds {len(found)}", line=1, column=1,
                                    source=source)
        ends = [(f.group(1), [(int(f.group(3)) - 1, int(f.group(2)) - 1), (int(f.group(5)) - 1, int(f.group(4)) - 1)],
                 _line_of(text, f.start())) for f in found]
        return [_board(n, n, ends, source, base, lambda r, c: f"(x, y) = ({c + 1}, {r + 1})")]
    numbered = [(n, s) for n, s in lines(text) if s.strip()]
    if kind == "dotted" and len(numbered) >= 3:
        (_, rows), (_, cols), (line, pairs) = numbered[0], numbered[1], numbered[2]
        mr, mc = _DOTTED_SIZE.match(rows), _DOTTED_SIZE.match(cols)
        body = " ".join(s for _, s in numbered[2:]).strip()
        if not (mr and mc and body.startswith("[") and body.rstrip(".").rstrip().endswith("]")):
            raise PuzzleFormatError("expected 'R.', 'C.' and '[((r1,c1),(r2,c2)), ...].' a line each",
                                    line=numbered[0][0], column=1, source=source)
        h, w = int(mr.group(1)), int(mc.group(1))
        check_side(h, w, numbered[0][0], source)
        inner = body.rstrip(".").rstrip()[1:-1]
        if _DOTTED_PAIR.sub("", inner).replace(",", "").strip():
            raise PuzzleFormatError("the list of pairs is not '[((r1,c1),(r2,c2)), ...]' (1-based row, column)",
                                    line=line, column=1, source=source)
        ends = [(str(i), [(int(f.group(1)) - 1, int(f.group(2)) - 1), (int(f.group(3)) - 1, int(f.group(4)) - 1)], line)
                for i, f in enumerate(_DOTTED_PAIR.finditer(inner), start=1)]
        return [_board(h, w, ends, source, base, lambda r, c: f"({r + 1}, {c + 1})")]
    if kind == "links" and numbered and (m := _LINKS_SIZE.match(numbered[0][1])):
        w = int(m.group(1))
        h = int(m.group(2)) if m.group(2) else w
        check_side(h, w, numbered[0][0], source)
        ends = []
        for line, s in numbered[1:]:
            if s.lstrip().startswith("#"):
                continue
            lk = _LINK.match(s)
            if not lk:
                raise PuzzleFormatError(f"expected \"link 'A', [r1, c1], [r2, c2]\", not {s.strip()[:30]!r}",
                                        line=line, column=1, source=source)
            ends.append((lk.group(2), [(int(r), int(c)) for r, c in _POINT.findall(lk.group(3))], line))
        return [_board(h, w, ends, source, base, lambda r, c: f"[{r}, {c}]")]
    raise PuzzleFormatError("not a size and a list of endpoint pairs in the 'tuples', 'dotted' or 'links' layout",
                            line=numbered[0][0] if numbered else 1, column=1, source=source)


def read_tuples(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzle of a ``tuples`` text: :func:`read_terms` with ``kind="tuples"``.

    Parameters
    ----------
    text : str
        The file contents.
    source : str or None
        The file name, for messages.
    base : str
        The puzzle's name.

    Returns
    -------
    list of Puzzle
        The one puzzle of the file.

    Raises
    ------
    PuzzleFormatError
        Text not in this layout, or pairs that break it (see :func:`read_terms`).

    Examples
    --------
    >>> from tremaux.numberlink.formats.termlists import read_tuples
    >>> read_tuples('(3, 1, (1: (1,1), (3,1)))', None, "p")[0].grid.tolist()
    [[1, 0, 1], [0, 0, 0], [0, 0, 0]]
    """
    return read_terms(text, source, base, "tuples")


def read_dotted(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzle of a ``dotted`` text: :func:`read_terms` with ``kind="dotted"``.

    Parameters
    ----------
    text : str
        The file contents.
    source : str or None
        The file name, for messages.
    base : str
        The puzzle's name.

    Returns
    -------
    list of Puzzle
        The one puzzle of the file.

    Raises
    ------
    PuzzleFormatError
        Text not in this layout, or pairs that break it (see :func:`read_terms`).

    Examples
    --------
    >>> from tremaux.numberlink.formats.termlists import read_dotted
    >>> read_dotted('1.\\n3.\\n[((1,1),(1,3))].', None, "p")[0].grid.tolist()
    [[1, 0, 1]]
    """
    return read_terms(text, source, base, "dotted")


def read_links(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzle of a ``links`` text: :func:`read_terms` with ``kind="links"``.

    Parameters
    ----------
    text : str
        The file contents.
    source : str or None
        The file name, for messages.
    base : str
        The puzzle's name.

    Returns
    -------
    list of Puzzle
        The one puzzle of the file.

    Raises
    ------
    PuzzleFormatError
        Text not in this layout, or pairs that break it (see :func:`read_terms`).

    Examples
    --------
    >>> from tremaux.numberlink.formats.termlists import read_links
    >>> read_links("size 3, 1\\nlink 'A', [0,0], [0,2]", None, "p")[0].grid.tolist()
    [[1, 0, 1]]
    """
    return read_terms(text, source, base, "links")
