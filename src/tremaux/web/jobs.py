"""The work behind the API, run inside worker processes.

Each job takes the already validated request as a plain dict and returns plain
JSON-ready data (or bytes for pictures), so only simple values cross the pipe
between the server and its workers (:mod:`tremaux.web.workers`). Jobs never
touch files.

Examples
--------
>>> from tremaux.web.jobs import JOBS
>>> sorted(JOBS)
['echo', 'maze', 'maze_file', 'maze_file_render', 'maze_file_solve', 'nl_parse', 'nl_random', 'nl_solve', 'render', 'sleep', 'solve']
>>> JOBS["echo"]({"ping": 1})
{'ping': 1}
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..maze import properties as props
from ..maze.model import Maze
from ..trace import Event
from .grids import grid_maze_job, grid_render_job, grid_solve_job, is_plain_square
from .job_registry import JOBS, _job
from .levels import has_levels, level_maze_job, level_render_job, level_solve_job
from .nl_jobs import grid_of, nl_random_job, nl_solve_job, numbers_of, puzzle_of  # noqa: F401  (the API's names)
from . import maze_files  # noqa: F401  (its jobs: a visitor's maze file)

__all__ = ["JOBS", "build_maze", "diameter_endpoints", "maze_stats", "walk_option", "warm_up"]

EXACT_DIAMETER_CELLS = 2500
"""Up to this many cells the two most distant cells are found exactly (all pairs)."""


@_job
def echo_job(payload: Any) -> Any:
    """Return ``payload`` (a liveness check of a worker).

    Parameters
    ----------
    payload : object
        Anything that pickles.

    Returns
    -------
    object
        ``payload``.

    Examples
    --------
    >>> from tremaux.web.jobs import echo_job
    >>> echo_job({"ping": 1})
    {'ping': 1}
    """
    return payload


@_job
def sleep_job(payload: dict[str, Any]) -> dict[str, Any]:
    """Hold the worker for ``payload["seconds"]`` (at most 60) and say so.

    No endpoint runs it: it lets the tests and the load test fill a lane
    without depending on how fast a solver is.

    Parameters
    ----------
    payload : dict
        ``{"seconds": float}``.

    Returns
    -------
    dict
        ``{"slept": seconds}``.

    Examples
    --------
    >>> from tremaux.web.jobs import sleep_job
    >>> sleep_job({"seconds": 0.01})
    {'slept': 0.01}
    """
    seconds = min(60.0, max(0.0, float(payload["seconds"])))
    time.sleep(seconds)
    return {"slept": seconds}


def diameter_endpoints(maze: Maze) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The two most distant cells of ``maze`` (in passages) and their distance.

    The first of the two comes first in row-major order.

    Exact for perfect mazes (two sweeps of breadth-first search) and, up to
    :data:`EXACT_DIAMETER_CELLS` cells, for mazes with loops too (a search
    from every cell); larger mazes with loops get the two-sweep estimate.

    Parameters
    ----------
    maze : Maze
        A single-level maze.

    Returns
    -------
    (tuple of int, tuple of int, int)
        The two cells and the number of passages between them.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.web.jobs import diameter_endpoints
    >>> diameter_endpoints(Maze.open((3, 4)))
    ((0, 0), (2, 3), 5)
    """
    first = next(c for c in np.ndindex(maze.shape) if maze.mask is None or maze.mask[c])
    d = props.distances_from(maze, first)
    a = np.unravel_index(int(np.argmax(d)), maze.shape)
    d = props.distances_from(maze, a)
    b = np.unravel_index(int(np.argmax(d)), maze.shape)
    best = (tuple(int(x) for x in a), tuple(int(x) for x in b), int(d[b]))
    if maze.size <= EXACT_DIAMETER_CELLS and not props.is_perfect(maze):
        for i in np.flatnonzero(maze.flat_mask):
            src = maze.cell(int(i))
            d = props.distances_from(maze, src)
            far = int(np.argmax(d))
            if int(d.reshape(-1)[far]) > best[2]:
                best = (src, maze.cell(far), int(d.reshape(-1)[far]))
    a, b, n = best
    return (a, b, n) if a <= b else (b, a, n)


