"""Maze files on grids other than the plain square one (hex, polar, triangle, upsilon, zeta, woven, wrapped),
opened on the page: read, drawn, solved and written back as the command line writes them.

``tremaux generate --grid hex --out maze.json`` (or ``.npz``) writes such a
file (:mod:`tremaux.grids.files`); the page's "open" sends its bytes, and the
jobs of :mod:`tremaux.web.maze_files` hand a grid file to the functions here:
the page then draws the maze from the server's SVG and replays the solver's
trace on a stage, as it does for a maze generated on that grid.

Examples
--------
>>> from tremaux.grids import generate_on, make_grid
>>> from tremaux.grids.files import dumps
>>> from tremaux.web.grid_files import read_grid_file
>>> maze = generate_on(make_grid("hex", size=(3, 4)), "wilson", seed=1).maze
>>> read_grid_file(dumps(maze).encode(), 22500).grid.name
'hex'
>>> read_grid_file(b"E.G", 22500) is None
True
"""

from __future__ import annotations

from typing import Any

from ..errors import MazeFormatError, UnsupportedError

__all__ = ["grid_words", "read_grid_file", "grid_file_payload", "grid_file_picture", "grid_text"]

SOURCE = "the file"


def grid_words(grid: Any) -> str:
    """How the page names a maze's grid: ``hex``, ``woven square``, ``square (torus)``...

    Parameters
    ----------
    grid : tremaux.grids.Grid
        The grid.

    Returns
    -------
    str
        Its name, with its wrap and weave.

    Examples
    --------
    >>> from tremaux.grids import make_grid
    >>> from tremaux.web.grid_files import grid_words
    >>> grid_words(make_grid("square", size=(3, 3), wrap="moebius")), grid_words(make_grid("hex", size=(3, 3)))
    ('square (moebius)', 'hex')
    """
    params = grid.params
    words = ("woven " if params.get("weave") else "") + str(grid.name)
    return words + (f" ({params['wrap']})" if params.get("wrap") else "")


def read_grid_file(data: bytes, max_cells: int) -> Any:
    """The maze of a grid maze file's bytes (JSON or ``.npz``), or None for bytes that are no such file.

    Parameters
    ----------
    data : bytes
        The file's content.
    max_cells : int
        The most cells the page draws.

    Returns
    -------
    GridMaze or None
        The maze, with its start and goal.

    Raises
    ------
    MazeFormatError
        A grid maze file that is broken, or holds more than ``max_cells`` cells (one line naming the grid).

    Examples
    --------
    >>> from tremaux.grids import generate_on, make_grid
    >>> from tremaux.grids.files import dumps
    >>> from tremaux.web.grid_files import read_grid_file
    >>> big = generate_on(make_grid("polar", rings=40), "wilson", seed=1).maze
    >>> read_grid_file(dumps(big).encode(), 1000)
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: the file holds a maze of 4699 cells on the polar grid: the page draws at most 1000
    """
    from ..grids import files

    data = bytes(data)
    if not (files.is_grid_file(data) or (data.lstrip()[:1] == b"{" and b'"tremaux-grid-maze"' in data)):
        return None
    if data[:4] == b"PK\x03\x04":
        maze = files.from_bytes(data, source=SOURCE)
    else:
        maze = files.loads(data, source=SOURCE)
    if maze.size > max_cells:
        raise MazeFormatError(f"{SOURCE} holds a maze of {maze.size} cells on the {grid_words(maze.grid)} grid: "
                              f"the page draws at most {max_cells}")
    if maze.start is None or maze.goal is None:  # a file without its ends: solved between two far-apart cells
        from .grids import _diameter_ends

        a, b = _diameter_ends(maze)
        maze = maze.replace(start=maze.grid.cell(a), goal=maze.grid.cell(b))
    return maze


