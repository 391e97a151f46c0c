"""Mazes on every grid for the web API: the grid jobs (the grid picker's list: :mod:`.grid_catalog`).

A maze request names a ``grid`` from :data:`tremaux.grids.GRIDS` and that
grid's parameters (``rows``/``cols`` for grids laid out in a rectangle,
``rings``, ``shape``, ``radius``, ``side``, ``wrap``, ``weave``); the registry
validates them. The plain square grid (no wrap, no weave) keeps the fast
:class:`tremaux.Maze` path with its traces; every other grid is generated with
:func:`tremaux.grids.generate_on`, solved with :func:`tremaux.grids.solve_on`
and drawn by :func:`tremaux.grids.to_svg`; the solver's trace is replayed by
the page on a *stage* (:func:`stage_svg`: the maze with one polygon per cell
and one line per passage end, which the page colours event by event).

Examples
--------
>>> from tremaux.web.grids import grid_kwargs, is_plain_square, grid_maze_job
>>> name, kwargs = grid_kwargs({"grid": "theta", "rings": 5, "rows": 20, "cols": 20})
>>> name, kwargs
('polar', {'rings': 5})
>>> is_plain_square({"grid": "rect", "wrap": None, "weave": False})
True
>>> out = grid_maze_job({"grid": "hex", "shape": "hexagon", "radius": 2, "rows": 20, "cols": 20,
...                      "generator": "wilson", "braid": 0.0, "seed": 3})
>>> out["grid"], out["size"], out["svg"].startswith("<svg")
('hex', 19, True)
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..errors import InvalidSizeError
from .grid_catalog import grid_list
from .models import MAX_GRID_CELLS

__all__ = ["MAX_GRID_CELLS", "PARAMS", "grid_kwargs", "is_plain_square", "check_grid", "grid_list",
           "build_grid_maze", "is_given", "grid_maze_job", "grid_solve_job", "grid_render_job", "stage_svg",
           "solved_on_grid"]


PARAMS = ("rings", "shape", "radius", "side", "wrap", "weave")
"""Request fields that are grid parameters (besides ``rows``/``cols`` for ``size``)."""



def grid_kwargs(params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The registry name and :func:`tremaux.grids.make_grid` keywords of a request.

    ``size`` is ``(rows, cols)`` for grids that take a size, unless a shape
    other than the rectangle is asked for; parameters left out (``None`` or
    ``False``) get the grid's own defaults; a parameter the grid does not take
    is refused by the registry.

    Parameters
    ----------
    params : dict
        A validated :class:`tremaux.web.models.MazeParams` as a dict.

    Returns
    -------
    tuple of (str, dict)

    Raises
    ------
    UnknownNameError
        For an unknown grid name.

    Examples
    --------
    >>> from tremaux.web.grids import grid_kwargs
    >>> grid_kwargs({"grid": "hex", "rows": 4, "cols": 5, "shape": None})
    ('hex', {'size': (4, 5)})
    """
    from ..grids import GRIDS

    entry = GRIDS.get(_grid_name(params))
    kwargs = {k: params[k] for k in PARAMS if is_given(params.get(k))}
    if "size" in entry.params and kwargs.get("shape", "rectangle") == "rectangle":
        kwargs = {"size": (int(params["rows"]), int(params["cols"])), **kwargs}
    return entry.name, kwargs


def is_given(value: Any) -> bool:
    """Whether a grid parameter of a request is given: not None and not False, but 0 is (a radius of 0).

    Parameters
    ----------
    value : object
        The parameter's value.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.web.grids import is_given
    >>> is_given(0), is_given(False), is_given(None)
    (True, False, False)
    """
    return value is not None and value is not False


def _grid_name(params: dict[str, Any]) -> str:
    """The grid a request names: the square grid when it names none (an empty name is refused as unknown)."""
    name = params.get("grid")
    return "square" if name is None else str(name)


def is_plain_square(params: dict[str, Any]) -> bool:
    """True for the plain square grid (the fast :class:`tremaux.Maze` path, with traces).

    Parameters
    ----------
    params : dict
        The maze parameters of a request.

    Returns
    -------
    bool
        Whether the grid is the square one without wrap or weave.

    Examples
    --------
    >>> from tremaux.web.grids import is_plain_square
    >>> is_plain_square({"grid": "square", "wrap": "torus"})
    False
    """
    from ..grids import GRIDS

    return (GRIDS.get(_grid_name(params)).name == "square" and not params.get("wrap")
            and not params.get("weave"))


