"""``generate_on``: run a registered generator on any grid.

Generators marked ``grids="any"`` in :data:`tremaux.generators.GENERATORS` run
through the graph kernels of :mod:`tremaux.kernels.graph_gen` and ``graph_merge``, which read only
the grid's neighbour and back-side tables (or their arithmetic forms), with a trace or without one
(the same kernel: recording does not change the maze). The others need rows and columns
and run on the plain square grid only (through :func:`tremaux.generate`, the
fast path), except the binary tree and sidewinder, which also have polar forms
(:mod:`tremaux.kernels.graph_polar`); they refuse other grids with an error naming the grids they support.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .._args import check_seed, keyword_slip
from ..errors import TremauxError, UnsupportedError
from ..generators import GENERATORS, GenerationStats
from ..generators.options import check_options, probability
from ..kernels import graph_gen as kgg
from ..kernels import graph_islands as kgi
from ..kernels import graph_merge as kgm
from ..kernels import graph_polar as kgp
from ..kernels.rng import make_state
from ..trace import Trace
from . import cost
from .grid import Grid, article
from .maze import GridMaze, to_grid_maze

__all__ = ["generate_on", "GridGenerated", "supports", "GRAPH_KERNELS"]

GRAPH_KERNELS: dict[str, str] = {
    "backtracker": "backtracker",
    "breadth-first": "growing_tree",
    "simplified-prim": "growing_tree",
    "growing-tree": "growing_tree",
    "prim": "prim",
    "kruskal": "kruskal",
    "aldous-broder": "aldous_broder",
    "wilson": "wilson",
    "hunt-and-kill": "hunt_and_kill",
    "growing-forest": "growing_forest",
}
"""Generator name -> graph kernel, for every generator registered with ``grids="any"``."""

_KERNELS = {**kgg.KERNELS, **kgm.KERNELS}
_BRAID = probability("braid", text=False)
_KEYWORDS = ("grid", "algorithm", "seed", "start", "braid", "weave", "record", "islands")
"""generate_on()'s own keyword arguments, for a slip in one (see :func:`tremaux._args.keyword_slip`)."""
_WEAVE = probability("weave")


@dataclass(frozen=True)
class GridGenerated:
    """What :func:`generate_on` returns; unpacks as ``maze, stats``.

    Examples
    --------
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze, stats = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4)
    >>> maze.passages, stats.cells
    (5, 6)
    """

    maze: GridMaze
    """The generated maze."""
    stats: GenerationStats
    """Run statistics."""
    trace: Trace | None = None
    """The carving transcript when recorded (``record=True``): cells are grid indices, its shape ``(size,)``."""

    def __iter__(self):
        yield self.maze
        yield self.stats

    def _repr_svg_(self) -> str | None:
        """The generated maze, for Jupyter (``None`` for a maze too big, as :class:`GridMaze`)."""
        return self.maze._repr_svg_()

    def _repr_png_(self) -> bytes | None:
        """The generated maze as a PNG, for a maze too big for its SVG (as :class:`GridMaze`)."""
        return self.maze._repr_png_()


def supports(entry: Any, grid: Grid) -> bool:
    """True when the generator ``entry`` runs on ``grid``.

    Parameters
    ----------
    entry : Entry
        A generator's registry entry.
    grid : Grid
        The grid to carve.

    Returns
    -------
    bool
        Whether :func:`generate_on` accepts the pair.

    Examples
    --------
    >>> from tremaux.grids import supports
    >>> from tremaux.generators import GENERATORS
    >>> from tremaux.grids import make_grid
    >>> hexes = make_grid("hex", size=(2, 3))
    >>> supports(GENERATORS.get("kruskal"), hexes), supports(GENERATORS.get("eller"), hexes)
    (True, False)
    """
    if "weave" in grid.params:
        return bool(entry.meta.get("weave", False))
    grids = entry.meta.get("grids", "any")
    if grids == "any":
        return True
    if grid.name == "square":
        return "square" in grids and grid.rect
    return grid.name in grids and "mask" not in grid.params


