"""Mazes from a visitor's file: the page's "open" and paste, read by the command line's readers.

The request body is the file's bytes, whatever its format (the text drawing,
the block picture, JSON, ``.npz`` or a picture such as PNG: every format
:func:`tremaux.io.loads` recognises from the content). Nothing is kept on the
server: the page sends the same bytes again to solve the maze. Both jobs run
in a worker under the time limit (a small picture can name a large maze).
A maze file on another grid (hex, polar, triangle, upsilon, zeta, woven or
wrapped: JSON or ``.npz``, as ``tremaux generate --grid ... --out`` writes it)
is read by :mod:`tremaux.web.grid_files` and drawn from its SVG; a maze with
levels (JSON, ``.npz``, tremaux's PNG or SVG...) by :mod:`tremaux.web.levels`.
A file the page cannot show is refused in one line: empty, not a maze in any
format, or one with a side over the page's limit (levels or another grid:
more cells in all than a square of that side).

Examples
--------
>>> from tremaux.web.maze_files import maze_file_job
>>> out = maze_file_job({"data": b"E..\\n##.\\nG..", "max_side": 150})
>>> out["rows"], out["cols"], out["start"], out["goal"], out["format"]
(3, 3, [0, 0], [2, 0], 'block')
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import Field

from ..errors import MazeFormatError
from ..maze.model import Maze
from .grid_files import grid_file_payload, grid_file_picture, read_grid_file
from .grids import solved_on_grid
from .job_registry import _job
from .levels import level_payload, solved_levels
from .models import TraceBody, _Schema

__all__ = ["FileMazeResponse", "FileSolveResponse", "read_maze", "maze_text", "maze_file_job",
           "maze_file_render_job", "maze_file_solve_job"]

SOURCE = "the file"
"""How the readers' messages name the file (the page says its name before them)."""


def read_maze(data: bytes, max_side: int) -> tuple[Maze, str]:
    """The maze in a file's bytes and its format, or a one-line error saying why the page cannot show it.

    Parameters
    ----------
    data : bytes
        The file's content.
    max_side : int
        The most rows and columns the page draws.

    Returns
    -------
    (Maze, str)
        The maze and the format it was read in (``ascii``, ``block``, ``json``, ``npz``, ``png`` or ``tokens``).

    Raises
    ------
    MazeFormatError
        An empty file, one that is no maze, or one too large for the page.

    Examples
    --------
    >>> from tremaux.web.maze_files import read_maze
    >>> maze, fmt = read_maze(b"+---+---+\\n| S   G |\\n+---+---+", 150)
    >>> maze.shape, fmt
    ((1, 2), 'ascii')
    >>> read_maze(b"  ", 150)
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: the file is empty: open a maze file (a text drawing, a block picture, a PNG...)
    """
    from ..io import detect_format, loads

    if not bytes(data).strip():
        raise MazeFormatError("the file is empty: open a maze file (a text drawing, a block picture, a PNG...)")
    fmt = detect_format(data)
    try:
        maze = loads(data, source=SOURCE)
    except MazeFormatError:
        puzzle = _number_link(data)
        if puzzle:  # pasted on the wrong part of the page: said so, not the maze reader's first odd character
            raise MazeFormatError(f"{SOURCE} holds a Number Link puzzle ({puzzle}), not a maze: paste it on the "
                                  "Number Link board") from None
        raise
    levels, rows, cols = maze.shape3
    if rows > max_side or cols > max_side:
        raise MazeFormatError(f"{SOURCE} holds a maze of {rows} × {cols} cells: the page takes at most "
                              f"{max_side} × {max_side}")
    if maze.size > max_side * max_side:
        raise MazeFormatError(f"{SOURCE} holds a maze of {levels} levels of {rows} × {cols}, {maze.size} cells: "
                              f"the page takes at most {max_side * max_side}")
    return maze, fmt


def _number_link(data: bytes) -> str | None:
    """``rows × cols`` of the Number Link puzzle a text that is no maze holds, or None."""
    from ..numberlink import formats

    try:
        puzzle = formats.loads(bytes(data).decode("utf-8"))
    except Exception:  # noqa: BLE001 - any text the puzzle readers refuse is simply no puzzle
        return None
    rows, cols = puzzle.shape
    return f"{rows} × {cols}"