def check_grid(params: dict[str, Any]) -> Any:
    """Build the grid of a request (cheap at the page's sizes) and refuse one too large.

    Parameters
    ----------
    params : dict
        A validated :class:`tremaux.web.models.MazeParams` as a dict.

    Returns
    -------
    tremaux.grids.Grid

    Raises
    ------
    TremauxError
        An unknown grid, a parameter it does not take, a bad value, or more
        than :data:`MAX_GRID_CELLS` cells.

    Examples
    --------
    >>> from tremaux.web.grids import check_grid
    >>> check_grid({"grid": "polar", "rings": 8, "rows": 20, "cols": 20}).name
    'polar'
    >>> check_grid({"grid": "polar", "rings": 3, "wrap": "torus", "rows": 20, "cols": 20})
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: the polar grid takes no parameter 'wrap'; it takes: rings
    """
    from ..grids import make_grid
    from .levels import check_levels

    check_levels(params)
    name, kwargs = grid_kwargs(params)
    grid = make_grid(name, **kwargs)
    if grid.size > MAX_GRID_CELLS:
        raise InvalidSizeError(f"this {name} grid has {grid.size} cells; the page draws at most {MAX_GRID_CELLS}")
    return grid


def _diameter_ends(maze: Any) -> tuple[int, int]:
    """Two far-apart cells (exact on a perfect maze: two sweeps of breadth-first search)."""
    from ..kernels import graph_solve as kgs

    g = maze.grid
    d = kgs.bfs_distances(g.nbr, kgs.as_cells(maze.cells), 0)
    a = int(np.argmax(d))
    d = kgs.bfs_distances(g.nbr, kgs.as_cells(maze.cells), a)
    b = int(np.argmax(d))
    return (a, b) if a <= b else (b, a)


def build_grid_maze(params: dict[str, Any]) -> tuple[Any, Any]:
    """Generate the maze ``params`` describe on its grid, start and goal at two far-apart cells.

    Parameters
    ----------
    params : dict
        A validated request (see :class:`tremaux.web.models.MazeParams`).

    Returns
    -------
    tuple
        The :class:`tremaux.grids.GridMaze` and the generator's run statistics.

    Raises
    ------
    TremauxError
        A bad grid, or a generator that does not run on it.

    Examples
    --------
    >>> from tremaux.web.grids import build_grid_maze
    >>> maze, _ = build_grid_maze({"grid": "polar", "rings": 4, "rows": 20, "cols": 20,
    ...                            "generator": "backtracker", "braid": 0.0, "seed": 1})
    >>> maze.start != maze.goal
    True
    """
    from ..grids import generate_on

    grid = check_grid(params)
    gen = generate_on(grid, params["generator"], seed=params["seed"], braid=float(params.get("braid", 0.0)))
    maze = gen.maze
    a, b = _diameter_ends(maze)
    return maze.replace(start=grid.cell(a), goal=grid.cell(b)), gen.stats


def _shape_of(maze: Any) -> tuple[int, int]:
    c = maze.grid.coords
    return int(c[:, 0].max()) + 1, int(c[:, 1].max()) + 1


def _stats(maze: Any) -> list[tuple[str, str]]:
    from ..grids import grid_stats

    s = grid_stats(maze)
    length = "unreachable" if s.solution_length is None else f"{s.solution_length} passages"
    return [
        ("grid", s.grid),
        ("cells", str(s.cells)),
        ("passages", str(s.passages)),
        ("perfect", "yes" if s.perfect else "no"),
        ("dead ends", f"{s.dead_ends} ({s.dead_end_percentage:.1f}%)"),
        ("diameter", f"{s.diameter} passages"),
        ("river factor", f"{s.river:.3f}"),
        ("start to goal", length),
    ]


def _style(cell: float = 16) -> Any:
    """The pictures' style: the palette's colours (every picture's), ``cell`` pixels per unit."""
    from ..grids import Style

    return Style(cell=float(cell))


def _svg(maze: Any, solution: Any = None, cell: int = 16) -> str:
    from ..grids import to_svg

    return to_svg(maze, solution=solution, style=_style(cell))


def _payload(maze: Any) -> dict[str, Any]:
    rows, cols = _shape_of(maze)
    return {"grid": maze.grid.name, "size": int(maze.size), "rows": rows, "cols": cols,
            "cells": maze.cells.astype(np.int64).tolist(), "start": list(maze.start), "goal": list(maze.goal),
            "start_index": int(maze.start_index), "goal_index": int(maze.goal_index)}


def _corners(poly: np.ndarray) -> np.ndarray:
    """A cell's outline without a point that repeats the one before it (as drawn, to 0.1 pixel): the outlines
    join each side's ends, which put every corner of a zeta or hex cell in twice (half of a stage's bytes)."""
    rounded = np.round(np.asarray(poly, dtype=float), 1)
    keep = np.any(rounded != np.roll(rounded, 1, axis=0), axis=1)
    return poly[keep] if keep.any() else poly[:1]