def _supported(entry: Any) -> str:
    grids = entry.meta.get("grids", "any")
    if entry.meta.get("weave"):
        return "every grid, woven ones too"
    if grids == "any":
        return "every grid"
    return " and ".join("the plain square grid" if g == "square" else f"the {g} grid" for g in grids)


def generate_on(grid: Grid, algorithm: str = "backtracker", *, seed: int | None = None, start: Any = None,
                braid: float = 0.0, weave: float | None = None, record: bool = False, islands: int = 0,
                **options: Any) -> GridGenerated:
    """Generate a maze on ``grid`` with a registered algorithm.

    Parameters
    ----------
    grid : Grid
        From :func:`tremaux.grids.make_grid`.
    algorithm : str, default "backtracker"
        A name or alias from :data:`tremaux.generators.GENERATORS`.
    seed : int, numpy.random.Generator or numpy.random.SeedSequence, optional
        The same seed gives the same maze (a numpy ``Generator`` or ``SeedSequence``: a 64-bit seed drawn from it).
    start : tuple of int, optional
        The cell to start from (random if not given), for algorithms with a start.
    braid : float, default 0.0
        Fraction of dead ends to remove by opening one more side (loops).
    weave : float, optional
        On a woven grid: the chance that each cell becomes a crossing, when it can (default 0.5).
    record : bool, default False
        Keep the carving transcript (:class:`tremaux.Trace`, cells as grid indices) for animations:
        CARVE from a closed grid, and FRONTIER / DONE for the growing trees. The run draws the same
        random numbers either way, so recording does not change the maze.
    islands : int, default 0
        Free-standing groups of walls to make, each by opening one wall (each adds one loop); see
        :func:`tremaux.grids.islands.add_islands`.
    **options
        The algorithm's options (``discipline=``, ``p=``, ``trees=``).

    Returns
    -------
    GridGenerated
        ``(maze, stats)``.

    Raises
    ------
    UnknownNameError
        For an unknown algorithm or option.
    UnsupportedError
        For an algorithm that does not run on this grid (the message names the grids it supports),
        or an option value it cannot use here.
    CellError, TremauxError
        For a bad start cell, seed or option value.

    Examples
    --------
    >>> from tremaux.grids import generate_on
    >>> from tremaux.grids import make_grid
    >>> maze, stats = generate_on(make_grid("hex", size=(4, 5)), "wilson", seed=3)
    >>> maze.passages
    19
    >>> generate_on(make_grid("polar", rings=3), "eller")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: eller does not run on a polar grid; it runs on the plain square grid
    """
    from .._args import switch

    record = switch(record, "record")  # record="no" would be true
    if not isinstance(grid, Grid):
        raise TremauxError(f"generate_on needs a Grid (see tremaux.grids.make_grid), not {type(grid).__name__}")
    entry = GENERATORS.get(algorithm)
    name = entry.name
    if not supports(entry, grid):
        label = grid.name + (f" ({grid.params['wrap']})" if "wrap" in grid.params else "")
        kind = " masked" if "mask" in grid.params else ""
        kind += " woven" if "weave" in grid.params else ""
        weavers = ", ".join(e.name for e in GENERATORS if e.meta.get("weave"))
        where = f"woven grids take: {weavers}" if "weave" in grid.params else f"it runs on {_supported(entry)}"
        kind_label = f"{kind.strip()} {label}".strip()
        raise UnsupportedError(f"{name} does not run on {article(kind_label)} {kind_label} grid; {where}")
    if options:
        keyword_slip("generate_on", f"{name} takes no option", options, _KEYWORDS, [o.name for o in entry.meta["options"]])
    seed = check_seed(seed)
    braid_f = 0.0 if braid is None else _BRAID(braid)
    weave = None if weave is None else _WEAVE(weave)
    if start is not None and not entry.start:
        takers = ", ".join(e.name for e in GENERATORS if e.start and supports(e, grid))
        raise UnsupportedError(f"{name} has no start cell; do not give one (start cells work with: {takers})")
    start_index = -1 if start is None else grid.index(start, "start")
    islands = _whole_islands(options.pop("islands", islands)) if (islands or "islands" in options) else 0
    if islands:
        if "weave" in grid.params:
            raise UnsupportedError("islands are not available on woven grids (an opened wall could cut a crossing)")
    square_only = [k for k in ("openings", "percolate", "unreachable") if k in options]
    plain = grid.name == "square" and grid.rect  # the square maze's own generator takes these
    if square_only and not plain and (name in GRAPH_KERNELS or (name in kgp.KERNELS and grid.name == "polar")):
        label = ("woven " if "weave" in grid.params else "") + ("masked " if "mask" in grid.params else "") + grid.name
        label += f" ({grid.params['wrap']})" if "wrap" in grid.params else ""
        raise UnsupportedError(f"{square_only[0]}= works on the plain square grid; on {article(label)} {label} grid "
                               "make loops with braid= or islands=")
    _check_memory(grid, name, islands, record, square_only, "mask" in grid.params, bool(braid_f))
    trace = np.empty((kgg.trace_size(grid.size, grid.sides) + islands, 3), np.int64) if record else _NO_TRACE
    if name in kgp.KERNELS and grid.name == "polar":  # ring-by-ring forms of row-by-row algorithms
        opts = check_options(name, entry.options, options)
        state = make_state(seed)
        cells = np.zeros(grid.size, grid.dtype)
        p = np.array([opts["north"] if "north" in opts else opts["east"]], np.float64)  # inward / clockwise chance
        _, visits, maxf, t = kgp.KERNELS[name](grid.nbr, grid.back, -1, p, state, cells, trace)
        t = _imperfect(grid, cells, state, braid_f, islands, trace, t)
        maze = GridMaze(grid, cells, validate=False)
        title, frontier = entry.describe(opts)
        stats = GenerationStats(title=f"{title} (polar)", visits=int(visits), start=None, max_frontier=int(maxf),
                                frontier=frontier, cells=grid.size, passages=maze.passages, algorithm=name,
                                seed=None if seed is None else int(seed))
        return GridGenerated(maze, stats, _trace(trace, t, grid) if record else None)
    if name not in GRAPH_KERNELS or square_only or (plain and _square_kernel_options(name, entry, options)):
        # row-and-column algorithms, openings=..., a discipline only the square kernels run: the square fast path
        import tremaux

        shape = tuple(int(x) for x in grid.params["size"])
        extra = {"islands": islands} if islands else {}
        run = tremaux.generate(shape, name, seed=seed, start=start, braid=braid, record=record, **extra, **options)
        tr = None if run.trace is None else Trace(run.trace.events, (grid.size,))
        return GridGenerated(to_grid_maze(run.maze), run.stats, tr)
    opts = dict(entry.preset)
    opts.update(check_options(name, entry.options, options))
    opts.update({k: v for k, v in entry.preset.items() if k not in options})
    params = _params(name, opts, grid.size)
    kernel_name = GRAPH_KERNELS[name]
    if "weave" in grid.params:
        if braid_f:
            raise UnsupportedError("braid is not available on woven grids (a new passage could cut a crossing)")
        params = np.array([0.5 if weave is None else weave], np.float64)
        kernel_name = "kruskal_weave"
    elif weave is not None:
        raise UnsupportedError("weave needs a woven grid: make_grid('square' or 'hex', ..., weave=True)")
    if "mask" in grid.params:  # every unmasked grid is connected by construction
        _check_connected(grid)
    state = make_state(seed)
    cells = np.zeros(grid.size, grid.dtype)
    nbr, back = grid.topology  # arithmetic on hex rectangles and big polar grids: no tables built
    s, visits, maxf, t = _KERNELS[kernel_name](nbr, back, start_index, params, state, cells, trace)
    t = _imperfect(grid, cells, state, braid_f, islands, trace, t)
    maze = GridMaze(grid, cells, validate=False)
    title, frontier = entry.describe(opts)
    stats = GenerationStats(title=title, visits=int(visits), start=None if s < 0 else grid.cell(int(s)),
                            max_frontier=int(maxf), frontier=frontier, cells=grid.size, passages=maze.passages,
                            algorithm=name, seed=None if seed is None else int(seed))
    return GridGenerated(maze, stats, _trace(trace, t, grid) if record else None)


