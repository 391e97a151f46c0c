"""Block pictures: a maze as squares that are either wall or open.

Two related forms live here.

**The block picture of a maze** (:func:`to_blocks`, :func:`from_blocks`) is the
``(2H + 1) x (2W + 1)`` boolean array that mazelib and many other tools use,
with ``True`` for a **wall** square and ``False`` for an open one. Cell
``(r, c)`` is square ``(2r + 1, 2c + 1)``; the square between two neighbouring
cells is open when their passage is; the squares at even-even positions
(posts) and the border are always walls; the square of a masked cell is a
wall. A multi-level maze gives a ``(2L + 1) x (2H + 1) x (2W + 1)`` volume
built the same way along the level axis.

**A block text** (:func:`loads`, :func:`dumps`) is a picture drawn with
characters, read as *a maze where every open square is a cell*, like the
grid of the worklist lecture::

    .#E#.
    .....
    #..#.
    #..#G

``#`` (or the full block ``█``) is a wall, ``.`` or a space is open, ``E`` or ``S`` marks the entrance
(the start), ``G`` (or ``F``, finish) the goal, ``*`` a square that is both (several ``*`` are a drawn path,
or the walls of a text without ``#``, as are ``X``, ``@``, ``%``, ``=``, ``&`` or ``$`` alone). Unmarked, the
two openings in the border of a picture of cells are the start and the goal, in reading order. A text with an
``S`` and an ``E`` and no ``G`` is read as mazelib writes it (``tostring``
with entrances): ``S`` the start, ``E`` the end, the goal; its ``+`` squares (``str(maze)`` of a solved
mazelib maze), or ``X`` ones beside ``#`` walls (``as_ascii`` of a solved maze of maze-dataset), are the open
squares of the solution. The maze has the
text's rows x columns; neighbouring open squares are joined by a passage and
wall squares become masked cells. A multi-level text has ``level K`` headers
and blank lines between levels, like :mod:`tremaux.io.ascii`; squares on top
of each other are joined too. A picture drawn with ``█`` whose squares are
two characters wide (``██`` and two spaces, to look square in a terminal)
reads one square per pair.

Writing (:func:`dumps`) draws the maze square for square when every passage
between neighbouring cells is open (the maze *is* such a grid, so reading
gives it back exactly), and otherwise draws its block picture, one character
per square (reading that gives the equivalent maze of squares). Either way a
block text read and written again is the same text. The entrance is written
``E``.

Examples
--------
>>> from tremaux.io.block import loads, dumps
>>> from tremaux.maze import Maze
>>> m = loads(".#E\\n..G")
>>> m.shape, m.start, m.goal, m.size
((2, 3), (0, 2), (1, 2), 5)
>>> print(dumps(m))
.#E
..G
>>> print(dumps(Maze.closed((1, 2), start=(0, 0))))
#####
#E#.#
#####
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InvalidMazeError, MazeFormatError
from ..maze.model import Maze
from ._digits import as_block_text
from ._halves import unhalved
from .ascii import loads as ascii_loads
from ._others import dotted, lettered, unsized
from ._tokens import from_lists, from_tokens, is_gml, is_lists, is_tokens
from ._text import Section, quote, split, tab_indent

__all__ = ["text_bytes", "to_blocks", "from_blocks", "dumps", "loads", "is_square_grid"]

_WALL, _OPEN = ord("#"), ord(".")
_OPEN_CHARS = b". ESGF*o+"  # o: the path of a drawn solution (render --style block --solver ...); +: mazelib's


def to_blocks(maze: Maze) -> np.ndarray:
    """The block picture of ``maze``: ``True`` for wall squares, ``False`` for open ones.

    Parameters
    ----------
    maze : Maze
        The maze to picture.

    Returns
    -------
    numpy.ndarray of bool
        ``(2H + 1, 2W + 1)``, or ``(2L + 1, 2H + 1, 2W + 1)`` for a multi-level maze.

    Examples
    --------
    >>> from tremaux.io.block import to_blocks
    >>> from tremaux.maze import Maze
    >>> to_blocks(Maze.open((1, 2))).astype(int)
    array([[1, 1, 1, 1, 1],
           [1, 0, 0, 0, 1],
           [1, 1, 1, 1, 1]])
    """
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L, H, W)
    exists = maze.flat_mask.reshape(L, H, W)
    flat = maze.ndim == 2
    b = np.ones((1 if flat else 2 * L + 1, 2 * H + 1, 2 * W + 1), dtype=bool)
    levels = b if flat else b[1::2]
    levels[:, 1::2, 1::2] = ~exists
    levels[:, 1::2, 2:-1:2] = (cells[:, :, :-1] & 2) == 0
    levels[:, 2:-1:2, 1::2] = (cells[:, :-1, :] & 4) == 0
    if not flat:
        b[2:-1:2, 1::2, 1::2] = (cells[:-1] & 16) == 0
    return b[0] if flat else b


def _bool_blocks(blocks: Any) -> np.ndarray:
    b = np.asarray(blocks)
    if b.dtype != bool:
        if not (np.issubdtype(b.dtype, np.integer) or np.issubdtype(b.dtype, np.floating)):
            raise InvalidMazeError(f"a block picture holds booleans or 0/1, not dtype {b.dtype}")
        if b.size and not np.isin(b, (0, 1)).all():
            bad = tuple(int(x) for x in np.argwhere(~np.isin(b, (0, 1)))[0])
            raise InvalidMazeError(f"block picture square {bad} is {b[bad].item()!r}; squares are 1 (wall) or 0 (open)")
        b = b.astype(bool)
    if b.ndim not in (2, 3):
        raise InvalidMazeError(f"a block picture is 2-D (or 3-D for levels), not {b.ndim}-D")
    if any(n < 3 or n % 2 == 0 for n in b.shape):
        dims = " x ".join(map(str, b.shape))
        raise InvalidMazeError(
            f"a block picture of an H x W maze is (2H + 1) x (2W + 1) squares, odd and at least 3; got {dims}"
        )
    return b


def from_blocks(blocks: Any, *, start=None, goal=None) -> Maze:
    """The maze whose block picture is ``blocks`` (the inverse of :func:`to_blocks`).

    Parameters
    ----------
    blocks : array_like of bool or 0/1
        ``(2H + 1, 2W + 1)`` (or ``(2L + 1, 2H + 1, 2W + 1)``), true/1 for walls.
    start, goal : tuple of int, optional
        Cells of the maze (not squares of the picture): square ``(y, x)``
        is cell ``((y - 1) // 2, (x - 1) // 2)``.

    Returns
    -------
    Maze
        The maze pictured.

    Raises
    ------
    InvalidMazeError
        For a picture of the wrong shape, an open post or border square, or
        an open square between a cell and a wall square.

    Examples
    --------
    >>> from tremaux.io.block import from_blocks
    >>> import numpy as np
    >>> grid = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]])
    >>> from_blocks(grid, start=(0, 0))
    Maze(shape=(1, 2), passages=1, start=(0, 0))
    """
    b = _bool_blocks(blocks)
    flat = b.ndim == 2
    b3 = b[None] if flat else b
    if flat:
        b3 = np.ones((3, *b.shape), dtype=bool)
        b3[1] = b
    L, H, W = ((s - 1) // 2 for s in b3.shape)
    odd = [np.arange(s) % 2 == 1 for s in b3.shape]
    nodd = odd[0][:, None, None].astype(int) + odd[1][None, :, None] + odd[2][None, None, :]
    # squares with fewer than two odd coordinates are posts (and edges): always walls
    must_wall = nodd < 2
    for axis in range(3):
        sl = [slice(None)] * 3
        sl[axis] = [0, -1]
        must_wall[tuple(sl)] = True
    bad = must_wall & ~b3
    if bad.any():
        pos = tuple(int(x) for x in np.argwhere(bad)[0])
        pos = pos[1:] if flat else pos
        raise InvalidMazeError(f"block picture square {pos} must be a wall (a corner post or the border) but is open")
    exists = ~b3[1::2, 1::2, 1::2]
    cells = np.zeros((L, H, W), dtype=np.uint8)
    for axis, (fwd, back) in enumerate(((16, 32), (4, 1), (2, 8))):
        sl = [slice(1, None, 2)] * 3
        sl[axis] = slice(2, -1, 2)
        open_ = ~b3[tuple(sl)]
        lo = [slice(None)] * 3
        hi = [slice(None)] * 3
        lo[axis] = slice(None, -1)
        hi[axis] = slice(1, None)
        lo, hi = tuple(lo), tuple(hi)
        orphan = open_ & ~(exists[lo] & exists[hi])
        if orphan.any():
            i = [int(x) for x in np.argwhere(orphan)[0]]
            pos = [2 * x + 1 for x in i]
            pos[axis] += 1
            pos = tuple(pos[1:]) if flat else tuple(pos)
            raise InvalidMazeError(f"block picture square {pos} is open between a cell and a wall square")
        cells[lo][open_] |= fwd
        cells[hi][open_] |= back
    if not exists.any():
        raise InvalidMazeError("the block picture has no open cell square: the maze has no cell")
    mask = None if exists.all() else exists
    if flat:
        cells = cells[0]
        mask = None if mask is None else mask[0]
    return Maze(cells, mask=mask, start=start, goal=goal, validate=False)


def is_square_grid(maze: Maze) -> bool:
    """True when every pair of neighbouring cells is joined (the maze is its own block grid).

    Parameters
    ----------
    maze : Maze
        The maze to look at.

    Returns
    -------
    bool
        Whether :func:`dumps` can write one character per cell.

    Examples
    --------
    >>> from tremaux.io.block import is_square_grid
    >>> from tremaux.maze import Maze
    >>> is_square_grid(Maze.open((2, 2))), is_square_grid(Maze.closed((2, 2)))
    (True, False)
    """
    other = Maze.open(maze.shape, mask=maze.mask)
    return bool(np.array_equal(other.cells, maze.cells))


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
    >>> from tremaux.io.block import text_bytes
    >>> text_bytes((1, 10, 10)) > 0
    True
    """
    from .. import budget

    L, H, W = (int(x) for x in shape3)
    return budget.text_drawing_bytes(L * (2 * H + 2) * (2 * W + 2)) + 4 * L * H * W


