"""What a web job costs, estimated from its request alone, in milliseconds on a small machine.

:class:`~tremaux.web.schedule.Scheduler` sends a job estimated above
:data:`QUICK_MS` to the heavy lane, every other to the quick lane. The
estimate, per job (``cells`` = the maze's cells on any grid; rows x cols on
the plain square grid):

================  ===========================================================
maze              ``cells`` x :data:`GEN_MS_PER_CELL`, plus, for a maze with
                  loops small enough for the exact diameter (a search from
                  every cell), ``cells**2`` x :data:`PAIR_MS`; on another grid
                  than the plain square one, plus ``cells`` x
                  :data:`GRID_PICTURE_MS_PER_CELL` (its SVG picture)
solve             the maze's estimate plus ``cells`` x :data:`SOLVE_MS_PER_CELL`;
                  on another grid, plus ``cells`` x
                  :data:`GRID_STAGE_MS_PER_CELL` (the solution's picture and
                  the stage its trace is replayed on)
render            the maze's estimate plus ``pixels`` x :data:`PIXEL_MS`
nl_solve,         a search whose time size alone cannot predict: boards up to
nl_random         :data:`NL_QUICK_CELLS` cells are quick, larger are heavy
maze_file,        a picture's pixels (read from its header) x
maze_file_solve   :data:`READ_PIXEL_MS`; a text or ``.npz`` file, its bytes (at
                  most the page's largest maze's cells) x the cost per cell of
                  a maze's statistics, and of a solve
maze_file_render  the read, a solve (with a solver) and the picture's pixels
================  ===========================================================

Examples
--------
>>> from tremaux.web.costs import QUICK_MS, estimate
>>> estimate("maze", {"rows": 20, "cols": 20, "braid": 0.0}) < QUICK_MS
True
>>> estimate("maze", {"rows": 50, "cols": 50, "braid": 0.5}) > QUICK_MS  # exact diameter: 2500 searches
True
>>> estimate("nl_solve", {"grid": [[0] * 30] * 30}) > QUICK_MS
True
>>> estimate("solve", {"maze": {"grid": "hex", "rows": 80, "cols": 80, "braid": 0.0}}) > QUICK_MS  # two pictures
True
"""

from __future__ import annotations

import math
from typing import Any

__all__ = [
    "QUICK_MS",
    "NL_QUICK_CELLS",
    "GEN_MS_PER_CELL",
    "PAIR_MS",
    "SOLVE_MS_PER_CELL",
    "PIXEL_MS",
    "GRID_PICTURE_MS_PER_CELL",
    "GRID_STAGE_MS_PER_CELL",
    "READ_PIXEL_MS",
    "estimate",
]

QUICK_MS = 150.0
"""Jobs estimated above this many milliseconds go to the heavy lane."""
NL_QUICK_CELLS = 64
"""Number Link boards up to this many cells are searched on the quick lane."""
GEN_MS_PER_CELL = 0.001
"""Generation and statistics of a maze, per cell (150 x 150 takes 12-25 ms)."""
PAIR_MS = 0.0001
"""Exact diameter of a maze with loops, per pair of cells (50 x 50 takes about 0.5 s)."""
SOLVE_MS_PER_CELL = 0.002
"""A maze solve with its trace, per cell (150 x 150 takes 2-50 ms)."""
PIXEL_MS = 0.00003
"""Drawing and encoding a picture, per pixel (9600 x 9600 PNG takes about 2.5 s)."""
GRID_PICTURE_MS_PER_CELL = 0.02
"""The SVG picture a maze on another grid comes with, per cell (150 x 150 hex takes 0.1-0.4 s)."""
GRID_STAGE_MS_PER_CELL = 0.05
"""A solve on another grid: the solution's picture and the replay's stage, per cell (the whole solve of a 150 x 150
hex maze takes 1-1.5 s, of a 40 x 40 one 65-75 ms, on 2 cores shared with other jobs)."""

READ_PIXEL_MS = 0.00025
"""Finding a maze in a picture, per pixel (a 3000 x 3000 one takes about 2 s, 5000 x 5000 about 6 s)."""

_SEARCHES = frozenset({"nl_solve", "nl_random"})
_BUDGETED = _SEARCHES
"""Jobs that take a ``time_limit`` in their payload and stop themselves cleanly."""


