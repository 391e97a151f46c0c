"""Imperfect mazes on any grid: islands (free-standing groups of walls, made by opening one wall each) and
braiding (loops, made by opening one more side of dead ends).

Private and never raising. Walls are edges between *posts* (wall end points) given by the caller as
a CSR adjacency (``start``, ``to``, ``wall``: the interior wall of each half-edge); ``anchored`` flags
the posts on the outer wall. See :mod:`tremaux.grids.islands`.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .gen_common import EV_CARVE, record
from .gen_common import rand_below as below
from .graph_gen import _carve, _iota, _open, shuffle
from .graph_moves import span
from .graph_topo import locate, shape, side
from .rng import uniform

__all__ = ["add_islands", "braid", "count_islands"]


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


@njit(cache=True)
def braid(nbr, back, fraction, state, cells, trace, t):
    """Open one more side of about ``fraction`` of the dead ends (preferring another dead end), recording
    from row ``t`` of ``trace`` on; returns ``(opened, t)``."""
    n, S = shape(nbr)
    order = _iota(n)
    shuffle(state, order)
    buf = np.empty(S, np.int64)
    opened = 0
    for k in range(n):
        i = np.int64(order[k])
        v = np.int64(cells[i])
        deg = 0
        for s in range(S):
            deg += (v >> s) & 1
        if deg != 1 or uniform(state) >= fraction:
            continue
        m = 0
        best = 0
        loc = locate(nbr, i)
        for s in range(span(nbr, loc)):  # closed sides to a neighbour; those leading to dead ends first
            j = side(nbr, loc, i, s)
            if j < 0 or (v >> s) & 1:
                continue
            w = np.int64(cells[j])
            dj = 0
            for u in range(S):
                dj += (w >> u) & 1
            if dj == 1 and best == 0:
                best = 1
                m = 0
            if dj == 1 or best == 0:
                buf[m] = s
                m += 1
        if m == 0:
            continue
        _, t = _carve(cells, nbr, back, i, buf[below(state, m)], trace, t)
        opened += 1
    return opened, t