def stage_svg(maze: Any, cell: int = 16) -> str:
    """The maze the page replays a trace on: one ``polygon[data-cell]`` per cell (floor colour), one hidden
    ``line[data-a][data-b]`` per passage end (from the centre of ``a`` halfway to ``b``), the walls, and the
    start and goal markers.

    Parameters
    ----------
    maze : GridMaze
        The maze (its start and goal are marked).
    cell : int, default 16
        Pixels per unit of the grid's geometry.

    Returns
    -------
    str
        The SVG document.

    Examples
    --------
    >>> from tremaux.web.grids import build_grid_maze, stage_svg
    >>> import xml.etree.ElementTree as ET
    >>> maze, _ = build_grid_maze({"grid": "hex", "rows": 3, "cols": 4, "generator": "wilson", "seed": 1})
    >>> root = ET.fromstring(stage_svg(maze))
    >>> ns = "{http://www.w3.org/2000/svg}"
    >>> len(root.findall(f".//{ns}polygon")), len(root.findall(f".//{ns}line")) == 2 * maze.passages
    (12, True)
    """
    from ..grids.draw import _points_text, _scene, _wall_path, outlines
    from ..grids.ends import end_dots
    from ..grids.passages import half_passages
    from ..render.palette import PALETTE

    st = _style(cell)
    grid = maze.grid
    sc = _scene(maze, st)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{sc.width}" height="{sc.height}" '
           f'viewBox="0 0 {sc.width} {sc.height}">', f'<rect width="100%" height="100%" fill="{PALETTE["background"]}"/>',
           '<g class="cells">']
    for i, pts in enumerate(_points_text([_corners(p) for p in outlines(maze, st)])):
        out.append(f'<polygon data-cell="{i}" points="{pts}" fill="{PALETTE["floor"]}"/>')
    # each line hidden and of the floor's colour until the replay reaches it (said once, on the group)
    out.append(f'</g><g class="passages" stroke-width="{max(1.0, st.cell / 3):.1f}" stroke-linecap="round" '
               f'stroke="{PALETTE["floor"]}" visibility="hidden">')
    i, s = np.nonzero((maze.cells[:, None].astype(np.int64) >> np.arange(grid.sides)) & 1)
    keys = list(zip(i.tolist(), s.tolist()))
    line = '<line data-a="%d" data-b="%d" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>'
    ends = np.column_stack([i, grid.nbr[i, s], half_passages(maze, st, keys)]).tolist() if keys else []
    out.extend(line % (int(a), int(b), x0, y0, x1, y1) for a, b, x0, y0, x1, y1 in ends)
    out.append("</g>")
    d = _wall_path(sc)
    out.append(f'<path d="{d}" stroke="{PALETTE["wall"]}" stroke-width="{st.wall:g}" stroke-linecap="round" '
               'fill="none"/>')
    for key, x, y, r in end_dots(maze, st, sc.centres):
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{PALETTE[key]}"/>')
    out.append("</svg>")
    return "\n".join(out)


def grid_maze_job(params: dict[str, Any]) -> dict[str, Any]:
    """The ``maze`` job on a grid other than the plain square one: cells, end points, statistics and SVG.

    ``cells`` holds one number per cell (in the grid's cell order) whose bits
    are its open sides; ``rows`` and ``cols`` bound the cell addresses (ring
    and index on the polar grid).

    Parameters
    ----------
    params : dict
        The maze parameters (:class:`~tremaux.web.models.MazeParams`).

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.MazeResponse` record, with an ``svg`` picture.

    Examples
    --------
    >>> from tremaux.web.grids import grid_maze_job
    >>> out = grid_maze_job({"grid": "triangle", "rows": 3, "cols": 4, "generator": "prim",
    ...                      "braid": 0.0, "seed": 2})
    >>> out["size"], len(out["cells"]), dict(out["stats"])["perfect"]
    (12, 12, 'yes')
    """
    t0 = time.perf_counter()
    maze, gstats = build_grid_maze(params)
    out = _payload(maze)
    out["params"] = dict(params)
    out["generation"] = [("algorithm", gstats.title)] + [tuple(r) for r in gstats.rows()]
    out["stats"] = _stats(maze)
    out["svg"] = _svg(maze)
    out["elapsed_ms"] = round((time.perf_counter() - t0) * 1000, 2)
    return out


