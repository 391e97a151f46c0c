"""``#`` comment lines in the formats that hold no ``#`` of their own there: above a header, and between the
rows of grids (where ``#`` is no cell: a ``#`` line shaped as a row stays one, whose blocked cell is an error);
``-- word`` lines, as Haskell, SQL and Lua programs write comments (``-- EASY`` over a file's first boards), are
read as such ``#`` lines (:func:`dash_comments`).

Examples
--------
>>> from tremaux.numberlink.formats._comments import after_comments
>>> after_comments("# from a book\\n3 1 0 0 2 0\\n")
'\\n3 1 0 0 2 0\\n'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...errors import PuzzleError, PuzzleFormatError
from ._text import Line, count_cells, has_separator, lines, split_blocks, tokens

__all__ = ["HEADED", "after_comments", "dash_comments", "uncommented", "unmatched"]

HEADED = frozenset({"contest", "pzprv3", "flowpack", "bwinf", "copris", "ends", "blanks", "counted", "tuples",
                    "dotted", "links"})
"""The formats whose first line is a header (no row of cells), so ``#`` lines above it are comments."""


_DASHES = re.compile(r"^([ \t]*)--(?=[ \t]+[A-Za-z])", re.MULTILINE)
"""A line starting with ``--``, a space and a word: a comment (no cell of any format is ``--``)."""


def dash_comments(text: str) -> str:
    """``text`` with each ``-- word`` comment line written as a ``#`` line (line numbers kept).

    Parameters
    ----------
    text : str
        The contents of a puzzle file.

    Returns
    -------
    str

    Examples
    --------
    >>> from tremaux.numberlink.formats._comments import dash_comments
    >>> dash_comments("-- EASY\\n3 1\\n1 0 1\\n")
    '# EASY\\n3 1\\n1 0 1\\n'
    >>> dash_comments("- - 1\\n--1\\n")  # empty cells, and no comment
    '- - 1\\n--1\\n'
    """
    return _DASHES.sub(r"\1#", text)


def after_comments(text: str) -> str | None:
    """``text`` with the ``#`` lines above its first other line made blank (line numbers kept), or ``None`` when
    it starts with none.

    Parameters
    ----------
    text : str
        The contents of a puzzle file.

    Returns
    -------
    str or None

    Examples
    --------
    >>> from tremaux.numberlink.formats._comments import after_comments
    >>> after_comments("# from a book\\nsize 2\\n"), after_comments("size 2\\n")
    ('\\nsize 2\\n', None)
    """
    parts = [s for _, s in lines(text)]  # (lines end at '\n', '\r\n' or '\r')
    i = 0
    while i < len(parts) and (not parts[i].strip() or parts[i].lstrip().startswith("#")):
        i += 1
    if not any(p.strip() for p in parts[:i]) or i == len(parts):
        return None
    return "\n" * i + "\n".join(parts[i:])


def uncommented(numbered: list[Line], row: Callable[[str, list[str]], bool] | None = None) -> list[Line]:
    """``numbered`` with its ``#`` comment lines made blank (so they part puzzles as a blank line does).

    A line starting with ``#`` is a comment unless it is shaped as a row of its block (``row(line, others)`` for
    ``others`` the block's lines not starting with ``#``, nearest first; by default, as many cells as the nearest,
    separated alike, each cell but ``#`` empty or a label of the others): ``#..`` among rows ``1.1`` is a row
    with a blocked cell, whose error says so; ``# by A. N. Other`` over rows of four labels is a comment. A block of
    ``#`` lines alone is kept when its lines are of one width without separators (a block picture of a maze).

    Parameters
    ----------
    numbered : list of (int, str)
        The numbered lines (:func:`lines`).
    row : callable, optional
        ``row(line, others)``: whether the ``#`` line ``line`` is a row beside the rows ``others``.

    Returns
    -------
    list of (int, str)
        The same lines, each comment line blank.

    Examples
    --------
    >>> from tremaux.numberlink.formats._text import lines
    >>> from tremaux.numberlink.formats._comments import uncommented
    >>> uncommented(lines("# from a book\\n1.1\\n#..\\n"))
    [(1, ''), (2, '1.1'), (3, '#..'), (4, '')]
    """
    same = row or _row_like
    out = list(numbered)
    for block in split_blocks(numbered):
        marks = [s.lstrip().startswith("#") for _, s in block]
        if not any(marks):
            continue
        if all(marks):
            widths = {len(s.strip()) for _, s in block}
            if len(block) > 1 and len(widths) == 1 and not any(has_separator(s) for _, s in block):
                continue  # '#####' over '#...#': a block picture, no comment
        for i, (n, s) in enumerate(block):
            if not marks[i]:
                continue
            near = [block[j][1] for j in (*range(i - 1, -1, -1), *range(i + 1, len(block))) if not marks[j]]
            if not near or not same(s, near):
                out[n - numbered[0][0]] = (n, "")
    return out


def _row_like(s: str, others: list[str]) -> bool:
    """Whether the ``#`` line ``s`` is a row beside the rows ``others`` (nearest first): as many cells as the
    nearest, separated alike, and each cell but ``#`` empty or a label some other row holds."""
    ref = others[0]
    if count_cells(s) != count_cells(ref) or has_separator(s) != has_separator(ref):
        return False
    if has_separator(ref):
        seen = {t for o in others for _, t in tokens(o)}
        cells = [t for _, t in tokens(s)]
    else:
        seen = {ch for o in others for ch in o.strip()}
        cells = list(s.strip())
    return all(c in ("#", ".", "-", "0", "·") or c in seen for c in cells)


def unmatched(error: PuzzleError, names: list[str]) -> PuzzleError:
    """``error``, the first of a text read as a ``grid`` (no other format matched) of which no puzzle was read,
    naming the formats read (``names``) when it is a character no grid holds (``:``, ``[``...): the text is of
    another layout.

    Parameters
    ----------
    error : PuzzleError
        The error of the text's first puzzle.
    names : list of str
        The formats read.

    Returns
    -------
    PuzzleError
        ``error``, or the same with the formats named.

    Examples
    --------
    >>> from tremaux.errors import PuzzleFormatError
    >>> from tremaux.numberlink.formats._comments import unmatched
    >>> str(unmatched(PuzzleFormatError("unexpected ':'", line=1, column=5), ["grid", "wh"]))
    "1:5: unexpected ':'; no format matched, so the text was read as a grid (the formats read: grid, wh)"
    """
    reason = getattr(error, "reason", "")
    if not isinstance(error, PuzzleFormatError) or not reason.startswith("unexpected") or "blocked cell" in reason:
        return error
    return PuzzleFormatError(f"{reason}; no format matched, so the text was read as a grid (the formats read: "
                             f"{', '.join(names)})", line=error.line, column=error.column, source=error.source)
