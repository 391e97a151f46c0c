"""Number Link kernel: the negotiated-congestion router (PathFinder) for puzzles whose lines may leave cells empty.

Private numba function on arrays and scalars, as the other kernels of :mod:`tremaux.kernels.numberlink` (which
re-exports it); the public entry is the ``router`` stage of :mod:`tremaux.numberlink.solvers.router`. Cells are
flat indices ``r * W + c``.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from .heaps import pop, push
from .nl_search_prune import _side  # the neighbour of a cell towards N E S W, -1 off the board
from .rng import shuffle

__all__ = ["route", "route_within"]


# ---------------------------------------------------------------------- negotiated-congestion router
def route(flat, h, w, ends, max_iters, cells_out, starts_out, state, hist_step, pres_growth):
    """Connect every pair by negotiated congestion (PathFinder); lines may leave cells empty.

    :func:`route_within` without a budget (see there): a Python function, so that the router is compiled once.

    Parameters
    ----------
    flat, h, w, ends, max_iters, cells_out, starts_out, state, hist_step, pres_growth
        As for :func:`route_within`.

    Returns
    -------
    int
        The rounds used, or a negative code (see :func:`route_within`).

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.kernels.nl_route import route
    >>> from tremaux.kernels.rng import make_state
    >>> flat = np.array([1, 0, 1, 2, 0, 2], dtype=np.int64)
    >>> ends = np.array([[0, 2], [3, 5]], dtype=np.int64)
    >>> cells, starts = np.empty(24, dtype=np.int64), np.zeros(3, dtype=np.int64)
    >>> route(flat, 2, 3, ends, 10, cells, starts, make_state(1), 0.3, 1.3) >= 1, starts.tolist()
    (True, [0, 3, 6])
    """
    return route_within(flat, h, w, ends, max_iters, cells_out, starts_out, state, hist_step, pres_growth, -1)


@njit(cache=True, interpret=False)
def route_within(flat, h, w, ends, max_iters, cells_out, starts_out, state, hist_step, pres_growth, max_pops):
    """Connect every pair by negotiated congestion (PathFinder); lines may leave cells empty.

    Each round rips up and re-routes every pair along a cheapest path (A*,
    with the Manhattan distance to the other end as the estimate), where
    a cell costs ``(1 + history) * (1 + pressure * others_using_it)``; after a
    round, cells used by several lines get more history and the pressure grows.
    Stops when no cell is shared (a solution under the ``nikoli`` rule) or
    after ``max_iters`` rounds. ``flat`` holds pair ids (0 free).

    Returns the number of rounds used (``-1``: no solution found within
    ``max_iters``, ``-2``: a pair cannot be connected at all, ``-3``: more than
    ``max_pops`` cells taken from the searches' heaps, when it is not negative:
    a budget of work, which the caller times). The lines of the
    best round (fewest shared cells, if they fit) are written to
    ``cells_out[starts_out[k]:starts_out[k+1]]`` (flat cells; possibly
    overlapping when no solution was found). Pairs are routed in a random
    order (from ``state``) after the first round.

    The current lines live in one pool, each pair's at ``pool[pstart[k]:pstart[k] + plen[k]]``; a re-routed
    line goes at the pool's end, and a full pool is compacted into a new one at least twice what is live, so the
    memory is about the lines' total length, not pairs times cells (15,000 pairs on a 500 x 500 board).
    """
    size = h * w
    n = ends.shape[0]
    occ = np.zeros(size, dtype=np.int64)
    hist = np.zeros(size, dtype=np.float64)
    dist = np.empty(size, dtype=np.float64)
    prev = np.empty(size, dtype=np.int64)
    seen = np.zeros(size, dtype=np.int64)  # the search that last set dist (no clearing between searches)
    fin = np.zeros(size, dtype=np.int64)  # the search that last settled the cell
    stamp = 0
    hk = np.empty(4 * size + 4, dtype=np.float64)
    hv = np.empty(4 * size + 4, dtype=np.int64)
    pool = np.empty(4 * size + 4, dtype=np.int64)
    top = 0
    cells_out[:] = -1
    pstart = np.zeros(n, dtype=np.int64)
    plen = np.zeros(n, dtype=np.int64)
    pres = 0.5
    order = np.arange(n, dtype=np.int64)
    best = size + 1
    pops = 0
    for it in range(max_iters):
        if it > 0:
            shuffle(state, order)
        for kk in range(n):
            k = order[kk]
            # rip up
            for t in range(plen[k]):
                c = pool[pstart[k] + t]
                if flat[c] == 0:
                    occ[c] -= 1
            plen[k] = 0
            src = ends[k, 0]
            dst = ends[k, 1]
            stamp += 1
            seen[src] = stamp
            dist[src] = 0.0
            prev[src] = -1
            dr, dc = dst // w, dst % w
            nh = push(hk, hv, 0, 0.0, src)
            while nh > 0:
                _key, u, nh = pop(hk, hv, nh)
                pops += 1
                if max_pops >= 0 and pops > max_pops:
                    return -3
                if fin[u] == stamp:
                    continue
                fin[u] = stamp
                if u == dst:
                    break
                for d in range(4):
                    v = _side(u, d, h, w)
                    if v < 0 or fin[v] == stamp:
                        continue
                    if v != dst and flat[v] != 0:
                        continue
                    cost = 1.0
                    if v != dst:
                        cost = (1.0 + hist[v]) * (1.0 + pres * occ[v])
                    nd = dist[u] + cost
                    if seen[v] != stamp or nd < dist[v]:
                        seen[v] = stamp
                        dist[v] = nd
                        prev[v] = u
                        # A*: every step costs at least 1, so the Manhattan distance to dst never overestimates
                        nh = push(hk, hv, nh, nd + abs(v // w - dr) + abs(v % w - dc), v)
                        if nh >= hk.shape[0] - 1:
                            nh = nh  # the heap is sized for 4 pushes per cell
            if seen[dst] != stamp:
                return -2  # a pair cannot be connected at all
            # store the path src -> dst at the pool's end (compacted into a larger pool when full)
            m = 0
            c = dst
            while c >= 0:
                m += 1
                c = prev[c]
            if top + m > pool.shape[0]:
                live = m
                for j in range(n):
                    live += plen[j]
                cap = pool.shape[0]
                while 2 * live > cap:
                    cap *= 2
                fresh = np.empty(cap, dtype=np.int64)
                top = 0
                for j in range(n):
                    for t in range(plen[j]):
                        fresh[top + t] = pool[pstart[j] + t]
                    pstart[j] = top
                    top += plen[j]
                pool = fresh
            pstart[k] = top
            c = dst
            for t in range(m - 1, -1, -1):
                pool[top + t] = c
                c = prev[c]
            top += m
            plen[k] = m
            for t in range(m):
                c = pool[pstart[k] + t]
                if flat[c] == 0:
                    occ[c] += 1
        over = 0
        for i in range(size):
            if occ[i] > 1:
                over += 1
                hist[i] += hist_step * (occ[i] - 1)
        total = 0
        for k in range(n):
            total += plen[k]
        if over < best and total <= cells_out.shape[0]:
            best = over
            pos = 0
            for k in range(n):
                starts_out[k] = pos
                for t in range(plen[k]):
                    cells_out[pos] = pool[pstart[k] + t]
                    pos += 1
            starts_out[n] = pos
        if over == 0:
            return it + 1
        pres = min(pres * pres_growth, 1e6)
    return -1
