"""ASCII drawings of mazes: the ``+---+`` style of the growing-tree documentation.

A single-level maze of ``H`` rows and ``W`` columns is drawn on ``2H + 1``
lines of ``4W + 1`` characters::

    +---+---+---+
    | S         |
    +   +---+   +
    |   |     G |
    +---+---+---+

* a ``+`` stands at every corner (post) of every cell, line ``2r``, column ``4c``;
* the wall between cells ``(r - 1, c)`` and ``(r, c)`` is ``---`` on line ``2r``,
  columns ``4c + 1 .. 4c + 3``, three spaces when the passage is open;
* the wall between cells ``(r, c - 1)`` and ``(r, c)`` is ``|`` on line
  ``2r + 1``, column ``4c``, a space when open;
* the inside of cell ``(r, c)`` is line ``2r + 1``, columns ``4c + 1 .. 4c + 3``
  (see :func:`cell_position`): its middle character is ``S`` for the start,
  ``G`` for the goal, ``*`` when the cell is both; a masked cell (not part of
  the maze) is filled with ``###``.

Rows are numbered from the top: cell ``(0, 0)`` is the top-left one. (The
documentation this style comes from numbers rows from the bottom: its
"start cell (1, 2)" of a 5-row maze is our cell ``(3, 2)``.)

A multi-level maze draws each level this way under a header line
``level K`` (K = 0, 1, ...), levels separated by a blank line. A passage up
to the same cell of level ``K + 1`` is a ``^`` in the third character of
the cell, a passage down to level ``K - 1`` a ``v`` in its first one: a
cell with both, holding the start, reads ``vS^``.

Reading accepts exactly what writing produces, plus surrounding blank lines,
trailing spaces (a line of cells cut short reads as if padded with spaces), ``\\r\\n``
or ``\\r`` line ends, a byte order mark and a common indentation (so a drawing
pasted from a document reads as is); a tab is refused, as its width is
anyone's guess. A single-level drawing may leave gaps in its outer wall, as
hand-drawn mazes do: the first gap in reading order is the entrance (the
start) and the second the exit (the goal), unless ``S`` or ``G`` marks them
(an ``E`` is the end, the goal, beside an ``S``, else the entrance, as in
block texts);
the wall itself is read as closed. Every error names the line and column.
A single-level drawing whose cells are wider or narrower than three
characters (``+--+--+`` as many maze generators print, or ``+-+-+``) reads
too: the corners of its first line give the width, a wall is a full run of
``-``, and ``S``, ``G`` or ``*`` may stand anywhere inside a cell. So does
the same drawing in box-drawing characters (``tremaux render --style
unicode``): ``─`` and ``│`` are walls, every other box character a corner
(a masked cell, blank there, reads as a cell closed on every side).
Lines of words printed around a drawing and pasted with it (the verdict of
``tremaux solve``, the ``--stats`` table) are left out, and the ``•`` of a
path in a box drawing reads as ``o``; cells several lines tall (all
rows the same height) read as if one line tall. So does a drawing in the underscore style many small maze programs print
(a top line `` _ _``, then a ``|`` and two characters a cell, ``_`` for its
south wall and ``|`` for its east one).

Examples
--------
>>> from tremaux.io.ascii import dumps, loads
>>> from tremaux.maze import Maze
>>> m = Maze.open((2, 3), start=(0, 0), goal=(1, 2))
>>> print(dumps(m))
+---+---+---+
| S         |
+   +   +   +
|         G |
+---+---+---+
>>> loads(dumps(m)) == m
True
>>> loads("+---+\\n| S |\\n+-- +")
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: 3:2: wall segment must be '---' or '   ', found '-- '
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import CellError, MazeFormatError
from ..maze.model import Maze
from ._drawings import BOX_CHARS, cell_width, flattened, is_underscored, trimmed, unboxed, underscored, widened
from ._others import goal_area, posted
from ._text import Section, quote, split

__all__ = ["text_bytes", "dumps", "loads", "char_grid", "cell_position"]

_SP, _PLUS, _DASH, _BAR, _HASH = (ord(c) for c in " +-|#")
_TRAIL = np.array([ord(c) for c in " o."], np.uint8)
"""A space, or what a drawing of a solution leaves in it (``o`` on the path, ``.`` where a search went):
a solved drawing (``tremaux solve``, ``render --solver``) reads back as its maze."""
_START, _GOAL, _BOTH, _UP, _DOWN = (ord(c) for c in "SG*^v")
_LABEL = np.array([ord(c) for c in "0123456789abcdefghijklmnpqrstuw"], np.uint8)
"""A digit or small letter in a cell's middle is a label, such as the distances in base 36 that the drawings of
"Mazes for Programmers" write in their cells: read as a plain cell (not ``o``, a drawn path, ``v``, a passage
down, nor ``x``, which marks a cell in too many ways to be read as a label: it stays an unknown character)."""


def cell_position(cell) -> tuple[int, int]:
    """Line and column (0-based) of the middle character of ``cell`` in the drawing.

    For a multi-level maze the level is ignored: the position is within that
    level's drawing (see :func:`char_grid`).

    Parameters
    ----------
    cell : tuple of int
        ``(row, col)`` or ``(level, row, col)``.

    Returns
    -------
    (int, int)
        ``(2 * row + 1, 4 * col + 2)``.

    Examples
    --------
    >>> from tremaux.io.ascii import cell_position
    >>> cell_position((1, 2))
    (3, 10)
    """
    r, c = int(cell[-2]), int(cell[-1])
    return 2 * r + 1, 4 * c + 2


def _draw(maze: Maze, level: int) -> np.ndarray:
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L, H, W)[level]
    a = np.full((2 * H + 1, 4 * W + 1), _SP, dtype=np.uint8)
    a[0::2, 0::4] = _PLUS
    hclosed = np.ones((H + 1, W), dtype=bool)
    hclosed[1:H] = (cells[1:] & 1) == 0
    vclosed = np.ones((H, W + 1), dtype=bool)
    vclosed[:, 1:W] = (cells[:, 1:] & 8) == 0
    for k in (1, 2, 3):
        a[0::2, k::4][hclosed] = _DASH
    a[1::2, 0::4][vclosed] = _BAR
    if maze.mask is not None:
        masked = ~maze.mask.reshape(L, H, W)[level]
        for k in (1, 2, 3):
            a[1::2, k::4][masked] = _HASH
    a[1::2, 3::4][(cells & 16) != 0] = _UP
    a[1::2, 1::4][(cells & 32) != 0] = _DOWN
    for cell, ch in ((maze.start, _START), (maze.goal, _GOAL)):
        if cell is None:
            continue
        lv = 0 if maze.ndim == 2 else cell[0]
        if lv == level:
            i, j = cell_position(cell)
            a[i, j] = _BOTH if maze.start == maze.goal else ch
    return a


def _checked_level(maze: Maze, level: int) -> int:
    try:
        lv = int(level)
    except (TypeError, ValueError):
        raise CellError(f"level {level!r} is not a whole number") from None
    if not 0 <= lv < maze.levels:
        raise CellError(f"level {level!r} is outside the maze's {maze.levels} level(s)")
    return lv


def char_grid(maze: Maze, level: int = 0) -> list[list[str]]:
    """The drawing of one level as a grid of characters, before the lines are joined.

    Renderers overlay a path on it: the middle of cell ``(r, c)`` is
    ``grid[2 * r + 1][4 * c + 2]`` (:func:`cell_position`), and the passage
    between two neighbouring cells is halfway between their middles.

    Parameters
    ----------
    maze : Maze
    level : int, default 0
        Which level of a multi-level maze.

    Returns
    -------
    list of list of str
        ``2H + 1`` rows of ``4W + 1`` characters.

    Examples
    --------
    >>> from tremaux.io.ascii import char_grid
    >>> from tremaux.maze import Maze
    >>> g = char_grid(Maze.open((1, 2), start=(0, 1)))
    >>> "".join(g[1])
    '|     S |'
    """
    a = _draw(maze, _checked_level(maze, level))
    return [list(row.tobytes().decode("ascii")) for row in a]


def _lines(a: np.ndarray) -> str:
    h, w = a.shape
    b = np.full((h, w + 1), ord("\n"), dtype=np.uint8)
    b[:, :w] = a
    return b.tobytes()[:-1].decode("ascii")


def text_bytes(shape3: tuple[int, int, int]) -> int:
    """Peak bytes of writing a maze of ``shape3 = (L, H, W)`` in this format (see :mod:`tremaux.budget`).

    Parameters
    ----------
    shape3 : tuple of int
        ``(L, H, W)``: levels, rows and columns of the maze.

    Returns
    -------
    int
        An upper estimate of the bytes needed, for the memory budget.

    Examples
    --------
    >>> from tremaux.io.ascii import text_bytes
    >>> text_bytes((1, 10, 10)) > 0
    True
    """
    from .. import budget

    L, H, W = (int(x) for x in shape3)
    return budget.text_drawing_bytes(L * (2 * H + 2) * (4 * W + 2))


def dumps(maze: Maze) -> str:
    """The drawing of ``maze`` (no newline at the end).

    Parameters
    ----------
    maze : Maze
        The maze to write.

    Returns
    -------
    str
        The ``+---+`` drawing; a multi-level maze is drawn level by level,
        each under a ``level k`` line.

    Examples
    --------
    >>> from tremaux.io.ascii import dumps
    >>> from tremaux.maze import Maze
    >>> print(dumps(Maze.open((1, 1, 2), start=(0, 0, 0))))
    level 0
    +---+---+
    | S     |
    +---+---+
    """
    from .. import budget

    budget.check(text_bytes(maze.shape3), f"the ascii text of a {' x '.join(map(str, maze.shape))} maze")
    if maze.ndim == 2:
        return _lines(_draw(maze, 0))
    return "\n\n".join(f"level {k}\n" + _lines(_draw(maze, k)) for k in range(maze.levels))


@dataclass
class _Level:
    """One parsed level: side bits, masked cells, up/down marks, start/goal cells."""

    cells: np.ndarray
    masked: np.ndarray
    up: np.ndarray
    down: np.ndarray
    starts: list[tuple[int, int]]
    goals: list[tuple[int, int]]
    section: Section
    doors: list[tuple[tuple[int, int], tuple[int, int]]]


def _parse(sec: Section, multi: bool) -> _Level:
    k = cell_width(sec)
    if k != 3:
        if multi:
            raise sec.error(f"cells {k} characters wide: a multi-level drawing has cells of three ('+---+')", 0, 0)
        sec = widened(sec, k)
    width = len(sec.lines[0])
    a = sec.array(width)
    nrows = a.shape[0]
    if width < 5 or (width - 1) % 4:
        raise sec.error(
            f"the first line has {width} characters; a drawing of W columns has 4W + 1 (5, 9, 13, ...)", 0, 0
        )
    if nrows < 3 or nrows % 2 == 0:
        raise sec.error(
            f"the drawing has {nrows} lines; a drawing of H rows has 2H + 1 (3, 5, 7, ...)", nrows - 1, 0
        )
    H, W = (nrows - 1) // 2, (width - 1) // 4
    posts = a[0::2, 0::4]
    if (posts != _PLUS).any():
        i, j = sec.first(posts != _PLUS, lambda i: 2 * i, lambda j: 4 * j)
        raise sec.error(f"expected a corner '+', found {quote(a[i, j])}", i, j)
    segs = [a[0::2, k::4] for k in (1, 2, 3)]
    dash = (segs[0] == _DASH) & (segs[1] == _DASH) & (segs[2] == _DASH)
    hgap = (segs[0] == _SP) & np.isin(segs[1], _TRAIL) & (segs[2] == _SP)  # ' o ': a drawn path goes through
    if not (dash | hgap).all():
        i, j = sec.first(~(dash | hgap), lambda i: 2 * i, lambda j: 4 * j + 1)
        found = a[i, j:j + 3].tobytes().decode("ascii")
        raise sec.error(f"wall segment must be '---' or '   ', found {found!r}", i, j)
    vert = a[1::2, 0::4]
    vgap = np.isin(vert, _TRAIL)
    if not ((vert == _BAR) | vgap).all():
        i, j = sec.first(~((vert == _BAR) | vgap), lambda i: 2 * i + 1, lambda j: 4 * j)
        raise sec.error(f"expected a wall '|' or a space, found {quote(a[i, j])}", i, j)
    doors = _doors(hgap, vgap)
    if doors and multi:
        raise sec.error("gap in the outer wall: the border of a multi-level maze must be closed", *doors[0][0])
    inner = [a[1::2, k::4] for k in (1, 2, 3)]
    masked = (inner[0] == _HASH) & (inner[1] == _HASH) & (inner[2] == _HASH)
    allowed = [
        (inner[0] == _SP) | (inner[0] == _DOWN),
        np.isin(inner[1], _TRAIL) | np.isin(inner[1], _LABEL) | (inner[1] == _START) | (inner[1] == _GOAL)
        | (inner[1] == _BOTH),
        (inner[2] == _SP) | (inner[2] == _UP),
    ]
    for k in (0, 1, 2):
        bad = ~masked & ~allowed[k]
        if bad.any():
            i, j = sec.first(bad, lambda i: 2 * i + 1, lambda j, k=k: 4 * j + 1 + k)
            places = ("'S' (start), 'G' (goal) or '*' (both) in its middle, 'v' (down) on its left, '^' (up) on "
                      "its right, or '###' when masked")
            if a[i, j] in (_START, _GOAL, _BOTH, _UP, _DOWN):
                raise sec.error(f"{quote(a[i, j])} in the wrong place in its cell; a cell holds {places}", i, j)
            raise sec.error(f"unknown character {quote(a[i, j])} in a cell; a cell holds spaces, {places}", i, j)
    up = ~masked & (inner[2] == _UP)
    down = ~masked & (inner[0] == _DOWN)
    if not multi:
        for marks, k in ((down, 1), (up, 3)):
            if marks.any():
                i, j = sec.first(marks, lambda i: 2 * i + 1, lambda j, k=k: 4 * j + k)
                raise sec.error(
                    f"up/down passage mark {quote(a[i, j])} in a single-level maze "
                    "(multi-level mazes have 'level K' headers)",
                    i,
                    j,
                )
    # masked cells must be closed on every side
    pad = np.zeros((H + 2, W + 2), dtype=bool)
    pad[1:-1, 1:-1] = masked
    hbad = hgap & (pad[:-1, 1:-1] | pad[1:, 1:-1])
    if hbad.any():
        i, j = sec.first(hbad, lambda i: 2 * i, lambda j: 4 * j + 1)
        raise sec.error("opening next to a masked cell '###': its sides must be walls", i, j)
    vbad = vgap & (pad[1:-1, :-1] | pad[1:-1, 1:])
    if vbad.any():
        i, j = sec.first(vbad, lambda i: 2 * i + 1, lambda j: 4 * j)
        raise sec.error("opening next to a masked cell '###': its sides must be walls", i, j)
    cells = np.zeros((H, W), dtype=np.uint8)
    n_open = hgap[1:H]
    cells[1:][n_open] |= 1
    cells[:-1][n_open] |= 4
    w_open = vgap[:, 1:W]
    cells[:, 1:][w_open] |= 8
    cells[:, :-1][w_open] |= 2
    cells[up] |= 16
    cells[down] |= 32
    mid = inner[1]
    starts = [(int(i), int(j)) for i, j in np.argwhere(~masked & ((mid == _START) | (mid == _BOTH)))]
    goals = [(int(i), int(j)) for i, j in np.argwhere(~masked & ((mid == _GOAL) | (mid == _BOTH)))]
    return _Level(cells, masked, up, down, starts, goals, sec, doors)


def _doors(hgap: np.ndarray, vgap: np.ndarray) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Gaps in the outer wall, in reading order: ``((row, col) in the section, cell behind it)``."""
    H, W = vgap.shape[0], hgap.shape[1]
    found = [((2 * i, 4 * j + 1), (min(i, H - 1), j)) for i in (0, H) for j in np.flatnonzero(hgap[i])]
    found += [((2 * i + 1, 4 * j), (i, min(j, W - 1))) for j in (0, W) for i in np.flatnonzero(vgap[:, j])]
    return sorted(((int(a), int(b)), (int(r), int(c))) for (a, b), (r, c) in found)


