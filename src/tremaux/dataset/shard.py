"""One shard: rows built by the batched kernels, as the bytes of a Parquet or Arrow IPC file.

:func:`build_shard` is the task every engine runs: it calls the batched
kernels of :mod:`tremaux.kernels.batch` on all the rows of the shard at once
(draw, then solve, filter and measure; again for the rows a filter
rejected), once per extra solver and once per derived output, turns the flat
arrays into Arrow columns and serialises them (:mod:`tremaux.dataset.table`:
zstd Parquet, or an uncompressed Arrow IPC stream with
``shard_format = "arrow"``). No Python code runs per maze.

Columns, in order (see :func:`columns_of`):

===================  =========================  ==============================================
output               column                     contents
===================  =========================  ==============================================
(always)             ``index``                  global row number (int64)
                     ``seed``                   generator seed of the kept maze (uint64)
                     ``attempt``                draws rejected by the filters before it (int32)
                     ``height``, ``width``      size of the maze (int16)
``maze``             ``cells``                  ``h*w`` cells, row-major (list of uint8)
                     ``start``, ``goal``        flat index of the start (0) and goal (``h*w-1``)
``blocks``           ``blocks``                 ``(2h+1)*(2w+1)`` squares, 1 = wall (list of uint8)
``solution``         ``{solver}_path``          flat cell indices, start to goal (list of int32)
                     ``{solver}_length``        cells on the path, 0 when none (int32)
                     ``{solver}_steps``         cells taken from the worklist (int32)
                     ``{solver}_visited``       cells the solver reached (int32)
``stats``            ``passages`` ...           :data:`tremaux.kernels.batch.STATS` (int32) and
                     ``dead_end_length``,       :data:`tremaux.kernels.batch.FSTATS` (float64):
                     ``river``                  the figures of :func:`tremaux.measure.maze_stats`
                                                (``solution_length`` counts passages, -1 if none)
``ascii``            ``ascii``                  the drawing of :func:`tremaux.io.ascii.dumps`
``tokens``           ``tokens``                 token ids (list of int32), see :func:`token_vocabulary`
                     ``tokens_length``          number of tokens (int32)
===================  =========================  ==============================================

Every maze is solved from its top-left cell ``(0, 0)`` to its bottom-right
cell ``(h-1, w-1)``; solver names become column prefixes with ``-`` as ``_``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..budget.sizes import format_bytes
from ..errors import TremauxError, UnsupportedError
from ..kernels import batch as kb
from .spec import DatasetSpec, _need_spec
from .table import _arrow_bytes, _parquet_bytes, encode, to_table  # noqa: F401  (the shard's file, re-exported)
from .table import _read_only

__all__ = [
    "ShardResult",
    "BATCH_SOLVERS",
    "columns_of",
    "check_spec",
    "compute_rows",
    "build_shard",
    "build_shards",
    "encode",
    "warm_up",
    "token_vocabulary",
]

BATCH_SOLVERS: dict[str, bool] = {"bfs": False, "dfs": True}
"""Solvers a dataset can run, by canonical name (value: the worklist is a stack)."""

SHARD_MEMORY = 4 << 30
"""Largest working memory one shard may need (bytes); bigger shards are refused."""


@dataclass(frozen=True)
class ShardResult:
    """What a worker sends back: counts and checksum, and the file's bytes unless it wrote them itself.

    Examples
    --------
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> from tremaux.dataset.shard import build_shard
    >>> result = build_shard(spec, 1)
    >>> result.index, result.rows, len(result.sha256)
    (1, 2, 64)
    """

    index: int
    data: bytes
    """The file's bytes, or ``b""`` when the worker wrote the file itself."""
    rows: int
    attempts: int
    sha256: str
    size: int
    """File size in bytes."""


def _col(name: str) -> str:
    return name.replace("-", "_")


def columns_of(spec: DatasetSpec) -> tuple[str, ...]:
    """Column names of every shard of ``spec``, in order.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.

    Returns
    -------
    tuple of str
        The columns its outputs and solvers call for.

    Examples
    --------
    >>> from tremaux.dataset.shard import columns_of
    >>> from tremaux.dataset import DatasetSpec
    >>> columns_of(DatasetSpec(count=1, outputs=("maze", "tokens")))
    ('index', 'seed', 'attempt', 'height', 'width', 'cells', 'start', 'goal', 'tokens', 'tokens_length')
    """
    cols = ["index", "seed", "attempt", "height", "width"]
    if "maze" in spec.outputs:
        cols += ["cells", "start", "goal"]
    if "blocks" in spec.outputs:
        cols += ["blocks"]
    if "solution" in spec.outputs:
        for s in spec.solvers:
            p = _col(s)
            cols += [f"{p}_path", f"{p}_length", f"{p}_steps", f"{p}_visited"]
    if "stats" in spec.outputs:
        cols += [*kb.STATS, *kb.FSTATS]
    if "ascii" in spec.outputs:
        cols += ["ascii"]
    if "tokens" in spec.outputs:
        cols += ["tokens", "tokens_length"]
    return tuple(cols)