def _cells(p: dict[str, Any]) -> int:
    """Cells of a maze request on any grid (levels x rows x cols on the plain square grid)."""
    from .grids import check_grid, is_plain_square

    if p.get("grid") is None or is_plain_square(p):
        return int(p.get("levels") or 1) * int(p["rows"]) * int(p["cols"])
    return check_grid(p).size


def _on_grid(p: dict[str, Any]) -> bool:
    """Whether a maze request is on another grid than the plain square one, or has levels (its answer carries
    SVG)."""
    from .grids import is_plain_square
    from .levels import has_levels

    return has_levels(p) or (p.get("grid") is not None and not is_plain_square(p))


def _maze_ms(p: dict[str, Any]) -> float:
    from .jobs import EXACT_DIAMETER_CELLS

    cells = _cells(p)
    ms = cells * (GEN_MS_PER_CELL + (GRID_PICTURE_MS_PER_CELL if _on_grid(p) else 0.0))
    if float(p.get("braid", 0.0)) > 0 and cells <= EXACT_DIAMETER_CELLS:
        ms += cells * cells * PAIR_MS
    return ms


def _file_cells(p: dict[str, Any]) -> int:
    """The most cells a maze file's bytes can hold for the page."""
    return min(len(p["data"]), int(p["max_side"]) ** 2)


def _file_ms(p: dict[str, Any]) -> float:
    """Reading a maze file: a picture by its pixels (its header says how many), other files by their cells."""
    import io
    import warnings

    from ..io.image import is_image

    data = p["data"]
    if not is_image(data[:16]):
        return _file_cells(p) * GEN_MS_PER_CELL
    try:
        from PIL import Image

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a picture Pillow calls a decompression bomb: refused in the worker
            with Image.open(io.BytesIO(data)) as picture:
                width, height = picture.size
    except Exception:  # noqa: BLE001 - no picture Pillow reads: the worker refuses it at once
        return 0.0
    return width * height * READ_PIXEL_MS


def estimate(job: str, payload: dict[str, Any]) -> float:
    """Estimated milliseconds of work of ``job`` on ``payload`` (see the table above).

    Parameters
    ----------
    job : str
        A job name of :data:`tremaux.web.jobs.JOBS`.
    payload : dict
        The job's validated request.

    Returns
    -------
    float
        Milliseconds on a small machine; ``math.inf`` for a search too big to predict.

    Examples
    --------
    >>> from tremaux.web.costs import QUICK_MS, estimate
    >>> estimate("render", {"rows": 150, "cols": 150, "braid": 0.5, "cell": 64}) > QUICK_MS
    True
    >>> estimate("solve", {"maze": {"rows": 20, "cols": 20, "braid": 0.5}}) < QUICK_MS
    True
    >>> estimate("nl_random", {"rows": 8, "cols": 8}) < QUICK_MS
    True
    """
    if job in _SEARCHES:
        if "grid" in payload:
            cells = len(payload["grid"]) * max((len(r) for r in payload["grid"]), default=0)
        else:
            cells = int(payload["rows"]) * int(payload["cols"])
        return 1.0 if cells <= NL_QUICK_CELLS else math.inf
    if job == "maze":
        return _maze_ms(payload)
    if job == "solve":
        maze = payload["maze"]
        return _maze_ms(maze) + _cells(maze) * (SOLVE_MS_PER_CELL + (GRID_STAGE_MS_PER_CELL if _on_grid(maze) else 0.0))
    if job == "render":
        cell = int(payload.get("cell", 16))
        pixels = _cells(payload) * cell * cell
        return _maze_ms(payload) + pixels * PIXEL_MS
    if job == "maze_file_render":
        cell = int(payload.get("cell", 16))
        return _file_ms(payload) + _file_cells(payload) * (SOLVE_MS_PER_CELL + cell * cell * PIXEL_MS)
    if job in ("maze_file", "maze_file_solve"):
        return _file_ms(payload) + (_file_cells(payload) * SOLVE_MS_PER_CELL if job == "maze_file_solve" else 0.0)
    if job == "sleep":  # a test job: it may state its own estimate, to be misjudged on purpose
        return float(payload.get("estimate_ms", float(payload["seconds"]) * 1000))
    return 0.0