def dumps(maze: Maze, *, picture: bool | None = None) -> str:
    """The block text of ``maze`` (no newline at the end).

    Parameters
    ----------
    maze : Maze
    picture : bool, optional
        ``True`` always draws the ``(2H + 1) x (2W + 1)`` block picture;
        ``False`` draws one character per cell, which needs a maze for which
        :func:`is_square_grid` holds; by default the second when possible.

    Returns
    -------
    str
        Rows of ``#`` (wall), ``.`` (open), ``E`` (start) and ``G`` (goal).

    Raises
    ------
    InvalidMazeError
        With ``picture=False`` for a maze with closed walls between cells.

    Examples
    --------
    >>> from tremaux.io.block import dumps
    >>> from tremaux.maze import Maze
    >>> print(dumps(Maze.open((1, 2), start=(0, 0), goal=(0, 1))))
    EG
    >>> print(dumps(Maze.open((1, 2)), picture=True))
    #####
    #...#
    #####
    """
    from .. import budget

    budget.check(text_bytes(maze.shape3), f"the block text of a {' x '.join(map(str, maze.shape))} maze")
    square = is_square_grid(maze)
    if picture is None:
        picture = not square
    if not picture and not square:
        raise InvalidMazeError(
            "this maze has walls between neighbouring cells; only its block picture can be drawn (picture=True)"
        )
    L, H, W = maze.shape3
    if picture:
        b = to_blocks(maze).reshape(-1, 2 * H + 1, 2 * W + 1)

        def square(cell):  # the square of a cell, as (layer, row, col)
            sq = tuple(2 * int(x) + 1 for x in cell)
            return (0, *sq) if maze.ndim == 2 else sq

    else:
        b = ~maze.flat_mask.reshape(L, H, W)

        def square(cell):
            return (0, *cell) if maze.ndim == 2 else tuple(cell)

    chars = np.where(b, np.uint8(_WALL), np.uint8(_OPEN)).astype(np.uint8)
    if maze.start is not None:
        chars[square(maze.start)] = ord("*") if maze.start == maze.goal else ord("E")
    if maze.goal is not None and maze.goal != maze.start:
        chars[square(maze.goal)] = ord("G")
    layers = []
    for layer in chars:
        h, w = layer.shape
        out = np.full((h, w + 1), ord("\n"), dtype=np.uint8)
        out[:, :w] = layer
        layers.append(out.tobytes()[:-1].decode("ascii"))
    if maze.ndim == 2:
        return layers[0]
    return "\n\n".join(f"level {k}\n{body}" for k, body in enumerate(layers))


