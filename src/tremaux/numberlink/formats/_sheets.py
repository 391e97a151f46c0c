"""What a spreadsheet's export leaves of its empty cells: empty fields between commas (``1,,2``), and a line of
tabs alone for an empty row of tab-separated values, which reads as a blank line.

A row whose cells are all empty is exported as tab-separated values as tabs alone (``\\t\\t`` for three
columns); once its whitespace is gone it is a blank line, the line between two puzzles, so the puzzle would be
read as two broken ones (each number once, one error each). Between two tab-separated rows, such a line joins
them back into one puzzle, named by one error for its empty row, unless the parts each read as a puzzle (a
spreadsheet's empty row between two puzzles).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...errors import PuzzleError, PuzzleFormatError
from ._text import Line, count_cells

_EOL = re.compile(r"\r\n?|\n")


def filled(s: str) -> str:
    """A comma-separated row with each empty field (``1,,2``, a spreadsheet's empty cell) written ``.``, the
    other fields where they were.

    Parameters
    ----------
    s : str
        A comma-separated row.

    Returns
    -------
    str
        The row, each empty field written ``.``.

    Examples
    --------
    >>> from tremaux.numberlink.formats._sheets import filled
    >>> filled("1,,2"), filled(",1, ,"), filled("  1,,")
    ('1,.,2', '.,1,.,.', '  1,.,.')
    """
    fields = s.split(",")
    lead = len(s) - len(s.lstrip())
    return ",".join(f if f.strip() else ("." if k or not lead else s[:lead] + ".") for k, f in enumerate(fields))


def tab_lines(text: str) -> set[int]:
    """The 1-based numbers of the lines of ``text`` that hold whitespace alone, a tab among it.

    Parameters
    ----------
    text : str
        The text of a puzzle file.

    Returns
    -------
    set of int
        Their line numbers, as :func:`tremaux.numberlink.formats._text.lines` numbers lines.

    Examples
    --------
    >>> from tremaux.numberlink.formats._sheets import tab_lines
    >>> sorted(tab_lines("1\\t2\\n\\t\\n2\\t1\\n\\n"))
    [2]
    """
    if "\t" not in text:
        return set()
    if text.startswith("\ufeff"):
        text = text[1:]
    return {i + 1 for i, s in enumerate(_EOL.split(text)) if "\t" in s and not s.strip()}


def join_empty_rows(blocks: list[list[Line]], text: str, source: str | None,
                    read: Callable[[list[Line]], Any]) -> list[list[Line] | PuzzleFormatError]:
    """``blocks`` (runs of non-blank lines of ``text``), those parted by lines of tabs alone rejoined.

    Parameters
    ----------
    blocks : list of list of Line
        The runs of non-blank lines.
    text : str
        The text they come from (whose lines of tabs :func:`lines` made blank).
    source : str or None
        The file name, for messages.
    read : callable
        Reads one block: a puzzle or a :class:`~tremaux.errors.PuzzleError`.

    Returns
    -------
    list
        The blocks, with each run of them parted only by lines of tabs alone between tab-separated rows of one
        width, and of which one part does not read as a puzzle, replaced by the one error of its empty row.

    Examples
    --------
    >>> from tremaux.numberlink.formats._sheets import join_empty_rows
    >>> text = "1\\t2\\n\\t\\n2\\t1\\n"
    >>> blocks = [[(1, "1\\t2")], [(3, "2\\t1")]]
    >>> str(join_empty_rows(blocks, text, "p.tsv", lambda b: PuzzleFormatError("once"))[0])
    "p.tsv:2:1: row 2 is empty (a line of tabs alone): write '.' or 0 for its cells"
    """
    gaps = tab_lines(text)
    if not gaps:
        return list(blocks)
    runs: list[list[list[Line]]] = []
    for b in blocks:
        last = runs[-1][-1] if runs else None
        if last is not None and _joined(last, b, gaps):
            runs[-1].append(b)
        else:
            runs.append([b])
    out: list[list[Line] | PuzzleFormatError] = []
    for run in runs:
        if len(run) == 1 or not any(isinstance(read(b), PuzzleError) for b in run):
            out.extend(run)
            continue
        gap = run[0][-1][0] + 1
        out.append(PuzzleFormatError(f"row {len(run[0]) + 1} is empty (a line of tabs alone): write '.' or 0 for "
                                     f"its cells", line=gap, column=1, source=source))
    return out


def _joined(before: list[Line], after: list[Line], gaps: set[int]) -> bool:
    """Whether only lines of tabs alone part ``before`` from ``after``, both rows around them tab-separated, of
    one width."""
    end, start = before[-1], after[0]
    if not all(n in gaps for n in range(end[0] + 1, start[0])):
        return False
    return ("\t" in end[1].strip() and "\t" in start[1].strip()
            and count_cells(end[1]) == count_cells(start[1]))
