"""Layouts that other public maze programs write, turned into the text tremaux's readers take.

* Micromouse maze files (the classic contest mazes of the ``mazefiles`` collection and the tools around it)
  draw every post with ``o`` (``o---o---o``, then ``|   |``): :func:`posted` redraws the posts as ``+``. They
  mark a goal area of several cells with ``G`` (the four middle cells of a classic maze): :func:`goal_area`
  picks the goal among them.
* The maze files of a search course (``maze1.txt`` of many ``A`` to ``B`` solvers) mark the start ``A`` and the
  goal ``B`` among ``#`` walls and spaces, and their loader reads a line cut short (trailing spaces dropped by
  an editor) as open to the end: :func:`lettered` reads them as ``S`` and ``G``, short lines padded with
  spaces. It also reads ``_`` as an open square in a text of ``X`` walls and ``_`` floor.

* Many programs write the size first: a line ``R C`` (or ``W H``), or two lines of one number, before a
  block text or a grid of digits: :func:`unsized` leaves such lines out when they give the rows and columns of
  the text below them (in either order).

* A drawing of ``-`` and ``|`` walls around cells one character wide, every cell marked (``.``, ``S``, ``G``,
  ``F``), the posts left blank, after a line of its rows and columns (a maze solver's files): :func:`dotted`
  redraws it with ``+`` posts and blank cells, as the ``+-+`` drawings tremaux reads.

Examples
--------
>>> from tremaux.io._others import lettered, posted
>>> print(posted("o---o\\n| S |\\no---o"))
+---+
| S |
+---+
>>> lettered("#A B#")
'#S G#'
"""

from __future__ import annotations

import re
from collections import deque

import numpy as np

from ..errors import MazeFormatError

_POSTS = re.compile(r"[ \t]*o(?:(?:-+| +)o)+[ \t]*\r?")
_LETTERED = frozenset("#. AB\r\n")
_NUMBERS = re.compile(r"[ \t]*(\d+)(?:[ \t,]+(\d+))?[ \t]*\r?")
_FLOORED = frozenset("X_SEGF\r\n")


def is_posted(line: str) -> bool:
    """Whether a line is the top line of a drawing with ``o`` posts: ``o---o---o`` (one wall at least).

    Parameters
    ----------
    line : str
        The first line of a text.

    Returns
    -------
    bool
        True for a line of ``o`` posts with ``-`` walls or spaces between them, and a wall among them.

    Examples
    --------
    >>> from tremaux.io._others import is_posted
    >>> is_posted("o---o   o"), is_posted("o   o"), is_posted("oo..")
    (True, False, False)
    """
    return "-" in line and _POSTS.fullmatch(line) is not None


def posted(text: str) -> str:
    """A drawing with ``o`` posts redrawn with ``+`` posts; any other text as it is.

    Parameters
    ----------
    text : str
        A text maze.

    Returns
    -------
    str
        The text, every line of posts (``o---o   o``) with ``+`` for ``o``, when its first line is such a
        line with a wall; else the text unchanged (an ``o`` in a cell, a drawn path, stays).

    Examples
    --------
    >>> print(posted("o---o---o\\n|     G |\\no   o---o\\n| S     |\\no---o---o"))
    +---+---+
    |     G |
    +   +---+
    | S     |
    +---+---+
    """
    if not isinstance(text, str):
        return text
    lines = text.lstrip("\ufeff").split("\n")
    first = next((ln for ln in lines if ln.strip()), "")
    if not is_posted(first):
        return text
    return "\n".join(ln.replace("o", "+") if _POSTS.fullmatch(ln) else ln for ln in lines)