def token_vocabulary(spec: DatasetSpec) -> list[str]:
    """Names of the token ids of ``spec``'s ``tokens`` column, by id.

    Special tokens come first (:data:`tremaux.kernels.batch.TOKEN_NAMES`),
    then one per cell of the largest maze, ``"(r,c)"``.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.

    Returns
    -------
    list of str
        Token names, by id.

    Raises
    ------
    TremauxError
        When ``spec`` is not a :class:`DatasetSpec`.

    Examples
    --------
    >>> from tremaux.dataset.shard import token_vocabulary
    >>> from tremaux.dataset import DatasetSpec
    >>> token_vocabulary(DatasetSpec(count=1, size=(2, 2)))
    ['<PAD>', '<BOS>', '<EOS>', '<ADJ>', '<ORIGIN>', '<TARGET>', '<PATH>', '<NOPATH>', '(0,0)', '(0,1)', '(1,0)', '(1,1)']
    """
    hmax, wmax = _need_spec(spec, "token_vocabulary").size_range[1]
    return list(kb.TOKEN_NAMES) + [f"({r},{c})" for r in range(hmax) for c in range(wmax)]


# -- generators -------------------------------------------------------------------


_UNBATCHED_OPTIONS = ("openings", "islands", "unreachable", "weights")


def _generator(spec: DatasetSpec, counts: np.ndarray):
    """``(kernel name, params table, work size)`` of the spec's generator and options.

    The options are resolved exactly as :func:`tremaux.generate` resolves them.
    The params table has one row per entry of ``counts`` (numbers of cells),
    since some parameters depend on the number of cells; only the sizes a
    shard holds are computed, whatever the width of the size range.
    """
    from ..generators import GENERATORS
    from ..generators.options import check_options

    entry = GENERATORS.get(spec.generator)
    given = dict(spec.generator_options)
    for key in _UNBATCHED_OPTIONS:
        if key in given:
            raise UnsupportedError(f"datasets do not support the generator option {key!r}; "
                                   "use braid for loops")
    opts = dict(entry.preset)
    opts.update(check_options(entry.name, tuple(entry.options), given))
    opts.update({k: v for k, v in entry.preset.items() if k not in given})
    kernel = entry.kernel(opts)
    if kernel not in kb.CARVE:  # pragma: no cover - a kernel added without a batch entry point
        raise UnsupportedError(f"generator {entry.name!r} has no batched kernel for datasets")
    (hmin, wmin), (hmax, wmax) = spec.size_range
    rows = [np.asarray(entry.params(opts, int(n)), dtype=np.float64).ravel() for n in counts]
    width = max(1, max(r.shape[0] for r in rows))
    params = np.zeros((len(rows), width), np.float64)
    for k, r in enumerate(rows):
        params[k, : r.shape[0]] = r
    work = max(1, int(entry.work(opts, 1, hmax, wmax)))
    return kernel, params, work