def _ends_from_doors(level: _Level, start, goal):
    """Start and goal with the gaps in the outer wall read as the entrance, then the exit, where not marked."""
    free = [name for name, cell in (("start", start), ("goal", goal)) if cell is None]
    if len(level.doors) > len(free):
        where, _ = level.doors[len(free)]
        raise level.section.error("gap in the outer wall: a drawing may have two, the entrance then the exit "
                                  "(fewer when 'S' or 'G' marks an end); close the others", *where)
    ends = {"start": start, "goal": goal}
    for name, (_, cell) in zip(free, level.doors):
        ends[name] = cell
    return ends["start"], ends["goal"]


def _one(levels: list[_Level], attr: str, name: str, multi: bool):
    found = None
    for k, lv in enumerate(levels):
        for r, c in getattr(lv, attr):
            line, col = cell_position((r, c))
            if found is not None:
                fk, fr, fc = found
                fline, fcol = levels[fk].section.position(*cell_position((fr, fc)))
                raise lv.section.error(
                    f"a second {name} (the first is at line {fline}, column {fcol}); "
                    f"a maze has at most one",
                    line,
                    col,
                )
            found = (k, r, c)
    if found is None:
        return None
    return found if multi else found[1:]


def loads(text: str, *, source: str | None = None) -> Maze:
    """Read a drawing made by :func:`dumps`.

    Parameters
    ----------
    text : str
        The drawing.
    source : str, optional
        File name shown in error messages.

    Returns
    -------
    Maze
        The maze drawn.

    Raises
    ------
    MazeFormatError
        With the line and column of the first problem: ragged lines, an
        unknown character, a missing corner, more gaps in the outer wall
        than the ends left unmarked, two starts or two goals, unmatched
        up/down passages...

    Examples
    --------
    >>> from tremaux.io.ascii import loads
    >>> m = loads('''
    ...     +---+---+
    ...     | S   G |
    ...     +---+---+
    ... ''')
    >>> m.shape, m.start, m.goal, m.passages
    ((1, 2), (0, 0), (0, 1), 1)
    """
    area = False  # several 'G' cells one goal area: in a micromouse maze file ('o' posts), as the contest has it
    if isinstance(text, str):
        plain = trimmed(text)  # pasted with the verdict or statistics printed around it
        text = posted(plain)
        area = text is not plain
        if text.count("*") > 1:  # a path drawn with '*' (as many solvers print one), not start and goal in one
            text = text.replace("*", "o")
        if text.count("E") == 1 and "G" not in text and "*" not in text:  # 'E' in a cell: the end beside an
            at = text.index("E")  # 'S' (as mazelib marks it), else the entrance
            if text[text.rfind("\n", 0, at) + 1:at].lstrip()[:1] in ("|", "│", "┃", "║"):
                text = text.replace("E", "G" if "S" in text else "S")
        if text.count("F") == 1 and "G" not in text:  # 'F' in a cell: the finish, the goal
            at = text.index("F")
            if text[text.rfind("\n", 0, at) + 1:at].lstrip()[:1] in ("|", "│", "┃", "║"):
                text = text.replace("F", "G")
    if not BOX_CHARS.isdisjoint(text):
        text = unboxed(text, source)
    elif isinstance(text, str) and is_underscored(text):
        text = underscored(text, source)
    if isinstance(text, str):
        text = flattened(text)  # cells several lines tall
    sections, multi = split(text, source=source, dedent=True)
    levels = [_parse(sec, multi) for sec in sections]
    shape = levels[0].cells.shape
    for k, lv in enumerate(levels[1:], start=1):
        if lv.cells.shape != shape:
            raise lv.section.error(
                f"level {k} is {lv.cells.shape[0]} x {lv.cells.shape[1]} cells but level 0 is {shape[0]} x {shape[1]}",
                0,
                0,
            )
    for k, lv in enumerate(levels):
        above = levels[k + 1].down if k + 1 < len(levels) else np.zeros(shape, dtype=bool)
        below = levels[k - 1].up if k > 0 else np.zeros(shape, dtype=bool)
        bad_up = lv.up & ~above
        if bad_up.any():
            i, j = (int(x) for x in np.argwhere(bad_up)[0])
            where = f"no 'v' in the same cell of level {k + 1}" if k + 1 < len(levels) else "no level above"
            raise lv.section.error(f"passage up '^' has {where}", 2 * i + 1, 4 * j + 3)
        bad_down = lv.down & ~below
        if bad_down.any():
            i, j = (int(x) for x in np.argwhere(bad_down)[0])
            where = f"no '^' in the same cell of level {k - 1}" if k > 0 else "no level below"
            raise lv.section.error(f"passage down 'v' has {where}", 2 * i + 1, 4 * j + 1)
    start = _one(levels, "starts", "start 'S'", multi)
    goal = (goal_area(levels[0].cells, levels[0].goals, start) if area and not multi else None) or _one(
        levels, "goals", "goal 'G'", multi)
    if levels[0].doors:
        start, goal = _ends_from_doors(levels[0], start, goal)
    if multi:
        cells = np.stack([lv.cells for lv in levels])
        masked = np.stack([lv.masked for lv in levels])
    else:
        cells, masked = levels[0].cells, levels[0].masked
    mask = ~masked if masked.any() else None
    if mask is not None and not mask.any():
        raise levels[0].section.error("every cell is masked '###': the maze has no cell", 1, 1)
    try:
        return Maze(cells, mask=mask, start=start, goal=goal)
    except CellError as exc:  # pragma: no cover - marks are parsed inside the grid
        raise MazeFormatError(str(exc), source=source) from None
