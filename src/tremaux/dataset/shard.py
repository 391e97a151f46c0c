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

from ..errors import TremauxError
from ..kernels import batch as kb
from .checks import (BATCH_SOLVERS, SHARD_MEMORY, _col, _generator, check_spec, columns_of,  # noqa: F401
                     shard_memory)  # (named here too, where they long stood)
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
