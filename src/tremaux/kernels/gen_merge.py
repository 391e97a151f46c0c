"""Set-merging generation kernels: Kruskal (random path merging) and Eller.

Every kernel has the signature documented in :mod:`tremaux.kernels.generate`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .gen_common import BLOCKED, EV_CARVE, begin, chance, finish, rand_below, record, uf_find, uf_union


@njit(cache=True)
def kruskal(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Random path merging: open walls in random order when they join two different paths.

    Every cell starts as its own path (set); a wall is opened only between two
    cells of different sets, which are then merged (union-find with union by
    size and path halving). ``work``: ``(1 + e/n) n`` int32 (parents, then
    walls; ``e`` = 2n, 3n with levels). The shuffle is fused with the merge
    loop and stops after ``cells - 1`` merges. ``params``, ``start``: unused.
    Visits count the walls examined.
    """
    if L == 1:  # literal 1: a specialisation with the level tests folded away
        return _kruskal(cells, mask, use_mask, 1, H, W, start, params, state, work, trace)
    return _kruskal(cells, mask, use_mask, L, H, W, start, params, state, work, trace)


@njit(cache=True)
def _kruskal(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    n = cells.shape[0]
    K = 2 if L == 1 else 3
    count = begin(cells, mask, use_mask)
    parent = work[0:n]
    edges = work[n:]
    m = 0
    r = 0
    c = 0
    lv = 0
    for i in range(n):
        parent[i] = -1
        if not cells[i] & BLOCKED:
            if c < W - 1 and not cells[i + 1] & BLOCKED:
                edges[m] = i * K
                m += 1
            if r < H - 1 and not cells[i + W] & BLOCKED:
                edges[m] = i * K + 1
                m += 1
            if K == 3 and lv < L - 1 and not cells[i + W * H] & BLOCKED:
                edges[m] = i * K + 2
                m += 1
        c += 1
        if c == W:
            c = 0
            r += 1
            if r == H:
                r = 0
                lv += 1
    merges = 0
    visits = 0
    t = 0
    for x in range(m):
        if merges >= count - 1:
            break
        y = x + rand_below(state, m - x)
        e = edges[y]
        edges[y] = edges[x]
        edges[x] = e
        visits += 1
        i = np.int64(e) // K
        k = np.int64(e) - i * K
        if k == 0:
            j = i + 1
            a, b = 2, 8
        elif k == 1:
            j = i + W
            a, b = 4, 1
        else:
            j = i + W * H
            a, b = 16, 32
        ri = uf_find(parent, i)
        rj = uf_find(parent, j)
        if ri != rj:
            uf_union(parent, ri, rj)
            cells[i] |= np.uint8(a)
            cells[j] |= np.uint8(b)
            merges += 1
            t = record(trace, t, EV_CARVE, i, j)
    finish(cells)
    return -1, visits, 0, t


@njit(cache=True)
def eller(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Eller's algorithm: one row at a time, keeping only that row's sets.

    ``params``: ``[p_east, p_south]``, the probability of joining two adjacent
    cells of different sets, and of each extra passage down (every set gets at
    least one). ``work``: ``6 W`` int32. Single level, no mask.
    Visits count the cells processed.
    """
    pe = params[0]
    ps = params[1]
    begin(cells, mask, use_mask)
    lab = work[0:W]
    par = work[W:2 * W]
    cnt = work[2 * W:3 * W]
    cho = work[3 * W:4 * W]
    dn = work[4 * W:5 * W]
    hd = work[5 * W:6 * W]
    t = 0
    for c in range(W):
        lab[c] = c
    for r in range(H):
        base = r * W
        last = r == H - 1
        for x in range(W):
            par[x] = -1
        for c in range(W - 1):
            a = uf_find(par, lab[c])
            b = uf_find(par, lab[c + 1])
            if a != b and (last or chance(state, pe)):
                uf_union(par, a, b)
                cells[base + c] |= np.uint8(2)
                cells[base + c + 1] |= np.uint8(8)
                t = record(trace, t, EV_CARVE, base + c, base + c + 1)
        if last:
            break
        for x in range(W):
            cnt[x] = 0
            hd[x] = 0
        for c in range(W):
            R = uf_find(par, lab[c])
            lab[c] = R
            cnt[R] += 1
            if rand_below(state, cnt[R]) == 0:
                cho[R] = c
            if chance(state, ps):
                dn[c] = 1
                hd[R] = 1
            else:
                dn[c] = 0
        for c in range(W):
            R = lab[c]
            if hd[R] == 0 and cho[R] == c:
                dn[c] = 1
        for x in range(W):
            cnt[x] = -1  # now: old root -> new label
        nxt = 0
        for c in range(W):
            if dn[c]:
                cells[base + c] |= np.uint8(4)
                cells[base + c + W] |= np.uint8(1)
                t = record(trace, t, EV_CARVE, base + c, base + c + W)
                R = lab[c]
                if cnt[R] < 0:
                    cnt[R] = nxt
                    nxt += 1
                lab[c] = cnt[R]
        for c in range(W):
            if not dn[c]:
                lab[c] = nxt
                nxt += 1
    finish(cells)
    return -1, np.int64(H) * W, 0, t