def build_maze(params: dict[str, Any]) -> tuple[Maze, Any]:
    """Generate the maze ``params`` describe, with start and goal at its diameter's ends.

    Returns the maze and the generator's run statistics.

    Parameters
    ----------
    params : dict
        ``rows``, ``cols``, ``generator``, ``braid`` and ``seed``.

    Returns
    -------
    (Maze, GenerationStats)
        The maze, its start and goal moved to the ends of a longest path, and the run's statistics.

    Examples
    --------
    >>> from tremaux.web.jobs import build_maze
    >>> params = {"rows": 4, "cols": 5, "generator": "backtracker", "braid": 0.0, "seed": 1}
    >>> maze, stats = build_maze(params)
    >>> maze.shape, maze.start, maze.goal
    ((4, 5), (0, 3), (2, 4))
    """
    from .. import generate

    shape = (int(params["rows"]), int(params["cols"]))
    gen = generate(shape, params["generator"], seed=params["seed"], braid=float(params["braid"]))
    maze = gen.maze
    a, b, _ = diameter_endpoints(maze)
    return maze.replace(start=a, goal=b), gen.stats


def maze_stats(maze: Maze) -> list[tuple[str, str]]:
    """``(label, value)`` rows describing the shape of ``maze`` (from :mod:`tremaux.measure`).

    Parameters
    ----------
    maze : Maze
        The maze.

    Returns
    -------
    list of (str, str)
        Rows for the page's table.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.web.jobs import maze_stats
    >>> rows = dict(maze_stats(Maze.open((2, 3), start=(0, 0), goal=(1, 2))))
    >>> rows["loops"], rows["start to goal"]
    ('2', '3 passages')
    """
    from ..measure import maze_stats as measure

    s = measure(maze)
    distance = "unreachable" if s.solution_length is None else f"{s.solution_length} passages"
    return [
        ("cells", str(s.cells)),
        ("passages", str(s.passages)),
        ("perfect", "yes" if s.perfect else "no"),
        ("loops", str(s.loops)),
        ("dead ends", f"{s.dead_ends} ({s.dead_end_percentage:.1f}%)"),
        ("corridors (straight / turning)", f"{s.corridors} ({s.straight} / {s.turning})"),
        ("junctions", str(s.junctions)),
        ("crossroads", str(s.crossroads)),
        ("mean dead-end length", f"{s.dead_end_length:.2f}"),
        ("river factor", f"{s.river:.3f}"),
        ("regions", str(s.components)),
        ("start to goal", distance),
    ]


def _maze_payload(maze: Maze) -> dict[str, Any]:
    return {
        "grid": "square",
        "rows": int(maze.shape[0]),
        "cols": int(maze.shape[1]),
        "cells": maze.cells.reshape(-1).tolist(),
        "start": list(maze.start),
        "goal": list(maze.goal),
    }


@_job
def maze_job(params: dict[str, Any]) -> dict[str, Any]:
    """Generate a maze: its cells, end points and statistics.

    Parameters
    ----------
    params : dict
        The maze parameters (:class:`~tremaux.web.models.MazeParams`).

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.MazeResponse` record.

    Examples
    --------
    >>> from tremaux.web.jobs import maze_job
    >>> params = {"rows": 4, "cols": 5, "generator": "backtracker", "braid": 0.0, "seed": 1}
    >>> out = maze_job(params)
    >>> out["rows"], out["cols"], out["start"], out["goal"]
    (4, 5, [0, 3], [2, 4])
    """
    if has_levels(params):
        return level_maze_job(params)
    if not is_plain_square(params):
        return grid_maze_job(params)
    t0 = time.perf_counter()
    maze, gstats = build_maze(params)
    out = _maze_payload(maze)
    out["params"] = dict(params)
    out["generation"] = [("algorithm", gstats.title)] + [tuple(r) for r in gstats.rows()]
    out["stats"] = maze_stats(maze)
    out["elapsed_ms"] = round((time.perf_counter() - t0) * 1000, 2)
    return out