def grid_solve_job(request: dict[str, Any]) -> dict[str, Any]:
    """The ``solve`` job on a grid other than the plain square one: the solution, its picture, and (when
    ``record``, the default) the trace with the stage the page replays it on.

    Parameters
    ----------
    request : dict
        ``maze`` parameters and ``solver``.

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.SolveResponse` record (``trace`` is ``None``).

    Examples
    --------
    >>> from tremaux.web.grids import grid_solve_job
    >>> maze = {"grid": "hex", "rows": 4, "cols": 5, "generator": "wilson", "braid": 0.0, "seed": 7}
    >>> out = grid_solve_job({"maze": maze, "solver": "bfs"})
    >>> out["solution"]["found"], out["trace"]["kinds"][-1], out["stage"].startswith("<svg")
    (True, 16, True)
    """
    t0 = time.perf_counter()
    maze, _ = build_grid_maze(request["maze"])
    return {"params": dict(request["maze"]), **solved_on_grid(maze, request, t0)}


def solved_on_grid(maze: Any, request: dict[str, Any], t0: float) -> dict[str, Any]:
    """The answer of a solve on a grid other than the plain square one, for a maze given (generated or read).

    Parameters
    ----------
    maze : GridMaze
        The maze, its start and goal marked.
    request : dict
        ``solver``, and optionally ``seed`` (the solver's random choice), ``record``, ``max_events`` and
        ``picture`` (False: no ``svg`` when the trace and its stage are sent).
    t0 : float
        ``time.perf_counter()`` when the job began (its ``elapsed_ms``).

    Returns
    -------
    dict
        ``solution``, ``trace``, ``stats``, ``svg``, ``stage`` and ``elapsed_ms``.

    Examples
    --------
    >>> from tremaux.web.grids import build_grid_maze, solved_on_grid
    >>> maze, _ = build_grid_maze({"grid": "polar", "rings": 3, "generator": "wilson", "seed": 2})
    >>> solved_on_grid(maze, {"solver": "bfs"}, 0.0)["solution"]["found"]
    True
    """
    from ..grids import solve_on
    from .jobs import _trace_payload

    record = bool(request.get("record", True))
    walk = {} if request.get("seed") is None else {"seed": request["seed"]}  # refused where the solver has none
    sol = solve_on(maze, request["solver"], record=record, **walk)
    visited = int(np.count_nonzero(sol.visited))
    solution = {"algorithm": sol.algorithm, "found": bool(sol.found), "start": list(maze.start),
                "goal": list(maze.goal), "path": [list(c) for c in sol.cells],
                "path_index": [int(i) for i in sol.path], "visited": visited,
                "steps": int(sol.steps), "message": sol.message}
    stats = [("solver", sol.algorithm), ("verdict", sol.message or ("found" if sol.found else "not found")),
             ("path length", f"{sol.length} cells" if sol.found else "-"),
             ("cells visited", f"{visited} of {maze.size}"), ("steps", str(sol.steps))]
    if sol.trace is not None:
        stats.append(("trace events", str(len(sol.trace))))
    limit = int(request.get("max_events", 400_000))
    return {"solution": solution,
            "trace": _trace_payload(sol.trace, limit) if sol.trace is not None else None, "stats": stats,
            "svg": _svg(maze, sol) if request.get("picture", True) or sol.trace is None else None,
            "stage": stage_svg(maze) if sol.trace is not None else None,
            "elapsed_ms": round((time.perf_counter() - t0) * 1000, 2)}


def grid_render_job(request: dict[str, Any]) -> bytes | str:
    """The ``render`` job on a grid other than the plain square one (SVG text or PNG bytes).

    Parameters
    ----------
    request : dict
        The maze parameters, ``format`` (``svg`` or ``png``) and an optional ``solver``.

    Returns
    -------
    str or bytes
        SVG text or PNG bytes.

    Examples
    --------
    >>> from tremaux.web.grids import grid_render_job
    >>> picture = grid_render_job({"grid": "hex", "rows": 3, "cols": 3, "generator": "wilson", "braid": 0.0,
    ...                              "seed": 1, "format": "svg", "solver": None})
    >>> picture.startswith("<svg")
    True
    """
    from ..grids import solve_on, to_png

    from .jobs import walk_option

    maze, _ = build_grid_maze(request)
    if request["format"] not in ("svg", "png"):
        from .grid_files import grid_text

        return grid_text(maze, request["format"])
    sol = solve_on(maze, request["solver"], record=True, **walk_option(request)) if request.get("solver") else None
    if request["format"] == "svg":
        return _svg(maze, sol, int(request.get("cell", 16)))
    return to_png(maze, solution=sol, style=_style(request.get("cell", 16)))