_KNOWN = dict.fromkeys(map(ord, "#" + _OPEN_CHARS.decode()))


def _parse(sec: Section) -> np.ndarray:
    # characters first: a drawing in another style (``|_|``) is named as such, not as ragged rows
    for i, line in enumerate(sec.lines):
        if line.translate(_KNOWN):
            j = next(j for j, ch in enumerate(line) if ord(ch) not in _KNOWN)
            raise sec.error(f"unknown character {line[j]!r}; a block text uses '#' (wall), '.' or ' ' (open), "
                            "'E' or 'S' (entrance), 'G' or 'F' (goal, finish), '*' (both), 'o', '+' or 'X' (a drawn path)", i, j)
    return sec.array(len(sec.lines[0]))


_FULL_BLOCKS = {ord("\u2588"): "#", ord("\u2593"): "#"}  # the full block and the dark shade


def _full_blocks(text: str) -> str:
    """A block picture drawn with the full block character read as ``#`` walls; squares two characters wide
    (``██`` and two spaces, as many programs print them to look square) become one character each."""
    if not any(ch in text for ch in "\u2588\u2593"):
        return text
    text = text.translate(_FULL_BLOCKS)
    rows = [line.rstrip() for line in text.splitlines()]
    tabs = tab_indent([row for row in rows if row]) if any(rows) else ""
    rows = [row[len(tabs):] for row in rows]  # a tab indent alike on every line: the squares pair after it
    rows = [row + " " * (len(row) % 2) for row in rows]
    header = [row.lower().lstrip().startswith("level") for row in rows]
    if all(header) or not all(_pairs(row) for row, h in zip(rows, header) if not h):
        return text
    return "\n".join(row if h else "".join(a if a != " " else b for a, b in zip(row[0::2], row[1::2]))
                     for row, h in zip(rows, header))