def grid_file_payload(maze: Any, fmt: str) -> dict[str, Any]:
    """The page's record of a grid file's maze: cells, ends (with their indices), statistics, grid and SVG.

    Parameters
    ----------
    maze : GridMaze
        The maze read.
    fmt : str
        The file's format, ``json`` or ``npz``.

    Returns
    -------
    dict
        The :class:`~tremaux.web.maze_files.FileMazeResponse` record, with ``svg``, ``size`` and ``form`` (the
        grid's parameters as the page's grid picker takes them).

    Examples
    --------
    >>> from tremaux.grids import generate_on, make_grid
    >>> from tremaux.web.grid_files import grid_file_payload
    >>> maze = generate_on(make_grid("triangle", size=(3, 4)), "prim", seed=2).maze
    >>> out = grid_file_payload(maze, "json")
    >>> out["grid"], out["size"], out["form"], out["svg"][:4]
    ('triangle', 12, {'grid': 'triangle', 'rows': 3, 'cols': 4}, '<svg')
    """
    from .grids import _payload, _stats, _svg

    out = _payload(maze)
    out.update(mask=None, stats=_stats(maze), svg=_svg(maze), format=fmt, form=_form(maze.grid),
               title=grid_words(maze.grid))
    return out


def _form(grid: Any) -> dict[str, Any]:
    """The grid's parameters as the page's form (and ``GET /api/maze``) names them."""
    from .grids import is_given

    form: dict[str, Any] = {"grid": str(grid.name)}
    for key, value in grid.params.items():
        if key == "size":
            form["rows"], form["cols"] = int(value[0]), int(value[1])
        elif key != "mask" and is_given(value):
            form[key] = value
    return form


def grid_text(maze: Any, fmt: str) -> str:
    """A grid maze as a text file: ``json``, the file the command line writes (a text drawing is refused).

    Parameters
    ----------
    maze : GridMaze
        The maze.
    fmt : str
        ``json``; ``ascii`` or ``block`` are refused in one line.

    Returns
    -------
    str
        The JSON text, ending its line.

    Raises
    ------
    UnsupportedError
        For a text drawing (the braille drawing of a grid maze does not read back: not a maze file).

    Examples
    --------
    >>> from tremaux.grids import generate_on, make_grid
    >>> from tremaux.web.grid_files import grid_text
    >>> maze = generate_on(make_grid("polar", rings=3), "wilson", seed=1).maze
    >>> grid_text(maze, "json")[:30]
    '{"format": "tremaux-grid-maze"'
    """
    from ..grids import files

    if fmt != "json":
        raise UnsupportedError(f"a text drawing ({fmt}) is for mazes on the plain square grid; this "
                               f"{grid_words(maze.grid)} maze downloads as JSON, PNG or SVG")
    return files.dumps(maze) + "\n"


def grid_file_picture(maze: Any, request: dict[str, Any]) -> bytes | str:
    """A grid file's maze as the page downloads it: PNG, SVG (with ``solver``'s path when given) or JSON.

    Parameters
    ----------
    maze : GridMaze
        The maze read.
    request : dict
        ``format`` (``png``, ``svg`` or ``json``), ``solver`` (or None), ``seed`` and ``cell``.

    Returns
    -------
    bytes or str
        The picture, or the JSON text.

    Examples
    --------
    >>> from tremaux.grids import generate_on, make_grid
    >>> from tremaux.web.grid_files import grid_file_picture
    >>> maze = generate_on(make_grid("zeta", size=(3, 3)), "wilson", seed=1).maze
    >>> maze = maze.replace(start=(0, 0), goal=(2, 2))
    >>> grid_file_picture(maze, {"format": "svg", "solver": "bfs"})[:4]
    '<svg'
    """
    from ..grids import solve_on, to_png
    from .grids import _style, _svg

    fmt = request["format"]
    if fmt not in ("svg", "png"):
        return grid_text(maze, fmt)
    options = {} if request.get("seed") is None else {"seed": int(request["seed"])}
    sol = solve_on(maze, request["solver"], **options) if request.get("solver") else None
    cell = int(request.get("cell", 16))
    return _svg(maze, sol, cell) if fmt == "svg" else to_png(maze, solution=sol, style=_style(cell))
