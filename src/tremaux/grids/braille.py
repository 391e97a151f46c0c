"""Text drawings of a maze on any grid, in Unicode braille: the picture drawn small, two by four pixels a character.

The maze is drawn by the picture code of :mod:`tremaux.grids.draw` (walls one pixel thick, a cell a few pixels
across, as many as fit the width asked for), and each wall pixel becomes a braille dot. The start is then
written ``S``, the goal ``G`` (``*`` for a start that is the goal), and the cells of a path ``•``, each in the
character over the middle of its cell. The same drawing serves every grid (square, hex, triangle, polar,
upsilon, zeta, wrapped, woven) and is the ``braille`` text style of :func:`tremaux.render.to_text`.

A braille drawing is for reading only: no reader takes it back as a maze.

Examples
--------
>>> from tremaux.grids import make_grid, generate_on
>>> from tremaux.grids.braille import to_braille
>>> maze = generate_on(make_grid("hex", size=(3, 4)), "backtracker", seed=1).maze
>>> text = to_braille(maze, columns=40)
>>> max(map(len, text.splitlines())) <= 40, "S" in text and "G" in text
(True, True)
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import TremauxError, UnsupportedError

__all__ = ["to_braille", "raster", "text_columns", "fit_cell", "MAX_TEXT_CELL", "MIN_TEXT_CELL"]

MAX_TEXT_CELL = 8.0
"""Pixels per unit of the grid's geometry (about a cell across) of a drawing with room to spare."""

MIN_TEXT_CELL = 3.0
"""The fewest pixels per unit: a maze that does not fit the width with these is refused."""

_MARGIN = 1.0  # pixels around the picture
_BITS = np.array([[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]], dtype=np.int64)  # dots by (row, col)
_MARKS = {"path": "•", "start": "S", "goal": "G", "both": "*"}


def text_columns(columns: int | None = None) -> int:
    """The width of a text drawing in characters: ``columns``, else the terminal's (80 when not a terminal).

    Parameters
    ----------
    columns : int, optional
        The width asked for.

    Returns
    -------
    int

    Raises
    ------
    TremauxError
        For a width below 8 characters or not a whole number.

    Examples
    --------
    >>> from tremaux.grids.braille import text_columns
    >>> text_columns(60)
    60
    >>> text_columns(0)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: a text drawing needs at least 8 columns, not 0
    """
    if columns is None:
        columns = shutil.get_terminal_size((80, 24)).columns
    if isinstance(columns, bool) or not isinstance(columns, (int, np.integer)) or columns < 8:
        raise TremauxError(f"a text drawing needs at least 8 columns, not {columns!r}")
    return int(columns)


def fit_cell(grid: Any, columns: int) -> float:
    """Pixels per unit of ``grid``'s geometry for a braille drawing ``columns`` characters wide.

    Parameters
    ----------
    grid : Grid
        The maze's grid.
    columns : int
        The width in characters (two pixels each).

    Returns
    -------
    float
        Between :data:`MIN_TEXT_CELL` and :data:`MAX_TEXT_CELL`.

    Raises
    ------
    UnsupportedError
        For a grid too wide for ``columns`` even at :data:`MIN_TEXT_CELL` pixels (naming the pictures).

    Examples
    --------
    >>> from tremaux.grids import make_grid
    >>> from tremaux.grids.braille import fit_cell
    >>> fit_cell(make_grid("square", size=(5, 5)), 80), fit_cell(make_grid("square", size=(5, 20)), 40)
    (8.0, 3.8)
    >>> fit_cell(make_grid("square", size=(5, 200)), 80)
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: a square maze 200 units wide needs 301 columns of braille, over the 80 ...
    """
    x0, _, x1, _ = grid.geometry().bounds
    span = max(x1 - x0, 1e-9)
    # the picture is ceil(span * cell + 2 * margin) pixels wide, two a character
    cell = np.floor((2 * columns - 2 * _MARGIN - 1) / span * 10) / 10
    if cell < MIN_TEXT_CELL:
        need = int(np.ceil((span * MIN_TEXT_CELL + 2 * _MARGIN) / 2))
        raise UnsupportedError(f"{'an' if grid.name[0] in 'aeiou' else 'a'} {grid.name} maze {span:g} units wide "
                               f"needs {need} columns of braille, over the {columns} there are: draw it as a "
                               "picture (.svg or .png)")
    return float(min(MAX_TEXT_CELL, cell))