def lettered(text: str, source: str | None = None) -> str:
    """A block text with ``A`` the start and ``B`` the goal among ``#`` walls, in tremaux's letters.

    Parameters
    ----------
    text : str
        A block text.
    source : str, optional
        File name shown in error messages.

    Returns
    -------
    str
        ``A`` as ``S`` and ``B`` as ``G``, lines shorter than the longest padded with spaces, when the text
        holds one of each and otherwise only ``#``, spaces and ``.``; ``_`` as ``.`` in a text of ``X`` and
        ``_`` (and the letters of the ends); else the text unchanged.

    Examples
    --------
    >>> print(lettered("###B#\\n#   #\\nA##").replace(" ", "~"))
    ###G#
    #~~~#
    S##~~
    >>> lettered("XX_S\\nG__X")
    'XX.S\\nG..X'
    >>> lettered("#o..#\\n#..*#")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: one 'o' and one '*' and no other end: ...

    Raises
    ------
    MazeFormatError
        For a text of ``#`` walls with one ``o`` and one ``*`` and no ``S``, ``E``, ``G`` or ``F``: the two
        ends in some program's letters, which tremaux's would read as a path of one square and a start and goal
        in one.
    """
    if not isinstance(text, str):
        return text
    if "#" in text and text.count("o") == 1 and text.count("*") == 1 and not set("SEGF") & set(text):
        raise MazeFormatError("one 'o' and one '*' and no other end: the start and the goal, in some order? "
                              "(tremaux reads 'o' as a drawn path and '*' as a start and goal in one square); "
                              "mark them 'S' and 'G'", source=source)
    if text.count("A") == 1 and text.count("B") == 1 and _LETTERED.issuperset(text):
        lines = text.replace("\r\n", "\n").strip("\n").split("\n")
        width = max(map(len, lines))
        return "\n".join(ln.ljust(width) for ln in lines).replace("A", "S").replace("B", "G")
    if {"X", "_"} <= set(text) <= _FLOORED:
        return text.replace("_", ".")
    return text


def unsized(text: str) -> str:
    """A text without the line (or two lines) of numbers before it that give its rows and columns.

    Parameters
    ----------
    text : str
        A block text or a grid of digits.

    Returns
    -------
    str
        The text with its first line blank when that line is two numbers, or its first two lines when each is
        one number, and the numbers are the rows and columns of the lines below (squares one character each,
        or separated by spaces), in either order; else the text unchanged.

    Examples
    --------
    >>> from tremaux.io._others import unsized
    >>> unsized("2 3\\nS.#\\n#.G"), unsized("3\\n2\\nS.#\\n#.G"), unsized("5 5\\nS.#\\n#.G")
    ('\\nS.#\\n#.G', '\\n\\nS.#\\n#.G', '5 5\\nS.#\\n#.G')
    """
    if not isinstance(text, str) or not text[:1].isdigit():
        return text
    lines = text.split("\n")
    first = _NUMBERS.fullmatch(lines[0])
    if first is None or len(lines) < 3:
        return text
    if first.group(2) is not None:
        size, skip = {int(first.group(1)), int(first.group(2))}, 1
    elif (second := _NUMBERS.fullmatch(lines[1])) is not None and second.group(2) is None:
        size, skip = {int(first.group(1)), int(second.group(1))}, 2
    else:
        return text
    body = [ln.rstrip("\r") for ln in lines[skip:]]
    while body and not body[-1].strip():
        body.pop()
    if not body or len(body) not in size:
        return text
    width = (size - {len(body)}) or size
    if len(body[0]) in width or len(body[0].split()) in width:
        return "\n" * skip + "\n".join(lines[skip:])  # blank lines: errors keep the file's line numbers
    return text


