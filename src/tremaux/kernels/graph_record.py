"""Generation kernels on any graph that record their transcript: the traced twins of :mod:`graph_gen`,
:mod:`graph_merge` and :mod:`graph_polar`.

The untraced kernels stay as they are (nothing is added to their hot loops); each kernel here draws the
same random numbers in the same order as its twin, so the same state gives the same maze, and it
appends the trace rows of :mod:`tremaux.trace` to ``trace`` (an ``int64 (m, 3)`` array, rows
``(kind, cell, other)``; recording stops silently when it is full, :func:`trace_size` rows always
suffice). The events are those of the square kernels: ``CARVE (i, j)`` for each passage opened,
``FRONTIER (j, i)`` when a cell joins a growing tree's frontier (from ``i``, or ``-1``), ``DONE (i)``
when it leaves it for good. Signature: the twin's arguments plus ``trace``; returns the twin's
``(start, visits, max_frontier)`` plus the number of rows written. The tests check that each one gives
its twin's maze and that replaying its CARVE events on a closed grid gives that maze. The union-find ones,
the polar ones and braiding are in :mod:`tremaux.kernels.graph_record_merge`.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .gen_common import EV_CARVE, EV_DONE, EV_FRONTIER, record
from .gen_common import rand_below as below
from .graph_gen import _any_side, _carve, _first, _ipop, _ipush, _pick_unvisited, _pick_visited, _pop4, _push4, shuffle
from .graph_record_merge import (_carve_rec, braid, growing_forest, kruskal, kruskal_weave, polar_binary_tree,
                                 polar_sidewinder)
from .rng import next_u64, uniform

__all__ = ["KERNELS", "POLAR", "braid", "trace_size"]


def trace_size(n: int, sides: int) -> int:
    """Rows of ``trace`` that always suffice on a grid of ``n`` cells with ``sides`` slots (braid included).

    Parameters
    ----------
    n : int
        Cells of the grid.
    sides : int
        Side slots per cell.

    Returns
    -------
    int

    Examples
    --------
    >>> trace_size(10, 4)
    60
    """
    return 4 * n + n + 10


@njit(cache=True)
def backtracker(nbr, back, start, params, state, cells, trace):
    n, S = nbr.shape
    visited = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int32)
    s0 = _first(n, start, state)
    stack[0] = s0
    top = 1
    visited[s0] = True
    t = record(trace, 0, EV_FRONTIER, s0, -1)
    visits = 1
    maxf = 1
    while top > 0:
        i = stack[top - 1]
        visits += 1
        s = _pick_unvisited(nbr, visited, i, state)
        if s < 0:
            top -= 1
            t = record(trace, t, EV_DONE, i, -1)
            continue
        j, t = _carve_rec(cells, nbr, back, i, s, trace, t)
        t = record(trace, t, EV_FRONTIER, j, i)
        visited[j] = True
        stack[top] = j
        top += 1
        if top > maxf:
            maxf = top
    return s0, visits - 1, maxf, t


@njit(cache=True)
def growing_tree(nbr, back, start, params, state, cells, trace):
    n = nbr.shape[0]
    pn, po = params[0], params[1]
    visited = np.zeros(n, np.bool_)
    lst = np.empty(n, np.int32)
    s0 = _first(n, start, state)
    lst[0] = s0
    head = 0
    tail = 1
    visited[s0] = True
    t = record(trace, 0, EV_FRONTIER, s0, -1)
    visits = 0
    maxf = 1
    while tail > head:
        u = uniform(state)
        if u < pn:
            k = tail - 1
        elif u < pn + po:
            k = head
        else:
            k = head + below(state, tail - head)
        i = lst[k]
        visits += 1
        s = _pick_unvisited(nbr, visited, i, state)
        if s < 0:
            if k == tail - 1:
                tail -= 1
            elif k == head:
                head += 1
            else:
                lst[k] = lst[tail - 1]
                tail -= 1
            t = record(trace, t, EV_DONE, i, -1)
            continue
        j, t = _carve_rec(cells, nbr, back, i, s, trace, t)
        t = record(trace, t, EV_FRONTIER, j, i)
        visited[j] = True
        lst[tail] = j
        tail += 1
        if tail - head > maxf:
            maxf = tail - head
    return s0, visits, maxf, t


@njit(cache=True)
def prim(nbr, back, start, params, state, cells, trace):
    n, S = nbr.shape
    visited = np.zeros(n, np.bool_)
    queued = np.zeros(n, np.bool_)
    heap = np.empty(n * S // 2 + S + 1, np.uint64)  # one entry per passage: weight above passage, as in the twin
    low = np.uint64(0xFFFFFFFF)
    s0 = _first(n, start, state)
    visited[s0] = True
    t = record(trace, 0, EV_FRONTIER, s0, -1)
    size = 0
    for s in range(S):
        if nbr[s0, s] >= 0:
            size = _push4(heap, size, (next_u64(state) >> np.uint64(32) << np.uint64(32)) | np.uint64(s0 * S + s))
            if not queued[nbr[s0, s]]:
                queued[nbr[s0, s]] = True
                t = record(trace, t, EV_FRONTIER, nbr[s0, s], -1)
    visits = 1
    maxf = size
    while size > 0:
        v, size = _pop4(heap, size)
        v = np.int64(v & low)
        i = v // S
        s = v - i * S
        j = nbr[i, s]
        visits += 1
        if visited[j]:
            continue
        j, t = _carve_rec(cells, nbr, back, i, s, trace, t)
        visited[j] = True
        for u in range(S):
            k = nbr[j, u]
            if k >= 0 and not visited[k]:
                size = _push4(heap, size, (next_u64(state) >> np.uint64(32) << np.uint64(32)) | np.uint64(j * S + u))
                if not queued[k]:
                    queued[k] = True
                    t = record(trace, t, EV_FRONTIER, k, -1)
        if size > maxf:
            maxf = size
    return s0, visits, maxf, t


@njit(cache=True)
def aldous_broder(nbr, back, start, params, state, cells, trace):
    n = nbr.shape[0]
    visited = np.zeros(n, np.bool_)
    s0 = _first(n, start, state)
    visited[s0] = True
    left = n - 1
    i = s0
    visits = 0
    t = 0
    while left > 0:
        s = _any_side(nbr, i, state)
        j = nbr[i, s]
        visits += 1
        if not visited[j]:
            _, t = _carve_rec(cells, nbr, back, i, s, trace, t)
            visited[j] = True
            left -= 1
        i = j
    return s0, visits, 0, t


@njit(cache=True)
def wilson(nbr, back, start, params, state, cells, trace):
    n = nbr.shape[0]
    inside = np.zeros(n, np.bool_)
    way = np.full(n, -1, np.int8)
    order = np.arange(n).astype(np.int32)
    shuffle(state, order)
    s0 = _first(n, start, state)
    inside[s0] = True
    visits = 0
    maxf = 0
    t = 0
    for k in range(n):
        c = order[k]
        if inside[c]:
            continue
        i = c
        while not inside[i]:
            s = _any_side(nbr, i, state)
            way[i] = s
            i = nbr[i, s]
            visits += 1
        i = c
        length = 0
        while not inside[i]:
            inside[i] = True
            s = way[i]
            i, t = _carve_rec(cells, nbr, back, i, s, trace, t)
            length += 1
        if length > maxf:
            maxf = length
    return s0, visits, maxf, t


@njit(cache=True)
def hunt_and_kill(nbr, back, start, params, state, cells, trace):
    n, S = nbr.shape
    visited = np.zeros(n, np.bool_)
    queued = np.zeros(n, np.bool_)
    heap = np.empty(n, np.int32)
    size = 0
    s0 = _first(n, start, state)
    visited[s0] = True
    i = s0
    left = n - 1
    visits = 1
    t = 0
    while left > 0:
        for u in range(S):
            j = nbr[i, u]
            if j >= 0 and not visited[j] and not queued[j]:
                queued[j] = True
                size = _ipush(heap, size, j)
        s = _pick_unvisited(nbr, visited, i, state)
        if s >= 0:
            i, t = _carve_rec(cells, nbr, back, i, s, trace, t)
            visited[i] = True
            left -= 1
            visits += 1
            continue
        k = -1
        while size > 0:
            k, size = _ipop(heap, size)
            if not visited[k]:
                break
            k = -1
        if k < 0:
            break
        u = _pick_visited(nbr, visited, k, state)
        j = _carve(cells, nbr, back, k, u)
        t = record(trace, t, EV_CARVE, j, k)  # from the maze out to the hunted cell
        visits += 1
        i = k
        visited[i] = True
        left -= 1
    return s0, visits, 0, t


KERNELS = {
    "backtracker": backtracker,
    "growing_tree": growing_tree,
    "prim": prim,
    "aldous_broder": aldous_broder,
    "wilson": wilson,
    "hunt_and_kill": hunt_and_kill,
    "kruskal": kruskal,
    "growing_forest": growing_forest,
    "kruskal_weave": kruskal_weave,
}
"""Kernel name (as in :data:`tremaux.kernels.graph_gen.KERNELS` and ``graph_merge``) -> traced twin."""

POLAR = {"binary-tree": polar_binary_tree, "sidewinder": polar_sidewinder}
"""Generator name -> traced twin of its polar kernel."""