def _grid_file(request: dict[str, Any]) -> Any:
    """The maze of a grid maze file (hex, polar, woven, wrapped...: JSON or ``.npz``), or None for another file."""
    side = int(request["max_side"])
    return read_grid_file(request["data"], side * side)


TEXT_FORMATS = ("ascii", "block", "json")
"""The text downloads of a maze on the square grid: its drawing (with the run's path), block picture, JSON."""


def maze_text(maze: Maze, fmt: str, solver: str | None = None, seed: int | None = None) -> str:
    """A square maze as a text file the command line and the page read back, ending its line.

    Parameters
    ----------
    maze : Maze
        The maze, its start and goal marked.
    fmt : str
        ``ascii`` (the text drawing: with ``solver``'s path when given, as ``tremaux solve --out maze.txt``
        draws it), ``block`` (the block picture) or ``json``.
    solver : str, optional
        The solver whose path the drawing shows.
    seed : int, optional
        The solver's random choice.

    Returns
    -------
    str
        The file's text.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.web.maze_files import maze_text
    >>> maze_text(Maze.open((1, 2), start=(0, 0), goal=(0, 1)), "block")
    'EG\\n'
    >>> maze_text(Maze.open((1, 2), start=(0, 0), goal=(0, 1)), "ascii", solver="bfs").splitlines()[1]
    '| S o G |'
    """
    from .. import io, render, solve

    if fmt == "ascii" and solver:
        return render.to_text(solve(maze, solver, **({} if seed is None else {"seed": int(seed)})),
                              style="ascii") + "\n"
    return str(io.dumps(maze, fmt)) + "\n"


def _payload(maze: Maze) -> dict[str, Any]:
    from .jobs import maze_stats

    rows, cols = maze.shape
    mask = None if maze.mask is None else [int(v) for v in maze.mask.reshape(-1)]
    # a maze without marked ends (a block picture with no E and G) is solved from its first existing cell to its
    # last, as tremaux.solve does (on a masked maze the corners may be no cells)
    ends = _with_ends(maze)
    start, goal = list(ends.start), list(ends.goal)
    return {"grid": "square", "rows": rows, "cols": cols, "cells": maze.cells.reshape(-1).tolist(),
            "mask": mask, "start": start, "goal": goal, "stats": maze_stats(maze)}


def _with_ends(maze: Maze) -> Maze:
    from ..solvers import default_endpoints

    start, goal = default_endpoints(maze)
    return maze.replace(start=start, goal=goal)


@_job
def maze_file_job(request: dict[str, Any]) -> dict[str, Any]:
    """Read the maze of a file's bytes for the page: its cells, ends, statistics and format.

    Parameters
    ----------
    request : dict
        ``data`` (the file's bytes) and ``max_side``.

    Returns
    -------
    dict
        The :class:`FileMazeResponse` record.

    Examples
    --------
    >>> from tremaux.web.maze_files import maze_file_job
    >>> maze_file_job({"data": b"E.G", "max_side": 150})["cells"]
    [2, 10, 8]
    """
    t0 = time.perf_counter()
    grid_maze = _grid_file(request)
    if grid_maze is not None:
        out = grid_file_payload(grid_maze, "npz" if bytes(request["data"][:2]) == b"PK" else "json")
        out["elapsed_ms"] = round((time.perf_counter() - t0) * 1000, 2)
        return out
    maze, fmt = read_maze(request["data"], int(request["max_side"]))
    out = level_payload(_with_ends(maze)) if maze.ndim == 3 else _payload(_with_ends(maze))
    out["format"] = fmt
    out["elapsed_ms"] = round((time.perf_counter() - t0) * 1000, 2)
    return out


@_job
def maze_file_solve_job(request: dict[str, Any]) -> dict[str, Any]:
    """Read the maze of a file's bytes and solve it, with the trace the page replays.

    Parameters
    ----------
    request : dict
        ``data``, ``max_side``, ``solver``, ``seed`` (the solver's own, or None) and ``max_events``.

    Returns
    -------
    dict
        The :class:`FileSolveResponse` record.

    Examples
    --------
    >>> from tremaux.web.maze_files import maze_file_solve_job
    >>> out = maze_file_solve_job({"data": b"E.G", "max_side": 150, "solver": "bfs"})
    >>> out["solution"]["found"], out["solution"]["path"]
    (True, [[0, 0], [0, 1], [0, 2]])
    """
    from .jobs import _solved_payload

    t0 = time.perf_counter()
    grid_maze = _grid_file(request)
    if grid_maze is not None:
        return solved_on_grid(grid_maze, {**request, "record": True}, t0)
    maze, _ = read_maze(request["data"], int(request["max_side"]))
    if maze.ndim == 3:
        return solved_levels(_with_ends(maze), {**request, "record": True}, t0)
    return _solved_payload(_with_ends(maze), {**request, "record": True}, t0)