_NO_TRACE = np.empty((0, 3), np.int64)


def _check_memory(grid: Grid, name: str, islands: int, record: bool, square_only: list[str],
                  masked: bool, braid: bool = False) -> None:
    """Refuse, before anything is allocated, a generation over the memory limit (the square fast path checks its own)."""
    polar = name in kgp.KERNELS and grid.name == "polar"
    if not polar and (name not in GRAPH_KERNELS or square_only):
        return
    kernel = "polar" if polar else "kruskal_weave" if "weave" in grid.params else GRAPH_KERNELS[name]
    need = cost.generation_bytes(grid, kernel, record=record, trace_rows=kgg.trace_size(grid.size, grid.sides)
                                 + islands, tables=polar or masked or bool(islands) or not grid.arithmetic)
    if islands:  # the islands' union-find over the walls: six int64 a side slot
        need += 48 * grid.size * grid.sides
    if braid:  # the braid's shuffled order of the cells (int64)
        need += 8 * grid.size
    label = ("woven " if "weave" in grid.params else "") + ("masked " if masked else "") + grid.name
    cost.check(need, f"{article(label)} {label} maze of {grid.size:,} cells ({name})")


def _whole_islands(value: Any) -> int:
    from ..generators.options import whole

    return whole("islands")(value)


