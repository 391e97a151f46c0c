"""Polar forms of the binary tree and sidewinder (ring-by-ring algorithms that need the polar side layout).

Private, array-in array-out, never raising, with the signature and ``trace`` of
:mod:`tremaux.kernels.graph_gen` (a ``CARVE`` row per passage); they read the polar grid's slots: ``0`` inward, ``1``
clockwise (see :mod:`tremaux.grids.polar`). Each ring is cut between its last cell and its first, so
no ring closes a loop.
"""

from __future__ import annotations

from .._jit import njit

from .gen_common import rand_below as below
from .graph_gen import _carve
from .rng import uniform

__all__ = ["polar_binary_tree", "polar_sidewinder", "polar_tables", "KERNELS"]


@njit(cache=True)
def polar_binary_tree(nbr, back, start, params, state, cells, trace):
    """Every cell but the pole opens inward (chance ``params[0]``) or clockwise; a ring's last cell always inward."""
    n = nbr.shape[0]
    p_in = params[0]
    t = 0
    for i in range(1, n):
        last = nbr[i, 1] < i  # the clockwise neighbour wraps to the ring's first cell
        if last or uniform(state) < p_in:
            _, t = _carve(cells, nbr, back, i, 0, trace, t)
        else:
            _, t = _carve(cells, nbr, back, i, 1, trace, t)
    return -1, n - 1, 0, t


@njit(cache=True)
def polar_sidewinder(nbr, back, start, params, state, cells, trace):
    """Runs clockwise along each ring (carried on with chance ``params[0]``), each closed by one passage inward."""
    n = nbr.shape[0]
    east = params[0]
    run_start = 1
    longest = 0
    t = 0
    for i in range(1, n):
        last = nbr[i, 1] < i
        if last or uniform(state) >= east:
            k = run_start + below(state, i - run_start + 1)
            _, t = _carve(cells, nbr, back, k, 0, trace, t)
            if i - run_start + 1 > longest:
                longest = i - run_start + 1
            run_start = i + 1
        else:
            _, t = _carve(cells, nbr, back, i, 1, trace, t)
    return -1, n - 1, longest, t


@njit(cache=True)
def polar_tables(nbr, back, coords, counts, offs):
    """Fill a polar grid's tables ring by ring: ``nbr`` ``(n, S)`` ``int32`` and ``back`` ``(n, S)`` ``int8``
    (both ``-1`` on entry), ``coords`` ``(n, 2)`` ``int32`` (zero); ``counts`` the cells of each ring, ``offs`` the
    first cell of each ring (``int64``). Slots: ``0`` inward, ``1`` clockwise, ``2`` counter-clockwise, ``3 + q``
    the ``q``-th child outward (the pole: child ``q`` in slot ``q``)."""
    R = counts.shape[0]
    if R > 1:
        for q in range(counts[1]):
            nbr[0, q] = 1 + q
            back[0, q] = 0
    for r in range(1, R):
        o = offs[r]
        w = counts[r]
        po = offs[r - 1]
        k = w // counts[r - 1]
        for j in range(w):
            i = o + j
            coords[i, 0] = r
            coords[i, 1] = j
            nbr[i, 1] = i + 1 if j + 1 < w else o
            nbr[i, 2] = i - 1 if j > 0 else o + w - 1
            back[i, 1] = 2
            back[i, 2] = 1
            p = po + j // k
            nbr[i, 0] = p
            if r == 1:
                back[i, 0] = j
            else:
                q = j % k
                back[i, 0] = 3 + q
                nbr[p, 3 + q] = i
                back[p, 3 + q] = 0


KERNELS = {"binary-tree": polar_binary_tree, "sidewinder": polar_sidewinder}
"""Generator name -> its polar kernel."""
