"""Before a build: the columns a spec's shards hold, whether it can be built, and the memory a shard needs.

:func:`check_spec` holds a spec against the registries (generator, solvers, options) and the memory a shard may
use; :func:`columns_of` names a shard's columns. The shards (:mod:`tremaux.dataset.shard`), their tables
(:mod:`tremaux.dataset.table`), the room a build needs (:mod:`tremaux.dataset.room`) and the spec files
(:mod:`tremaux.dataset.spec_files`) all ask here; :mod:`tremaux.dataset.shard` and :mod:`tremaux.dataset.room`
name these as before.

Examples
--------
>>> from tremaux.dataset import DatasetSpec
>>> from tremaux.dataset.checks import check_spec, columns_of
>>> spec = check_spec(DatasetSpec(count=4, size=(3, 3), generator="dfs"))
>>> spec.generator, columns_of(spec)[:5]
('backtracker', ('index', 'seed', 'attempt', 'height', 'width'))
"""

from __future__ import annotations

import numpy as np

from ..budget.sizes import format_bytes
from ..errors import TremauxError, UnsupportedError
from ..kernels import batch as kb
from .spec import DatasetSpec
from . import spec_files

__all__ = ["BATCH_SOLVERS", "SHARD_MEMORY", "columns_of", "check_spec", "shard_memory", "shard_scratch"]

BATCH_SOLVERS: dict[str, bool] = {"bfs": False, "dfs": True}
"""Solvers a dataset can run, by canonical name (value: the worklist is a stack)."""

SHARD_MEMORY = 4 << 30
"""Largest working memory one shard may need (bytes); bigger shards are refused."""


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


_UNBATCHED_OPTIONS = ("openings", "percolate", "islands", "unreachable", "weights")


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


def shard_scratch(spec: DatasetSpec) -> int:
    """Bytes a worker holds once per shard, whatever its rows: the generator's scratch and the solver's.

    :func:`tremaux.dataset.shard.compute_rows` carves every row of a shard with one ``int32`` scratch array
    of the generator's size for the largest maze (the backtracker's stack, a quarter of the cells; Kruskal's
    union-find and passages, three times the cells) and one ``int32`` array a cell beside it; the checks of
    each row (:func:`tremaux.kernels.batch.check_rows`) hold a byte and an ``int32`` a cell of their own, and
    the Arrow and Parquet writers buffers and the shard's file (8 MiB: up to 5.7 measured on a shard of one
    300 x 300 maze).

    Parameters
    ----------
    spec : DatasetSpec
        The dataset (checked).

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.dataset.room import shard_scratch
    >>> from tremaux.dataset import DatasetSpec
    >>> shard_scratch(DatasetSpec(count=1, size=(1000, 1000), generator="kruskal")) // 2**20
    28
    """
    from ..generators import GENERATORS
    from ..generators.options import check_options

    entry = GENERATORS.get(spec.generator)
    given = dict(spec.generator_options)
    opts = {**entry.preset, **check_options(entry.name, tuple(entry.options), given)}
    opts.update({k: v for k, v in entry.preset.items() if k not in given})  # resolved as the shard resolves them
    (hmin, wmin), (hmax, wmax) = spec.size_range
    work = max(1, int(entry.work(opts, 1, hmax, wmax)))
    return 4 * work + 9 * hmax * wmax + 8 * 2**20


spec_files._checked_by(check_spec, _generator)
