"""Generation kernels: plain njit functions callable from other njit code.

Every generator kernel has the same signature, so batch code (for example a
``prange`` loop filling 100,000 mazes) can call any of them the same way::

    start, visits, max_frontier, n_events = kernel(
        cells, mask, use_mask, L, H, W, start, params, state, work, trace)

Parameters

* ``cells``: ``uint8[L*H*W]``, overwritten with the maze (side bits, bit
  ``1 << d`` for N E S W U D = 0..5; masked cells end as 0). Nothing is
  allocated for the maze itself.
* ``mask``: ``bool[L*H*W]`` (cells that exist); only read when ``use_mask``
  is true, so ``np.ones(1, np.bool_)`` will do otherwise. The mask must be
  connected (checked by the public API, not here).
* ``L, H, W``: levels, rows, columns (int64).
* ``start``: flat index of the start cell, or ``-1`` for a random one
  (ignored by algorithms without a start).
* ``params``: ``float64[:]``, the algorithm's numeric options (see each
  kernel; :data:`KERNELS` lists them with :func:`work_size`).
* ``state``: ``uint64[4]`` xoshiro256** state (:func:`tremaux.kernels.rng.make_state`),
  advanced in place: the same state gives the same maze on every machine.
* ``work``: ``int32`` scratch of at least :func:`work_size` entries (C-contiguous).
* ``trace``: ``int64[m, 3]`` event rows ``(kind, cell, other)``; ``m == 0``
  records nothing. Recording stops silently when the array is full
  (:func:`trace_size` rows always suffice).

Returns ``(start used or -1, visits, largest frontier, events written)``,
all int64. Kernels never raise and never print; besides ``work`` they only
allocate a few small arrays (at most 4,097 entries, in ``kruskal``; one entry per
row of the grid in the tree growers' :func:`~tremaux.kernels.gen_common.choice_buffer`),
so they are safe to call from every thread of a ``prange`` loop.

Example of batch use from njit code (no Python objects inside the loop)::

    @njit(parallel=True)
    def batch(out, seeds_states, works):
        for b in prange(out.shape[0]):
            backtracker(out[b], ONE, False, 1, 20, 20, -1, NOPARAMS,
                        seeds_states[b], works[b], NOTRACE)

The imperfection kernels (``braid``, ``add_openings``, ``add_islands``,
``seal_dead_ends``) live in :mod:`tremaux.kernels.gen_imperfect`, ``percolate``
in :mod:`tremaux.kernels.gen_percolate`.

Examples
--------
>>> from tremaux.kernels.generate import work_size, backtracker
>>> import numpy as np
>>> from tremaux.kernels.rng import make_state
>>> cells = np.empty(12, np.uint8)
>>> work = np.empty(work_size("backtracker", 1, 3, 4), np.int32)
>>> out = backtracker(cells, np.ones(1, np.bool_), False, 1, 3, 4, 0,
...                   np.zeros(0), make_state(1), work, np.empty((0, 3), np.int64))
>>> [int(x) for x in out]   # start, visits = 2 * 12 - 1, deepest stack, no events
[0, 23, ...]
>>> int(sum(bin(int(v)).count("1") for v in cells)) // 2   # a tree: 11 passages
11
"""

from __future__ import annotations

from .gen_merge import eller, kruskal
from .gen_percolate import percolation
from .gen_simple import binary_tree, recursive_division, sidewinder
from .gen_grow import growing_forest, growing_tree, growing_tree_arcs
from .gen_tree import backtracker, hunt_and_kill
from .gen_walk import aldous_broder, wilson

__all__ = [
    "KERNELS",
    "work_size",
    "trace_size",
    "backtracker",
    "growing_tree",
    "growing_tree_arcs",
    "hunt_and_kill",
    "growing_forest",
    "kruskal",
    "eller",
    "aldous_broder",
    "wilson",
    "binary_tree",
    "sidewinder",
    "recursive_division",
    "percolation",
]

KERNELS = {
    "backtracker": backtracker,
    "growing_tree": growing_tree,
    "growing_tree_arcs": growing_tree_arcs,
    "hunt_and_kill": hunt_and_kill,
    "growing_forest": growing_forest,
    "kruskal": kruskal,
    "eller": eller,
    "aldous_broder": aldous_broder,
    "wilson": wilson,
    "binary_tree": binary_tree,
    "sidewinder": sidewinder,
    "recursive_division": recursive_division,
    "percolation": percolation,
}
"""Kernel name -> njit function."""


def work_size(kernel: str, L: int, H: int, W: int, *, weights: bool = False, priority: bool = False) -> int:
    """Number of int32 ``work`` entries ``kernel`` needs on an ``L x H x W`` grid.

    ``weights``/``priority`` matter for the growing-tree kernels only.

    Parameters
    ----------
    kernel : str
        A key of ``KERNELS``.
    L, H, W : int
        Levels, rows and columns of the grid.
    weights : bool, default False
        Whether the growing tree draws with weights.
    priority : bool, default False
        Whether the arc growing tree keeps a priority order.

    Returns
    -------
    int
        Length of the ``work`` array (0 for kernels that need none).

    Raises
    ------
    KeyError
        For a name that is not a generator kernel.

    Examples
    --------
    >>> from tremaux.kernels.generate import work_size
    >>> work_size("kruskal", 1, 10, 10)
    300
    """
    n = L * H * W
    e = (2 if L == 1 else 3) * n
    if kernel == "backtracker":
        return (n + 3) // 4
    if kernel == "growing_tree":
        return 2 * n + (n + 1 if weights else 0)
    if kernel == "growing_tree_arcs":
        return (2 * e if priority else e) + (n + 1 if weights else 0)
    if kernel == "growing_forest":
        return 2 * n + e
    if kernel == "kruskal":
        return n + e
    if kernel == "eller":
        return 6 * W
    if kernel == "wilson":
        return n
    if kernel == "recursive_division":
        return 4 * (H + W + 2)
    if kernel in KERNELS:
        return 0
    raise KeyError(kernel)


def trace_size(L: int, H: int, W: int) -> int:
    """Rows of ``trace`` that always suffice for any generator kernel.

    Parameters
    ----------
    L, H, W : int
        Levels, rows and columns of the grid.

    Returns
    -------
    int
        Number of trace rows.

    Examples
    --------
    >>> from tremaux.kernels.generate import trace_size
    >>> trace_size(1, 2, 2)
    36
    """
    n = L * H * W
    return 5 * n + 16