def _hash_pairs(text: str) -> str:
    """A picture of cells drawn with ``##`` and two spaces for each square (to look square in a terminal) read one
    square per pair: at least 3 rows of 5 squares or more, an odd number of them (``2W + 1``), each two characters
    alike (or a mark and a space), and no ``.``."""
    rows = [row.rstrip() for row in text.split("\n")]
    w = max(map(len, rows))
    w += w % 2  # the last pair's space cut off with the line's trailing spaces
    rows = [row.ljust(w) for row in rows]
    if "." in text or len(rows) < 3 or w < 10 or (w // 2) % 2 == 0 or not all(_pairs(row) for row in rows):
        return text
    return "\n".join("".join(a if a != " " else b for a, b in zip(row[0::2], row[1::2])) for row in rows)


def _pairs(row: str) -> bool:
    """Whether every two characters of ``row`` draw one square: twice the same, or a mark and a space."""
    return all(a == b or (" " in (a, b) and (a + b).strip() in "SEG*o") for a, b in zip(row[0::2], row[1::2]))


def loads(text: str, *, source: str | None = None) -> Maze:
    """Read a block text as a maze where every open square is a cell.

    Parameters
    ----------
    text : str
    source : str, optional
        File name shown in error messages.

    Returns
    -------
    Maze
        One cell per open square; neighbouring open squares are joined.

    Raises
    ------
    MazeFormatError
        With line and column: ragged rows, an unknown character, two entrances
        or two goals, a text with no open square.

    Examples
    --------
    >>> from tremaux.io.block import loads
    >>> m = loads("E.#\\n#.G")
    >>> m.neighbours((0, 1))
    [(1, 1), (0, 0)]
    >>> loads("#S#\\n#.E").goal  # mazelib's S(tart) and E(nd)
    (1, 2)
    >>> loads("E.#\\n#.x")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: 2:3: unknown character 'x'; a block text uses ...
    """
    if (drawn := dotted(text)) is not text:  # '-' and '|' around dotted cells, blank posts: a '+-+' drawing
        return ascii_loads(drawn, source=source)
    if is_tokens(text):  # the tokens of maze-dataset: <ADJLIST_START> (0,0) <--> (0,1) ; ...
        return from_tokens(text, source)
    if is_lists(text):  # networkx's edge list or adjacency list of cells: (0, 0) (0, 1)
        return from_lists(text, source)
    if is_gml(text):  # networkx's write_gml: graph [ node [ id 0 label "(0,0)" ] ... ]
        from .graph import from_gml

        return from_gml(text, source)
    if isinstance(text, str) and ("\u2580" in text or "\u2584" in text):  # '▀' and '▄': two rows per line
        text = unhalved(text, source)
    if isinstance(text, str) and not text.isascii():
        text = _full_blocks(text)
    elif isinstance(text, str) and "##" in text:
        text = _hash_pairs(text.strip("\n").replace("\r\n", "\n"))
    text = as_block_text(text := unsized(text), source) or lettered(text, source)  # rows of 0, 1; 'A' to 'B'
    if isinstance(text, str) and "#" not in text:  # walls drawn with another character: 'X', '*', '@'...
        other = set(text) - set(" \t\r\n.ESGFo+")
        if len(other) == 1 and (wall := other.pop()) in "*X@%=&$" and text.count(wall) > 1:
            text = text.replace(wall, "#")
    if isinstance(text, str) and text.count("*") > 1:  # a path drawn with '*', not start and goal in one square
        text = text.replace("*", "o")
    if isinstance(text, str) and "#" in text and "X" in text:  # a path drawn with 'X' (maze-dataset's as_ascii)
        text = text.replace("X", "o")
    sections, multi = split(text, source=source, dedent=False)
    arrays = [_parse(sec) for sec in sections]
    shape = arrays[0].shape
    for k, (sec, a) in enumerate(zip(sections, arrays)):
        if a.shape != shape:
            raise sec.error(
                f"level {k} has {a.shape[0]} rows of {a.shape[1]} but level 0 has {shape[0]} rows of {shape[1]}", 0, 0)
    found: dict[str, tuple[int, int, int]] = {}
    start = goal = None
    marks = set(np.unique(np.concatenate([a.ravel() for a in arrays])).tolist())
    mazelib = {ord("S"), ord("E")} <= marks and ord("G") not in marks  # S the start, E the end (mazelib's tostring)
    for what, chars in (("entrance", b"S*" if mazelib else b"ES*"), ("goal", b"EF*" if mazelib else b"GF*")):
        for k, (sec, a) in enumerate(zip(sections, arrays)):
            for i, j in np.argwhere(np.isin(a, np.frombuffer(chars, dtype=np.uint8))):
                i, j = int(i), int(j)
                if what in found:
                    fk, fi, fj = found[what]
                    fline, fcol = sections[fk].position(fi, fj)
                    raise sec.error(f"a second {what} {quote(a[i, j])} (the first is at line {fline}, column "
                                    f"{fcol}); a maze has at most one", i, j)
                found[what] = (k, i, j)
        if what in found:
            cell = found[what] if multi else found[what][1:]
            if what == "entrance":
                start = cell
            else:
                goal = cell
    squares = np.stack(arrays) if multi else arrays[0]
    exists = squares != _WALL
    if not exists.any():
        raise MazeFormatError("every square is a wall '#': the maze has no cell", line=sections[0].numbers[0],
                              column=1, source=source)
    if start is None and goal is None and not multi:
        start, goal = _border_gaps(exists)
    return Maze.open(squares.shape, mask=exists, start=start, goal=goal)


def _border_gaps(exists: np.ndarray) -> tuple[Any, Any]:
    """The two openings in the wall around a block picture, its start and goal in reading order (else none).

    A picture of a maze of cells (odd rows and columns, every corner post a wall) whose border is wall but for
    two squares: the entrance and the exit that so many generators leave in the outer wall.
    """
    h, w = exists.shape
    if h < 3 or w < 3 or h % 2 == 0 or w % 2 == 0 or exists[0::2, 0::2].any():
        return None, None
    ring = np.zeros_like(exists)
    ring[[0, -1], :] = ring[:, [0, -1]] = True
    gaps = np.argwhere(ring & exists)
    if len(gaps) != 2:
        return None, None
    return tuple((int(i), int(j)) for i, j in gaps)
