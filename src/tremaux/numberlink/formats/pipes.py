"""Grids whose cells are separated by bars: ``1| |2``, or ``|1| |2|`` with a bar on each side.

``pipes``
    One row a line, cells between ``|`` bars; a cell holds a label (letters and digits) or nothing (spaces,
    ``.``, ``0`` or ``-``: an empty cell). A row that starts and ends with a bar has them as borders when every
    row does. Rules between the rows, as a table drawn in text has them (``+---+---+``, or ``|---|---|`` under
    a Markdown table's first row), are skipped. Several puzzles are separated by blank lines or ``#`` comment
    lines (``# from ...``, no bar there). Read only.

Examples
--------
>>> from tremaux.numberlink.formats.pipes import is_pipes, read_pipes
>>> body = [(1, "1| |1"), (2, "2| |2")]
>>> is_pipes(body)
True
>>> read_pipes("1| |1\\n2| |2\\n", None, "p")[0].grid.tolist()
[[1, 0, 1], [2, 0, 2]]
>>> read_pipes("|A|.|A|\\n", None, "p")[0].labels
('A',)
>>> read_pipes("+---+---+\\n| 1 |   |\\n+---+---+\\n| 1 |   |\\n+---+---+\\n", None, "t")[0].grid.tolist()
[[1, 0], [1, 0]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import InvalidSizeError, PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._comments import uncommented
from ._text import Line, lines, split_blocks
from .grids import entry_names

__all__ = ["is_pipes", "read_pipes"]

_FIELD = re.compile(r"^\s*(?:[A-Za-z0-9]+|[.\-])?\s*$")
_RULE = re.compile(r"^\s*[+|]?(?:[-=:]+[+|])+[-=:]*\s*$")
"""A rule drawn between the rows of a table: ``+---+---+``, ``|---|---|``, ``+===+``."""


def _rule(s: str) -> bool:
    """Whether ``s`` is a rule between rows (a '+' in it, or a run of dashes: ``|-|-|`` is a row of empty cells)."""
    return bool(_RULE.match(s)) and ("+" in s or "--" in s or "==" in s)


def _unruled(numbered: list[Line]) -> list[Line]:
    """``numbered`` without the rules drawn between rows (see :func:`_rule`)."""
    return [(n, s) for n, s in numbered if not _rule(s)]


def is_pipes(body: Sequence[Line]) -> bool:
    """Whether every non-blank line of ``body`` is a row of ``|``-separated cells (labels or blanks).

    Parameters
    ----------
    body : sequence of (int, str)
        The numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.pipes import is_pipes
    >>> is_pipes([(1, "1|.|1")]), is_pipes([(1, "| S   G |")]), is_pipes([(1, "1.1")])
    (True, False, False)
    >>> is_pipes([(1, "+---+---+"), (2, "| 1 | 1 |"), (3, "+---+---+")]), is_pipes([(1, "+---+---+")])
    (True, False)
    """
    rows = [s for _, s in uncommented(_unruled(list(body)), _barred) if s.strip()]
    return bool(rows) and all("|" in s and all(_FIELD.match(f) for f in s.split("|")) for s in rows) \
        and any(f.strip() for s in rows for f in s.split("|"))


def _barred(s: str, others: list[str]) -> bool:
    """Whether the ``#`` line ``s`` is a row (holding bars) rather than a comment."""
    return "|" in s


def _cells(block: list[Line]) -> list[list[str]]:
    """The cells of each row of ``block``, border bars dropped when every row has them."""
    rows = [s.strip() if s.strip().startswith("|") else s for _, s in block]
    bordered = all(s.startswith("|") and s.endswith("|") and len(s) > 1 for s in rows)
    return [[f.strip() for f in (s[1:-1] if bordered else s).split("|")] for s in rows]


def read_pipes(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzles of a text of ``|``-separated rows (see the module docstring).

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
        One puzzle a block of rows, or the error of a block whose numbers break the rules.

    Raises
    ------
    PuzzleFormatError
        A line that is no row of bar-separated cells, or rows of different lengths.

    Examples
    --------
    >>> from tremaux.numberlink.formats.pipes import read_pipes
    >>> read_pipes("1| |1\\n2|2\\n", None, "p")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 2:1: row 2 has 2 cells; row 1 has 3
    """
    blocks = split_blocks(uncommented(_unruled(lines(text)), _barred))
    out: list[Puzzle | PuzzleError] = []
    for block, name in zip(blocks, entry_names(base, len(blocks))):
        for n, s in block:
            bad = next((f for f in s.split("|") if not _FIELD.match(f)), None)
            if "|" not in s or bad is not None:
                what = f"cell {bad.strip()!r}" if bad is not None else "no '|' between its cells"
                raise PuzzleFormatError(f"a row of '|'-separated cells holds labels of letters and digits, or "
                                        f"nothing for an empty cell; this one has {what}",
                                        line=n, column=1, source=source)
        rows = _cells(block)
        for (n, _), row in zip(block, rows):
            if len(row) != len(rows[0]):
                raise PuzzleFormatError(f"row {n - block[0][0] + 1} has {len(row)} cells; row 1 has "
                                        f"{len(rows[0])}", line=n, column=1, source=source)
        try:
            out.append(Puzzle.from_rows([[None if f in ("", ".", "-", "0") else f for f in row] for row in rows],
                                        name=name))
        except (PuzzleError, InvalidSizeError) as exc:
            out.append(PuzzleFormatError(str(exc), line=block[0][0], column=1, source=source))
    return out
