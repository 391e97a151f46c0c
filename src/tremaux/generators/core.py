"""``tremaux.generate``: check everything, run one kernel, wrap the result."""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from .. import budget
from .._args import check_seed, keyword_slip
from ..errors import InvalidSizeError, TremauxError, UnsupportedError
from .._lazy import lazy_module
from ..maze.model import Maze, check_shape
from ..trace import Trace
from .catalog import GENERATORS, QUEUE_KERNEL, _generated_by
from .masks import check_mask
from .options import check_options, probability, whole
from .queues import grow as grow_with_queue
from .result import Generated, GenerationStats

# the compiled kernels, loaded on first call (start-up without numba)
kimp = lazy_module("tremaux.kernels.gen_imperfect")
kperc = lazy_module("tremaux.kernels.gen_percolate")
kgen = lazy_module("tremaux.kernels.generate")
kg = lazy_module("tremaux.kernels.grid")
krng = lazy_module("tremaux.kernels.rng")

__all__ = ["generate"]

_NO_TRACE = np.empty((0, 3), np.int64)
_ONE = np.ones(1, dtype=np.bool_)
_ARC_LIMIT = 1 << 28


@_generated_by
def generate(
    shape: Any = None,
    algorithm: str = "backtracker",
    *,
    seed: int | None = None,
    mask: Any = None,
    start: Any = None,
    record: bool = False,
    braid: float = 0.0,
    memory_limit: str | int | None = None,
    **options: Any,
) -> Generated:
    """Generate a maze with a registered algorithm.

    Parameters
    ----------
    shape : tuple of int, optional
        ``(rows, cols)`` or ``(levels, rows, cols)``; may be left out when
        ``mask`` is given (the mask's shape is used).
    algorithm : str, default "backtracker"
        A name or alias from :data:`tremaux.generators.GENERATORS`.
    seed : int, numpy.random.Generator or numpy.random.SeedSequence, optional
        The same seed gives the identical maze on every run and machine;
        ``None`` draws one from the operating system. A numpy ``Generator`` or
        ``SeedSequence`` gives a 64-bit seed drawn from it (``stats.seed``).
    mask : array_like of bool, optional
        Cells that exist (shaped maze); they must form one connected region.
    start : tuple of int, optional
        Cell the algorithm starts from (random if not given), for algorithms
        that have one.
    record : bool, default False
        Keep the carving transcript (:class:`tremaux.Trace`) for animations:
        CARVE (and FRONTIER / DONE for the growing trees) from a closed grid;
        recursive division records WALL events from an open field instead.
    braid : float, default 0.0
        Fraction of dead ends to remove by opening one of their walls (loops).
    memory_limit : str or int, optional
        Overrides the memory limit (``"8G"``; see :mod:`tremaux.budget`):
        the peak memory of the run is estimated before anything is allocated.
    **options
        ``openings=k`` (open ``k`` random extra walls), ``percolate=p``
        (open each wall still closed with chance ``p``: the maze may gain many
        loops; on a backtracker, the "dfs percolation" of other libraries), ``islands=k``
        (``k`` free-standing wall segments), ``unreachable=k`` (wall in ``k``
        dead ends), and the algorithm's own options (see
        ``GENERATORS.get(name).options``).

    Returns
    -------
    Generated
        ``(maze, stats)``, plus ``trace`` when recorded. The maze's start and
        goal are its first and last cells in row-major order (top-left and
        bottom-right on a full grid).

    Raises
    ------
    UnknownNameError
        For an unknown algorithm or option (the message lists valid names).
    UnsupportedError
        For a mask or levels the algorithm cannot handle, or a start cell it
        does not use.
    InvalidSizeError, InvalidMazeError, CellError, TremauxError
        For a bad shape, mask, start cell or option value.
    MemoryLimitError
        When the run would need more memory than the limit (the message
        names the estimate and the limit).

    Examples
    --------
    >>> import tremaux
    >>> maze, stats = tremaux.generate((5, 8), "backtracker", seed=7)
    >>> maze.passages, stats.visits       # a perfect maze; 2 * 40 - 1 looks at the stack
    (39, 79)
    >>> tremaux.generate((5, 8), seed=7).maze == maze
    True
    >>> tremaux.generate((5, 8), "binary-tree", mask=[[True] * 8] * 4 + [[False] + [True] * 7])
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: binary-tree cannot generate on a masked grid; ...
    >>> tremaux.generate((30000, 30000), memory_limit="1G")
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: a 30000 x 30000 maze (backtracker) needs about ... GiB of memory; the limit is 1.0 GiB ...
    """
    from .._args import switch

    record = switch(record, "record")  # record="no" would be true
    if isinstance(algorithm, (int, np.integer)) and not isinstance(algorithm, bool):  # generate(10, 20)
        raise InvalidSizeError(f"the algorithm is a name such as 'backtracker', not {algorithm!r}; give the size as "
                               f"one tuple: generate(({shape!r}, {algorithm!r}))")
    entry = GENERATORS.get(algorithm)
    name = entry.name
    meta = entry.meta  # plain mapping access: this function runs once per maze, keep it light
    braid_f = 0.0 if braid is None else _BRAID(braid)
    openings = islands = unreachable = 0
    percolate = 0.0
    if options:
        extra = {k: options.pop(k) for k in ("openings", "percolate", "islands", "unreachable") if k in options}
        openings = _whole("openings", extra.get("openings", 0))
        percolate = _PERCOLATE(extra.get("percolate", 0.0))
        islands = _whole("islands", extra.get("islands", 0))
        unreachable = _whole("unreachable", extra.get("unreachable", 0))

    # ---- shape and mask
    if shape is None:
        if mask is None:
            raise InvalidSizeError("give a maze shape such as (20, 30), or a mask")
        from ..maze.checks import as_mask

        mask = as_mask(mask)  # a text or a file name is named as such, not as a shape of no dimensions
        shape = mask.shape
    shape3 = check_shape(shape)
    L, H, W = shape3
    dims = (H, W) if len(shape) == 2 else shape3
    n = L * H * W
    if mask is not None:  # the mask's check labels its regions: refused before it allocates
        budget.check(budget.mask_check_bytes(n), f"checking the mask of a {' x '.join(map(str, dims))} maze",
                     memory_limit)
    mask_arr = None if mask is None else check_mask(mask, shape3, dims)
    if mask_arr is not None and not meta["masks"]:
        raise UnsupportedError(f"{name} cannot generate on a masked grid; it needs the full rectangle "
                               f"(masked grids work with: {', '.join(e.name for e in GENERATORS if e.masks)})")
    if L > 1 and not meta["levels"]:
        raise UnsupportedError(f"{name} cannot generate multi-level mazes "
                               f"(levels work with: {', '.join(e.name for e in GENERATORS if e.levels)})")

    # ---- options
    if options:
        keyword_slip("generate", f"{name} takes no option", options, _KEYWORDS, [o.name for o in meta["options"]])
    preset = meta["preset"]
    opts = dict(preset)
    opts.update(check_options(name, meta["options"], options))
    opts.update({k: v for k, v in preset.items() if k not in options})
    meta["unused"](opts, options)  # an option the chosen variant would not use: refused, not dropped
    kernel_name = meta["kernel"](opts)
    if kernel_name == "growing_tree_arcs" and n >= _ARC_LIMIT:
        raise UnsupportedError(f"the arc-based variant is limited to {_ARC_LIMIT:,} cells; this grid has {n:,}")
    if n > 500_000_000 and kernel_name in ("kruskal", "growing_forest"):
        raise UnsupportedError(f"{name} is limited to 500,000,000 cells; this grid has {n:,}")

    # ---- memory: everything below is allocated in one go, so refuse now if it will not fit
    work_entries = max(1, meta["work"](opts, L, H, W))
    extra = (n if braid_f else 0) + ((2 if L == 1 else 3) * n if openings else 0) \
        + (3 * (H + 1) * (W + 1) if islands else 0) + (n if unreachable else 0)
    budget.check(
        budget.generation_bytes(n, work_entries, record=record, trace_rows=kgen.trace_size(L, H, W) + 8 * islands + n,
                                masked=mask_arr is not None, extra_work_entries=extra)
        # the mask's check freed its scratch, but the allocator may keep it: counted on top
        + (budget.mask_check_bytes(n) if mask_arr is not None else 0),
        f"a {' x '.join(map(str, dims))} maze ({name})", memory_limit)

    # ---- the maze: a view of the output buffer, which the kernel fills below
    # (nothing reads it before; nobody else holds the buffer afterwards)
    cells = np.empty(n, np.uint8)
    first, last = _corners(mask_arr, dims, n)
    maze = Maze(cells.reshape(dims), mask=mask_arr, start=first, goal=last, validate=False)
    start_index = -1
    if start is not None:
        if not meta["start"]:
            raise UnsupportedError(f"{name} has no start cell; do not give one "
                                   f"(start cells work with: {', '.join(e.name for e in GENERATORS if e.start)})")
        start_index = maze.index(maze.replace(start=start).start)
    seed = check_seed(seed)

    # ---- run
    state = krng.make_state(seed)
    use_mask = mask_arr is not None
    flat_mask = mask_arr.reshape(-1) if use_mask else _ONE
    params = np.ascontiguousarray(meta["params"](opts, n), dtype=np.float64)
    work = np.empty(work_entries, np.int32)
    if opts.get("weights") is not None:
        _fill_weights(work, opts["weights"], dims, n)
    trace = np.empty((kgen.trace_size(L, H, W) + 8 * islands + n, 3), np.int64) if record else _NO_TRACE
    if kernel_name == QUEUE_KERNEL:  # a queue object of the caller's: the Python growing tree
        run = partial(grow_with_queue, opts["discipline"][1], dims)
    else:
        run = kgen.KERNELS[kernel_name]
    s, visits, maxf, t = run(cells, flat_mask, use_mask, L, H, W, start_index, params, state, work, trace)
    del work
    if percolate:
        _, t = kperc.percolate(cells, flat_mask, use_mask, L, H, W, percolate, state, trace, np.int64(t))
    if braid_f or openings or islands or unreachable:
        t = _imperfect(cells, flat_mask, use_mask, shape3, state, trace, int(t), maze,
                       braid_f, openings, islands, unreachable)

    title, frontier = meta["describe"](opts)
    stats = GenerationStats(
        title=title,
        visits=int(visits),
        start=None if s < 0 or not meta["start"] else maze.cell(int(s)),
        max_frontier=int(maxf),
        frontier=frontier,
        cells=n if mask_arr is None else maze.size,
        passages=maze.passages,  # through the maze's read-only view: one compiled type for every caller
        algorithm=name,
        seed=None if seed is None else int(seed),
    )
    tr = Trace.from_rows(trace[:t], dims) if record else None
    return Generated(maze, stats, tr)


