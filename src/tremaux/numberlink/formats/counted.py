"""Grids after a header of counts, as many homework and command-line solvers read them.

``counted``
    A header of three whole numbers on two or three lines, then the rows of the grid (cells as in the ``grid``
    format: ``.`` or ``0`` empty, separated by spaces or not):

    * ``K``, then ``R C`` on the next line: the pairs, then the rows and columns (``5`` / ``7 7`` then 7 rows);
    * ``R``, ``C`` and ``K`` each on its own line (``5`` / ``5`` / ``4`` then 5 rows);
    * ``R C`` (or ``C R``: the way the grid that follows agrees with) then ``K`` on the next line (``10 10`` /
      ``9`` then 10 rows);
    * ``R C K`` on one line (or ``C R K``), as search-course solvers read their instances (``4 10 4``, a blank
      line, then 4 rows of 10 cells); not when that line and the rows under it read as one grid puzzle, whose
      first row it is (``1 3 1`` above ``2 3 2``).

    (``R C`` on one line without ``K`` under it is a ``wh`` header, whose numbers are the other way round.)

    The counts must agree with the grid (rows first, then columns; ``K`` the number of pairs, or the largest
    number when the pairs are numbered ``1`` to ``K``, or lettered ``A`` to the ``K``-th letter, with some left
    out): a header that does not is an error naming both, never a puzzle of a guessed shape. Several puzzles may
    follow each other.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.formats.counted import read_counted, write_counted
>>> read_counted("2\\n2 3\\n1 2 .\\n1 . 2\\n", None, "p")[0].grid.tolist()
[[1, 2, 0], [1, 0, 2]]
>>> print(write_counted([Puzzle.from_rows(["1.1"])]), end="")
1
1 3
1 . 1
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import Line, count_cells, lines
from .grids import _one, entry_names

__all__ = ["is_counted", "read_counted", "write_counted"]

_INTS = re.compile(r"^\s*(?:0|[1-9]\d{0,8})(?:\s+(?:0|[1-9]\d{0,8}))*\s*$")  # counts: no leading 0 ('01' is a row)
_SHAPES = {(1, 2): ("krc",), (1, 1, 1): ("rck",), (2, 1): ("rck", "crk"), (3,): ("rck", "crk")}
"""How the three numbers of a header are laid out over its lines, and what they may be (in order of trial: the
first that agrees with the grid below is taken)."""


def _header(body: list[Line], i: int) -> list[tuple[int, int, int, int]]:
    """Each reading ``(rows, columns, pairs, index after the header)`` of a header starting at ``body[i]`` (none
    when it is no header)."""
    counts: list[int] = []
    per_line: list[int] = []
    j = i
    while j < len(body) and len(counts) < 3 and _INTS.match(body[j][1]):
        found = body[j][1].split()
        counts += [int(x) for x in found]
        per_line.append(len(found))
        j += 1
    kinds = _SHAPES.get(tuple(per_line), ()) if len(counts) == 3 else ()
    return [(v["r"], v["c"], v["k"], j) for v in (dict(zip(kind, counts)) for kind in kinds)]


def _blocks(body: list[Line], detecting: bool = False) -> list[tuple[Line, int, int, int, list[Line]]] | None:
    """Each puzzle's header line, counts and rows, when all of ``body`` (the non-blank lines) reads so (and, when
    ``detecting`` the format, each header leaves room for its pairs)."""
    out = []
    i = 0
    while i < len(body):
        for r, c, k, j in _header(body, i):
            rows = body[j:j + r]
            if r < 1 or len(rows) != r or (detecting and 2 * k > r * c):  # no room for K pairs: a column '1 1 2 2'
                continue
            if any((len(s.split()) if c == 1 else count_cells(s)) != c for _, s in rows):  # a column: a cell a row
                continue
            if detecting and j == i + 1 and isinstance(_one([body[i], *rows], "grid", None, ""), Puzzle):
                continue  # 'R C K' on one line that is the first row of a grid ('1 3 1' above '2 3 2')
            out.append((body[i], r, c, k, rows))
            i = j + r
            break
        else:
            return None
    return out or None


def is_counted(body: list[Line]) -> bool:
    """Whether the non-blank lines ``body`` are puzzles of this format, each header agreeing with its grid.

    Parameters
    ----------
    body : list of (int, str)
        The numbered non-blank lines.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.counted import is_counted
    >>> is_counted([(1, "1"), (2, "1 2"), (3, "11")]), is_counted([(1, "1"), (2, "1 2"), (3, "111")])
    (True, False)
    >>> is_counted([(1, "1 3"), (2, "1"), (3, "1 . 1")]), is_counted([(1, "3 1"), (2, "1"), (3, "1 . 1")])
    (True, True)
    """
    return _blocks(body, detecting=True) is not None


def read_counted(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzles of text in this format (see the module's description).

    Parameters
    ----------
    text : str
        Headers of counts, each followed by its grid.
    source : str or None
        The file name, for messages.
    base : str
        The name of the puzzles (numbered when there are several).

    Returns
    -------
    list of Puzzle or PuzzleError
        One per puzzle; a grid whose pairs are not the header's count as its error.

    Raises
    ------
    PuzzleFormatError
        For text whose headers do not agree with the rows that follow them.

    Examples
    --------
    >>> from tremaux.numberlink.formats.counted import read_counted
    >>> read_counted("3\\n1\\n1\\n1 1 .\\n", None, "p")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:1: expected a header of three counts (K, then 'R C'; 'R C', then K; or R, \
C and K each on a line) followed by R rows of C cells
    >>> read_counted("2\\n1 2\\n1 1\\n", None, "p")
    [PuzzleFormatError('1:1: the header gives 2 pairs; the grid holds 1')]
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    blocks = _blocks(body)
    if blocks is None:
        first = body[0][0] if body else 1
        raise PuzzleFormatError("expected a header of three counts (K, then 'R C'; 'R C', then K; or R, C and K each "
                                "on a line) followed by R rows of C cells", line=first, column=1, source=source)
    out: list[Puzzle | PuzzleError] = []
    for (head, _r, _c, k, rows), name in zip(blocks, entry_names(base, len(blocks))):
        item = _one(rows, "grid", source, name, 1 if _c == 1 else -1)
        if isinstance(item, Puzzle) and item.pairs != k and not _numbered_up_to(item, k):
            item = PuzzleFormatError(f"the header gives {k} pair{'s' if k != 1 else ''}; the grid holds "
                                     f"{item.pairs}", line=head[0], column=1, source=source)
        out.append(item)
    return out


def _numbered_up_to(p: Puzzle, k: int) -> bool:
    """Whether the pairs of ``p`` are numbered within ``1..k`` and ``k`` is one of them: a header that gives the
    largest number (colours ``1..K``, or the letters ``A`` to the ``K``-th) of a grid where some are not used."""
    if all(re.fullmatch(r"[A-Z]", x) for x in p.labels) or all(re.fullmatch(r"[a-z]", x) for x in p.labels):
        numbers = [ord(x.upper()) - ord("A") + 1 for x in p.labels]
    else:
        numbers = [int(x) for x in p.labels if re.fullmatch(r"[0-9]{1,9}", x)]
    return bool(numbers) and len(numbers) == p.pairs and min(numbers) >= 1 and max(numbers) == k > p.pairs


def write_counted(puzzles: Sequence[Puzzle]) -> str:
    """Puzzles as ``K``, ``R C`` and the rows of pair numbers (``.`` empty) separated by spaces.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles; their pairs are written as their numbers 1 to K, whatever their labels.

    Returns
    -------
    str
        The text, the puzzles one after the other.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.counted import write_counted
    >>> print(write_counted([Puzzle.from_rows(["A.B", "A.B"])]), end="")
    2
    2 3
    1 . 2
    1 . 2
    """
    out = []
    for p in puzzles:
        out.append(f"{p.pairs}\n{p.height} {p.width}\n")
        out += [" ".join(str(v) if v else "." for v in row) + "\n" for row in p.grid.tolist()]
    return "".join(out)
