"""Percolation: each wall between two existing cells opened with a fixed chance.

:func:`percolation` has the generator signature of :mod:`tremaux.kernels.generate`
and opens every passage of a closed grid with chance ``p`` (the maze may fall
in pieces); :func:`percolate` opens each wall still closed in a finished maze
with chance ``p`` (``generate(..., percolate=p)``: a depth-first maze so
treated is the "dfs percolation" of other maze libraries). Neither raises.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .gen_common import EV_CARVE, record
from .grid import step as _nb
from .rng import next_u64


@njit(cache=True)
def percolate(cells, mask, use_mask, L, H, W, p, state, trace, t):
    """Open each closed wall between two existing cells with chance ``p``.

    Walls are taken in flat order (east, south, then up from each cell); every
    wall draws 32 random bits, open or closed, so the same state gives the same
    maze for every ``p``. Returns ``(opened, t)``.
    """
    thr = uint64(min(max(p, 0.0), 1.0) * 4294967296.0)
    n = cells.shape[0]
    opened = np.int64(0)
    bits = uint64(0)
    left = 0
    for i in range(n):
        if use_mask and not mask[i]:
            continue
        for d in (1, 2, 4):
            if d == 4 and L == 1:
                continue
            j = _nb(i, d, L, H, W)
            if j < 0 or (use_mask and not mask[j]):
                continue
            if left == 0:
                bits = next_u64(state)
                left = 2
            draw = bits & uint64(0xFFFFFFFF)
            bits >>= uint64(32)
            left -= 1
            if cells[i] & (1 << d) or draw >= thr:
                continue
            cells[i] |= np.uint8(1 << d)
            cells[j] |= np.uint8(1 << (d + 1 if d == 4 else d ^ 2))
            opened += 1
            t = record(trace, t, EV_CARVE, np.int64(i), j)
    return opened, t


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def percolation(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Percolation: from a closed grid, open each passage with chance ``params[0]``.

    ``work``: unused. Visits count the walls opened. The maze may fall in
    pieces (no path between two cells).
    """
    n = cells.shape[0]
    for i in range(n):
        cells[i] = 0
    opened, t = percolate(cells, mask, use_mask, L, H, W, params[0], state, trace, np.int64(0))
    return -1, opened, 0, t