_BRAID = probability("braid", text=False)
_PERCOLATE = probability("percolate")
_KEYWORDS = ("shape", "algorithm", "seed", "mask", "start", "record", "braid", "memory_limit", "openings", "percolate",
             "islands", "unreachable")
"""generate()'s own keyword arguments, for a slip in one (see :func:`tremaux._args.keyword_slip`)."""


def _whole(name: str, value: Any) -> int:
    return whole(name)(value) if value else 0


def _fill_weights(work: np.ndarray, weights: np.ndarray, dims: tuple[int, ...], n: int) -> None:
    if weights.shape != dims:
        raise TremauxError(f"weights shape {weights.shape} differs from maze shape {dims}")
    flat = weights.reshape(-1)
    order = np.argsort(flat, kind="stable")
    ranks = np.empty(n, np.int64)
    ranks[order] = np.arange(n)
    # equal weights share a rank, so ties stay ties (broken by cell index)
    sorted_w = flat[order]
    firsts = np.concatenate(([0], np.flatnonzero(np.diff(sorted_w)) + 1))
    group = np.cumsum(np.isin(np.arange(n), firsts)) - 1
    ranks[order] = firsts[group]
    work[:n] = ranks


def _corners(mask: np.ndarray | None, dims: tuple[int, ...], n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """First and last existing cells in row-major order."""
    if mask is None:
        return (0,) * len(dims), tuple(d - 1 for d in dims)
    flat = mask.reshape(-1)
    lo = int(np.argmax(flat))
    hi = n - 1 - int(np.argmax(flat[::-1]))
    return (tuple(int(x) for x in np.unravel_index(lo, dims)),
            tuple(int(x) for x in np.unravel_index(hi, dims)))


def _imperfect(cells, flat_mask, use_mask, shape3, state, trace, t, maze, braid, openings, islands, unreachable):
    L, H, W = shape3
    n = cells.shape[0]
    most = 8 * n + 8  # more than any count of walls, islands or dead ends: what a kernel's int64 takes
    if braid:
        work = np.empty(n, np.int32)
        _, _, _, t = kimp.braid(cells, flat_mask, use_mask, L, H, W, braid, state, work, trace, t)
    if openings:
        work = np.empty((2 if L == 1 else 3) * n, np.int32)
        opened, t = kimp.add_openings(cells, flat_mask, use_mask, L, H, W, min(openings, most), state, work, trace, t)
        if opened < openings:
            raise TremauxError(f"openings={openings} is too many: only {opened} wall{'' if opened == 1 else 's'} "
                               "could be opened")
    if islands:
        if use_mask or L > 1:
            raise UnsupportedError("islands need a single-level maze without a mask")
        work = np.empty(3 * (H + 1) * (W + 1), np.int32)
        made, t = kimp.add_islands(cells, H, W, min(islands, most), state, work, trace, t)
        if made < islands:
            raise TremauxError(f"islands={islands} is too many: only {made} fit in this maze")
    if unreachable:
        work = np.empty(n, np.int32)
        sealed, t = kimp.seal_dead_ends(cells, flat_mask, use_mask, L, H, W, min(unreachable, most),
                                        maze.index(maze.start), maze.index(maze.goal), state, work, trace, t)
        if sealed < unreachable:
            why = f"; braid={braid} opened dead ends into loops first (lower it)" if braid else ""
            raise TremauxError(f"unreachable={unreachable} is too many: only {sealed} "
                               f"dead end{'' if sealed == 1 else 's'} could be walled in{why}")
    return t