def dotted(text: str) -> str:
    """A drawing with blank posts and dotted cells (see the module documentation) redrawn with ``+`` posts.

    Parameters
    ----------
    text : str
        A text maze.

    Returns
    -------
    str
        The ``+-+`` drawing (a size line before it, giving its rows and columns in either order, left blank),
        when every line fits the layout: ``-`` only between posts on the lines of walls, ``|`` only at posts on
        the lines of cells, every cell ``.``, ``S``, ``G``, ``F`` or ``E``; else the text unchanged.

    Examples
    --------
    >>> print(dotted("2 2\\n - - \\n|S .|\\n   - \\n|. F|\\n - - "))
    <BLANKLINE>
    +-+-+
    |S  |
    + +-+
    |  F|
    +-+-+
    """
    if not isinstance(text, str) or "|" not in text or "-" not in text or "." not in text:
        return text
    lines = text.replace("\r\n", "\n").split("\n")
    first = _NUMBERS.fullmatch(lines[0])
    second = _NUMBERS.fullmatch(lines[1]) if first and first.group(2) is None and len(lines) > 1 else None
    skip = 0 if first is None else 1 if first.group(2) is not None else 2 if second and not second.group(2) else -1
    body = lines[max(skip, 0):]
    while body and not body[-1].strip():
        body.pop()
    width = max(map(len, body), default=0)
    if skip < 0 or len(body) < 3 or len(body) % 2 == 0 or width < 3 or width % 2 == 0:
        return text
    size = {int(x) for m in (first, second) if m for x in m.groups() if x is not None}
    if skip and size != {(len(body) - 1) // 2, (width - 1) // 2}:
        return text
    body = [ln.ljust(width) for ln in body]
    walls = [ln[0::2].strip() == "" and set(ln[1::2]) <= {" ", "-"} for ln in body[0::2]]
    cells = [set(ln[0::2]) <= {" ", "|"} and set(ln[1::2]) <= set(".SGFE") for ln in body[1::2]]
    if not (all(walls) and all(cells)):
        return text
    drawn = ["".join("+" if k % 2 == 0 else ch for k, ch in enumerate(ln)) if i % 2 == 0 else ln.replace(".", " ")
             for i, ln in enumerate(body)]
    return "\n" * max(skip, 0) + "\n".join(drawn)


def goal_area(cells: np.ndarray, goals: list[tuple[int, int]], start) -> tuple[int, int] | None:
    """The goal of a maze whose goal is an area of several cells marked ``G``, joined by open passages.

    Parameters
    ----------
    cells : numpy.ndarray
        The side bits of one level (N=1, E=2, S=4, W=8).
    goals : list of tuple
        The cells marked as the goal, in reading order.
    start : tuple or None
        The start cell, if marked.

    Returns
    -------
    tuple or None
        The cell of the area nearest the start along the passages (the first in reading order among the
        nearest, or when there is no start or no way from it); None when fewer than two cells are marked or
        they do not make one area.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.io._others import goal_area
    >>> cells = np.array([[2, 8 | 4, 0], [0, 1 | 2, 8]], dtype=np.uint8)  # (0,0)-(0,1)-(1,1)-(1,2)
    >>> goal_area(cells, [(1, 2), (1, 1)], (0, 0))  # the nearer of two joined cells
    (1, 1)
    >>> goal_area(cells, [(0, 1), (1, 2)], (0, 0)) is None  # not joined: two goals
    True
    """
    if len(goals) < 2:
        return None
    marked = set(goals)
    if len(_reach(cells, [goals[0]], marked)) != len(marked):
        return None
    if start is None:
        return goals[0]
    dist = _reach(cells, [tuple(start)], None)
    known = [g for g in goals if g in dist]
    return min(known, key=lambda g: (dist[g], g)) if known else goals[0]


_STEPS = ((1, -1, 0), (2, 0, 1), (4, 1, 0), (8, 0, -1))


def _reach(cells: np.ndarray, sources, within) -> dict[tuple[int, int], int]:
    """Distances along open passages from ``sources`` (through the cells of ``within`` only, if given)."""
    dist = {s: 0 for s in sources}
    todo = deque(sources)
    while todo:
        r, c = todo.popleft()
        for bit, dr, dc in _STEPS:
            nxt = (r + dr, c + dc)
            inside = 0 <= nxt[0] < cells.shape[0] and 0 <= nxt[1] < cells.shape[1]
            if inside and cells[r, c] & bit and nxt not in dist and (within is None or nxt in within):
                dist[nxt] = dist[(r, c)] + 1
                todo.append(nxt)
    return dist