def _imperfect(grid: Grid, cells: np.ndarray, state: np.ndarray, braid_f: float, islands: int, trace: np.ndarray,
               t: int) -> int:
    """Braid, then make islands; returns the trace rows written so far."""
    if braid_f:
        _, t = kgi.braid(*grid.topology, braid_f, state, cells, trace, t)
    if islands:
        from .islands import add_islands_inplace

        # at most one island per side of every cell: a count the kernel's int64 takes
        made, t = add_islands_inplace(grid, cells, min(islands, grid.size * grid.sides + 1), state, trace, t)
        if made < islands:
            raise TremauxError(f"islands={islands} is too many: only {made} fit in this maze")
    return int(t)


def _trace(rows: np.ndarray, t: int, grid: Grid) -> Trace:
    return Trace.from_rows(rows[:t], (grid.size,))


def _params(name: str, opts: dict[str, Any], n: int) -> np.ndarray:
    if name == "prim":
        return np.zeros(4)
    if opts.get("variant", "vertex") == "arc":
        raise UnsupportedError(f"{name} with variant=arc runs on the plain square grid only; use variant=vertex")
    if "discipline" not in opts:
        return np.zeros(4)
    kind, probs = opts["discipline"]
    if kind == "queue":
        raise UnsupportedError(f"{name} with a queue object of your own runs on the plain square grid only "
                               "(it enters (row, col) cells); use newest, oldest, random, mixed or a mix")
    if kind in ("min", "max", "first-slot") or opts.get("weights") is not None:
        raise UnsupportedError(f"{name} with discipline {kind} or weights runs on the plain square grid only; "
                               "use newest, oldest, random, mixed or a mix")
    if kind == "mixed":
        probs = (opts["p"], 0.0, 1.0 - opts["p"])
    trees = float(opts.get("trees") or max(1, n // 100))
    if name == "growing-forest":
        return np.array([trees, *probs], np.float64)
    return np.array([*probs, 0.0], np.float64)


def _square_kernel_options(name: str, entry: Any, options: dict[str, Any]) -> bool:
    """Whether the options ask for what only the square kernels run: a priority queue, the first slot, weights,
    the arc-based variant or a queue object of the caller's (the plain square grid then takes that path)."""
    if not any(k in options for k in ("discipline", "weights", "variant")):
        return False
    opts = check_options(name, entry.options, options)
    kind = opts["discipline"][0] if "discipline" in opts else "list"
    return (kind in ("min", "max", "first-slot", "queue") or opts.get("weights") is not None
            or opts.get("variant", "vertex") == "arc")


def _check_connected(grid: Grid) -> None:
    from ..kernels import graph_solve as kgs

    dist = kgs.bfs_distances(grid.nbr, kgs.as_cells(np.full(grid.size, (1 << 16) - 1, np.uint16)), 0)
    if (dist < 0).any():
        raise UnsupportedError(f"this {grid.name} grid is not connected (a mask cut it apart); "
                               "a perfect maze needs one connected region")