@_job
def maze_file_render_job(request: dict[str, Any]) -> bytes | str:
    """A picture of the maze of a file's bytes (with a solver's path when ``solver`` is set): the page's downloads.

    Parameters
    ----------
    request : dict
        ``data``, ``max_side``, ``format`` (``svg`` or ``png``), ``solver`` (or None), ``seed`` (the solver's
        own, or None) and ``cell`` (the side of a cell in pixels).

    Returns
    -------
    str or bytes
        SVG text or PNG bytes.

    Examples
    --------
    >>> from tremaux.web.maze_files import maze_file_render_job
    >>> maze_file_render_job({"data": b"E.G", "max_side": 150, "format": "svg", "solver": "bfs"})[:4]
    '<svg'
    """
    from .. import render, solve

    grid_maze = _grid_file(request)
    if grid_maze is not None:
        return grid_file_picture(grid_maze, request)
    maze, _ = read_maze(request["data"], int(request["max_side"]))
    obj: Any = _with_ends(maze)
    if request["format"] in TEXT_FORMATS:
        return maze_text(obj, request["format"], request.get("solver"), request.get("seed"))
    if request.get("solver"):
        options = {} if request.get("seed") is None else {"seed": int(request["seed"])}
        obj = solve(obj, request["solver"], **options)
    style = {"cell_size": int(request.get("cell", 16))}
    return render.to_svg(obj, **style) if request["format"] == "svg" else render.to_png(obj, **style)


class FileMazeResponse(_Schema):
    """A maze read from a file, ready to draw.

    Examples
    --------
    >>> from tremaux.web.maze_files import FileMazeResponse, maze_file_job
    >>> FileMazeResponse.model_validate(maze_file_job({"data": b"E.G", "max_side": 150})).format
    'block'
    """

    grid: str = Field("square", description="The maze's grid: square for a drawing, a picture or a square "
                                            "maze file; hex, polar... for a grid maze file.")
    levels: int | None = Field(None, description="A maze with levels: how many (cells numbered level by level).")
    rows: int
    cols: int
    cells: list[int] = Field(description="Row-major side bits: N=1, E=2, S=4, W=8 (on another grid: each "
                                         "cell's open sides in the grid's cell order).")
    mask: list[int] | None = Field(description="Row-major 1 for a cell of the maze, 0 for one outside it; "
                                               "None when every cell is in it.")
    start: list[int]
    goal: list[int]
    stats: list[tuple[str, str]] = Field(description="Statistics of the maze.")
    format: str = Field(description="The format the file was read in: ascii, block, json, npz, png or tokens (maze-dataset's text).")
    elapsed_ms: float
    size: int | None = Field(None, description="Another grid: its number of cells.")
    start_index: int | None = Field(None, description="Another grid: the start's index in its cell order.")
    goal_index: int | None = Field(None, description="Another grid: the goal's index in its cell order.")
    svg: str | None = Field(None, description="Another grid: the maze's picture, which the page shows.")
    form: dict[str, Any] | None = Field(None, description="Another grid: its parameters, as GET /api/maze "
                                                          "names them.")
    title: str | None = Field(None, description="Another grid: its name with its wrap and weave.")


class FileSolveResponse(_Schema):
    """A file's maze solved: the solution, its trace and the statistics of the run.

    Examples
    --------
    >>> from tremaux.web.maze_files import FileSolveResponse, maze_file_solve_job
    >>> out = maze_file_solve_job({"data": b"E.G", "max_side": 150, "solver": "bfs"})
    >>> FileSolveResponse.model_validate(out).solution["found"]
    True
    """

    solution: dict[str, Any]
    trace: TraceBody | None
    stats: list[tuple[str, str]]
    elapsed_ms: float
    svg: str | None = Field(None, description="Another grid: the maze's picture with the solution.")
    stage: str | None = Field(None, description="Another grid: the picture the trace is replayed on.")