def _trace_payload(trace: Any, limit: int) -> dict[str, Any]:
    ev = trace.events
    n = len(ev)
    cut = ev[:limit]
    return {
        "kinds": cut["kind"].astype(np.int64).tolist(),
        "cells": cut["cell"].tolist(),
        "others": cut["other"].tolist(),
        "names": {int(e): e.name.lower() for e in Event},
        "total": n,
        "truncated": n > limit,
    }


def _run_stats(solution: Any, maze: Maze) -> list[tuple[str, str]]:
    d = solution.to_dict()
    rows = [
        ("solver", solution.algorithm),
        ("verdict", d.get("message") or ("found" if solution.found else "not found")),
        ("path length", f"{solution.length} cells" if solution.found else "-"),
        ("cells visited", f"{solution.visited_count} of {maze.size}"),
        ("steps", str(d["steps"])),
    ]
    if solution.found and solution.steps:
        rows.append(("steps per path cell", f"{d['steps'] / max(solution.length, 1):.2f}"))
    if solution.trace is not None:
        rows.append(("trace events", str(len(solution.trace))))
    return rows


@_job
def solve_job(request: dict[str, Any]) -> dict[str, Any]:
    """Generate the maze of ``request["maze"]`` and solve it with ``request["solver"]``.

    Parameters
    ----------
    request : dict
        ``maze`` (the maze parameters), ``solver`` and ``record`` (keep the trace).

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.SolveResponse` record.

    Examples
    --------
    >>> from tremaux.web.jobs import solve_job
    >>> params = {"rows": 4, "cols": 5, "generator": "backtracker", "braid": 0.0, "seed": 1}
    >>> out = solve_job({"maze": params, "solver": "bfs"})
    >>> out["solution"]["found"], out["solution"]["algorithm"]
    (True, 'bfs')
    """
    if has_levels(request["maze"]):
        return level_solve_job(request)
    if not is_plain_square(request["maze"]):
        return grid_solve_job(request)
    t0 = time.perf_counter()
    maze, _ = build_maze(request["maze"])
    return {"params": dict(request["maze"]), **_solved_payload(maze, request, t0)}


def _solved_payload(maze: Maze, request: dict[str, Any], t0: float) -> dict[str, Any]:
    """``maze`` solved as ``request`` asks (``solver``, the solver's own ``seed``, ``record``, ``max_events``):
    the solution, the trace the page replays, the run's stats and the milliseconds since ``t0``.

    Shared by the solve of a generated maze and of a file's maze, so both answer with one record.
    """
    from .. import solve

    record = bool(request.get("record", True))
    options = {} if request.get("seed") is None else {"seed": int(request["seed"])}  # the solver's own seed
    solution = solve(maze, request["solver"], record=record, **options)
    limit = int(request.get("max_events", 400_000))
    return {
        "solution": solution.to_dict(),
        "trace": _trace_payload(solution.trace, limit) if solution.trace is not None else None,
        "stats": _run_stats(solution, maze),
        "elapsed_ms": round((time.perf_counter() - t0) * 1000, 2),
    }


@_job
def render_job(request: dict[str, Any]) -> bytes | str:
    """A picture of the maze of ``request`` (with a solver's path if ``solver`` is set).

    Parameters
    ----------
    request : dict
        The maze parameters, ``format`` (``svg`` or ``png``), an optional ``solver`` and ``cell`` size.

    Returns
    -------
    str or bytes
        SVG text or PNG bytes.

    Examples
    --------
    >>> from tremaux.web.jobs import render_job
    >>> params = {"rows": 4, "cols": 5, "generator": "backtracker", "braid": 0.0, "seed": 1}
    >>> render_job({**params, "solver": "bfs", "format": "svg"}).startswith("<svg")
    True
    """
    from .. import render, solve

    if has_levels(request):
        return level_render_job(request)
    if not is_plain_square(request):
        return grid_render_job(request)
    maze, _ = build_maze(request)
    obj: Any = maze
    if request["format"] in maze_files.TEXT_FORMATS:
        return maze_files.maze_text(maze, request["format"], request.get("solver"), request.get("walk"))
    if request.get("solver"):
        obj = solve(maze, request["solver"], **walk_option(request))
    style = {"cell_size": int(request.get("cell", 16))}
    if request["format"] == "svg":
        return render.to_svg(obj, **style)
    return render.to_png(obj, **style)


