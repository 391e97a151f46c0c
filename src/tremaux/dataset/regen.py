"""Rebuilding one row of a dataset alone, through the public API: :func:`regenerate`.

The batched kernels build shards; :func:`regenerate` builds a single row the
slow, plain way - :func:`tremaux.generate`, :func:`tremaux.solve`,
:func:`tremaux.io.block.to_blocks`, :func:`tremaux.io.ascii.dumps` - from the
row's seed chain (:mod:`tremaux.dataset.plan`). That a regenerated row equals
the stored one is what makes a dataset reproducible maze by maze, and the
tests check it for every output.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import TremauxError
from ..kernels.batch import CELL_TOKEN0, FSTATS, STATS
from .plan import attempt_seed, row_seed, row_size
from .shard import _col, check_spec
from .spec import DatasetSpec, _need_spec

__all__ = ["regenerate"]


def _passes(spec: DatasetSpec, length: int, dead_ends: int) -> bool:
    f = spec.filters  # a bound not given holds for every maze, one whose goal cannot be reached (length -1) too;
    return (  # a bound given holds only for a maze with a path: "a shortest solution of at most n passages" needs one
        length >= f.get("min_solution_length", length)
        and (length <= f["max_solution_length"] and length >= 0 if "max_solution_length" in f else True)
        and dead_ends >= f.get("min_dead_ends", 0)
        and dead_ends <= f.get("max_dead_ends", dead_ends)
    )


def _tokens(cells: np.ndarray, path: np.ndarray, wmax: int) -> np.ndarray:
    """The token sequence of a maze and its path (see :func:`tremaux.kernels.batch.tokens`)."""
    h, w = cells.shape

    def tok(i: int) -> int:
        return CELL_TOKEN0 + (i // w) * wmax + i % w

    out = [1, 3]
    for i, v in enumerate(cells.ravel()):
        if v & 2:
            out += [tok(i), tok(i + 1)]
        if v & 4:
            out += [tok(i), tok(i + w)]
    out += [4, tok(0), 5, tok(h * w - 1)]
    out += [6, *(tok(int(i)) for i in path)] if len(path) else [7]
    out.append(2)
    return np.array(out, dtype=np.int32)


def regenerate(spec: DatasetSpec, index: int) -> dict[str, Any]:
    """Row ``index`` of the dataset ``spec``, built alone with the public API.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.
    index : int
        The row number, ``0 <= index < spec.count``.

    Returns
    -------
    dict
        The row's columns (see :mod:`tremaux.dataset.shard`) with the values
        :func:`tremaux.dataset.load` gives for that row, unpadded: ``cells``
        is ``(h, w)``, ``blocks`` ``(2h+1, 2w+1)``, a path or ``tokens`` has
        its own length. Also ``"maze"``: the :class:`tremaux.Maze` itself,
        with start ``(0, 0)`` and goal ``(h-1, w-1)``.

    Raises
    ------
    TremauxError
        For a ``spec`` that is not a :class:`DatasetSpec`, an index outside ``0 .. count - 1``, or filters no maze of the
        row passes in ``max_attempts`` draws.

    Examples
    --------
    >>> from tremaux.dataset.regen import regenerate
    >>> from tremaux.dataset import DatasetSpec
    >>> row = regenerate(DatasetSpec(count=10, size=(4, 5), seed=2), 7)
    >>> row["maze"].shape, row["solution_length"] == row["bfs_length"] - 1
    ((4, 5), True)
    """
    from .. import generate, solve
    from ..measure import maze_stats

    _need_spec(spec, "regenerate")
    if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index < spec.count:
        raise TremauxError(f"row {index!r} is not in this dataset: rows are 0 to {spec.count - 1}")
    index = int(index)
    spec = check_spec(spec)
    h, w = row_size(spec, index)
    r0 = row_seed(spec.seed, index)
    start, goal = (0, 0), (h - 1, w - 1)
    for attempt in range(spec.max_attempts):
        seed = attempt_seed(r0, attempt)
        maze = generate((h, w), spec.generator, seed=seed, braid=spec.braid, **spec.generator_options).maze
        maze = maze.replace(start=start, goal=goal)
        shortest = solve(maze, "bfs", start=start, goal=goal)
        stats = maze_stats(maze)
        if _passes(spec, shortest.length - 1, stats.dead_ends):
            break
    else:
        raise TremauxError(
            f"row {index}: no maze passed the filters {dict(spec.filters)} in {spec.max_attempts} draws"
        )
    row: dict[str, Any] = {
        "maze": maze, "index": index, "seed": seed, "attempt": attempt, "height": h, "width": w,
    }
    if "maze" in spec.outputs:
        row.update(cells=np.array(maze.cells), start=0, goal=h * w - 1)
    if "blocks" in spec.outputs:
        from ..io.block import to_blocks

        row["blocks"] = to_blocks(maze).astype(np.uint8)
    if "solution" in spec.outputs:
        for name in spec.solvers:
            sol = solve(maze, name, start=start, goal=goal)
            p = _col(name)
            flat = sol.path[:, 0] * w + sol.path[:, 1] if sol.length else np.empty(0, np.int64)
            row[f"{p}_path"] = flat.astype(np.int32)
            row[f"{p}_length"] = sol.length
            row[f"{p}_steps"] = sol.steps
            row[f"{p}_visited"] = sol.visited_count
    if "stats" in spec.outputs:
        values = stats.as_dict()
        values["diameter_start"], values["diameter_end"] = (maze.index(c) for c in stats.diameter_ends)
        if values["solution_length"] is None:
            values["solution_length"] = -1
        row.update({name: values[name] for name in (*STATS, *FSTATS)})
    if "ascii" in spec.outputs:
        from ..io.ascii import dumps

        row["ascii"] = dumps(maze)
    if "tokens" in spec.outputs:
        flat = shortest.path[:, 0] * w + shortest.path[:, 1] if shortest.length else np.empty(0, np.int64)
        row["tokens"] = _tokens(np.asarray(maze.cells), flat, spec.size_range[1][1])
        row["tokens_length"] = int(row["tokens"].shape[0])
    return row
