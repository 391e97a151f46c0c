"""Square mazes with levels on the web page: generated (``levels`` beside ``rows`` and ``cols``) or read from a file.

A maze of ``levels`` x ``rows`` x ``cols`` cells (up and down passages
between levels, as ``tremaux generate --size 2x5x6`` makes it) is limited as
every other maze of the page: :data:`~tremaux.web.models.MAX_GRID_CELLS`
cells in all, no side over :data:`~tremaux.web.models.MAX_SIDE`, and the
plain square grid only (no wrap, no weave). The page draws it from the
server's SVG picture (:func:`tremaux.render.to_svg`: the levels side by side,
up and down passages marked by triangles), and replays a solver's trace on a
*stage* (:func:`level_stage_svg`) as it does on the other grids, cells
numbered ``(level * rows + row) * cols + col``.

Examples
--------
>>> from tremaux.web.levels import level_maze_job
>>> out = level_maze_job({"levels": 2, "rows": 3, "cols": 4, "generator": "backtracker", "braid": 0.0,
...                       "seed": 1})
>>> out["levels"], out["size"], out["svg"].startswith("<svg")
(2, 24, True)
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..errors import InvalidSizeError, UnsupportedError
from ..maze.model import Maze
from .models import MAX_GRID_CELLS

__all__ = ["has_levels", "check_levels", "build_level_maze", "level_payload", "level_maze_job", "solved_levels",
           "level_solve_job", "level_render_job", "level_stage_svg"]

CELL = 16
"""Pixels per cell of the stage."""
GAP = 1.0
"""Cells between two levels on the stage."""
LABEL = 1.0
"""Cells above the levels for their names on the stage."""


def has_levels(params: dict[str, Any]) -> bool:
    """True when a request asks for more than one level.

    Parameters
    ----------
    params : dict
        The maze parameters of a request.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.web.levels import has_levels
    >>> has_levels({"levels": 2}), has_levels({"levels": None}), has_levels({})
    (True, False, False)
    """
    return int(params.get("levels") or 1) > 1


def check_levels(params: dict[str, Any]) -> None:
    """Refuse levels on another grid than the plain square one, or more cells in all than the page draws.

    Parameters
    ----------
    params : dict
        The maze parameters of a request (``levels``, ``rows``, ``cols``, ``grid``, ``wrap``, ``weave``).

    Raises
    ------
    UnsupportedError
        Levels on another grid, or with a wrap or weave.
    InvalidSizeError
        More than :data:`~tremaux.web.models.MAX_GRID_CELLS` cells in all.

    Examples
    --------
    >>> from tremaux.web.levels import check_levels
    >>> check_levels({"levels": 2, "rows": 20, "cols": 20})
    >>> check_levels({"levels": 100, "rows": 20, "cols": 20})
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: 100 levels of 20 x 20 cells are 40000 cells; the page draws at most 22500
    """
    if not has_levels(params):
        return
    from .grids import is_plain_square

    if not is_plain_square(params):
        raise UnsupportedError("levels are for the plain square grid only (no other grid, wrap or weave)")
    levels, rows, cols = int(params["levels"]), int(params["rows"]), int(params["cols"])
    if levels * rows * cols > MAX_GRID_CELLS:
        raise InvalidSizeError(f"{levels} levels of {rows} x {cols} cells are {levels * rows * cols} cells; "
                               f"the page draws at most {MAX_GRID_CELLS}")


def build_level_maze(params: dict[str, Any]) -> tuple[Maze, Any]:
    """Generate the maze with levels ``params`` describe, start and goal at its diameter's ends.

    Parameters
    ----------
    params : dict
        ``levels``, ``rows``, ``cols``, ``generator``, ``braid`` and ``seed``.

    Returns
    -------
    (Maze, GenerationStats)
        The maze and the generator's run statistics.

    Examples
    --------
    >>> from tremaux.web.levels import build_level_maze
    >>> maze, _ = build_level_maze({"levels": 2, "rows": 3, "cols": 3, "generator": "kruskal", "seed": 4})
    >>> maze.shape, maze.start != maze.goal
    ((2, 3, 3), True)
    """
    from .. import generate
    from .jobs import diameter_endpoints

    check_levels(params)
    shape = (int(params["levels"]), int(params["rows"]), int(params["cols"]))
    gen = generate(shape, params["generator"], seed=params["seed"], braid=float(params.get("braid") or 0.0))
    a, b, _ = diameter_endpoints(gen.maze)
    return gen.maze.replace(start=a, goal=b), gen.stats


def level_payload(maze: Maze) -> dict[str, Any]:
    """A maze with levels for the page: its cells, ends (and their flat indices), statistics and picture.

    Parameters
    ----------
    maze : Maze
        A maze with levels, its start and goal marked.

    Returns
    -------
    dict
        The fields of :class:`~tremaux.web.models.MazeResponse` but ``params``, ``generation`` and ``elapsed_ms``.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.web.levels import level_payload
    >>> out = level_payload(Maze.open((2, 1, 2), start=(0, 0, 0), goal=(1, 0, 1)))
    >>> out["levels"], out["rows"], out["cols"], out["goal_index"]
    (2, 1, 2, 3)
    """
    from .. import render
    from .jobs import maze_stats

    levels, rows, cols = maze.shape3
    mask = None if maze.mask is None else [int(v) for v in maze.mask.reshape(-1)]
    return {"grid": "square", "levels": int(levels), "rows": int(rows), "cols": int(cols), "size": int(maze.size),
            "cells": maze.cells.reshape(-1).tolist(), "mask": mask, "start": list(maze.start),
            "goal": list(maze.goal), "start_index": int(maze.index(maze.start)),
            "goal_index": int(maze.index(maze.goal)), "title": f"{levels}-level square",
            "form": {"grid": "square", "levels": int(levels), "rows": int(rows), "cols": int(cols)},
            "stats": maze_stats(maze), "svg": render.to_svg(maze, cell_size=CELL)}


def level_maze_job(params: dict[str, Any]) -> dict[str, Any]:
    """The ``maze`` job for a maze with levels.

    Parameters
    ----------
    params : dict
        The maze parameters (:class:`~tremaux.web.models.MazeParams`, ``levels`` over 1).

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.MazeResponse` record, with an ``svg`` picture.

    Examples
    --------
    >>> from tremaux.web.levels import level_maze_job
    >>> out = level_maze_job({"levels": 3, "rows": 2, "cols": 2, "generator": "prim", "braid": 0.0, "seed": 2})
    >>> len(out["cells"]), dict(out["stats"])["cells"]
    (12, '12')
    """
    t0 = time.perf_counter()
    maze, gstats = build_level_maze(params)
    out = level_payload(maze)
    out["params"] = dict(params)
    out["generation"] = [("algorithm", gstats.title)] + [tuple(r) for r in gstats.rows()]
    out["elapsed_ms"] = round((time.perf_counter() - t0) * 1000, 2)
    return out


def solved_levels(maze: Maze, request: dict[str, Any], t0: float) -> dict[str, Any]:
    """A maze with levels solved: the square grid's answer, with the path's flat indices, the picture of the
    answer (unless ``picture`` is False and a trace is sent) and the stage its trace is replayed on.

    Parameters
    ----------
    maze : Maze
        The maze, its start and goal marked.
    request : dict
        ``solver``, and optionally ``seed``, ``record``, ``max_events`` and ``picture``.
    t0 : float
        ``time.perf_counter()`` when the job began.

    Returns
    -------
    dict
        ``solution``, ``trace``, ``stats``, ``svg``, ``stage`` and ``elapsed_ms``.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.web.levels import solved_levels
    >>> out = solved_levels(Maze.open((2, 1, 2), start=(0, 0, 0), goal=(1, 0, 1)), {"solver": "bfs"}, 0.0)
    >>> out["solution"]["found"], out["solution"]["path_index"][0], out["stage"].startswith("<svg")
    (True, 0, True)
    """
    from .. import render, solve
    from .jobs import _solved_payload

    out = _solved_payload(maze, request, t0)
    path = out["solution"]["path"]
    out["solution"]["path_index"] = [int(maze.index(tuple(c))) for c in path]
    traced = out["trace"] is not None
    options = {} if request.get("seed") is None else {"seed": int(request["seed"])}
    wanted = request.get("picture", True) or not traced
    out["svg"] = render.to_svg(solve(maze, request["solver"], **options), cell_size=CELL) if wanted else None
    out["stage"] = level_stage_svg(maze) if traced else None
    return out


def level_solve_job(request: dict[str, Any]) -> dict[str, Any]:
    """The ``solve`` job for a maze with levels.

    Parameters
    ----------
    request : dict
        ``maze`` parameters (``levels`` over 1) and ``solver``.

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.SolveResponse` record.

    Examples
    --------
    >>> from tremaux.web.levels import level_solve_job
    >>> maze = {"levels": 2, "rows": 3, "cols": 3, "generator": "backtracker", "braid": 0.0, "seed": 5}
    >>> out = level_solve_job({"maze": maze, "solver": "tremaux"})
    >>> out["solution"]["found"], len(out["solution"]["path"][0])
    (True, 3)
    """
    t0 = time.perf_counter()
    maze, _ = build_level_maze(request["maze"])
    return {"params": dict(request["maze"]), **solved_levels(maze, request, t0)}


def level_render_job(request: dict[str, Any]) -> bytes | str:
    """The ``render`` job for a maze with levels: SVG, PNG (levels side by side) or its JSON file.

    Parameters
    ----------
    request : dict
        The maze parameters, ``format`` (``svg``, ``png`` or ``json``), an optional ``solver`` and ``walk``.

    Returns
    -------
    str or bytes
        SVG text, PNG bytes or JSON text.

    Raises
    ------
    UnsupportedError
        A text drawing or block picture, which draw one level.

    Examples
    --------
    >>> from tremaux.web.levels import level_render_job
    >>> params = {"levels": 2, "rows": 3, "cols": 3, "generator": "backtracker", "braid": 0.0, "seed": 5}
    >>> level_render_job({**params, "format": "svg", "solver": "bfs"}).count("level ")
    2
    """
    from .. import io, render, solve
    from .jobs import walk_option

    maze, _ = build_level_maze(request)
    fmt = request["format"]
    if fmt == "json":
        return str(io.dumps(maze, "json")) + "\n"
    if fmt not in ("svg", "png"):
        raise UnsupportedError(f"a maze with levels downloads as svg, png or json, not {fmt}")
    obj: Any = solve(maze, request["solver"], **walk_option(request)) if request.get("solver") else maze
    style = {"cell_size": int(request.get("cell", CELL))}
    return render.to_svg(obj, **style) if fmt == "svg" else render.to_png(obj, **style)


def level_stage_svg(maze: Maze, cell: int = CELL) -> str:
    """The stage a trace on a maze with levels is replayed on (as :func:`tremaux.web.grids.stage_svg` writes
    one): a ``polygon[data-cell]`` per cell, levels side by side; a hidden ``line[data-a][data-b]`` per end of
    a passage within a level; the walls; the up and down triangles (``path.marks``) and the end dots.

    Parameters
    ----------
    maze : Maze
        A maze with levels, its start and goal marked.
    cell : int, default 16
        Pixels per cell.

    Returns
    -------
    str
        The SVG document.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from tremaux import Maze
    >>> from tremaux.web.levels import level_stage_svg
    >>> root = ET.fromstring(level_stage_svg(Maze.open((2, 2, 3), start=(0, 0, 0), goal=(1, 1, 2))))
    >>> ns = "{http://www.w3.org/2000/svg}"
    >>> len(root.findall(f".//{ns}polygon")), len(root.findall(f".//{ns}line")), len(root.findall(f".//{ns}circle"))
    (12, 28, 2)
    """
    from ..render.palette import PALETTE

    L, H, W = maze.shape3
    cells = maze.cells.reshape(-1).astype(np.int64)
    present = np.ones(L * H * W, dtype=bool) if maze.mask is None else maze.mask.reshape(-1).astype(bool)
    width, height = (L * W + (L - 1) * GAP + 1) * cell, (H + 1 + LABEL) * cell

    def corner(i: int) -> tuple[float, float]:  # the top-left corner of cell i, in pixels
        lv, r, c = i // (H * W), i // W % H, i % W
        return (0.5 + lv * (W + GAP) + c) * cell, (0.5 + LABEL + r) * cell

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}">',
           f'<rect width="100%" height="100%" fill="{PALETTE["background"]}"/>', '<g class="cells">']
    for i in range(L * H * W):
        x, y = corner(i)
        out.append(f'<polygon data-cell="{i}" points="{x:.1f},{y:.1f} {x + cell:.1f},{y:.1f} '
                   f'{x + cell:.1f},{y + cell:.1f} {x:.1f},{y + cell:.1f}" fill="{PALETTE["floor"]}"/>')
    out.append(f'</g><g class="passages" stroke-width="{max(1.0, cell / 3):.1f}" stroke-linecap="round" '
               f'stroke="{PALETTE["floor"]}" visibility="hidden">')
    steps = ((1, -W, 0, -0.5), (2, 1, 0.5, 0), (4, W, 0, 0.5), (8, -1, -0.5, 0))  # bit, next cell, dx, dy
    walls, marks = [], []
    for i in np.flatnonzero(present).tolist():
        x, y = corner(i)
        cx, cy = x + cell / 2, y + cell / 2
        for bit, step, dx, dy in steps:
            if cells[i] & bit:
                out.append(f'<line data-a="{i}" data-b="{i + step}" x1="{cx:.1f}" y1="{cy:.1f}" '
                           f'x2="{cx + dx * cell:.1f}" y2="{cy + dy * cell:.1f}"/>')
            elif bit in (1, 8) or _edge_or_hole(i, bit, (H, W), present):
                x0 = x + cell * (bit == 2)
                y0 = y + cell * (bit == 4)
                walls.append(f"M{x0:.1f} {y0:.1f}{'v' if bit in (2, 8) else 'h'}{cell}")
        for bit, tip, base in ((16, 0.15, 0.45), (32, 0.85, 0.55)):  # the SVG picture's triangles: up, down
            if cells[i] & bit:
                marks.append(f"M{cx:.1f} {y + tip * cell:.1f}L{cx + 0.22 * cell:.1f} {y + base * cell:.1f}"
                             f"H{cx - 0.22 * cell:.1f}Z")
    out.append("</g>")
    out.append(f'<path d="{"".join(walls)}" stroke="{PALETTE["wall"]}" '
               f'stroke-width="{max(1.0, cell / 8):g}" fill="none"/>')
    if marks:
        out.append(f'<path class="marks" d="{"".join(marks)}" fill="{PALETTE["updown"]}"/>')
    for lv in range(L):
        out.append(f'<text x="{(0.5 + lv * (W + GAP)) * cell:.1f}" y="{(0.5 + LABEL) * cell - 4:.1f}" '
                   f'font-family="sans-serif" font-size="{0.8 * cell:g}" fill="{PALETTE["wall"]}">level {lv}</text>')
    for key in ("start", "goal"):
        x, y = corner(int(maze.index(getattr(maze, key))))
        out.append(f'<circle cx="{x + cell / 2:.1f}" cy="{y + cell / 2:.1f}" r="{0.3 * cell:.1f}" '
                   f'fill="{PALETTE[key]}"/>')
    out.append("</svg>")
    return "\n".join(out)


def _edge_or_hole(i: int, bit: int, shape: tuple[int, int], present: np.ndarray) -> bool:
    """Whether the closed east (2) or south (4) side of cell ``i`` is drawn by it: on the level's edge, or
    facing no cell (a west or north side is always drawn by its own cell)."""
    H, W = shape
    if bit == 2:
        return i % W == W - 1 or not present[i + 1]
    return i // W % H == H - 1 or not present[i + W]