def walk_option(request: dict[str, Any]) -> dict[str, Any]:
    """The solver's options of a picture request: ``seed`` from its ``walk``, when given.

    Parameters
    ----------
    request : dict
        A picture request (:class:`~tremaux.web.models.RenderParams`).

    Returns
    -------
    dict
        ``{"seed": walk}``, or empty.

    Examples
    --------
    >>> from tremaux.web.jobs import walk_option
    >>> walk_option({"walk": 5}), walk_option({"walk": None}), walk_option({})
    ({'seed': 5}, {}, {})
    """
    return {} if request.get("walk") is None else {"seed": int(request["walk"])}


def warm_up() -> None:
    """Load the kernels the page uses first, so a new worker answers quickly.

    Examples
    --------
    >>> from tremaux.web.jobs import warm_up
    >>> warm_up()
    """
    maze_job({"generator": "backtracker", "rows": 4, "cols": 4, "braid": 0.5, "seed": 1})
    solve_job({"maze": {"generator": "backtracker", "rows": 4, "cols": 4, "braid": 0.5, "seed": 1},
               "solver": "tremaux"})


def warm_all() -> list[str]:
    """Run every generator, solver and renderer once on a tiny problem (compiling their kernels).

    Then every task of :func:`tremaux.warmup.tasks` but the dataset's: every grid and every stage of the
    Number Link solvers, so that no request of the page waits for a compilation.

    Returns the names of the algorithms that failed (they will report their
    error when a visitor uses them).

    Returns
    -------
    list of str
        What failed to run (empty when all is well).

    Examples
    --------
    >>> from tremaux.web.jobs import warm_all
    >>> warm_all()
    []
    """
    from .. import generate, render, solve
    from ..generators import GENERATORS
    from ..solvers import SOLVERS

    failed = []
    maze = None
    for entry in GENERATORS:
        try:
            maze = generate((5, 6), entry.name, seed=1, braid=0.5).maze
            generate((5, 6), entry.name, seed=1)
        except Exception:  # noqa: BLE001
            failed.append(entry.name)
    if maze is None:
        return failed
    a, b, _ = diameter_endpoints(maze)
    maze = maze.replace(start=a, goal=b)
    maze_stats(maze)
    for entry in SOLVERS:
        try:
            solve(maze, entry.name, record=True)
        except Exception:  # noqa: BLE001
            failed.append(entry.name)
    try:
        solution = solve(maze, "bfs")
        render.to_png(solution, cell_size=8)
        render.to_svg(solution, cell_size=8)
    except Exception:  # noqa: BLE001
        failed.append("render")
    try:
        from ..numberlink import NL_SOLVERS

        nl_random_job({"rows": 5, "cols": 5, "seed": 1})
        for entry in NL_SOLVERS:
            nl_solve_job({"grid": [[1, 2, 3], [0, 0, 0], [1, 2, 3]], "solver": entry.name, "second": True})
            nl_solve_job({"grid": [[1, 1, 0], [0, 0, 0], [0, 0, 0]], "solver": entry.name, "second": True})
    except Exception:  # noqa: BLE001
        failed.append("numberlink")
    # and every kernel the rest of the page reaches (the other grids, woven and wrapped mazes, each stage of the
    # Number Link solvers): the warm-up tasks of ``tremaux warmup``, which reach every kernel, less the dataset's
    from ..warmup import tasks

    for label, run in tasks():
        if label.startswith("dataset"):
            continue
        try:
            run()
        except Exception:  # noqa: BLE001
            failed.append(label)
    return failed
