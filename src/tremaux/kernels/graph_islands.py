"""Islands on any grid: free-standing groups of walls, made by opening one wall each.

Private and never raising. Walls are edges between *posts* (wall end points) given by the caller as
a CSR adjacency (``start``, ``to``, ``wall``: the interior wall of each half-edge); ``anchored`` flags
the posts on the outer wall. See :mod:`tremaux.grids.islands`.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .gen_common import EV_CARVE, record
from .gen_common import rand_below as below
from .graph_gen import _open

__all__ = ["add_islands", "count_islands"]


@njit(cache=True, no_cpython_wrapper=True)
def _closed(cells, wcell, wside, w):
    return (np.int64(cells[wcell[w]]) >> wside[w]) & 1 == 0


@njit(cache=True)
def add_islands(nbr, back, cells, start, to, wall, wcell, wside, anchored, k, state, trace, t):
    """Open ``k`` walls, each cutting a group of at least one wall off the outer wall.

    Breadth-first from the outer wall's posts along closed walls; a tree edge whose far side holds
    at least two posts (so at least one wall) is picked uniformly and opened. Returns ``(made, t)``.
    """
    P = anchored.shape[0]
    parent = np.empty(P, np.int64)
    pwall = np.empty(P, np.int64)
    order = np.empty(P, np.int64)
    size = np.empty(P, np.int64)
    made = 0
    for _ in range(k):
        head = 0
        tail = 0
        for p in range(P):
            if anchored[p]:
                parent[p] = p
                order[tail] = p
                tail += 1
            else:
                parent[p] = -1
        while head < tail:
            p = order[head]
            head += 1
            for e in range(start[p], start[p + 1]):
                q = to[e]
                w = wall[e]
                if parent[q] < 0 and _closed(cells, wcell, wside, w):
                    parent[q] = p
                    pwall[q] = w
                    order[tail] = q
                    tail += 1
        for x in range(tail):
            size[order[x]] = 1
        for x in range(tail - 1, -1, -1):
            q = order[x]
            if parent[q] != q:
                size[parent[q]] += size[q]
        m = 0
        for x in range(tail):
            q = order[x]
            if parent[q] != q and size[q] >= 2:
                order[m] = q
                m += 1
        before = count_islands(cells, start, to, wall, wcell, wside, anchored)
        ok = False
        while m > 0 and not ok:  # on a wrapped grid a group may still hang from the seam another way: try again
            x = below(state, m)
            w = pwall[order[x]]
            i = wcell[w]
            s = wside[w]
            j = _open(cells, nbr, back, i, s)
            if count_islands(cells, start, to, wall, wcell, wside, anchored) > before:
                t = record(trace, t, EV_CARVE, i, j)
                ok = True
            else:
                cells[i] &= ~(1 << s)
                cells[j] &= ~(1 << back[i, s])
                m -= 1
                order[x] = order[m]
        if not ok:
            break
        made += 1
    return made, t


@njit(cache=True)
def count_islands(cells, start, to, wall, wcell, wside, anchored):
    """Groups of closed walls (at least one wall each) joined to no post of the outer wall."""
    P = anchored.shape[0]
    label = np.full(P, -1, np.int64)
    stack = np.empty(P, np.int64)
    for p in range(P):  # everything joined to the outer wall first
        if anchored[p] and label[p] < 0:
            label[p] = 0
            top = 1
            stack[0] = p
            while top > 0:
                top -= 1
                a = stack[top]
                for e in range(start[a], start[a + 1]):
                    b = to[e]
                    if label[b] < 0 and _closed(cells, wcell, wside, wall[e]):
                        label[b] = 0
                        stack[top] = b
                        top += 1
    count = 0
    for p in range(P):
        if label[p] >= 0:
            continue
        label[p] = 1
        top = 1
        stack[0] = p
        walls = 0
        while top > 0:
            top -= 1
            a = stack[top]
            for e in range(start[a], start[a + 1]):
                b = to[e]
                if _closed(cells, wcell, wside, wall[e]):
                    walls += 1
                    if label[b] < 0:
                        label[b] = 1
                        stack[top] = b
                        top += 1
        if walls > 0:
            count += 1
    return count
