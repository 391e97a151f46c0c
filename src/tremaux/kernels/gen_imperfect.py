"""Kernels that make a perfect maze imperfect: braiding, extra openings, islands, unreachable cells.

Each takes the finished maze (side bits only) and the same ``mask``, grid
sizes, ``state``, int32 ``work`` (``n`` entries, ``e`` for openings) and
``trace`` as the generators, plus the trace count ``t`` so far, and returns
what it did and the new trace count. They never raise.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .gen_common import EV_CARVE, EV_WALL, rand_below, record
from .grid import step as _nb


@njit(cache=True, no_cpython_wrapper=True)
def _degree(v):
    v = v & 63
    k = 0
    while v:
        k += v & 1
        v >>= 1
    return k


@njit(cache=True, no_cpython_wrapper=True)
def _open(cells, i, d, j):
    cells[i] |= np.uint8(1 << d)
    cells[j] |= np.uint8(1 << ((d + 2) % 4 if d < 4 else 9 - d))


@njit(cache=True, no_cpython_wrapper=True)
def _close(cells, i, d, j):
    cells[i] &= np.uint8(~(1 << d) & 63)
    cells[j] &= np.uint8(~(1 << ((d + 2) % 4 if d < 4 else 9 - d)) & 63)


@njit(cache=True)
def braid(cells, mask, use_mask, L, H, W, fraction, state, work, trace, t):
    """Remove ``round(fraction * dead ends)`` dead ends by opening one of their walls.

    Dead ends are taken in random order; a wall towards another dead end is
    preferred (Buck's braiding), unless that would remove more dead ends than
    asked. Halves round up. Returns ``(dead ends before, removed, walls opened, t)``.
    """
    n = cells.shape[0]
    ndir = 4 if L == 1 else 6
    m = 0
    for i in range(n):
        if (not use_mask or mask[i]) and _degree(cells[i]) == 1:
            work[m] = i
            m += 1
    target = np.int64(np.floor(fraction * m + 0.5))
    for x in range(m - 1, 0, -1):
        y = rand_below(state, x + 1)
        v = work[x]
        work[x] = work[y]
        work[y] = v
    removed = 0
    opened = 0
    good = np.empty(6, np.int64)
    other = np.empty(6, np.int64)
    for x in range(m):
        if removed >= target:
            break
        i = np.int64(work[x])
        if _degree(cells[i]) != 1:
            continue
        kg = np.int64(0)  # int64, not a literal 0: rand_below compiles once
        ko = np.int64(0)
        for d in range(ndir):
            if cells[i] & (1 << d):
                continue
            j = _nb(i, d, L, H, W)
            if j < 0 or (use_mask and not mask[j]):
                continue
            if _degree(cells[j]) == 1:
                good[kg] = d
                kg += 1
            else:
                other[ko] = d
                ko += 1
        if kg > 0 and removed + 2 <= target:
            d = good[rand_below(state, kg)]
        elif ko > 0:
            d = other[rand_below(state, ko)]
        else:
            continue
        j = _nb(i, d, L, H, W)
        removed += 1 + (1 if _degree(cells[j]) == 1 else 0)
        _open(cells, i, d, j)
        opened += 1
        t = record(trace, t, EV_CARVE, i, j)
    return m, removed, opened, t


@njit(cache=True)
def add_openings(cells, mask, use_mask, L, H, W, k, state, work, trace, t):
    """Open ``k`` walls chosen uniformly among the closed inner walls.

    ``work``: ``e`` int32 (``e`` = 2n, 3n with levels). Returns ``(opened, t)``.
    """
    n = cells.shape[0]
    m = 0
    for i in range(n):
        if use_mask and not mask[i]:
            continue
        for d in (1, 2, 4):
            if d == 4 and L == 1:
                continue
            if cells[i] & (1 << d):
                continue
            j = _nb(i, d, L, H, W)
            if j < 0 or (use_mask and not mask[j]):
                continue
            work[m] = i * 8 + d
            m += 1
    opened = 0
    for x in range(min(k, m)):
        y = x + rand_below(state, m - x)
        v = work[y]
        work[y] = work[x]
        work[x] = v
        i = np.int64(v >> 3)
        d = np.int64(v & 7)
        j = _nb(i, d, L, H, W)
        _open(cells, i, d, j)
        opened += 1
        t = record(trace, t, EV_CARVE, i, j)
    return opened, t


@njit(cache=True)
def add_islands(cells, H, W, k, state, work, trace, t):
    """Detach ``k`` groups of walls from the outer wall: islands (single level, full grid).

    The walls form a forest on the wall posts. Each step roots it at the outer
    wall (breadth-first), picks a wall uniformly among those whose far post
    still carries other walls, and opens it: that whole group is cut off and
    becomes an island, and the maze gains exactly one loop. ``work``: ``3 P``
    int32 with ``P = (H + 1)(W + 1)`` posts. Returns ``(islands made, t)``.
    """
    P = (H + 1) * (W + 1)
    W1 = W + 1
    parent = work[0:P]
    order = work[P:2 * P]
    size = work[2 * P:3 * P]
    made = 0
    for _ in range(k):
        head = 0
        tail = 0
        for p in range(P):
            r = p // W1
            c = p - r * W1
            if r == 0 or r == H or c == 0 or c == W:
                parent[p] = p
                order[tail] = p
                tail += 1
            else:
                parent[p] = -1
        while head < tail:
            p = np.int64(order[head])
            head += 1
            r = p // W1
            c = p - r * W1
            for d in range(4):
                if d == 0:  # right: horizontal wall on post row r, cells (r-1, c) / (r, c)
                    if c == W or r == 0 or r == H or cells[(r - 1) * W + c] & 4:
                        continue
                    q = p + 1
                elif d == 1:  # left
                    if c == 0 or r == 0 or r == H or cells[(r - 1) * W + c - 1] & 4:
                        continue
                    q = p - 1
                elif d == 2:  # down: vertical wall on post column c, cells (r, c-1) / (r, c)
                    if r == H or c == 0 or c == W or cells[r * W + c - 1] & 2:
                        continue
                    q = p + W1
                else:  # up
                    if r == 0 or c == 0 or c == W or cells[(r - 1) * W + c - 1] & 2:
                        continue
                    q = p - W1
                if parent[q] < 0:
                    parent[q] = p
                    order[tail] = q
                    tail += 1
        for x in range(tail):
            size[order[x]] = 1
        m = np.int64(0)  # int64, not a literal 0: rand_below compiles once
        for x in range(tail - 1, -1, -1):
            q = np.int64(order[x])
            p = np.int64(parent[q])
            if p != q:
                size[p] += size[q]
        for x in range(tail):
            q = np.int64(order[x])
            if parent[q] != q and size[q] >= 2:
                order[m] = q  # reuse: candidates (m <= x, already read)
                m += 1
        if m == 0:
            break
        q = np.int64(order[rand_below(state, m)])
        p = np.int64(parent[q])
        a = min(p, q)
        b = max(p, q)
        r = a // W1
        c = a - r * W1
        if b == a + 1:  # horizontal wall between cells (r-1, c) and (r, c)
            i = (r - 1) * W + c
            _open(cells, i, np.int64(2), i + W)
            t = record(trace, t, EV_CARVE, i, i + W)
        else:  # vertical wall between cells (r, c-1) and (r, c)
            i = r * W + c - 1
            _open(cells, i, np.int64(1), i + 1)
            t = record(trace, t, EV_CARVE, i, i + 1)
        made += 1
    return made, t


@njit(cache=True)
def seal_dead_ends(cells, mask, use_mask, L, H, W, k, keep_a, keep_b, state, work, trace, t):
    """Wall in ``k`` dead ends (never ``keep_a`` / ``keep_b``) so they become unreachable.

    Sealing a dead end keeps the rest connected; a neighbour left with one
    passage becomes a candidate in turn. Returns ``(cells sealed, t)``.
    """
    n = cells.shape[0]
    ndir = 4 if L == 1 else 6
    m = 0
    for i in range(n):
        if (not use_mask or mask[i]) and _degree(cells[i]) == 1 and i != keep_a and i != keep_b:
            work[m] = i
            m += 1
    for x in range(m - 1, 0, -1):
        y = rand_below(state, x + 1)
        v = work[x]
        work[x] = work[y]
        work[y] = v
    sealed = 0
    x = 0
    while x < m and sealed < k:
        i = np.int64(work[x])
        x += 1
        if _degree(cells[i]) != 1:
            continue
        for d in range(ndir):
            if cells[i] & (1 << d):
                j = _nb(i, d, L, H, W)
                _close(cells, i, d, j)
                t = record(trace, t, EV_WALL, i, j)
                sealed += 1
                if _degree(cells[j]) == 1 and j != keep_a and j != keep_b and m < n:
                    work[m] = j
                    m += 1
                break
    return sealed, t
