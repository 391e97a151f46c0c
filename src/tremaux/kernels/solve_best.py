"""Best-first search kernels (A* and greedy) on the square grid.

The conventions (``prev``, traces, event kinds) are those of :mod:`tremaux.kernels.solve`, which still
exports :func:`best_first`. The frontier is the shared binary heap of :mod:`tremaux.kernels.heaps`.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .grid import offset
from .heaps import pop, push
from .solve import FOUND, MARK, NO_CELL, ROOT, UNSEEN, VISIT, opp, record


@njit(cache=True, no_cpython_wrapper=True)
def manhattan(i, goal, H, W):
    """Manhattan distance between two flat indices (levels count as a step each)."""
    HW = H * W
    li = i // HW
    ri = (i // W) % H
    ci = i % W
    lg = goal // HW
    rg = (goal // W) % H
    cg = goal % W
    return abs(li - lg) + abs(ri - rg) + abs(ci - cg)


_LOW31 = (1 << 31) - 1


@njit(cache=True, no_cpython_wrapper=True)
def _grow(keys, items):
    """The heap's arrays, twice as long."""
    k2 = np.empty(keys.shape[0] * 2, np.int64)
    i2 = np.empty(keys.shape[0] * 2, np.int32)
    for k in range(keys.shape[0]):  # a loop: a slice assignment compiles numba's shape-mismatch message
        k2[k] = keys[k]
        i2[k] = items[k]
    return k2, i2


@njit(cache=True, no_cpython_wrapper=True)
def _best_first_run(cells, H, W, goal, greedy, prev, g, keys, items, size, seq, steps, nev, trace, rec):
    """The search loop of :func:`best_first`, until the goal, an empty heap, or a heap too full to expand.

    Returns ``(status, size, seq, steps, nev)``: status 1 found, 0 heap
    empty, -1 the heap needs more room (nothing was taken from it).
    """
    HW = H * W
    cap = keys.shape[0]
    while size > 0:
        if size + 6 > cap:
            return -1, size, seq, steps, nev
        key, p32, size = pop(keys, items, size)
        p = np.int64(p32)
        if not greedy:
            f = key >> 31
            hp = key & _LOW31
            if f - hp != g[p]:
                continue  # a stale entry: a shorter way to p was found since
        steps += 1
        if rec:
            b = np.int64(prev[p])
            parent = -1 if b == ROOT else p + offset(b, W, HW)
            nev = record(trace, nev, VISIT, p, parent)
        if p == goal:
            if rec:
                nev = record(trace, nev, FOUND, p, NO_CELL)
            return 1, size, seq, steps, nev
        v = cells[p]
        for d in range(6):
            if v & (1 << d):
                q = p + offset(d, W, HW)
                if greedy:
                    if prev[q] != UNSEEN:
                        continue
                    prev[q] = opp(d)
                    seq += 1
                    key = (np.int64(manhattan(q, goal, H, W)) << 32) | seq
                else:
                    gq = g[p] + 1
                    if gq >= g[q]:
                        continue
                    g[q] = gq
                    prev[q] = opp(d)
                    hq = manhattan(q, goal, H, W)
                    key = (np.int64(gq + hq) << 31) | hq
                size = push(keys, items, size, key, q)
                if rec:
                    nev = record(trace, nev, MARK, q, p)
    return 0, size, seq, steps, nev


@njit(cache=True)
def best_first(cells, L, H, W, start, goal, greedy, prev, g, trace, rec):
    """A* (``greedy=False``) or greedy best-first search with the Manhattan distance.

    A* orders the open cells by ``g + h`` (walked so far plus Manhattan
    distance to the goal; ties: smaller ``h``) and reopens a cell when a
    shorter way to it turns up; with unit steps and this consistent
    heuristic it returns a shortest path. Greedy best-first orders by ``h``
    alone (ties: first added first), marks cells when it adds them like the
    worklist, and gives no guarantee on the length.

    Parameters
    ----------
    prev : uint8[n]
        Scratch, previous edges on return.
    g : int32[n]
        Scratch (A* distances; unused by greedy, which may pass a 1-element array).
    trace : int64[capacity, 3]
        ``VISIT (p, parent)`` when ``p`` is taken, ``MARK (q, p)`` when ``q``
        is added (or its distance improved), ``FOUND (goal)``.

    Returns
    -------
    found : bool
    steps : int
        Cells taken from the heap.
    nev : int

    Notes
    -----
    The binary heap starts with 1024 entries and doubles when full, so its
    memory follows the open set, not the maze.
    """
    n = cells.shape[0]
    for i in range(n):
        prev[i] = UNSEEN
    if not greedy:
        big = np.int32(2147483647)
        for i in range(n):
            g[i] = big
        g[start] = 0
    prev[start] = ROOT
    keys = np.empty(1024, np.int64)
    items = np.empty(1024, np.int32)
    h0 = manhattan(start, goal, H, W)
    if greedy:
        size = push(keys, items, 0, np.int64(h0) << 32, start)
    else:
        size = push(keys, items, 0, (np.int64(h0) << 31) | h0, start)
    # counters typed int64 from the start: a literal 0 would compile the loop body twice
    seq = np.int64(0)
    steps = np.int64(0)
    nev = np.int64(0)
    while True:
        status, size, seq, steps, nev = _best_first_run(cells, H, W, goal, greedy, prev, g, keys, items, size,
                                                        seq, steps, nev, trace, rec)
        if status >= 0:
            return status == 1, steps, nev
        keys, items = _grow(keys, items)