def check_spec(spec: DatasetSpec) -> DatasetSpec:
    """Check that ``spec`` can be built; return it with canonical algorithm names.

    Aliases become the registry's names (``"dfs"`` generator ->
    ``"backtracker"``, ``"breadth-first"`` solver -> ``"bfs"``), so a spec
    written either way builds, names its columns and resumes the same.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.

    Returns
    -------
    DatasetSpec
        The spec with canonical names.

    Raises
    ------
    UnknownNameError
        For a generator or solver that is not registered.
    UnsupportedError
        For a registered solver that datasets cannot run, or a generator
        option they do not support.
    TremauxError
        For bad generator options (from the generator itself), or shards too
        big for memory.

    Examples
    --------
    >>> from tremaux.dataset.shard import check_spec
    >>> from tremaux.dataset import DatasetSpec
    >>> check_spec(DatasetSpec(count=1, generator="dfs", solvers=["queue", "bfs"])).generator
    'backtracker'
    """
    from ..generators import GENERATORS
    from ..solvers import SOLVERS

    solvers = []
    for s in spec.solvers:
        name = SOLVERS.get(s).name
        if name not in BATCH_SOLVERS:
            raise UnsupportedError(
                f"solver {s!r} cannot run in a dataset; choose among: {', '.join(BATCH_SOLVERS)}"
            )
        if name not in solvers:
            solvers.append(name)
    generator = GENERATORS.get(spec.generator).name
    if generator != spec.generator or tuple(solvers) != spec.solvers:
        spec = spec.replace(generator=generator, solvers=solvers)
    (hmin, wmin), (hmax, wmax) = spec.size_range
    _generator(spec, np.array([hmin * wmin, hmax * wmax], np.int64))  # the options, at both ends of the range
    rows = min(spec.shard_size, spec.count)  # the largest shard: a dataset smaller than shard_size is one shard of count
    from .room import shard_scratch

    scratch = shard_scratch(spec)
    need = shard_memory(spec) // spec.shard_size * rows + scratch
    if need > SHARD_MEMORY:
        per_row = max(1, (need - scratch) // rows)
        fits = (SHARD_MEMORY - scratch) // per_row
        largest = f"{spec.size_range[1][0]}x{spec.size_range[1][1]}"
        if fits < 1:  # even one maze per shard is too big
            raise TremauxError(
                f"a {largest} maze needs about {format_bytes(per_row)} of memory in a dataset shard, over the "
                f"{format_bytes(SHARD_MEMORY)} a shard may use: choose a smaller size"
            )
        raise TremauxError(
            f"a shard of {rows:,} mazes of up to {largest} "
            f"needs about {format_bytes(need)} of memory; set shard_size to {fits:,} or less"
        )
    return spec


def shard_memory(spec: DatasetSpec) -> int:
    """Bytes of the arrays one shard of ``spec`` works in (an estimate from above).

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.dataset.shard import shard_memory
    >>> from tremaux.dataset import DatasetSpec
    >>> shard_memory(DatasetSpec(count=1, size=(10, 10), shard_size=1000))  # 10 x 10, 1,000 rows
    1928000
    """
    hmax, wmax = spec.size_range[1]
    cells = hmax * wmax
    per_row = cells * (1 + 4) + 64  # cells, BFS path, scalars
    if "solution" in spec.outputs:
        per_row += cells * 4 * len(spec.solvers)
    if "blocks" in spec.outputs:
        per_row += (2 * hmax + 1) * (2 * wmax + 1)
    if "ascii" in spec.outputs:  # the characters, the string column's copy, and Parquet's page of them
        per_row += 3 * (2 * hmax + 1) * (4 * wmax + 2)
    if "tokens" in spec.outputs:
        per_row += (5 * cells + 8) * 4
    return 2 * per_row * spec.shard_size  # the arrays, then their Arrow / Parquet copies


# -- rows ---------------------------------------------------------------------------


def compute_rows(spec: DatasetSpec, first: int, stop: int) -> dict[str, np.ndarray]:
    """Rows ``first .. stop - 1`` of ``spec`` as flat NumPy arrays (a few kernel calls).

    Every row is drawn, solved and filtered in one batch; the rows a filter
    rejected are drawn again, all together, with their next attempt, until
    none is left (see :mod:`tremaux.dataset.plan`).

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.
    first, stop : int
        The rows, ``stop`` excluded.

    Returns
    -------
    dict of str to numpy.ndarray
        The raw arrays, for :func:`to_table`.

    Raises
    ------
    TremauxError
        When a row finds no maze passing the filters in ``max_attempts`` draws
        (naming the first such row).

    Examples
    --------
    >>> from tremaux.dataset.shard import compute_rows
    >>> from tremaux.dataset.table import to_table
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> raw = compute_rows(spec, 0, 2)
    >>> to_table(spec, 0, raw).num_rows
    2
    """
    (hmin, wmin), (hmax, wmax) = spec.size_range
    n = stop - first
    stride = hmax * wmax
    base = np.uint64(spec.seed & (2**64 - 1))
    heights = np.empty(n, np.int16)
    widths = np.empty(n, np.int16)
    kb.row_sizes(base, first, hmin, wmin, hmax, wmax, heights, widths)
    counts, pidx = np.unique(heights.astype(np.int64) * widths.astype(np.int64), return_inverse=True)
    kernel, params, work_size = _generator(spec, counts)
    cells = np.zeros(n * stride, np.uint8)
    seeds = np.empty(n, np.uint64)
    attempts = np.zeros(n, np.int32)
    paths = np.empty(n * stride, np.int32)
    path_lens = np.empty(n, np.int32)
    steps = np.empty(n, np.int32)
    visited = np.empty(n, np.int32)
    want_stats = "stats" in spec.outputs
    stats = np.empty((n if want_stats else 0, len(kb.STATS)), np.int32)
    fstats = np.empty((n if want_stats else 0, len(kb.FSTATS)), np.float64)
    work = np.empty(work_size, np.int32)
    bwork = np.empty(stride, np.int32)
    f = spec.filters
    filt = np.array(
        [f.get("min_solution_length", -1), f.get("max_solution_length", -1),
         f.get("min_dead_ends", -1), f.get("max_dead_ends", -1)],
        dtype=np.int64,
    )
    carve = kb.CARVE[kernel]
    rows = np.arange(n, dtype=np.int64)
    drawn = 0
    while rows.shape[0]:
        carve(base, first, rows, attempts[rows].astype(np.int64), heights, widths, params, pidx,
              float(spec.braid), cells, stride, seeds, work, bwork)
        drawn += rows.shape[0]
        passed = np.empty(rows.shape[0], np.bool_)
        kb.check_rows(rows, _read_only(cells), stride, heights, widths, filt, want_stats, paths, path_lens, steps,
                      visited, stats, fstats, passed)
        rows = rows[~passed]
        attempts[rows] += 1
        spent = rows[attempts[rows] >= spec.max_attempts]
        if spent.shape[0]:
            raise TremauxError(
                f"row {first + int(spent[0])}: no maze passed the filters {dict(spec.filters)} in "
                f"{spec.max_attempts} draws; loosen the filters or raise max_attempts"
            )
    return {
        "cells": cells, "heights": heights, "widths": widths, "seeds": seeds, "attempts": attempts,
        "paths": paths, "path_lens": path_lens, "steps": steps, "visited": visited, "stats": stats,
        "fstats": fstats, "stride": np.int64(stride), "drawn": np.int64(drawn),
    }


def build_shard(spec: DatasetSpec, shard: int, target=None) -> ShardResult:
    """Build shard number ``shard`` of ``spec``: the task every engine runs.

    With a ``target`` (a :class:`tremaux.dataset.store.Target`), the shard is
    written there, atomically, and only its counts and checksum come back;
    without one, its bytes come back for the caller to write.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.
    shard : int
        The shard number.
    target : Target, optional
        Write the Parquet file there (the result then carries no bytes).

    Returns
    -------
    ShardResult
        Counts, checksum and, without ``target``, the Parquet bytes.

    Examples
    --------
    >>> from tremaux.dataset.shard import build_shard
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> result = build_shard(spec, 0)
    >>> result.rows, result.data[:4]
    (2, b'PAR1')
    """
    from .store import sha256, shard_name

    first, stop = spec.shard_rows(shard)
    raw = compute_rows(spec, first, stop)
    data = encode(to_table(spec, first, raw), spec.shard_format)
    digest = sha256(data)
    if target is not None:
        target.write(shard_name(shard, spec.shards, spec.shard_format), data)
        return ShardResult(shard, b"", stop - first, int(raw["drawn"]), digest, len(data))
    return ShardResult(shard, data, stop - first, int(raw["drawn"]), digest, len(data))


def build_shards(spec: DatasetSpec, shards, target=None) -> list[ShardResult]:
    """Build several shards in one task (see :func:`build_shard`): fewer, bigger tasks for Dask.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.
    shards : iterable of int
        The shard numbers.
    target : Target, optional
        Write the files there.

    Returns
    -------
    list of ShardResult
        One per shard, in order.

    Examples
    --------
    >>> from tremaux.dataset.shard import build_shards
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> [r.index for r in build_shards(spec, [0, 1])]
    [0, 1]
    """
    return [build_shard(spec, int(s), target) for s in shards]


def warm_up(spec: DatasetSpec) -> None:
    """Compile (or load from cache) the kernels ``spec`` needs, on a tiny batch.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.

    Examples
    --------
    >>> from tremaux.dataset.shard import warm_up
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> warm_up(spec)
    """
    tiny = spec.replace(count=1, shard_size=1, size=(2, 2), max_size=(2, 3) if spec.max_size else (2, 2),
                        filters={}, max_attempts=1)
    to_table(tiny, 0, compute_rows(tiny, 0, 1))