def raster(maze: Any, cell: float = MAX_TEXT_CELL) -> tuple[np.ndarray, np.ndarray]:
    """The picture of a text drawing: which pixels are walls, and where each cell's middle is.

    Parameters
    ----------
    maze : GridMaze or Maze
        The maze (a square :class:`tremaux.Maze` of one level is converted).
    cell : float, default MAX_TEXT_CELL
        Pixels per unit of the grid's geometry.

    Returns
    -------
    walls : numpy.ndarray of bool
        ``(height, width)``: the wall pixels (on a woven maze, the ground around the passages).
    centres : numpy.ndarray of int
        ``(cells, 2)``: each cell's middle pixel as ``(x, y)``.

    Examples
    --------
    >>> from tremaux.grids import make_grid, GridMaze
    >>> from tremaux.grids.braille import raster
    >>> walls, centres = raster(GridMaze(make_grid("square", size=(1, 2)), [2, 8]), cell=4)
    >>> walls.astype(int)
    array([[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
           [0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
           [0, 1, 0, 0, 0, 0, 0, 0, 0, 1],
           [0, 1, 0, 0, 0, 0, 0, 0, 0, 1],
           [0, 1, 0, 0, 0, 0, 0, 0, 0, 1],
           [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]])
    >>> centres.tolist()
    [[3, 3], [7, 3]]
    """
    from PIL import ImageColor

    from .draw import _check_args, _check_picture, _image
    from .maze import as_grid_maze
    from .style import Style

    maze = as_grid_maze(maze, "a text drawing")
    _check_args(maze, None, None)
    _check_picture(maze.grid, "a text drawing")
    st = Style(cell=cell, wall=1.0, margin=_MARGIN, colours={"wall": "#000000", "background": "#ffffff"})
    img, sc = _image(maze, None, st, False, False)
    rgb = np.asarray(img.convert("RGB"))
    walls = np.all(rgb == np.array(ImageColor.getrgb(st.colour("wall"))[:3], np.uint8), axis=2)
    return walls, np.floor(sc.centres).astype(np.int64)


def to_braille(maze: Any, *, solution: Any = None, path: Any = None, start: Any = True, goal: Any = True,
               columns: int | None = None, chars: Mapping[str, str] | None = None) -> str:
    """Draw a maze on any grid in Unicode braille, as wide as the terminal (or ``columns`` characters).

    Parameters
    ----------
    maze : GridMaze or Maze
        The maze (a square :class:`tremaux.Maze` of one level is converted).
    solution : GridSolution, optional
        Its path is marked ``•`` (a solution of another maze is refused).
    path : sequence of int, optional
        Cell indices to mark instead (for the square mazes of :func:`tremaux.render.to_text`).
    start, goal : bool or int, default True
        Mark the maze's start ``S`` and goal ``G`` (``False``: not at all; an int: that cell).
    columns : int, optional
        The width; the terminal's (:func:`shutil.get_terminal_size`, 80 when not a terminal) when not given.
    chars : mapping, optional
        Marks replacing ``•``, ``S``, ``G`` and ``*`` (keys ``path``, ``start``, ``goal``, ``both``; checked by
        :func:`tremaux.render.to_text`).

    Returns
    -------
    str
        The drawing, lines joined by newlines, at most ``columns`` characters each, no newline at the end.

    Raises
    ------
    UnsupportedError
        For a maze too wide to draw in ``columns`` characters, or a square maze of several levels.
    TremauxError
        For a solution of another maze, or a bad width.

    Examples
    --------
    >>> from tremaux.grids import make_grid, GridMaze, solve_on
    >>> from tremaux.grids.braille import to_braille
    >>> maze = GridMaze(make_grid("square", size=(1, 3)), [2, 10, 8], start=(0, 0), goal=(0, 2))
    >>> print(to_braille(maze, solution=solve_on(maze, "bfs"), columns=40))
    ⢰⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⢲
    ⢸⠀S⠀⠀⠀•⠀⠀⠀G⠀⢸
    ⠘⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠚
    """
    from .draw import _check_args
    from .maze import as_grid_maze

    maze = _one_level(maze)
    maze = as_grid_maze(maze, "to_braille")
    _check_args(maze, solution, None)
    marks = {**_MARKS, **(chars or {})}
    cols = text_columns(columns)
    walls, centres = raster(maze, fit_cell(maze.grid, cols))
    H, W = walls.shape
    padded = np.zeros((-(-H // 4) * 4, -(-W // 2) * 2), bool)
    padded[:H, :W] = walls
    blocks = padded.reshape(padded.shape[0] // 4, 4, padded.shape[1] // 2, 2)
    code = np.einsum("rhcw,hw->rc", blocks.astype(np.int64), _BITS)
    text = (0x2800 + code).astype(np.uint32).view("<U1").reshape(code.shape)
    if solution is not None and solution.found:
        path = solution.path
    for i in np.asarray([] if path is None else path, np.int64).reshape(-1):
        x, y = centres[i]
        text[y // 4, x // 2] = marks["path"]
    ends = [(key, _end(value, default)) for key, value, default in
            (("start", start, maze.start_index), ("goal", goal, maze.goal_index))]
    for key, i in ends:
        if i is not None:
            x, y = centres[i]
            text[y // 4, x // 2] = marks["both"] if ends[0][1] == ends[1][1] else marks[key]
    return "\n".join("".join(row) for row in text)


def _end(value: Any, default: int) -> int | None:
    """The cell marked for a ``start`` or ``goal`` argument: ``True`` the maze's, ``False`` none, an int that."""
    if value is True:
        return default
    if value is False or value is None:
        return None
    return int(value)


def _one_level(maze: Any) -> Any:
    """Refuse a square maze of several levels (its levels have no one picture), by name."""
    from ..maze.model import Maze

    square = maze if isinstance(maze, Maze) else getattr(maze, "maze", None)
    if isinstance(square, Maze) and square.shape3[0] > 1:
        raise UnsupportedError(f"a braille drawing is of one level; this maze has {square.shape3[0]}: "
                               "draw it with style ascii, unicode or block")
    return maze
